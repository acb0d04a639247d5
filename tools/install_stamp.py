"""Whether a venv's installed copy of lld is the checkout's: a hash kept in the venv.

``nox -s play`` writes the hash after installing the package, and ``./run play``
checks it to start the game at once, without nox or a reinstall, when nothing
the package is built from (``src/``, ``sources/``, ``examples/``,
``pyproject.toml``) has changed. Standard library only: it runs before anything
is installed.

    python tools/install_stamp.py check VENV   # exit 0 if VENV's copy is current
    python tools/install_stamp.py write VENV   # record the checkout's hash in VENV
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: What the installed package is built from.
INPUTS = ("src", "sources", "examples", "pyproject.toml")
STAMP = "lld-install.sha256"


def digest(root: Path = ROOT) -> str:
    """A hash of every file the package is built from, names and contents."""
    h = hashlib.sha256()
    for name in INPUTS:
        top = root / name
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for path in files:
            if "__pycache__" in path.parts:
                continue
            h.update(path.relative_to(root).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def is_current(venv: Path, root: Path = ROOT) -> bool:
    try:
        return (venv / STAMP).read_text(encoding="ascii").strip() == digest(root)
    except OSError:
        return False


def write(venv: Path, root: Path = ROOT) -> None:
    (venv / STAMP).write_text(digest(root) + "\n", encoding="ascii")


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("check", "write"):
        print("usage: install_stamp.py check|write VENV", file=sys.stderr)
        return 2
    venv = Path(argv[1])
    if argv[0] == "write":
        write(venv)
        return 0
    return 0 if is_current(venv) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

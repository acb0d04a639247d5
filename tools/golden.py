"""Write or check the golden playthroughs in ``tests/golden/``.

    python tools/golden.py --write   # rewrite every transcript from the engine
    python tools/golden.py --check   # compare; print the diff of the first that differs

One transcript per example hand (``examples/*.lld``) and preset (see
``tests/golden/README.md`` for the format). ``--write`` also deletes transcripts
whose example is gone, and says which files it changed: review their diff
(``git diff tests/golden``) before committing it. ``--check`` changes nothing
and exits 1 if any file differs, is missing or is left over. ``nox -s golden``
runs ``--write`` (``nox -s golden -- --check`` checks).

It plays the checkout's engine (``src/`` comes first on ``sys.path``), whatever
copy of lld is installed, and needs nothing but the standard library.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

import playthroughs  # noqa: E402  (found through the path set just above)
from lld.errors import LldError  # noqa: E402


def _problems(directory: Path) -> tuple[list[tuple[str, str]], list[str]]:
    """``(name, diff)`` for each expected transcript that differs from its file
    (or is missing), and the names of files no example asks for."""
    expected = playthroughs.expected_files()
    differing = []
    for name, (example, preset) in expected.items():
        path = directory / name
        actual = playthroughs.transcript(example, preset)
        if not path.is_file():
            differing.append((name, f"tests/golden/{name} is missing\n"))
            continue
        diff = playthroughs.mismatch(name, path.read_text(encoding="utf-8"), actual)
        if diff:
            differing.append((name, diff))
    stale = sorted(
        p.name for p in directory.glob(f"*{playthroughs.SUFFIX}") if p.name not in expected
    )
    return differing, stale


def write(directory: Path) -> int:
    directory.mkdir(parents=True, exist_ok=True)
    expected = playthroughs.expected_files()
    changed = 0
    for name, (example, preset) in expected.items():
        path = directory / name
        text = playthroughs.transcript(example, preset)
        old = path.read_text(encoding="utf-8") if path.is_file() else None
        if old != text:
            path.write_text(text, encoding="utf-8", newline="\n")
            print(f"{'wrote' if old is None else 'updated'} {path.relative_to(ROOT)}")
            changed += 1
    for path in sorted(directory.glob(f"*{playthroughs.SUFFIX}")):
        if path.name not in expected:
            path.unlink()
            print(f"deleted {path.relative_to(ROOT)} (no example or preset asks for it)")
            changed += 1
    total = sum(p.stat().st_size for p in directory.glob(f"*{playthroughs.SUFFIX}"))
    print(
        f"{len(expected)} transcripts, {total / 1e6:.2f} MB; {changed} changed"
        + (": review `git diff tests/golden` before committing" if changed else "")
    )
    return 0


def check(directory: Path) -> int:
    differing, stale = _problems(directory)
    if not differing and not stale:
        print(f"all {len(playthroughs.expected_files())} golden playthroughs match the engine")
        return 0
    if differing:
        print(differing[0][1], end="")
    for name, _diff in differing:
        print(f"differs: tests/golden/{name}", file=sys.stderr)
    for name in stale:
        print(f"left over: tests/golden/{name} (no example or preset asks for it)", file=sys.stderr)
    print(
        f"golden.py: {len(differing)} transcripts differ, {len(stale)} left over;"
        " if the engine is right, run `python tools/golden.py --write` and review the diff",
        file=sys.stderr,
    )
    return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tools/golden.py",
        description="Write or check the golden playthroughs in tests/golden/.",
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="rewrite the transcripts")
    mode.add_argument("--check", action="store_true", help="compare them with the engine")
    args = parser.parse_args(argv)
    directory = playthroughs.GOLDEN
    try:
        return write(directory) if args.write else check(directory)
    except (LldError, OSError) as error:
        print(f"golden.py: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

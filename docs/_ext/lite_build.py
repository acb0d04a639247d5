"""The in-browser cells' Pyodide, built outside Sphinx: ``python docs/_ext/lite_build.py``.

Puts in ``docs/_lite/static/pyodide/`` everything the JupyterLite kernel loads,
so that jupyterlite-pyodide-kernel's build copies it into the site and points
the kernel there instead of at a CDN:

* the Pyodide runtime from the npm package ``pyodide`` (installed with ``npm
  ci`` from ``pyodide/package-lock.json``, the version the Node test run uses,
  checked against the kernel's ``PYODIDE_VERSION``);
* the kernel's Python packages (``docs/_lite/wheels.txt``, downloaded with pip,
  hashes checked), the kernel's own wheels, and wheels of lld and of
  ``lld_cells`` built from this checkout;
* every wheel's modules, and the standard library's, precompiled by that same
  Pyodide (``pyodide/compile-wheels.mjs``), so the kernel's start compiles
  nothing;
* ``pyodide-lock.json``: the npm package's lock with its package list replaced
  by exactly those wheels (pyodide-lock computes their hashes and dependencies).

What it downloads and builds is kept in ``docs/.cache/lite`` and redone only
when its inputs change. The site's Sphinx extension calls :func:`prepare` at
the start of every build (``lld_docs.cells``), and ``nox -s docs`` runs this
file first, so that a failure here is reported on its own, in one line.
It imports nothing from Sphinx: ``tests/test_docs_cells.py`` runs it alone.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path


class BuildError(Exception):
    """A step of the build failed; the message says which, in one line."""


DOCS = Path(__file__).resolve().parents[1]
REPO = DOCS.parent
LITE = DOCS / "_lite"
#: The npm project whose lock pins Pyodide for the site and for the Node test run.
NPM_PROJECT = REPO / "pyodide"
#: Where the lite site's inputs are downloaded and built (ignored by git).
CACHE = DOCS / ".cache" / "lite"
#: The kernel's own plugin, whose settings ``jupyter-lite.json`` holds.
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: What Pyodide loads at start, all at once: the kernel's packages (so the
#: kernel's worker installs none of them one by one with piplite) and the engine.
PRELOAD = [
    "micropip", "piplite", "comm", "ipython", "ipykernel", "pyodide-kernel", "lld", "lld-cells",
]  # fmt: skip
#: Requirements not served. The kernel's worker installs with piplite, at its
#: start, each of ipykernel, comm, pyodide-kernel, jedi and ipython that its
#: ``loadPyodideOptions.packages`` does not name (and offline that never ends).
#: jedi (with parso) is ipython's requirement for its completer, which IPython
#: imports only if it can and does without: unpacking jedi's ~2,000 files
#: (typeshed's stubs, mostly) was half of all the wheels' unpacking, about 0.4 s
#: of CPU (benchmarks/README.md). So these are named in ``packages`` for the
#: kernel to skip them, and ``start.mjs`` takes them out again (as
#: ``lldNotServed`` says) before Pyodide sees the list; the lock drops them from
#: ipython's dependencies.
NOT_SERVED = ["jedi"]
#: The runtime files the kernel needs from the npm package (not its README,
#: source maps, type stubs, HTML consoles or the classic-script ``pyodide.js``).
CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"]
#: The standard library, served precompiled (see :func:`_compiled`).
STDLIB = "python_stdlib.zip"
#: The module the kernel loads Pyodide through (see its comments), and the kernel's
#: ``pyodideUrl`` for it.
START = NPM_PROJECT / "start.mjs"
START_URL = "./static/pyodide/start.mjs"
#: The ``lld-cells`` helpers (drawn outputs linking rulings to the site).
CELLS_PACKAGE = LITE / "lld_cells"


def _run(cmd: list[str], cwd: Path | None = None) -> None:
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode:
        tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise BuildError(f"{' '.join(cmd[:4])} ... failed: " + " | ".join(tail))


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _pinned_wheels() -> list[tuple[str, str, str]]:
    """``(name, version, sha256)`` of each line of ``docs/_lite/wheels.txt``."""
    out = []
    for raw in (LITE / "wheels.txt").read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            spec, digest = line.split(" --hash=sha256:")
            name, version = spec.split("==")
            out.append((name, version, digest.strip()))
    return out


def _wheel_prefix(name: str, version: str) -> str:
    return f"{name.replace('-', '_').lower()}-{version}-"


def _kernel_pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION  # type: ignore[import-untyped]

    return str(PYODIDE_VERSION)


def _npm_pyodide() -> Path:
    """The npm package ``pyodide`` as ``pyodide/package-lock.json`` pins it, installed
    with ``npm ci`` into the cache (again only when the lock changes)."""
    wanted = json.loads((NPM_PROJECT / "package.json").read_text())["dependencies"]["pyodide"]
    expected = _kernel_pyodide_version()
    if wanted != expected:
        raise BuildError(
            f"pyodide/package.json pins pyodide {wanted}, but the installed"
            f" jupyterlite-pyodide-kernel expects {expected}: pin them together"
        )
    npm = CACHE / "npm"
    lock = (NPM_PROJECT / "package-lock.json").read_bytes()
    stamp = npm / "lock.sha256"
    installed = npm / "node_modules" / "pyodide"
    if not (installed.exists() and stamp.exists() and stamp.read_text() == _digest([lock])):
        if not shutil.which("npm"):
            raise BuildError("npm not found (apt-get install nodejs npm)")
        npm.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json", ".npmrc"):
            shutil.copy2(NPM_PROJECT / name, npm / name)
        _run(["npm", "ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], npm)
        stamp.write_text(_digest([lock]))
    got = json.loads((installed / "package.json").read_text())["version"]
    if got != expected:
        raise BuildError(f"npm installed pyodide {got}, not {expected}")
    return installed


def _digest(parts: Iterable[bytes]) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()


def _kernel_wheels() -> list[Path]:
    """``wheels.txt``'s wheels, downloaded with pip (hashes required) unless all are cached."""
    directory = CACHE / "wheels"
    pinned = _pinned_wheels()

    def found() -> list[Path] | None:
        files = list(directory.glob("*.whl")) if directory.exists() else []
        out = []
        for name, version, digest in pinned:
            match = [
                f for f in files
                if f.name.lower().startswith(_wheel_prefix(name, version)) and _sha256(f) == digest
            ]  # fmt: skip
            if not match:
                return None
            out.append(match[0])
        return out

    have = found()
    if have is None:
        _run([
            sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--quiet",
            "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
            "--implementation", "py", "--abi", "none", "--platform", "any",
            "--require-hashes", "-r", str(LITE / "wheels.txt"), "-d", str(directory),
        ])  # fmt: skip
        have = found()
        if have is None:
            raise BuildError("pip did not download every wheel in docs/_lite/wheels.txt")
    return have


def _source_digest() -> str:
    """A hash of what goes into lld's and lld_cells' wheels."""
    paths = [
        REPO / "pyproject.toml",
        *(CELLS_PACKAGE.glob("*.py")),
        CELLS_PACKAGE / "pyproject.toml",
    ]
    for top in ("src", "sources", "examples"):
        paths += sorted(
            p for p in (REPO / top).rglob("*") if p.is_file() and "__pycache__" not in p.parts
        )
    return _digest(p.relative_to(REPO).as_posix().encode() + p.read_bytes() for p in paths)


def _project_wheels() -> list[Path]:
    """Wheels of lld and lld_cells built from this checkout (again only when it changed)."""
    dist = CACHE / "dist"
    stamp = CACHE / "dist.sha256"
    digest = _source_digest()
    wheels = sorted(dist.glob("*.whl")) if dist.exists() else []
    if not (stamp.exists() and stamp.read_text() == digest and len(wheels) == 2):
        shutil.rmtree(dist, ignore_errors=True)
        _run([
            sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check", "--quiet",
            "--no-deps", "-w", str(dist), str(REPO), str(CELLS_PACKAGE),
        ])  # fmt: skip
        stamp.write_text(digest)
        wheels = sorted(dist.glob("*.whl"))
    return wheels


def _kernel_own_wheels() -> list[Path]:
    """piplite, pyodide_kernel and the ipykernel shim, as the kernel's labextension ships them."""
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    pypi = share / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    out = [w for w in sorted(pypi.glob("*.whl")) if not w.name.startswith("widgetsnbextension")]
    if len(out) != 3:
        raise BuildError(f"expected the kernel's three wheels in {pypi}, found {out}")
    return out


def _compiled(npm: Path, wheels: list[Path]) -> tuple[Path, list[Path]]:
    """The standard library and the wheels with their modules precompiled by
    Pyodide itself (``pyodide/compile-wheels.mjs``): the kernel's start then
    compiles nothing (npm's ``python_stdlib.zip`` holds sources only, which cost
    as much again as IPython's). Only what changed since the last build (or
    whose compiler changed) is compiled again."""
    out = CACHE / "compiled"
    out.mkdir(parents=True, exist_ok=True)
    stamps_file = out / "sources.json"
    stamps: dict[str, str] = json.loads(stamps_file.read_text()) if stamps_file.exists() else {}
    script = _sha256(NPM_PROJECT / "compile-wheels.mjs")
    stdlib = npm / STDLIB
    inputs = [stdlib, *wheels]
    digests = {w.name: _digest([w.read_bytes(), script.encode()]) for w in inputs}
    stale = [
        w for w in inputs if stamps.get(w.name) != digests[w.name] or not (out / w.name).exists()
    ]
    if stale:
        # Beside node_modules, so that the script's `import("pyodide")` finds the cache's.
        shutil.copy2(NPM_PROJECT / "compile-wheels.mjs", npm.parent.parent / "compile-wheels.mjs")
        _run([
            "node", str(npm.parent.parent / "compile-wheels.mjs"), "--out", str(out),
            # The engine keeps its sources: a reader's traceback and `lld.steps??` show them.
            "--keep-source", "lld", "--keep-source", "lld_cells",
            *(["--stdlib", str(stdlib)] if stdlib in stale else []),
            *(str(w) for w in stale if w != stdlib),
        ])  # fmt: skip
        stamps.update({w.name: digests[w.name] for w in stale})
        stamps_file.write_text(json.dumps(stamps, indent=1, sort_keys=True))
    return out / STDLIB, [out / w.name for w in wheels]


def write_if_changed(path: Path, data: bytes) -> None:
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def prepare(out: Path | None = None) -> Path:
    """Fill ``out`` (``docs/_lite/static/pyodide/``; see the module's docstring)
    and return it; raise :class:`BuildError` where a step fails."""
    from pyodide_lock import PyodideLockSpec
    from pyodide_lock.utils import add_wheels_to_spec, update_package_sha256

    # jupyterlite-sphinx runs `jupyter lite build` in docs/ and then deletes its
    # task database from Sphinx's working directory, which is not docs/: a database
    # left from an earlier build (or another environment's) makes the build skip
    # the step that points the kernel at static/pyodide. Start it afresh: the
    # slow parts (Pyodide, the wheels, their bytecode) are cached above it.
    for stale in DOCS.glob(".jupyterlite.doit.db*"):
        stale.unlink()
    npm = _npm_pyodide()
    sources = [*_kernel_wheels(), *_kernel_own_wheels(), *_project_wheels()]
    stdlib, wheels = _compiled(npm, sources)
    out = LITE / "static" / "pyodide" if out is None else out
    out.mkdir(parents=True, exist_ok=True)
    served = [*(npm / name for name in CORE), stdlib, START, *wheels]
    keep = {"pyodide-lock.json", *(f.name for f in served)}
    for old in out.iterdir():
        if old.name not in keep:
            old.unlink()
    for path in served:
        if not (out / path.name).exists() or _sha256(out / path.name) != _sha256(path):
            shutil.copy2(path, out / path.name)
    # The npm package's lock names Pyodide's ~300 packages at its CDN's files;
    # none is served here. Keep its `info` (the ABI the wheels must fit) and list
    # only the served wheels. add_wheels_to_spec reads each wheel's dependencies
    # (failing if one is not among them) and top-level imports from the source
    # wheels (the compiled ones hold no .py for it to find); the hashes are then
    # those of the compiled files actually served.
    spec = PyodideLockSpec.from_json(npm / "pyodide-lock.json")
    spec.packages = {}
    with tempfile.TemporaryDirectory() as tmp:
        for wheel in sources:
            shutil.copy2(wheel, Path(tmp) / wheel.name)  # not a link: it resolves links
        spec = add_wheels_to_spec(
            spec, [Path(tmp) / w.name for w in sources], base_path=Path(tmp),
            ignore_missing_dependencies=True,
        )  # fmt: skip
    # Every dependency is served but those of NOT_SERVED, which are dropped (so
    # that loadPackage("ipython") does not look for jedi).
    for package in spec.packages.values():
        unserved = [d for d in package.depends if d not in spec.packages]
        if set(unserved) - set(NOT_SERVED):
            raise BuildError(f"{package.name} needs {unserved}, not served")
        package.depends = [d for d in package.depends if d in spec.packages]
    for package in spec.packages.values():
        update_package_sha256(package, out / package.file_name)
    missing = [name for name in PRELOAD if name not in spec.packages]
    if missing:
        raise BuildError(f"the lock lacks {missing}")
    listed = [name for name in NOT_SERVED if name in spec.packages]
    if listed:
        raise BuildError(f"{listed} are served, but NOT_SERVED names them")
    text = json.dumps(spec.to_dict(), indent=1, sort_keys=True) + "\n"
    write_if_changed(out / "pyodide-lock.json", text.encode())
    return out


def main() -> int:
    try:
        out = prepare()
    except BuildError as error:
        print(f"lite_build: {error}", file=sys.stderr)
        return 1
    print(f"lite_build: {len(list(out.iterdir()))} files in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

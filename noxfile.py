# /// script
# dependencies = ["nox>=2025.10.14"]
# ///
"""Development sessions: ``nox -s tests lint typing soak pyodide`` is the whole test suite.

Sessions:

* ``tests-3.10`` … ``tests-3.13``: install the package (a real, non-editable
  install) and the ``test`` dependency group, then run pytest, which also runs
  the doctests in ``src/lld``. Arguments after ``--`` go to pytest.
* ``lint``: ruff check and ruff format --check.
* ``typing``: mypy, configured in pyproject.toml.
* ``soak``: ``benchmarks/soak.py``: 10,000 random hands for every preset and
  player count, every invariant checked after every move (about two minutes).
* ``pyodide``: the tests and doctests again, inside Pyodide (CPython 3.14 built
  for WebAssembly) in Node.js, as the browser will run the engine
  (``pyodide/run.sh``).
* ``bench``: ``benchmarks/bench.py`` (not a test). Arguments go to the script.
* ``golden``: rewrite the golden playthroughs in ``tests/golden/`` from the
  engine (``tools/golden.py --write``; ``-- --check`` only compares). Review the
  diff before committing it: the tests compare with these files, never write them.
* ``play``: play one hand in the terminal (``lld play``). Arguments go to it.
* ``docs``: type-check the site's extension (``docs/_ext``), build the site
  (Sphinx on Python 3.13) into ``docs/_build/html``
  with every warning an error, then check the built site (``tests/test_docs_site.py``:
  links and anchors, every ruling and example present, nothing fetched from
  elsewhere, a wrong ``:expect:`` failing the build), the handouts the build
  wrote (``tests/test_handout.py``, with poppler's pdftotext),
  the in-browser cells' lite site (``tests/test_docs_cells.py``: the Pyodide
  lock against the served wheels, no PyPI fallback, one cell per page), and a
  release cut end to end on a scratch copy (``tests/test_releases.py``).
* ``serve``: build the site, then serve it on http://127.0.0.1:8000.
* ``build``: build the site, and stop (``./run site --build``; what a host publishes).

Every session installs the Debian packages it needs with apt-get when they are
missing, from the one list :data:`SYSTEM_PACKAGES`, which says why each is needed.
* ``browser``: build the site, then test it in headless Chromium
  (``tests/browser``, in Debian's ``chromium``),
  the cells included: each runs the engine on Pyodide in the page, offline
  (``tests/browser/test_cells.py``), and axe-core on one page of every kind, in
  light and dark, finding no WCAG 2.1 AA violation
  (``tests/browser/test_accessibility.py``; ``npm ci`` installs axe-core as
  ``tests/browser/axe/package-lock.json`` pins it).

The four interpreters are looked for on PATH, then among pyenv's installed
versions (``$PYENV_ROOT/versions``, default ``~/.pyenv/versions``), so pyenv
need not be initialised in the shell and no version need be made global.
A missing interpreter is an error, never a silent skip, and nox never
downloads one.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import nox

nox.needs_version = ">=2025.10.14"
nox.options.default_venv_backend = "venv"
# Reuse a session's venv when it exists; the package is reinstalled every run.
nox.options.reuse_venv = "yes"
nox.options.error_on_missing_interpreters = True
# Use the interpreters installed here; never fetch one from the network.
nox.options.download_python = "never"
nox.options.sessions = ["tests", "lint", "typing", "soak", "pyodide", "docs", "browser"]

ROOT = Path(__file__).resolve().parent
PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
#: lint, typing and bench run on one interpreter; the benchmark's target is on 3.11.
TOOLS_PYTHON = "3.11"
PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")
QUIET_PIP = {"PIP_DISABLE_PIP_VERSION_CHECK": "1"}


@dataclass(frozen=True)
class SystemPackage:
    """A Debian package a session needs, and why. ``command``: the package counts
    as present when this command is on PATH (Node.js may come from elsewhere than
    Debian); a package without one counts as present when dpkg says it is installed."""

    name: str
    why: str
    sessions: tuple[str, ...]
    command: str | None = None


#: Sessions that build the site: its cells need Node.js, its handouts WeasyPrint.
_SITE = ("docs", "serve", "build", "browser")
#: Every system package the project uses: the one list. Each session that needs
#: one installs it from here with apt-get (as root, or with sudo) when it is missing
#: (:func:`_install_system_packages`). The README points here.
SYSTEM_PACKAGES = (
    SystemPackage(
        "nodejs", "Node.js runs Pyodide: the tests inside Pyodide, and the site's cells"
        " (npm fetches Pyodide; Node.js precompiles the cells' wheels)",
        ("pyodide", *_SITE), command="node",
    ),
    SystemPackage("npm", "installs the pinned Pyodide (pyodide/package-lock.json) and, for"
                  " the browser tests, axe-core (tests/browser/axe/package-lock.json)",
                  ("pyodide", *_SITE), command="npm"),
    SystemPackage("libpango-1.0-0", "WeasyPrint lays out the handout PDFs with Pango", _SITE),
    SystemPackage("libpangoft2-1.0-0", "WeasyPrint's Pango font backend", _SITE),
    SystemPackage(
        "libharfbuzz-subset0", "WeasyPrint embeds only the glyphs a handout uses (without"
        " it WeasyPrint 70 warns, and the tests make every warning an error)", _SITE,
    ),
    SystemPackage(
        "fonts-dejavu-core", "the handouts' typefaces (DejaVu Serif, Sans and Sans Mono):"
        " their two-page layout is measured in them", _SITE,
    ),
    SystemPackage(
        "poppler-utils", "pdftotext, pdfinfo and pdftoppm read the handout PDFs in the"
        " site's checks", ("docs", "browser"), command="pdftotext",
    ),
    SystemPackage(
        "chromium", "the browser tests drive Debian's Chromium with Playwright (never a"
        " browser download of Playwright's own)", ("browser",), command="chromium",
    ),
)  # fmt: skip


def _works(exe: str) -> bool:
    """Whether ``exe`` runs (a pyenv shim for a version not selected does not)."""
    try:
        done = subprocess.run([exe, "-c", "pass"], capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def _version_key(name: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", name))


def _pyenv_bin(version: str) -> Path | None:
    """The bin directory of the newest pyenv-installed CPython ``version`` (X.Y)."""
    root = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv")
    found = [
        d
        for d in (root / "versions").glob(f"{version}.*")
        if re.fullmatch(rf"{re.escape(version)}\.\d+", d.name)
        and (d / "bin" / f"python{version}").is_file()
    ]
    if not found:
        return None
    return max(found, key=lambda d: _version_key(d.name)) / "bin"


def _expose_pyenv_pythons() -> None:
    """Put pyenv's interpreters on PATH for the versions PATH cannot run itself.

    Each directory goes before the rest of PATH so that it wins over a pyenv
    shim that would refuse to run. Sessions still put their own venv first.
    """
    extra = []
    for version in PYTHONS:
        exe = shutil.which(f"python{version}")
        if exe and "shims" not in Path(exe).parts and _works(exe):
            continue
        bin_dir = _pyenv_bin(version)
        if bin_dir is not None:
            extra.append(str(bin_dir))
    if extra:
        os.environ["PATH"] = os.pathsep.join([*extra, os.environ.get("PATH", "")])


_expose_pyenv_pythons()


def _group(name: str) -> tuple[str, ...]:
    return nox.project.dependency_groups(PYPROJECT, name)


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Run the tests and doctests against an installed copy of the package."""
    session.install(".", *_group("test"), env=QUIET_PIP)
    session.run("pytest", *session.posargs)


@nox.session(python=TOOLS_PYTHON)
def lint(session: nox.Session) -> None:
    """Check style and formatting with ruff (configured in pyproject.toml)."""
    session.install(*_group("lint"), env=QUIET_PIP)
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python=TOOLS_PYTHON)
def typing(session: nox.Session) -> None:
    """Type-check src/lld and tests with mypy (strict; configured in pyproject.toml)."""
    session.install("-e", ".", *_group("typing"), env=QUIET_PIP)
    session.run("mypy")


@nox.session(python=TOOLS_PYTHON)
def soak(session: nox.Session) -> None:
    """Play 10,000 random hands per preset and player count, checking every invariant."""
    session.install(".", env=QUIET_PIP)
    session.run("python", "benchmarks/soak.py")


@nox.session(python=False)
def pyodide(session: nox.Session) -> None:
    """Run the tests and doctests inside Pyodide (Python 3.14, WebAssembly) in Node.js."""
    _install_system_packages(session)
    session.run(
        "bash", str(ROOT / "pyodide" / "run.sh"), *session.posargs,
        env={"PYTHON": sys.executable},
    )  # fmt: skip


@nox.session(python=TOOLS_PYTHON)
def bench(session: nox.Session) -> None:
    """Time random playouts of every preset and player count, and the targets: the
    engine against the lean reference playout, lld simulate against the playout,
    a second ./run play's start-up. Not a test."""
    session.install(".", env=QUIET_PIP)
    session.run("python", "benchmarks/bench.py", *session.posargs)


@nox.session(python=TOOLS_PYTHON)
def golden(session: nox.Session) -> None:
    """Rewrite the golden playthroughs from the checkout's engine (``-- --check`` compares)."""
    session.run("python", str(ROOT / "tools" / "golden.py"), *(session.posargs or ["--write"]))


@nox.session(python=None)
def play(session: nox.Session) -> None:
    """Play one hand in the terminal: ``nox -s play -- [lld play options]``.

    Uses the interpreter nox runs on, so it needs no interpreter but that one.
    The package is installed only when the checkout has changed since the last
    install (``tools/install_stamp.py`` keeps a hash of its sources in the venv),
    so a second start goes straight to the game.
    """
    venv = Path(session.virtualenv.location)
    stamp = [sys.executable, str(ROOT / "tools" / "install_stamp.py")]
    current = subprocess.run([*stamp, "check", str(venv)], check=False).returncode == 0
    if not current:
        session.install(".", env=QUIET_PIP)
        subprocess.run([*stamp, "write", str(venv)], check=True)
    session.run("lld", "play", *session.posargs)


DOCS_PYTHON = "3.13"  # Sphinx 9.2 needs it
DOCS_OUT = ROOT / "docs" / "_build" / "html"
#: Where the docs session's mypy finds the engine, the extension and the cells' helpers.
MYPY_DOCS_PATH = ("src", "docs/_ext", "docs/_lite/lld_cells")
SERVE_PORT = 8000  # on 127.0.0.1 only (docs/serve.py)
#: The npm project that pins axe-core for the accessibility tests (tests/browser).
AXE_PROJECT = ROOT / "tests" / "browser" / "axe"


def _build_docs(session: nox.Session) -> None:
    """Build the site; any warning (a broken reference, a failed :expect:) fails it.

    The cells' build step (docs/_ext/lite_build.py) runs npm and Node.js, and
    the handouts need WeasyPrint's libraries (:data:`SYSTEM_PACKAGES`). What it downloads and builds
    (Pyodide from npm, the kernel's wheels, lld's wheel, their bytecode) is kept
    in docs/.cache/lite and redone only when its inputs change.
    """
    _install_system_packages(session)
    # The cells' Pyodide first, on its own (the extension calls the same build,
    # which then finds it done): a failure there is one line, not Sphinx's.
    session.run("python", str(ROOT / "docs" / "_ext" / "lite_build.py"))
    session.run(
        "sphinx-build", "-W", "--keep-going", "-n", "-j", "auto", "-q",
        "-d", str(DOCS_OUT.parent / "doctrees"), str(ROOT / "docs"), str(DOCS_OUT),
    )  # fmt: skip


@nox.session(python=DOCS_PYTHON)
def docs(session: nox.Session) -> None:
    """Build the site, then check it: ``nox -s docs [-- pytest options]``."""
    session.install(*_group("docs"), env=QUIET_PIP)
    session.run(
        "mypy", "--python-version", DOCS_PYTHON, "-p", "lld_docs", "-m", "lld_cells",
        "-m", "lite_build",
        env={"MYPYPATH": os.pathsep.join(str(ROOT / d) for d in MYPY_DOCS_PATH)},
    )  # fmt: skip
    _build_docs(session)
    session.run(
        "pytest", "-p", "no:cacheprovider", "tests/test_docs_site.py", "tests/test_docs_svg.py",
        "tests/test_handout.py", "tests/test_docs_cells.py", "tests/test_releases.py",
        # The Pages workflow's schema check and the bibliography's parse need the docs group.
        "tests/test_site_address.py",
        *session.posargs,
        env={"PYTHONPATH": str(ROOT / "src"), "LLD_DOCS_BUILT": str(DOCS_OUT)},
    )  # fmt: skip


@nox.session(python=DOCS_PYTHON)
def build(session: nox.Session) -> None:
    """Build the site into docs/_build/html, and stop (what a host publishes)."""
    session.install(*_group("docs"), env=QUIET_PIP)
    _build_docs(session)


@nox.session(python=DOCS_PYTHON)
def serve(session: nox.Session) -> None:
    """Build the site and serve it on http://127.0.0.1:8000 until interrupted."""
    session.install(*_group("docs"), env=QUIET_PIP)
    _build_docs(session)
    session.run("python", str(ROOT / "docs" / "serve.py"), "--port", str(SERVE_PORT), str(DOCS_OUT))


def _present(package: SystemPackage) -> bool:
    if package.command is not None:
        return shutil.which(package.command) is not None
    if not shutil.which("dpkg-query"):
        return True  # not Debian: nothing to ask (WeasyPrint names a missing library itself)
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${db:Status-Status}", package.name],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    return done.stdout.strip() == "installed"


def _install_system_packages(session: nox.Session) -> None:
    """Install with apt-get what :data:`SYSTEM_PACKAGES` lists for this session and
    the machine lacks (as root, or with sudo)."""
    name = session.name.split("-")[0]  # tests-3.11 is the session "tests"
    wanted = [p for p in SYSTEM_PACKAGES if name in p.sessions]
    missing = [p.name for p in wanted if not _present(p)]
    if not missing:
        return
    if not shutil.which("apt-get"):
        session.error(
            f"missing system packages: {' '.join(missing)} (apt-get not found: install them"
            " yourself; SYSTEM_PACKAGES in noxfile.py says what each is for)"
        )
    session.log(f"installing {' '.join(missing)} with apt-get (SYSTEM_PACKAGES in noxfile.py)")
    apt = [*([] if os.geteuid() == 0 else ["sudo"]), "env", "DEBIAN_FRONTEND=noninteractive"]
    session.run(*apt, "apt-get", "update", "-qq", external=True)
    session.run(*apt, "apt-get", "install", "-y", "-qq", *missing, external=True)
    still = [p.name for p in wanted if not _present(p)]
    if still:
        session.error(f"apt-get ran, but these are still missing: {' '.join(still)}")


@nox.session(python=DOCS_PYTHON)
def browser(session: nox.Session) -> None:
    """Test the built site in headless Chromium: ``nox -s browser [-- pytest options]``."""
    _install_system_packages(session)
    chromium = shutil.which("chromium")
    if not chromium:
        session.error("chromium is not on PATH (SYSTEM_PACKAGES installs Debian's)")
    session.install(*_group("browser"), env=QUIET_PIP)
    # axe-core, which the accessibility tests inject into every kind of page, exactly
    # as tests/browser/axe/package-lock.json pins it.
    with session.chdir(AXE_PROJECT):
        session.run(
            "npm", "ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error",
            external=True,
        )  # fmt: skip
    _build_docs(session)
    session.run(
        "pytest", "-p", "no:cacheprovider", "tests/browser", *session.posargs,
        env={
            "PYTHONPATH": str(ROOT / "src"),
            "LLD_CHROMIUM": chromium,
            "LLD_DOCS_BUILT": str(DOCS_OUT),
        },
    )  # fmt: skip


if __name__ == "__main__":
    nox.main()

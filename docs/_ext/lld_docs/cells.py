"""Cells that run the engine in the reader's browser (JupyterLite on Pyodide), offline.

Two parts:

* **The lite site** (:func:`prepare_lite`, at ``builder-inited``): puts in
  ``docs/_lite/static/pyodide/`` everything the kernel loads, so
  jupyterlite-pyodide-kernel's build copies it into the site and points the
  kernel there instead of at a CDN: the Pyodide runtime from the npm package
  ``pyodide`` (installed with ``npm ci`` from ``pyodide/package-lock.json``, the
  version the Node test run uses, checked against the kernel's
  ``PYODIDE_VERSION``), the kernel's Python packages (``docs/_lite/wheels.txt``,
  downloaded with pip, hashes checked), the kernel's own wheels, and wheels of
  lld and of ``lld_cells`` built from this checkout. ``pyodide-lock.json`` is the
  npm package's lock with its package list replaced by exactly those wheels
  (pyodide-lock computes their hashes and dependencies), and
  ``jupyter-lite.json`` preloads them all, so ``import lld`` works in every cell
  and the kernel never asks PyPI (``disablePyPIFallback``). Every wheel's
  modules, and the standard library's, are precompiled by that same Pyodide
  (``pyodide/compile-wheels.mjs``), so the kernel's start compiles nothing. The
  kernel loads Pyodide through ``pyodide/start.mjs`` (its ``pyodideUrl``), which
  keeps the kernel's imports from asking the page's file drive.
* **The cells** (:func:`ruling_cell`, :func:`hand_cell`, ``{try-api}``): one
  ``replite`` console per page, loaded only when the reader clicks, opening on
  the code that shows the page's position and the line that switches the
  reading. The expected outputs, computed here by the same engine, ride along as
  ``data-`` attributes for the browser test.
"""

from __future__ import annotations

import doctest
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

from .common import note_engine_dependencies
from .lite_app import add_preload_hints, drop_extensions

if TYPE_CHECKING:
    from lld.record import HandRecord
    from lld.reports import RulingReport

DOCS = Path(__file__).resolve().parents[2]
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
#: The notebooks in ``examples/`` (served in the lite site's contents), with their titles.
NOTEBOOKS = {
    "step-through.ipynb": "step through a hand",
    "replay-under.ipynb": "replay a hand under another reading",
}
#: The ``lld-cells`` helpers (drawn outputs linking rulings to the site).
CELLS_PACKAGE = LITE / "lld_cells"


def _run(cmd: list[str], cwd: Path | None = None) -> None:
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode:
        tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise ExtensionError(f"cells: {' '.join(cmd[:4])} ... failed: " + " | ".join(tail))


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
        raise ExtensionError(
            f"cells: pyodide/package.json pins pyodide {wanted}, but the installed"
            f" jupyterlite-pyodide-kernel expects {expected}: pin them together"
        )
    npm = CACHE / "npm"
    lock = (NPM_PROJECT / "package-lock.json").read_bytes()
    stamp = npm / "lock.sha256"
    installed = npm / "node_modules" / "pyodide"
    if not (installed.exists() and stamp.exists() and stamp.read_text() == _digest([lock])):
        if not shutil.which("npm"):
            raise ExtensionError("cells: npm not found (apt-get install nodejs npm)")
        npm.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json", ".npmrc"):
            shutil.copy2(NPM_PROJECT / name, npm / name)
        _run(["npm", "ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], npm)
        stamp.write_text(_digest([lock]))
    got = json.loads((installed / "package.json").read_text())["version"]
    if got != expected:
        raise ExtensionError(f"cells: npm installed pyodide {got}, not {expected}")
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
            raise ExtensionError("cells: pip did not download every wheel in docs/_lite/wheels.txt")
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
        raise ExtensionError(f"cells: expected the kernel's three wheels in {pypi}, found {out}")
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


def _write_if_changed(path: Path, data: bytes) -> None:
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def prepare_lite(app: Sphinx) -> None:
    """Fill ``docs/_lite/static/pyodide/`` (see the module's docstring)."""
    if app.builder.format != "html" or not app.config.lld_cells:
        return
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
    out = LITE / "static" / "pyodide"
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
            raise ExtensionError(f"cells: {package.name} needs {unserved}, not served")
        package.depends = [d for d in package.depends if d in spec.packages]
    for package in spec.packages.values():
        update_package_sha256(package, out / package.file_name)
    missing = [name for name in PRELOAD if name not in spec.packages]
    if missing:
        raise ExtensionError(f"cells: the lock lacks {missing}")
    listed = [name for name in NOT_SERVED if name in spec.packages]
    if listed:
        raise ExtensionError(f"cells: {listed} are served, but NOT_SERVED names them")
    text = json.dumps(spec.to_dict(), indent=1, sort_keys=True) + "\n"
    _write_if_changed(out / "pyodide-lock.json", text.encode())


def patch_lite_config(app: Sphinx, error: Exception | None) -> None:
    """After jupyterlite-sphinx's build: the kernel's settings go into the built
    ``jupyter-lite.json`` here, not in ``docs/_lite``'s, which the lite build's
    add-ons rewrite: preload :data:`PRELOAD` (and skip :data:`NOT_SERVED`), never
    fall back to PyPI; and the
    kernel, which the kernel's add-on pointed at the site's own Pyodide, loads it
    through ``start.mjs``. Then the apps start sooner (:mod:`.lite_app`): no unused
    extension, and their pages preload the scripts they need."""
    if error is not None or app.builder.format != "html" or not app.config.lld_cells:
        return
    path = Path(app.outdir) / "lite" / "jupyter-lite.json"
    config = json.loads(path.read_text(encoding="utf-8"))
    drop_extensions(config)
    data = config.setdefault("jupyter-config-data", {})
    kernel = data.setdefault("litePluginSettings", {}).setdefault(KERNEL_PLUGIN, {})
    kernel["disablePyPIFallback"] = True
    kernel["loadPyodideOptions"] = {"packages": PRELOAD + NOT_SERVED, "lldNotServed": NOT_SERVED}
    if kernel.get("pyodideUrl") not in ("./static/pyodide/pyodide.mjs", START_URL):
        raise ExtensionError(f"cells: {path} does not point the kernel at the site's own Pyodide")
    kernel["pyodideUrl"] = START_URL
    _write_if_changed(path, (json.dumps(config, indent=2, sort_keys=True) + "\n").encode())
    add_preload_hints(path.parent)


def drop_remote_css(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """jupyterlite-sphinx links a Google Fonts stylesheet on every page: the site
    makes no request outside itself, so drop every stylesheet given by address."""
    files = context.get("css_files")
    if files:
        context["css_files"] = [f for f in files if "://" not in str(getattr(f, "filename", f))]


# ------------------------------------------------------------------ the cells


def shown(text: str) -> str:
    """An engine text as a cell shows it (lld_cells draws its `backticked`
    spans as code): what the browser tests look for in the output."""
    return text.replace("`", "")


def _prompt(app: Sphinx) -> str:
    first, later = app.config.lld_cells_start_seconds
    return (
        '<span class="lld-cell-go">▶ Run it in your browser</span>'
        f'<span class="lld-cell-cost">Python starts in your browser: about {first} s the'
        f" first time, about {later} s after that. Nothing leaves this site.</span>"
    )


def cell(
    directive: SphinxDirective, code: str, expect: dict[str, Any], intro: str
) -> list[nodes.Node]:
    """A replite console that loads when clicked and runs ``code``; ``expect`` (the
    same engine's results, for the browser test) goes in a ``data-`` attribute."""
    from jupyterlite_sphinx.jupyterlite_sphinx import RepliteIframe  # type: ignore[import-untyped]

    app = directive.env.app
    if not app.config.lld_cells:
        return []
    prefix = os.path.relpath(
        os.path.join(app.srcdir, "lite"), os.path.dirname(directive.get_source_info()[0] or "")
    )
    options = {
        "kernel": "python", "toolbar": "1", "execute": "1", "showBanner": "0",
        "clearCellsOnExecute": "0", "clearCodeContentOnExecute": "0", "hideCodeInput": "0",
        "promptCellPosition": "bottom",
    }  # fmt: skip
    frame = RepliteIframe(
        prefix=prefix, width="100%", height="34em", prompt=_prompt(app),
        prompt_color="var(--color-background-secondary)", content=code.splitlines(),
        search_params="false", lite_options=options,
    )  # fmt: skip
    box = nodes.container(classes=["lld-cell"])
    head = (
        f'<div class="lld-cell-head" data-lld-expect="{escape(json.dumps(expect))}">'
        f"<p><strong>Try it.</strong> {intro}</p>"
        '<p class="lld-cell-file">This page was opened from a file, and a browser will not'
        " run the cell from there: serve the site's folder over http (run"
        " <code>python3 -m http.server</code> in it) and open"
        " <code>http://127.0.0.1:8000/</code>. Everything above is readable without it.</p>"
        "</div>"
    )
    box += nodes.raw("", head, format="html")
    box += frame
    return [box]


def _code(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def _literal(value: str | None) -> str:
    """An option's value as Python source: ``"forced"``, or ``None`` (the option unset)."""
    return "None" if value is None else json.dumps(value)


def ruling_cell(directive: SphinxDirective, report: RulingReport) -> list[nodes.Node]:
    """The cell of a contested ruling's page: its first example, the step where the
    readings part, and the line that replays it under one reading (the comment
    names the other readings' values and presets)."""
    import lld
    from lld.demonstrate import examples_directory
    from lld.record import load_record

    demos = [d for d in report.behaviour or () if d.behaviours]
    directory = examples_directory()
    if not demos or directory is None:
        return []
    demo = demos[0]
    rec = load_record(str(directory / demo.example))
    # Two readings: the presets' settings first, then a value no preset takes
    # (where every source reads the ruling alike, the reader still has one to try).
    readings = [(b, b.presets[0][1]) for b in demo.behaviours if b.presets]
    readings += [(b, v) for b in demo.behaviours for v in b.unused_values]
    readings = readings[:2]
    parts = [b.outcome.diverges_at for b in demo.behaviours]
    first = min((i for i in parts if i is not None), default=0)
    played = lld.steps(rec)
    first = min(first, len(played) - 1)
    expect: dict[str, Any] = {"kind": "ruling", "option": demo.option, "readings": []}
    for b, value in readings:
        outcome = lld.replay_under(rec, **{demo.option: value})
        expect["readings"].append({
            "value": value,
            "presets": [p for p, v in b.presets if v == value],
            "line": f"show(lld.replay_under(rec, {demo.option}={_literal(value)}))",
            "text": shown(outcome.text),
        })  # fmt: skip
    lines = [
        "import lld",
        "from lld_cells import example, show, walk",
        f'rec = example("{demo.example}")',
        f"show(lld.steps(rec)[{first}].before)  # where the readings part: before move {first + 1}",
        "# Change the value to switch the reading: "
        + "; ".join(
            f"{_literal(r['value'])} is {', '.join(r['presets']) or 'no preset'}"
            for r in expect["readings"]
        ),
        expect["readings"][0]["line"],
    ]
    intro = (
        f"Replay <code>{escape(demo.example)}</code> with your own choice of"
        f" <code>{escape(demo.option)}</code>. Edit the last line and press Shift+Enter."
    )
    return cell(directive, _code(lines), expect, intro)


def hand_cell(directive: SphinxDirective, rec: HandRecord, name: str) -> list[nodes.Node]:
    """The cell of an example hand's page: step through it with ``walk``, and
    replay it under each other preset."""
    import lld
    from lld.presets import PRESETS

    own = lld.replay_under(rec).text
    others = {p: lld.replay_under(rec, p).text for p in PRESETS if p != rec.ruleset}
    # The first preset that plays this hand differently, if any does.
    other = next((p for p, text in others.items() if text != own), next(iter(others)))
    played = lld.steps(rec)
    expect = {
        "kind": "hand",
        "first": f"Move 1 of {len(played)}",
        "readings": [
            {"value": rec.ruleset, "text": shown(own)},
            {"value": other, "text": shown(others[other])},
        ],
    }
    lines = [
        "import lld",
        "from lld_cells import example, show, walk",
        f'rec = example("{name}")',
        "w = walk(rec)  # w.next(), w.back(), w.go(3) step through it",
        "show(w)",
        f'show(lld.replay_under(rec, "{other}"))  # the same moves under another preset:'
        f" {', '.join(PRESETS)}",
    ]
    lite = os.path.relpath(
        os.path.join(directive.env.app.srcdir, "lite"),
        os.path.dirname(directive.get_source_info()[0] or ""),
    )
    notebooks = ", ".join(
        f'<a href="{lite}/notebooks/index.html?path={nb}">{title}</a>'
        for nb, title in NOTEBOOKS.items()
    )
    # Raw HTML, which the glossary's links pass over: the term is linked here.
    glossary = os.path.relpath(
        os.path.join(directive.env.app.srcdir, "glossary.html"),
        os.path.dirname(directive.get_source_info()[0] or ""),
    )
    intro = (
        "Step through this hand, or replay it under another source's"
        f' <a class="lld-term-link reference internal" href="{glossary}#term-reading">reading</a>.'
        f" The notebooks go further: {notebooks}."
    )
    return cell(directive, _code(lines), expect, intro)


class TryApiDirective(SphinxDirective):
    """``{try-api} lld``: a cell running the examples of a module's docstring."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        import importlib

        note_engine_dependencies(self.env)
        module = importlib.import_module(self.arguments[0])
        examples = doctest.DocTestParser().get_examples(module.__doc__ or "")
        if not examples:
            raise self.error(f"{{try-api}}: {self.arguments[0]} has no examples in its docstring")
        # Each example's value shows, as in the docstring (IPython shows only a cell's last).
        show_all = '%config InteractiveShell.ast_node_interactivity = "all"\n'
        code = show_all + "".join(e.source for e in examples)
        last = examples[-1]
        expect = {"kind": "api", "last": last.want.strip()}
        intro = f"The examples of <code>{escape(self.arguments[0])}</code> above, in a live cell."
        return cell(self, code, expect, intro)


def _add_assets(app: Sphinx) -> None:
    """The cells' stylesheet and script (``static/``), on sites that have cells."""
    if not app.config.lld_cells:
        return
    app.config.html_static_path.append(str(Path(__file__).parent / "static"))
    app.add_css_file("lld-cells.css")
    app.add_js_file("lld-cells.js")


def setup_cells(app: Sphinx) -> None:
    app.add_config_value("lld_cells", False, "env", bool)
    #: (first start, later starts) in seconds, as docs/bench_cells.py measured them.
    #: "env": the cells' buttons are made as the pages are read, so a new figure
    #: must have them read again (with "html" the old text stayed in the pages).
    app.add_config_value("lld_cells_start_seconds", (4, 3), "env", tuple)
    app.add_directive("try-api", TryApiDirective)
    app.connect("builder-inited", _add_assets)
    app.connect("builder-inited", prepare_lite)
    app.connect("html-page-context", drop_remote_css, priority=900)
    app.connect("build-finished", patch_lite_config, priority=900)

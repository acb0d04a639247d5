"""Cells that run the engine in the reader's browser (JupyterLite on Pyodide), offline.

Two parts:

* **The lite site**: :func:`prepare_lite` (at ``builder-inited``) has
  :mod:`lite_build` fill ``docs/_lite/static/pyodide/`` with the Pyodide the
  kernel loads (a build of its own, outside Sphinx: see that module), and
  :func:`patch_lite_config` (at ``build-finished``) points the built site's
  kernel at it, preloads the engine and never lets it fall back to PyPI.
* **The cells** (:func:`ruling_cell`, :func:`hand_cell`, ``{try-api}``): one
  ``replite`` console per page, loaded only when the reader clicks, opening on
  the code that shows the page's position and the line that switches the
  reading. The expected outputs, computed here by the same engine, ride along as
  ``data-`` attributes for the browser test.
"""

from __future__ import annotations

import doctest
import json
import os
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import lite_build
from docutils import nodes
from lite_build import KERNEL_PLUGIN, NOT_SERVED, PRELOAD, START_URL, write_if_changed
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

from .common import note_engine_dependencies
from .lite_app import add_preload_hints, drop_extensions

if TYPE_CHECKING:
    from lld.record import HandRecord
    from lld.reports import RulingReport

#: The notebooks in ``examples/`` (served in the lite site's contents), with their titles.
NOTEBOOKS = {
    "step-through.ipynb": "step through a hand",
    "replay-under.ipynb": "replay a hand under another reading",
}


def prepare_lite(app: Sphinx) -> None:
    """Fill ``docs/_lite/static/pyodide/`` (:func:`lite_build.prepare`, which
    runs outside Sphinx too)."""
    if app.builder.format != "html" or not app.config.lld_cells:
        return
    try:
        lite_build.prepare()
    except lite_build.BuildError as error:
        raise ExtensionError(f"cells: {error}") from None


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
    write_if_changed(path, (json.dumps(config, indent=2, sort_keys=True) + "\n").encode())
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
    played = lld.steps(rec)
    first = min(demo.parts_at or 0, len(played) - 1)  # where the readings part
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
        "first": f"Step 1 of {len(played)}",
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

"""Sphinx configuration for the lld site.

The engine is imported from this checkout (``../src``), so every page is
computed from the code it documents. Build with ``nox -s docs``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "src"), str(HERE / "_ext")]

import lld  # noqa: E402
from lld.handout.cite import editor  # noqa: E402

project = "Laugh and Lie Down"
# The editor that sources/site.toml names (the citations' too), else the project.
_editor = editor()
author = _editor.name if _editor is not None else "lld developers"
copyright = f"2026, {author}"
version = release = lld.__version__

extensions = [
    "myst_parser",
    "sphinx_design",
    "sphinx.ext.autodoc",
    "sphinxcontrib.bibtex",
    "jupyterlite_sphinx",
    "lld_docs",
]
# The sources' bibliography (generated from the registry: lld.handout.cite).
bibtex_bibfiles = ["sources.bib"]
bibtex_default_style = "plain"
exclude_patterns = ["_build", "_contents", "_lite", "scratch", ".cache", "README.md"]
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist", "substitution"]


def _rules_card_figures() -> dict[str, object]:
    """The home page's rules card and How to play state the five-player deal of the
    reconstruction: its figures come from the engine's StakesReport and stakes
    tables, never typed in by hand. How to play's worked settlement is a player
    four cards above break-even and one two below, paid as the engine pays them."""
    from lld.presets import ruleset
    from lld.reports import stakes_report
    from lld.stakes import stakes_for_cards

    rules = ruleset("reconstruction")
    five = stakes_report(rules, 5)
    table = rules.stakes(5)
    break_even = five.break_even
    surplus = table.surplus_cards
    # The reconstruction settles by break-even, so both are numbers.
    assert break_even is not None
    assert surplus is not None
    above, below = break_even + 4, break_even - 2
    return {
        "dealer_ante": five.dealer_ante,
        "other_ante": five.other_ante,
        "pot": five.pot,
        "hand_size": five.hand_size,
        "table_cards": five.table_cards,
        "last_player_bonus": five.last_player_bonus,
        "break_even": break_even,
        "even_cards": five.players * break_even,
        "surplus_cards": surplus,
        "surplus_stakes": surplus // 2,
        "above_cards": above,
        "above_stakes": stakes_for_cards(above, break_even),
        "below_cards": below,
        "below_stakes": -stakes_for_cards(below, break_even),
    }


myst_substitutions = _rules_card_figures()
lld_hand_pages = True  # a step-through page per example and per seat, under hands/
myst_heading_anchors = 0  # anchors are explicit labels, never heading slugs

nitpicky = True
# Types the API's signatures name that live outside these pages (no network, no intersphinx).
nitpick_ignore_regex = [
    ("py:class", r"(collections\.abc|typing|pathlib|os|argparse|random|enum|fractions)\..*"),
    (
        "py:class",
        r"(Path|Iterable|Iterator|Sequence|Mapping|Callable|TextIO|Any|T|Kind|Fraction|Amount)",
    ),
    ("py:class", r"(int|str|bool|float|bytes|object|tuple|list|dict|set|frozenset|None)"),
    ("py:class", r"lld\..*"),
    ("py:exc", r".*Error"),
    # Modules and names the API pages leave out (the concordance's internals, the audit).
    ("py:mod", r"lld\.concordance\.(model|data_file|validation|loading)"),
    ("py:func", r"(default_directory|audit)"),
    ("py:data", r"OPTIONS"),
    # The read-model's docstrings name methods and modules the API page summarises.
    ("py:meth", r"(reach|parse|from_json|of)"),
    ("py:mod", r"lld\.(cards|playout)"),
    ("py:class", r"(RefusedMoveError|Step)"),
    ("py:.*", r"(Game|HandRecord|Ruleset|Move|Event|SeatView|StakesTable|Concordance)"),
    # The reports' and the tournament's docstrings name these; the page documents neither.
    ("py:class", r"Clause"),
    ("py:func", r"lld\.roles\.role_names"),
]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}

html_theme = "furo"
html_title = "Laugh and Lie Down"
html_static_path = ["_static"]
html_css_files = ["lld.css", "lld-cite.css"]
html_js_files = ["lld.js"]
# The site's own icon: without one a browser asks for /favicon.ico, which is not there.
html_favicon = "_static/favicon.svg"
html_show_sourcelink = False
html_copy_source = False
html_theme_options = {
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
}

# The cells (lld_docs.cells): JupyterLite on Pyodide, served with the site, offline.
lld_cells = True
#: Click to first output, cold and warm, as docs/bench_cells.py measured it (median of
#: ten, on a quiet 2-core machine: load average 0.4 to 2.6; November 2026).
lld_cells_start_seconds = (4, 3)
jupyterlite_dir = str(HERE / "_lite")
jupyterlite_config = str(HERE / "_lite" / "jupyter_lite_config.json")
jupyterlite_contents = [str(HERE.parent / "examples" / "*.ipynb")]
jupyterlite_bind_ipynb_suffix = False  # the notebooks are served, not pages of the site
jupyterlite_silence = not os.environ.get("CI")  # CI shows the lite build's log

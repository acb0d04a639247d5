"""Printable handouts: one sheet (two sides at most) per reading of the rules.

:func:`handout_html` renders a reading (a preset, perhaps with options changed)
as HTML with a print stylesheet, from the read-model alone
(:mod:`lld.handout.content`); :func:`write_pdf` turns it into a PDF with
WeasyPrint, an optional dependency (``pip install lld[handout]``) imported
only here, so the engine itself needs nothing installed.

>>> from lld.reports import preset_rules
>>> html = handout_html(preset_rules("parlett"), "letter", date="2026-01-01")
>>> "size: letter" in html and "(R14)" in html and "2026-01-01" in html
True
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from lld.errors import LldError
from lld.handout.content import Handout, Rule, Section, handout_content
from lld.handout.example import Example, worked_example
from lld.handout.order import uses
from lld.handout.render import FONT_SIZES, MOST_PAGES, PAPERS
from lld.handout.render import handout_html as _render
from lld.ruleset import Ruleset

__all__ = [
    "PAPERS",
    "Example",
    "Handout",
    "HandoutError",
    "Rule",
    "Section",
    "handout_content",
    "handout_html",
    "uses",
    "worked_example",
    "write_pdf",
]


class HandoutError(LldError):
    """A handout cannot be made (WeasyPrint missing, an unknown paper size, …)."""


def _paper(paper: str) -> str:
    if paper not in PAPERS:
        raise HandoutError(f"unknown paper {paper!r} (known: {', '.join(PAPERS)})")
    return paper


def _content(rules: Ruleset, paper: str, date: str | None, site: str | None) -> Handout:
    _paper(paper)
    return handout_content(rules, date, site)


def handout_html(
    rules: Ruleset,
    paper: str = "a4",
    date: str | None = None,
    site: str | None = None,
    size: float = FONT_SIZES[0],
) -> str:
    """The handout for ``rules`` as a standalone HTML document, citing ``site``
    (the live site's address unless given), its text ``size`` points."""
    return _render(_content(rules, paper, date, site), paper, size)


def write_pdf(
    rules: Ruleset,
    paper: str,
    path: str | Path,
    date: str | None = None,
    site: str | None = None,
) -> Path:
    """Write the handout for ``rules`` on ``paper`` to ``path`` as PDF; the path written.

    The text is set in the largest of :data:`~lld.handout.render.FONT_SIZES` that
    keeps the sheet to one leaf (two pages): a reading of one's own that changes
    many rules says more, in smaller type.
    """
    h = _content(rules, paper, date, site)
    out = Path(path)
    # WeasyPrint logs its progress (from its import on), and warns of the cards'
    # SVG ``style`` attributes, which it draws all the same: only errors are shown.
    quiet = [logging.getLogger(name) for name in ("weasyprint", "weasyprint.progress")]
    levels = [log.level for log in quiet]
    for log in quiet:
        log.setLevel(logging.ERROR)
    try:
        weasyprint = _weasyprint()
        for size in FONT_SIZES:
            document = weasyprint.HTML(string=_render(h, paper, size)).render()
            if len(document.pages) <= MOST_PAGES:
                break
        document.write_pdf(out)
    except OSError as error:
        raise HandoutError(f"cannot write {out}: {error.strerror or error}") from None
    finally:
        for log, level in zip(quiet, levels, strict=True):
            log.setLevel(level)
    return out


def _weasyprint() -> Any:
    """The weasyprint module, imported on first use (an optional dependency)."""
    try:
        import weasyprint
    except ImportError:
        raise HandoutError(
            "handouts need WeasyPrint: pip install 'lld[handout]' (weasyprint==70.0)"
        ) from None
    return weasyprint

"""Handouts and citations on the site.

* ``{handouts}``: the table of every preset's handout, A4 and US Letter.
* ``{citations}``: a ready citation, plain and BibTeX, for the site, each ruling
  and each source, from the registry (:mod:`lld.handout.cite`).
* Every ruling section (class ``lld-ruling``, from ``{ruling}`` or
  ``{rule-book}``) gets a "cite this ruling" box appended after it is read, and
  each source page whose source has a preset gets its handout links: both are
  added here (``doctree-read``), so the ruling directive itself is unchanged.
* When an HTML build finishes, every handout is written as PDF into
  ``<outdir>/handouts/<preset>-<paper>.pdf`` by WeasyPrint.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from lld.handout import PAPERS, HandoutError, write_pdf
from lld.handout.cite import (
    primary_bibtex,
    primary_citation,
    ruling_bibtex,
    ruling_citation,
    site_bibtex,
    site_citation,
    source_bibtex,
    source_citation,
)
from lld.presets import PRESET_SOURCE, PRESETS, reading_name
from lld.ruleset import EDITORIAL

from .common import (
    concordance,
    note_engine_dependencies,
    para,
    raw_html,
    ruling_label,
    source_label,
)
from .releases import cite_site

logger = logging.getLogger(__name__)

HANDOUT_DIR = "handouts"
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}
#: The handout a ruling links to: the project's own reading.
RULING_HANDOUT = "reconstruction"


def handout_file(preset: str, paper: str) -> str:
    return f"{HANDOUT_DIR}/{preset}-{paper}.pdf"


def _up(docname: str) -> str:
    """The relative path from ``docname``'s page to the site's root."""
    return "../" * docname.count("/")


def _links(docname: str, preset: str) -> str:
    return " · ".join(
        f'<a href="{_up(docname)}{handout_file(preset, p)}">{PAPER_NAMES[p]}</a>' for p in PAPERS
    )


def _preset_title(docname: str, preset: str, *, start: bool = False) -> str:
    """``Parlett's reading``, ``the project's reading``: the reading by its source, as
    HTML, the word "reading" linked to its glossary entry (the glossary's links pass
    over raw HTML)."""
    name = reading_name(preset, start=start)
    whose = escape(name.removesuffix("reading"))
    return (
        f'{whose}<a class="lld-term-link reference internal" href="{_up(docname)}glossary.html'
        f'#term-reading">reading</a>'
    )


def _preset_source(docname: str, preset: str) -> str:
    """The source column: the source by name, linked to its page, or the project's own
    choice (``editorial``), linked to its glossary entry here, since the glossary's
    links pass over raw HTML."""
    source = PRESET_SOURCE[preset]
    if source != EDITORIAL:
        name = source_label(source)
        href = f"{_up(docname)}sources/{source}.html"
        return f'<a class="reference internal" href="{href}">{escape(name)}</a>'
    return (
        f'<a class="lld-term-link reference internal" href="{_up(docname)}glossary.html'
        f'#term-{source}">{escape(source)}</a>'
    )


class HandoutsDirective(SphinxDirective):
    """The list of handouts, one row per preset."""

    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        docname = self.env.docname
        rows = "".join(
            f"<tr><td>{_preset_title(docname, name, start=True)} <code>{escape(name)}</code></td>"
            f"<td>{_preset_source(docname, name)}</td>"
            f"<td>{', '.join(map(str, rules.players))}</td>"
            f"<td>{_links(self.env.docname, name)}</td></tr>"
            for name, rules in sorted(PRESETS.items(), key=lambda kv: kv[0] != RULING_HANDOUT)
        )
        return [
            raw_html(
                '<table class="docutils lld-handouts"><thead><tr><th>reading</th>'
                "<th>source</th><th>players</th><th>PDF</th></tr></thead>"
                f"<tbody>{rows}</tbody></table>"
            )
        ]


def _cite_block(anchor: str, heading: str, plain: str, bibtex: str) -> nodes.container:
    """A citation: its heading as text (so its terms are linked to the glossary),
    the citation and its BibTeX as they are to be copied."""
    box = nodes.container(ids=[anchor], classes=["lld-cite"])
    box += para(heading, classes=["lld-cite-head"])
    box += raw_html(
        f'<p class="lld-cite-plain">{escape(plain)}</p>'
        f'<details><summary>BibTeX</summary><pre class="lld-cite-bibtex">{escape(bibtex)}</pre>'
        "</details>"
    )
    return box


class CitationsDirective(SphinxDirective):
    """``{citations} site|rulings|primary|sources``: the ready citations of one kind."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        kind = self.arguments[0]
        conc = concordance()
        site = cite_site(self.config, Path(self.env.srcdir))
        if kind == "site":
            blocks = [_cite_block("cite-site", "The site", site_citation(site), site_bibtex(site))]
        elif kind == "rulings":
            blocks = [
                _cite_block(
                    f"cite-{r.id.lower()}",
                    f"{r.id}: {r.title}",
                    ruling_citation(r.id, site, concordance=conc),
                    ruling_bibtex(r.id, site, concordance=conc),
                )
                for r in conc.rulings
            ]
        elif kind == "primary":
            blocks = [
                _cite_block("cite-primary", "Willughby", primary_citation(), primary_bibtex())
            ]
        elif kind == "sources":
            blocks = [
                _cite_block(f"cite-{s.id}", s.author, source_citation(s), source_bibtex(s))
                for s in conc.sources
            ]
        else:
            raise self.error(
                f"citations: unknown kind {kind!r} (site, rulings, primary or sources)"
            )
        return list(blocks)


def _cite_box(docname: str, ruling_id: str, site: str) -> nodes.container:
    """The box closing a ruling: its heading as text (its terms are linked to the
    glossary), the citation to copy, and where to find more."""
    anchor = ruling_label(ruling_id)
    up = _up(docname)
    box = nodes.container(classes=["lld-cite-box"])
    box += para("Cite this ruling", classes=["lld-cite-head"])
    box += raw_html(
        f'<p class="lld-cite-plain">{escape(ruling_citation(ruling_id, site))}</p>'
        f'<p class="lld-cite-more"><a href="{up}citing.html#cite-{anchor}">BibTeX and more</a>'
        f" · handout of {_preset_title(docname, RULING_HANDOUT)}:"
        f" {_links(docname, RULING_HANDOUT)}</p>"
    )
    return box


def add_cite_boxes(app: Sphinx, doctree: nodes.document) -> None:
    """A "cite this ruling" box at the end of every ruling section; handout links on
    the rules page and on each source page that has a preset."""
    docname = app.env.docname
    site = cite_site(app.config, Path(app.srcdir))
    for section in doctree.findall(nodes.section):
        if "lld-ruling" in section["classes"]:
            ruling_id = section["ids"][0].upper()
            section += _cite_box(docname, ruling_id, site)
    presets = [n for n, s in PRESET_SOURCE.items() if docname == f"sources/{s}"]
    if docname == "rules":
        presets = [RULING_HANDOUT]
    top = next(iter(doctree.findall(nodes.section)), None)
    if top is None:
        return
    for preset in presets:
        where = 1 + next(
            (i for i, n in enumerate(top.children) if isinstance(n, nodes.paragraph)), 0
        )
        top.insert(
            where,
            raw_html(
                f'<p class="lld-handout-link">Printable handout of {_preset_title(docname, preset)}'
                f" (one sheet): {_links(docname, preset)}</p>"
            ),
        )


def write_handouts(app: Sphinx, exception: Exception | None) -> None:
    """Write every preset's handout, on each paper, into the built site."""
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir) / HANDOUT_DIR
    out.mkdir(parents=True, exist_ok=True)
    site = cite_site(app.config, Path(app.srcdir))
    for preset, rules in sorted(PRESETS.items()):
        for paper in PAPERS:
            try:
                write_pdf(rules, paper, out / f"{preset}-{paper}.pdf", site=site)
            except HandoutError as error:
                logger.warning("handout %s-%s: %s", preset, paper, error)
                return


def setup_handouts(app: Sphinx) -> None:
    app.add_directive("handouts", HandoutsDirective)
    app.add_directive("citations", CitationsDirective)
    app.connect("doctree-read", add_cite_boxes)
    app.connect("build-finished", write_handouts)


__all__ = ["handout_file", "setup_handouts"]

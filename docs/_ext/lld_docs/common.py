"""What the directives share: the engine's data, dependencies, and node builders.

The directives format what the engine gives; nothing here computes a rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from html import escape
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.utils.smartquotes import educate_tokens, tokenize
from sphinx import addnodes
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from lld.concordance import Concordance, load
from lld.drawing import OutcomeView, Page, outcome_html
from lld.handout.cite import RULES_PAGE, ruling_fragment
from lld.reports import RulingReport, ruling_report

from .expect import check_expect, parse_expect

ROOT = Path(__file__).resolve().parents[3]
#: What every directive's output depends on: the sources' data, the examples, the
#: engine, and this extension (Sphinx rereads a page only when a noted file changes).
DEPENDENCY_GLOBS = ("sources/*.toml", "examples/*.lld", "src/lld/**/*.py", "docs/_ext/**/*.py")

#: How a tab names each source (the registry's IDs are for machines).
SOURCE_LABELS = {
    "du-coeur": "du Coeur",
    "parlett": "Parlett",
    "caidis": "Compendium Caidis",
    "sympkyn": "Sympkyn",
    "crowe": "Crowe",
}

_CLAUSE_OR_RULING = re.compile(r"\b(?:(?:DC|P|CC|S|CR)-\d+|R\d+)\b")


@cache
def concordance() -> Concordance:
    return load()


@cache
def _dependencies() -> tuple[str, ...]:
    return tuple(str(p) for g in DEPENDENCY_GLOBS for p in sorted(ROOT.glob(g)))


def note_engine_dependencies(env: BuildEnvironment) -> None:
    """Rerun the calling directive when the data or the engine changes."""
    for path in _dependencies():
        env.note_dependency(path)


class RulingClaimDirective(SphinxDirective):
    """A directive on one ruling (``{ruling} R22``, ``{demonstration} R22``) whose
    page may state its claim, ``:expect: parlett=illegal …``, about the example
    named by ``:example:`` (else the ruling's first)."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "expect": directives.unchanged_required,
        "example": directives.unchanged_required,
    }

    def checked_report(self) -> RulingReport:
        """The ruling's report, once the page's claims are checked against it."""
        note_engine_dependencies(self.env)
        report = ruling_report(self.arguments[0], concordance())
        self._check_claims(report)
        return report

    def _check_claims(self, report: RulingReport) -> None:
        where = f"{self.env.docname}:{self.lineno}"
        claims = parse_expect(self.options.get("expect", ""), where)
        demos = list(report.behaviour or ())
        example = self.options.get("example")
        chosen = [d for d in demos if example is None or d.example == example]
        if example is not None and not chosen:
            names = ", ".join(d.example for d in demos) or "none"
            raise self.error(f"{report.id} has no example {example!r} (it has: {names})")
        check_expect(claims, chosen[0] if chosen else None, report.id, where)


def source_label(source_id: str) -> str:
    return SOURCE_LABELS.get(source_id, source_id)


def ruling_label(ruling_id: str) -> str:
    """The stable explicit label of a ruling's section: ``R22`` is ``r22``
    (:func:`lld.handout.cite.ruling_fragment`, the scheme's one home)."""
    return ruling_fragment(ruling_id)


def clause_label(clause_id: str) -> str:
    """The stable label of a clause on its source's page: ``DC-27`` is ``dc-27``."""
    return clause_id.lower()


def source_page_label(source_id: str) -> str:
    return f"source-{source_id}"


def xref(label: str, *children: nodes.Node, text: str | None = None) -> addnodes.pending_xref:
    """A reference to an explicit label anywhere in the site (checked by ``-n``)."""
    ref = addnodes.pending_xref(
        "", refdomain="std", reftype="ref", reftarget=label, refexplicit=True, refwarn=True
    )
    if text is not None:
        ref += nodes.inline(text, text)
    for child in children:
        ref += child
    return ref


def linked_text(text: str) -> list[nodes.Node]:
    """``text`` with every clause ID and ruling ID in it linked to its anchor
    (glossary terms are linked on every page by :mod:`.glossary`)."""
    out: list[nodes.Node] = []
    pos = 0
    for m in _CLAUSE_OR_RULING.finditer(text):
        if m.start() > pos:
            out.append(nodes.Text(text[pos : m.start()]))
        word = m.group(0)
        label = ruling_label(word) if word.startswith("R") else clause_label(word)
        out.append(xref(label, text=word))
        pos = m.end()
    if pos < len(text):
        out.append(nodes.Text(text[pos:]))
    return out


def rich_text(text: str) -> list[nodes.Node]:
    """The engine's one-line texts: `backticked` spans as code, IDs linked."""
    out: list[nodes.Node] = []
    for i, part in enumerate(text.split("`")):
        if i % 2:
            out.append(literal(part))
        elif part:
            out.extend(linked_text(part))
    return out


def board_legend(seat: int | None = None, name: str | None = None) -> nodes.paragraph:
    """What a board's labels mean (:func:`lld.drawing.board_html` draws them as
    HTML; here they are text, so the glossary links reach their terms). ``name``:
    what the page calls the seat whose view it is."""
    who = name or f"Seat {seat}"
    view = "" if seat is None else f" {who}'s view shows the other hands face down."
    return para(
        "A board shows every player's hand (the dealer and the eldest marked), their won"
        " pile and, once they have lain down, the cards they put on the table; then the"
        " table, and the pot with each player's net stakes so far." + view,
        classes=["lld-caption", "lld-board-legend"],
    )


def site_page(env: BuildEnvironment, names: Sequence[str] = (), anchors: bool = False) -> Page:
    """How the site's pages draw the library's steps, outcomes and deals
    (:class:`lld.drawing.Page`): each ruling linked to its section of the rules
    page, the players by ``names`` (as readers count them), one drawing of each
    card per page, no option named; with ``anchors``, each step a ``#step-N``."""
    rules = env.app.builder.get_relative_uri(env.docname, RULES_PAGE.removesuffix(".html"))

    def link(ruling_id: str) -> str:
        # The link is raw HTML, which Sphinx's -n does not check: the registry does.
        concordance().ruling(ruling_id)
        href = escape(f"{rules}#{ruling_fragment(ruling_id)}")
        return f'<a class="reference internal" href="{href}">{escape(ruling_id)}</a>'

    return Page(
        link=link, names=tuple(names) or None, shared=True, anchors=anchors, identifiers=False
    )


#: The attribute that marks a raw node as the library's HTML, whose text the
#: glossary's links reach (:mod:`.glossary`).
LIBRARY_HTML = "lld_library_html"


def html_tokens(markup: str, literal: Sequence[str] = ("code", "svg")) -> Iterator[tuple[str, str]]:
    """smartquotes' tokens of ``markup`` (``tag``, ``text``), the text inside the
    ``literal`` elements (code and the cards' drawings) marked ``literal``."""
    pattern = re.compile(rf"<(/?)({'|'.join(literal)})\b[^>]*?(/?)>")
    depth = 0
    for kind, text in tokenize(markup):
        if kind == "tag" and (m := pattern.match(text)) and not m.group(3):
            depth += -1 if m.group(1) else 1
        yield ("literal" if kind == "text" and depth else kind), text


def library_html(env: BuildEnvironment, markup: str) -> nodes.raw:
    """The library's HTML (:mod:`lld.drawing`) as a node, its quotes, dashes and
    ellipses set as Sphinx sets the page's own text (its smartquotes pass raw HTML
    by), and marked for the glossary's links."""
    config = env.config
    if config.smartquotes:
        language = config.language or "en"
        tokens = html_tokens(markup)
        markup = "".join(educate_tokens(tokens, config.smartquotes_action, language))
    node = raw_html(markup)
    node[LIBRARY_HTML] = True
    return node


def told_html(env: BuildEnvironment, page: Page, outcome: OutcomeView, told: str) -> nodes.raw:
    """A replay's outcome in a reader's words (``told``), inline, its rulings
    linked: :func:`lld.drawing.outcome_html`, which draws the cells' outcomes too."""
    return library_html(env, outcome_html(outcome, page, told=told, brief=True))


def para(*children: nodes.Node | str, classes: Sequence[str] = ()) -> nodes.paragraph:
    p = nodes.paragraph(classes=list(classes))
    for child in children:
        p += nodes.Text(child) if isinstance(child, str) else child
    return p


def strong(text: str) -> nodes.strong:
    return nodes.strong(text, text)


def literal(text: str) -> nodes.literal:
    return nodes.literal(text, text)


def emphasis(text: str) -> nodes.emphasis:
    return nodes.emphasis(text, text)


def raw_html(markup: str) -> nodes.raw:
    return nodes.raw("", markup, format="html")


def target(label: str, document: nodes.document) -> nodes.target:
    """An explicit, stable anchor named ``label`` (a label for ``{ref}``)."""
    node = nodes.target("", "", ids=[label], names=[label])
    document.note_explicit_target(node)
    return node


def table(
    headers: Sequence[str],
    rows: Iterable[Sequence[nodes.Node | str]],
    widths: Sequence[int] | None = None,
    classes: Sequence[str] = (),
) -> nodes.table:
    """A plain table; a cell is text or a node."""
    tbl = nodes.table(classes=["lld-table", *classes])
    group = nodes.tgroup(cols=len(headers))
    tbl += group
    for w in widths or [1] * len(headers):
        group += nodes.colspec(colwidth=w)
    head = nodes.thead()
    group += head
    head += _row(headers)
    body = nodes.tbody()
    group += body
    for cells in rows:
        body += _row(cells)
    return tbl


def _row(cells: Sequence[nodes.Node | str]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        if isinstance(cell, (str, nodes.Inline, nodes.Text)):
            entry += para(cell)
        else:
            entry += cell
        row += entry
    return row

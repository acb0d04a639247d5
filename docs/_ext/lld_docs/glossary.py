"""Glossary links: every page links the glossary's terms where it uses them.

A post-transform (it runs as each page is written, on the resolved doctree)
finds the terms of the site's ``{glossary}`` in the text of every page but the
glossary's own, and links the first use of each term in each part of a page (a
page's top level and each of its second-level sections, so a ruling reached by
its anchor links its own terms) to the term's entry. The terms come from the
glossary itself (the standard domain's ``term`` objects): a term added to
``glossary.md`` is linked everywhere by the next build, with no list kept here.

No library does this: Sphinx links a term only where a page writes
``{term}`...```, and the extensions on the package index that touch glossaries
render or pop up those explicit references; none finds terms in running text.

Left alone: headings, tab labels, code, raw HTML (but for the library's
drawings of steps and outcomes, whose text is linked as the page's is), and
text already inside a link. Quotations are linked: a link changes no word of
the source.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import escape
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.nodes import make_refnode

from .common import LIBRARY_HTML, html_tokens

#: The classes of the link's text: Sphinx's own for a term reference, and ours
#: (``_static/lld.css`` draws these links quieter than the site's other links).
TERM_CLASSES = ["xref", "std", "std-term", "lld-term"]

#: The forms of a term that are the same word, past regular plurals. English
#: verbs need a lemmatiser's word lists to inflect; this glossary's few verbs
#: are written out instead.
INFLECTIONS = {
    "mate": ("mated", "mates", "mating"),
    "lie down": ("lies down", "lying down", "lay down", "lain down"),
    "lay down": ("lays down", "laying down", "laid down"),
    "play down": ("plays down", "playing down", "played down"),
    "pair royal": ("pairs royal",),
    "capture": ("captured", "capturing"),
    "claim": ("claimed", "claiming"),
    "cut": ("cutting",),
    "lift": ("lifted", "lifting"),
}

#: Phrases that hold a term's words without meaning it: the game's own name, and
#: the site's pages on its own making, where a network or a release is cut and
#: a handout is not typed by hand.
NOT_TERMS = (
    "Laugh and Lie Down",
    "network cut off",
    "cut a release",
    "versions cut",
    "by hand",
)

#: Nodes whose text is never linked: headings, labels, code, links, the
#: glossary's own terms, and API signatures.
_SKIP = (
    nodes.title,
    nodes.subtitle,
    nodes.rubric,
    nodes.literal,
    nodes.FixedTextElement,
    nodes.raw,
    nodes.reference,
    nodes.target,
    nodes.term,
    nodes.comment,
    nodes.math,
    addnodes.pending_xref,
    addnodes.desc_signature,
    addnodes.toctree,
    addnodes.compact_paragraph,
)


def _forms(term: str) -> list[str]:
    """The spellings of ``term`` found in text: itself, its plural, its inflections."""
    last = term.rsplit(" ", 1)[-1]
    plural = "es" if last.endswith(("s", "sh", "ch", "x")) else "s"
    return [term, term + plural, *INFLECTIONS.get(term, ())]


def _pattern(form: str) -> str:
    """A form as a regex: a space may be a hyphen or a line break, an apostrophe curly."""
    words = (re.escape(w).replace("'", "['’]") for w in re.split(r"[\s\-]+", form))
    return r"[\s\-]+".join(words)


#: The phrases of NOT_TERMS as text holds them (across a line break, say).
_NOT_TERMS = re.compile("|".join(_pattern(n) for n in NOT_TERMS), re.IGNORECASE)


def term_matcher(terms: list[str]) -> tuple[re.Pattern[str], dict[str, str]]:
    """A regex for every form of ``terms`` (longest first, whole words only, any
    case) and the term each lowercased, space-normalised form stands for."""
    form_of: dict[str, str] = {}
    for term in terms:
        for form in _forms(term):
            # A form that is itself a term (``lay down`` is ``lie down``'s past) is that term.
            form_of.setdefault(_normal(form), form if form in terms else term)
    forms = sorted(form_of, key=len, reverse=True)
    regex = r"(?<![\w\-])(?:" + "|".join(_pattern(f) for f in forms) + r")(?![\w\-])"
    return re.compile(regex, re.IGNORECASE), form_of


def _normal(text: str) -> str:
    return re.sub(r"[\s\-]+", " ", text.lower()).replace("’", "'")


def _scope(node: nodes.Node, doc: nodes.document) -> nodes.Element:
    """The part of the page a term is linked once in: its second-level section,
    or the page."""
    sections = [a for a in _ancestors(node) if isinstance(a, nodes.section)]
    return sections[-2] if len(sections) >= 2 else doc


def _ancestors(node: nodes.Node) -> Iterator[nodes.Element]:
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


class GlossaryLinks(SphinxPostTransform):
    """Link the first use of each glossary term in each part of a page."""

    # After the references are resolved (10): text they hold is then a reference.
    default_priority = 20

    def run(self, **kwargs: Any) -> None:
        std = self.env.domains.standard_domain
        entries = {
            name.lower(): (docname, labelid)
            for (kind, name), (docname, labelid) in std.objects.items()
            if kind == "term"
        }
        docname = self.env.current_document.docname
        if not entries or docname in {d for d, _ in entries.values()}:
            return
        regex, form_of = term_matcher(sorted(entries))
        # Where a page links a term itself ({term}`…`), that part of it needs no other link.
        # (They are drawn as the links added here are.)
        by_label = {labelid: term for term, (_, labelid) in entries.items()}
        linked: set[tuple[int, str]] = set()
        for ref in self.document.findall(nodes.reference):
            label = ref.get("refuri", "").rpartition("#")[2]
            if label in by_label:
                linked.add((id(_scope(ref, self.document)), by_label[label]))
                ref["classes"].append("lld-term-link")

        def found(source: str, scope: int) -> list[tuple[int, int, str]]:
            """The terms to link in ``source``: where each is, and which term; each is
            then linked in its part of the page."""
            names = [range(n.start(), n.end()) for n in _NOT_TERMS.finditer(source)]
            out = []
            for m in regex.finditer(source):
                term = form_of.get(_normal(m.group(0)))
                if term is None or (scope, term) in linked:
                    continue
                if any(m.start() in name for name in names):
                    continue
                linked.add((scope, term))
                out.append((m.start(), m.end(), term))
            return out

        # In the page's order, so that the first use of a term is linked, whether it
        # is the page's text or the library's drawing of a step or an outcome.
        for node in list(self.document.findall(_text_or_library_html)):
            scope = id(_scope(node, self.document))
            if isinstance(node, nodes.raw):
                markup = "".join(
                    self._linked_html(text, found(text, scope), entries, docname)
                    if kind == "text"
                    else text
                    for kind, text in html_tokens(node.astext(), literal=("code", "svg", "a"))
                )
                node.replace(node.children[0], nodes.Text(markup))
                continue
            source = str(node)
            parts: list[nodes.Node] = []
            pos = 0
            for start, end, term in found(source, scope):
                target_doc, labelid = entries[term]
                word = source[start:end]
                content = nodes.inline(word, word, classes=TERM_CLASSES)
                ref = make_refnode(self.app.builder, docname, target_doc, labelid, content)
                ref["reftitle"] = f"{term} (glossary)"
                ref["classes"].append("lld-term-link")
                parts += [nodes.Text(source[pos:start]), ref]
                pos = end
            if parts:
                parts.append(nodes.Text(source[pos:]))
                parent = node.parent
                assert parent is not None
                parent.replace(node, [p for p in parts if not isinstance(p, nodes.Text) or p])

    def _linked_html(
        self,
        text: str,
        found: list[tuple[int, int, str]],
        entries: dict[str, tuple[str, str]],
        docname: str,
    ) -> str:
        """``text`` (HTML between tags) with the terms ``found`` linked as Sphinx
        draws the links made above."""
        out: list[str] = []
        pos = 0
        for start, end, term in found:
            target_doc, labelid = entries[term]
            href = f"{self.app.builder.get_relative_uri(docname, target_doc)}#{labelid}"
            out += [
                text[pos:start],
                f'<a class="lld-term-link reference internal" href="{escape(href)}"'
                f' title="{escape(term)} (glossary)"><span class="{" ".join(TERM_CLASSES)}">'
                f"{text[start:end]}</span></a>",
            ]
            pos = end
        out.append(text[pos:])
        return "".join(out)


def _text_or_library_html(node: nodes.Node) -> bool:
    """A text of the page that may name a term: its own text (not in a heading, code,
    a link …), or the library's HTML (:func:`.common.library_html`)."""
    if isinstance(node, nodes.raw):
        return bool(node.get(LIBRARY_HTML))
    return isinstance(node, nodes.Text) and not _skipped(node)


def _skipped(text: nodes.Text) -> bool:
    return any(isinstance(a, _SKIP) for a in _ancestors(text))


def setup_glossary_links(app: Sphinx) -> None:
    app.add_post_transform(GlossaryLinks)

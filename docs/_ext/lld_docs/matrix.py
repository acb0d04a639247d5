"""``{concordance-matrix}``: rulings × sources, what each source's clauses say."""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from lld.concordance import Ruling

from .common import (
    concordance,
    note_engine_dependencies,
    para,
    ruling_label,
    source_label,
    source_page_label,
    strong,
    table,
    xref,
)


def _cell(ruling: Ruling, source: str) -> nodes.Node:
    c = concordance()
    ids = ruling.sources[source]
    if not ids:
        return para("—", classes=["lld-silent"])
    words: list[str] = []
    for clause_id in ids:
        clause = c.clause(clause_id)
        # The values in the registry's few words (as on the contested index).
        word = " / ".join(c.value_words(clause)) if clause.values else clause.reading
        if clause.copies:
            word += " (copied)"
        if word not in words:
            words.append(word)
    return para("; ".join(words))


class ConcordanceMatrixDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        c = concordance()
        headers = ["Ruling", *(source_label(s.id) for s in c.sources)]
        rows = [
            [para(xref(ruling_label(r.id), strong(r.id)), " ",
                  nodes.inline(r.title, r.title, classes=["lld-caption"])),
             *(_cell(r, s.id) for s in c.sources)]
            for r in c.rulings
        ]  # fmt: skip
        legend = para(
            "Each cell gives the answer the source's clauses support, or how they bear on the"
            " ruling (states, silent, ambiguous, damaged, self-contradictory, or witnesses: a"
            " term's meaning, or a practice of another game, which is no rule of this one);"
            " — means the source has nothing on it. The sources: ",
            *[
                n
                for i, s in enumerate(c.sources)
                for n in ((", " if i else ""), xref(source_page_label(s.id), text=s.author))
            ],
            ".",
        )
        return [legend, table(headers, rows, widths=[4, 3, 3, 3, 3, 2], classes=["lld-matrix"])]

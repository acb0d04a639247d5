"""``{source} parlett``: one source's bibliography, relations, damage and clauses.

Every clause gets a stable anchor (``p-9``) that the rulings link to.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from lld.concordance import Relation
from lld.handout.cite import long_date

from .common import (
    concordance,
    emphasis,
    linked_text,
    note_engine_dependencies,
    para,
    ruling_label,
    source_label,
    source_page_label,
    strong,
    target,
    xref,
)
from .ruling import clause_paragraph

#: Readings that mark a flaw of the copy or the text, shown under "Damage and inconsistencies".
FLAWS = ("damaged", "self-contradictory")


def _section(title: str, label: str) -> nodes.section:
    section = nodes.section(ids=[label], names=[label])
    section += nodes.title(title, title)
    return section


def _relation(rel: Relation) -> nodes.paragraph:
    subject, other = rel.source, rel.to
    parts: list[nodes.Node | str] = [
        xref(source_page_label(subject), text=source_label(subject)),
        f" {rel.kind} ",
        xref(source_page_label(other), text=source_label(other)),
        ": ",
        *linked_text(rel.evidence),
    ]
    if rel.quote:
        parts += [" (", emphasis(f"“{rel.quote}”"), ")"]
    return para(*parts)


class SourceDirective(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        c = concordance()
        source = c.source(self.arguments[0])
        doc = self.state.document
        sid = source.id
        out: list[nodes.Node] = []

        bib = nodes.field_list(classes=["lld-bibliography"])
        for name, value in (
            ("Author", source.author),
            ("Title", source.title),
            ("Collection", source.collection),
            ("Date", source.date),
            ("Version", source.version),
            ("Where", source.address),
            ("Rests on", source.based_on),
        ):
            if value:
                bib += nodes.field(
                    "", nodes.field_name(name, name), nodes.field_body("", para(value))
                )
        if source.url:
            link = nodes.reference(source.url, source.url, refuri=source.url)
            body = para(link, f" (accessed {long_date(source.accessed)})")
            bib += nodes.field(
                "", nodes.field_name("On the web", "On the web"), nodes.field_body("", body)
            )
        out.append(bib)
        if source.notes:
            out.append(para(*linked_text(source.notes)))

        relations = _section("Relations to the other sources", f"{sid}-relations")
        outgoing = c.relations_of(sid)
        incoming = tuple(r for r in c.relations if r.to == sid)
        for rel in outgoing:
            relations += _relation(rel)
        for rel in incoming:
            relations += _relation(rel)
        if not outgoing and not incoming:
            relations += para(emphasis("It neither copies nor is copied by another source."))
        out.append(relations)

        flaws = _section("Damage and inconsistencies", f"{sid}-flaws")
        flawed = [cl for cl in c.clauses_of(sid) if cl.reading in FLAWS]
        for clause in flawed:
            flaws += clause_paragraph(clause)
            flaws += para(emphasis("Note: "), *linked_text(clause.note), classes=["lld-note"])
        if not flawed:
            flaws += para(emphasis("No clause of this copy is damaged or self-contradictory."))
        out.append(flaws)

        clauses = _section("Every clause, with the rulings it bears on", f"{sid}-clauses")
        for clause in c.clauses_of(sid):
            clauses += target(clause.id.lower(), doc)
            clauses += clause_paragraph(clause)
            rulings: list[nodes.Node | str] = [strong("Rulings: ")]
            for i, rid in enumerate(clause.rulings):
                rulings += [", " if i else "", xref(ruling_label(rid), text=rid)]
            rulings += [". ", *linked_text(clause.note)]
            clauses += para(*rulings, classes=["lld-note"])
        out.append(clauses)
        return [target(source_page_label(sid), doc), *out]

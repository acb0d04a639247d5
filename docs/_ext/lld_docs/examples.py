"""``{example-hands}``: every hand record in ``examples/``, its deal drawn as cards.

Each example gets a section with the stable label ``example-<file stem>``: its
title, the rulings it shows, its notes, the deal (from the record, or dealt by
the engine from the record's seed), the moves with their comments and the
result. The step-through comes with the read-model (``steps``).
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from lld.demonstrate import examples_directory, reading_under
from lld.drawing import deal_html
from lld.position import Position
from lld.record import HandRecord, load_record

from .common import (
    library_html,
    linked_text,
    literal,
    note_engine_dependencies,
    para,
    rich_text,
    ruling_label,
    site_page,
    strong,
    xref,
)
from .steps import names_for, table_for


def example_label(path: Path) -> str:
    return "example-" + path.stem


def deal_figure(env: BuildEnvironment, rec: HandRecord) -> nodes.raw:
    """The hands, won piles and table as the engine deals them from the record
    (:func:`lld.drawing.deal_html`), the players as the pages name them."""
    return library_html(env, deal_html(Position.of(rec.new_game()), site_page(env, names_for(rec))))


def example_section(env: BuildEnvironment, path: Path, doc: nodes.document) -> nodes.section:
    rec = load_record(str(path))
    label = example_label(path)
    section = nodes.section(ids=[label], names=[label], classes=["lld-example"])
    doc.note_explicit_target(section)
    title = rec.title or path.name
    section += nodes.title(title, title)
    table = table_for(rec)
    # The reading in words; its identifiers beside, in code, for the API's readers.
    facts: list[nodes.Node | str] = [
        literal(path.name), f": {rec.players} players, on ",
        *linked_text(reading_under(rec.ruleset, rec.options)),
        " (", literal(f"ruleset: {rec.ruleset}"),
    ]  # fmt: skip
    for name, value in rec.options:
        facts += [", ", literal(f"{name}={'none' if value is None else value}")]
    facts.append("). Rulings: ")
    for i, rid in enumerate(rec.rulings):
        facts += [", " if i else "", xref(ruling_label(rid), text=rid)]
    section += para(*facts)
    section += para(
        strong("Step through it: "),
        xref(f"hand-{path.stem}", text="every hand shown"),
        ", or as one player saw it: ",
        *[
            node
            for s in range(rec.players)
            for node in ([", "] if s else [])
            + [xref(f"hand-{path.stem}-seat-{s}", text=table.plain_name(s))]
        ],
        ".",
    )
    if rec.note:
        section += para(*rich_text(rec.note))
    for comment in rec.comments:
        section += para(*rich_text(comment), classes=["lld-caption"])
    section += deal_figure(env, rec)
    moves = nodes.enumerated_list(classes=["lld-moves"])
    for line in rec.moves:
        item = para(literal(str(line.move)))
        if line.comment:
            item += nodes.Text(f" — {line.comment}")
        moves += nodes.list_item("", item)
    section += para(strong("Moves"))
    section += moves
    if rec.result is not None:
        result = table.result(rec.result.net, rec.result.last_player, rec.result.pot_left)
        section += para(strong("Result: "), f"{result[:1].upper()}{result[1:]}.")
    return section


class ExampleHandsDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        directory = examples_directory()
        if directory is None:
            raise self.error("no examples directory with *.lld files")
        doc = self.state.document
        # The whole hands first: a class follows a whole hand before the short
        # positions that each show one ruling (named rNN-…, examples/README.md).
        paths = sorted(
            directory.glob("*.lld"), key=lambda p: (not p.stem.startswith("whole-"), p.name)
        )
        return [example_section(self.env, p, doc) for p in paths]

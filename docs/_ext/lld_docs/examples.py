"""``{example-hands}``: every hand record in ``examples/``, its deal drawn as cards.

Each example gets a section with the stable label ``example-<file stem>``: its
title, the rulings it shows, its notes, the deal (from the record, or dealt by
the engine from the record's seed), the moves with their comments and the
result. The step-through comes with the read-model (``steps``).
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from lld import svg
from lld.cards import count
from lld.demonstrate import examples_directory, reading_under
from lld.narrate import table_of
from lld.record import HandRecord, load_record

from .common import (
    linked_text,
    literal,
    note_engine_dependencies,
    para,
    raw_html,
    rich_text,
    ruling_label,
    strong,
    xref,
)
from .steps import table_for


def example_label(path: Path) -> str:
    return "example-" + path.stem


def deal_figure(rec: HandRecord) -> nodes.container:
    """The hands, won piles and table as the engine deals them from the record."""
    game = rec.new_game()
    box = nodes.container(classes=["lld-deal"])
    for seat, hand in enumerate(game.hands):
        # Players as readers count them (from 1), or by the record's names.
        who = table_of(rec.players, game.dealer, rec.seats).plain_name(seat)
        who += " (dealer)" if seat == game.dealer else ""
        row = nodes.container(classes=["lld-seat"])
        row += para(strong(who.capitalize()))
        row += raw_html(str(svg.row(hand)))
        won = count(game.won[seat])
        if won:
            row += raw_html(str(svg.face_down(won)))
            row += para(f"{won} cards already won", classes=["lld-caption"])
        box += row
    table = nodes.container(classes=["lld-seat"])
    table += para(strong("Table"))
    table += raw_html(str(svg.row(game.table)))
    box += table
    return box


def example_section(path: Path, doc: nodes.document) -> nodes.section:
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
    section += deal_figure(rec)
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
        return [example_section(p, doc) for p in paths]

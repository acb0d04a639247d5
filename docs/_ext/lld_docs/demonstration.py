"""``{demonstration} R22``: the ruling's examples replayed under every preset.

Formats the :class:`lld.reports.RulingReport`'s behaviour: for each example, the
position where the readings part (``steps(record)[i].before``, ``i`` the first
move any reading's :func:`lld.replay.replay_under` outcome ``diverges_at``)
drawn as cards, a table of the settings that behave alike and what the replay
does under them, and the first divergence: for each reading, the step where it
leaves the recorded play and why (the rule and option that forbid the move, or
the events that move causes under it). The page's ``:expect:`` claims are
checked against it (see :mod:`.expect`).
"""

from __future__ import annotations

from docutils import nodes

from lld import svg
from lld.demonstrate import Demonstration, examples_directory
from lld.drawing import board, board_html
from lld.events import Event
from lld.narrate import table_of
from lld.record import HandRecord, load_record
from lld.replay import Step, steps

from .cells import ruling_cell
from .common import (
    RulingClaimDirective,
    board_legend,
    emphasis,
    literal,
    para,
    raw_html,
    rich_text,
    ruling_label,
    strong,
    table,
    xref,
)
from .examples import deal_figure


class DemonstrationDirective(RulingClaimDirective):
    def run(self) -> list[nodes.Node]:
        report = self.checked_report()
        out: list[nodes.Node] = [para(strong("Question: "), report.question)]
        if not report.behaviour:
            out.append(para(emphasis("No example hand demonstrates this ruling yet.")))
        directory = examples_directory()
        for demo in report.behaviour or ():
            box = nodes.container(classes=["lld-demonstration"])
            box += para(
                strong(demo.title or demo.example),
                " (",
                xref("example-" + demo.example.removesuffix(".lld"), text=demo.example),
                ", ",
                xref("hand-" + demo.example.removesuffix(".lld"), text="step through it"),
                "), replayed with ",
                literal(demo.setting),
                " and each setting of ",
                literal(demo.option),
                ":",
            )
            rec = load_record(str(directory / demo.example)) if directory else None
            played = steps(rec) if rec is not None else ()
            parts = [b.outcome.diverges_at for b in demo.behaviours]
            first = min((i for i in parts if i is not None), default=None)
            if rec is not None and first is not None and first < len(played):
                step = played[first]
                box += para(
                    strong(f"Where the readings part: before move {first + 1}, "),
                    literal(str(step.move)),
                    ":",
                )
                seen = {c for row in board(step.before) for c in row.cards}
                box += board_legend()
                box += raw_html(str(svg.defs(seen, back=False)))
                # Players as readers count them (from 1), or by the record's names.
                who = table_of(rec.players, step.before.dealer, rec.seats)
                names = [who.plain_name(s) for s in range(rec.players)]
                box += raw_html(board_html(step.before, svg.use_row, names))
            elif rec is not None:
                box += para(strong("The deal:"))
                box += deal_figure(rec)
            rows = [
                (b.label, para(literal(b.outcome.kind), " ", *rich_text(b.outcome.text)))
                for b in demo.behaviours
            ]  # fmt: skip
            box += table(["Setting", "What the replay does"], rows, widths=[2, 5])
            if not demo.presets_differ:
                box += para(emphasis("Every preset plays this example the same way."))
            if rec is not None:
                box += para(strong("First divergence"), " from the play as recorded:")
                box += divergence_list(demo, rec, played)
            out.append(box)
        out += ruling_cell(self, report)
        out.append(para("The sources' words: ", xref(ruling_label(report.id), text=report.id), "."))
        return out


def _move_events(events: tuple[Event, ...], start: int) -> tuple[Event, ...]:
    """The events of the move whose own event is ``events[start]``: up to the next move's."""
    tail = events[start:]
    end = next((j for j in range(1, len(tail)) if tail[j].move is not None), len(tail))
    return tail[:end]


def divergence_list(
    demo: Demonstration, rec: HandRecord, played: tuple[Step, ...]
) -> nodes.bullet_list:
    """For each reading: where it leaves the recorded play, and why."""
    out = nodes.bullet_list(classes=["lld-divergence"])
    for b in demo.behaviours:
        o = b.outcome
        item: list[nodes.Node | str] = [strong(b.label), ": "]
        if o.kind == "no_game":
            item += rich_text(o.text)
        elif o.diverges_at is None:
            item.append("plays every move as recorded")
            if o.same_result is False:
                item.append(", but the result differs")
        else:
            i = o.diverges_at
            move = str(rec.moves[i].move) if i < len(rec.moves) else "the end"
            item += [f"parts at move {i + 1}, ", literal(move), ": "]
            if o.kind == "illegal" and o.move_number == i + 1:
                item += [f"illegal: {o.reason} ("]
                item += [xref(ruling_label(o.rule), text=o.rule)] if o.rule else []
                item += [", ", literal(o.option)] if o.option else []
                item.append(")")
            elif o.kind == "ends_early" and o.move_number == i:
                item.append("the hand is already over")
            elif i < len(played):
                # The events before move i are the recorded ones: the readings part at i.
                mine = _move_events(o.events, len(played[i].before.events))
                item += ["as recorded: "]
                item += [emphasis("; ".join(e.describe() for e in played[i].events))]
                item += ["; under this reading: "]
                item += [emphasis("; ".join(e.describe() for e in mine) or "nothing")]
                rules = dict.fromkeys(e.rule for e in (*played[i].events, *mine))
                item.append(" (rulings ")
                for k, rid in enumerate(rules):
                    item += [", " if k else "", xref(ruling_label(rid), text=rid)]
                value = b.presets[0][1] if b.presets else b.unused_values[0]
                item += [", ", literal(f"{demo.option}={value}"), ")"]
        out += nodes.list_item("", para(*item))
    return out

"""``{demonstration} R22``: the ruling's examples replayed under every preset.

Formats the :class:`lld.reports.RulingReport`'s behaviour: for each example, the
position where the readings part (``steps(record)[i].before``, ``i`` the first
move any reading's :func:`lld.replay.replay_under` outcome ``diverges_at``)
drawn as cards, a table of the readings that behave alike and what the replay
does under them, and the first divergence: for each reading, the step where it
leaves the recorded play and why (the rule that forbids the move, or the events
that move causes under it). Every word a reader reads is the library's
(:meth:`lld.demonstrate.Demonstration.readings`, ``told``, ``partings`` and
``under``): the sources by name, the answers in the registry's words, the
players counted from 1; the option's identifier stands beside them as code. The
page's ``:expect:`` claims are checked against it (see :mod:`.expect`).
"""

from __future__ import annotations

from docutils import nodes
from sphinx.environment import BuildEnvironment

from lld.demonstrate import Demonstration, Parting, Reading
from lld.drawing import board_html, card_defs
from lld.replay import steps

from .cells import ruling_cell
from .common import (
    RulingClaimDirective,
    board_legend,
    emphasis,
    library_html,
    linked_text,
    literal,
    para,
    ruling_label,
    site_page,
    strong,
    table,
    told_html,
    xref,
)
from .examples import deal_figure


class DemonstrationDirective(RulingClaimDirective):
    def run(self) -> list[nodes.Node]:
        report = self.checked_report()
        out: list[nodes.Node] = [para(strong("Question: "), report.question)]
        if not report.behaviour:
            out.append(para(emphasis("No example hand demonstrates this ruling yet.")))
        for demo in report.behaviour or ():
            out.append(demonstration_box(self.env, demo))
        out += ruling_cell(self, report)
        out.append(para("The sources' words: ", xref(ruling_label(report.id), text=report.id), "."))
        return out


def demonstration_box(env: BuildEnvironment, demo: Demonstration) -> nodes.container:
    """One example: where the readings part, what each does, and where each leaves the record."""
    box = nodes.container(classes=["lld-demonstration"])
    name = demo.example.removesuffix(".lld")
    box += para(
        strong(demo.title or name),
        " (",
        xref("example-" + name, text="the example hand"),
        ", ",
        literal(demo.example),
        "; ",
        xref("hand-" + name, text="step through it"),
        "), replayed under ",
        *linked_text(demo.under),
        " and under each answer to this ruling:",
    )
    rec = demo.record
    played = steps(rec) if rec is not None else ()
    first = demo.parts_at
    # Players as readers count them (from 1), or by the record's names.
    names = [demo.table.plain_name(s) for s in range(rec.players)] if rec is not None else []
    page = site_page(env, names)
    if rec is not None and first is not None and first < len(played):
        step = played[first]
        box += para(
            strong(f"Where the readings part: the table before move {first + 1}"),
            f" (in the record, {demo.table.move(step.move)}):",
        )
        box += board_legend()
        box += library_html(env, card_defs([step.before]))
        box += library_html(env, board_html(step.before, page.draw(), page.names))
    elif rec is not None:
        box += para(strong("The deal:"))
        box += deal_figure(env, rec)
    rows = [
        (readings_cell(demo.readings(b)), para(told_html(env, page, b.outcome, demo.told(b))))
        for b in demo.behaviours
    ]
    box += table(["Reading", "What happens in this hand"], rows, widths=[2, 5])
    if not demo.presets_differ:
        box += para(emphasis("Every source's reading plays this example the same way."))
    if rec is not None:
        box += para(strong("First divergence"), " from the play as recorded:")
        box += divergence_list(demo.partings())
    return box


def readings_cell(readings: tuple[Reading, ...]) -> nodes.container:
    """Each answer in words, then who reads it so and (small, as code) the option's setting."""
    box = nodes.container(classes=["lld-readings"])
    for r in readings:
        box += para(strong(r.words))
        box += para(
            r.readers,
            " ",
            nodes.literal(r.identifier, r.identifier, classes=["lld-identifier"]),
            classes=["lld-note"],
        )
    return box


def _label(readings: tuple[Reading, ...]) -> list[nodes.Node | str]:
    """``du Coeur and Parlett`` (``nothing``); ``A reading no source gives`` (…)."""
    out: list[nodes.Node | str] = []
    for k, r in enumerate(readings):
        out += ["; " if k else "", strong(r.readers), f" ({r.words})"]
    return out


def divergence_list(partings: tuple[Parting, ...]) -> nodes.bullet_list:
    """For each reading: where it leaves the recorded play, and why."""
    out = nodes.bullet_list(classes=["lld-divergence"])
    for p in partings:
        item: list[nodes.Node | str] = [*_label(p.readings), " — ", *linked_text(p.says)]
        for lead, sentences in p.contrast:
            item += [" ", lead]
            item += [" ", emphasis(" ".join(sentences))] if sentences else []
        if p.rulings and p.contrast:
            item.append(" (")
            for k, rid in enumerate(p.rulings):
                item += [", " if k else "", xref(ruling_label(rid), text=rid)]
            item.append(")")
        ids = " ".join(r.identifier for r in p.readings)
        item += [" ", nodes.literal(ids, ids, classes=["lld-identifier"])]
        out += nodes.list_item("", para(*item))
    return out

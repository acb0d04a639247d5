"""``{step-through} r14-pair-royal-one-of-three.lld``: an example hand, move by move.

Renders :func:`lld.replay.steps` of the record: step 0 is the deal, step ``n``
the position after the ``n``-th move, each drawn as :func:`lld.drawing.board`
rows with the move, its comment, and every event it caused linked to its
ruling. Each step is a ``<div id="step-N">``, so ``#step-N`` opens it; the
buttons and the arrow keys are ``_static/lld.js``'s, and without script (or on
paper) every step is shown.

``:seat: 2`` draws each step from :class:`lld.observation.Observation` of seat
2 instead: the other hands are face-down counts, and the page's card drawings
(:func:`lld.svg.defs`) hold only the cards the seat sees at some step.

:func:`write_pages` writes a page for each record in ``examples/`` and one per
seat of it (``hands/<stem>.md``, ``hands/<stem>/seat-N.md``) before Sphinx reads
the sources, so a new record appears on the site by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from lld import svg
from lld.cards import count
from lld.demonstrate import examples_directory
from lld.drawing import board, board_html
from lld.events import Event
from lld.narrate import Table, table_of
from lld.observation import Observation
from lld.position import Position
from lld.record import HandRecord, load_record
from lld.replay import steps

from .cells import hand_cell
from .common import (
    board_legend,
    literal,
    note_engine_dependencies,
    para,
    raw_html,
    ruling_label,
    strong,
    xref,
)

#: Where the generated pages go, under ``docs/``.
PAGES = "hands"


def step_id(n: int) -> str:
    return f"step-{n}"


def _events(events: tuple[Event, ...], table: Table) -> nodes.bullet_list:
    """What happened, a sentence each, with the ruling that made it happen."""
    out = nodes.bullet_list(classes=["lld-step-events"])
    for e in events:
        out += nodes.list_item(
            "", para(table.event(e), " (", xref(ruling_label(e.rule), text=e.rule), ")")
        )
    return out


def _head(n: int, last: int, what: list[nodes.Node | str]) -> nodes.paragraph:
    link = nodes.reference("", "#", refuri=f"#{step_id(n)}", classes=["lld-step-link"])
    link["names"] = []
    return para(strong(f"Step {n} of {last}"), " — ", *what, " ", link, classes=["lld-step-head"])


def table_for(rec: HandRecord) -> Table:
    """The players as the pages name them: the record's names, or Player 1 … N
    (the dealer as the deal makes him: a record may leave him to the cut)."""
    return table_of(rec.players, Position.from_record(rec).dealer, rec.seats)


def _start(position: Position) -> str:
    """Where the hand starts, said plainly: from the deal, or late in a hand."""
    won = sum(count(pile) for pile in position.won)
    if not won:
        return "A whole hand, from the deal."
    return (
        f"This hand starts late in the play: {won} of the 52 cards are already in the"
        " players' won piles, so that the point it shows comes up within a move or two."
    )


def step_through(rec: HandRecord, seat: int | None) -> nodes.container:
    """Every step of ``rec``, drawn whole, or as ``seat`` sees it."""
    moves = steps(rec)
    positions = [moves[0].before if moves else Position.from_record(rec)]
    positions += [s.after for s in moves]
    views: list[Position | Observation] = list(positions)
    if seat is not None:
        views = [Observation.of(p.game(), seat) for p in positions]
    seen: set[int] = set()
    for view in views:
        for row in board(view):
            seen.update(row.cards)
    root = nodes.container(classes=["lld-steps"])
    table = table_for(rec)
    root += board_legend(seat, None if seat is None else table.plain_name(seat))
    root += raw_html(str(svg.defs(seen)))
    last = len(moves)
    names = [table.plain_name(s) for s in range(rec.players)]
    deal = nodes.container(ids=[step_id(0)], classes=["lld-step"])
    deal += _head(0, last, ["the deal"])
    deal += para(_start(positions[0]), classes=["lld-caption"])
    deal += _events(positions[0].events, table)
    deal += raw_html(board_html(views[0], svg.use_row, names))
    root += deal
    for n, step in enumerate(moves, start=1):
        box = nodes.container(ids=[step_id(n)], classes=["lld-step"])
        put_down = step.after.lie_downs[step.seat]
        told = table.event(step.events[0], put_down)
        what: list[nodes.Node | str] = [told, " ", literal(str(step.move))]
        box += _head(n, last, what)
        # The record's comments are written seeing every hand: not in a seat's view.
        if step.comment and seat is None:
            box += para(step.comment, classes=["lld-caption"])
        allowed: list[nodes.Node | str] = ["Allowed by "]
        for i, rid in enumerate(step.rulings):
            allowed += [", " if i else "", xref(ruling_label(rid), text=rid)]
        box += para(*allowed, ".")
        if step.events[1:]:
            box += para("Then:", classes=["lld-step-then"])
            box += _events(step.events[1:], table)
        box += raw_html(board_html(views[n], svg.use_row, names))
        root += box
    return root


class StepThroughDirective(SphinxDirective):
    required_arguments = 1
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "seat": directives.nonnegative_int,
    }

    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        directory = examples_directory()
        path = None if directory is None else directory / self.arguments[0]
        if path is None or not path.exists():
            raise self.error(f"{{step-through}}: no example {self.arguments[0]!r}")
        rec = load_record(str(path))
        seat = self.options.get("seat")
        if seat is not None and seat >= rec.players:
            raise self.error(f"{{step-through}}: {path.name} has {rec.players} seats, not {seat}")
        return [step_through(rec, seat), *(hand_cell(self, rec, path.name) if seat is None else ())]


def hand_label(stem: str, seat: int | None = None) -> str:
    return f"hand-{stem}" + ("" if seat is None else f"-seat-{seat}")


def _pages(path: Path) -> dict[str, str]:
    """The generated pages of one record, by path under ``hands/``."""
    rec = load_record(str(path))
    stem = path.stem
    title = (rec.title or path.name).replace("\n", " ")
    table = table_for(rec)
    seats = " · ".join(f"[{table.plain_name(s)}]({stem}/seat-{s}.md)" for s in range(rec.players))
    story = " ".join((rec.note or "").split())
    pages = {
        f"{stem}.md": (
            f"({hand_label(stem)})=\n# {title}\n\n"
            + (f"{story}\n\n" if story else "")
            + f"Every hand is shown, step by step; more about it under {{ref}}`the example"
            f" <example-{stem}>`. The hand as one player saw it, the others face down:"
            f" {seats}.\n\n"
            f"{NOTATION}\n\n"
            f"Step with the buttons or the left and right arrow keys; `#step-N` in the "
            f"address opens step N.\n\n"
            f"```{{step-through}} {path.name}\n```\n"
        )
    }
    for s in range(rec.players):
        # Linked from the hand's page, not listed in the site's navigation.
        pages[f"{stem}/seat-{s}.md"] = (
            f"---\norphan: true\n---\n\n"
            f"({hand_label(stem, s)})=\n# {title}: {table.plain_name(s)}'s view\n\n"
            f"Only what {table.plain_name(s)} could know at each step: the other hands are"
            f" face down. [Every hand shown](../{stem}.md).\n\n"
            f"{NOTATION}\n\n"
            f"```{{step-through}} {path.name}\n:seat: {s}\n```\n"
        )
    return pages


#: The notation, explained once on each hand's page.
NOTATION = (
    "Each step tells the move in words, then gives it in the notation the hand"
    " records use. The notation counts seats from 0 around the table, so `2:` is"
    " the third player (Player 3): `2: 5D x 5C` is that player taking the five of"
    " clubs from the table with the five of diamonds; `2: lay 7C 7S` lays a pair"
    " down from the hand; `2: lie` lies down; `2: claim 5C 5S` claims an oversight."
    " Ranks are A, 2 to 9, T (ten), J, Q, K; suits C, D, H, S."
)


def write_pages(app: Sphinx) -> None:
    """Write (only where changed) a page per example and per seat; remove stale ones."""
    if not app.config.lld_hand_pages:
        return
    directory = examples_directory()
    out = Path(app.srcdir) / PAGES
    wanted: dict[str, str] = {}
    for path in sorted(directory.glob("*.lld")) if directory else []:
        wanted.update(_pages(path))
    for rel, text in wanted.items():
        target = out / rel
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    for old in out.rglob("*.md") if out.exists() else []:
        if old.relative_to(out).as_posix() not in wanted:
            old.unlink()

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
from lld.demonstrate import examples_directory
from lld.drawing import board, board_html
from lld.events import Event
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


def _events(events: tuple[Event, ...]) -> nodes.bullet_list:
    out = nodes.bullet_list(classes=["lld-step-events"])
    for e in events:
        out += nodes.list_item(
            "", para(e.describe(), " (", xref(ruling_label(e.rule), text=e.rule), ")")
        )
    return out


def _head(n: int, last: int, what: list[nodes.Node | str]) -> nodes.paragraph:
    link = nodes.reference("", "#", refuri=f"#{step_id(n)}", classes=["lld-step-link"])
    link["names"] = []
    return para(strong(f"Step {n} of {last}"), " — ", *what, " ", link, classes=["lld-step-head"])


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
    root += board_legend(seat)
    root += raw_html(str(svg.defs(seen)))
    last = len(moves)
    deal = nodes.container(ids=[step_id(0)], classes=["lld-step"])
    deal += _head(0, last, ["the deal"])
    deal += _events(positions[0].events)
    deal += raw_html(board_html(views[0], svg.use_row))
    root += deal
    for n, step in enumerate(moves, start=1):
        box = nodes.container(ids=[step_id(n)], classes=["lld-step"])
        what: list[nodes.Node | str] = [f"seat {step.seat}: ", literal(str(step.move))]
        box += _head(n, last, what)
        # The record's comments are written seeing every hand: not in a seat's view.
        if step.comment and seat is None:
            box += para(step.comment, classes=["lld-caption"])
        allowed: list[nodes.Node | str] = ["Allowed by "]
        for i, rid in enumerate(step.rulings):
            allowed += [", " if i else "", xref(ruling_label(rid), text=rid)]
        if step.options:
            allowed += [" with ", *(literal(o) for o in step.options)]
        box += para(*allowed, ".")
        box += _events(step.events)
        box += raw_html(board_html(views[n], svg.use_row))
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
    seats = " · ".join(f"[seat {s}]({stem}/seat-{s}.md)" for s in range(rec.players))
    pages = {
        f"{stem}.md": (
            f"({hand_label(stem)})=\n# {title}\n\n"
            f"`{path.name}` step by step: every hand is shown. Its notes are under "
            f"{{ref}}`the example <example-{stem}>`. What one seat could see: {seats}.\n\n"
            f"Step with the buttons or the left and right arrow keys; `#step-N` in the "
            f"address opens step N.\n\n"
            f"```{{step-through}} {path.name}\n```\n\n"
            "```{toctree}\n:hidden:\n\n"
            + "".join(f"{stem}/seat-{s}\n" for s in range(rec.players))
            + "```\n"
        )
    }
    for s in range(rec.players):
        pages[f"{stem}/seat-{s}.md"] = (
            f"({hand_label(stem, s)})=\n# {title}: seat {s}'s view\n\n"
            f"Only what seat {s} could know at each step: the other hands are face down. "
            f"[Every hand shown](../{stem}.md).\n\n"
            f"```{{step-through}} {path.name}\n:seat: {s}\n```\n"
        )
    return pages


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

"""``{step-through} r14-pair-royal-one-of-three.lld``: an example hand, move by move.

Renders :func:`lld.step_through.hand_html` of the record, with the site's
:class:`lld.drawing.Page` (:func:`.common.site_page`): step 0 is the deal, step
``n`` the position after the ``n``-th move, each with the move in words and in
notation, its comment, and every event it caused linked to its ruling. Each step
is a ``<div id="step-N">``, so ``#step-N`` opens it; the buttons and the arrow
keys are ``_static/lld.js``'s, and without script (or on paper) every step is
shown. The library draws the steps (the same renderer as the cells' and a
notebook's); this module only frames them.

``:seat: 2`` draws each step from :class:`lld.observation.Observation` of seat
2 instead: the other hands are face-down counts, and the page's card drawings
hold only the cards the seat sees at some step.

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
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from lld.demonstrate import examples_directory
from lld.narrate import Table, table_of
from lld.position import Position
from lld.record import HandRecord, load_record
from lld.step_through import hand_html

from .cells import hand_cell
from .common import board_legend, library_html, note_engine_dependencies, site_page

#: Where the generated pages go, under ``docs/``.
PAGES = "hands"


def table_for(rec: HandRecord) -> Table:
    """The players as the pages name them: the record's names, or Player 1 … N
    (the dealer as the deal makes him: a record may leave him to the cut)."""
    return table_of(rec.players, Position.from_record(rec).dealer, rec.seats)


def names_for(rec: HandRecord) -> tuple[str, ...]:
    """What the pages call each seat of ``rec`` (:func:`table_for`)."""
    table = table_for(rec)
    return tuple(table.plain_name(s) for s in range(rec.players))


def step_through(env: BuildEnvironment, rec: HandRecord, seat: int | None) -> nodes.container:
    """Every step of ``rec``, drawn whole, or as ``seat`` sees it."""
    names = names_for(rec)
    root = nodes.container(classes=["lld-steps"])
    # The legend is the page's text, so that the glossary's links reach its terms.
    root += board_legend(seat, None if seat is None else names[seat])
    root += library_html(env, hand_html(rec, site_page(env, names, anchors=True), seat))
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
        return [
            step_through(self.env, rec, seat),
            *(hand_cell(self, rec, path.name) if seat is None else ()),
        ]


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

"""Positions and one seat's view drawn as cards: the rows a board shows, and their HTML.

:func:`board` reads a :class:`~lld.position.Position` (everything on the table)
or an :class:`~lld.observation.Observation` (what one seat can know) into
:class:`BoardRow` s: each seat's hand, its won pile, the cards it put on the table
when it lay down, then the table and the pot. From an observation the other seats' hands
are only counts, so a drawing of it holds no card hidden from that seat.
:func:`board_html` draws the rows with :mod:`lld.svg`; it is what
``Position._repr_html_`` and ``Observation._repr_html_`` show in a notebook,
and the site draws the same rows (with shared card drawings, :func:`lld.svg.use_row`).

>>> from lld.game import Game
>>> from lld.presets import ruleset
>>> from lld.observation import Observation
>>> from lld.position import Position
>>> g = Game.new(ruleset("parlett"), players=3, seed=2)
>>> [r.label for r in board(Position.of(g))][:3]
['Seat 0 (dealer)', 'Seat 1 (eldest)', 'Seat 2']
>>> mine = board(Observation.of(g, 1))
>>> [(r.label, len(r.cards), r.hidden) for r in mine[:3]]
[('Seat 0 (dealer)', 0, 13), ('Seat 1 (eldest, this seat)', 13, 0), ('Seat 2', 0, 13)]
>>> html = board_html(Observation.of(g, 1))
>>> 'role="group"' in html and 'aria-label="What seat 1 can see' in html
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import NamedTuple, Protocol

from lld import svg
from lld.cards import count, iter_cards
from lld.ledger import Amount, format_amount

#: How a ruling is shown: its ID as HTML (a link, where the page knows the site).
LinkRule = Callable[[str], str]

__all__ = [
    "BoardRow", "OutcomeView", "StepView", "View", "board", "board_html", "board_text",
    "outcome_html", "rich_html", "step_html",
]  # fmt: skip


class View(Protocol):
    """What a board is drawn from: a :class:`~lld.position.Position` and an
    :class:`~lld.observation.Observation` both have it. (A protocol: each of
    them imports this module for its ``_repr_html_``, so it imports neither.)"""

    @property
    def players(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def to_play(self) -> int: ...
    @property
    def hand_sizes(self) -> Sequence[int]: ...
    @property
    def out(self) -> Sequence[str | None]: ...
    @property
    def won(self) -> Sequence[int]: ...
    @property
    def lie_downs(self) -> Sequence[int]: ...
    @property
    def table(self) -> int: ...
    @property
    def aside(self) -> int: ...
    @property
    def net(self) -> Sequence[Amount]: ...
    @property
    def pot(self) -> Amount: ...


class BoardRow(NamedTuple):
    """One line of a board: a label, the cards shown face up, how many face down,
    and a note (a won pile's size, the pot)."""

    label: str
    cards: tuple[int, ...]
    hidden: int = 0
    note: str = ""
    #: ``seat``, ``table`` or ``pot``: how the site styles the row.
    kind: str = "seat"
    seat: int | None = None


def _cards(mask: int) -> tuple[int, ...]:
    return tuple(iter_cards(mask))


def _seat_name(s: int, names: Sequence[str] | None) -> str:
    return names[s] if names else f"Seat {s}"


def board(view: View, names: Sequence[str] | None = None) -> list[BoardRow]:
    """The rows to draw for ``view``: each seat, then the table, then the pot.

    ``names``: what to call each seat (a page for readers passes ``Player 1`` …
    or the record's names); the seats' numbers otherwise, as the API counts them.
    """
    # Told apart by what they hold, not by class: this module is drawn from both
    # and imports neither (each imports it for its _repr_html_).
    seat_of_view = getattr(view, "seat", None)  # an Observation's; a Position has none
    own_hand: int = getattr(view, "hand", 0)  # that seat's hand
    hands: list[int] | tuple[int, ...] | None = getattr(view, "hands", None)  # a Position's
    sizes = view.hand_sizes
    out_how = view.out
    rows = []
    for s in range(view.players):
        tags = []
        if s == (view.dealer + 1) % view.players:
            tags.append("eldest")
        if s == view.dealer:
            tags.append("dealer")
        if s == seat_of_view:
            tags.append("this seat" if not names else "this player")
        label = _seat_name(s, names) + (f" ({', '.join(tags)})" if tags else "")
        notes = []
        if not view.over and view.to_play == s:
            notes.append("to play")
        if out_how[s] is not None:
            notes.append("has lain down" if out_how[s] == "lay_down" else "out: no cards left")
        won = count(view.won[s])
        notes.append(f"won pile {won} card{'' if won == 1 else 's'}")
        if hands is not None:
            hand: tuple[int, ...] = _cards(hands[s])
            hidden = 0
        elif s == seat_of_view:
            hand, hidden = _cards(own_hand), 0
        else:
            hand, hidden = (), sizes[s]
        laid = _cards(view.lie_downs[s])
        if laid:
            notes.append("put on the table: " + ", ".join(svg.card_name(c) for c in laid))
        rows.append(BoardRow(label, hand, hidden, "; ".join(notes), "seat", s))
    rows.append(BoardRow("Table", _cards(view.table), 0, "", "table"))
    if view.aside:
        rows.append(BoardRow("Set aside", _cards(view.aside), 0, "", "table"))
    nets = ", ".join(
        f"{names[s] if names else f'seat {s}'} {format_amount(n, signed=True)}"
        for s, n in enumerate(view.net)
    )
    rows.append(
        BoardRow("Pot", (), 0, f"{format_amount(view.pot)} in the pot; net so far: {nets}", "pot")
    )
    return rows


def _who(view: View, names: Sequence[str] | None) -> str:
    seat = getattr(view, "seat", None)
    if seat is None:
        return "The whole position"
    return f"What {names[seat]} can see" if names else f"What seat {seat} can see"


def board_text(view: View, names: Sequence[str] | None = None) -> str:
    """The board in words, one row a line: the drawing's text alternative."""
    lines = [_who(view, names) + ":"]
    for r in board(view, names):
        parts = [svg.card_name(c) for c in r.cards]
        if r.hidden:
            parts.append(f"{r.hidden} cards face down")
        text = ", ".join(parts) if parts or r.kind != "table" else "no cards"
        lines.append(f"{r.label}: " + "; ".join(p for p in (text, r.note) if p))
    return "\n".join(lines)


def board_html(
    view: View,
    draw: Callable[[tuple[int, ...], int], str] | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """The board as HTML: a labelled row of SVG cards for each :func:`board` row.

    ``draw(cards, hidden)`` draws a row (:func:`lld.svg.row` unless given: a page
    that shares card drawings passes :func:`lld.svg.use_row`); ``names`` as for
    :func:`board`.
    """
    draw = draw or (lambda cards, hidden: svg.row(cards, hidden=hidden))
    # One line for the label: "The whole position: Seat 0 …; Seat 1 …; Table …".
    head, _, rows = board_text(view, names).partition("\n")
    label = escape(f"{head} {rows.replace(chr(10), '; ')}")
    out = [f'<div class="lld-board" role="group" aria-label="{label}">']
    for r in board(view, names):
        out.append(f'<div class="lld-board-row lld-board-{r.kind}">')
        out.append(f'<p class="lld-board-label"><strong>{escape(r.label)}</strong>')
        if r.note:
            out.append(f' <span class="lld-caption">{escape(r.note)}</span>')
        out.append("</p>")
        if r.kind != "pot" and (r.cards or r.hidden or r.kind == "table"):
            out.append(draw(r.cards, r.hidden))
        out.append("</div>")
    out.append("</div>")
    return "".join(out)


# ------------------------------------------------------------------ steps and replays


class _Event(Protocol):
    @property
    def rule(self) -> str: ...
    def describe(self) -> str: ...


class StepView(Protocol):
    """What a step is drawn from: :class:`lld.replay.Step` (a Protocol, so that
    this module, below the read-model, need not import it)."""

    @property
    def move_index(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def move(self) -> object: ...
    @property
    def after(self) -> View: ...
    @property
    def events(self) -> Sequence[_Event]: ...
    @property
    def rulings(self) -> tuple[str, ...]: ...
    @property
    def options(self) -> tuple[str, ...]: ...


class OutcomeView(Protocol):
    """What a replay's outcome is drawn from: :class:`lld.replay.Outcome`."""

    @property
    def kind(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def reason(self) -> str | None: ...
    @property
    def rule(self) -> str | None: ...
    @property
    def option(self) -> str | None: ...
    @property
    def events(self) -> Sequence[_Event]: ...


def rich_html(text: str) -> str:
    """The engine's one-line texts as HTML: `backticked` spans as code, as the
    site's pages show them.

    >>> rich_html("stops at move 1 `0: lie`: illegal")
    'stops at move 1 <code>0: lie</code>: illegal'
    """
    return "".join(
        f"<code>{escape(part)}</code>" if i % 2 else escape(part)
        for i, part in enumerate(text.split("`"))
    )


def _plain_rule(rule: str) -> str:
    return f"<code>{escape(rule)}</code>"


def _rulings(rules: Sequence[str | None], link: LinkRule) -> str:
    names = dict.fromkeys(r for r in rules if r)
    return ", ".join(link(r) for r in names) or "none"


def step_html(step: StepView, total: int | None = None, link: LinkRule | None = None) -> str:
    """A step of a hand as HTML: the move, the rulings applied (each through
    ``link``: a link to the site's rules where a page knows it, else the ID),
    the events it caused and the position after it, drawn. ``total`` is the
    hand's number of moves ("move 3 of 9"; unknown: "move 3").

    What ``Step._repr_html_`` shows in a notebook, and the site's cells too.

    >>> from lld.demonstrate import examples_directory
    >>> from lld.record import load_record
    >>> from lld.replay import steps
    >>> rec = load_record(str(examples_directory() / "r24-lie-down-pair-claimed.lld"))
    >>> html = step_html(steps(rec)[1], 4)
    >>> "<strong>Move 2 of 4</strong>" in html, "<code>R22</code>" in html
    (True, True)
    """
    link = link or _plain_rule
    events = "".join(f"<li>{rich_html(e.describe())} ({link(e.rule)})</li>" for e in step.events)
    options = f" with <code>{escape(', '.join(step.options))}</code>" if step.options else ""
    of = f" of {total}" if total else ""
    return (
        f'<div class="lld-cell-step"><p><strong>Move {step.move_index + 1}{of}</strong>,'
        f" seat {step.seat}: <code>{escape(str(step.move))}</code>."
        f" Rulings applied: {_rulings(step.rulings, link)}{options}.</p>"
        f"<ul>{events}</ul>{board_html(step.after)}</div>"
    )


def outcome_html(outcome: OutcomeView, link: LinkRule | None = None) -> str:
    """A replay's outcome as HTML: how it went, in words, why a move is illegal
    under the reading (its ruling and option), and the rulings applied.

    What ``Outcome._repr_html_`` shows in a notebook, and the site's cells too.
    """
    link = link or _plain_rule
    stop = ""
    if outcome.kind == "illegal":
        rule = link(outcome.rule) if outcome.rule else ""
        stop = (
            f"<p>Illegal under this reading: {escape(outcome.reason or '')}"
            f" ({rule}, <code>{escape(outcome.option or '')}</code>).</p>"
        )
    applied = _rulings([*(e.rule for e in outcome.events), outcome.rule], link)
    return (
        f'<div class="lld-cell-outcome"><p><strong>{escape(outcome.kind)}</strong>:'
        f" {rich_html(outcome.text)}</p>{stop}<p>Rulings applied: {applied}.</p></div>"
    )

"""Positions, steps, outcomes and deals as HTML: the one renderer of every front end.

:func:`board` reads a :class:`~lld.position.Position` (everything on the table)
or an :class:`~lld.observation.Observation` (what one seat can know) into
:class:`BoardRow` s: each seat's hand, its won pile, the cards it put on the table
when it lay down, then the table and the pot. From an observation the other seats' hands
are only counts, so a drawing of it holds no card hidden from that seat.
:func:`board_html` draws the rows with :mod:`lld.svg`; it is what
``Position._repr_html_`` and ``Observation._repr_html_`` show in a notebook,
and the site draws the same rows (with shared card drawings, :func:`lld.svg.use_row`).

:func:`step_html`, :func:`start_html`, :func:`outcome_html` and :func:`deal_html`
draw a hand's steps, a replay's outcome and a deal, around those boards. A
notebook (``Step._repr_html_``, ``Outcome._repr_html_``), the site's cells and
the site's pages all draw them here, each passing a :class:`Page` that says
what the page gives: how a ruling is linked, what the players are called,
whether the cards share one drawing each, whether each step is an anchor.

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

import re
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import NamedTuple, Protocol

from lld import svg
from lld.cards import count, iter_cards
from lld.events import Event
from lld.ledger import Amount, format_amount
from lld.narrate import Table, ToldOutcome
from lld.record.model import RULING_ID

#: How a ruling is shown: its ID as HTML (a link, where the page knows the site).
LinkRule = Callable[[str], str]
#: How a row of cards is drawn: :func:`lld.svg.row`, or :func:`lld.svg.use_row`
#: on a page that holds each card's drawing once (:func:`card_defs`).
DrawRow = Callable[[tuple[int, ...], int], str]

__all__ = [
    "BoardRow", "DrawRow", "OutcomeView", "Page", "StartView", "StepView", "View", "board",
    "board_html", "board_text", "card_defs", "deal_html", "outcome_html", "rich_html",
    "start_html", "step_html",
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


def _text(text: str) -> str:
    """Text between tags, escaped; quotes are left as they are, so that a page may
    set them as it sets its own text (the site curls them)."""
    return escape(text, quote=False)


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


def board_html(view: View, draw: DrawRow | None = None, names: Sequence[str] | None = None) -> str:
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
        out.append(f'<p class="lld-board-label"><strong>{_text(r.label)}</strong>')
        if r.note:
            out.append(f' <span class="lld-caption">{_text(r.note)}</span>')
        out.append("</p>")
        if r.kind != "pot" and (r.cards or r.hidden or r.kind == "table"):
            out.append(draw(r.cards, r.hidden))
        out.append("</div>")
    out.append("</div>")
    return "".join(out)


# ------------------------------------------------------------------ the page


class Page(NamedTuple):
    """What the page a drawing goes in gives it, the same for every step and
    outcome drawn on it.

    The defaults are a notebook's: rulings as their IDs, the seats counted from
    0 as the API counts them, each card drawn whole, and the options behind the
    rulings shown as code, for programmers. The site's pages link each ruling to
    its section of the rules, name the players as readers count them (or by the
    record's names), hold one drawing of each card (:func:`card_defs`) and make
    each step an anchor (``#step-3``) with a link to itself; its words for
    readers name no option.
    """

    #: A ruling's ID as HTML: a link, where the page knows the site.
    link: LinkRule | None = None
    #: What to call each seat (:func:`board`); ``Seat 0`` … otherwise.
    names: tuple[str, ...] | None = None
    #: The cards drawn as references to the page's one drawing of each.
    shared: bool = False
    #: Each step a ``step-N`` anchor with a link to itself.
    anchors: bool = False
    #: The options behind the rulings, as code (``lie_down=forced``).
    identifiers: bool = True

    def rule(self, ruling_id: str) -> str:
        """A ruling's ID as the page shows it."""
        return (self.link or _plain_rule)(ruling_id)

    def draw(self) -> DrawRow:
        """How the page draws a row of cards."""
        return svg.use_row if self.shared else lambda cards, hidden: svg.row(cards, hidden=hidden)

    def table(self, view: View) -> Table:
        """Who sits where, for telling the events in words: the page's names for
        the players, or the seats as the API counts them."""
        names = self.names or tuple(f"Seat {s}" for s in range(view.players))
        return Table(view.players, view.dealer, names)


def _plain_rule(rule: str) -> str:
    return f"<code>{escape(rule)}</code>"


#: A ruling's ID in running text, a word of its own (``(R22)``).
_RULING_IN_TEXT = re.compile(rf"\b{RULING_ID.pattern}\b")


def rich_html(text: str, link: LinkRule | None = None) -> str:
    """The engine's one-line texts as HTML: `backticked` spans as code, as the
    site's pages show them; with ``link``, each ruling ID outside the code
    through it.

    >>> rich_html("stops at move 1 `0: lie`: illegal")
    'stops at move 1 <code>0: lie</code>: illegal'
    >>> rich_html("not allowed here (R22)", lambda r: f"<a>{r}</a>")
    'not allowed here (<a>R22</a>)'
    """
    out = []
    for i, part in enumerate(text.split("`")):
        if i % 2:
            out.append(f"<code>{_text(part)}</code>")
            continue
        at = 0
        if link is not None:
            for m in _RULING_IN_TEXT.finditer(part):
                out += [_text(part[at : m.start()]), link(m.group(0))]
                at = m.end()
        out.append(_text(part[at:]))
    return "".join(out)


def card_defs(views: Iterable[View]) -> str:
    """The drawing of every card ``views`` show face up, once, and of a card's back
    if any is face down: what a page whose :class:`Page` is ``shared`` holds once.
    Only those cards, so that a page of one seat's view names no card hidden from it."""
    seen: set[int] = set()
    back = False
    for view in views:
        for row in board(view):
            seen.update(row.cards)
            back = back or row.hidden > 0
    return str(svg.defs(seen, back=back))


# ------------------------------------------------------------------ steps and replays


class StartView(View, Protocol):
    """Where a hand starts: a :class:`~lld.position.Position` before its first
    move, with the deal's events."""

    @property
    def events(self) -> Sequence[Event]: ...


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
    def events(self) -> Sequence[Event]: ...
    @property
    def rulings(self) -> tuple[str, ...]: ...
    @property
    def options(self) -> tuple[str, ...]: ...
    @property
    def comment(self) -> str: ...


class OutcomeView(ToldOutcome, Protocol):
    """What a replay's outcome is drawn from: :class:`lld.replay.Outcome`, as
    the narrator tells it (``ToldOutcome``), with the option behind a refusal and
    the events."""

    @property
    def option(self) -> str | None: ...
    @property
    def events(self) -> Sequence[Event]: ...


def _rulings(rules: Sequence[str | None], page: Page) -> str:
    names = dict.fromkeys(r for r in rules if r)
    return ", ".join(page.rule(r) for r in names) or "none"


def _events(events: Sequence[Event], table: Table, page: Page) -> str:
    """Each event in a sentence, with the ruling that made it happen."""
    told = "".join(f"<li>{_text(table.event(e))} ({page.rule(e.rule)})</li>" for e in events)
    return f'<ul class="lld-step-events">{told}</ul>'


def _step(n: int, total: int | None, what: str, page: Page, body: list[str]) -> str:
    """A step's box: its number (``Step 3 of 9``; unknown total: ``Step 3``) and
    ``what`` happened at it, then ``body``; on a page of anchors, ``id="step-3"``
    and a link to it."""
    of = f" of {total}" if total is not None else ""
    anchor = f' id="step-{n}"' if page.anchors else ""
    link = f' <a class="lld-step-link" href="#step-{n}">#</a>' if page.anchors else ""
    head = f'<p class="lld-step-head"><strong>Step {n}{of}</strong> — {what}{link}</p>'
    return f'<div class="lld-step"{anchor}>{head}{"".join(body)}</div>'


def _seen_by(view: View) -> int | None:
    """The seat whose view ``view`` is (an Observation's), or ``None`` (a Position)."""
    return getattr(view, "seat", None)


def start_html(
    start: StartView, total: int | None = None, page: Page | None = None, view: View | None = None
) -> str:
    """Step 0 of a hand: the deal, its events, and where the hand starts (a record
    may start late in a hand, with cards already won), drawn as ``view`` (a seat's
    :class:`~lld.observation.Observation`; ``start`` itself otherwise).

    >>> from lld.game import Game
    >>> from lld.position import Position
    >>> from lld.presets import ruleset
    >>> html = start_html(Position.of(Game.new(ruleset("parlett"), players=3, seed=2)), 9)
    >>> "<strong>Step 0 of 9</strong> — the deal" in html, "Seat 0 (the dealer) deals." in html
    (True, True)
    """
    page = page or Page()
    won = sum(count(pile) for pile in start.won)
    if won:
        where = (
            f"This hand starts late in the play: {won} of the 52 cards are already in the"
            " players' won piles, so that the point it shows comes up within a move or two."
        )
    else:
        where = "A whole hand, from the deal."
    body = [f'<p class="lld-caption">{_text(where)}</p>']
    if start.events:
        body.append(_events(start.events, page.table(start), page))
    body.append(board_html(view or start, page.draw(), page.names))
    return _step(0, total, "the deal", page, body)


def step_html(
    step: StepView, total: int | None = None, page: Page | None = None, view: View | None = None
) -> str:
    """A step of a hand as HTML: the move in words and in notation, the record's
    comment on it, the rulings that allowed it (each through the page's ``link``:
    a link to the site's rules where a page knows it, else the ID), the events it
    caused after its own, and the position after it, drawn as ``view`` (a seat's
    :class:`~lld.observation.Observation`, which shows no comment: the record's
    comments are written seeing every hand) or whole. ``total`` is the hand's
    number of moves ("Step 3 of 9"; unknown: "Step 3").

    What ``Step._repr_html_`` shows in a notebook; the site's cells and its
    pages of example hands draw steps with it too.

    >>> from lld.demonstrate import examples_directory
    >>> from lld.record import load_record
    >>> from lld.replay import steps
    >>> rec = load_record(str(examples_directory() / "r24-lie-down-pair-claimed.lld"))
    >>> html = step_html(steps(rec)[1], 4)
    >>> "<strong>Step 2 of 4</strong>" in html, "<code>R22</code>" in html
    (True, True)
    """
    page = page or Page()
    after = step.after
    table = page.table(after)
    # A lie-down's sentence names the cards it put on the table.
    told = table.event(step.events[0], after.lie_downs[step.seat])
    body = []
    if step.comment and _seen_by(view or after) is None:
        body.append(f'<p class="lld-caption">{_text(step.comment)}</p>')
    options = ""
    if page.identifiers and step.options:
        options = f", with <code>{_text(', '.join(step.options))}</code>"
    body.append(
        f'<p class="lld-step-rulings">Allowed by {_rulings(step.rulings, page)}{options}.</p>'
    )
    if step.events[1:]:
        body.append('<p class="lld-step-then">Then:</p>')
        body.append(_events(step.events[1:], table, page))
    body.append(board_html(view or after, page.draw(), page.names))
    what = f"{_text(told)} <code>{_text(str(step.move))}</code>"
    return _step(step.move_index + 1, total, what, page, body)


def outcome_html(
    outcome: OutcomeView, page: Page | None = None, told: str | None = None, brief: bool = False
) -> str:
    """A replay's outcome as HTML: how it went, why a move is illegal under the
    reading (its ruling and, with the page's ``identifiers``, its option), and the
    rulings applied. ``told``: the outcome in a reader's words (``lld.narrate``'s,
    as :meth:`lld.demonstrate.Demonstration.told` gives it) instead of the
    engine's line; the ruling IDs in either go through the page's ``link``.
    ``brief``: that line alone, inline, for a table's cell or a list.

    What ``Outcome._repr_html_`` shows in a notebook; the site's cells and its
    pages of contested rulings draw outcomes with it too.
    """
    page = page or Page()
    line = rich_html(outcome.text if told is None else told, page.link)
    kind = outcome.kind.replace("_", "-")
    if brief:
        return f'<span class="lld-outcome lld-outcome-{kind}">{line}</span>'
    stop = ""
    if outcome.kind == "illegal":
        why = [page.rule(outcome.rule)] if outcome.rule else []
        if page.identifiers and outcome.option:
            why.append(f"<code>{_text(outcome.option)}</code>")
        stop = (
            f"<p>Illegal under this reading: {_text(outcome.reason or '')} ({', '.join(why)}).</p>"
        )
    applied = _rulings([*(e.rule for e in outcome.events), outcome.rule], page)
    lead = f"<strong>{_text(outcome.kind)}</strong>: " if page.identifiers else ""
    return (
        f'<div class="lld-outcome lld-outcome-{kind}"><p>{lead}{line}</p>{stop}'
        f"<p>Rulings applied: {applied}.</p></div>"
    )


# ------------------------------------------------------------------ a deal


class DealView(View, Protocol):
    """A :class:`~lld.position.Position` at the deal: every hand, face up."""

    @property
    def hands(self) -> Sequence[int]: ...


def deal_html(view: DealView, page: Page | None = None) -> str:
    """The deal as cards: each player's hand (the dealer marked) and any cards
    already won, then the table. The example hands' pages draw their deals with it.

    >>> from lld.game import Game
    >>> from lld.position import Position
    >>> from lld.presets import ruleset
    >>> html = deal_html(Position.of(Game.new(ruleset("parlett"), players=3, seed=2)))
    >>> "<strong>Seat 0 (dealer)</strong>" in html, html.count('class="lld-seat"')
    (True, 4)
    """
    page = page or Page()
    table = page.table(view)
    out = ['<div class="lld-deal" role="group" aria-label="The deal">']
    for seat, hand in enumerate(view.hands):
        who = table.plain_name(seat) + (" (dealer)" if seat == view.dealer else "")
        out.append(
            f'<div class="lld-seat"><p><strong>{_text(who[:1].upper() + who[1:])}</strong></p>'
        )
        out.append(svg.row(hand))
        won = count(view.won[seat])
        if won:
            out.append(svg.face_down(won))
            out.append(f'<p class="lld-caption">{won} cards already won</p>')
        out.append("</div>")
    out.append(f'<div class="lld-seat"><p><strong>Table</strong></p>{svg.row(view.table)}</div>')
    out.append("</div>")
    return "".join(out)

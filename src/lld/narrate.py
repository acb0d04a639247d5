"""A hand told in plain words: one sentence per move or event, for readers.

The notation (``2: 5C x 5H``) is for records and programs; a class follows a
hand told as "Cat takes the five of hearts with the five of clubs". Players are
called by the record's names, or "Player 1" … "Player N" (numbered from 1, as a
reader counts), with their role at the table where it matters (the dealer, the
eldest).

>>> from lld.events import Event
>>> from lld.kinds import EventKind
>>> from lld.cards import parse_cards
>>> table = Table(players=4, dealer=0)
>>> table.name(1)
'Player 2 (eldest)'
>>> capture = Event("R12", 1, EventKind.CAPTURE, parse_cards("5C"), parse_cards("5H"), 0)
>>> table.event(capture)
'Player 2 (eldest) takes the five of hearts with the five of clubs.'
>>> table.event(Event("R30", 3, EventKind.BONUS, 0, 0, 5))
'Player 4 takes 5 stakes from the pot as the last player.'
>>> lay = Event("R20", 2, EventKind.LAY, parse_cards("7C 7S"), 0, 0)
>>> Table(3, 2, names=("Anne", "Bob", "Cat")).event(lay)
'Cat (the dealer) lays the pair of sevens (clubs, spades) down from the hand.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from lld.cards import iter_cards, rank_masks
from lld.errors import Cards, Named, Reason, Seat
from lld.events import Event
from lld.kinds import EventKind
from lld.ledger import Amount, format_amount

if TYPE_CHECKING:
    from lld.moves import Move

_RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
    "queen", "king",
)  # fmt: skip
_RANK_PLURALS = {"six": "sixes"}
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_HOW_MANY = {2: "pair", 3: "pair royal", 4: "mournival"}


def card_name(card: int) -> str:
    """``the five of hearts``, for a card's index (rank × 4 + suit)."""
    return f"the {_RANK_NAMES[card // 4]} of {_SUIT_NAMES[card % 4]}"


def _plural(rank: int) -> str:
    name = _RANK_NAMES[rank]
    return _RANK_PLURALS.get(name, name + "s")


def cards_phrase(mask: int) -> str:
    """The cards of ``mask`` in words: one card by name; a set of one rank as a set
    (``the pair of sevens (clubs, spades)``); anything else as a list of names.

    >>> from lld.cards import parse_cards
    >>> cards_phrase(parse_cards("QC QD QS"))
    'the pair royal of queens (clubs, diamonds, spades)'
    >>> cards_phrase(parse_cards("2C 9H"))
    'the two of clubs and the nine of hearts'
    """
    cards = list(iter_cards(mask))
    if not cards:
        return "no cards"
    if len(cards) == 1:
        return card_name(cards[0])
    ranks = {c // 4 for c in cards}
    if len(ranks) == 1 and len(cards) in _HOW_MANY:
        suits = ", ".join(_SUIT_NAMES[c % 4] for c in cards)
        return f"the {_HOW_MANY[len(cards)]} of {_plural(cards[0] // 4)} ({suits})"
    names = [card_name(c) for c in cards]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _stakes(amount: Amount) -> str:
    """A number of stakes in words: ``1 stake``, ``3 stakes``, ``1/3 of a stake``, ``3/2 stakes``.

    >>> from fractions import Fraction
    >>> _stakes(1), _stakes(3), _stakes(Fraction(1, 3)), _stakes(Fraction(3, 2))
    ('1 stake', '3 stakes', '1/3 of a stake', '3/2 stakes')
    """
    text = format_amount(amount)
    if amount == 1:
        return text + " stake"
    return text + (" of a stake" if 0 < amount < 1 else " stakes")


def _moves(count: int) -> str:
    return f"{count} move" + ("" if count == 1 else "s")


def joined(words: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = list(words)
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


class ToldOutcome(Protocol):
    """What :meth:`Table.outcome` tells: :class:`lld.replay.Outcome` (a Protocol,
    so that this module need not import the replay: :mod:`lld.drawing`, which the
    replay's steps draw themselves with, tells their events through it)."""

    @property
    def kind(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def net(self) -> tuple[Amount, ...] | None: ...
    @property
    def last_player(self) -> int | None: ...
    @property
    def pot_left(self) -> Amount | None: ...
    @property
    def move_number(self) -> int | None: ...
    @property
    def reason(self) -> str | None: ...
    @property
    def rule(self) -> str | None: ...
    @property
    def redealt(self) -> bool: ...
    @property
    def to_play(self) -> int | None: ...
    @property
    def why_no_game(self) -> str | None: ...
    @property
    def why(self) -> Reason | None: ...


class Table(NamedTuple):
    """Who sits where: the count, the dealer and the players' names (if any)."""

    players: int
    dealer: int
    names: Sequence[str] = ()

    def plain_name(self, seat: int) -> str:
        """The record's name for ``seat``, or ``Player N`` counted from 1."""
        return self.names[seat] if self.names else f"Player {seat + 1}"

    def name(self, seat: int) -> str:
        """The player's name with their role, where they have one."""
        role = (
            "the dealer"
            if seat == self.dealer
            else "eldest"
            if seat == (self.dealer + 1) % self.players
            else ""
        )
        return f"{self.plain_name(seat)} ({role})" if role else self.plain_name(seat)

    def event(self, e: Event, lie_down_cards: int = 0) -> str:
        """One sentence for an event; ``lie_down_cards``: what a lie-down put on the table."""
        who = "Nobody" if e.seat is None else self.name(e.seat)
        return self._said(who, e, lie_down_cards)

    def _said(self, who: str, e: Event, lie_down_cards: int = 0) -> str:
        kind = e.kind
        if kind is EventKind.CAPTURE:
            # One part per rank: a capture of several ranks at once (R45) names each.
            masks = rank_masks(e.hand | e.table)
            if len(masks) > 1 and all(e.table & m and e.hand & m for m in masks):
                parts = [
                    f"{cards_phrase(e.table & m)} with {cards_phrase(e.hand & m)}" for m in masks
                ]
                return f"{who} takes {joined(parts)}, all in one turn."
            return f"{who} takes {cards_phrase(e.table)} with {cards_phrase(e.hand)}."
        if kind is EventKind.LAY:
            return f"{who} lays {cards_phrase(e.hand)} down from the hand."
        if kind is EventKind.LIE:
            if lie_down_cards:
                return f"{who} lies down, putting {cards_phrase(lie_down_cards)} on the table."
            return f"{who} lies down."
        if kind is EventKind.CLAIM:
            return f"{who} claims {cards_phrase(e.hand | e.table)} as an oversight."
        sentences = {
            EventKind.DEAL: f"{who} deals.",
            EventKind.ANTE: f"{who} puts {_stakes(e.amount)} into the pot.",
            EventKind.TAKE_MOURNIVAL: f"{who} takes {cards_phrase(e.table | e.hand)} from the"
            " table.",
            EventKind.LAID_AT_ONCE: f"{who} lays {cards_phrase(e.hand)} down from the hand at"
            " once, as strict play requires.",
            EventKind.OUT: f"{who} has no cards left and is out.",
            EventKind.LAST_PLAYER: f"{who} is the last player left in.",
            EventKind.LEFTOVERS: f"{who} takes the cards left on the table"
            f" ({cards_phrase(e.table | e.hand)}).",
            EventKind.SET_ASIDE: f"The unpaired cards left, {cards_phrase(e.table | e.hand)},"
            " are set aside.",
            EventKind.BONUS: f"{who} takes {_stakes(e.amount)} from the pot as the last player.",
            EventKind.LIE_PAYMENT: f"{who} pays {_stakes(e.amount)} to each player still in.",
            EventKind.PAID: f"{who} receives {_stakes(e.amount)} for another's lying down.",
            EventKind.WINS: f"{who} takes {_stakes(e.amount)} from the pot for the cards won.",
            EventKind.PAYS: f"{who} pays {_stakes(e.amount)} into the pot for the cards short.",
            EventKind.TIE: f"Most pairs is tied: {_stakes(e.amount)} stays in the pot.",
            EventKind.POT_LEFT: f"Left in the pot: {_stakes(e.amount)}."
            if e.amount >= 0
            else f"The pot is {_stakes(-e.amount)} short.",
        }
        return sentences[kind]

    def move(self, m: Move) -> str:
        """A move in words, no role and no full stop, to stand inside a sentence.

        >>> from lld.moves import Move
        >>> Table(4, 0).move(Move.parse("1: lie"))
        'Player 2 lies down'
        >>> Table(4, 0).move(Move.parse("3: 7S x 7H"))
        'Player 4 takes the seven of hearts with the seven of spades'
        >>> told = Table(4, 0).move(Move.parse("3: 7S x 7H + KD x KC"))
        >>> told.removeprefix("Player 4 takes the seven of hearts with the seven of spades and ")
        'the king of clubs with the king of diamonds, all in one turn'
        """
        e = Event("", m.seat, EventKind(m.kind), m.hand, m.table, 0)
        return self._said(self.plain_name(m.seat), e).removesuffix(".")

    def refusal(self, why: Reason) -> str:
        """Why the rules refuse a move, in a reader's words: the seats it names as
        players, its cards by name, the rulings it cites without their option.

        >>> from lld.cards import parse_cards
        >>> from lld.errors import Cards, Cited, Reason, Seat
        >>> kings = Cards(parse_cards("KD KH"), "KD KH")
        >>> why = Reason.of("{seat} does not hold {cards}", seat=Seat(1), cards=kings)
        >>> Table(4, 0).refusal(why)
        'Player 2 does not hold the pair of kings (diamonds, hearts)'
        >>> cited = Cited(("R19", "R39"), "dead_pair_trigger=never")
        >>> Table(4, 0).refusal(Reason.of("it must be one ({cited})", cited=cited))
        'it must be one (R19 with R39)'
        """
        return why.told(self._named)

    def _named(self, value: Named) -> str:
        if isinstance(value, Seat):
            # A seat the table does not have is counted as a reader counts.
            there = 0 <= value.number < self.players
            return self.plain_name(value.number) if there else f"Player {value.number + 1}"
        if isinstance(value, Cards):
            return cards_phrase(value.mask) if value.mask else "nothing"
        return " with ".join(value.rules)

    def result(self, net: Sequence[Amount], last: int | None, pot: Amount) -> str:
        """Who wins and loses what, the last player, and what is left in the pot.

        >>> Table(4, 0).result((-1, -3, 2, 2), 3, 1)
        'Player 1 loses 1 stake, Player 2 loses 3, Player 3 and Player 4 win 2 each; \
Player 4 is the last player left in; 1 stake is left in the pot'
        """
        # Those who win or lose alike said together, in seat order.
        groups: dict[Amount, list[int]] = {}
        for seat, x in enumerate(net):
            if x:
                groups.setdefault(x, []).append(seat)
        said: list[str] = []
        for x, seats in groups.items():
            verb = "win" if x > 0 else "lose"
            size = x if x > 0 else -x
            amount = format_amount(size) if said else _stakes(size)
            if len(seats) == 1:
                said.append(f"{self.plain_name(seats[0])} {verb}s {amount}")
            else:
                said.append(f"{joined([self.plain_name(s) for s in seats])} {verb} {amount} each")
        parts = []
        parts.append(", ".join(said) if said else "nobody wins or loses")
        parts.append(
            "nobody is left in last"
            if last is None
            else f"{self.plain_name(last)} is the last player left in"
        )
        if pot < 0:  # a table of stakes that does not balance
            parts.append(f"the pot is {_stakes(-pot)} short")
        elif pot:
            parts.append(f"{_stakes(pot)} {'is' if pot <= 1 else 'are'} left in the pot")
        else:
            parts.append("the pot is empty")
        return "; ".join(parts)

    def outcome(self, o: ToldOutcome, moves: Sequence[Move] = ()) -> str:
        """What a replay under another reading did, in plain sentences (see
        :func:`lld.replay.replay_under`); ``moves``: the record's moves, to name the
        move where it stops.

        >>> from lld.replay import Outcome
        >>> Table(3, 0).outcome(Outcome("plays_through", "", (0, 0, 0), 2, 0))
        'Plays to the end: nobody wins or loses; Player 3 is the last player left in; \
the pot is empty.'
        """

        def at(number: int | None) -> str:
            if number is None:
                return "the deal"
            if 0 < number <= len(moves):
                return f"move {number} ({self.move(moves[number - 1])})"
            return f"move {number}"

        result = self.result(o.net, o.last_player, o.pot_left or 0) if o.net is not None else ""
        if o.kind == "plays_through":
            return f"Plays to the end: {result}."
        if o.kind == "ends_early":
            left = len(moves) - (o.move_number or 0)
            unplayed = f", with {_moves(left)} of the record unplayed" if moves else ""
            return f"The hand is over sooner, after {at(o.move_number)}{unplayed}: {result}."
        if o.kind == "illegal":
            why = self.refusal(o.why) if o.why is not None else o.reason or ""
            ruling = f" ({o.rule})" if o.rule and f"({o.rule}" not in why else ""
            text = f"Stops at {at(o.move_number)}: not allowed here, because {why}{ruling}."
            if o.redealt:
                text += (
                    " (This reading deals other cards from the record's shuffle, so the"
                    " recorded moves no longer fit the hands.)"
                )
            return text
        if o.kind == "unfinished":
            who = "someone" if o.to_play is None else self.plain_name(o.to_play)
            return (
                "Every move is allowed, but the hand is not over after the last one:"
                f" {who} still has to play."
            )
        return f"No game: {o.why_no_game or o.text}."


def table_of(players: int, dealer: int, names: Sequence[str] = ()) -> Table:
    """A :class:`Table`; ``names`` are used only when there is one for each player."""
    return Table(players, dealer, tuple(names) if len(names) == players else ())


__all__ = ["Table", "ToldOutcome", "card_name", "cards_phrase", "table_of"]

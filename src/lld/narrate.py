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
from typing import NamedTuple

from lld.cards import iter_cards
from lld.events import Event
from lld.kinds import EventKind

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


def _stakes(amount: int) -> str:
    return f"{amount} stake" + ("" if amount == 1 else "s")


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
        kind = e.kind
        if kind is EventKind.CAPTURE:
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
            EventKind.OUT: f"{who} has no cards left and is out.",
            EventKind.LAST_PLAYER: f"{who} is the last player left with cards.",
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
            EventKind.POT_LEFT: f"Left in the pot: {_stakes(e.amount)}.",
        }
        return sentences[kind]


def table_of(players: int, dealer: int, names: Sequence[str] = ()) -> Table:
    """A :class:`Table`; ``names`` are used only when there is one for each player."""
    return Table(players, dealer, tuple(names) if len(names) == players else ())


__all__ = ["Table", "card_name", "cards_phrase", "table_of"]

"""The kinds of event in a hand's log: the four kinds of move, and what happens
by itself (the deal, the antes, going out, the settlement).

A ``str`` enum, so a kind compares equal to its name as text and is written
to JSON and records as that text; a misspelt kind is an ``AttributeError``
and a mypy error instead of a string that silently matches nothing.

>>> EventKind.CAPTURE == "capture", f"{EventKind.LIE}", EventKind("out")
(True, 'lie', <EventKind.OUT: 'out'>)
"""

from __future__ import annotations

from enum import Enum


class EventKind(str, Enum):
    """What an event is. The first four are moves; the rest happen by themselves."""

    # Python 3.10 has no enum.StrEnum: these make str() and f-strings give the
    # value on every version, as StrEnum would.
    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(self, spec)

    CAPTURE = "capture"
    LIE = "lie"
    LAY = "lay"
    CLAIM = "claim"
    DEAL = "deal"
    ANTE = "ante"
    TAKE_MOURNIVAL = "take_mournival"
    OUT = "out"
    LAST_PLAYER = "last_player"
    LEFTOVERS = "leftovers"
    SET_ASIDE = "set_aside"
    BONUS = "bonus"
    LIE_PAYMENT = "lie_payment"
    PAID = "paid"
    WINS = "wins"
    PAYS = "pays"
    TIE = "tie"
    POT_LEFT = "pot_left"


__all__ = ["EventKind"]

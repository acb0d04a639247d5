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
    #: R20 ``laid_at_once`` (strict play): a set laid by its holder by rule, no move.
    LAID_AT_ONCE = "laid_at_once"
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


# The kinds that happen by themselves, as module constants: the game's loop
# reads a module global faster than an attribute of the enum class. (The move
# kinds are in lld.moves: CAPTURE, LIE, LAY, CLAIM.)
DEAL = EventKind.DEAL
ANTE = EventKind.ANTE
TAKE_MOURNIVAL = EventKind.TAKE_MOURNIVAL
LAID_AT_ONCE = EventKind.LAID_AT_ONCE
OUT = EventKind.OUT
LAST_PLAYER = EventKind.LAST_PLAYER
LEFTOVERS = EventKind.LEFTOVERS
SET_ASIDE = EventKind.SET_ASIDE
BONUS = EventKind.BONUS
LIE_PAYMENT = EventKind.LIE_PAYMENT
PAID = EventKind.PAID
WINS = EventKind.WINS
PAYS = EventKind.PAYS
TIE = EventKind.TIE
POT_LEFT = EventKind.POT_LEFT

__all__ = [
    "ANTE",
    "BONUS",
    "DEAL",
    "LAID_AT_ONCE",
    "LAST_PLAYER",
    "LEFTOVERS",
    "LIE_PAYMENT",
    "OUT",
    "PAID",
    "PAYS",
    "POT_LEFT",
    "SET_ASIDE",
    "TAKE_MOURNIVAL",
    "TIE",
    "WINS",
    "EventKind",
]

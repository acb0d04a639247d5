"""Seat roles: where a seat sits relative to the dealer, in the order of play.

Eldest, on the dealer's left, plays first; the dealer plays last (R4). A
seat's role changes every hand as the deal passes to the left; its place at
the table does not. Reports and tournaments name roles with these words.

>>> role_names(5)
('eldest', 'second', 'third', 'fourth', 'dealer')
>>> [role_of(seat, dealer=3, players=5) for seat in range(5)]
[1, 2, 3, 4, 0]
>>> role_names(5)[role_of(3, dealer=3, players=5)]
'dealer'
"""

from __future__ import annotations

_ORDINALS = ("second", "third", "fourth", "fifth", "sixth", "seventh")


def role_names(players: int) -> tuple[str, ...]:
    """The roles of a table of ``players``, in the order they play: eldest first, dealer last."""
    return ("eldest", *_ORDINALS[: players - 2], "dealer")


def role_of(seat: int, dealer: int, players: int) -> int:
    """``seat``'s role as an index into :func:`role_names` (0 is eldest, the last is dealer)."""
    return (seat - dealer - 1) % players

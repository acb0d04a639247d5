"""The random bot: any legal move, uniformly; free moves taken or passed at random.

The two choices are module functions so that a searching bot's rollout
(without observations) chooses exactly as a table of random bots does, as
:func:`lld.playout.random_playout` does too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from lld.moves import Move
from lld.observation import Observation


def pick_turn(moves: Sequence[Move], random: Callable[[], float]) -> Move:
    """One of the turn moves, each as likely as any other."""
    return moves[int(random() * len(moves))]


def pick_free(moves: Sequence[Move], random: Callable[[], float]) -> Move | None:
    """One of the free moves, or ``None`` to pass: passing is one more choice among them."""
    if not moves:
        return None
    i = int(random() * (len(moves) + 1))
    return moves[i] if i < len(moves) else None


# The two fields a random bot reads, by position: indexing the tuple costs less
# than a named field's lookup, and a tournament asks for one at every choice
# (tests/test_bots.py checks that these are their positions).
_TURN_MOVES: Final = 6
_FREE_MOVES: Final = 7


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed).random

    def choose(self, seen: Observation) -> Move:
        # pick_turn(seen.turn_moves, ...), written out: a random bot's whole
        # decision is this line, and the call and the field's name cost more.
        moves = seen[_TURN_MOVES]
        return moves[int(self._random() * len(moves))]

    def free(self, seen: Observation) -> Move | None:
        # pick_free(seen.free_moves, ...), written out likewise (the driver asks
        # only a seat that has a free move, so there is always one to pick).
        moves = seen[_FREE_MOVES]
        i = int(self._random() * (len(moves) + 1))
        return moves[i] if i < len(moves) else None

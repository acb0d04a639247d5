"""The random bot: any legal move, uniformly; free moves taken or passed at random.

The two choices are module functions so that :func:`lld.playout.random_playout`
(a searching bot's rollout, without observations) chooses exactly as a table of
random bots does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

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


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed).random

    def choose(self, seen: Observation) -> Move:
        return pick_turn(seen.turn_moves, self._random)

    def free(self, seen: Observation) -> Move | None:
        return pick_free(seen.free_moves, self._random)

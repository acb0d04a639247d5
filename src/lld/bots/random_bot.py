"""The random bot: any legal move, uniformly; free moves taken or passed at random."""

from __future__ import annotations

import random

from lld.moves import Move
from lld.view import SeatView


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed).random

    def choose(self, view: SeatView) -> Move:
        moves = view.turn_moves()
        return moves[int(self._random() * len(moves))]

    def free(self, view: SeatView) -> Move | None:
        moves = view.free_moves()
        if not moves:
            return None
        # Passing is one more choice among the free moves.
        i = int(self._random() * (len(moves) + 1))
        return moves[i] if i < len(moves) else None

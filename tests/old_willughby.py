"""The willughby bot as it was before issue 9 (main at 028e689), kept as a yardstick.

As du Coeur sums up the points he credits to Willughby, "if you have a certain
mate, leave it for last": a
rank that nobody else can take from the table is safe to hold back, while "a
simple mate" (one card in hand against one on the table) should be taken "as
soon as possible". Parlett's summary says the same: with only one card of a
rank on the table, capture it "before somebody else does"; with two or three
there, "you can safely hold back until you have no alternative". Against a pair
royal on the table du Coeur adds "be sure to take all three".

The bot also lays its pairs down at once (du Coeur: "Be sure to do these things
as soon as possible") and claims every oversight it may, and never lies down
while it can still capture: staying in is how one wins the last player's bonus.

It sees only its own seat's :class:`~lld.observation.Observation`: what is on
the table, in its hand, in the won piles, and so how many cards of each rank
the other hands may hold.
"""

from __future__ import annotations

import random

from lld.cards import NIBBLE_COUNT
from lld.moves import CAPTURE, Move
from lld.observation import Observation


class OldWillughbyBot:
    name = "old_willughby"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, seen: Observation) -> Move:
        moves = seen.turn_moves
        captures = [m for m in moves if m.kind == CAPTURE]
        if not captures:
            return moves[0]
        hand, table, unseen = seen.hand, seen.table, seen.unseen()
        best: list[Move] = []
        best_score = -1
        for move in captures:
            shift = ((move.table.bit_length() - 1) >> 2) << 2
            in_hand = NIBBLE_COUNT[(hand >> shift) & 15]
            on_table = NIBBLE_COUNT[(table >> shift) & 15]
            others = NIBBLE_COUNT[(unseen >> shift) & 15]
            score = _urgency(in_hand, on_table, others, move)
            if score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        return best[int(self._rng.random() * len(best))]

    def free(self, seen: Observation) -> Move | None:
        moves = seen.free_moves
        return moves[-1] if moves else None


def _urgency(in_hand: int, on_table: int, others: int, move: Move) -> int:
    """How pressing a capture is: higher is taken first."""
    taken = bin(move.table).count("1")
    if on_table == 1 and others:
        # A simple mate someone else could take: take it now.
        return 4
    if on_table == 2 and in_hand == 2:
        # One of a pair against a pair: keeps the other for a later turn;
        # all four at once spends two future plays in one.
        return 3 if taken == 1 else 0
    if on_table == 3:
        # The fourth against a pair royal: certain, so last; then take all three.
        return 1 if taken == 3 else 0
    # Certain mates (nobody else can take them, or one of a pair is assured).
    return 2

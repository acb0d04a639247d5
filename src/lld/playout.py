"""Playing whole hands among bots: the loop the analysis runs.

>>> from lld.presets import ruleset
>>> from lld.bots import make_bot
>>> g = play_hand(ruleset("parlett"), 5, seed=1, bots=[make_bot("random", s) for s in range(5)])
>>> g.over, g.complete, g.ledger.pot
(True, True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from lld.bots.random_bot import pick_free, pick_turn
from lld.errors import ConfigError
from lld.game import Game
from lld.ruleset import Ruleset

if TYPE_CHECKING:
    from lld.bots import Bot
    from lld.view import SeatView


def run(game: Game, bots: Sequence[Bot]) -> Game:
    """Play ``game`` to its end with one bot per seat; return it."""
    n = game.n
    if len(bots) != n:
        raise ConfigError(f"{len(bots)} bots for {n} seats")
    views = [game.view(s) for s in range(n)]
    chooses = [bot.choose for bot in bots]
    free_seats, play = game.free_seats, game.play
    while not game.over:
        if game.free_pending:
            seats = free_seats()
            if seats:
                offer_free_moves(game, bots, views, seats)
        if not game.over:  # the free moves may have ended the hand
            seat = game.to_play
            play(chooses[seat](views[seat]))
    return game


def offer_free_moves(
    game: Game, bots: Sequence[Bot], views: Sequence[SeatView], seats: Sequence[int]
) -> None:
    """Ask ``seats``, in rotation from the one to play, for free moves until each passes.

    Who is "first in time" at a real table is whoever speaks first; here it is
    the seat to play, then the others in turn order. ``seats`` is in seat order.
    """
    for seat in in_rotation(seats, game.to_play):
        bot, view = bots[seat], views[seat]
        while not game.over:
            move = bot.free(view)
            if move is None:
                break
            game.play(move)


def random_playout(game: Game, rng: random.Random) -> Game:
    """Play ``game`` to its end with random legal moves; return it.

    The choices are a table of ``random`` bots' (see :mod:`lld.bots.random_bot`),
    made here without seat views: this is the rollout a searching bot runs
    from a position it has sampled, and the loop the benchmark times.

    >>> from lld.presets import ruleset
    >>> g = random_playout(Game.new(ruleset("parlett"), 5, seed=1), random.Random(1))
    >>> g.over, g.complete, g.ledger.pot
    (True, True, 0)
    """
    u = rng.random
    free_seats, free_moves, turn_moves, play = (
        game.free_seats, game.free_moves, game.turn_moves, game.play
    )  # fmt: skip
    while not game.over:
        if game.free_pending:
            for seat in in_rotation(free_seats(), game.to_play):
                while not game.over:
                    move = pick_free(free_moves(seat), u)
                    if move is None:
                        break
                    play(move)
        if not game.over:  # the free moves may have ended the hand
            play(pick_turn(turn_moves(), u))
    return game


def in_rotation(seats: Sequence[int], start: int) -> Sequence[int]:
    """``seats`` (given in seat order) from ``start`` round to the left (R4).

    >>> in_rotation([0, 1, 3, 4], 3)
    [3, 4, 0, 1]
    """
    if len(seats) < 2:
        return seats
    return [s for s in seats if s >= start] + [s for s in seats if s < start]


def play_hand(
    rules: Ruleset, players: int, seed: int, bots: Sequence[Bot], dealer: int | None = None
) -> Game:
    """Deal from ``seed`` and play the hand out."""
    return run(Game.new(rules, players, seed, dealer), bots)

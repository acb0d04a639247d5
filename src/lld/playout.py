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
from lld.moves import LIE
from lld.observation import Observation, Observer, own_fresh
from lld.ruleset import Ruleset

if TYPE_CHECKING:
    from lld.bots import Bot

new_tuple = tuple.__new__


def run(game: Game, bots: Sequence[Bot]) -> Game:
    """Play ``game`` to its end with one bot per seat; return it.

    Each bot sees only an :class:`~lld.observation.Observation` of its seat,
    made when it is asked to decide.
    """
    n = game.n
    if len(bots) != n:
        raise ConfigError(f"{len(bots)} bots for {n} seats")
    observer = Observer(game)
    context_now = observer.context_now
    chooses = [bot.choose for bot in bots]
    free_seats, play, turn_moves = game.free_seats, game.play, game.turn_moves
    # The game's own lists and dict: changed in place, never replaced.
    hands, won, log, dead = game.hands, game.won, game._log, game._dead
    context = context_now(dead)
    stale = bool(dead)  # whether dead groups were open when the context was made
    while True:
        if game.free_pending:  # never once the hand is over
            seats = free_seats()
            if seats:
                offer_free_moves(game, bots, observer, seats)
        if game.over:
            break
        # Observer.turn(), written out: a call less on every turn of every hand,
        # and the context asked for again only while dead groups are open (the
        # free moves can only close them; a turn may open one).
        if dead or stale:
            context = context_now(dead)
            stale = bool(dead)
        seat = game.to_play
        fresh = game._fresh
        seen = new_tuple(
            Observation,
            (
                seat, hands[seat], game.table, tuple(won), seat, game.turns, False,
                turn_moves(), (), own_fresh(fresh, seat) if fresh else (), context, len(log),
            ),
        )  # fmt: skip
        move = chooses[seat](seen)
        play(move)
        if move[0] == LIE:
            context = observer.lay_down(seat, seen.hand)
            stale = bool(dead)
    return game


def offer_free_moves(
    game: Game, bots: Sequence[Bot], observer: Observer, seats: Sequence[int]
) -> None:
    """Ask ``seats``, in rotation from the one to play, for free moves until each passes.

    Who is "first in time" at a real table is whoever speaks first; here it is
    the seat to play, then the others in turn order. ``seats`` is in seat order.
    A seat with no free move is not asked (passing is all it could do).
    """
    for seat in in_rotation(seats, game.to_play):
        free = bots[seat].free
        while True:
            seen = observer.free(seat)
            if seen is None:  # no free move (or the hand is over): nothing to ask
                break
            move = free(seen)
            if move is None:
                break
            game.play(move)


def random_playout(game: Game, rng: random.Random) -> Game:
    """Play ``game`` to its end with random legal moves; return it.

    The choices are a table of ``random`` bots' (see :mod:`lld.bots.random_bot`),
    made here without observations: this is the rollout a searching bot runs
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

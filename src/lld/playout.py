"""Playing whole hands among bots: the loop the analysis runs.

>>> from lld.presets import ruleset
>>> from lld.bots import make_bot
>>> g = play_hand(ruleset("parlett"), 5, seed=1, bots=[make_bot("random", s) for s in range(5)])
>>> g.over, g.complete, g.ledger.pot
(True, True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from lld.bots.random_bot import pick_free, pick_turn
from lld.errors import ConfigError
from lld.game import Game
from lld.moves import Move
from lld.observation import Observation, context_now, own_fresh, starting_context
from lld.ruleset import Ruleset

if TYPE_CHECKING:
    from lld.bots import Bot

#: A bot's two methods (see :mod:`lld.bots`).
Choose = Callable[[Observation], Move]
Free = Callable[[Observation], "Move | None"]

new_tuple = tuple.__new__


def run(game: Game, bots: Sequence[Bot]) -> Game:
    """Play ``game`` to its end with one bot per seat; return it.

    Each bot sees only an :class:`~lld.observation.Observation` of its seat,
    made when it is asked to decide. The seats that may have a free move are
    asked first, in rotation from the seat to play (:func:`in_rotation`: who
    is "first in time" at a real table is whoever speaks first), each again
    after every free move it makes, until it passes; a seat with no free move
    is not asked (passing is all it could do). Then the seat to play is asked
    for its turn, unless it has only one turn move (a lie-down it cannot
    avoid, or the one capture it must make): that is played for it, as a
    table plays a forced move without waiting on the player. A bot learns of
    it, as of every move, from the public log of its next observation.
    """
    if len(bots) != game.n:
        raise ConfigError(f"{len(bots)} bots for {game.n} seats")
    return drive(game, [bot.choose for bot in bots], [bot.free for bot in bots])


def drive(game: Game, chooses: Sequence[Choose], frees: Sequence[Free]) -> Game:
    """:func:`run`, given each seat's bot's two methods (a tournament looks them
    up once for many hands).

    A tournament runs this loop for every hand, so it is written for speed:
    each observation is built here as the tuple it is, from the game's own
    lists and the shared :class:`~lld.observation.Context`, with no call in
    between, and the engine's methods are looked up once.
    ``tests/test_observation.py`` checks that what a bot is handed here is
    :meth:`Observation.of <lld.observation.Observation.of>` (less the kind of
    move it is not asked for), and that no hidden card is reachable from it.
    """
    free_seats, free_moves, play, turn_moves = (
        game.free_seats, game.free_moves, game.play, game.turn_moves
    )  # fmt: skip
    # The game's own lists: changed in place, never replaced.
    hands, log = game.hands, game.log
    context = starting_context(game)
    public = context[0]
    # The context holds what changes seldom (the dead groups, the lie-downs,
    # the ledger): made again only when the game counts a change to them.
    changes = game.public_changes
    while True:
        if game.free_pending:  # never once the hand is over
            seats: Sequence[int] = free_seats()
            if seats:
                if len(seats) > 1:
                    seats = in_rotation(seats, game.to_play)
                for seat in seats:
                    free = frees[seat]
                    while True:
                        moves = free_moves(seat)  # none once the hand is over
                        if not moves:
                            break
                        if game.public_changes != changes:
                            context, changes = context_now(game, public), game.public_changes
                        fresh = game.fresh
                        move = free(
                            new_tuple(
                                Observation,
                                (
                                    seat, hands[seat], game.table, game.to_play, game.turns,
                                    False, (), moves,
                                    own_fresh(fresh, seat) if fresh else (), context, len(log),
                                ),
                            )
                        )  # fmt: skip
                        if move is None:
                            break
                        play(move)
        if game.over:
            return game
        seat = game.to_play
        moves = turn_moves()
        if len(moves) == 1:  # no choice (over a third of a random hand's turns): not asked
            play(moves[0])
            continue
        if game.public_changes != changes:
            context, changes = context_now(game, public), game.public_changes
        fresh = game.fresh
        play(
            chooses[seat](
                new_tuple(
                    Observation,
                    (
                        seat, hands[seat], game.table, seat, game.turns, False, moves, (),
                        own_fresh(fresh, seat) if fresh else (), context, len(log),
                    ),
                )
            )
        )  # fmt: skip


def random_playout(game: Game, rng: random.Random) -> Game:
    """Play ``game`` to its end with random legal moves; return it.

    The choices are a table of ``random`` bots' (see :mod:`lld.bots.random_bot`),
    made here without observations, and, as :func:`run` does, without a draw
    for a turn that has one move only: this is the rollout a searching bot runs
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
            moves = turn_moves()
            play(moves[0] if len(moves) == 1 else pick_turn(moves, u))
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

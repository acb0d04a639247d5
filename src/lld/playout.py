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
from typing import TYPE_CHECKING, NamedTuple

from lld.errors import ConfigError
from lld.game import Game
from lld.kinds import LAID_AT_ONCE
from lld.moves import CLAIM, LAY, Move
from lld.observation import Choose, Free, Observer
from lld.ruleset import Ruleset

if TYPE_CHECKING:
    from lld.bots import Bot

#: A seat's decision of its turn, from the turn moves it is offered.
Decide = Callable[[int, tuple[Move, ...]], Move]
#: A seat's free move, from those it is offered, or ``None`` to pass.
Offer = Callable[[int, tuple[Move, ...]], "Move | None"]


def play_out(
    game: Game,
    turn: Decide,
    free: Offer,
    *,
    play: Callable[[Move], object] | None = None,
    ask_always: bool = False,
) -> Game:
    """Play ``game`` to its end, asking ``turn(seat, moves)`` and ``free(seat,
    moves)`` for each decision; return it. The one driver loop: every hand a
    bot, a random playout, a table of people or the soak plays goes round it.

    The seats that may have a free move are asked first, in rotation from the
    seat to play (:func:`in_rotation`: who is "first in time" at a real table
    is whoever speaks first), each again after every free move it makes, until
    it passes (``None``). Then the seat to play is asked for its turn (which at
    a table may be a free move: it is then asked again). ``moves`` are those
    the game has just offered (``free_moves(seat)``, ``turn_moves()``).

    A seat with no free move is not asked (passing is all it could do), and a
    turn with one move only (a lie-down it cannot avoid, or the one capture it
    must make) is played for it, as a table plays a forced move without waiting
    on the player; with ``ask_always``, both are asked all the same (a person
    at a table may wish to see them). Each move is played by ``play`` (the
    game's own :meth:`~lld.game.Game.play` unless given).
    """
    play_move = game.play if play is None else play
    free_seats, free_moves, turn_moves = game.free_seats, game.free_moves, game.turn_moves
    while True:
        if game.free_pending:  # never once the hand is over
            seats: Sequence[int] = free_seats()
            if len(seats) > 1:
                seats = in_rotation(seats, game.to_play)
            for seat in seats:
                while True:
                    moves = free_moves(seat)  # none once the hand is over
                    if not moves and (not ask_always or game.over):
                        break
                    move = free(seat, moves)
                    if move is None:
                        break
                    play_move(move)
        if game.over:
            return game
        moves = turn_moves()
        if len(moves) == 1 and not ask_always:  # over a third of a random hand's turns
            play_move(moves[0])
        else:
            play_move(turn(game.to_play, moves))


def run(game: Game, bots: Sequence[Bot]) -> Game:
    """Play ``game`` to its end with one bot per seat; return it.

    Each bot sees only an :class:`~lld.observation.Observation` of its seat,
    made when it is asked to decide (see :func:`play_out` for who is asked
    when). A bot learns of a move played for it, as of every move, from the
    public log of its next observation.
    """
    if len(bots) != game.n:
        raise ConfigError(f"{len(bots)} bots for {game.n} seats")
    return drive(game, [bot.choose for bot in bots], [bot.free for bot in bots])


def drive(game: Game, chooses: Sequence[Choose], frees: Sequence[Free]) -> Game:
    """:func:`run`, given each seat's bot's two methods (a tournament looks them
    up once for many hands).

    Each observation is made by an :class:`~lld.observation.Observer` of the
    game (its :meth:`~lld.observation.Observer.ask_turn` and
    :meth:`~lld.observation.Observer.ask_free` hand it to the bot);
    ``tests/test_observation.py`` checks that it is :meth:`Observation.of
    <lld.observation.Observation.of>` (less the kind of move the bot is not
    asked for), and that no hidden card is reachable from it.
    """
    observer = Observer(game, chooses, frees)
    return play_out(game, observer.ask_turn, observer.ask_free)


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

    # pick_turn and pick_free, written out (a call fewer at every decision).
    def turn(seat: int, moves: tuple[Move, ...]) -> Move:
        return moves[int(u() * len(moves))]

    def free(seat: int, moves: tuple[Move, ...]) -> Move | None:
        i = int(u() * (len(moves) + 1))
        return moves[i] if i < len(moves) else None

    return play_out(game, turn, free)


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


class FreeMoveTally(NamedTuple):
    """What random hands offered outside the turns (:func:`tally_free_moves`)."""

    hands: int
    #: Claims of an oversight offered to some seat, over all the hands.
    claims_offered: int
    #: Lays from the hand offered to some seat as a move.
    lays_offered: int
    #: Sets laid at once by rule (R20 ``laid_at_once``, strict play).
    sets_laid_at_once: int


def tally_free_moves(rules: Ruleset, players: int, hands: int, seed: int = 0) -> FreeMoveTally:
    """Play ``hands`` random hands of ``rules`` (seeds ``seed`` on) and count the
    claims and lays ever offered, and the sets laid at once by rule. Under strict
    play (:func:`lld.presets.strict`) the first two must be nought: it is how the
    site checks, while it is built, that strict play leaves nothing to claim.

    >>> from lld.presets import ruleset, strict
    >>> tally_free_moves(strict(ruleset("du-coeur")), 5, 20)[:3]
    (20, 0, 0)
    """
    tallies = [_tally_hand(rules, players, seed + k) for k in range(hands)]
    return FreeMoveTally(
        hands,
        sum(t[0] for t in tallies),
        sum(t[1] for t in tallies),
        sum(t[2] for t in tallies),
    )


def _tally_hand(rules: Ruleset, players: int, seed: int) -> tuple[int, int, int]:
    """One hand of :func:`tally_free_moves`: claims and lays offered, sets laid at once."""
    rng = random.Random(seed)
    claims = lays = 0

    def turn(seat: int, moves: tuple[Move, ...]) -> Move:
        return moves[int(rng.random() * len(moves))]

    def free(seat: int, moves: tuple[Move, ...]) -> Move | None:
        nonlocal claims, lays
        claims += sum(m.kind == CLAIM for m in moves)
        lays += sum(m.kind == LAY for m in moves)
        i = int(rng.random() * (len(moves) + 1))
        return moves[i] if i < len(moves) else None

    game = play_out(Game.new(rules, players, seed), turn, free, ask_always=True)
    return claims, lays, sum(entry[2] == LAID_AT_ONCE for entry in game.log)

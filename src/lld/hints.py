"""Hints: what the ``willughby`` bot would do in a seat's place, and why.

The move is the bot's own choice (:mod:`lld.bots.willughby`), from the seat's
view only. The reason names the piece of period advice that applies to it,
worked out from what the seat can see: how many cards of the move's rank are in
its hand, on the table, and unseen (in other hands).

>>> from lld.game import Game
>>> from lld.presets import ruleset
>>> g = Game.new(ruleset("parlett"), 5, seed=1)
>>> h = hint(Observation.of(g, g.to_play))
>>> h.move in g.turn_moves(), bool(h.reason)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from lld.bots.willughby import WillughbyBot
from lld.cards import count, rank_of
from lld.moves import CAPTURE, CLAIM, LAY, Move
from lld.observation import Observation


@dataclass(frozen=True)
class Hint:
    """The move the bot would make (``None``: it would pass) and the advice behind it."""

    move: Move | None
    reason: str


def hint(view: Observation, seed: int = 0) -> Hint:
    """What the ``willughby`` bot would do now in ``view``'s seat.

    Free moves come first, as the bot makes them first; then, on the seat's
    turn, its turn move.
    """
    bot = WillughbyBot(seed)
    if view.free_moves:
        move = bot.free(view)
        if move is not None:
            return Hint(move, _free_reason(move))
    if view.to_play != view.seat or view.over:
        return Hint(None, "nothing to do now: pass, and wait for your turn")
    move = bot.choose(view)
    return Hint(move, _turn_reason(view, move))


def _free_reason(move: Move) -> str:
    if move.kind == LAY:
        return (
            "lay your pairs down at once: du Coeur's advice is to do it 'as soon as possible',"
            " before anyone else can claim them"
        )
    if move.kind == CLAIM:
        return "claim the oversight: the pair is yours if you are first"
    return "a free move"  # (no other kind is free)


def _turn_reason(view: Observation, move: Move) -> str:
    if move.kind != CAPTURE:
        return "no capture is possible, so you must lie down"
    rank = rank_of(move.table.bit_length() - 1)
    cards = 15 << (rank << 2)
    on_table = count(view.table & cards)
    in_hand = count(view.hand & cards)
    unseen = count(view.unseen() & cards)
    taken = count(move.table)
    if on_table == 1 and unseen:
        return (
            "a simple mate that another player could take: du Coeur's advice is to 'take it as"
            " soon as possible', Parlett's to capture it 'before somebody else does'"
        )
    if on_table == 2 and in_hand == 2 and taken == 1:
        return (
            "one card against a pair on the table: the other card stays a certain mate for a"
            " later turn, which keeps you in the hand longer"
        )
    if on_table == 3 and taken == 3:
        return (
            "the fourth card against a pair royal: du Coeur's advice is 'be sure to take all"
            " three'; it is certain, so it was kept for when nothing else was left"
        )
    return (
        "a certain mate (nobody else can take it): du Coeur's advice is to 'leave it for last',"
        " and there is nothing more pressing to take"
    )

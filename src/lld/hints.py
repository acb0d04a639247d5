"""Hints: what the ``willughby`` bot would do in a seat's place, and why.

The move is the bot's own choice (:mod:`lld.bots.willughby`), from the seat's
view only, and so is the reason: the piece of the sources' advice that chose it
(its clause ID and a short quote, attributed), from :meth:`WillughbyBot.explain`
and :func:`lld.bots.willughby.free_choice`.

>>> from lld.game import Game
>>> from lld.presets import ruleset
>>> g = Game.new(ruleset("parlett"), 5, seed=1)
>>> h = hint(Observation.of(g, g.to_play))
>>> h.move in g.turn_moves(), bool(h.reason)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from lld.bots.willughby import WillughbyBot, free_choice
from lld.moves import CAPTURE, Move
from lld.observation import Observation

#: The bot's urgency at or below which its advice keeps a capture for later
#: (1: certain, kept for last; 0: never while anything else is left).
KEPT_FOR_LATER = 1
#: Said before such advice when the bot takes the capture all the same, so that a
#: hint never says "leave it" of the very move it recommends.
NOTHING_PRESSING = (
    "no capture here is pressing and a turn must be played, so the time has come for one"
    " the advice keeps for later; the advice on it: "
)


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
        chosen = free_choice(view)
        if chosen is not None:
            return Hint(chosen[0], chosen[1].reason())
    if view.to_play != view.seat or view.over:
        return Hint(None, "nothing to do now: pass, and wait for your turn")
    move, reason = bot.explain(view)
    if move.kind == CAPTURE:
        score, advice = bot.urgency(view, move)
        # Only the bot's own reason is reworded (a look-ahead's is about staying in).
        if score <= KEPT_FOR_LATER and reason.startswith(advice.reason()):
            reason = NOTHING_PRESSING + reason
    return Hint(move, reason)

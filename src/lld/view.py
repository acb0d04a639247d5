"""A driver's handle on one seat: it makes the seat's :class:`~lld.observation.Observation`.

Bots are given observations, never this handle (it holds the game). It stays
because :meth:`Game.view <lld.game.Game.view>` returns it.

>>> from lld.game import Game
>>> from lld.presets import ruleset
>>> g = Game.new(ruleset("parlett"), players=5, seed=1)
>>> o = g.view(0).observe()
>>> o.hand == g.hands[0], o.hand_sizes[1]
(True, 8)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lld.game import Game
    from lld.observation import Observation


class SeatView:
    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat

    def observe(self) -> Observation:
        """What this seat can know now, with every move it may make."""
        from lld.observation import Observation

        return Observation.of(self._game, self.seat)

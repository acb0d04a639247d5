"""What one seat may see: its own hand, the table, the won piles, the log.

A bot is handed a :class:`SeatView`, never the :class:`~lld.game.Game`, so
that it decides from what its seat could know. The view reads the game live
(no copying, so it costs nothing in the playout loop) and has no way to reach
another seat's hand.

>>> from lld.game import Game
>>> from lld.presets import ruleset
>>> g = Game.new(ruleset("parlett"), players=5, seed=1)
>>> v = g.view(0)
>>> v.hand == g.hands[0], v.hand_size(1)
(True, 8)
>>> hasattr(v, "hands")
False
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from lld.cards import FULL_DECK, iter_cards, mask_of
from lld.errors import IllegalMoveError
from lld.moves import Move

if TYPE_CHECKING:
    from lld.events import Event
    from lld.game import Game
    from lld.ruleset import Ruleset
    from lld.stakes import StakesTable


class SeatView:
    __slots__ = ("__game", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        self.__game = game
        self.seat = seat

    @property
    def rules(self) -> Ruleset:
        return self.__game.rules

    @property
    def stakes(self) -> StakesTable:
        return self.__game.stakes

    @property
    def players(self) -> int:
        return self.__game.n

    @property
    def dealer(self) -> int:
        return self.__game.dealer

    @property
    def to_play(self) -> int:
        return self.__game.to_play

    @property
    def over(self) -> bool:
        return self.__game.over

    @property
    def hand(self) -> int:
        return self.__game.hands[self.seat]

    @property
    def table(self) -> int:
        return self.__game.table

    @property
    def won(self) -> tuple[int, ...]:
        return tuple(self.__game.won)

    @property
    def out(self) -> tuple[bool, ...]:
        return tuple(self.__game.out)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self.__game.events)

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds (public: everyone can count them)."""
        return bin(self.__game.hands[seat]).count("1")

    def unseen(self) -> int:
        """Cards this seat cannot see: those in the other hands."""
        g = self.__game
        seen = g.hands[self.seat] | g.table | g.aside
        for w in g.won:
            seen |= w
        return FULL_DECK & ~seen

    def sample(self, rng: random.Random) -> Game:
        """A game this seat cannot tell from the real one, for search.

        The other hands are dealt afresh, at random, from the cards this seat
        cannot see, each keeping its size; everything public (the table, the
        won piles, the log, the stakes) and this seat's own hand stay as they
        are. The real game is not touched.
        """
        game = self.__game.copy()
        unseen = list(iter_cards(self.unseen()))
        rng.shuffle(unseen)
        start = 0
        for seat, hand in enumerate(game.hands):
            if seat != self.seat:
                size = hand.bit_count()
                game.hands[seat] = mask_of(unseen[start : start + size])
                start += size
        game._rescan_lay_watch()
        return game

    def check(self, move: Move) -> None:
        """Raise :class:`~lld.errors.IllegalMoveError` unless ``move`` is legal for this seat."""
        if move.seat != self.seat:
            raise IllegalMoveError(move, f"this is seat {self.seat}'s view", "R4")
        self.__game.check(move)

    def turn_moves(self) -> tuple[Move, ...]:
        """This seat's turn moves, if it is to play."""
        g = self.__game
        return g.turn_moves() if g.to_play == self.seat else ()  # () too once it is over

    def free_moves(self) -> tuple[Move, ...]:
        return self.__game.free_moves(self.seat)

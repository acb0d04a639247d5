"""Bots: players that decide from an :class:`~lld.observation.Observation` only.

A bot has two methods. ``choose(seen)`` returns the seat's turn move, one of
``seen.turn_moves``. ``free(seen)`` returns one free move (laying a pair,
claiming an oversight) from ``seen.free_moves`` to make now, or ``None`` to
pass; it is asked again after each one it makes. The observation is all a bot
is given: it holds no way to the game or to another seat's hand.

>>> sorted(BOTS)
['random', 'willughby']
>>> make_bot("random", seed=3).name
'random'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from lld.bots.random_bot import RandomBot
from lld.bots.willughby import WillughbyBot
from lld.errors import ConfigError
from lld.moves import Move
from lld.observation import Observation


class Bot(Protocol):
    name: str

    def choose(self, seen: Observation) -> Move: ...

    def free(self, seen: Observation) -> Move | None: ...


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "willughby": WillughbyBot,
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name; ``seed`` fixes any choices it makes at random."""
    try:
        factory = BOTS[name.strip().lower()]
    except KeyError:
        raise ConfigError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})") from None
    return factory(seed)

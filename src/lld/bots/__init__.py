"""Bots: players that decide from an :class:`~lld.observation.Observation` only.

A bot has two methods. ``choose(seen)`` returns the seat's turn move, one of
``seen.turn_moves`` (a bot playing a whole hand, :func:`lld.playout.run`, is
not asked when there is only one). ``free(seen)`` returns one free move (laying a pair,
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
    """A bot by name; ``seed`` fixes any choices it makes at random.

    A name may carry the bot's parameters after colons, as in
    ``willughby:look_ahead=0:defer_simple_mate=yes`` (whole numbers, or yes/no).

    >>> make_bot("willughby:look_ahead=0:defer_simple_mate=yes")
    WillughbyBot(defer_simple_mate=True, take_four_when_last=True, look_ahead=0)
    """
    base, *params = name.strip().lower().split(":")
    try:
        factory = BOTS[base.strip()]
    except KeyError:
        raise ConfigError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})") from None
    if not params:
        return factory(seed)
    kwargs: dict[str, int | bool] = {}
    for param in params:
        key, sep, text = (part.strip() for part in param.partition("="))
        if not sep or not key:
            raise ConfigError(f"bot {name!r}: parameter {param!r} is not NAME=VALUE")
        if text in ("yes", "true"):
            kwargs[key] = True
        elif text in ("no", "false"):
            kwargs[key] = False
        elif text.isascii() and text.isdigit() and len(text) <= 6:
            kwargs[key] = int(text)
        else:
            raise ConfigError(
                f"bot {name!r}: {key}={text!r} is not a whole number (up to 6 digits) or yes/no"
            )
    try:
        return factory(seed, **kwargs)
    except TypeError:
        raise ConfigError(f"bot {name!r}: {base} takes no parameter among {params}") from None

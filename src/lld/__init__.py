"""Laugh and Lie Down: every source's reading of the rules, executable.

>>> import lld
>>> g = lld.Game.new(lld.ruleset("parlett"), players=5, seed=1)
>>> g.dealer, g.to_play
(4, 0)
"""

from lld.cards import format_card, format_cards, parse_card, parse_cards
from lld.deal import Deal
from lld.errors import (
    ConfigError,
    IllegalMoveError,
    LldError,
    NotationError,
    NotFoundError,
    RecordError,
    RulesetError,
    SetupError,
    SourceDataError,
)
from lld.events import Event
from lld.game import Game
from lld.moves import Move
from lld.presets import PRESETS, ruleset
from lld.ruleset import OPTIONS, Ruleset

__version__ = "0.1.0"

__all__ = [
    "OPTIONS",
    "PRESETS",
    "ConfigError",
    "Deal",
    "Event",
    "Game",
    "IllegalMoveError",
    "LldError",
    "Move",
    "NotFoundError",
    "NotationError",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "SetupError",
    "SourceDataError",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
    "ruleset",
]

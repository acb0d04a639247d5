"""Laugh and Lie Down: every source's reading of the rules, executable.

>>> import lld
>>> g = lld.Game.new(lld.ruleset("parlett"), players=5, seed=1)
>>> g.dealer, g.to_play
(4, 0)

The read-model: a :class:`Position` is a frozen snapshot of a hand, an
:class:`Observation` what one seat can know of it, and :func:`sample` a world
that seat cannot tell from the real one:

>>> p = lld.Position.of(g)
>>> p.to_play, p.hand_sizes, p.pot
(0, (8, 8, 8, 8, 8), 11)
>>> lld.Position.parse(p.format()) == p
True
>>> o = lld.Observation.of(g, 0)
>>> o.hand == g.hands[0], o.hand_sizes == p.hand_sizes
(True, True)
>>> import random
>>> lld.Observation.of(lld.sample(o, random.Random(7)), 0) == o
True

:func:`steps` walks a hand record move by move, and :func:`replay_under` replays
it under other options and says where it parts from the original:

>>> from lld.record import load_record
>>> from lld.demonstrate import examples_directory
>>> rec = load_record(str(examples_directory() / "r14-pair-royal-one-of-three.lld"))
>>> step = lld.steps(rec)[0]
>>> str(step.move), step.rulings
('0: 7S x 7H', ('R14',))
>>> out = lld.replay_under(rec, pair_royal_capture="three_only")
>>> out.kind, out.move_number, out.rule, out.option
('illegal', 1, 'R14', 'pair_royal_capture=three_only')
>>> isinstance(out, lld.Outcome), isinstance(step, lld.Step)
(True, True)
"""

from lld.cards import format_card, format_cards, parse_card, parse_cards
from lld.deal import Deal
from lld.errors import (
    ConfigError,
    IllegalMoveError,
    LldError,
    NotationError,
    NotFoundError,
    PositionError,
    RecordError,
    RulesetError,
    SetupError,
    SourceDataError,
)
from lld.events import Event
from lld.game import Game
from lld.moves import Move
from lld.observation import Observation, sample
from lld.position import Position
from lld.presets import PRESETS, ruleset
from lld.replay import Outcome, Step, replay_under, steps
from lld.ruleset import OPTIONS, Ruleset

__version__ = "0.3.0"

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
    "Observation",
    "Outcome",
    "Position",
    "PositionError",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "SetupError",
    "SourceDataError",
    "Step",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
    "replay_under",
    "ruleset",
    "sample",
    "steps",
]

"""Explicit deals that reach the rare cases, and rulesets that mix every rule option.

A random shuffle seldom puts a mournival on the table, a pair royal against its
fourth card, or a pair in hand against a pair on the table. :func:`rare_deals`
builds the deal rank by rank instead: a few ranks are *live*, each dealt in one
of the patterns below, and every other rank lies in won piles, two cards to a
pile, out of play. Hands stay small, so hands are emptied by capture (R34) and
seats lie down soon, and the end of the hand (R28) comes within a few moves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import strategies as st

from lld import PRESETS, Deal, Game, Move, Ruleset, ruleset
from lld.cards import FULL_DECK
from lld.moves import TURN_KINDS
from lld.ruleset import OPTIONS

PRESET_NAMES = tuple(sorted(PRESETS))

#: The options that decide which moves are legal (the rest decide the money).
PLAY_OPTIONS = (
    "table_mournival",
    "pair_royal_capture",
    "pair_royal_remainder",
    "pair_against_pair",
    "hand_pairs_when",
    "lie_down",
    "lie_down_pair",
    "claim_priority",
    "claim_deadline",
    "last_player_turn",
)

#: How a live rank's four cards are dealt: a place for each card. ``H``, ``H2``
#: are one hand and another, ``T`` the table, ``W`` a won pile (always two).
PATTERNS: dict[str, tuple[str, ...]] = {
    "mournival on the table": ("T", "T", "T", "T"),  # R11
    "pair royal against its fourth": ("T", "T", "T", "H"),  # R14, R15
    "pair against pair": ("T", "T", "H", "H"),  # R16
    "pair against a pair split": ("T", "T", "H", "H2"),  # R13
    "dead pair": ("H", "H", "W", "W"),  # R19, R24
    "pair royal in hand, fourth on the table": ("H", "H", "H", "T"),  # R18, R19
    "pair royal in hand, fourth held": ("H", "H", "H", "H2"),  # R18
    "mournival in hand": ("H", "H", "H", "H"),  # R17
    "pair and pair in hands": ("H", "H", "H2", "H2"),
    "a simple mate": ("T", "H", "W", "W"),  # R12
    "pair in hand, one on the table": ("H", "H", "T", "H2"),
    "two singles": ("T", "H", "T", "H2"),
}
PATTERN_NAMES = tuple(PATTERNS)


@st.composite
def play_rulesets(draw: st.DrawFn) -> Ruleset:
    """A preset with each option that decides legality drawn from all its values."""
    base = draw(st.sampled_from(PRESET_NAMES))
    overrides = {name: draw(st.sampled_from(OPTIONS[name].allowed)) for name in PLAY_OPTIONS}
    return ruleset(base, **overrides)


@st.composite
def rare_deals(draw: st.DrawFn, rules: Ruleset) -> Deal:
    """A deal for one of ``rules``' player counts, built rank by rank from :data:`PATTERNS`."""
    n = draw(st.sampled_from(rules.players))
    dealer = draw(st.integers(0, n - 1))
    ranks = draw(st.permutations(range(13)))
    live = draw(st.integers(2, min(7, 13)))
    hands, table, won = [0] * n, 0, [0] * n
    for rank in ranks[:live]:
        pattern = PATTERNS[draw(st.sampled_from(PATTERN_NAMES))]
        holder = draw(st.integers(0, n - 1))
        other = (holder + draw(st.integers(1, n - 1))) % n
        winner = draw(st.integers(0, n - 1))
        for suit, place in enumerate(pattern):
            bit = 1 << (rank * 4 + suit)
            if place == "T":
                table |= bit
            elif place == "W":
                won[winner] |= bit
            else:
                hands[holder if place == "H" else other] |= bit
    spare = list(ranks[live:])
    while sum(1 for h in hands if h) < 2:
        # Two seats with a lone card that nothing on the table mates.
        rank = spare.pop()
        empty = [s for s in range(n) if not hands[s]]
        first = empty[0]
        second = next(s for s in range(n) if s != first and (not hands[s] or s == empty[-1]))
        hands[first] |= 1 << (rank * 4)
        hands[second] |= 1 << (rank * 4 + 1)
        won[draw(st.integers(0, n - 1))] |= 3 << (rank * 4 + 2)
    for rank in spare:
        # Out of play: two pairs in won piles.
        won[draw(st.integers(0, n - 1))] |= 3 << (rank * 4)
        won[draw(st.integers(0, n - 1))] |= 3 << (rank * 4 + 2)
    placed = table
    for m in (*hands, *won):
        placed |= m
    assert placed == FULL_DECK
    return Deal(n, dealer, tuple(hands), table, tuple(won))


@dataclass
class RarePlayout:
    """A rare deal under some rules, and the seeded choices that play it on."""

    rules: Ruleset
    deal: Deal
    choices: int
    #: How often a free move (lay, claim) is chosen when one is legal.
    free_rate: float
    #: At most this many moves are played.
    steps: int
    game: Game = field(init=False, repr=False)
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.choices)
        self.game = Game.from_deal(self.rules, self.deal)

    def choose(self, legal: list[Move]) -> Move:
        free = [m for m in legal if m.kind not in TURN_KINDS]
        turn = [m for m in legal if m.kind in TURN_KINDS]
        if free and (not turn or self.rng.random() < self.free_rate):
            return self.rng.choice(free)
        return self.rng.choice(turn)


@st.composite
def rare_playouts(draw: st.DrawFn, rules: st.SearchStrategy[Ruleset]) -> RarePlayout:
    chosen = draw(rules)
    return RarePlayout(
        rules=chosen,
        deal=draw(rare_deals(chosen)),
        choices=draw(st.integers(0, 2**32 - 1)),
        free_rate=draw(st.sampled_from((0.0, 0.15, 0.5, 1.0))),
        steps=draw(st.integers(0, 40)),
    )

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
from lld.moves import CLAIM, TURN_KINDS
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
    "lie_down_mistake",
    "mistaken_lie_down_pair",
    "chosen_lie_down_pair",
    "one_against_pair",
    "dead_pair_trigger",
    "broken_pair_royal",
    "emptied_by_capture",
    "emptied_by_laying",
    "capture_ranks",
)

#: How a live rank's four cards are dealt: a place for each card. ``H``, ``H2``
#: are one hand and another, ``T`` the table, ``W`` a won pile (always two).
PATTERNS: dict[str, tuple[str, ...]] = {
    "mournival on the table": ("T", "T", "T", "T"),  # R11
    "pair royal against its fourth": ("T", "T", "T", "H"),  # R14, R15
    "pair against pair": ("T", "T", "H", "H"),  # R16
    "pair against a pair split": ("T", "T", "H", "H2"),  # R13, R38
    "dead pair": ("H", "H", "W", "W"),  # R19, R24, R39
    "pair royal in hand, fourth on the table": ("H", "H", "H", "T"),  # R18, R19, R40
    "pair royal in hand, fourth held": ("H", "H", "H", "H2"),  # R18
    "mournival in hand": ("H", "H", "H", "H"),  # R17
    "pair and pair in hands": ("H", "H", "H2", "H2"),
    "a simple mate": ("T", "H", "W", "W"),  # R12, R36, R37
    "pair in hand, one on the table": ("H", "H", "T", "H2"),
    "two singles": ("T", "H", "T", "H2"),
}

#: Patterns with one card in a won pile, which play never makes (cards are won in
#: pairs) but a deal set up by hand may hold: a pile's ``W1`` is a single card.
ODD_PATTERNS: dict[str, tuple[str, ...]] = {
    "odd won card, pair in hand, one on the table": ("H", "H", "T", "W1"),
    "odd won card, two singles": ("H", "H2", "T", "W1"),
    "odd won card, pair royal in hand": ("H", "H", "H", "W1"),
    "odd won card, two on the table": ("H", "T", "T", "W1"),
    "odd won card, pair and one": ("H", "H", "H2", "W1"),
}


def rare_rules(rng: random.Random, **fixed: str) -> Ruleset:
    """A preset with each option that decides legality drawn from all its values,
    except those given in ``fixed``."""
    base = rng.choice(PRESET_NAMES)
    overrides = {
        name: fixed[name] if name in fixed else rng.choice(OPTIONS[name].allowed)
        for name in PLAY_OPTIONS
    }
    return ruleset(base, **overrides)


def rare_deal(rng: random.Random, rules: Ruleset, odd_won: bool = False) -> Deal:
    """A deal for one of ``rules``' player counts, built rank by rank from :data:`PATTERNS`
    (and :data:`ODD_PATTERNS` with ``odd_won``)."""
    patterns = {**PATTERNS, **ODD_PATTERNS} if odd_won else PATTERNS
    names = sorted(patterns)
    n = rng.choice(rules.players)
    dealer = rng.randrange(n)
    ranks = list(range(13))
    rng.shuffle(ranks)
    live = rng.randint(2, 7)
    hands, table, won = [0] * n, 0, [0] * n
    for rank in ranks[:live]:
        pattern = patterns[rng.choice(names)]
        holder = rng.randrange(n)
        other = (holder + rng.randint(1, n - 1)) % n
        winner = rng.randrange(n)
        for suit, place in enumerate(pattern):
            bit = 1 << (rank * 4 + suit)
            if place == "T":
                table |= bit
            elif place.startswith("W"):
                won[winner] |= bit
            else:
                hands[holder if place == "H" else other] |= bit
    spare = ranks[live:]
    while sum(1 for h in hands if h) < 2:
        # Two seats with a lone card that nothing on the table mates.
        rank = spare.pop()
        first, second = rng.sample([s for s in range(n) if not hands[s]] or range(n), 1)[0], 0
        second = rng.choice([s for s in range(n) if s != first])
        hands[first] |= 1 << (rank * 4)
        hands[second] |= 1 << (rank * 4 + 1)
        won[rng.randrange(n)] |= 3 << (rank * 4 + 2)
    for rank in spare:
        # Out of play: two pairs in won piles.
        won[rng.randrange(n)] |= 3 << (rank * 4)
        won[rng.randrange(n)] |= 3 << (rank * 4 + 2)
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
    overlook: bool = False
    #: How often a claim is made when one is legal, besides ``free_rate``.
    claim_rate: float = 0.0
    game: Game = field(init=False, repr=False)
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.choices)
        self.game = Game.from_deal(self.rules, self.deal)

    def choose(self, legal: list[Move]) -> Move:
        """A turn move, or (at ``free_rate``) a free move: a lay or a claim, each kind as
        likely as the other, so that claims are not crowded out by the many lays.

        With ``overlook`` the dealer never takes a table mournival himself, so that it
        stays open for others to claim (R11)."""
        free = [m for m in legal if m.kind not in TURN_KINDS]
        if self.overlook:
            free = [m for m in free if not (m.kind == CLAIM and m.seat == self.deal.dealer)]
        turn = [m for m in legal if m.kind in TURN_KINDS]
        claims = [m for m in free if m.kind == CLAIM]
        if claims and self.rng.random() < self.claim_rate:
            return self.rng.choice(claims)
        if free and (not turn or self.rng.random() < self.free_rate):
            kinds = sorted({m.kind for m in free})
            kind = self.rng.choice(kinds)
            return self.rng.choice([m for m in free if m.kind == kind])
        return self.rng.choice(turn)


def rare_playout(rng: random.Random, rules: Ruleset, odd_won: bool = False) -> RarePlayout:
    """A rare deal under ``rules`` and the choices that play it on, all from ``rng``."""
    return RarePlayout(
        rules=rules,
        deal=rare_deal(rng, rules, odd_won),
        choices=rng.getrandbits(32),
        free_rate=rng.choice((0.0, 0.15, 0.5, 1.0)),
        steps=rng.randint(0, 40),
        overlook=rng.random() < 0.5,
        claim_rate=rng.choice((0.0, 0.3, 0.8)),
    )


#: Rulesets of every preset with any values of the options that decide legality.
play_rulesets = st.randoms(use_true_random=False).map(rare_rules)


@st.composite
def rare_playouts(draw: st.DrawFn, rules: st.SearchStrategy[Ruleset]) -> RarePlayout:
    """A :func:`rare_playout` under rules drawn from ``rules``."""
    return rare_playout(draw(st.randoms(use_true_random=False)), draw(rules))

"""Hypothesis strategies: presets, the player counts they give, seeds, rulesets, playouts.

A :class:`Playout` is a freshly dealt game plus a seeded chooser that plays it
out at random: any legal move, free moves (laying pairs, claiming oversights)
included, with every choice of suits that :meth:`~lld.game.Game.legal_moves`
offers. It also makes up random moves that are *not* legal, to check that the
engine refuses them. Its ``repr`` is everything needed to replay a failure.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import strategies as st

from lld import PRESETS, Deal, Game, Move, Ruleset, ruleset
from lld.cards import rank_mask
from lld.deal import MAX_SEED
from lld.moves import CAPTURE, CLAIM, KINDS, LAY, LIE, TURN_KINDS
from lld.ruleset import OPTIONS
from lld.stakes import TABLES

PRESET_NAMES = tuple(sorted(PRESETS))
#: Every (preset, number of players) that some preset gives a game for.
PRESET_TABLES = tuple((p, n) for p in PRESET_NAMES for n in PRESETS[p].players)

presets = st.sampled_from(PRESET_NAMES)
seeds = st.integers(min_value=0, max_value=MAX_SEED)


def player_counts(preset: str) -> st.SearchStrategy[int]:
    """The numbers of players ``preset`` gives a game for."""
    return st.sampled_from(PRESETS[preset].players)


#: A preset and one of its player counts.
preset_tables = presets.flatmap(lambda p: st.tuples(st.just(p), player_counts(p)))


def dealers(players: int) -> st.SearchStrategy[int | None]:
    """A dealer seat, or ``None`` to cut for the deal."""
    return st.none() | st.integers(min_value=0, max_value=players - 1)


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    """A preset with any of its options overridden to any allowed value.

    Only valid mixtures are drawn: break-even settlement needs a deal with a
    break-even for every player count it gives.
    """
    base = draw(presets)
    overrides: dict[str, str | None] = {}
    for name, spec in OPTIONS.items():
        if name.startswith("deal_") or name == "settlement":
            continue
        if draw(st.booleans()):
            overrides[name] = draw(st.sampled_from(spec.allowed))
    settlement = draw(st.sampled_from(OPTIONS["settlement"].allowed))
    overrides["settlement"] = settlement
    for n in range(3, 9):
        allowed = [
            v
            for v in OPTIONS[f"deal_{n}"].allowed
            if settlement == "most_pairs" or TABLES[n][v].break_even is not None
        ]
        overrides[f"deal_{n}"] = draw(st.sampled_from([None, *allowed]))
    if all(overrides[f"deal_{n}"] is None for n in range(3, 9)):
        overrides["deal_5"] = "widow" if settlement == "most_pairs" else "willughby"
    return ruleset(base, **overrides)


@dataclass
class Playout:
    """A dealt hand and the seeded choices that will play it out.

    With ``pairs_won`` above zero the hand starts as if from the middle of
    play: that many pairs (two cards of a rank, from wherever they were dealt)
    are already in won piles, set up through :meth:`Game.from_deal`.
    """

    rules: Ruleset
    players: int
    seed: int
    dealer: int | None
    choices: int
    free_rate: float
    pairs_won: int = 0
    game: Game = field(init=False, repr=False)
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.choices)
        if not self.pairs_won:
            self.game = Game.new(self.rules, self.players, self.seed, self.dealer)
            return
        st = self.rules.stakes(self.players)
        deal = Deal.from_seed(
            self.seed, self.players, st.hand_size, self.dealer,
            widow=st.widow, **self.rules.cut,
        )  # fmt: skip
        hands, table, won = list(deal.hands), deal.table, [0] * self.players
        r = random.Random(self.choices ^ 0x5EED)
        for _ in range(self.pairs_won):
            rank = r.randrange(13)
            loose = [c for c in range(rank * 4, rank * 4 + 4) if not any(w >> c & 1 for w in won)]
            if len(loose) < 2:
                continue
            pair = sum(1 << c for c in r.sample(loose, 2))
            new_hands = [h & ~pair for h in hands]
            if sum(1 for h in new_hands if h) < 2:
                continue
            hands, table = new_hands, table & ~pair
            won[r.randrange(self.players)] |= pair
        deal = Deal(self.players, deal.dealer, tuple(hands), table, tuple(won))
        self.game = Game.from_deal(self.rules, deal)

    def choose(self, legal: list[Move]) -> Move:
        """One of ``legal`` at random: a free move with probability ``free_rate``
        when there is one, else a turn move."""
        free = [m for m in legal if m.kind not in TURN_KINDS]
        if free and self.rng.random() < self.free_rate:
            return self.rng.choice(free)
        turn = [m for m in legal if m.kind in TURN_KINDS]
        return self.rng.choice(turn)

    def random_move(self) -> Move:
        """A random move, usually plausible (one rank, cards near where they are)."""
        g, r = self.game, self.rng
        seat = r.randrange(g.n + 1) if r.random() < 0.1 else r.randrange(g.n)
        if r.random() < 0.3:
            seat = g.to_play
        kind = r.choice(KINDS)
        if kind == LIE:
            return Move(LIE, seat)
        rank = r.randrange(13)
        if r.random() < 0.2:
            # Anything at all: any cards, maybe of several ranks.
            hand = r.getrandbits(52) & r.getrandbits(52) & r.getrandbits(52)
            table = r.getrandbits(52) & r.getrandbits(52) & r.getrandbits(52)
        else:
            where = rank_mask(rank)
            hand = r.getrandbits(52) & where
            table = r.getrandbits(52) & where
            if r.random() < 0.7 and seat < g.n:
                hand &= g.hands[seat] or where
                table &= g.table or where
        if kind == CAPTURE:
            return Move(CAPTURE, seat, hand or (r.getrandbits(4) << (rank * 4)), table)
        if kind == LAY:
            return Move(LAY, seat, hand, table if r.random() < 0.1 else 0)
        assert kind == CLAIM
        return Move(CLAIM, seat, hand if r.random() < 0.1 else 0, table)

    def near_misses(self, legal: list[Move]) -> list[Move]:
        """Legal moves changed a little: another seat, a card more or less, another kind."""
        g, r = self.game, self.rng
        if not legal:
            return []
        out = []
        for m in r.sample(legal, min(len(legal), 2)):
            kind, seat, hand, table = m
            rank = ((hand | table).bit_length() - 1) >> 2 if hand | table else r.randrange(13)
            card = 1 << (rank * 4 + r.randrange(4))
            out += [
                Move(kind, (seat + 1 + r.randrange(g.n - 1)) % g.n, hand, table),
                Move(kind, seat, hand ^ card, table),
                Move(kind, seat, hand, table ^ card),
                Move(r.choice(KINDS), seat, hand, table),
            ]
        return out


@st.composite
def playouts(
    draw: st.DrawFn,
    preset: str | None = None,
    players: int | None = None,
    rules: st.SearchStrategy[Ruleset] | None = None,
    mid_hand: bool = False,
) -> Playout:
    """A random hand to play out: of ``preset`` (or drawn rules) at ``players``."""
    if rules is not None:
        chosen = draw(rules)
    else:
        chosen = PRESETS[preset] if preset is not None else PRESETS[draw(presets)]
    n = players if players is not None else draw(st.sampled_from(chosen.players))
    return Playout(
        rules=chosen,
        players=n,
        seed=draw(seeds),
        dealer=draw(dealers(n)),
        choices=draw(st.integers(min_value=0, max_value=2**32 - 1)),
        free_rate=draw(st.sampled_from((0.0, 0.1, 0.5, 1.0))),
        pairs_won=draw(st.integers(min_value=1, max_value=16)) if mid_hand else 0,
    )

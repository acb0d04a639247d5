"""The Willughby bot: plays the strategy advice the modern sources report.

Each rule of thumb is one small function below, carrying in its docstring the
source clause it follows (IDs from ``sources/*.toml``, whose ``advises``
clauses name the rules of thumb and parameters here) and an :class:`Advice` record with a
short exact quote, attributed: du Coeur's and Parlett's reports of Willughby, and du
Coeur's own summary of them ("certain mate", in his own term "mate").

A capture's *urgency* decides: the most urgent capture is made now, ties at
random. Simple mates are urgent; certain mates wait ("leave it for last");
free moves (laying pairs, claiming oversights) are made at once. When only
two players are left the bot looks ahead (du Coeur: "stay in as long as
possible"): it samples the hidden cards (in the two-player endgame they are
all in the one other hand, so the sample is the truth) and plays each
candidate out at random, keeping the one that nets most.

Where the advice is ambiguous the choice is a parameter (see
:class:`WillughbyBot`). The bot sees only its seat's
:class:`~lld.observation.Observation`.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from lld.bots.random_bot import pick_free, pick_turn
from lld.cards import NUM_RANKS, count, rank_mask, rank_of
from lld.errors import LldError
from lld.ledger import Amount
from lld.moves import CAPTURE, CLAIM, LAY, Move
from lld.observation import Observation, sample


class Advice(NamedTuple):
    """One piece of the sources' advice: clause ID, who says it, and a short quote."""

    name: str
    clause: str
    source: str
    quote: str

    def reason(self) -> str:
        return f"{self.name} ({self.clause}): {self.source}: {self.quote!r}"


LEAVE_CERTAIN_MATE = Advice(
    "leave a certain mate for last",
    "DC-82",
    "du Coeur's own summary of Willughby's points",
    "if you have a certain mate, leave it for last",
)
PAIR_ROYAL_AGAINST_FOURTH = Advice(
    "a pair royal in hand against the fourth on the table: leave it",
    "DC-83",
    "du Coeur reports Willughby",
    "leave it for last -- no one else can take it",
)
PAIR_AGAINST_PAIR = Advice(
    "a pair in hand against a pair on the table: leave it",
    "DC-54",
    "du Coeur reports Willughby",
    "the corresponding pair is on the table, leave it",
)
THIRD_AGAINST_PAIR = Advice(
    "a third against a pair on the table: one is guaranteed, leave it",
    "DC-84",
    "du Coeur reports Willughby",
    "you are guaranteed one of the pair on the table",
)
SIMPLE_MATE = Advice(
    "take a simple mate as soon as possible",
    "DC-85",
    "du Coeur reports Willughby, in his own words",
    "take it as soon as possible",
)
CAPTURE_SINGLE = Advice(
    "one card of a rank on the table: capture it before somebody else does",
    "P-61",
    "Parlett reports Willughby",
    "capture the table card before somebody else does",
)
HOLD_BACK = Advice(
    "two or three of a rank on the table: hold back",
    "P-62",
    "Parlett reports Willughby",
    "you can safely hold back until you have no alternative",
)
TAKE_ALL_THREE = Advice(
    "the fourth against a pair royal on the table: take all three",
    "DC-18",
    "du Coeur",
    "be sure to take all three",
)
LAY_AT_ONCE = Advice(
    "lay pairs down as soon as possible",
    "DC-25",
    "du Coeur",
    "as soon as possible",
)
CLAIM_AT_ONCE = Advice(
    "claim an oversight at once",
    "DC-26",
    "du Coeur",
    "claim the pair instead",
)
STAY_IN = Advice(
    "stay in as long as you can: look ahead in the two-player endgame",
    "DC-86",
    "du Coeur",
    "make sure that you can stay in as long as possible",
)
FOUR_WHEN_LAST = Advice(
    "take four at once when you will be the last player",
    "P-57",
    "Parlett",
    "wanting to win four at a time",
)
ONE_PAIR_AT_A_TIME = Advice(
    "take one pair at a time, keeping a play for a later turn",
    "P-57",
    "Parlett",
    "wanting to win four at a time",
)
MUST_LIE_DOWN = Advice(
    "no capture is possible: lie down",
    "DC-27",
    "du Coeur",
    'can not make any mates with the table, they must "lie down"',
)


class Counts(NamedTuple):
    """How many cards of a capture's rank are where, as this seat sees it."""

    in_hand: int
    on_table: int
    unseen: int
    taken: int


def counts_of(seen: Observation, move: Move, unseen: int | None = None) -> Counts:
    """``unseen`` may be passed in, worked out once per turn (``seen.unseen()``)."""
    cards = rank_mask(rank_of(move.table.bit_length() - 1))
    return Counts(
        count(seen.hand & cards),
        count(seen.table & cards),
        count((seen.unseen() if unseen is None else unseen) & cards),
        count(move.table),
    )


# ----------------------------------------------------------------- the rules of thumb
# Each returns (urgency, advice) when it applies to the capture, else None.
# Higher urgency is taken first: 5 four at once when last, 4 pressing, 1 certain
# (kept for last), 0 never while anything else is left.


def simple_mate(c: Counts, defer: bool) -> tuple[int, Advice] | None:
    """du Coeur's simple mate (one in hand against one on the table), taken as soon
    as possible (DC-85). Deferred like a certain
    mate when ``defer_simple_mate`` is set."""
    if c.in_hand == 1 and c.on_table == 1 and c.unseen:
        return (1 if defer else 4), SIMPLE_MATE
    return None


def capture_single(c: Counts, defer: bool) -> tuple[int, Advice] | None:
    """Parlett: one card of a rank on the table and a singleton or pair in hand:
    capture it "before somebody else does" (P-61)."""
    if c.on_table == 1 and c.in_hand in (1, 2) and c.unseen:
        return (1 if defer else 4), CAPTURE_SINGLE
    return None


def pair_royal_against_fourth(c: Counts) -> tuple[int, Advice] | None:
    """du Coeur: a pair royal in hand and the fourth on the table: nobody else can
    take it, so leave it for last (DC-83)."""
    if c.in_hand == 3 and c.on_table == 1:
        return 1, PAIR_ROYAL_AGAINST_FOURTH
    return None


def pair_against_pair(c: Counts, take_four: bool) -> tuple[int, Advice] | None:
    """DC-54: a pair in hand against a pair on the table: leave it. Taken, it goes one
    pair at a time (P-57: one pair "leaves you with another play on a future turn")."""
    if c.in_hand == 2 and c.on_table == 2:
        if c.taken == 2:
            return (5, FOUR_WHEN_LAST) if take_four else (0, ONE_PAIR_AT_A_TIME)
        return 1, PAIR_AGAINST_PAIR
    return None


def third_against_pair(c: Counts) -> tuple[int, Advice] | None:
    """du Coeur (DC-84): a third against a pair on the table is
    "guaranteed one of the pair", so leave it; Parlett's "hold back" agrees."""
    if c.in_hand == 1 and c.on_table == 2:
        return 1, THIRD_AGAINST_PAIR
    return None


def fourth_against_pair_royal(c: Counts) -> tuple[int, Advice] | None:
    """DC-18: the fourth against a pair royal: "be sure to take all three"; certain,
    so Parlett's "hold back until you have no alternative" keeps it for last."""
    if c.on_table == 3:
        return (1, TAKE_ALL_THREE) if c.taken == 3 else (0, TAKE_ALL_THREE)
    return None


def held_back_till_now(score: int, advice: Advice) -> str:
    """Parlett (P-62): with two or three of a rank
    on the table "you can safely hold back until you have no alternative": said when
    such a capture is made because nothing more pressing is left."""
    if score <= 1 and advice in (PAIR_AGAINST_PAIR, THIRD_AGAINST_PAIR, TAKE_ALL_THREE):
        return "; nothing more pressing is left: " + HOLD_BACK.reason()
    return ""


def certain_mate(c: Counts) -> tuple[int, Advice]:
    """DC-82: any other mate nobody else can take is certain: leave it for last."""
    return 1, LEAVE_CERTAIN_MATE


# ----------------------------------------------------------------------- the bot


class WillughbyBot:
    """The sources' advice as a player.

    Parameters, one per ambiguity in the advice:

    - ``defer_simple_mate`` (DC-85, du Coeur's "simple mate" advice, and P-61,
      Parlett's "before somebody else does"): if true, a simple mate waits like a certain one. The
      advice says take it at once, so the default is ``False``.
    - ``take_four_when_last`` (P-57, Parlett's "wanting to win four at a time"):
      take a pair against a pair all at once when the bot will be the last player
      (its one opponent cannot mate the table after the move), so fewer cards go
      to the dealer. Default ``True``, Parlett's one reason.
    - ``look_ahead`` (DC-86, du Coeur's "stay in as long as possible"): playouts
      per candidate move in the two-player endgame; ``0`` turns the search off.
    """

    name = "willughby"

    def __init__(
        self,
        seed: int = 0,
        *,
        defer_simple_mate: bool = False,
        take_four_when_last: bool = True,
        look_ahead: int = 16,
    ) -> None:
        self._rng = random.Random(seed)
        self.defer_simple_mate = defer_simple_mate
        self.take_four_when_last = take_four_when_last
        self.look_ahead = look_ahead

    def __repr__(self) -> str:
        return (
            f"WillughbyBot(defer_simple_mate={self.defer_simple_mate},"
            f" take_four_when_last={self.take_four_when_last}, look_ahead={self.look_ahead})"
        )

    # -- the Bot protocol

    def choose(self, seen: Observation) -> Move:
        return self.explain(seen)[0]

    def free(self, seen: Observation) -> Move | None:
        move = free_choice(seen)
        return move[0] if move else None

    # -- with reasons

    def explain(self, seen: Observation) -> tuple[Move, str]:
        """The turn move and the advice that chose it (clause ID and quote)."""
        moves = seen.turn_moves
        # Captures of one rank only: every rule of thumb here is about one rank, and
        # the advice to keep as many chances to mate as possible (DC-82) never
        # spends several ranks in one turn where R45 would allow it.
        captures = [m for m in moves if m.kind == CAPTURE and not m.several_ranks]
        if not captures:
            return moves[0], MUST_LIE_DOWN.reason()
        best: list[tuple[Move, Advice]] = []
        best_score = -1
        unseen = seen.unseen()
        for move in captures:
            score, advice = self.urgency(seen, move, unseen)
            if score > best_score:
                best, best_score = [(move, advice)], score
            elif score == best_score:
                best.append((move, advice))
        move, advice = best[int(self._rng.random() * len(best))]
        if (
            self.look_ahead
            and len({_kind(m) for m, _ in best}) < len({_kind(m) for m in captures})
            and two_left(seen)
        ):
            searched = self.search(seen, captures)
            if searched is not None and searched != move:
                return searched, STAY_IN.reason() + f" (rather than: {advice.name})"
        return move, advice.reason() + held_back_till_now(best_score, advice)

    def urgency(
        self, seen: Observation, move: Move, unseen: int | None = None
    ) -> tuple[int, Advice]:
        """How pressing a capture is (higher first), and the advice that says so."""
        c = counts_of(seen, move, unseen)
        take_four = self.take_four_when_last and c.taken == 2 and will_be_last(seen, move)
        for verdict in (
            simple_mate(c, self.defer_simple_mate),
            capture_single(c, self.defer_simple_mate),
            pair_royal_against_fourth(c),
            pair_against_pair(c, take_four),
            third_against_pair(c),
            fourth_against_pair_royal(c),
        ):
            if verdict is not None:
                return verdict
        return certain_mate(c)

    def search(self, seen: Observation, captures: list[Move]) -> Move | None:
        """DC-86: in the two-player endgame, play each capture out ``look_ahead``
        times in a sampled world and keep the one that nets this seat most."""
        try:
            world = sample(seen, self._rng)
        except LldError:
            return None
        # The rollouts are the random bots' (as lld.playout.random_playout, which a
        # bot may not import): every seat, this one too, plays at random.
        u = self._rng.random
        best, best_total = None, None
        for move in captures:
            total: Amount = 0
            for _ in range(self.look_ahead):
                g = world.copy()
                g.play(move)
                while not g.over:
                    for seat in g.free_seats():
                        while not g.over:
                            free = pick_free(g.free_moves(seat), u)
                            if free is None:
                                break
                            g.play(free)
                    if not g.over:
                        g.play(pick_turn(g.turn_moves(), u))
                total += g.ledger.net[seen.seat]
            if best_total is None or total > best_total:
                best, best_total = move, total
        return best


def _kind(move: Move) -> tuple[int, int]:
    return rank_of(move.table.bit_length() - 1), count(move.table)


def free_choice(seen: Observation) -> tuple[Move, Advice] | None:
    """DC-25 and DC-26: lay pairs and claim oversights at once, laying first."""
    moves = seen.free_moves
    lays = [m for m in moves if m.kind == LAY]
    if lays:  # a mournival goes down whole rather than a pair at a time
        return max(lays, key=lambda m: count(m.hand)), LAY_AT_ONCE
    for move in moves:
        if move.kind == CLAIM:
            return move, CLAIM_AT_ONCE
    return (moves[0], CLAIM_AT_ONCE) if moves else None


def two_left(seen: Observation) -> bool:
    """Only two players are still in (the endgame du Coeur's last-trick advice is for)."""
    return sum(1 for how in seen.out if how is None) == 2


def will_be_last(seen: Observation, move: Move) -> bool:
    """P-57's case: after ``move`` the one other player left cannot mate the table, so
    must lie down and leave this seat the last player. In the two-player endgame the
    unseen cards are all in that player's hand."""
    emptied = not seen.hand & ~move.hand
    if not two_left(seen) or (emptied and seen.rules.emptied_by_capture == "out_at_once"):
        # An emptied hand out at once (R34) leaves the other player last; one kept in
        # until its turn (du Coeur's reading) is last if the other must lie down first.
        return False
    table_after = seen.table & ~move.table
    ranks_after = 0
    for r in range(NUM_RANKS):
        if table_after & rank_mask(r):
            ranks_after |= rank_mask(r)
    return not seen.unseen() & ranks_after

"""Properties of every hand: random playouts for every preset and player count.

After every single move: all 52 cards are in exactly one place, hands only
shrink and won piles only grow, a won pile holds an odd number of cards of a
rank only where one capture took three of it (R38's collects_all; with takes_one
every pile holds pairs; at the end the dealer's leftovers may hold the fourth,
which nobody could mate), the ledger is consistent, the seat to play is one
still in play, every move :meth:`~lld.game.Game.legal_moves` lists is accepted,
random moves it does not list are refused (naming a known ruling and the
ruleset's own option) and change nothing, and the move just played cannot be
played again. At the end: the pot is left empty when the stakes table balances
for that outcome and every pile holds pairs, the nets and the pot sum to zero,
and every event names a ruling in the registry.

The playouts take free moves (laying pairs, claiming oversights) at random
and choose among every suit variant that legal_moves() offers.

Alongside the engine plays a :class:`Model`: a second, deliberately plain
reading of the rules written from the option values' wording. It enumerates
every legal move by brute force, so legal_moves() must list exactly its set
(nothing forbidden, nothing missing), and its hands, table, won piles, turn
and end of hand must match the engine's after every move.

Besides hands dealt from a seed for every preset and player count, the
properties are checked for random mixtures of options and for positions set
up from the middle of a hand (pairs already won, through Game.from_deal).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lld import PRESETS, Game, IllegalMoveError, Move, Ruleset
from lld.cards import (
    LOW_PRESENCE,
    NIBBLE_COUNT,
    RANK_MASKS_HIGH,
    RANK_MASKS_LOW,
    RANK_SPLIT,
    count,
    rank_mask,
)
from lld.deal import Deal
from lld.ledger import Amount
from lld.moves import CAPTURE, CLAIM, LAY, LIE, TURN_KINDS
from lld.presets import is_strict, strict
from lld.ruleset import OPTIONS
from positions import RULE_IDS, snapshot, stakes_for
from strategies import PRESET_NAMES, PRESET_TABLES, Playout, playouts, rulesets

#: Examples per (preset, player count); there are 24 of those.
EXAMPLES_PER_TABLE = 100
#: Examples of random mixtures of options.
EXAMPLES_MIXED = 600
#: Examples per preset of hands set up from the middle of play.
EXAMPLES_MID_HAND = 200

common = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Which rulings each kind of event may name.
EVENT_RULES = {
    "deal": {"R5", "R6", "R7", "R8", "R9", "R10"},
    "ante": {"R5", "R6", "R7", "R8", "R9", "R10"},
    "take_mournival": {"R11"},
    CAPTURE: {"R12", "R13", "R14", "R16", "R38", "R45"},
    LAY: {"R17", "R18", "R19", "R40"},
    "laid_at_once": {"R17", "R18", "R19", "R40"},
    CLAIM: {"R11", "R15", "R24", "R36", "R37"},
    LIE: {"R22", "R35"},
    "lie_payment": {"R23"},
    "out": {"R34"},
    "last_player": {"R28"},
    "leftovers": {"R29"},
    "set_aside": {"R29"},
    "bonus": {"R30"},
    "wins": {"R31", "R32", "R44"},
    "pays": {"R31", "R32", "R44"},
    "tie": {"R33"},
    "pot_left": {"R31"},
}


def odd_ranks(mask: int) -> set[int]:
    """The ranks of which ``mask`` holds an odd number of cards."""
    return {r for r in range(13) if NIBBLE_COUNT[(mask >> (4 * r)) & 15] % 2}


def check_won_piles(g: Game) -> None:
    """Cards are won in pairs, except that under R38's collects_all one capture may
    take three: a won pile holds an odd number of cards of a rank only where one
    capture took three of it (or the deal put an odd number there, or the dealer's
    leftovers at the end hold the card nobody could mate). Worked out from the
    events: captures win two, three or four cards, lays and claims two or four."""
    expected = [odd_ranks(w) for w in g.deal.won]
    for e in g.events:
        cards = e.hand | e.table
        if e.kind == LAY or e.kind == CLAIM:
            assert count(cards) in (2, 4), e
        elif e.kind == CAPTURE and odd_ranks(cards):
            # Three of a rank (a capture of several ranks, R45, may hold such a part).
            assert g.rules.one_against_pair == "collects_all", f"{e}: a capture took three"
            assert e.seat is not None
            expected[e.seat] ^= odd_ranks(cards)
        elif e.kind == "leftovers":
            assert e.seat is not None
            expected[e.seat] ^= odd_ranks(cards)
    for seat, w in enumerate(g.won):
        assert odd_ranks(w) == expected[seat], f"seat {seat}'s won pile is odd in a rank"


def check_refused(g: Game, move: Move) -> None:
    """``move`` is refused, naming a ruling and the ruleset's own option, changing nothing.

    play() goes first: a stale cache of checked moves would let it through.
    """
    before = snapshot(g)
    with pytest.raises(IllegalMoveError) as info:
        g.play(move)
    assert snapshot(g) == before, f"refused {move} changed the game"
    err = info.value
    assert err.rule in RULE_IDS
    if err.option is not None:
        name, _, value = err.option.partition("=")
        assert name in OPTIONS
        assert OPTIONS[name].ruling == err.rule
        assert getattr(g.rules, name) == value
    assert not g.is_legal(move), f"{move} is refused by play() but is_legal() says yes"


def check_position(g: Game) -> None:
    assert g.complete
    assert sum(count(m) for m in (*g.hands, g.table, *g.won, g.aside)) == 52
    assert g.ledger.consistent
    assert sum(g.ledger.net) + g.ledger.pot == 0
    if not g.over:
        assert 0 <= g.to_play < g.n
        assert not g.out[g.to_play]
        assert all(g.hands[s] == 0 for s in range(g.n) if g.out[s])
        out_at_once = g.rules.emptied_by_laying == g.rules.emptied_by_capture == "out_at_once"
        if out_at_once:
            assert g.hands[g.to_play]
            assert [g.hands[s] == 0 for s in range(g.n)] == g.out
        elif not g.hands[g.to_play]:  # R34, R43: in with no cards, he can only lie down
            assert g.turn_moves() == (Move(LIE, g.to_play),)
        assert g.turn_moves(), "the seat to play has no move"
        assert g.aside == 0
    check_won_piles(g)


def next_in_play(g: Game, seat: int) -> int:
    for k in range(1, g.n + 1):
        s = (seat + k) % g.n
        if not g.out[s]:
            return s
    raise AssertionError("nobody in play")


def check_step(
    g: Game, before: tuple[list[int], int, list[int], int, int, int], move: Move
) -> None:
    hands, aside, won, to_play, turns, n_events = before
    check_position(g)
    for s in range(g.n):
        assert g.hands[s] & ~hands[s] == 0, "a hand grew"
        assert won[s] & ~g.won[s] == 0, "a won pile shrank"
    assert aside & ~g.aside == 0
    new = g.events[n_events:]
    assert new, f"{move} logged nothing"
    assert new[0].move == move, f"{move} logged {new[0]}"
    # R21: a lay by the seat to play, once play has begun, may be his turn.
    lay_turn = (
        move.kind == LAY and g.rules.laying_turn == "counts_as_turn" and move.seat == to_play
        and turns > 0
    )  # fmt: skip
    if move.kind in TURN_KINDS or lay_turn:
        assert g.turns == turns + 1
        if not g.over:
            assert g.to_play == next_in_play(g, move.seat)
    else:
        assert g.turns == turns
        if not g.over and not g.out[to_play]:
            assert g.to_play == to_play, "a free move passed the turn"
    for e in new:
        assert e.rule in EVENT_RULES[e.kind], e
        if e.kind == CAPTURE:
            # R45 names a capture exactly where it takes several ranks, which only
            # several_ranks allows.
            several = len({c >> 2 for c in range(52) if (e.hand | e.table) >> c & 1}) > 1
            assert (e.rule == "R45") == several, e
            assert not several or g.rules.capture_ranks == "several_ranks", e


def expected_r23(g: Game) -> list[Amount]:
    """R23 payments worked out from the event log, not from the ledger."""
    net: list[Amount] = [0] * g.n
    if g.rules.lie_down_payment == "none":
        return net
    shared = g.rules.lie_down_payment == "stake_shared_among_remaining"
    assert shared or g.rules.lie_down_payment == "stake_to_each_remaining"
    out = [h == 0 for h in g.deal.hands]
    for e in g.events:
        if e.kind == "out":
            assert e.seat is not None
            out[e.seat] = True
        elif e.kind == LIE:
            assert e.seat is not None
            out[e.seat] = True
            still_in = [s for s in range(g.n) if not out[s]]
            for s in still_in:
                share = Fraction(1, len(still_in)) if shared else 1
                net[e.seat] -= share
                net[s] += share
    return net


def check_end(g: Game) -> None:
    check_position(g)
    assert g.over
    assert g.hands == [0] * g.n
    assert g.table == 0
    assert g.legal_moves() == []
    assert g.turn_moves() == ()
    if g.rules.one_against_pair == "takes_one" and not any(map(odd_ranks, g.deal.won)):
        assert all(count(w) % 2 == 0 for w in g.won)
    rules, st = g.rules, g.stakes
    assert g.last_player is not None
    lasts = [e for e in g.events if e.kind == "last_player"]
    assert [e.seat for e in lasts] == [g.last_player]
    # Settlement, worked out from the stakes table.
    pot: Amount = st.dealer_ante + st.other_ante * (g.n - 1)
    net: list[Amount] = [-(st.dealer_ante if s == g.dealer else st.other_ante) for s in range(g.n)]
    pot -= st.last_player_bonus
    net[g.last_player] += st.last_player_bonus
    if rules.settlement == "break_even":
        assert st.break_even is not None
        for s, w in enumerate(g.won):
            k = stakes_for(count(w), st.break_even, rules.part_pair)
            net[s] += k
            pot -= k
        # With odd piles (R38 collects_all) a part-pair is paid as R44 reads it, so
        # even a balanced table may leave stakes over or run short.
        even = all(count(w) % 2 == 0 for w in g.won)
        if st.balances and rules.leftovers == "all_to_dealer" and even:
            assert pot == 0, "a balanced table left stakes over"
    else:
        pairs = [count(w) // 2 for w in g.won]
        winners = [s for s, p in enumerate(pairs) if p == max(pairs)]
        if len(winners) == 1 and pot > 0:
            net[winners[0]] += pot
            pot = 0
        else:
            assert [e.amount for e in g.events if e.kind == "tie"] == ([pot] if pot else [])
    r23 = expected_r23(g)
    assert g.ledger.pot == pot
    assert g.ledger.balanced == (pot == 0)
    assert g.ledger.net == [a + b for a, b in zip(net, r23, strict=True)]
    assert sum(g.ledger.net) + g.ledger.pot == 0
    assert all(e.rule in RULE_IDS for e in g.events)
    assert all(e.rule in RULE_IDS for e in g.ledger.entries)


def replay(p: Playout, g: Game) -> Game:
    """A copy of ``g``: the same deal with the same moves played."""
    c = Game.from_deal(p.rules, g.deal)
    for m in g.moves:
        c.play(m)
    assert snapshot(c) == snapshot(g)
    return c


# ------------------------------------------------------------------ the model


def submasks(mask: int) -> list[int]:
    """Every non-empty subset of ``mask``."""
    out = []
    sub = mask
    while sub:
        out.append(sub)
        sub = (sub - 1) & mask
    return out


def nib(mask: int, rank: int) -> int:
    return (mask >> (4 * rank)) & 15


def capture_allowed(rules: Ruleset, in_hand: int, on_table: int, k_hand: int, k_table: int) -> bool:
    """R12-R16 and R38, written from the option values' wording, not from the engine."""
    if rules.one_against_pair == "collects_all" and k_hand == 1:
        # R38: one card from the hand takes every card of its rank on the table.
        if k_table != on_table:
            return False
        if on_table == 2 and in_hand == 2:
            return rules.pair_against_pair != "must_take_four"
        return True
    if (k_hand, k_table) == (1, 1):
        if on_table == 3:  # R14: one of a pair royal
            return rules.pair_royal_capture == "one_or_three"
        if on_table == 2 and in_hand == 2:  # R16: a pair against a pair, one at a time
            return rules.pair_against_pair != "must_take_four"
        return True  # R12, R13
    if (k_hand, k_table) == (1, 3):  # R14: all of a pair royal
        return on_table == 3
    if (k_hand, k_table) == (2, 2):  # R16: a pair against a pair, all four
        return on_table == 2 and rules.pair_against_pair in ("may_take_four", "must_take_four")
    return False


class Model:
    """A second, independent reading of the rules, to play alongside the engine.

    It keeps its own hands, table, turn and oversights, enumerates every legal
    move (every choice of suits) by brute force, and must agree with the
    engine after every move.
    """

    def __init__(self, g: Game) -> None:
        self.rules = r = g.rules
        self.n, self.dealer = g.n, g.dealer
        self.hands = list(g.deal.hands)
        self.table = g.deal.table
        self.won = list(g.deal.won)
        self.out = [h == 0 for h in self.hands]
        self.lain: set[int] = set()  # who has lain down (R42)
        self.turns = 0
        self.over = False
        self.final_turn = False
        self.last: int | None = None
        # rank -> (ruling, offender, the turn from which others may claim it)
        self.dead: dict[int, tuple[str, int, int]] = {}
        self.fresh: set[tuple[int, int]] = set()
        # (seat, rank): the rest of a mournival he laid half of (R17)
        self.rest: set[tuple[int, int]] = set()
        for rank in range(13):
            if nib(self.table, rank) == 15:  # R11
                if r.table_mournival == "dealer_takes":
                    self.table &= ~rank_mask(rank)
                    self.won[self.dealer] |= rank_mask(rank)
                else:
                    self.dead[rank] = ("R11", self.dealer, 1)
        self.to_play = self.dealer
        self.advance()
        if self.out.count(False) > 1:
            self.lay_due()  # R20, strict play: dealt sets go down before play

    def lay_due(self) -> None:
        """R20 ``laid_at_once``: every set a seat may lay goes down for it at once, a
        mournival whole, seats in turn from eldest; no move and no turn."""
        if self.rules.hand_pairs_when != "laid_at_once":
            return
        for k in range(1, self.n + 1):
            seat = (self.dealer + k) % self.n
            for rank in range(13):
                if self.over:
                    return
                hm = nib(self.hands[seat], rank)
                held = count(hm)
                layable = (
                    held == 4
                    or (held == 3 and self.rules.hand_pair_royal == "pair_may_be_laid")
                    or (held == 2 and self.dead_pair(seat, rank))
                )
                if layable:
                    lowest = sorted(c for c in range(4) if hm >> c & 1)[: 4 if held == 4 else 2]
                    cards = sum(1 << (c + 4 * rank) for c in lowest)
                    self.play(Move(LAY, seat, cards, 0), at_once=True)

    def in_hands(self, rank: int) -> int:
        held = 0
        for h in self.hands:
            held |= h
        return nib(held, rank)

    def dead_pair(self, seat: int, rank: int) -> bool:
        """R19 with R39: the seat's pair can no longer be mated, as the trigger reads it
        (or it is the rest of a mournival, R17, or of a pair royal under R40's layable)."""
        hm = nib(self.hands[seat], rank)
        if count(hm) != 2 or (seat, rank) in self.rest:
            return count(hm) == 2
        return self.dead_by_trigger(seat, rank)

    def dead_by_trigger(self, seat: int, rank: int) -> bool:
        """R19 with R39 alone: what a capture can make dead just now (R20's promptly)."""
        hm = nib(self.hands[seat], rank)
        trigger = self.rules.dead_pair_trigger
        if trigger == "never" or nib(self.table, rank) or self.in_hands(rank) != hm:
            return False
        return trigger == "unmateable" or not nib(self.won[seat], rank)

    def can_capture(self, seat: int) -> bool:
        return any(nib(self.hands[seat], rank) and nib(self.table, rank) for rank in range(13))

    def advance(self) -> None:  # R4
        for k in range(1, self.n + 1):
            s = (self.to_play + k) % self.n
            if not self.out[s]:
                self.to_play = s
                return

    def legal_moves(self) -> set[Move]:
        r, out = self.rules, set[Move]()
        if self.over:
            return out
        s = self.to_play
        hand, table = self.hands[s], self.table
        can_capture = False
        # R45's several_ranks: each capture so far may be joined by one of a new rank.
        combined: list[tuple[int, int]] = [(0, 0)]
        for rank in range(13):
            hm, tm = hand & rank_mask(rank), table & rank_mask(rank)
            if not (hm and tm):
                continue
            can_capture = True
            of_rank = [
                (hs, ts)
                for hs in submasks(hm)
                for ts in submasks(tm)
                if capture_allowed(r, count(hm), count(tm), count(hs), count(ts))
            ]
            out.update(Move(CAPTURE, s, hs, ts) for hs, ts in of_rank)
            if r.capture_ranks == "several_ranks":
                combined += [(h | hs, t | ts) for h, t in combined for hs, ts in of_rank]
        for h, t in combined:  # only the unions of two ranks or more are new
            if len({c >> 2 for c in range(52) if (h >> c) & 1}) > 1:
                out.add(Move(CAPTURE, s, h, t))
        if r.lie_down == "voluntary" or not can_capture or r.lie_down_mistake != "refused":
            out.add(Move(LIE, s))  # R22, R35
        for seat in range(self.n):
            for rank in range(13):
                hm = self.hands[seat] & rank_mask(rank)
                held = count(hm)
                if held < 2:
                    continue
                if held == 2 and not self.dead_pair(seat, rank):
                    continue  # R19, R39: only a pair that can never be mated
                if held == 3 and r.hand_pair_royal == "kept_in_hand":
                    continue  # R18: a pair royal's cards are played like any others
                timely = (  # R20
                    r.hand_pairs_when == "any_time"
                    or (r.hand_pairs_when == "promptly_or_own_turn" and seat == self.to_play)
                    or self.turns == 0
                    or (seat, rank) in self.fresh
                )
                if not timely or r.hand_pairs_when == "laid_at_once":
                    continue  # strict play: laid by rule, never by a move
                sizes = {4: (2, 4), 3: (2,), 2: (2,)}[held]  # R17, R18, R19
                for hs in submasks(hm):
                    if count(hs) in sizes:
                        out.add(Move(LAY, seat, hs, 0))
        for rank, (ruling, offender, opens) in self.dead.items():
            option = {"R11": "table_mournival", "R15": "pair_royal_remainder",
                      "R24": "lie_down_pair", "R36": "mistaken_lie_down_pair",
                      "R37": "chosen_lie_down_pair"}[ruling]  # fmt: skip
            if getattr(r, option) not in ("dealer_first", "claimable"):
                continue
            left = table & rank_mask(rank)
            # every pair left: all of two or four, two of three (R24)
            takes = [c for c in submasks(left) if count(c) == count(left) & ~1]
            for seat in range(self.n):
                if ruling == "R11" and seat == self.dealer:
                    ok = True  # the dealer's own mournival, at any time
                else:
                    ok = (
                        seat != offender  # R25: not one's own oversight
                        # R42: one who has lain down may be barred from claiming
                        and (r.lain_down_claims == "may_claim" or seat not in self.lain)
                        and self.turns >= opens  # R11: the dealer's chance first
                        and (r.claim_priority == "first_in_time" or seat == self.to_play)
                        and (r.claim_deadline == "end_of_hand" or self.turns <= opens)  # R26
                    )
                if ok:
                    out.update(Move(CLAIM, seat, 0, c) for c in takes)
        return out

    def capture_rank(self, seat: int, hand: int, table: int) -> None:
        """One rank's capture: its cards move; R40, R15, R19 and R20 as it leaves them."""
        rank = (hand.bit_length() - 1) >> 2
        broken = count(nib(self.hands[seat], rank)) == 3 and count(hand) == 1
        layable = self.rules.hand_pair_royal == "pair_may_be_laid"  # R18
        if broken and layable and self.rules.broken_pair_royal == "layable":
            self.rest.add((seat, rank))  # R40: his pair royal's pair stays layable
        self.hands[seat] &= ~hand
        self.table &= ~table
        self.won[seat] |= hand | table
        left, held = nib(self.table, rank), self.in_hands(rank)
        if not held and count(left) == 2 and count(table) == 1:
            self.dead[rank] = ("R15", seat, self.turns)
        elif not left and count(held) == 2:
            for holder in range(self.n):
                if nib(self.hands[holder], rank) == held and self.dead_by_trigger(holder, rank):
                    self.fresh.add((holder, rank))  # R19, R20: promptly

    def play(self, m: Move, *, at_once: bool = False) -> None:
        seat = m.seat
        rank = ((m.hand | m.table).bit_length() - 1) >> 2
        if m.kind == CAPTURE:
            self.turns += 1
            self.fresh.clear()
            # Rank by rank: a capture of several ranks (R45) is each rank's capture.
            for rk in [rk for rk in range(13) if nib(m.hand, rk)]:
                self.capture_rank(seat, m.hand & rank_mask(rk), m.table & rank_mask(rk))
            if not self.hands[seat] and self.rules.emptied_by_capture == "out_at_once":
                self.out[seat] = True  # R34; else in, with no cards, until he lies down
            self.after_turn()
            if not self.over:
                self.lay_due()
        elif m.kind == LIE:
            self.lain.add(seat)
            hand = self.hands[seat]
            # R35: a forced lie-down with a capture open (only allowed_as_mistake lets
            # it be made)
            mistake = self.rules.lie_down == "forced" and self.can_capture(seat)
            least = 3 if self.rules.hand_pair_royal == "pair_may_be_laid" else 4  # R17, R18
            could_lay = {rk for rk in range(13) if count(nib(hand, rk)) >= least
                         or self.dead_pair(seat, rk)}  # fmt: skip
            self.table |= hand
            self.hands[seat] = 0
            self.out[seat] = True
            self.turns += 1
            self.fresh.clear()
            for rk in range(13):
                if not nib(hand, rk) or self.in_hands(rk):
                    continue
                if rk in could_lay:  # R24: a set he could have laid
                    self.dead[rk] = ("R24", seat, self.turns)
                elif count(nib(hand, rk)) == 1 and count(nib(self.table, rk)) == 2:
                    if mistake:
                        self.dead[rk] = ("R36", seat, self.turns)
                    elif self.rules.lie_down == "voluntary":
                        self.dead[rk] = ("R37", seat, self.turns)
            self.after_turn()
        elif m.kind == LAY:
            # R21: the lay is his turn where laying counts as one (once play has begun).
            is_turn = (
                self.rules.laying_turn == "counts_as_turn"
                and seat == self.to_play
                and self.turns
                and not at_once  # a set laid by rule (R20, strict play) is no turn
            )
            before = nib(self.hands[seat], rank)
            self.hands[seat] &= ~m.hand
            self.won[seat] |= m.hand
            if count(before) - count(m.hand) == 2:
                self.fresh.add((seat, rank))  # the other half of a mournival
                self.rest.add((seat, rank))
            if is_turn:
                self.turns += 1
                self.fresh.clear()
            # R43: out at once, or in until he lies down at his turn, with nothing.
            if not self.hands[seat] and self.rules.emptied_by_laying == "out_at_once":
                self.out[seat] = True
                if self.out.count(False) <= 1:
                    self.finish()
                elif seat == self.to_play:
                    self.advance()
            elif is_turn:
                self.after_turn()
        else:
            self.table &= ~m.table
            self.won[seat] |= m.table
            del self.dead[rank]

    def after_turn(self) -> None:
        if self.final_turn or self.out.count(False) <= 1:
            self.finish()
        else:
            self.advance()

    def finish(self) -> None:  # R28
        active = [s for s in range(self.n) if not self.out[s]]
        if not self.final_turn:
            self.last = active[0] if len(active) == 1 else None
            if self.last is not None and self.rules.last_player_turn == "one_more":
                self.final_turn = True
                self.to_play = self.last
                return
        self.over = True

    def agrees_with(self, g: Game) -> None:
        assert g.over == self.over
        if self.over:
            assert g.last_player == self.last
            leftovers = self.table
            for h in self.hands:
                leftovers |= h
            gained = g.won[self.dealer] & ~self.won[self.dealer]
            assert gained & g.aside == 0
            assert gained | g.aside == leftovers
            for rank in range(13):
                if self.rules.leftovers == "all_to_dealer":
                    assert nib(g.aside, rank) == 0
                else:
                    assert count(nib(g.aside, rank)) == count(nib(leftovers, rank)) % 2
            for s in range(self.n):
                if s != self.dealer:
                    assert g.won[s] == self.won[s]
            return
        assert g.hands == self.hands
        assert g.table == self.table
        assert g.won == self.won
        assert g.out == self.out
        assert g.to_play == self.to_play


def run(p: Playout) -> None:
    g = p.game
    model = Model(g)
    model.agrees_with(g)
    check_position(g)
    if g.rules.table_mournival == "dealer_takes":
        assert all(NIBBLE_COUNT[(g.table >> (4 * r)) & 15] < 4 for r in range(13))
    while not g.over:
        legal = g.legal_moves()
        legal_set = set(legal)
        assert len(legal_set) == len(legal)
        expected = model.legal_moves()
        assert legal_set == expected, (
            f"legal_moves() lists {sorted(map(str, legal_set - expected))} that the rules"
            f" forbid and misses {sorted(map(str, expected - legal_set))}"
        )
        assert set(g.turn_moves()) <= legal_set
        if is_strict(g.rules):  # strict play: no duty left undone, nothing to claim
            assert not [m for m in legal if m.kind in (LAY, CLAIM)], legal
            # Nobody's oversight: the one group left to nobody is a pair a lawful
            # lie-down by choice left, which goes to the dealer at the end (R37).
            assert {group.origin for group in g.dead_groups} <= {"chosen_lie_down_pair"}
        for s in range(g.n):
            assert set(g.free_moves(s)) <= legal_set
            assert g.legal_moves(s) == [m for m in legal if m.seat == s]
        for m in legal:
            assert g.is_legal(m), f"legal_moves() lists {m} but is_legal() refuses it"
            assert m.kind in TURN_KINDS or m.seat in g.free_seats()
            assert m.kind not in TURN_KINDS or m.seat == g.to_play
        if p.rng.random() < 0.03:
            # Listed moves can actually be played: on a copy, replayed from the deal.
            for m in p.rng.sample(legal, min(len(legal), 4)):
                c = replay(p, g)
                before = (list(c.hands), c.aside, list(c.won), c.to_play, c.turns, len(c.events))
                c.play(m)
                check_step(c, before, m)
        # Lying down is legal exactly when legal_moves() says so.
        lie = Move(LIE, g.to_play)
        if lie not in legal_set:
            check_refused(g, lie)
        for _ in range(2):
            m = p.random_move()
            if m not in legal_set:
                check_refused(g, m)
        for m in p.near_misses(legal):
            if m not in legal_set:
                check_refused(g, m)
        move = p.choose(legal)
        before = (list(g.hands), g.aside, list(g.won), g.to_play, g.turns, len(g.events))
        g.play(move)
        model.play(move)
        model.agrees_with(g)
        check_step(g, before, move)
        # The move just made cannot be made again.
        check_refused(g, move)
    check_end(g)


@pytest.mark.parametrize(
    ("preset", "players"), PRESET_TABLES, ids=[f"{p}-{n}" for p, n in PRESET_TABLES]
)
def test_random_hands_keep_every_invariant(preset: str, players: int) -> None:
    @settings(common, max_examples=EXAMPLES_PER_TABLE)
    @given(playouts(preset=preset, players=players))
    def inner(p: Playout) -> None:
        run(p)

    inner()


@settings(common, max_examples=EXAMPLES_MIXED)
@given(playouts(rules=rulesets()))
def test_random_mixtures_of_options_keep_every_invariant(p: Playout) -> None:
    run(p)


#: Examples per preset of hands played with several ranks captured at once (R45).
EXAMPLES_SEVERAL_RANKS = 60


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_R45_several_ranks_keeps_every_invariant(preset: str) -> None:
    """Each source's reading with R45's several_ranks: a capture may take several ranks
    at once, and every card, pile, turn and stake stays accounted for."""
    several = st.just(PRESETS[preset].replace(capture_ranks="several_ranks"))

    @settings(common, max_examples=EXAMPLES_SEVERAL_RANKS)
    @given(playouts(rules=several))
    def inner(p: Playout) -> None:
        run(p)

    inner()


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_strict_play_never_offers_a_claim_or_a_lay(preset: str) -> None:
    """Strict play: every set goes down by rule and no oversight can arise, so at no
    moment of any hand is a claim or a lay a legal move (checked in :func:`run`)."""

    @settings(common, max_examples=EXAMPLES_PER_TABLE)
    @given(playouts(rules=st.just(strict(PRESETS[preset]))))
    def inner(p: Playout) -> None:
        run(p)

    inner()


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_positions_from_mid_hand_keep_every_invariant(preset: str) -> None:
    """Positions set up with pairs already won (Game.from_deal) play by the same rules."""

    @settings(common, max_examples=EXAMPLES_MID_HAND)
    @given(playouts(preset=preset, mid_hand=True))
    def inner(p: Playout) -> None:
        run(p)

    inner()


@settings(common, max_examples=300)
@given(
    seed=st.integers(0, 2**64 - 1),
    players=st.integers(3, 8),
    hand_size=st.integers(1, 8),
    widow=st.booleans(),
)
def test_dealing_from_a_seed_places_every_card_once(
    seed: int, players: int, hand_size: int, widow: bool
) -> None:
    """A seeded deal skips Deal's checks; built again through them, it must pass unchanged."""
    ways = players + 1 if widow else players
    if ways * hand_size > 52:
        return
    deal = Deal.from_seed(seed, players, hand_size, dealer=seed % players, widow=widow)
    checked = Deal(deal.players, deal.dealer, deal.hands, deal.table, deal.won, deal.seed)
    assert checked == deal
    assert [count(h) for h in deal.hands] == [hand_size] * players
    assert count(deal.table) == 52 - players * hand_size


def test_rank_masks_by_presence_cover_every_set_of_ranks() -> None:
    """The two halves' tables give each present rank's mask, lowest first, for all 8,192 sets."""
    for ranks in range(1 << 13):
        presence = sum(1 << (4 * r) for r in range(13) if ranks >> r & 1)
        masks = RANK_MASKS_LOW[presence & LOW_PRESENCE] + RANK_MASKS_HIGH[presence >> RANK_SPLIT]
        assert masks == tuple(rank_mask(r) for r in range(13) if ranks >> r & 1)

"""A lean reference playout: the least work a random Parlett five-player hand needs.

The yardstick ``benchmarks/bench.py`` measures the engine against, in the same
run: how fast the same game can be played in pure Python by code that keeps
nothing it does not need. It holds rank counts only (no suits, no card masks),
no ledger, no log, no move objects, no checks, one ruleset's rules written into
the code; the engine (:mod:`lld.game`) does all of that for every reading.

It plays the Parlett reading's rules with the engine's random choices (each
turn move as likely as any other, each free move or a pass as likely):

* the deal: eight cards to each of five hands, twelve to the table; the dealer
  takes a mournival on the table (R11, ``dealer_takes``);
* a turn captures a card of a rank on the table, one card for one (R12, R13),
  one or all three of a pair royal with the fourth (R14, ``one_or_three``), a
  pair for a pair one or two at a time (R16, ``may_take_four``); with nothing
  to capture, the player lies down and his hand goes to the table (R22,
  ``forced``);
* free moves: pairs laid from a pair royal or a mournival, or a pair whose
  mates are won by another player (R17-R19, R39 ``other_pair_won``), or the
  pair left of a pair royal once its third card is played (R40, ``layable``), by every
  seat before the first turn and then by the seat to play at its turn (R20); a
  group on the table that no hand can mate, left by a pair royal taken singly
  (R15) or a set a lie-down put there unlaid (R24; two of a pair royal's three),
  claimed by anyone but whoever left it or has lain down (R25, ``first_in_time``,
  until the end of the hand; R42, ``may_not_claim``);
* a hand emptied goes out (R34); when one seat or none is left the hand ends,
  and the dealer takes the cards left (R29, ``all_to_dealer``).

It settles nothing: it returns the cards each seat won, all 52 accounted for.
``tests/test_lean_playout.py`` plays its moves through the engine, move for
move, so that it cannot quietly do less than a hand needs.
"""

from __future__ import annotations

import random
from collections.abc import Callable

PLAYERS = 5
HAND_SIZE = 8
#: A trace entry, one per random choice: (kind, seat, rank, cards from the hand,
#: cards from the table, how many choices there were); a pass is ``pass_lay`` or
#: ``pass_claim`` (rank -1). The tests check it against the engine.
Trace = list[tuple[str, int, int, int, int, int]]

#: CAPTURES[in hand][on table]: the (from hand, from table) counts a capture may
#: take (R12-R16 under the Parlett reading); no entry where the rank cannot be taken.
CAPTURES: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = (
    ((), (), (), (), ()),
    ((), ((1, 1),), ((1, 1),), ((1, 1), (1, 3)), ()),
    ((), ((1, 1),), ((1, 1), (2, 2)), (), ()),
    ((), ((1, 1),), (), (), ()),
    ((), (), (), (), ()),
)
#: LAYS[held]: how many of a rank held so many times may be laid (R17, R18); a
#: pair (R19) only when its mates are won, which the loop checks.
LAYS: tuple[tuple[int, ...], ...] = ((), (), (2,), (2,), (2, 4))
PACK = [r for r in range(13) for _ in range(4)]


def deal(u: Callable[[], float], dealer: int) -> tuple[list[dict[int, int]], list[int]]:
    """Each hand as {rank: count}, and the table's count of each rank, from a shuffled pack.

    (Sorting on random keys is a uniform shuffle, and half the cost of
    ``random.shuffle``, which draws a bounded integer per card.)
    """
    pack = sorted(PACK, key=lambda _: u())
    hands: list[dict[int, int]] = [{}] * PLAYERS
    for i in range(PLAYERS):
        cards = pack[i * HAND_SIZE : (i + 1) * HAND_SIZE]
        # Dealt round from the dealer's left: the first hand is eldest's.
        hands[(dealer + 1 + i) % PLAYERS] = {r: cards.count(r) for r in set(cards)}
    table = [0] * 13
    for r in pack[PLAYERS * HAND_SIZE :]:
        table[r] += 1
    return hands, table


def play(
    hands: list[dict[int, int]],
    table: list[int],
    dealer: int,
    u: Callable[[], float],
    trace: Trace | None = None,
) -> list[int]:
    """Play the hand out with random choices from ``u``; return the cards each seat won."""
    n = len(hands)
    won = [0] * n
    won_rank = [0] * 13  # cards of each rank won by anyone
    out = [not h for h in hands]
    lain = [False] * n  # who has lain down: he claims nothing (R42, may_not_claim)
    in_play = out.count(False)
    dead: dict[int, int] = {}  # rank -> the seat that left it (it may not claim it)
    # Per seat, the ranks it may lay (R17-R19): hands only lose cards, so a pair
    # royal or a mournival is there from the deal, and a pair becomes layable
    # only when its mates are won (watched for below).
    watch = [{r for r, c in h.items() if c > 2} for h in hands]
    if 4 in table:  # R11: the dealer takes a mournival on the table
        for r in range(13):
            if table[r] == 4:
                table[r] = 0
                won[dealer] += 4
                won_rank[r] = 4
                if trace is not None:
                    trace.append(("mournival", dealer, r, 0, 4, 1))
    # Before the first turn every seat may lay (R20).
    for s in range(n):
        if watch[s] and _lays(s, hands[s], watch[s], won, won_rank, u, trace):
            out[s] = True
            in_play -= 1
    seat = (dealer + 1) % n
    while in_play > 1:
        while out[seat]:
            seat = (seat + 1) % n
        # At its own turn, a seat may lay (R20).
        if watch[seat] and _lays(seat, hands[seat], watch[seat], won, won_rank, u, trace):
            out[seat] = True
            in_play -= 1
            continue
        # The turn: a capture, or lying down when there is none (R22, forced).
        hand = hands[seat]
        moves = [(r, h, t) for r, c in hand.items() if table[r] for h, t in CAPTURES[c][table[r]]]
        if moves:
            r, h, t = moves[int(u() * len(moves))]
            if trace is not None:
                trace.append(("capture", seat, r, h, t, len(moves)))
            c = hand[r] - h
            if c:
                hand[r] = c
                if c < 2:  # R40 (layable): the pair left of a pair royal stays layable
                    watch[seat].discard(r)
            else:
                del hand[r]
                watch[seat].discard(r)
            left = table[r] = table[r] - t
            won[seat] += h + t
            won_rank[r] = w = won_rank[r] + h + t
            if left:
                if w + left == 4:  # R15: none left in any hand to mate it
                    dead[r] = seat
            elif w == 2:  # R19 with R39 (other_pair_won): another hand's two are dead now
                for s, other in enumerate(hands):
                    if s != seat and other.get(r) == 2:
                        watch[s].add(r)
            if not hand:
                out[seat] = True  # R34
                in_play -= 1
        else:
            if trace is not None:
                trace.append(("lie", seat, -1, 0, 0, 1))
            for r, c in hand.items():
                table[r] = t = table[r] + c
                # R24: a set he could have laid and did not, now on the table
                # where nobody can mate it, is claimable.
                if r in watch[seat] and won_rank[r] + t == 4:
                    dead[r] = seat
            hand.clear()
            watch[seat].clear()
            out[seat] = True
            lain[seat] = True
            in_play -= 1
        if in_play <= 1:
            break
        # Claims (R25): anyone but the offender, in rotation from the next to play.
        seat = (seat + 1) % n
        while out[seat]:
            seat = (seat + 1) % n
        if dead:
            for s in (*range(seat, n), *range(seat)):
                while dead and not lain[s]:
                    # A pair royal's claim is two of its three, in three ways (suits).
                    claims = [
                        r
                        for r, offender in dead.items()
                        if offender != s
                        for _ in range(3 if table[r] == 3 else 1)
                    ]
                    if not claims:
                        break
                    i = int(u() * (len(claims) + 1))
                    if i == len(claims):
                        if trace is not None:
                            trace.append(("pass_claim", s, -1, 0, 0, len(claims)))
                        break
                    r = claims[i]
                    del dead[r]
                    k = table[r] & ~1  # the third of a pair royal stays for the dealer
                    won[s] += k
                    won_rank[r] += k
                    if trace is not None:
                        trace.append(("claim", s, r, 0, k, len(claims)))
                    table[r] -= k
    # R29: the dealer takes what is left.
    won[dealer] += sum(table) + sum(c for h in hands for c in h.values())
    return won


def _lays(
    s: int, hand: dict[int, int], ranks: set[int], won: list[int], won_rank: list[int],
    u: Callable[[], float], trace: Trace | None,
) -> int:  # fmt: skip
    """Seat ``s`` lays pairs at random until it passes (R17-R19); 1 if that empties its hand."""
    while ranks:
        lays = [(r, k) for r in ranks for k in LAYS[hand[r]]]
        i = int(u() * (len(lays) + 1))
        if i == len(lays):
            if trace is not None:
                trace.append(("pass_lay", s, -1, 0, 0, len(lays)))
            return 0
        r, k = lays[i]
        won[s] += k
        won_rank[r] += k
        if trace is not None:
            trace.append(("lay", s, r, k, 0, len(lays)))
        left = hand[r] - k
        if left == 2:  # the other half of a mournival: its mates are won
            hand[r] = 2
        else:
            ranks.discard(r)
            if left:
                hand[r] = left
            else:
                del hand[r]
                if not hand:
                    return 1  # R34: out
    return 0


def lean_playouts(hands_to_play: int, seed: int = 0) -> int:
    """Play ``hands_to_play`` random hands, dealers in rotation; return the cards won
    in all (52 a hand: a check that they were played)."""
    rng = random.Random(seed)
    u = rng.random
    total = 0
    for i in range(hands_to_play):
        dealer = i % PLAYERS
        hands, table = deal(u, dealer)
        total += sum(play(hands, table, dealer, u))
    return total

"""One test per ruling per preset, and one per option value.

Each ruling in the registry has a ``check_Rn(rules)`` that sets up explicit positions
and asserts what the ruleset's option *value* implies (it branches on
``rules.<option>``, never on the preset's name, and fails on a value it does
not know). ``test_Rn_...(preset)`` runs it for every preset;
``test_Rn_<option>_values`` runs it for every preset overridden to every value
of the option, so each value is exercised whatever the presets choose.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NoReturn

import pytest

from lld import PRESETS, Deal, Game, IllegalMoveError, Move, Ruleset, RulesetError, ruleset
from lld.cards import FULL_DECK, count
from lld.deal import cut_for_deal, shuffled_deck
from lld.errors import SetupError
from lld.ledger import Amount
from lld.moves import CAPTURE, CLAIM, LAY, LIE
from lld.ruleset import OPTIONS
from lld.stakes import TABLES
from positions import (
    DEAL_RULE,
    RULE_IDS,
    assert_illegal,
    assert_legal,
    cards,
    events_of,
    finish,
    is_over,
    play,
    position,
    stakes_for,
)

PRESET_NAMES = sorted(PRESETS)
by_preset = pytest.mark.parametrize("preset", PRESET_NAMES)

#: What each deal-and-stakes table must be, from the sources' own numbers:
#: (dealer's ante, other ante, cards each, table cards, last player's bonus,
#: break-even, widow's hand).
EXPECTED_TABLES: dict[tuple[int, str], tuple[int, int, int, int, int, int | None, bool]] = {
    # Parlett: "Pot of 10p (4-3-3). Deal 13 each and 13 to the table. Last in
    # hand wins 5p ... above or below fourteen."
    (3, "parlett"): (4, 3, 13, 13, 5, 14, False),
    # Compendium Caidis: a widow's hand, the dealer's one stake to the winner.
    (3, "widow"): (1, 0, 13, 13, 0, None, True),
    # du Coeur / Parlett: "Make a pot of 9p (3-2-2-2). Deal 10 each and 12 to
    # the table. Last in hand wins 3p".
    (4, "willughby"): (3, 2, 10, 12, 3, 10, False),
    # du Coeur reports "count 4 stakes for taking the last trick".
    (4, "willughby_literal"): (3, 2, 10, 12, 4, 10, False),
    # Parlett: "a pot of 13 (4-3-3-3) and win 7p".
    (4, "parlett_alternative"): (4, 3, 10, 12, 7, 10, False),
    (4, "widow"): (1, 0, 10, 12, 0, None, True),
    # du Coeur: 3 from the dealer, 2 from the others, eight each, 12 on the
    # table, the last player wins five, break-even eight.
    (5, "willughby"): (3, 2, 8, 12, 5, 8, False),
    # Willughby's "6" for the last trick, taken literally.
    (5, "willughby_literal"): (3, 2, 8, 12, 6, 8, False),
    # Sympkyn: "Each player antes 1 coin"; "The last player gets 5 coins".
    (5, "sympkyn_flat"): (1, 1, 8, 12, 5, 8, False),
    (5, "widow"): (1, 0, 8, 12, 0, None, True),
    # du Coeur: "13 stakes ... deal six cards to each player ... 16 are in the middle".
    (6, "du_coeur"): (3, 2, 6, 16, 5, 6, False),
    # Parlett: "Pot of 13p (3-2-2-2-2-2). Deal 7 each and 10 to the table."
    (6, "parlett"): (3, 2, 7, 10, 5, 6, False),
    # du Coeur: "15 stakes ... six to each player; 10 are in the middle ... ten stakes".
    (7, "du_coeur"): (3, 2, 6, 10, 10, 6, False),
    # du Coeur: "17 stakes ... five cards to each player, so 12 are in the middle
    # ... the last trick takes 11".
    (8, "du_coeur"): (3, 2, 5, 12, 11, 5, False),
    # du Coeur: "one wager per player, with two for the dealer, so the pot
    # totals 9, and the last trick takes 3".
    (8, "du_coeur_reduced"): (2, 1, 5, 12, 3, 5, False),
}


def unknown(option: str, value: NoReturn) -> NoReturn:
    """The branch for a value the test does not know. ``value`` is typed as the
    bottom type, so mypy reports any value of the option's Literal left
    unhandled (``typing.assert_never``, which is not in Python 3.10)."""
    pytest.fail(f"the test has no expectation for {option}={value!r}: add one")


def antes(game: Game) -> list[int]:
    st = game.stakes
    return [st.dealer_ante if s == game.dealer else st.other_ante for s in range(game.n)]


def r23_net(game: Game) -> list[Amount]:
    """What each seat gained (or paid) by R23 lie-down payments, from the ledger."""
    net: list[Amount] = [0] * game.n
    for rule, payer, payee, amount in game.ledger.entries:
        if rule == "R23":
            assert payer is not None
            assert payee is not None
            net[payer] -= amount
            net[payee] += amount
    return net


# --------------------------------------------------------------------------- R1


def check_R1(rules: Ruleset) -> None:
    for n in rules.players:
        for seed in range(3):
            g = Game.new(rules, n, seed)
            masks = [*g.deal.hands, g.deal.table]
            assert sum(count(m) for m in masks) == 52
            union = 0
            for m in masks:
                union |= m
            assert union == FULL_DECK
            assert g.complete
    # A deal must place every card once.
    hands = (cards("7C"), cards("8C"), cards("9C"))
    with pytest.raises(SetupError, match="missing"):
        Deal(3, 2, hands, FULL_DECK & ~cards("7C 8C 9C 2C"))
    with pytest.raises(SetupError, match="twice"):
        Deal(3, 2, hands, FULL_DECK & ~cards("8C 9C"))


@by_preset
def test_R1_the_pack(preset: str) -> None:
    check_R1(PRESETS[preset])


# --------------------------------------------------------------------------- R2


def check_R2(rules: Ruleset) -> None:
    given = tuple(n for n in range(3, 9) if getattr(rules, f"deal_{n}") is not None)
    assert rules.players == given
    assert given, "a reading must give a game for some number of players"
    for n in range(3, 9):
        if n in given:
            assert Game.new(rules, n, 0).n == n
        else:
            with pytest.raises(RulesetError):
                Game.new(rules, n, 0)
    for n in (2, 9):
        with pytest.raises(RulesetError):
            rules.stakes(n)
    g = position(rules, ["7C 8C"], "7D")
    assert_illegal(g, f"{g.n}: 7C x 7D", "R2")


@by_preset
def test_R2_player_counts(preset: str) -> None:
    check_R2(PRESETS[preset])


# --------------------------------------------------------------------------- R3


def cut_key(card: int, aces_high: bool) -> int:
    rank = card >> 2  # Ace = 0 ... King = 12
    return (rank + 12) % 13 if aces_high else rank  # Aces high: Two = 0 ... Ace = 12


def _cut(rules: Ruleset) -> tuple[bool, bool]:
    """(low cut, Aces high) as R3 and R41 read them, from the option values."""
    if rules.first_dealer == "low_cut":
        low = True
    elif rules.first_dealer == "high_cut":
        low = False
    else:
        unknown("first_dealer", rules.first_dealer)
    if rules.cut_aces == "high":
        aces_high = True
    elif rules.cut_aces == "low":
        aces_high = False
    else:
        unknown("cut_aces", rules.cut_aces)
    return low, aces_high


def check_cut(rules: Ruleset) -> None:
    """R3 and R41: everyone cuts; the lowest (or highest) card deals, Aces ranking
    low or high; ties cut again."""
    low, aces_high = _cut(rules)
    for n in rules.players:
        for seed in range(40):
            g = Game.new(rules, n, seed)
            dealer, rounds = cut_for_deal(seed, n, low, aces_high)
            assert g.dealer == dealer
            assert g.to_play == (dealer + 1) % n
            # Replay the cut: the lowest (or highest) card deals, ties cut again.
            contenders = list(range(n))
            for drawn in rounds:
                assert len(drawn) == len(contenders)
                keys = [cut_key(c, aces_high) for c in drawn]
                best = min(keys) if low else max(keys)
                contenders = [s for s, k in zip(contenders, keys, strict=True) if k == best]
            assert contenders == [dealer]


def check_R3(rules: Ruleset) -> None:
    check_cut(rules)
    low, aces_high = _cut(rules)
    differs = sum(
        cut_for_deal(seed, n, not low, aces_high)[0] != cut_for_deal(seed, n, low, aces_high)[0]
        for n in rules.players
        for seed in range(40)
    )
    assert differs, "the cut never depends on first_dealer: the test proves nothing"


def check_R41(rules: Ruleset) -> None:
    check_cut(rules)
    low, aces_high = _cut(rules)
    differs = 0
    for n in rules.players:
        for seed in range(200):
            other = Game.new(rules.replace(cut_aces="low" if aces_high else "high"), n, seed)
            if other.dealer != Game.new(rules, n, seed).dealer:
                differs += 1
                # Only an Ace cut can change the dealer: it is the other reading's winner
                # or the card that beat the winner.
                _, rounds = cut_for_deal(seed, n, low, aces_high)
                assert any(card >> 2 == 0 for drawn in rounds for card in drawn), seed
    assert differs, "the Aces' rank never decides the cut: the test proves nothing"


@by_preset
def test_R3_first_dealer(preset: str) -> None:
    check_R3(PRESETS[preset])


@by_preset
def test_R41_cut_aces(preset: str) -> None:
    check_R41(PRESETS[preset])


@pytest.mark.parametrize("first_dealer", ["low_cut", "high_cut"])
@pytest.mark.parametrize("cut_aces", ["low", "high"])
def test_R41_every_cut_plays(first_dealer: str, cut_aces: str) -> None:
    """Both directions of the cut, with Aces low or high: four cuts, each as drawn."""
    rules = ruleset("reconstruction", first_dealer=first_dealer, cut_aces=cut_aces)
    check_R41(rules)


# --------------------------------------------------------------------------- R4


def check_R4(rules: Ruleset) -> None:
    # The deal goes one card at a time from eldest (dealer's left) round to the dealer.
    for n in rules.players:
        st = rules.stakes(n)
        ways = n + 1 if st.widow else n
        for seed in range(4):
            dealer = seed % n
            g = Game.new(rules, n, seed, dealer=dealer)
            assert (g.dealer, g.to_play) == (dealer, (dealer + 1) % n)
            deck = shuffled_deck(seed)
            expected = [0] * n
            for i in range(ways * st.hand_size):
                way = i % ways
                if way < n:
                    expected[(dealer + 1 + way) % n] |= 1 << deck[i]
            assert g.deal.hands == tuple(expected)
    # Play passes to the left, skipping anyone out; only the seat to play may play.
    g = position(rules, ["7C 2C", "8C 3C", "9C 4C"], "7D 8D 9D")
    n = g.n
    assert g.to_play == 0
    assert_illegal(g, "1: 8C x 8D", "R4")
    assert_illegal(g, "1: lie", "R4")
    play(g, "0: 7C x 7D", "R12")
    assert g.to_play == 1
    assert_illegal(g, "2: 9C x 9D", "R4")
    play(g, "1: 8C x 8D", "R12")
    assert g.to_play == 2
    play(g, "2: 9C x 9D", "R12")
    for seat in range(3, n):
        assert g.to_play == seat
        play(g, f"{seat}: lie", "R22")
    assert g.to_play == 0  # the fillers are out and skipped
    assert [m.kind for m in g.turn_moves()] == [LIE]
    play(g, "0: lie", "R22")
    assert g.to_play == 1
    play(g, "1: lie", "R22")
    if rules.last_player_turn == "none":
        assert g.over
        assert g.last_player == 2
    elif rules.last_player_turn == "one_more":
        assert not g.over
        assert g.to_play == 2
    else:
        unknown("last_player_turn", rules.last_player_turn)


@by_preset
def test_R4_eldest_first_play_passes_left(preset: str) -> None:
    check_R4(PRESETS[preset])


# ---------------------------------------------------------------------- R5-R10


def check_deal(rules: Ruleset, n: int) -> None:
    rule = DEAL_RULE[n]
    name = getattr(rules, f"deal_{n}")
    if name is None:
        assert n not in rules.players
        with pytest.raises(RulesetError):
            rules.stakes(n)
        with pytest.raises(RulesetError):
            Game.new(rules, n, 0)
        return
    assert n in rules.players
    assert set(TABLES[n]) == {key[1] for key in EXPECTED_TABLES if key[0] == n}
    t = rules.stakes(n)
    expected = EXPECTED_TABLES[(n, name)]
    assert (
        t.dealer_ante, t.other_ante, t.hand_size, t.table_cards, t.last_player_bonus,
        t.break_even, t.widow,
    ) == expected  # fmt: skip
    dealer_ante, other_ante, hand_size, table_cards, _bonus, break_even, _widow = expected
    assert n * hand_size + table_cards == 52
    if rules.settlement == "break_even":
        assert break_even is not None
    for seed in range(4):
        g = Game.new(rules, n, seed)
        assert [count(h) for h in g.deal.hands] == [hand_size] * n
        assert count(g.deal.table) == table_cards
        first = g.events[0]
        assert (first.rule, first.seat, first.kind) == (rule, g.dealer, "deal")
        paid = {e.seat: e.amount for e in events_of(g, "ante")}
        assert all(e.rule == rule for e in events_of(g, "ante"))
        assert paid == {
            s: a
            for s, a in enumerate(dealer_ante if s == g.dealer else other_ante for s in range(n))
            if a
        }
        assert g.ledger.pot == dealer_ante + other_ante * (n - 1)
        assert g.ledger.net == [-(dealer_ante if s == g.dealer else other_ante) for s in range(n)]
        assert {e.rule for e in g.ledger.entries} <= {rule}
        assert g.ledger.consistent


@by_preset
def test_R5_deal_3_players(preset: str) -> None:
    check_deal(PRESETS[preset], 3)


@by_preset
def test_R6_deal_4_players(preset: str) -> None:
    check_deal(PRESETS[preset], 4)


@by_preset
def test_R7_deal_5_players(preset: str) -> None:
    check_deal(PRESETS[preset], 5)


@by_preset
def test_R8_deal_6_players(preset: str) -> None:
    check_deal(PRESETS[preset], 6)


@by_preset
def test_R9_deal_7_players(preset: str) -> None:
    check_deal(PRESETS[preset], 7)


@by_preset
def test_R10_deal_8_players(preset: str) -> None:
    check_deal(PRESETS[preset], 8)


# -------------------------------------------------------------------------- R11

SEVENS = cards("7C 7D 7H 7S")
FIVES = cards("5C 5D 5H 5S")


def check_R11(rules: Ruleset) -> None:
    def fresh() -> Game:
        return position(rules, ["8C 2C", "9C 3C", "TC 4C"], "7C 7D 7H 7S 8D 9D TD")

    g = fresh()
    dealer = g.dealer
    if rules.table_mournival == "dealer_takes":
        assert g.table & SEVENS == 0
        assert g.won[dealer] & SEVENS == SEVENS
        taken = events_of(g, "take_mournival")
        assert [(e.rule, e.seat, e.table) for e in taken] == [("R11", dealer, SEVENS)]
        assert_illegal(g, f"{dealer}: claim 7C 7D 7H 7S", "R25")
        assert not [m for m in g.legal_moves() if m.kind == CLAIM]
    elif rules.table_mournival == "dealer_first":
        assert g.table & SEVENS == SEVENS
        assert not events_of(g, "take_mournival")
        assert Move.parse(f"{dealer}: claim 7C 7D 7H 7S") in g.free_moves(dealer)
        # Nobody else before eldest has played ...
        assert_illegal(g, "0: claim 7C 7D 7H 7S", "R11", "table_mournival=dealer_first")
        assert_illegal(g, "1: claim 7C 7D 7H 7S", "R11", "table_mournival=dealer_first")
        # ... and the dealer at once.
        play(g, f"{dealer}: claim 7C 7D 7H 7S", "R11")
        assert g.won[dealer] & SEVENS == SEVENS
        assert g.table & SEVENS == 0
        assert g.to_play == 0  # a claim is not a turn
        # After eldest's turn the dealer's oversight is anyone's.
        g = fresh()
        play(g, "0: 8C x 8D", "R12")
        assert_illegal(g, "1: claim 7C 7D", "R11")  # every card of the rank, or none
        play(g, "1: claim 7C 7D 7H 7S", "R11")
        assert g.won[1] & SEVENS == SEVENS
        assert g.to_play == 1
    else:
        unknown("table_mournival", rules.table_mournival)


@by_preset
def test_R11_table_mournival(preset: str) -> None:
    check_R11(PRESETS[preset])


@pytest.mark.parametrize("priority", OPTIONS["claim_priority"].allowed)
@pytest.mark.parametrize("deadline", OPTIONS["claim_deadline"].allowed)
def test_R25_free_seats_offers_claims_to_exactly_the_seats_that_may_claim(
    priority: str, deadline: str
) -> None:
    """free_seats() asks the claim predicate of three seats per dead group, not
    of every seat: checked here against asking every seat, in random hands."""
    import random

    rules = ruleset(
        "reconstruction", claim_priority=priority, claim_deadline=deadline,
        table_mournival="dealer_first", lie_down="voluntary",
    )  # fmt: skip
    checked = 0
    for seed in range(60):
        g = Game.new(rules, players=4 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not g.over:
            claimers = {s for s in range(g.n) if any(m.kind == CLAIM for m in g.free_moves(s))}
            seats = set(g.free_seats()) if g.free_pending else set()
            assert claimers <= seats, (seed, claimers, seats)
            if g.dead_groups:
                checked += 1
                assert g._claimants() == claimers, seed  # the shortcut free_seats() takes
            moves = [m for s in range(g.n) for m in g.free_moves(s)] + list(g.turn_moves())
            g.play(rng.choice(moves))
    assert checked > 20


@pytest.mark.parametrize("deadline", OPTIONS["claim_deadline"].allowed)
def test_R11_R25_the_dealer_is_offered_his_table_mournival_out_of_turn(deadline: str) -> None:
    """Under first_in_rotation only the seat to play may claim an oversight,
    but a table mournival is the dealer's own to take at any moment (R11): the
    driver loop must offer it to him although it is not his turn."""
    rules = ruleset(
        "reconstruction", table_mournival="dealer_first", claim_priority="first_in_rotation",
        claim_deadline=deadline,
    )  # fmt: skip
    for turns in (0, 1):
        g = position(rules, ["8C 2C", "9C 3C", "TC 4C"], "7C 7D 7H 7S 8D 9D TD")
        if turns:
            play(g, "0: 8C x 8D", "R12")
        dealer = g.dealer
        assert g.to_play != dealer
        claim = Move.parse(f"{dealer}: claim 7C 7D 7H 7S")
        assert claim in g.free_moves(dealer)
        assert dealer in g.free_seats()
        # free_seats() never misses a seat with a free move.
        assert {s for s in range(g.n) if g.free_moves(s)} <= set(g.free_seats())
        play(g, str(claim), "R11")


# -------------------------------------------------------------------------- R12


def check_R12(rules: Ruleset) -> None:
    g = position(rules, ["7C 7S 9C", "8C 2C", "TC 3C"], "7D 8D TD")
    assert_illegal(g, "0: 7C 9C x 7D", "R12")  # two ranks
    assert_illegal(g, "0: 9C x 7D", "R12")  # ranks differ
    assert_illegal(g, "0: 7H x 7D", "R12")  # not held
    assert_illegal(g, "0: 7C x 7H", "R12")  # not on the table
    assert_illegal(g, "0: 7C 7S x 7D", "R12")  # three cards: pairs go two or four
    assert Move.parse("0: 7C x 7D") in g.turn_moves()
    assert_legal(g, "0: 7S x 7D")
    events = play(g, "0: 7C x 7D", "R12")
    assert events[0].kind == CAPTURE
    assert g.won[0] == cards("7C 7D")
    assert g.hands[0] == cards("7S 9C")
    assert g.table == cards("8D TD")
    assert g.to_play == 1


@by_preset
def test_R12_capture_mates_one_for_one(preset: str) -> None:
    check_R12(PRESETS[preset])


# -------------------------------------------------------------------------- R13


def check_R13(rules: Ruleset) -> None:
    g = position(rules, ["7C 9C", "7S 8C", "TC 2C"], "7D 7H 9D 8D")
    if rules.one_against_pair == "collects_all":
        play(g, "0: 7C x 7D 7H", "R38")  # R38 decides it: see check_R38
        return
    assert_illegal(g, "0: 7C x 7D 7H", "R38", "one_against_pair=takes_one")
    sevens = {m for m in g.legal_moves(0) if m.hand == cards("7C")}
    assert sevens == {Move.parse("0: 7C x 7D"), Move.parse("0: 7C x 7H")}
    play(g, "0: 7C x 7H", "R13")
    assert g.won[0] == cards("7C 7H")
    assert g.table & SEVENS == cards("7D")
    play(g, "1: 7S x 7D", "R12")
    assert g.won[1] == cards("7S 7D")


@by_preset
def test_R13_one_card_against_a_pair(preset: str) -> None:
    check_R13(PRESETS[preset])


# -------------------------------------------------------------------------- R14


def check_R14(rules: Ruleset) -> None:
    def fresh() -> Game:
        return position(rules, ["7C 9C", "8C 2C", "TC 3C"], "7D 7H 7S 9D 8D")

    g = fresh()
    shapes = {(count(m.hand), count(m.table)) for m in g.turn_moves() if m.hand & SEVENS}
    if rules.pair_royal_capture == "one_or_three":
        assert shapes == {(1, 1), (1, 3)}
        for text in ("0: 7C x 7D", "0: 7C x 7H", "0: 7C x 7S", "0: 7C x 7D 7H 7S"):
            assert_legal(g, text)
        play(g, "0: 7C x 7H", "R14")
        assert g.won[0] == cards("7C 7H")
        assert g.table & SEVENS == cards("7D 7S")
    elif rules.pair_royal_capture == "three_only":
        assert shapes == {(1, 3)}
        for text in ("0: 7C x 7D", "0: 7C x 7H", "0: 7C x 7S"):
            assert_illegal(g, text, "R14", "pair_royal_capture=three_only")
    else:
        unknown("pair_royal_capture", rules.pair_royal_capture)
    g = fresh()
    play(g, "0: 7C x 7D 7H 7S", "R14")
    assert g.won[0] == SEVENS
    assert g.table & SEVENS == 0
    assert g.to_play == 1


@by_preset
def test_R14_pair_royal_on_table(preset: str) -> None:
    check_R14(PRESETS[preset])


# -------------------------------------------------------------------------- R15


def check_R15(rules: Ruleset) -> None:
    def fresh(r: Ruleset) -> Game:
        return position(r, ["7C 9C", "8C 2C", "TC 3C"], "7D 7H 7S 9D 8D TD")

    if rules.pair_royal_capture == "three_only":
        # A pair royal cannot be taken singly, so no pair is ever left of one ...
        assert_illegal(fresh(rules), "0: 7C x 7D", "R14", "pair_royal_capture=three_only")
        # ... but the remainder rule still says what would happen.
        rules = rules.replace(pair_royal_capture="one_or_three")
    elif rules.pair_royal_capture != "one_or_three":
        unknown("pair_royal_capture", rules.pair_royal_capture)
    g = fresh(rules)
    play(g, "0: 7C x 7D", "R14")
    assert g.table & SEVENS == cards("7H 7S")
    assert not any(h & SEVENS for h in g.hands)
    assert g.to_play == 1
    if rules.pair_royal_remainder == "claimable":
        assert_illegal(g, "0: claim 7H 7S", "R25")  # not one's own oversight
        assert_illegal(g, "1: claim 7H", "R15")  # the whole pair or nothing
        assert Move.parse("1: claim 7H 7S") in g.free_moves(1)
        play(g, "1: claim 7H 7S", "R15")
        assert g.won[1] == cards("7H 7S")
        assert g.table & SEVENS == 0
        assert g.to_play == 1
    elif rules.pair_royal_remainder == "to_dealer":
        for seat in range(g.n):
            assert_illegal(g, f"{seat}: claim 7H 7S", "R15", "pair_royal_remainder=to_dealer")
        before = g.won[g.dealer]
        finish(g)
        assert g.won[g.dealer] & ~before & SEVENS == cards("7H 7S")
    else:
        unknown("pair_royal_remainder", rules.pair_royal_remainder)


@by_preset
def test_R15_pair_royal_taken_singly(preset: str) -> None:
    check_R15(PRESETS[preset])


# -------------------------------------------------------------------------- R16


def check_R16(rules: Ruleset) -> None:
    def fresh() -> Game:
        return position(rules, ["7C 7D 9C", "8C 2C", "TC 3C"], "7H 7S 9D 8D")

    g = fresh()
    shapes = {(count(m.hand), count(m.table)) for m in g.turn_moves() if m.hand & SEVENS}
    option = f"pair_against_pair={rules.pair_against_pair}"
    if rules.pair_against_pair == "one_at_a_time":
        assert shapes == {(1, 1)}
        assert_illegal(g, "0: 7C 7D x 7H 7S", "R16", option)
        play(g, "0: 7D x 7S", "R13")
        assert g.won[0] == cards("7D 7S")
    elif rules.pair_against_pair == "may_take_four":
        assert shapes == {(1, 1), (2, 2)}
        play(g, "0: 7D x 7S", "R13")
        g = fresh()
        play(g, "0: 7C 7D x 7H 7S", "R16")
        assert g.won[0] == SEVENS
    elif rules.pair_against_pair == "must_take_four":
        assert shapes == {(2, 2)}
        assert_illegal(g, "0: 7C x 7H", "R16", option)
        assert_illegal(g, "0: 7D x 7S", "R16", option)
        play(g, "0: 7C 7D x 7H 7S", "R16")
        assert g.won[0] == SEVENS
    else:
        unknown("pair_against_pair", rules.pair_against_pair)
    assert g.to_play == 1


@by_preset
def test_R16_pair_against_pair(preset: str) -> None:
    check_R16(PRESETS[preset])


# -------------------------------------------------------------------------- R17


def check_R17(rules: Ruleset) -> None:
    def fresh() -> Game:
        return position(rules, ["8C 2C", "7C 7D 7H 7S 9C", "TC 3C"], "8D 9D TD")

    g = fresh()
    lays = {m for m in g.free_moves(1) if m.kind == LAY}
    assert lays == {Move.parse("1: lay 7C 7D"), Move.parse("1: lay 7C 7D 7H 7S")}
    assert_illegal(g, "1: lay 7C 7D 7H", "R17")
    assert_illegal(g, "1: lay 7C", "R17")
    play(g, "1: lay 7C 7D 7H 7S", "R17")
    assert g.won[1] == SEVENS
    assert g.hands[1] == cards("9C")
    assert g.to_play == 0
    assert g.turns == 0
    # Or as two pairs: the second is the pair nobody else can now mate.
    g = fresh()
    play(g, "1: lay 7H 7S", "R17")
    assert g.hands[1] & SEVENS == cards("7C 7D")
    move = assert_legal(g, "1: lay 7C 7D")
    start = len(g.events)
    g.play(move)
    assert g.events[start].rule in ("R17", "R19")
    assert g.won[1] == SEVENS


@by_preset
def test_R17_mournival_in_hand(preset: str) -> None:
    check_R17(PRESETS[preset])


# -------------------------------------------------------------------------- R18


def check_R18(rules: Ruleset) -> None:
    g = position(rules, ["8C 2C", "7C 7D 7H 9C", "TC 3C"], "7S 8D 9D TD")
    if rules.hand_pair_royal == "pair_may_be_laid":
        assert {m for m in g.free_moves(1) if m.kind == LAY} == {Move.parse("1: lay 7C 7D")}
        assert_illegal(g, "1: lay 7C 7D 7H", "R18")
        assert_illegal(g, "1: lay 7C", "R18")
        play(g, "1: lay 7D 7H", "R18")
        assert g.won[1] == cards("7D 7H")
        assert g.hands[1] == cards("7C 9C")
        assert not [m for m in g.free_moves(1) if m.kind == LAY]
        assert_illegal(g, "1: lay 7C", "R19")
        play(g, "0: 8C x 8D", "R12")
        play(g, "1: 7C x 7S", "R12")
        assert g.won[1] == SEVENS
    elif rules.hand_pair_royal == "kept_in_hand":
        # The pair royal is never laid as such; its cards are played one at a time.
        assert not [m for m in g.free_moves(1) if m.kind == LAY]
        for lay in ("1: lay 7D 7H", "1: lay 7C 7D 7H", "1: lay 7C"):
            assert_illegal(g, lay, "R18", "hand_pair_royal=kept_in_hand")
        play(g, "0: 8C x 8D", "R12")
        play(g, "1: 7C x 7S", "R12")
        assert g.won[1] & SEVENS == cards("7C 7S")
        # What is left is a pair whose mates are won: R19 with R39's trigger, and no
        # right kept from a pair royal that could never be laid (R40).
        lays = {m for m in g.free_moves(1) if m.kind == LAY}
        if rules.dead_pair_trigger == "unmateable":
            assert lays == {Move.parse("1: lay 7D 7H")}
        else:  # the other two were won by himself, not by others; or never
            assert not lays
    else:
        unknown("hand_pair_royal", rules.hand_pair_royal)


@by_preset
def test_R18_pair_royal_in_hand(preset: str) -> None:
    check_R18(PRESETS[preset])


# -------------------------------------------------------------------------- R19


def check_R19(rules: Ruleset) -> None:
    g = position(rules, ["7H 9C", "8C 2C", "7C 7D TC"], "7S 8D TD 9D")
    assert_illegal(g, "2: lay 7C 7D", "R19")
    play(g, "0: 7H x 7S", "R12")
    # The other pair is made from the table: this one can never be mated.
    assert Move.parse("2: lay 7C 7D") in g.free_moves(2)
    play(g, "2: lay 7C 7D", "R19")
    assert g.won[2] & SEVENS == cards("7C 7D")
    assert g.hands[2] == cards("TC")
    assert g.to_play == 1


@by_preset
def test_R19_pair_that_can_no_longer_be_mated(preset: str) -> None:
    check_R19(PRESETS[preset])


@by_preset
def test_R19_dead_pair_in_a_set_up_position(preset: str) -> None:
    # A position from the middle of a hand: the other two sevens are already won.
    rules = PRESETS[preset]
    g = position(rules, ["8C 2C", "9C 3C", "7C 7D TC"], "8D 9D TD", won={0: "7H 7S"})
    assert g.is_legal(Move.parse("2: lay 7C 7D"))
    assert_legal(g, "2: lay 7C 7D")


# -------------------------------------------------------------------------- R20


def check_R20(rules: Ruleset) -> None:
    if rules.hand_pairs_when == "laid_at_once":
        check_R20_laid_at_once(rules)
        return
    if rules.hand_pairs_when == "any_time":
        any_time, own_turn = True, True
    elif rules.hand_pairs_when == "promptly_or_own_turn":
        any_time, own_turn = False, True
    elif rules.hand_pairs_when == "promptly_only":
        any_time, own_turn = False, False
    else:
        unknown("hand_pairs_when", rules.hand_pairs_when)
    late = ("R20", f"hand_pairs_when={rules.hand_pairs_when}")
    # A pair of a pair royal dealt to seat 2.
    g = position(rules, ["8C 9C", "TC 2C", "7C 7D 7H JC"], "8D TD JD 9D")
    assert_legal(g, "2: lay 7C 7D")  # before play begins
    play(g, "0: 8C x 8D", "R12")
    assert g.to_play == 1
    if any_time:
        assert_legal(g, "2: lay 7C 7D")
    else:
        assert_illegal(g, "2: lay 7C 7D", *late)
    play(g, "1: TC x TD", "R12")
    assert g.to_play == 2
    if own_turn:
        play(g, "2: lay 7C 7D", "R18")  # on one's own turn
    else:  # the moment before play has passed: never again
        assert_illegal(g, "2: lay 7C 7D", *late)
        assert not g.free_moves(2)
    # A pair made dead by another's capture: at once, then only on one's own turn.
    g = position(rules, ["7C 7D 8C", "7H TC", "JC 2C"], "7S 8D TD JD")
    play(g, "0: 8C x 8D", "R12")
    play(g, "1: 7H x 7S", "R12")
    assert g.to_play == 2
    assert_legal(g, "0: lay 7C 7D")  # just after the capture that killed it
    play(g, "2: JC x JD", "R12")
    if any_time or (own_turn and g.to_play == 0):
        assert_legal(g, "0: lay 7C 7D")
    elif own_turn:
        assert_illegal(g, "0: lay 7C 7D", *late)
        while g.to_play != 0:
            finish_one_turn(g)
        play(g, "0: lay 7C 7D", "R19")
    else:  # promptly_only: the moment after the capture has passed, for good
        assert_illegal(g, "0: lay 7C 7D", *late)
        while not g.over and g.to_play != 0:
            finish_one_turn(g)
        if not g.over:
            assert_illegal(g, "0: lay 7C 7D", *late)


def check_R20_laid_at_once(rules: Ruleset) -> None:
    """Strict play's R20: each set goes down for its holder the moment it may, as an
    event that is no move and no turn; no player lays one by a move."""
    at_once = ("R20", "hand_pairs_when=laid_at_once")
    # A mournival and a pair royal dealt: down before play, the mournival whole.
    g = position(rules, ["8C 9C", "5C 5D 5H 5S TC", "7C 7D 7H JC"], "8D TD JD 9D")
    laid = [(e.seat, e.hand, e.rule) for e in g.events if e.kind == "laid_at_once"]
    royal = [(2, cards("7C 7D"), "R18")] if rules.hand_pair_royal == "pair_may_be_laid" else []
    assert laid == [(1, cards("5C 5D 5H 5S"), "R17"), *royal]
    assert (g.turns, g.to_play, g.moves) == (0, 0, [])
    assert g.hands[1] == cards("TC")
    assert not any(g.free_moves(s) for s in range(g.n))
    assert_illegal(g, "2: lay 7H JC", *at_once)
    # A pair made dead by another's capture: down at once, which is not a turn.
    g = position(rules, ["7C 7D 8C 9C", "7H TC", "JC 2C"], "7S 8D TD JD 9D")
    play(g, "0: 8C x 8D", "R12")
    new = play(g, "1: 7H x 7S", "R12")
    dead = rules.dead_pair_trigger != "never"  # both others won by another: dead either way
    assert [(e.kind, e.seat, e.hand, e.rule) for e in new[1:]] == (
        [("laid_at_once", 0, cards("7C 7D"), "R19")] if dead else []
    )
    assert (g.turns, g.to_play) == (2, 2)
    assert g.hands[0] == cards("9C" if dead else "7C 7D 9C")
    if not dead:
        assert_illegal(g, "0: lay 7C 7D", *at_once)
    # A position with one hand left, whose holder has his one more turn (R28): his
    # mournival goes down first, as it would before any turn.
    g = position(
        rules.replace(last_player_turn="one_more"), ["5C 5D 5H 5S 9C", "", "", ""], "9D",
        players=4,
    )  # fmt: skip
    assert (g.final_turn, g.over, g.to_play) == (True, False, 0)
    assert [(e.kind, e.seat, e.hand) for e in g.events if e.kind == "laid_at_once"] == [
        ("laid_at_once", 0, cards("5C 5D 5H 5S"))
    ]
    assert Move.parse("0: 9C x 9D") in g.turn_moves()


def finish_one_turn(g: Game) -> None:
    moves = g.turn_moves()
    captures = [m for m in moves if m.kind == CAPTURE]
    g.play(captures[0] if captures else Move(LIE, g.to_play))


@by_preset
def test_R20_when_pairs_may_be_laid(preset: str) -> None:
    check_R20(PRESETS[preset])


# -------------------------------------------------------------------------- R21


def check_R21(rules: Ruleset) -> None:
    g = position(rules, ["7C 7D 7H 9C", "8C 2C", "TC 3C"], "7S 9D 8D TD")
    play(g, "0: lay 7C 7D", "R18")
    # Not a turn: seat 0 is still to play, no turn has passed, and a capture
    # (or lying down) is still owed.
    assert g.to_play == 0
    assert g.turns == 0
    kinds = {m.kind for m in g.turn_moves()}
    assert CAPTURE in kinds
    assert {str(m) for m in g.turn_moves() if m.kind == CAPTURE} == {"0: 7H x 7S", "0: 9C x 9D"}
    # R22 with R35: lying down is on offer unless forced with the mistake refused.
    assert kinds == ({CAPTURE} if refuses_lie_down_with_capture(rules) else {CAPTURE, LIE})
    play(g, "0: 9C x 9D", "R12")
    assert g.to_play == 1
    assert g.turns == 1
    # Once play has begun: a pair of a pair royal laid by the seat to play, on his turn.
    g = position(rules, ["7C 9C", "8C 8H 8S 2C", "TC 3C"], "7D 2D TD")
    play(g, "0: 7C x 7D", "R12")
    play(g, "1: lay 8C 8H", "R18")
    if rules.laying_turn == "not_a_turn":
        assert (g.to_play, g.turns) == (1, 1)  # he still owes his capture
        play(g, "1: 2C x 2D", "R12")
        assert (g.to_play, g.turns) == (2, 2)
    elif rules.laying_turn == "counts_as_turn":
        assert (g.to_play, g.turns) == (2, 2)  # the lay was his turn
        assert_illegal(g, "1: 2C x 2D", "R4")
        play(g, "2: TC x TD", "R12")
        assert g.to_play == 3 % g.n  # play goes on round the table
    else:
        unknown("laying_turn", rules.laying_turn)


@by_preset
def test_R21_laying_pairs_is_not_a_turn(preset: str) -> None:
    check_R21(PRESETS[preset])


# -------------------------------------------------------------------------- R22


def refuses_lie_down_with_capture(rules: Ruleset) -> bool:
    """R22 forced, with R35 refusing a mistaken lie-down."""
    return rules.lie_down == "forced" and rules.lie_down_mistake == "refused"


def check_R22(rules: Ruleset) -> None:
    # Nothing to capture: lying down is the only move, under any reading.
    g = position(rules, ["2C 3C", "7C 4C", "8C 5C"], "7D 8D")
    assert g.turn_moves() == (Move.parse("0: lie"),)
    events = play(g, "0: lie", "R22")
    assert events[0].kind == LIE
    assert g.out[0]
    assert g.hands[0] == 0
    assert g.table & cards("2C 3C") == cards("2C 3C")
    assert g.to_play == 1
    # Two captures open.
    g = position(rules, ["7C 8C", "9C 2C", "TC 3C"], "7D 8D 9D TD")
    if refuses_lie_down_with_capture(rules):
        assert LIE not in {m.kind for m in g.turn_moves()}
        assert_illegal(g, "0: lie", "R22", "lie_down=forced")
    elif rules.lie_down == "forced":
        play(g, "0: lie", "R35")  # a mistake R35 lets be made
    elif rules.lie_down == "voluntary":
        assert Move.parse("0: lie") in g.turn_moves()
        play(g, "0: lie", "R22")
        assert g.out[0]
        assert g.to_play == 1
        assert g.table & cards("7C 8C") == cards("7C 8C")
    else:
        unknown("lie_down", rules.lie_down)
    # Exactly one capture open.
    g = position(rules, ["7C 2C", "9C 3C", "TC 4C"], "7D 9D TD")
    if refuses_lie_down_with_capture(rules):
        assert LIE not in {m.kind for m in g.turn_moves()}
        assert_illegal(g, "0: lie", "R22", "lie_down=forced")
    else:
        play(g, "0: lie", "R35" if rules.lie_down == "forced" else "R22")


@by_preset
def test_R22_lie_down(preset: str) -> None:
    check_R22(PRESETS[preset])


# -------------------------------------------------------------------------- R23


def check_R23(rules: Ruleset) -> None:
    g = position(rules, ["2C", "3C 7C", "4C 8C"], "7D 8D")
    n = g.n
    base = antes(g)
    assert g.ledger.net == [-a for a in base]
    pot = g.ledger.pot
    events = play(g, "0: lie", "R22")
    assert g.ledger.pot == pot
    if rules.lie_down_payment == "none":
        assert not [e for e in g.ledger.entries if e.rule == "R23"]
        assert not [e for e in events if e.rule == "R23"]
        assert g.ledger.net == [-a for a in base]
    elif rules.lie_down_payment == "stake_to_each_remaining":
        paid = [(e.payer, e.payee, e.amount) for e in g.ledger.entries if e.rule == "R23"]
        assert sorted(paid) == [(0, s, 1) for s in range(1, n)]
        assert [(e.rule, e.seat, e.kind, e.amount) for e in events[1:]] == [
            ("R23", 0, "lie_payment", 1)
        ]
        assert g.ledger.net == [-base[0] - (n - 1)] + [1 - a for a in base[1:]]
        # The next to lie down pays only those still in.
        play(g, "1: 7C x 7D", "R12")
        play(g, "2: 8C x 8D", "R12")
        if n > 3:
            play(g, "3: lie", "R22")
            pairs = [(e.payer, e.payee) for e in g.ledger.entries if e.rule == "R23"]
            assert sorted(pairs[n - 1 :]) == [(3, s) for s in range(1, n) if s != 3]
    elif rules.lie_down_payment == "stake_shared_among_remaining":
        # One stake in all, parted equally among those still in, exactly.
        share = Fraction(1, n - 1)
        paid = [(e.payer, e.payee, e.amount) for e in g.ledger.entries if e.rule == "R23"]
        assert sorted(paid) == [(0, s, share) for s in range(1, n)]
        assert [(e.rule, e.seat, e.kind, e.amount) for e in events[1:]] == [
            ("R23", 0, "lie_payment", share)
        ]
        assert g.ledger.net == [-base[0] - 1] + [share - a for a in base[1:]]
        play(g, "1: 7C x 7D", "R12")
        play(g, "2: 8C x 8D", "R12")
        if n > 3:
            play(g, "3: lie", "R22")
            later = [e for e in g.ledger.entries if e.rule == "R23"][n - 1 :]
            assert sorted((e.payer, e.payee) for e in later) == [
                (3, s) for s in range(1, n) if s != 3
            ]
            assert sum(e.amount for e in later) == 1
    else:
        unknown("lie_down_payment", rules.lie_down_payment)
    assert g.ledger.consistent
    assert sum(g.ledger.net) + g.ledger.pot == 0


@by_preset
def test_R23_payment_for_lying_down(preset: str) -> None:
    check_R23(PRESETS[preset])


# ---------------------------------------------------------------------- R24-R27


def dead_pair_position(rules: Ruleset) -> Game:
    """Seat 0 lies down with a pair whose other two are won: nobody can mate it."""
    g = position(rules, ["7C 7D", "8C 9C", "TC 3C"], "8D 9D TD")
    assert g.turn_moves() == (Move.parse("0: lie"),)
    play(g, "0: lie", "R22")
    assert g.table & SEVENS == cards("7C 7D")
    assert g.to_play == 1
    return g


def claimable(rules: Ruleset) -> Ruleset:
    return rules if rules.lie_down_pair == "claimable" else rules.replace(lie_down_pair="claimable")


def check_R24(rules: Ruleset) -> None:
    g = dead_pair_position(rules)
    if rules.lie_down_pair == "claimable":
        assert_illegal(g, "0: claim 7C 7D", "R25")  # one's own oversight
        assert_illegal(g, "1: claim 7C", "R24")
        play(g, "1: claim 7C 7D", "R24")
        assert g.won[1] == cards("7C 7D")
        assert g.table & SEVENS == 0
    elif rules.lie_down_pair == "to_dealer":
        for seat in range(g.n):
            assert_illegal(g, f"{seat}: claim 7C 7D", "R24", "lie_down_pair=to_dealer")
        before = g.won[g.dealer]
        finish(g)
        assert g.won[g.dealer] & ~before & SEVENS == cards("7C 7D")
    else:
        unknown("lie_down_pair", rules.lie_down_pair)


def check_R42(rules: Ruleset) -> None:
    """Player 1 has lain down; Player 2 then lies down with two fives whose mates
    are won, leaving a pair nobody can mate (R24). Whether Player 1 may claim it
    is R42's; Player 3, still in the hand, may. The other rulings a claim
    meets are set so that only R42 decides (anyone, any time: R25, R26)."""
    rules = rules.replace(
        lie_down="forced", lie_down_pair="claimable", claim_priority="first_in_time",
        claim_deadline="end_of_hand",
    )  # fmt: skip
    g = position(rules, ["3D", "5C 5S 8D", "QC 2C", "JH 4C"], "QH", players=4)
    play(g, "0: lie", "R22")
    play(g, "1: lie", "R22")
    assert g.table & FIVES == cards("5C 5S")  # the fives, dead (R24)
    assert_legal(g, "3: claim 5C 5S")  # a seat still in the hand may claim
    if rules.lain_down_claims == "may_claim":
        assert 0 in g.free_seats()
        play(g, "0: claim 5C 5S", "R24")
        assert g.won[0] & FIVES == cards("5C 5S")
    elif rules.lain_down_claims == "may_not_claim":
        assert_illegal(g, "0: claim 5C 5S", "R42", "lain_down_claims=may_not_claim")
        assert 0 not in g.free_seats()
        assert not g.free_moves(0)
    else:
        unknown("lain_down_claims", rules.lain_down_claims)


def check_R43(rules: Ruleset) -> None:
    """Player 4 lays his only cards, a pair whose mates Player 1 has won, before
    the first turn; Players 1 and 2 then lie down, having nothing to capture.
    Out at once, he leaves Player 3 the last player before Player 3 has played.
    In until his turn, he keeps Player 3 playing: Player 3 captures, and then
    Player 4, with no cards, can only lie down, which ends the hand."""
    rules = rules.replace(
        hand_pairs_when="any_time", dead_pair_trigger="unmateable", lie_down="forced",
        last_player_turn="none",
    )  # fmt: skip
    g = position(rules, ["9C", "TC", "JC QC", "5C 5S"], "JD", {0: "5D 5H"}, players=4)
    play(g, "3: lay 5C 5S", "R19")
    assert g.hands[3] == 0
    play(g, "0: lie", "R22")
    if rules.emptied_by_laying == "out_at_once":
        assert g.out[3]
        play(g, "1: lie", "R22")
        assert g.over
        assert g.last_player == 2
        assert g.won[2] & cards("JD") == 0  # he never played
    elif rules.emptied_by_laying == "lies_down_at_turn":
        assert not g.out[3]
        play(g, "1: lie", "R22")
        assert not g.over
        play(g, "2: JC x JD", "R12")
        assert g.to_play == 3
        assert g.turn_moves() == (Move(LIE, 3),)  # nothing to capture with: he lies down
        assert_illegal(g, "3: 5C x 5D", "R12")
        events = play(g, "3: lie", "R22")
        assert g.lie_downs[3] == 0  # nothing put on the table
        assert list(g.out)[3]  # read afresh: mypy narrowed g.out[3] above
        assert is_over(g)
        assert g.last_player == 2
        assert any(e.kind == LIE for e in events)
    else:
        unknown("emptied_by_laying", rules.emptied_by_laying)


def check_R44(rules: Ruleset) -> None:
    """Player 1's seven collects both sevens on the table (R38 read literally), so
    his won pile is odd and sits an odd number of cards from the even break-even.
    The fourth seven is never mated. R44 prices his part-pair; whole pairs are
    paid as always, and the pot keeps what the part-pairs leave."""
    rules = rules.replace(one_against_pair="collects_all")
    g = position(rules, ["7C 9C", "7S 2C", "TC 3C"], "7D 7H 9D 8D")
    play(g, "0: 7C x 7D 7H", "R38")
    finish(g)
    settled = [e for e in g.events if e.kind in ("wins", "pays")]
    if rules.settlement == "most_pairs":  # no break-even: R44 never applies
        assert not [e for e in settled if e.rule == "R44"]
        return
    be = g.stakes.break_even
    assert be is not None
    assert be % 2 == 0
    assert count(g.won[0]) % 2 == 1  # three sevens and whole pairs
    for seat, pile in enumerate(g.won):
        k = count(pile)
        paid = [
            (e.rule, e.amount if e.kind == "wins" else -e.amount) for e in settled if e.seat == seat
        ]
        expected = stakes_for(k, be, rules.part_pair)
        assert paid == ([("R44" if (k - be) % 2 else "R31", expected)] if expected else [])
    d = count(g.won[0]) - be
    part_pair = rules.part_pair
    if part_pair == "toward_zero":
        assert stakes_for(count(g.won[0]), be, part_pair) == int(d / 2)
    elif part_pair == "away_from_zero":
        assert abs(stakes_for(count(g.won[0]), be, part_pair)) == (abs(d) + 1) // 2
    elif part_pair == "half_stake":
        assert stakes_for(count(g.won[0]), be, part_pair) == Fraction(d, 2)
    else:
        unknown("part_pair", part_pair)
    # The pot keeps exactly what the antes, the bonus and the settlement leave.
    ks = [stakes_for(count(w), be, part_pair) for w in g.won]
    bonus = g.stakes.last_player_bonus if g.last_player is not None else 0
    assert g.ledger.pot == g.stakes.pot - bonus - sum(ks)
    assert g.ledger.consistent


@by_preset
def test_R44_a_part_pair_at_settlement(preset: str) -> None:
    check_R44(PRESETS[preset])


def check_R45(rules: Ruleset) -> None:
    """Eldest holds a seven and a king, and a seven and a king lie on the table: under
    ``several_ranks`` he may take both pairs in one turn, each part a lawful capture of
    its rank alone; under ``one_rank`` that capture is refused, naming R45."""
    several = "0: 7S x 7H + KD x KC"
    g = position(rules, ["7S KD 2C", "3C 4C", "5C 6C"], "7H KC 9D")
    singles = {"0: 7S x 7H", "0: KD x KC"}
    if rules.capture_ranks == "one_rank":
        assert {str(m) for m in g.turn_moves() if m.kind == CAPTURE} == singles
        assert_illegal(g, several, "R45", "capture_ranks=one_rank")
        # The same cards written as one part are the same move, refused the same way.
        assert_illegal(g, "0: 7S KD x 7H KC", "R45", "capture_ranks=one_rank")
        return
    if rules.capture_ranks != "several_ranks":
        unknown("capture_ranks", rules.capture_ranks)
    assert {str(m) for m in g.turn_moves() if m.kind == CAPTURE} == singles | {several}
    events = play(g, several, "R45")
    assert [e.kind for e in events] == [CAPTURE]  # one capture, one turn
    assert g.won[0] == cards("7S 7H KD KC")
    assert g.hands[0] == cards("2C")
    assert (g.turns, g.to_play) == (1, 1)
    assert g.moves == [Move.parse(several)]
    # Each part must be lawful by itself: one card against a pair on the table.
    g = position(rules, ["7S KD 2C", "3C 4C", "5C 6C"], "7H 7D KC 9D")
    if rules.one_against_pair == "takes_one":
        assert_illegal(g, "0: 7S x 7D 7H + KD x KC", "R38", "one_against_pair=takes_one")
        play(g, "0: 7S x 7D + KD x KC", "R45")
    elif rules.one_against_pair == "collects_all":
        assert_illegal(g, "0: 7S x 7D + KD x KC", "R38", "one_against_pair=collects_all")
        play(g, "0: 7S x 7D 7H + KD x KC", "R45")
    else:
        unknown("one_against_pair", rules.one_against_pair)
    # A part with no table card is no capture (R12), whatever R45 allows.
    g = position(rules, ["7S KD 2C", "3C 4C", "5C 6C"], "7H 9D")
    assert_illegal(g, "0: 7S KD x 7H", "R12")
    # A capture of several ranks that empties the hand is R34's like any other:
    # out at once, or in with no cards until he lies down at his turn.
    g = position(rules, ["7S KD", "3C 4C", "5C 6C"], "7H KC 9D")
    events = play(g, several, "R45")
    at_once = rules.emptied_by_capture == "out_at_once"
    assert g.out[0] == at_once
    assert [e.rule for e in events][:2] == (["R45", "R34"] if at_once else ["R45"])


@by_preset
def test_R45_captures_of_more_than_one_rank(preset: str) -> None:
    check_R45(PRESETS[preset])


@pytest.mark.parametrize("value", OPTIONS["one_against_pair"].allowed)
def test_R45_each_part_as_R38_allows(value: str) -> None:
    check_R45(ruleset("reconstruction", capture_ranks="several_ranks", one_against_pair=value))


def test_R43_a_player_with_no_cards_can_be_the_last_player() -> None:
    """In until he lies down, a player whose last pair went down is the last
    player left when all the others lie down before his turn comes."""
    rules = ruleset("du-coeur", emptied_by_laying="lies_down_at_turn", last_player_turn="none")
    g = position(rules, ["9C", "TC", "JC", "5C 5S"], "QD", {0: "5D 5H"}, players=4)
    play(g, "3: lay 5C 5S", "R19")
    for seat in (0, 1, 2):
        play(g, f"{seat}: lie", "R22")
    assert g.over
    assert g.last_player == 3
    out_at_once = position(
        rules.replace(emptied_by_laying="out_at_once"), ["9C", "TC", "JC", "5C 5S"], "QD",
        {0: "5D 5H"}, players=4,
    )  # fmt: skip
    play(out_at_once, "3: lay 5C 5S", "R19")
    play(out_at_once, "0: lie", "R22")
    play(out_at_once, "1: lie", "R22")
    assert out_at_once.over
    assert out_at_once.last_player == 2


@by_preset
def test_R43_emptied_by_laying(preset: str) -> None:
    check_R43(PRESETS[preset])


@by_preset
def test_R42_lain_down_claims(preset: str) -> None:
    check_R42(PRESETS[preset])


@by_preset
def test_R24_pair_left_by_lying_down(preset: str) -> None:
    check_R24(PRESETS[preset])


@pytest.mark.parametrize("value", OPTIONS["lie_down_pair"].allowed)
def test_R24_an_odd_number_left_is_no_dead_pair(value: str) -> None:
    """Lying down leaves three nines on the table and none in any hand (the
    fourth is in a won pile, an odd one): three cannot be claimed as a pair,
    so no dead group opens, whatever lie_down_pair says."""
    rules = ruleset("reconstruction", lie_down="voluntary", lie_down_pair=value)
    g = position(rules, ["9D 2C", "3C 4C", "5C 6C", "8C KC"], "9H 9S", {1: "9C"}, players=4)
    play(g, "0: lie", "R22")
    assert g.table & cards("9C 9D 9H 9S") == cards("9D 9H 9S")
    for seat in range(g.n):
        assert not [m for m in g.free_moves(seat) if m.kind == CLAIM], seat
    assert_illegal(g, "1: claim 9D 9H 9S", "R25")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_R24_a_pair_royal_whose_fourth_is_won_gives_a_claim_of_two(preset: str) -> None:
    """Seat 0 lies down with a pair royal whose fourth card is in a won pile (an odd
    pile, set up): he could have laid a pair of it (R18), so the pairs it leaves are
    claimable under lie_down_pair=claimable: two of the three, the third staying
    for the dealer."""
    rules = ruleset(preset, lie_down_pair="claimable")
    g = position(rules, ["9C 9D 9H 2C", "3C 4C", "5C 6C"], "3D 5D", {1: "9S"})
    play(g, "0: lie", "R22")  # nothing to capture: a lawful lie-down under any reading
    assert g.table & cards("9C 9D 9H 9S") == cards("9C 9D 9H")
    assert_illegal(g, "1: claim 9C 9D 9H", "R24")  # a claim takes pairs only
    assert_illegal(g, "0: claim 9C 9D", "R25")  # his own oversight
    claims = {m for m in g.legal_moves(1) if m.kind == CLAIM}
    assert claims == {Move.parse(f"1: claim {t}") for t in ("9C 9D", "9C 9H", "9D 9H")}
    play(g, "1: claim 9D 9H", "R24")
    assert not [m for m in g.legal_moves() if m.kind == CLAIM]  # the third is nobody's claim
    before = g.won[g.dealer]
    finish(g)
    if rules.leftovers == "all_to_dealer":
        assert g.won[g.dealer] & ~before & cards("9C") == cards("9C")
    else:
        assert g.aside & cards("9C") == cards("9C")


def check_R25(rules: Ruleset) -> None:
    g = dead_pair_position(claimable(rules))
    assert_illegal(g, "0: claim 7C 7D", "R25")  # one's own oversight
    assert_illegal(g, "1: claim 8D", "R25")  # not an oversight: seat 1 can mate it
    assert_illegal(g, "1: claim 7H 7S", "R25")  # not on the table
    assert_legal(g, "1: claim 7C 7D")  # the seat to play
    if rules.claim_priority == "first_in_time":
        for seat in range(2, g.n):
            assert_legal(g, f"{seat}: claim 7C 7D")
        play(g, "2: claim 7C 7D", "R24")
        assert g.won[2] & SEVENS == cards("7C 7D")
        assert_illegal(g, "1: claim 7C 7D", "R25")  # gone: first come, first served
    elif rules.claim_priority == "first_in_rotation":
        for seat in range(2, g.n):
            assert_illegal(g, f"{seat}: claim 7C 7D", "R25", "claim_priority=first_in_rotation")
        play(g, "1: claim 7C 7D", "R24")
        assert g.won[1] == cards("7C 7D")
    else:
        unknown("claim_priority", rules.claim_priority)


@by_preset
def test_R25_who_may_claim(preset: str) -> None:
    check_R25(PRESETS[preset])


def check_R26(rules: Ruleset) -> None:
    g = dead_pair_position(claimable(rules))
    assert_legal(g, "1: claim 7C 7D")
    play(g, "1: 8C x 8D", "R12")
    assert g.to_play == 2
    if rules.claim_deadline == "end_of_hand":
        assert_legal(g, "2: claim 7C 7D")
        play(g, "2: TC x TD", "R12")
        play(g, f"{g.to_play}: claim 7C 7D", "R24")
    elif rules.claim_deadline == "next_turn":
        assert_illegal(g, "2: claim 7C 7D", "R26", "claim_deadline=next_turn")
        before = g.won[g.dealer]
        finish(g)
        assert g.won[g.dealer] & ~before & SEVENS == cards("7C 7D")
    else:
        unknown("claim_deadline", rules.claim_deadline)


@by_preset
def test_R26_claim_deadline(preset: str) -> None:
    check_R26(PRESETS[preset])


def check_R27(rules: Ruleset) -> None:
    g = dead_pair_position(claimable(rules))
    turns = g.turns
    play(g, "1: claim 7C 7D", "R24")
    assert g.to_play == 1
    assert g.turns == turns
    moves = g.turn_moves()
    assert {str(m) for m in moves if m.kind == CAPTURE} == {"1: 8C x 8D", "1: 9C x 9D"}
    if refuses_lie_down_with_capture(rules):
        assert_illegal(g, "1: lie", "R22", "lie_down=forced")
    play(g, "1: 8C x 8D", "R12")
    assert g.to_play == 2
    assert g.turns == turns + 1


@by_preset
def test_R27_claiming_is_not_a_turn(preset: str) -> None:
    check_R27(PRESETS[preset])


# -------------------------------------------------------------------------- R28


def last_one_standing(rules: Ruleset, players: int | None = None) -> Game:
    """Seat 0 captures once; everyone else lies down; seat 0 still holds 8C, with 8D out."""
    g = position(rules, ["7C 8C"], "7D 8D", players=players)
    play(g, "0: 7C x 7D", "R12")
    for seat in range(1, g.n):
        assert g.to_play == seat
        play(g, f"{seat}: lie", "R22")
    return g


def check_R28(rules: Ruleset) -> None:
    g = last_one_standing(rules)
    last = [e for e in g.events if e.kind == "last_player"]
    assert [(e.rule, e.seat) for e in last] == [("R28", 0)]
    assert g.last_player == 0
    if rules.last_player_turn == "none":
        assert g.over
        assert_illegal(g, "0: 8C x 8D", "R28")
        assert g.won[0] == cards("7C 7D")
        assert g.won[g.dealer] & cards("8C 8D") == cards("8C 8D")
    elif rules.last_player_turn == "one_more":
        assert not g.over
        assert g.to_play == 0
        play(g, "0: 8C x 8D", "R12")
        assert is_over(g)
        assert g.won[0] == cards("7C 7D 8C 8D")
        assert_illegal(g, "0: lie", "R28")
    else:
        unknown("last_player_turn", rules.last_player_turn)
    assert g.legal_moves() == []
    assert g.turn_moves() == ()
    assert g.hands == [0] * g.n
    assert g.table == 0
    assert g.complete


@by_preset
def test_R28_end_of_hand(preset: str) -> None:
    check_R28(PRESETS[preset])


# -------------------------------------------------------------------------- R29


def check_R29(rules: Ruleset) -> None:
    g = position(rules, ["7C 5C 5D KC"], "7D QC QD JC")
    dealer = g.dealer
    filler_cards = 0
    for seat in range(1, g.n):
        filler_cards |= g.hands[seat]
    won_before = list(g.won)
    finish(g)
    assert g.last_player == 0
    leftovers = cards("5C 5D KC QC QD JC") | filler_cards
    gained = g.won[dealer] & ~won_before[dealer]
    if rules.leftovers == "all_to_dealer":
        assert gained == leftovers
        assert g.aside == 0
        assert not events_of(g, "set_aside")
    elif rules.leftovers == "pairs_to_dealer":
        assert gained == cards("5C 5D QC QD")
        assert g.aside == cards("KC JC") | filler_cards
        [aside] = events_of(g, "set_aside")
        assert (aside.rule, aside.table) == ("R29", g.aside)
    else:
        unknown("leftovers", rules.leftovers)
    [taken] = events_of(g, "leftovers")
    assert (taken.rule, taken.seat, taken.table) == ("R29", dealer, gained)
    assert g.complete


@by_preset
def test_R29_leftover_cards(preset: str) -> None:
    check_R29(PRESETS[preset])


# -------------------------------------------------------------------------- R30


def check_R30(rules: Ruleset) -> None:
    for n in rules.players:
        g = last_one_standing(rules, players=n)
        finish(g)
        bonus = EXPECTED_TABLES[(n, getattr(rules, f"deal_{n}"))][4]
        paid = [(e.rule, e.seat, e.amount) for e in events_of(g, "bonus")]
        entries = [(e.payer, e.payee, e.amount) for e in g.ledger.entries if e.rule == "R30"]
        if bonus:
            assert paid == [("R30", 0, bonus)]
            assert entries == [(None, 0, bonus)]
        else:
            assert paid == []
            assert entries == []
    if rules.deal_5 == "willughby":
        # du Coeur: Willughby's 6 for the last trick is 6 *instead of* 1: five extra.
        assert rules.stakes(5).last_player_bonus == 5


@by_preset
def test_R30_last_player_bonus(preset: str) -> None:
    check_R30(PRESETS[preset])


# ---------------------------------------------------------------------- R31-R33


def check_settlement(g: Game) -> None:
    """The hand is over: check the ledger against the stakes table, by hand."""
    rules, st = g.rules, g.stakes
    assert g.over
    pot = st.dealer_ante + st.other_ante * (g.n - 1)
    bonus = st.last_player_bonus if g.last_player is not None else 0
    expected_net: list[Amount] = [-a for a in antes(g)]
    if g.last_player is not None:
        expected_net[g.last_player] += bonus
    r23 = r23_net(g)
    settle = [(e.rule, e.seat, e.kind, e.amount) for e in g.events if e.kind in ("wins", "pays")]
    if rules.settlement == "break_even":
        be = st.break_even
        assert be is not None
        ks = [stakes_for(count(w), be, rules.part_pair) for w in g.won]
        rules_of = ["R32" if be % 2 else "R44" if (count(w) - be) % 2 else "R31" for w in g.won]
        assert settle == [
            (rules_of[s], s, "wins" if k > 0 else "pays", abs(k)) for s, k in enumerate(ks) if k
        ]
        for s, k in enumerate(ks):
            expected_net[s] += k
        pot_left = pot - bonus - sum(ks)
        assert not events_of(g, "tie")
    elif rules.settlement == "most_pairs":
        pairs = [count(w) // 2 for w in g.won]
        winners = [s for s, p in enumerate(pairs) if p == max(pairs)]
        left = pot - bonus
        if len(winners) == 1 and left > 0:
            assert settle == [("R31", winners[0], "wins", left)]
            expected_net[winners[0]] += left
            pot_left = 0
        else:
            assert settle == []
            pot_left = left
            if left:
                assert [(e.rule, e.amount) for e in events_of(g, "tie")] == [("R33", left)]
    else:
        unknown("settlement", rules.settlement)
    assert g.ledger.pot == pot_left
    assert g.ledger.balanced == (pot_left == 0)
    assert [e.amount for e in events_of(g, "pot_left")] == ([pot_left] if pot_left else [])
    assert g.ledger.net == [a + b for a, b in zip(expected_net, r23, strict=True)]
    assert sum(g.ledger.net) + g.ledger.pot == 0
    assert g.ledger.consistent


def check_R31(rules: Ruleset) -> None:
    g = position(rules, ["7C 8C"], "7D 8D", won_counts={1: 16, 2: 4})
    finish(g)
    check_settlement(g)
    st = g.stakes
    if rules.settlement == "break_even" and st.balances and rules.leftovers == "all_to_dealer":
        assert g.ledger.balanced  # Willughby: "everything should come out even"


@by_preset
def test_R31_settlement(preset: str) -> None:
    check_R31(PRESETS[preset])


def check_R32(rules: Ruleset) -> None:
    if rules.deal_8 is None:
        with pytest.raises(RulesetError):
            rules.stakes(8)
        rules = rules.replace(deal_8="du_coeur")
    st = rules.stakes(8)
    assert st.break_even == 5
    g = position(
        rules, ["7C 8C"], "7D 8D 2D", players=8,
        won_counts={1: 6, 2: 4, 3: 0, 4: 8, 5: 2, 6: 10},
    )  # fmt: skip
    finish(g)
    assert all(count(w) % 2 == 0 for w in g.won)  # nobody can end on five
    check_settlement(g)
    settled = {e.seat: (e.rule, e.kind, e.amount) for e in g.events if e.kind in ("wins", "pays")}
    if rules.settlement == "break_even":
        # du Coeur: "win one stake for six cards, and lose one for four".
        assert settled[1] == ("R32", "wins", 1)
        assert settled[2] == ("R32", "pays", 1)
        assert settled[3] == ("R32", "pays", 3)
        assert settled[4] == ("R32", "wins", 2)
        assert settled[5] == ("R32", "pays", 2)
        assert settled[6] == ("R32", "wins", 3)
    elif rules.settlement == "most_pairs":
        assert all(rule == "R31" for rule, _, _ in settled.values())
    else:
        unknown("settlement", rules.settlement)
    assert not [e for e in g.events if e.rule == "R32" and rules.settlement != "break_even"]


@by_preset
def test_R32_odd_break_even(preset: str) -> None:
    check_R32(PRESETS[preset])


def check_R33(rules: Ruleset) -> None:
    g = position(rules, ["7C KC"], "7D", won_counts={0: 18, 1: 20})
    finish(g)
    assert count(g.won[0]) == count(g.won[1]) == 20
    assert all(count(w) < 20 for w in g.won[2:])
    check_settlement(g)
    ties = events_of(g, "tie")
    if rules.settlement == "most_pairs":
        left = g.stakes.pot - g.stakes.last_player_bonus
        assert [(e.rule, e.seat, e.amount) for e in ties] == [("R33", None, left)]
        assert g.ledger.pot == left
        assert not g.ledger.balanced
    elif rules.settlement == "break_even":
        assert ties == []
        assert not [e for e in g.events if e.rule == "R33"]
    else:
        unknown("settlement", rules.settlement)


@by_preset
def test_R33_tie_for_most_pairs(preset: str) -> None:
    check_R33(PRESETS[preset])


# -------------------------------------------------------------------------- R34


def check_R34(rules: Ruleset) -> None:
    """Player 1's capture empties his hand. Out at once, he is skipped from then on.
    In until his turn (du Coeur's words read literally), he then lies down with
    nothing, and Player 2, emptied the same way later, is the last player left."""
    g = position(rules, ["7C", "8C 9C", "TC JC"], "7D 8D TD 9D")
    n = g.n
    events = play(g, "0: 7C x 7D", "R12")
    if rules.emptied_by_capture == "out_at_once":
        at_once = True
    elif rules.emptied_by_capture == "lies_down_at_turn":
        at_once = False
    else:
        unknown("emptied_by_capture", rules.emptied_by_capture)
    assert [(e.rule, e.seat, e.kind) for e in events[1:]] == (
        [("R34", 0, "out")] if at_once else []
    )
    assert g.out[0] == at_once
    assert g.to_play == 1
    play(g, "1: 8C x 8D", "R12")
    play(g, "2: TC x TD", "R12")
    for seat in range(3, n):
        play(g, f"{seat}: lie", "R22")
    if not at_once:
        assert g.to_play == 0
        assert g.turn_moves() == (Move(LIE, 0),)  # nothing to capture with
        play(g, "0: lie", "R22")
        assert g.lie_downs[0] == 0  # nothing put on the table
    assert g.to_play == 1  # seat 0 is skipped, or has lain down
    events = play(g, "1: 9C x 9D", "R12")
    if at_once:
        assert ("R34", 1, "out") in [(e.rule, e.seat, e.kind) for e in events]
        last = 2  # only seat 2 has cards left: the hand ends on it (R28)
    else:
        assert not g.out[1]
        play(g, "2: lie", "R22")  # JC mates nothing on the table
        last = 1  # all the others have lain down: seat 1 is left, with no cards
    assert g.last_player == last
    if rules.last_player_turn == "none":
        assert g.over
    elif rules.last_player_turn == "one_more":
        assert not g.over
        assert g.to_play == last
        finish(g)
    else:
        unknown("last_player_turn", rules.last_player_turn)
    # Emptied by laying a mournival down: out at once where R43 says so (R43's
    # own check, check_R43, plays both of its readings).
    g = position(
        rules.replace(emptied_by_laying="out_at_once"), ["8C 2C", "5C 5D 5H 5S", "9C 3C"],
        "8D 9D",
    )  # fmt: skip
    events = play(g, "1: lay 5C 5D 5H 5S", "R17")
    assert [(e.rule, e.seat, e.kind) for e in events[1:]] == [("R34", 1, "out")]
    assert g.out[1]
    assert g.to_play == 0
    play(g, "0: 8C x 8D", "R12")
    assert g.to_play == 2


@by_preset
def test_R34_emptied_by_capture(preset: str) -> None:
    check_R34(PRESETS[preset])


# ---------------------------------------------------------------------- R35-R39


def mistake_position(rules: Ruleset) -> Game:
    """Seat 0 holds 7C, with 7D on the table and 7H 7S in the dealer's won pile: he
    can capture, so lying down is a mistake where it is forced."""
    g = position(rules, ["7C 2C", "9C 3C", "TC 4C"], "7D 9D TD")
    assert Move.parse("0: 7C x 7D") in g.turn_moves()
    return g


def check_R35(rules: Ruleset) -> None:
    g = mistake_position(rules)
    if rules.lie_down == "voluntary":
        play(g, "0: lie", "R22")  # no lie-down is a mistake: the option changes nothing
        return
    if rules.lie_down_mistake == "refused":
        assert LIE not in {m.kind for m in g.turn_moves()}
        assert_illegal(g, "0: lie", "R22", "lie_down=forced")
    elif rules.lie_down_mistake == "allowed_as_mistake":
        assert Move.parse("0: lie") in g.turn_moves()
        [event, *_] = play(g, "0: lie", "R35")
        assert event.amount == 1  # marked a mistake
        assert g.out[0]
        assert g.hands[0] == 0
        assert g.table & cards("7C 2C") == cards("7C 2C")
        assert g.to_play == 1
        # Lying down when nothing can be captured is no mistake.
        g = position(rules, ["2C 3C", "7C 4C", "8C 5C"], "7D 8D")
        [event, *_] = play(g, "0: lie", "R22")
        assert event.amount == 0
    else:
        unknown("lie_down_mistake", rules.lie_down_mistake)


@by_preset
def test_R35_lie_down_although_a_capture_was_possible(preset: str) -> None:
    check_R35(PRESETS[preset])


def check_R36(rules: Ruleset) -> None:
    g = mistake_position(rules.replace(lie_down="forced", lie_down_mistake="allowed_as_mistake"))
    play(g, "0: lie", "R35")
    assert g.table & SEVENS == cards("7C 7D")
    if rules.mistaken_lie_down_pair == "claimable":
        assert_illegal(g, "0: claim 7C 7D", "R25")  # one's own oversight
        assert_illegal(g, "1: claim 7C", "R36")
        play(g, "1: claim 7C 7D", "R36")
        assert g.won[1] & SEVENS == cards("7C 7D")
    elif rules.mistaken_lie_down_pair == "to_dealer":
        for seat in range(g.n):
            assert_illegal(g, f"{seat}: claim 7C 7D", "R36", "mistaken_lie_down_pair=to_dealer")
        before = g.won[g.dealer]
        finish(g)
        assert g.won[g.dealer] & ~before & SEVENS == cards("7C 7D")
    else:
        unknown("mistaken_lie_down_pair", rules.mistaken_lie_down_pair)


@by_preset
def test_R36_pair_left_by_a_mistaken_lie_down(preset: str) -> None:
    check_R36(PRESETS[preset])


def check_R37(rules: Ruleset) -> None:
    g = mistake_position(rules.replace(lie_down="voluntary"))
    play(g, "0: lie", "R22")
    assert g.table & SEVENS == cards("7C 7D")
    if rules.chosen_lie_down_pair == "claimable":
        assert_illegal(g, "0: claim 7C 7D", "R25")
        play(g, "1: claim 7C 7D", "R37")
        assert g.won[1] & SEVENS == cards("7C 7D")
    elif rules.chosen_lie_down_pair == "to_dealer":
        for seat in range(g.n):
            assert_illegal(g, f"{seat}: claim 7C 7D", "R37", "chosen_lie_down_pair=to_dealer")
        before = g.won[g.dealer]
        finish(g)
        assert g.won[g.dealer] & ~before & SEVENS == cards("7C 7D")
    else:
        unknown("chosen_lie_down_pair", rules.chosen_lie_down_pair)
    # Where lying down is forced and refused with a capture open, the case never arises.
    forced = mistake_position(rules.replace(lie_down="forced", lie_down_mistake="refused"))
    assert_illegal(forced, "0: lie", "R22", "lie_down=forced")


@by_preset
def test_R37_pair_left_by_a_lawful_lie_down_by_choice(preset: str) -> None:
    check_R37(PRESETS[preset])


def check_R38(rules: Ruleset) -> None:
    # Seat 1 holds the fourth seven; break-even is even at every table built here.
    g = position(rules, ["7C 9C", "7S 2C", "TC 3C"], "7D 7H 9D 8D")
    assert g.stakes.break_even is None or g.stakes.break_even % 2 == 0
    if rules.one_against_pair == "takes_one":
        assert_illegal(g, "0: 7C x 7D 7H", "R38", "one_against_pair=takes_one")
        play(g, "0: 7C x 7D", "R13")
        assert g.won[0] & SEVENS == cards("7C 7D")
        play(g, "1: 7S x 7H", "R12")
    elif rules.one_against_pair == "collects_all":
        assert_illegal(g, "0: 7C x 7D", "R38", "one_against_pair=collects_all")
        assert {m for m in g.legal_moves(0) if m.hand == cards("7C")} == {
            Move.parse("0: 7C x 7D 7H")
        }
        play(g, "0: 7C x 7D 7H", "R38")
        assert g.won[0] & SEVENS == cards("7C 7D 7H")  # three cards won
        # The fourth seven can never be mated: it goes to the dealer at the end.
        assert not [m for m in g.legal_moves(1) if m.hand == cards("7S")]
        finish(g)
        if rules.leftovers == "all_to_dealer":
            assert g.won[g.dealer] & cards("7S")
        else:  # R29 pairs_to_dealer: an odd card is set aside
            assert g.aside & cards("7S")
        if rules.settlement == "break_even" and g.stakes.break_even is not None:
            # Whole pairs only, toward zero: an odd pile's part-pair counts for nothing.
            be = g.stakes.break_even
            for seat, pile in enumerate(g.won):
                k = count(pile)
                paid = sum(
                    e.amount if e.kind == "wins" else -e.amount
                    for e in g.events
                    if e.seat == seat and e.kind in ("wins", "pays")
                )
                assert paid == stakes_for(k, be, rules.part_pair), (seat, k, be)
    else:
        unknown("one_against_pair", rules.one_against_pair)


@by_preset
def test_R38_one_card_against_a_pair_on_the_table(preset: str) -> None:
    check_R38(PRESETS[preset])


def check_R39(rules: Ruleset) -> None:
    trigger = rules.dead_pair_trigger
    # Another player wins the other two sevens: dead under unmateable and other_pair_won.
    g = position(rules, ["7C 7D 2C", "7H 3C", "TC 4C"], "7S 2D 8D")
    assert_illegal(g, "0: lay 7C 7D", "R19")  # 7S on the table can still mate one
    play(g, "0: 2C x 2D", "R12")
    play(g, "1: 7H x 7S", "R12")
    if trigger == "never":
        assert_illegal(g, "0: lay 7C 7D", "R39", "dead_pair_trigger=never")
    elif trigger == "unmateable" or trigger == "other_pair_won":
        play(g, "0: lay 7C 7D", "R19")
    else:
        unknown("dead_pair_trigger", trigger)
    # The holder wins the other two himself: the readings part. Only the third card
    # of a pair royal can do that (hands never grow), so R40 has the last word.
    g = position(rules, ["9C 9D 9H 2C", "3C 5C", "4C 6C"], "9S 3D 4D")
    play(g, "0: 9H x 9S", "R12")
    if trigger == "unmateable":
        play(g, "0: lay 9C 9D", "R19")
    else:
        check_broken_pair_royal(g, rules, "9C 9D")


def check_broken_pair_royal(g: Game, rules: Ruleset, pair: str) -> None:
    """R40, where R39's trigger does not make the pair dead: seat 0 played the third card
    of his pair royal (it took the fourth), and holds ``pair``."""
    value = rules.broken_pair_royal
    if value == "layable":
        if rules.hand_pairs_when == "promptly_or_own_turn":
            # Nothing made it layable just now: R20's own turn.
            assert_illegal(g, f"0: lay {pair}", "R20", "hand_pairs_when=promptly_or_own_turn")
            while g.to_play != 0:
                finish_one_turn(g)
        play(g, f"0: lay {pair}", "R40")
    elif value == "by_dead_rule":
        assert_illegal(g, f"0: lay {pair}", "R40", "broken_pair_royal=by_dead_rule")
        # Nor is it a set he failed to lay (R24): lying down with it opens no claim.
        while g.to_play != 0:
            finish_one_turn(g)
        assert_illegal(g, f"0: lay {pair}", "R40", "broken_pair_royal=by_dead_rule")
        play(g, "0: lie", "R22")
        for seat in range(1, g.n):
            assert not [m for m in g.free_moves(seat) if m.kind == CLAIM]
    else:
        unknown("broken_pair_royal", value)
    # The rest of a mournival is R17's, laid whatever the trigger.
    g = position(rules, ["7C 7D 7H 7S 2C", "3C", "4C"], "2D 3D 4D")
    play(g, "0: lay 7C 7D", "R17")
    play(g, "0: lay 7H 7S", "R17")


@by_preset
def test_R39_when_a_pair_in_hand_is_dead(preset: str) -> None:
    check_R39(PRESETS[preset])


# -------------------------------------------------------------------------- R40


def check_R40(rules: Ruleset) -> None:
    # Seat 0 was dealt a pair royal of sevens and plays its third card on the fourth.
    hands, table = ["7C 7D 7H 2C", "3C 5C", "4C 6C"], "7S 3D 4D"
    g = position(rules, hands, table)
    play(g, "0: 7C x 7S", "R12")
    if rules.dead_pair_trigger == "unmateable":
        # The other two are won: dead by R39's trigger, whatever R40 says.
        play(g, "0: lay 7D 7H", "R19")
    else:
        check_broken_pair_royal(g, rules, "7D 7H")
    # R24: lying down with the pair, he leaves a set he could have laid, or not.
    g = position(rules, hands, table)
    play(g, "0: 7C x 7S", "R12")
    while g.to_play != 0:
        finish_one_turn(g)
    play(g, "0: lie", "R22")
    could_have_laid = (
        rules.broken_pair_royal == "layable" or rules.dead_pair_trigger == "unmateable"
    )
    claims = [m for s in range(1, g.n) for m in g.free_moves(s) if m.kind == CLAIM]
    if could_have_laid and rules.lie_down_pair == "claimable":
        assert claims
        assert all(m.table == cards("7D 7H") for m in claims), claims
        play(g, f"{g.to_play}: claim 7D 7H", "R24")
    else:
        assert not claims, claims


@by_preset
def test_R40_the_pair_left_of_a_pair_royal(preset: str) -> None:
    check_R40(PRESETS[preset])


# ------------------------------------------------------------- option values


def with_value(preset: str, option: str, value: str | None) -> Ruleset:
    rules = ruleset(preset, **{option: value})
    assert getattr(rules, option) == value
    return rules


def values_of(option: str) -> list[object]:
    return [
        pytest.param(p, v, id=f"{p}-{v}") for p in PRESET_NAMES for v in OPTIONS[option].allowed
    ]


def by_value(option: str) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(("preset", "value"), values_of(option))


@by_value("first_dealer")
def test_R3_first_dealer_values(preset: str, value: str) -> None:
    check_R3(with_value(preset, "first_dealer", value))


def deal_values(n: int) -> list[object]:
    option = f"deal_{n}"
    return [
        pytest.param(p, v, id=f"{p}-{v}")
        for p in PRESET_NAMES
        for v in (*OPTIONS[option].allowed, None)
    ]


def check_deal_value(preset: str, n: int, value: str | None) -> None:
    option = f"deal_{n}"
    needs_break_even = PRESETS[preset].settlement == "break_even"
    if value is not None and needs_break_even and TABLES[n][value].break_even is None:
        with pytest.raises(RulesetError, match="break-even"):
            ruleset(preset, **{option: value})
        return
    if value is None and all(
        getattr(PRESETS[preset], f"deal_{k}") is None for k in range(3, 9) if k != n
    ):
        return
    check_deal(with_value(preset, option, value), n)


@pytest.mark.parametrize(("preset", "value"), deal_values(3))
def test_R5_deal_3_values(preset: str, value: str | None) -> None:
    check_deal_value(preset, 3, value)


@pytest.mark.parametrize(("preset", "value"), deal_values(4))
def test_R6_deal_4_values(preset: str, value: str | None) -> None:
    check_deal_value(preset, 4, value)


@pytest.mark.parametrize(("preset", "value"), deal_values(5))
def test_R7_deal_5_values(preset: str, value: str | None) -> None:
    check_deal_value(preset, 5, value)


@pytest.mark.parametrize(("preset", "value"), deal_values(6))
def test_R8_deal_6_values(preset: str, value: str | None) -> None:
    check_deal_value(preset, 6, value)


@pytest.mark.parametrize(("preset", "value"), deal_values(7))
def test_R9_deal_7_values(preset: str, value: str | None) -> None:
    check_deal_value(preset, 7, value)


@pytest.mark.parametrize(("preset", "value"), deal_values(8))
def test_R10_deal_8_values(preset: str, value: str | None) -> None:
    check_deal_value(preset, 8, value)


@by_value("table_mournival")
def test_R11_table_mournival_values(preset: str, value: str) -> None:
    check_R11(with_value(preset, "table_mournival", value))


@by_value("pair_royal_capture")
def test_R14_pair_royal_capture_values(preset: str, value: str) -> None:
    check_R14(with_value(preset, "pair_royal_capture", value))


@by_value("pair_royal_remainder")
def test_R15_pair_royal_remainder_values(preset: str, value: str) -> None:
    check_R15(with_value(preset, "pair_royal_remainder", value))


@by_value("pair_against_pair")
def test_R16_pair_against_pair_values(preset: str, value: str) -> None:
    check_R16(with_value(preset, "pair_against_pair", value))


@by_value("emptied_by_capture")
def test_R34_emptied_by_capture_values(preset: str, value: str) -> None:
    check_R34(with_value(preset, "emptied_by_capture", value))


@by_value("hand_pairs_when")
def test_R20_hand_pairs_when_values(preset: str, value: str) -> None:
    check_R20(with_value(preset, "hand_pairs_when", value))


@by_value("lie_down")
def test_R22_lie_down_values(preset: str, value: str) -> None:
    check_R22(with_value(preset, "lie_down", value))


@by_value("lie_down_payment")
def test_R23_lie_down_payment_values(preset: str, value: str) -> None:
    check_R23(with_value(preset, "lie_down_payment", value))


@by_value("lie_down_pair")
def test_R24_lie_down_pair_values(preset: str, value: str) -> None:
    check_R24(with_value(preset, "lie_down_pair", value))


@by_value("claim_priority")
def test_R25_claim_priority_values(preset: str, value: str) -> None:
    check_R25(with_value(preset, "claim_priority", value))


@by_value("claim_deadline")
def test_R26_claim_deadline_values(preset: str, value: str) -> None:
    check_R26(with_value(preset, "claim_deadline", value))


@by_value("last_player_turn")
def test_R28_last_player_turn_values(preset: str, value: str) -> None:
    rules = with_value(preset, "last_player_turn", value)
    check_R28(rules)
    check_R34(rules)


@by_value("leftovers")
def test_R29_leftovers_values(preset: str, value: str) -> None:
    check_R29(with_value(preset, "leftovers", value))


def settlement_rules(preset: str, value: str) -> Ruleset | None:
    base = PRESETS[preset]
    no_break_even = [n for n in base.players if base.stakes(n).break_even is None]
    if value == "break_even" and no_break_even:
        with pytest.raises(RulesetError, match="break-even"):
            ruleset(preset, settlement=value)
        return None
    return with_value(preset, "settlement", value)


@by_value("settlement")
def test_R31_settlement_values(preset: str, value: str) -> None:
    rules = settlement_rules(preset, value)
    if rules is not None:
        check_R31(rules)


@by_value("settlement")
def test_R32_settlement_values(preset: str, value: str) -> None:
    rules = settlement_rules(preset, value)
    if rules is not None:
        check_R32(rules)


@by_value("settlement")
def test_R33_settlement_values(preset: str, value: str) -> None:
    rules = settlement_rules(preset, value)
    if rules is not None:
        check_R33(rules)


@by_value("lie_down_mistake")
def test_R35_lie_down_mistake_values(preset: str, value: str) -> None:
    check_R35(with_value(preset, "lie_down_mistake", value))


@by_value("mistaken_lie_down_pair")
def test_R36_mistaken_lie_down_pair_values(preset: str, value: str) -> None:
    check_R36(with_value(preset, "mistaken_lie_down_pair", value))


@by_value("chosen_lie_down_pair")
def test_R37_chosen_lie_down_pair_values(preset: str, value: str) -> None:
    check_R37(with_value(preset, "chosen_lie_down_pair", value))


@by_value("one_against_pair")
def test_R38_one_against_pair_values(preset: str, value: str) -> None:
    check_R38(with_value(preset, "one_against_pair", value))


@by_value("dead_pair_trigger")
def test_R39_dead_pair_trigger_values(preset: str, value: str) -> None:
    check_R39(with_value(preset, "dead_pair_trigger", value))


@by_value("broken_pair_royal")
def test_R40_broken_pair_royal_values(preset: str, value: str) -> None:
    check_R40(with_value(preset, "broken_pair_royal", value))


@by_value("hand_pair_royal")
def test_R18_hand_pair_royal_values(preset: str, value: str) -> None:
    check_R18(with_value(preset, "hand_pair_royal", value))


@by_value("part_pair")
def test_R44_part_pair_values(preset: str, value: str) -> None:
    check_R44(with_value(preset, "part_pair", value))


@by_value("capture_ranks")
def test_R45_capture_ranks_values(preset: str, value: str) -> None:
    check_R45(with_value(preset, "capture_ranks", value))


@by_value("cut_aces")
def test_R41_cut_aces_values(preset: str, value: str) -> None:
    check_R41(with_value(preset, "cut_aces", value))


@by_value("lain_down_claims")
def test_R42_lain_down_claims_values(preset: str, value: str) -> None:
    check_R42(with_value(preset, "lain_down_claims", value))


@by_value("emptied_by_laying")
def test_R43_emptied_by_laying_values(preset: str, value: str) -> None:
    check_R43(with_value(preset, "emptied_by_laying", value))


@by_value("laying_turn")
def test_R21_laying_turn_values(preset: str, value: str) -> None:
    check_R21(with_value(preset, "laying_turn", value))


# ------------------------------------------------------------------ coverage


def test_every_ruling_has_a_test_per_preset() -> None:
    names = [n for n in globals() if n.startswith("test_R")]
    for rid in sorted(RULE_IDS, key=lambda r: int(r[1:])):
        assert any(n.startswith(f"test_{rid}_") and not n.endswith("_values") for n in names), rid


def test_every_option_has_a_values_test() -> None:
    names = [n for n in globals() if n.endswith("_values")]
    for option, spec in OPTIONS.items():
        assert any(n.startswith(f"test_{spec.ruling}_{option}_values") for n in names), option
    assert {o.ruling for o in OPTIONS.values()} <= RULE_IDS


def test_illegal_move_errors_name_rule_and_option() -> None:
    g = position(PRESETS["reconstruction"], ["7C 8C"], "7D")
    with pytest.raises(IllegalMoveError) as info:
        g.play_text("1: 7C x 7D")
    assert info.value.rule in RULE_IDS
    assert (info.value.rule, info.value.option) == ("R4", None)
    assert "R4" in str(info.value)

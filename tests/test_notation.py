"""Notation comes in pairs: every parse has a format, and they round-trip."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import lld
from lld.cards import (
    FULL_DECK,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from lld.errors import NotationError, RulesetError
from lld.ledger import format_amount, parse_amount
from lld.moves import CAPTURE, CLAIM, LAY, LIE, Move
from lld.presets import PRESETS, ruleset
from lld.ruleset import OPTIONS

cards = st.integers(min_value=0, max_value=51)
masks = st.integers(min_value=0, max_value=FULL_DECK)
nonempty_masks = st.integers(min_value=1, max_value=FULL_DECK)
seats = st.integers(min_value=0, max_value=7)


@given(cards)
def test_card_round_trip(card: int) -> None:
    assert parse_card(format_card(card)) == card


@given(masks)
def test_card_set_round_trip(mask: int) -> None:
    assert parse_cards(format_cards(mask)) == mask


@given(st.lists(cards, unique=True))
def test_card_set_order_and_case_do_not_matter(order: list[int]) -> None:
    text = " ".join(format_card(c).lower() for c in order)
    assert parse_cards(text) == sum(1 << c for c in order)


@pytest.mark.parametrize(
    ("text", "card"),
    [("10S", "TS"), ("Q♠", "QS"), ("a♥", "AH"), (" 7d ", "7D")],
)
def test_card_aliases(text: str, card: str) -> None:
    assert format_card(parse_card(text)) == card


@pytest.mark.parametrize("text", ["", "7", "1S", "7X", "77H", "XS", "♠", "7HH"])
def test_bad_card_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError, match="bad card"):
        parse_card(text)


def test_repeated_card_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="7H is given twice"):
        parse_cards("7H 8C 7h")


@st.composite
def moves(draw: st.DrawFn) -> Move:
    kind = draw(st.sampled_from([CAPTURE, LIE, LAY, CLAIM]))
    seat = draw(seats)
    if kind == LIE:
        return Move(LIE, seat)
    if kind == LAY:
        return Move(LAY, seat, draw(nonempty_masks), 0)
    if kind == CLAIM:
        return Move(CLAIM, seat, 0, draw(nonempty_masks))
    return Move(CAPTURE, seat, draw(nonempty_masks), draw(nonempty_masks))


@given(moves())
def test_move_round_trip(move: Move) -> None:
    assert Move.parse(str(move)) == move


@given(moves())
def test_move_repr_pastes_back(move: Move) -> None:
    assert eval(repr(move), {"Move": Move}) == move


def test_a_move_built_from_an_equal_string_plays_the_same() -> None:
    """A move's kind compares by value: a string read from elsewhere need not be interned."""
    game = lld.Game.new(ruleset("parlett"), players=5, seed=1)
    move = game.turn_moves()[0]
    kind = "".join(["cap", "ture"])
    assert kind == move.kind
    assert kind is not move.kind
    game.play(Move(kind, move.seat, move.hand, move.table))
    assert game.events[-1].move == move


@pytest.mark.parametrize(
    "text",
    [
        "7S x 7H",  # no seat
        "x: 7S x 7H",
        "²: lie",  # not an ASCII digit
        "2:",
        "2: lie 7H",
        "2: lay",
        "2: 7S 7H",
        "2: x 7H",
        "2: 7S x",
        "2: 7S x 7H x 7D",
        "2: fold",
    ],
)
def test_malformed_move_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Move.parse(text)


@st.composite
def several_rank_captures(draw: st.DrawFn) -> Move:
    """A capture of several ranks (R45): for each of two ranks or more, cards of that
    rank from the hand and from the table."""
    ranks = draw(st.lists(st.integers(0, 12), min_size=2, max_size=5, unique=True))
    hand = table = 0
    for rank in ranks:
        suits = draw(st.permutations(range(4)))
        split = draw(st.integers(1, 3))
        hand |= sum(1 << (rank << 2 | suit) for suit in suits[:split])
        table |= sum(1 << (rank << 2 | suit) for suit in suits[split:])
    return Move(CAPTURE, draw(seats), hand, table)


@given(several_rank_captures())
def test_R45_several_rank_capture_round_trip(move: Move) -> None:
    text = str(move)
    assert text.count(" + ") == len(move.parts()) - 1 >= 1
    assert Move.parse(text) == move
    assert eval(repr(move), {"Move": Move}) == move
    assert sum(p.hand for p in move.parts()) == move.hand
    assert sum(p.table for p in move.parts()) == move.table


def test_R45_several_rank_capture_notation() -> None:
    move = Move.parse("2: kd x kc + 7s x 7h")
    assert str(move) == "2: 7S x 7H + KD x KC"  # parts lowest rank first
    assert move == Move.parse("2: 7S KD x 7H KC")  # the same cards, the same move
    assert [str(p) for p in move.parts()] == ["2: 7S x 7H", "2: KD x KC"]
    assert Move.parse("2: lie").parts() == (Move.parse("2: lie"),)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("2: 7S x KC + KD x 7H", "takes cards of one rank, and '7S x KC' does not"),
        ("2: 7S x 7H + 7D x 7C", "a rank appears in two parts"),
        ("2: 7S x 7H +", "an empty part"),
        ("2: + 7S x 7H", "an empty part"),
        ("2: 7S x 7H + lie", "each part joined by '+' is a capture"),
        ("2: 7S x 7H + KD", "'HAND x TABLE' (a capture)"),
        ("2: 7S x 7H + x KC", "cards are needed on both sides"),
    ],
)
def test_R45_malformed_several_rank_capture(text: str, problem: str) -> None:
    with pytest.raises(NotationError) as info:
        Move.parse(text)
    assert problem in str(info.value)
    assert "\n" not in str(info.value)


def test_notation_error_is_not_an_illegal_move() -> None:
    assert not issubclass(NotationError, lld.IllegalMoveError)
    assert not issubclass(lld.IllegalMoveError, NotationError)
    assert issubclass(NotationError, ValueError)
    assert issubclass(lld.IllegalMoveError, ValueError)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_preset_repr_pastes_back(name: str) -> None:
    rules = ruleset(name)
    assert eval(repr(rules), {"ruleset": ruleset}) == rules


@st.composite
def overridden(draw: st.DrawFn) -> lld.Ruleset:
    name = draw(st.sampled_from(sorted(PRESETS)))
    changes: dict[str, str | None] = {}
    for option, spec in OPTIONS.items():
        if option == "settlement" or draw(st.booleans()):
            continue
        changes[option] = draw(st.sampled_from(spec.allowed))
    try:
        return ruleset(name, **changes)
    except RulesetError:
        # A combination the ruleset refuses (a most-pairs deal under break-even).
        return ruleset(name)


@given(overridden())
def test_overridden_ruleset_repr_pastes_back(rules: lld.Ruleset) -> None:
    assert eval(repr(rules), {"ruleset": ruleset}) == rules


def test_option_assignments_parse_from_the_command_line_form() -> None:
    rules = lld.presets.ruleset_with("parlett", ["lie-down=voluntary", "deal_6=none"])
    assert rules.lie_down == "voluntary"
    assert rules.deal_6 is None
    assert 6 not in rules.players


@pytest.mark.parametrize(
    ("assignment", "message"),
    [
        ("lie_down", "not of the form name=value"),
        ("=forced", "not of the form name=value"),
        ("nosuch=1", "unknown option 'nosuch'"),
        ("lie_down=sometimes", "option lie_down cannot be 'sometimes'"),
        ("deal_5=du_coeur", "option deal_5 cannot be 'du_coeur'"),
    ],
)
def test_bad_option_assignment(assignment: str, message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        lld.presets.ruleset_with("parlett", [assignment])


def test_an_option_given_twice_with_two_values_is_refused() -> None:
    twice = "option lie_down is given twice, as voluntary and forced"
    with pytest.raises(RulesetError, match=twice):
        lld.presets.ruleset_with("parlett", ["lie_down=voluntary", "lie-down=forced"])
    with pytest.raises(RulesetError, match="option deal_6 is given twice, as none and parlett"):
        lld.presets.ruleset_with("parlett", ["deal_6=none", "deal_6=parlett"])
    # The same value twice says one thing: it stands.
    rules = lld.presets.ruleset_with("parlett", ["lie_down=voluntary", "lie_down=voluntary"])
    assert rules.lie_down == "voluntary"


@pytest.mark.parametrize("text", ["7\u017f", "7\uff33", "\uff17S", "1\u2070S"])
def test_a_letter_that_only_case_folds_to_a_suit_is_no_card(text: str) -> None:
    """Only ASCII letters are read case-blind: a long s (which upper-cases to S)
    or a full-width letter is outside the notation."""
    with pytest.raises(NotationError, match="bad card"):
        parse_card(text)


def test_a_ruleset_that_gives_no_game_at_all_is_refused() -> None:
    with pytest.raises(RulesetError, match="gives no game at all: every deal_N is none"):
        ruleset("parlett", deal_3=None, deal_4=None, deal_5=None, deal_6=None)


def test_format_assignment_pairs_with_parse_assignments() -> None:
    from lld.ruleset import format_assignment, parse_assignments, setting

    for name, spec in OPTIONS.items():
        for value in spec.allowed:
            assert parse_assignments([format_assignment(name, value)]) == {name: value}
        assert setting(PRESETS["parlett"], name) == format_assignment(
            name, getattr(PRESETS["parlett"], name)
        )
    assert parse_assignments([format_assignment("deal_8", None)]) == {"deal_8": None}


amounts = st.one_of(
    st.integers(-(10**6), 10**6),
    st.fractions(min_value=-1000, max_value=1000, max_denominator=420),
)


@given(amounts, st.booleans())
def test_stakes_round_trip(amount: Fraction | int, signed: bool) -> None:
    text = format_amount(amount, signed=signed)
    back = parse_amount(text)
    assert back == amount
    assert type(back) is (int if Fraction(amount).denominator == 1 else Fraction)
    assert format_amount(back, signed=signed) == text  # one way to write each amount


def test_a_whole_stake_may_be_as_long_as_any_number_in_a_record() -> None:
    assert parse_amount("-123456789012345") == -123456789012345


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("2/4", "lowest terms (write 1/2)"),
        ("4/2", "lowest terms (write 2)"),
        ("3/1", "lowest terms (write 3)"),
        ("0/5", "lowest terms (write 0)"),
        ("-0", "0 takes no sign"),
        ("1/0", "divides by zero"),
        ("-5/1", "lowest terms (write -5)"),
        ("-22/4", "lowest terms (write -11/2)"),
        ("-05", "written plainly (write -5)"),
        ("05/2", "lowest terms (write 5/2)"),
        ("+0", "0 takes no sign"),
        ("1.5", "not a number of stakes"),
        ("½", "not a number of stakes"),
        ("1 /2", "not a number of stakes"),
        ("", "not a number of stakes"),
        ("٣", "not a number of stakes"),  # a digit, but not an ASCII one
    ],
)
def test_bad_stakes_are_a_notation_error(text: str, problem: str) -> None:
    with pytest.raises(NotationError, match=re.escape(problem)):
        parse_amount(text)

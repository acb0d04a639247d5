"""Fuzzing every public entry point the engine owns: whatever the input, the
answer is a result or one :class:`~lld.errors.LldError` of one line, never
another exception and never a hang.

The entry points: card notation, move notation, hand records as text and as
JSON, ``ruleset()`` and its ``name=value`` assignments, ``Game.new`` and
``Game.from_deal``, explicit deals, and moves played on a game.

Each example runs under two clocks: hypothesis's ``deadline`` (which it checks
again before reporting, so one slow example on a busy machine is not a
failure) and a hard limit, :func:`hang_guard.time_limit`, which stops a call that hangs
and fails the test. The hard limit needs ``signal.setitimer`` in the main
thread; where that is missing (Pyodide), only the deadline guards.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hang_guard import Hang, can_alarm, time_limit
from lld import PRESETS, Deal, Game, LldError, Move, parse_card, parse_cards, ruleset
from lld.cards import FULL_DECK, NUM_CARDS, format_card, format_cards
from lld.moves import KINDS
from lld.record import parse_json_record, parse_record, replay
from lld.ruleset import VALUES, parse_assignments
from positions import random_moves

T = TypeVar("T")

EXAMPLES = Path(__file__).parents[1] / "examples"
#: A record to mutate: short, with every kind of line.
SAMPLE = (EXAMPLES / "r14-pair-royal-one-of-three.lld").read_text("utf-8")

fuzz = settings(
    max_examples=150,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow],
)


def answer(call: Callable[[], T]) -> T | LldError:
    """``call()``'s result, or the :class:`LldError` it raised (any other error fails)."""
    with time_limit():
        try:
            return call()
        except LldError as error:
            refused = error
    message = str(refused)
    assert message, type(refused)
    assert "\n" not in message, repr(message)
    return refused


@pytest.mark.skipif(not can_alarm(), reason="no signal.setitimer here: deadlines only")
def test_the_hard_limit_stops_a_hang() -> None:
    def spin() -> None:
        with time_limit(0.2):
            while True:
                pass

    with pytest.raises(Hang):
        spin()


# ------------------------------------------------------------------ text


#: Text near the notation: its own words and symbols, digits of every script,
#: long numbers, and anything else.
NEAR = st.sampled_from(
    ["x", "lie", "lay", "claim", ":", " ", "7S", "10", "T", "H", "AC", "KS", ",", "-", "²", "٣",
     "9" * 5000, "0", "-1", "\n", "\t", "ruleset", "option", "hand 0", "won 1", "moves", "#", ";"]
)  # fmt: skip
texts = st.text(max_size=80) | st.lists(NEAR | st.text(max_size=4), max_size=12).map("".join)


@fuzz
@given(texts)
def test_card_notation(text: str) -> None:
    card = answer(lambda: parse_card(text))
    if isinstance(card, int):
        assert parse_card(format_card(card)) == card
    cards = answer(lambda: parse_cards(text))
    if isinstance(cards, int):
        assert 0 <= cards <= FULL_DECK
        assert parse_cards(format_cards(cards)) == cards


@fuzz
@given(st.integers() | st.integers(-1, 60) | st.integers(-(2**60), 2**60))
def test_card_formatting_of_any_number(number: int) -> None:
    card = answer(lambda: format_card(number))
    if isinstance(card, str):
        assert parse_card(card) == number
    cards = answer(lambda: format_cards(number))
    if isinstance(cards, str):
        assert parse_cards(cards) == number


@fuzz
@given(texts)
def test_move_notation(text: str) -> None:
    move = answer(lambda: Move.parse(text))
    if isinstance(move, Move):
        assert move.kind in KINDS
        assert Move.parse(str(move)) == move


@fuzz
@given(st.integers(), st.text(max_size=30))
def test_move_notation_with_any_seat_number(seat: int, action: str) -> None:
    move = answer(lambda: Move.parse(f"{seat}: {action}"))
    if isinstance(move, Move):
        assert move.seat == seat >= 0


# ------------------------------------------------------------------ records


@st.composite
def mutated_records(draw: st.DrawFn) -> str:
    """The sample record with some lines replaced, dropped, doubled or cut."""
    lines = SAMPLE.splitlines()
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["replace", "drop", "double", "cut", "key"]))
        if how == "replace":
            lines[i] = draw(texts)
        elif how == "drop":
            del lines[i]
        elif how == "double":
            lines.insert(i, lines[i])
        elif how == "cut":
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        else:
            key, _, _ = lines[i].partition(":")
            lines[i] = f"{key}: {draw(texts)}"
        if not lines:
            break
    return "\n".join(lines)


def _replayed(text: str, reader: Callable[[str, str], Any]) -> None:
    rec = answer(lambda: reader(text, "fuzz"))
    if not isinstance(rec, LldError):
        answer(lambda: replay(rec))


@fuzz
@given(mutated_records() | texts)
def test_record_text(text: str) -> None:
    _replayed(text, parse_record)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)  # fmt: skip
SAMPLE_JSON: dict[str, Any] = {
    "ruleset": "du-coeur",
    "players": 4,
    "dealer": 3,
    "deal": {"seed": 7},
    "moves": [],
}
KEYS = ["ruleset", "players", "dealer", "deal", "moves", "options", "rulings", "seats", "result",
        "title", "note", "format", "comments", "trailing"]  # fmt: skip


@st.composite
def mutated_json(draw: st.DrawFn) -> str:
    obj: dict[str, Any] = dict(SAMPLE_JSON)
    for _ in range(draw(st.integers(1, 3))):
        obj[draw(st.sampled_from(KEYS))] = draw(json_values | texts)
    text = json.dumps(obj)
    if draw(st.booleans()):  # a huge number, which json itself refuses to read
        text = text.replace("4", "4" * draw(st.integers(1, 6000)), 1)
    return text


@fuzz
@given(mutated_json() | json_values.map(json.dumps) | texts)
def test_record_json(text: str) -> None:
    _replayed(text, parse_json_record)


# ------------------------------------------------------------------ rulesets


option_names = st.sampled_from(sorted(VALUES)) | st.text(max_size=12)
option_values = (
    st.sampled_from(sorted({v for vs in VALUES.values() for v in vs})) | st.none() | texts
)


@fuzz
@given(st.sampled_from(sorted(PRESETS)) | texts,
       st.dictionaries(option_names, option_values, max_size=4))  # fmt: skip
def test_ruleset_arguments(name: str, overrides: dict[str, Any]) -> None:
    rules = answer(lambda: ruleset(name, **overrides))
    if not isinstance(rules, LldError):
        assert eval(repr(rules), {"ruleset": ruleset}) == rules


@fuzz
@given(st.lists(texts | st.tuples(option_names, option_values).map(lambda kv: f"{kv[0]}={kv[1]}"),
                max_size=4))  # fmt: skip
def test_option_assignments(assignments: list[str]) -> None:
    answer(lambda: parse_assignments(assignments))


# ------------------------------------------------------------------ games


#: 10**5000 is past int()'s 4,300-digit limit: an error message that repr()s it
#: raises a bare ValueError of its own.
whole_numbers = (
    st.integers()
    | st.integers(-10, 20)
    | st.sampled_from([10**30, 2**64, -(2**64), 10**5000, -(10**5000)])
)


def _play_out(game: Game, rng: random.Random) -> None:
    """Play ``game`` to its end with random legal moves; it must end, whole."""
    random_moves(game, rng, 10_000)
    assert game.over, "the hand did not end"
    assert game.complete
    assert sum(game.ledger.net) + game.ledger.pot == 0


@fuzz
@given(st.sampled_from(sorted(PRESETS)), whole_numbers, whole_numbers,
       st.none() | whole_numbers | st.booleans(), st.randoms(use_true_random=False))  # fmt: skip
def test_game_new_arguments(
    preset: str, players: int, seed: int, dealer: int | None, rng: random.Random
) -> None:
    game = answer(lambda: Game.new(PRESETS[preset], players, seed, dealer))
    if isinstance(game, Game):
        with time_limit():
            _play_out(game, rng)


@st.composite
def explicit_deals(draw: st.DrawFn) -> tuple[int, int, tuple[int, ...], int, tuple[int, ...]]:
    """Any placing of the 52 cards among hands, table and won piles (empty hands
    included), with now and then a card lost, doubled or out of range."""
    players = draw(st.integers(3, 8) | st.integers(-2, 12))
    n = max(players, 0)
    places = draw(st.lists(st.integers(0, 2 * n), min_size=NUM_CARDS, max_size=NUM_CARDS))
    piles = [0] * (2 * n + 1)
    for card, place in enumerate(places):
        piles[place] |= 1 << card
    hands, table, won = piles[:n], piles[n], piles[n + 1 :]
    if draw(st.integers(0, 9)) == 0 and n:
        hands[0] |= draw(st.integers(-(2**60), 2**60))  # a stray or doubled card
    dealer = draw(st.integers(-1, n))
    return players, dealer, tuple(hands), table, tuple(won)


@fuzz
@given(st.sampled_from(sorted(PRESETS)), explicit_deals(), st.randoms(use_true_random=False))
def test_explicit_deals(
    preset: str,
    deal: tuple[int, int, tuple[int, ...], int, tuple[int, ...]],
    rng: random.Random,
) -> None:
    players, dealer, hands, table, won = deal
    made = answer(lambda: Deal(players, dealer, hands, table, won))
    if not isinstance(made, Deal):
        return
    game = answer(lambda: Game.from_deal(PRESETS[preset], made))
    if isinstance(game, Game):
        with time_limit():
            _play_out(game, rng)


@fuzz
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 1000), whole_numbers)
def test_free_moves_of_any_seat(preset: str, seed: int, seat: int) -> None:
    rules = PRESETS[preset]
    game = Game.new(rules, rules.players[0], seed)
    moves = answer(lambda: game.free_moves(seat))
    if isinstance(moves, tuple):
        assert 0 <= seat < game.n


@fuzz
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 1000),
       st.lists(st.tuples(st.sampled_from(KINDS) | st.text(max_size=6), whole_numbers,
                          whole_numbers, whole_numbers), max_size=6))  # fmt: skip
def test_any_move_played_on_a_game(
    preset: str, seed: int, moves: list[tuple[str, int, int, int]]
) -> None:
    rules = PRESETS[preset]
    game = Game.new(rules, rules.players[0], seed)
    for kind, seat, hand, table in moves:
        before = (list(game.hands), game.table, list(game.won), game.to_play)
        done = answer(lambda: game.play(Move(kind, seat, hand, table)))  # noqa: B023
        if isinstance(done, LldError):
            assert (list(game.hands), game.table, list(game.won), game.to_play) == before
        assert game.cards_accounted() == FULL_DECK

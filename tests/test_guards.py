"""No way round the rules, and bad input refused with the right kind of error.

Regression tests for issue 8, items 8 and 9: each case below once escaped as a
bare ``ValueError``/``IndexError``, hung, or let an illegal move through.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lld.cards import FULL_DECK, parse_cards
from lld.deal import Deal
from lld.errors import (
    ConfigError,
    IllegalMoveError,
    LldError,
    NotationError,
    RecordError,
    RulesetError,
    SetupError,
)
from lld.game import Game
from lld.moves import Move
from lld.presets import ruleset
from lld.record import parse_json_record

HUGE = "9" * 5000  # past int()'s 4,300-digit limit for strings


# ------------------------------------------------------- the checked lists


def test_turn_moves_cannot_be_added_to() -> None:
    g = Game.new(ruleset("parlett"), players=5, seed=1)
    moves = g.turn_moves()
    assert isinstance(moves, tuple)
    with pytest.raises(AttributeError):
        moves.append(Move("lie", g.to_play))  # type: ignore[attr-defined]


def test_an_illegal_move_added_to_a_copy_of_turn_moves_is_refused() -> None:
    # parlett: lie_down=forced, so lying down while a capture exists is illegal.
    g = Game.new(ruleset("parlett"), players=5, seed=1)
    moves = list(g.turn_moves())
    assert all(m.kind == "capture" for m in moves)
    illegal = Move("lie", g.to_play)
    moves.append(illegal)
    with pytest.raises(IllegalMoveError) as error:
        g.play(moves[-1])
    assert (error.value.rule, error.value.option) == ("R22", "lie_down=forced")


def test_free_moves_are_a_tuple_and_an_illegal_lay_added_is_refused() -> None:
    g = Game.new(ruleset("parlett"), players=5, seed=1)
    free = g.free_moves(1)
    assert isinstance(free, tuple)
    hand = g.hands[1]
    lowest = hand & -hand
    moves = [*free, Move("lay", 1, lowest, 0)]  # one card is never a pair
    with pytest.raises(IllegalMoveError) as error:
        g.play(moves[-1])
    assert error.value.rule == "R19"


# ------------------------------------------------------- the dealer


@pytest.mark.parametrize("dealer", [3, -1, 8, 10**30])
def test_dealer_out_of_range_is_a_setup_error(dealer: int) -> None:
    with pytest.raises(SetupError, match=f"dealer {dealer} is not a seat"):
        Game.new(ruleset("parlett"), players=3, seed=1, dealer=dealer)


@pytest.mark.parametrize("players", [5.0, "5", None, True, [5]])
def test_a_number_of_players_that_is_no_whole_number_is_a_ruleset_error(players: object) -> None:
    # 5.0 and "5" used to end in AttributeError and TypeError tracebacks.
    with pytest.raises(RulesetError, match="must be a whole number from 3 to 8"):
        Game.new(ruleset("parlett"), players=players, seed=1)  # type: ignore[arg-type]


def test_the_stakes_kept_for_a_ruleset_are_those_it_gives() -> None:
    rules = ruleset("caidis")
    first = rules.stakes(4)
    assert rules.stakes(4) is first
    assert rules.replace(deal_4=None).players == tuple(n for n in rules.players if n != 4)
    with pytest.raises(RulesetError, match="gives no game for 4 players"):
        rules.replace(deal_4=None).stakes(4)


def test_dealer_out_of_range_in_an_explicit_deal() -> None:
    with pytest.raises(SetupError, match="seats are 0 to 2"):
        Deal(3, -1, (0, 0, 0), FULL_DECK)


def test_setup_error_is_neither_a_rules_nor_a_notation_error() -> None:
    assert issubclass(SetupError, LldError)
    assert not issubclass(SetupError, (RulesetError, NotationError))
    assert not issubclass(ConfigError, (RulesetError, NotationError))


# ------------------------------------------------------- empty hands


def test_a_deal_with_every_hand_empty_ends_at_once() -> None:
    g = Game.from_deal(ruleset("parlett"), Deal(3, 0, (0, 0, 0), FULL_DECK))
    assert g.over
    assert g.won[0] == FULL_DECK  # R29: the dealer takes the leftovers
    assert sum(g.ledger.net) + g.ledger.pot == 0


_EMPTY_RECORD = """\
ruleset: parlett
players: 3
dealer: 0
hand 0:
hand 1:
hand 2:
table: {table}

moves:

result:
net: +15 -10 -10
last_player: none
pot_left: 5
"""


def test_replaying_a_record_with_every_hand_empty_returns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from lld.cards import format_cards
    from lld.cli import main

    path = tmp_path / "empty.lld"
    path.write_text(_EMPTY_RECORD.format(table=format_cards(FULL_DECK)), "utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert code in (0, 1), (code, err)


# ------------------------------------------------------- huge numbers


def test_move_with_a_huge_seat_number_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="seat number too long") as error:
        Move.parse(HUGE + ": lie")
    assert "\n" not in str(error.value)
    assert len(str(error.value)) < 200


def test_move_with_a_non_ascii_digit_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="is not a number"):
        Move.parse("²: lie")


def test_json_record_with_a_huge_number_is_a_record_error() -> None:
    text = '{"ruleset": "parlett", "players": ' + HUGE + "}"
    with pytest.raises(RecordError, match="too long") as error:
        parse_json_record(text, "big.json")
    assert "\n" not in str(error.value)


def test_replaying_a_json_record_with_a_huge_number_prints_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from lld.cli import main

    path = tmp_path / "big.json"
    path.write_text('{"players": ' + HUGE + "}", "utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code != 0
    assert "Traceback" not in out + err
    assert len(err.strip().splitlines()) == 1, err


def test_json_record_with_a_huge_seat_in_a_move() -> None:
    with pytest.raises(RecordError):
        parse_json_record(
            json.dumps({"ruleset": "parlett", "players": 5, "dealer": 0, "deal": {"seed": 1},
                        "moves": [HUGE + ": lie"]}),
        )  # fmt: skip


BIG = 10**5000  # an int past the digit limit: repr() of it raises ValueError


@pytest.mark.parametrize(
    ("call", "kind"),
    [
        (lambda: Game.new(ruleset("parlett"), players=BIG, seed=1), RulesetError),
        (lambda: Game.new(ruleset("parlett"), players=5, seed=BIG), SetupError),
        (lambda: Game.new(ruleset("parlett"), players=5, seed=1, dealer=BIG), SetupError),
        (lambda: Game.new(ruleset("parlett"), players=5, seed=1).free_moves(BIG), LldError),
    ],
    ids=["players", "seed", "dealer", "free_moves seat"],
)
def test_an_int_too_long_to_print_is_still_a_one_line_error(call: Any, kind: type) -> None:
    # Each message used to repr() the number, and so raised a bare ValueError itself.
    with pytest.raises(kind, match="a number of about 5001 digits") as error:
        call()
    assert "\n" not in str(error.value)


def test_a_position_in_json_with_a_huge_number_is_a_notation_error() -> None:
    from lld.position import Position

    p = Position.of(Game.new(ruleset("parlett"), players=5, seed=1))
    text = json.dumps(p.to_json()).replace('"pot": 11', '"pot": ' + HUGE)
    with pytest.raises(NotationError, match="a number is too long to read"):
        Position.from_json(text)  # json's own ValueError used to escape
    obj = p.to_json()
    obj["state"]["pot"] = BIG
    with pytest.raises(NotationError, match=r"\$\.state\.pot: given as a number of about"):
        Position.from_json(obj)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_record_file_that_never_ends_is_refused_not_read_until_memory_runs_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from lld.cli import main

    # 'lld replay /dev/zero' used to read until the process was killed.
    code = main(["replay", "/dev/zero"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.strip() == "lld: /dev/zero: too large for a hand record (over 4,000,000 characters)"


# ------------------------------------------------------- error kinds


def test_unknown_bot_is_a_config_error() -> None:
    from lld.bots import make_bot

    with pytest.raises(ConfigError, match="unknown bot"):
        make_bot("genius", 0)


def test_wrong_number_of_bots_is_a_config_error() -> None:
    from lld.playout import run

    with pytest.raises(ConfigError, match="0 bots for 5 seats"):
        run(Game.new(ruleset("parlett"), 5, seed=1), [])


def test_card_notation_errors_stay_notation_errors() -> None:
    with pytest.raises(NotationError):
        parse_cards("1X")


def test_concordance_lookups_are_not_found_errors() -> None:
    from lld.concordance import load
    from lld.errors import NotFoundError

    conc = load()
    for lookup, key in ((conc.ruling, "R0"), (conc.clause, "DC-0"), (conc.source, "nobody")):
        with pytest.raises(NotFoundError, match="unknown"):
            lookup(key)
    assert issubclass(NotFoundError, LookupError)
    assert not issubclass(NotFoundError, (RulesetError, NotationError))


# ------------------------------------------------------- types


def test_every_event_kind_is_an_event_kind_and_writes_as_text() -> None:
    import random

    from lld.kinds import EventKind
    from lld.playout import random_playout

    g = random_playout(Game.new(ruleset("caidis"), players=4, seed=5), random.Random(5))
    assert g.over
    assert all(type(e.kind) is EventKind for e in g.events)
    assert all(type(m.kind) is EventKind for m in g.moves)
    assert all(type(m.kind) is EventKind for m in (Move.parse(str(m)) for m in g.moves))
    written = json.loads(json.dumps([e.to_json() for e in g.events]))
    assert [w["kind"] for w in written] == [e.kind.value for e in g.events]


def test_a_misspelt_option_value_fails_at_construction() -> None:
    import dataclasses

    with pytest.raises(RulesetError, match="cannot be 'volontary'"):
        dataclasses.replace(ruleset("parlett"), lie_down="volontary")  # type: ignore[arg-type]
    with pytest.raises(RulesetError, match="cannot be None"):
        ruleset("parlett", lie_down=None)


def test_compiled_rules_are_named() -> None:
    from lld.rule_tables import compile_rules

    compiled = compile_rules(ruleset("sympkyn"))
    assert compiled.forced_lie_down is False  # sympkyn: lie_down=voluntary
    assert compiled.any_time_lays is True
    assert compiled.shapes[1][3] == ((1, 3),)  # R14: three_only


@pytest.mark.parametrize("stray", [-1, 1 << 52, 1 << 80])
def test_an_explicit_deal_with_a_card_outside_the_pack_is_a_setup_error(stray: int) -> None:
    with pytest.raises(SetupError, match="hand 0 is not a set of cards"):
        Deal(3, 0, (stray, 0, 0), FULL_DECK)


# ------------------------------------------- arguments of the wrong kind


def _as_any(value: object) -> Any:
    """``value``, typed so that mypy lets a test pass it where it does not belong."""
    return value


def _wrong_kind_cases() -> list[tuple[str, Any, type[LldError], str]]:
    import random

    import lld
    from lld.cards import parse_card
    from lld.reports import preset_report, ruling_report, stakes_report

    game = Game.new(ruleset("parlett"), 5, 1)
    seen = lld.Observation.of(game, 0)
    return [
        ("ruleset(5)", lambda: ruleset(_as_any(5)), RulesetError, "named by text"),
        ("Move.parse(None)", lambda: Move.parse(_as_any(None)), NotationError, "a move is text"),
        ("parse_card(None)", lambda: parse_card(_as_any(None)), NotationError, "a card is text"),
        ("parse_cards(7)", lambda: parse_cards(_as_any(7)), NotationError, "cards are text"),
        (
            "ruling_report(14)",
            lambda: ruling_report(_as_any(14)),
            LldError,
            "ID such as 'R14', not 14",
        ),
        ("steps('x')", lambda: lld.steps(_as_any("x")), ConfigError, "hand record or a position"),
        (
            "replay_under(7)",
            lambda: lld.replay_under(_as_any(7)),
            ConfigError,
            "hand record or a position",
        ),
        (
            "sample(obs, None)",
            lambda: lld.sample(seen, _as_any(None)),
            ConfigError,
            "random.Random",
        ),
        (
            "sample(game, rng)",
            lambda: lld.sample(_as_any(game), random.Random(1)),
            ConfigError,
            "takes an Observation",
        ),
        (
            "preset_report('parlett')",
            lambda: preset_report(_as_any("parlett")),
            RulesetError,
            "a report is on a Ruleset",
        ),
        (
            "stakes_report('parlett', 5)",
            lambda: stakes_report(_as_any("parlett"), 5),
            RulesetError,
            "a report is on a Ruleset",
        ),
        (
            "Game.new('parlett', 5, 1)",
            lambda: Game.new(_as_any("parlett"), 5, 1),
            RulesetError,
            "played under a Ruleset",
        ),
        (
            "Game.from_deal(None, deal)",
            lambda: Game.from_deal(_as_any(None), game.deal),
            RulesetError,
            "played under a Ruleset",
        ),
    ]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [(f, e, m) for _, f, e, m in _wrong_kind_cases()],
    ids=[name for name, *_ in _wrong_kind_cases()],
)
def test_an_argument_of_the_wrong_kind_is_named_in_one_line(
    call: Any, error: type[LldError], message: str
) -> None:
    with pytest.raises(error, match=message) as raised:
        call()
    assert "\n" not in str(raised.value)


def test_steps_and_replay_under_take_a_position_as_its_record() -> None:
    import lld

    game = Game.new(ruleset("parlett"), 5, 3)
    for _ in range(4):
        game.play(game.turn_moves()[0])
    position = lld.Position.of(game)
    assert [s.move for s in lld.steps(position)] == list(game.moves)
    assert lld.steps(position) == lld.steps(position.record())
    assert lld.replay_under(position, pair_against_pair="one_at_a_time") == lld.replay_under(
        position.record(), pair_against_pair="one_at_a_time"
    )

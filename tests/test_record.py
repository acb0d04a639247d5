"""Hand records: text and JSON round trips, replay, and every kind of bad input."""

from __future__ import annotations

import argparse
import dataclasses
import json
import string
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import jsonschema
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import lld
from lld.bots import make_bot
from lld.cli.replay_cmd import register, run_replay
from lld.concordance import registry
from lld.deal import Deal
from lld.errors import LldError, RecordError
from lld.game import Game
from lld.moves import Move
from lld.observation import Observation
from lld.playout import play_hand, run
from lld.presets import PRESETS, ruleset
from lld.record import (
    MAGIC,
    HandRecord,
    MoveLine,
    Result,
    format_record,
    from_json,
    load_record,
    parse_json_record,
    parse_record,
    record_from_game,
    replay,
    schema,
    to_json,
)
from lld.record.json_writer import DERIVED, fill_derived
from lld.ruleset import NULLABLE, OPTIONS, VALUES, options_from_registry

# A position from the middle of a hand (the won piles hold what was already won):
# three sevens on the table and the fourth in eldest's hand.
POSITION = """\
# lld hand record
title: One of a pair royal, then the pair left is claimed
note: A short hand for the tests.
note: Second line of the note.
rulings: R14 R15
ruleset: du-coeur
players: 4
seats: Anne, Bob, Cat, Dan
dealer: 3
hand 0: 4C 7S
hand 1: 9D QC
hand 2: 4D 9S
hand 3: 5H QD
table: 5S 7C 7D 7H
won 0: AC AD 3C 3D 6C 6D 9C 9H JH JS
won 1: AH AS 3H 3S 6H 6S TC TD QH QS
won 2: 2C 2D 4H 4S 8C 8D TH TS KC KD
won 3: 2H 2S 5C 5D 8H 8S JC JD KH KS

# a comment about the deal
moves:
# eldest has the fourth seven
0: 7S x 7H           ; takes one of three
1: claim 7C 7D       ; the pair left is an oversight
1: lie
2: 9S x 9D
3: QD x QC
0: lie
2: 4D x 4C
3: 5H x 5S
2: lie
# the hand is over
"""
#: Line numbers in POSITION.
MOVES_LINE = 21
FIRST_MOVE_LINE = 23
LAST_MOVE_LINE = 31


def with_result(text: str) -> str:
    """``text`` with the result block the engine gives for it."""
    game = replay(parse_record(text))
    net = " ".join(f"{x:+d}" if x else "0" for x in game.ledger.net)
    last = "none" if game.last_player is None else str(game.last_player)
    return f"{text}\nresult:\nnet: {net}\nlast_player: {last}\npot_left: {game.ledger.pot}\n"


def full_text() -> str:
    return with_result(POSITION)


def lines_of(text: str) -> list[str]:
    return text.split("\n")


def replace_line(text: str, number: int, new: str | None) -> str:
    """``text`` with line ``number`` (from 1) replaced, or removed if ``new`` is None."""
    lines = lines_of(text)
    if new is None:
        del lines[number - 1]
    else:
        lines[number - 1] = new
    return "\n".join(lines)


def line_of(text: str, start: str) -> int:
    """The number of the first line of ``text`` starting with ``start``."""
    for i, line in enumerate(lines_of(text), 1):
        if line.startswith(start):
            return i
    raise AssertionError(f"no line starts with {start!r}")


def record_error(text: str, where: str = "t.lld") -> RecordError:
    """The error that reading and replaying ``text`` raises."""
    with pytest.raises(RecordError) as info:
        replay(parse_record(text, where))
    return info.value


# ---------------------------------------------------------------- reading


def test_position_reads_and_replays() -> None:
    rec = parse_record(full_text(), "pos.lld")
    assert rec.ruleset == "du-coeur"
    assert rec.players == 4
    assert rec.dealer == 3
    assert rec.seats == ("Anne", "Bob", "Cat", "Dan")
    assert rec.title == "One of a pair royal, then the pair left is claimed"
    assert rec.note == "A short hand for the tests.\nSecond line of the note."
    assert rec.rulings == ("R14", "R15")
    assert rec.comments == ("a comment about the deal",)
    assert rec.moves[0] == MoveLine(
        Move.parse("0: 7S x 7H"), "takes one of three", ("eldest has the fourth seven",)
    )
    assert rec.trailing == ("the hand is over",)
    assert rec.move_location(0) == f"pos.lld:{FIRST_MOVE_LINE}"
    game = replay(rec)
    assert game.over
    assert rec.result == Result(tuple(game.ledger.net), game.last_player, game.ledger.pot)
    assert [str(m) for m in game.moves] == [str(m) for m in rec.move_list]


def test_canonical_text_is_stable() -> None:
    text = full_text()
    rec = parse_record(text)
    out = format_record(rec)
    assert out.startswith(MAGIC + "\n")
    assert parse_record(out) == rec
    assert format_record(parse_record(out)) == out
    # The position is written in canonical form already.
    assert out == text


def test_lenient_reading_gives_the_same_record() -> None:
    text = full_text()
    messy = (
        text.replace("hand 0: 4C 7S", "Hand 0:   7s,4c")
        .replace("dealer: 3", "DEALER:3")
        .replace("ruleset: du-coeur", "ruleset: du_coeur")
        .replace("\n", "\r\n")
    )
    messy = messy.replace(MAGIC + "\r\n", "\ufeff\r\n\r\n")
    assert parse_record(messy) == parse_record(text)


def test_header_order_is_free_and_comments_move_to_canonical_places() -> None:
    text = full_text()
    lines = lines_of(text)
    # Move the seats and ruleset lines to the end of the header.
    header = lines[1 : MOVES_LINE - 1]
    moved = [ln for ln in header if not ln.startswith(("seats:", "ruleset:"))]
    moved += [ln for ln in header if ln.startswith(("seats:", "ruleset:"))]
    shuffled = "\n".join([lines[0], *moved, *lines[MOVES_LINE - 1 :]])
    assert parse_record(shuffled) == parse_record(text)


def test_seed_record_and_cut_dealer() -> None:
    rec = parse_record("ruleset: parlett\nplayers: 5\ndealer: cut\nseed: 7\nmoves:\n")
    assert rec.dealer is None
    assert rec.seed == 7
    game = replay(rec)
    assert game.dealer == Game.new(ruleset("parlett"), 5, 7).dealer
    assert "dealer: cut" in format_record(rec)


def test_option_none_for_a_deal() -> None:
    rec = parse_record(
        "ruleset: du-coeur\noption: deal_7=none\noption: lie_down=voluntary\nplayers: 5\n"
        "dealer: 0\nseed: 3\nmoves:\n"
    )
    assert rec.options == (("deal_7", None), ("lie_down", "voluntary"))
    assert "option: deal_7=none" in format_record(rec)
    assert parse_record(format_record(rec)) == rec
    assert rec.rules().deal_7 is None


def test_result_with_no_last_player_and_negative_pot() -> None:
    # The literal four-player bonus overpays the pot by one.
    rules = ruleset("du-coeur", deal_4="willughby_literal")
    game = play_hand(rules, 4, seed=11, bots=[make_bot("willughby", s) for s in range(4)])
    rec = record_from_game(game)
    text = format_record(rec)
    assert "pot_left: " in text
    assert parse_record(text) == rec
    replay(parse_record(text))
    nobody = dataclasses.replace(rec, result=Result(rec.result.net, None, 0))  # type: ignore[union-attr]
    assert "last_player: none" in format_record(nobody)
    assert parse_record(format_record(nobody)) == nobody


# ------------------------------------------------------------------- JSON


def test_json_round_trip_and_schema() -> None:
    rec = parse_record(full_text())
    obj = to_json(rec)
    jsonschema.Draft202012Validator(schema()).validate(obj)
    assert from_json(json.loads(json.dumps(obj))) == rec
    assert obj["deal"]["hands"][0] == "4C 7S"
    assert obj["moves"][0] == {
        "move": "0: 7S x 7H",
        "comment": "takes one of three",
        "before": ["eldest has the fourth seven"],
    }
    assert obj["moves"][2] == "1: lie"


def test_schema_is_valid_draft_2020_12() -> None:
    s = schema()
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(s)


def test_schema_rejects_what_the_reader_rejects() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    good = to_json(parse_record(full_text()))
    bad: list[dict[str, Any]] = []
    bad.append({**good, "colour": "red"})
    bad.append({k: v for k, v in good.items() if k != "players"})
    bad.append({**good, "players": 9})
    bad.append({**good, "deal": {"hands": good["deal"]["hands"], "table": "7X"}})
    bad.append({**good, "moves": ["0 - 7S x 7H"]})
    bad.append({**good, "result": {"net": [0, 0, 0, 0], "pot_left": 0}})
    bad.append({**good, "options": {"lie_down": "sometimes"}})
    for obj in bad:
        assert not validator.is_valid(obj), obj
        with pytest.raises(RecordError):
            from_json(obj)


def _with_options(options: dict[str, Any]) -> dict[str, Any]:
    return {**to_json(parse_record(full_text())), "options": options}


def test_schema_accepts_every_option_and_value_of_the_registry() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    specs = options_from_registry()  # read from sources/rulings.toml afresh
    assert len(specs) == len(VALUES)
    for name, spec in specs.items():
        values: list[str | None] = [*spec.allowed, *([None] if name in NULLABLE else [])]
        for value in values:
            assert validator.is_valid(_with_options({name: value})), (name, value)


def test_schema_rejects_a_misspelt_option_or_value() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    for name, spec in options_from_registry().items():
        value = spec.allowed[0]
        assert not validator.is_valid(_with_options({name + "s": value})), name
        assert not validator.is_valid(_with_options({name.upper(): value})), name
        assert not validator.is_valid(_with_options({name: value + "s"})), (name, value)
        if name not in NULLABLE:
            assert not validator.is_valid(_with_options({name: None})), name
    assert not validator.is_valid({**to_json(parse_record(full_text())), "ruleset": "parlet"})


def test_schema_file_holds_no_option_or_preset_list_of_its_own() -> None:
    text = (Path(lld.__file__).parent / "schema" / "hand-record.schema.json").read_text("utf-8")
    raw = json.loads(text)
    options = raw["properties"]["options"]
    assert options[DERIVED] == "options"
    assert "properties" not in options
    assert "propertyNames" not in options
    assert raw["properties"]["ruleset"][DERIVED] == "presets"
    assert "enum" not in raw["properties"]["ruleset"]
    names = {*VALUES, *PRESETS, *(v for values in VALUES.values() for v in values)}
    for name in sorted(names):
        assert f'"{name}"' not in text, name


def test_schema_follows_a_ruling_added_to_the_registry() -> None:
    # Adding a ruling, or a value, is a change to the data: the schema's lists
    # come from what it is given, not from the schema file.
    text = (Path(lld.__file__).parent / "schema" / "hand-record.schema.json").read_text("utf-8")
    options = {
        **{n: s.allowed for n, s in OPTIONS.items()},
        "lie_down": ("forced", "voluntary", "never"),
    }
    options["new_option"] = ("one_way", "another_way")
    filled = fill_derived(
        json.loads(text), (*PRESETS, "new-preset"), options, {*NULLABLE, "new_option"}
    )
    validator = jsonschema.Draft202012Validator(filled)
    good = to_json(parse_record(full_text()))
    for extra in ({"new_option": "another_way"}, {"new_option": None}, {"lie_down": "never"}):
        assert validator.is_valid({**good, "options": extra}), extra
    assert validator.is_valid({**good, "ruleset": "new-preset"})
    assert not validator.is_valid({**good, "options": {"new_option": "a_third_way"}})
    # The file itself is not changed: the published schema still has no such option.
    assert "new_option" not in schema()["properties"]["options"]["properties"]


def test_schema_file_marks_must_all_be_filled_once() -> None:
    text = (Path(lld.__file__).parent / "schema" / "hand-record.schema.json").read_text("utf-8")
    raw = json.loads(text)
    raw["properties"]["note"][DERIVED] = "notes"
    with pytest.raises(LldError, match="unknown x-lld-derived 'notes'"):
        fill_derived(raw, tuple(PRESETS), {}, ())
    raw = json.loads(text)
    del raw["properties"]["options"][DERIVED]
    with pytest.raises(LldError, match="expected each of"):
        fill_derived(raw, tuple(PRESETS), {}, ())


def test_json_text_errors_name_the_line() -> None:
    with pytest.raises(RecordError) as info:
        parse_json_record('{\n  "ruleset": "parlett",\n  oops\n}', "r.json")
    assert info.value.where == "r.json:3"
    assert "not valid JSON" in info.value.problem


def test_a_json_key_given_twice_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """JSON keeps the last of two equal keys; a record or position that gives one
    twice is refused, naming the key, rather than read as the last one says."""
    from lld.cli import main
    from lld.demonstrate import examples_directory
    from lld.errors import NotationError
    from lld.position import Position
    from lld.record import load_record, to_json

    directory = examples_directory()
    assert directory is not None
    rec = load_record(str(directory / "r22-lie-down-by-choice.lld"))
    text = json.dumps(to_json(rec), indent=2)
    assert parse_json_record(text, "r.json") == parse_json_record(text, "r.json")
    twice = text.replace('"ruleset":', '"ruleset": "caidis",\n  "ruleset":', 1)
    assert twice.count('"ruleset":') == 2
    with pytest.raises(RecordError) as info:
        parse_json_record(twice, "r.json")
    assert "the key 'ruleset' is given twice in one object" in info.value.problem
    path = tmp_path / "twice.json"
    path.write_text(twice, encoding="utf-8")
    assert main(["replay", str(path)]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "given twice" in err
    notation = Position.from_record(rec).to_json()
    first = next(iter(notation))
    position = json.dumps(notation)
    assert Position.from_json(position) == Position.from_record(rec)
    twice = position.replace(f'{{"{first}":', f'{{"{first}": null, "{first}":', 1)
    with pytest.raises(NotationError, match=f"the key '{first}' is given twice"):
        Position.from_json(twice)


def json_error(obj: Any) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(from_json(obj, "r.json"))
    return info.value


@pytest.mark.parametrize(
    ("change", "where", "problem"),
    [
        (lambda o: o.update(colour="red"), "r.json: $", "unknown key 'colour'"),
        (lambda o: o.pop("players"), "r.json: $", "missing 'players'"),
        (lambda o: o.pop("moves"), "r.json: $", "missing 'moves'"),
        (lambda o: o.update(players="4"), "r.json: $.players", "whole number"),
        (lambda o: o.update(players=True), "r.json: $.players", "whole number"),
        (lambda o: o.update(ruleset="nobody"), "r.json: $.ruleset", "unknown ruleset"),
        (lambda o: o.update(dealer=9), "r.json: $.dealer", "not a seat"),
        (lambda o: o.update(dealer="cut"), "r.json: $.dealer", "needs a deal from a seed"),
        (
            lambda o: o["deal"]["hands"].__setitem__(1, "9D QX"),
            "r.json: $.deal.hands[1]",
            "bad card 'QX'",
        ),
        (lambda o: o["deal"]["hands"].pop(), "r.json: $.deal.hands", "3 hands given"),
        (lambda o: o["deal"].update(table="5S 7C 7D"), "r.json: $.deal", "missing: 7H"),
        (lambda o: o["deal"].update(seed=3), "r.json: $.deal", "not both"),
        (lambda o: o["moves"].__setitem__(3, "2: 9S y 9D"), "r.json: $.moves[3]", "bad move"),
        (
            lambda o: o["moves"].__setitem__(3, "2: 4D x 4C"),
            "r.json: $.moves[3]",
            "4C is not on the table (R12)",
        ),
        (lambda o: o["moves"].append("3: lie"), "r.json: $.moves[9]", "after the hand is over"),
        (
            lambda o: o["moves"].__setitem__(0, {"move": "0: 7S x 7H", "colour": 1}),
            "r.json: $.moves[0]",
            "unknown key 'colour'",
        ),
        (lambda o: o["result"]["net"].reverse(), "r.json: $.result.net", "does not match"),
        (lambda o: o["result"].update(pot_left=3), "r.json: $.result.pot_left", "does not match"),
        (
            lambda o: o["result"].update(last_player=0),
            "r.json: $.result.last_player",
            "does not match",
        ),
        (
            lambda o: o.update(options={"lie_down": "sometimes"}),
            "r.json: $.options.lie_down",
            "cannot be 'sometimes'",
        ),
        (
            lambda o: o.update(options={"lie_down": None}),
            "r.json: $.options.lie_down",
            "only a deal_N option may be null",
        ),
        (lambda o: o.update(seats=["A", "B"]), "r.json: $.seats", "2 seat names"),
        (lambda o: o.update(seats=["A", "B", "C", "D,E"]), "r.json: $.seats[3]", "comma"),
        (lambda o: o.update(title="two\nlines"), "r.json: $.title", "one line"),
        (
            lambda o: o.update(rulings=["R99"]),
            "r.json: $.rulings[0]",
            "not in the rulings registry",
        ),
        (lambda o: o.update(rulings=["R3a"]), "r.json: $.rulings[0]", "not a ruling ID"),
        (lambda o: o.update(format="other/2"), "r.json: $.format", "expected"),
    ],
)
def test_bad_json_records(change: Any, where: str, problem: str) -> None:
    obj = json.loads(json.dumps(to_json(parse_record(full_text()))))
    change(obj)
    error = json_error(obj)
    assert error.where == where
    assert problem in error.problem


def test_json_not_an_object() -> None:
    values: list[object] = [None, 3, "x", [], True]
    for value in values:
        with pytest.raises(RecordError) as info:
            from_json(value, "r.json")
        assert info.value.where == "r.json: $"


# ---------------------------------------------------------------- bad text


def test_unknown_key() -> None:
    text = replace_line(full_text(), 6, "colour: red\nruleset: du-coeur")
    error = record_error(text)
    assert error.where == "t.lld:6"
    assert "unknown key 'colour'" in error.problem


def test_missing_players() -> None:
    text = full_text()
    error = record_error(replace_line(text, line_of(text, "players:"), None))
    assert error.where == f"t.lld:{MOVES_LINE - 1}"
    assert "missing 'players:'" in error.problem


@pytest.mark.parametrize("key", ["ruleset", "dealer"])
def test_missing_required_key(key: str) -> None:
    text = full_text()
    error = record_error(replace_line(text, line_of(text, f"{key}:"), None))
    assert f"missing '{key}:'" in error.problem


def test_bad_card() -> None:
    text = full_text()
    n = line_of(text, "hand 1:")
    error = record_error(replace_line(text, n, "hand 1: 9D QX"))
    assert error.where == f"t.lld:{n}"
    assert "bad card 'QX'" in error.problem


def test_bad_card_is_reported_before_truncation() -> None:
    error = record_error("ruleset: parlett\nplayers: 5\ndealer: 0\nhand 0: 7X\n")
    assert error.where == "t.lld:4"
    assert "bad card '7X'" in error.problem


def test_card_given_twice() -> None:
    text = full_text()
    n = line_of(text, "table:")
    error = record_error(replace_line(text, n, "table: 5S 7C 7D 7H 4C"))
    assert error.where == f"t.lld:{n}"
    assert "4C given twice" in error.problem


def test_card_missing_from_the_deal() -> None:
    text = full_text()
    n = line_of(text, "table:")
    error = record_error(replace_line(text, n, "table: 7C 7D 7H"))
    assert error.where == f"t.lld:{n}"
    assert "missing: 5S" in error.problem


def test_truncated_before_moves() -> None:
    text = full_text()
    cut = "\n".join(lines_of(text)[: line_of(text, "hand 2:")])
    error = record_error(cut)
    assert error.where == f"t.lld:{line_of(text, 'hand 2:')}"
    assert "ends before its 'moves:' line" in error.problem


def test_hand_line_missing() -> None:
    text = full_text()
    error = record_error(replace_line(text, line_of(text, "hand 2:"), None))
    assert error.where == f"t.lld:{MOVES_LINE - 1}"
    assert "missing 'hand 2:' line" in error.problem


def test_table_line_missing() -> None:
    text = full_text()
    error = record_error(replace_line(text, line_of(text, "table:"), None))
    assert "missing 'table:' line" in error.problem


def test_illegal_move_keeps_rule_and_option() -> None:
    text = replace_line(full_text(), 6, "ruleset: du-coeur\noption: pair_royal_capture=three_only")
    error = record_error(text)
    assert error.where == f"t.lld:{FIRST_MOVE_LINE + 1}"
    assert "illegal move '0: 7S x 7H'" in error.problem
    assert "(R14, pair_royal_capture=three_only)" in error.problem
    assert error.__cause__ is not None


def test_illegal_move_out_of_turn() -> None:
    text = replace_line(full_text(), FIRST_MOVE_LINE, "1: lie")
    error = record_error(text)
    assert error.where == f"t.lld:{FIRST_MOVE_LINE}"
    assert "(R4)" in error.problem


def test_move_after_the_hand_is_over() -> None:
    text = replace_line(POSITION, LAST_MOVE_LINE, "2: lie\n3: lie")
    error = record_error(text)
    assert error.where == f"t.lld:{LAST_MOVE_LINE + 1}"
    assert "after the hand is over" in error.problem
    assert "move 9: 2: lie" in error.problem


@pytest.mark.parametrize(
    ("key", "value", "problem"),
    [
        ("net", "-9 0 0 +9", "net is given as -9 0 0 +9"),
        ("last_player", "0", "the last player is given as 0"),
        ("pot_left", "4", "pot_left is given as 4"),
    ],
)
def test_result_that_does_not_match(key: str, value: str, problem: str) -> None:
    text = full_text()
    n = line_of(text, f"{key}:")
    error = record_error(replace_line(text, n, f"{key}: {value}"))
    assert error.where == f"t.lld:{n}"
    assert "does not match the replay" in error.problem
    assert problem in error.problem


def test_result_on_a_hand_not_over() -> None:
    text = full_text()
    error = record_error(replace_line(text, LAST_MOVE_LINE, None))
    assert error.where == f"t.lld:{line_of(text, 'net:') - 1}"
    assert "not over" in error.problem


@pytest.mark.parametrize(
    ("line", "new", "problem"),
    [
        ("players:", "players: 9", "the game is for 3 to 8"),
        ("players:", "players: four", "must be a whole number"),
        ("players:", "players: 3", "gives no game for 3 players"),
        ("dealer:", "dealer: 4", "not a seat"),
        ("dealer:", "dealer: cut", "needs a deal from a seed"),
        ("dealer:", "dealer: -1", "seat number or 'cut'"),
        ("ruleset:", "ruleset: hoyle", "unknown ruleset 'hoyle'"),
        ("ruleset:", "ruleset: du-coeur\noption: deal_4=widow", "settlement=break_even"),
        ("seats:", "seats: Anne, Bob", "2 seat names given for 4 players"),
        ("seats:", "seats: Anne, Bob, Anne, Dan", "must differ"),
        ("seats:", "seats: Anne, , Cat, Dan", "must not be empty"),
        ("rulings:", "rulings: R14 R99", "'R99' is not in the rulings registry"),
        ("rulings:", "rulings: R14 R0", "'R0' is not a ruling ID"),
        ("title:", "title: x\ntitle: y", "'title:' is given twice"),
        ("hand 1:", "hand 1: 9D QC\nhand 1: 9D QC", "'hand 1:' is given twice"),
        ("hand 1:", "hand 7: 9D QC", "names no seat"),
        ("won 0:", "won 9: -\nwon 0: AC AD 3C 3D 6C 6D 9C 9H JH JS", "names no seat"),
        ("hand 1:", "hand 1: 9D QC\nseed: 4", "by 'seed:'"),
        ("hand 1:", "hand 1: 9D QC\n0: 7S x 7H", "a move before the 'moves:' line"),
        ("hand 1:", "hand 1 9D QC", "expected 'key: value'"),
        ("hand 1:", "hand 1: 9D QC\nresult:", "'result:' comes after the moves"),
        ("moves:", "moves: 0: 7S x 7H", "'moves:' stands alone"),
        ("0: 7S", "0: 7S y 7H", "bad move"),
        ("0: 7S", "zero: 7S x 7H", "expected a move such as"),
        ("0: 7S", "title: late", "header lines come before 'moves:'"),
        ("0: 7S", "0: lie down", "'lie' takes no cards"),
        ("result:", "result: yes", "'result:' stands alone"),
        ("net:", "net: 1 2 3", "net gives 3 numbers for 4 players"),
        ("net:", "net: 1 2 3 x", "must be numbers of stakes"),
        ("net:", "score: 1", "unknown key 'score' in the result"),
        ("net:", "net: 0 0 0 0\nnet: 0 0 0 0", "'net:' is given twice"),
        ("last_player:", "last_player: 7", "not a seat"),
        ("last_player:", "last_player: Bob", "a seat or 'none'"),
        ("pot_left:", "pot_left: lots", "number of stakes"),
        ("pot_left:", "", "the result lacks 'pot_left:'"),
        ("ruleset:", "ruleset: du-coeur\noption: lie_down=sometimes", "cannot be 'sometimes'"),
        ("ruleset:", "ruleset: du-coeur\noption: colour=red", "unknown option 'colour'"),
        ("ruleset:", "ruleset: du-coeur\noption: lie_down", "name=value"),
        (
            "ruleset:",
            "ruleset: du-coeur\noption: lie_down=forced\noption: lie_down=forced",
            "given twice",
        ),
    ],
)
def test_bad_lines(line: str, new: str, problem: str) -> None:
    text = full_text()
    n = line_of(text, line)
    error = record_error(replace_line(text, n, new))
    assert problem in error.problem
    assert error.where.startswith("t.lld:")
    assert str(error) == f"{error.where}: {error.problem}"


def test_error_points_at_the_right_line() -> None:
    text = full_text()
    n = line_of(text, "dealer:")
    error = record_error(replace_line(text, n, "dealer: 4"))
    assert error.where == f"t.lld:{n}"


@pytest.mark.parametrize("text", ["", "\n\n  \n", "# just a comment\n", MAGIC + "\n"])
def test_empty_records(text: str) -> None:
    with pytest.raises(RecordError) as info:
        parse_record(text, "e.lld")
    assert info.value.where.startswith("e.lld:")


def test_seed_problems() -> None:
    base = "ruleset: parlett\nplayers: 5\ndealer: 0\n{}\nmoves:\n"
    for seed, problem in (("x", "whole number"), ("99999999999999999999999", "seed")):
        with pytest.raises(RecordError) as info:
            parse_record(base.format(f"seed: {seed}"), "s.lld")
        assert info.value.where == "s.lld:4"
        assert problem in info.value.problem
    with pytest.raises(RecordError) as info:
        parse_record(base.format("seed: 1\nseed: 2"), "s.lld")
    assert info.value.where == "s.lld:5"
    with pytest.raises(RecordError, match="gives no game for 7 players"):
        parse_record(base.format("seed: 1").replace("players: 5", "players: 7"))


# ------------------------------------------------------- building records


def test_record_from_a_played_game() -> None:
    rules = ruleset("caidis")
    game = play_hand(rules, 4, seed=5, bots=[make_bot("random", s) for s in range(4)])
    rec = record_from_game(
        game, title="A caidis hand", seats=["W", "X", "Y", "Z"], notes="one\ntwo",
        rulings=["R31", "R23"], comments={0: "first move"},
    )  # fmt: skip
    assert rec.seed == 5
    assert rec.rulings == ("R23", "R31")
    assert rec.moves[0].comment == "first move"
    text = format_record(rec)
    assert parse_record(text) == rec
    again = replay(parse_record(text))
    assert again.events == game.events
    assert again.ledger.net == game.ledger.net


def test_record_of_a_cut_deal_names_the_dealer() -> None:
    game = Game.new(ruleset("du-coeur"), 5, seed=12)
    rec = record_from_game(game)
    assert rec.seed == 12
    assert rec.dealer == game.dealer
    assert rec.result is None
    assert replay(rec).deal == game.deal


def test_record_of_an_unfinished_hand_has_no_result() -> None:
    game = Game.new(ruleset("parlett"), 5, seed=3, dealer=0)
    game.play(game.turn_moves()[0])
    rec = record_from_game(game)
    assert rec.result is None
    assert "result:" not in format_record(rec)
    assert replay(rec).moves == game.moves


def test_record_of_an_explicit_mid_hand_deal() -> None:
    start = Game.new(ruleset("reconstruction"), 5, seed=8, dealer=2)
    for _ in range(4):
        start.play(start.turn_moves()[-1])
    deal = Deal(5, 2, tuple(start.hands), start.table, tuple(start.won))
    game = run(Game.from_deal(ruleset("reconstruction"), deal),
               [make_bot("willughby", s) for s in range(5)])  # fmt: skip
    rec = record_from_game(game)
    assert rec.seed is None
    assert any(rec.won)
    text = format_record(rec)
    assert "won 0:" in text or "won 1:" in text
    assert parse_record(text) == rec
    assert from_json(to_json(rec)) == rec
    replay(parse_record(text))


def test_record_of_a_hand_built_ruleset() -> None:
    rules = dataclasses.replace(ruleset("parlett"), name="house")
    game = Game.new(rules, 5, seed=2, dealer=1)
    rec = record_from_game(game)
    assert rec.ruleset == "reconstruction"
    assert rec.rules().options() == rules.options()


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"players": 2}, "players must be"),
        ({"dealer": 7}, "not a seat"),
        ({"options": (("colour", "red"),)}, "unknown option"),
        ({"title": " padded"}, "must not start or end with spaces"),
        ({"note": "a\n b"}, "each line of the note"),
        ({"seats": ("a", "b")}, "2 seat names"),
        ({"comments": ("a\nb",)}, "one line"),
        ({"rulings": ("R0",)}, "not a ruling ID"),
        ({"moves": ("0: lie",)}, "a move must be"),
        ({"moves": (MoveLine(Move.parse("0: lie"), "x\ny"),)}, "one line"),
        ({"result": Result((1, 2), None, 0)}, "2 nets for 5 players"),
        ({"hands": (1, 2, 3, 4, 5), "table": 0}, "not both"),
        ({"seed": None, "dealer": None}, "'dealer: cut' needs a deal from a seed"),
    ],
)
def test_hand_record_checks_its_fields(fields: dict[str, Any], problem: str) -> None:
    base: dict[str, Any] = {"ruleset": "parlett", "players": 5, "dealer": 0, "seed": 1}
    if fields.get("seed", 1) is None:
        base.update(hands=(), table=0)
    with pytest.raises(RecordError) as info:
        HandRecord(**{**base, **fields})
    assert problem in info.value.problem


def test_moves_may_be_given_as_plain_moves() -> None:
    rec = HandRecord("parlett", 5, 0, seed=1, moves=(Move.parse("0: lie"),))  # type: ignore[arg-type]
    assert rec.moves == (MoveLine(Move.parse("0: lie")),)


# ------------------------------------------------------------ properties

T = TypeVar("T")


def attempt(f: Callable[[], T]) -> tuple[T | None, RecordError | None]:
    """``f()``, or the :class:`RecordError` it raised; any other exception propagates."""
    try:
        return f(), None
    except RecordError as error:
        return None, error


HANDS = st.sampled_from(
    [(name, n) for name, rules in sorted(PRESETS.items()) for n in rules.players]
)
LINE_TEXT = st.text(
    alphabet=st.characters(exclude_categories=["Cs"], exclude_characters="\n"), max_size=30
).map(str.strip)
SEAT_NAME = (
    st.text(alphabet=string.ascii_letters + " .'-", min_size=1, max_size=12)
    .map(str.strip)
    .filter(bool)
)


@st.composite
def played_records(draw: st.DrawFn) -> tuple[HandRecord, Game]:
    name, players = draw(HANDS)
    rules = ruleset(name)
    seed = draw(st.integers(0, 2**32))
    dealer = draw(st.none() | st.integers(0, players - 1))
    bots = [make_bot("random", draw(st.integers(0, 1000))) for _ in range(players)]
    game = Game.new(rules, players, seed, dealer)
    stop = draw(st.none() | st.integers(0, 30))
    if stop is None:
        run(game, bots)
    else:
        for _ in range(stop):
            if game.over:
                break
            game.play(bots[game.to_play].choose(Observation.of(game, game.to_play)))
    names = draw(st.none() | st.lists(SEAT_NAME, min_size=players, max_size=players, unique=True))
    rec = record_from_game(
        game,
        title=draw(st.none() | LINE_TEXT),
        seats=names or (),
        notes=draw(st.none() | st.lists(LINE_TEXT, min_size=1, max_size=3).map("\n".join)),
        rulings=draw(st.lists(st.sampled_from([r.id for r in registry()]), max_size=3)),
        comments=draw(st.dictionaries(st.integers(0, 40), LINE_TEXT, max_size=4)),
    )
    before = draw(st.lists(LINE_TEXT, max_size=2))
    if rec.moves and before:
        moves = list(rec.moves)
        moves[0] = moves[0]._replace(before=tuple(before))
        rec = dataclasses.replace(rec, moves=tuple(moves))
    rec = dataclasses.replace(
        rec,
        comments=tuple(draw(st.lists(LINE_TEXT, max_size=2))),
        trailing=tuple(draw(st.lists(LINE_TEXT, max_size=2))),
    )
    return rec, game


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_records())
def test_random_hands_round_trip(played: tuple[HandRecord, Game]) -> None:
    rec, game = played
    text = format_record(rec)
    again = parse_record(text)
    assert again == rec
    assert format_record(again) == text
    obj = to_json(rec)
    jsonschema.Draft202012Validator(schema()).validate(obj)
    assert from_json(json.loads(json.dumps(obj))) == rec
    replayed = replay(again)
    assert replayed.events == game.events
    assert replayed.ledger.net == game.ledger.net
    assert replayed.over == game.over


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_is_a_record_or_a_record_error(text: str) -> None:
    rec, error = attempt(lambda: parse_record(text, "fuzz.lld"))
    if error is not None:
        assert error.where.startswith("fuzz.lld:")
        return
    assert rec is not None
    _, error = attempt(lambda: replay(rec))
    assert error is None or error.where.startswith("fuzz.lld:")


def _mutations() -> st.SearchStrategy[str]:
    base_lines = lines_of(full_text())
    piece = st.sampled_from(
        [
            "",
            ":",
            ";",
            "#",
            "x",
            "-",
            "none",
            "cut",
            "lie",
            "claim",
            "lay",
            "10S",
            "7s",
            "result:",
            "moves:",
            "hand 9:",
            "won 0:",
            "seed: 3",
            "players: 4",
            "7S",
            "option: lie_down=voluntary",
            "2: lie",
            "0: 7S x 7H 7D 7C",
            "\r",
            "\t",
            "é",
            "9999999999999999999999",
            "dealer: cut",
        ]
    )

    @st.composite
    def mutate(draw: st.DrawFn) -> str:
        lines = list(base_lines)
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(0, len(lines) - 1))
            kind = draw(st.integers(0, 4))
            if kind == 0:
                del lines[i]
            elif kind == 1:
                lines.insert(i, lines[draw(st.integers(0, len(lines) - 1))])
            elif kind == 2:
                j = draw(st.integers(0, len(lines[i])))
                lines[i] = lines[i][:j] + draw(piece) + lines[i][j:]
            elif kind == 3:
                lines[i] = draw(piece)
            else:
                j = draw(st.integers(0, len(lines) - 1))
                lines[i], lines[j] = lines[j], lines[i]
            if not lines:
                lines = [""]
        return "\n".join(lines)

    return mutate()


@settings(max_examples=400, deadline=None)
@given(_mutations())
def test_mutated_records_give_record_errors(text: str) -> None:
    rec, error = attempt(lambda: parse_record(text, "m.lld"))
    if rec is not None:
        # Whatever was read writes back to a text that reads the same.
        assert parse_record(format_record(rec)) == rec
        _, error = attempt(lambda: replay(rec))
    assert error is None or error.where.startswith("m.lld:")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(JSON_VALUES)
def test_any_json_is_a_record_or_a_record_error(value: object) -> None:
    _, error = attempt(lambda: replay(from_json(value, "f.json")))
    assert error is None or error.where.startswith("f.json: $")


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_json_gives_record_errors(data: st.DataObject) -> None:
    obj = json.loads(json.dumps(to_json(parse_record(full_text()))))
    # Pick a place in the object and put something else there.
    node: Any = obj
    path: list[Any] = []
    while isinstance(node, (dict, list)) and node and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict)
                                        else list(range(len(node)))))  # fmt: skip
        path.append(key)
        node = node[key]
    assume(path)
    parent = obj
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(JSON_VALUES)
    _, error = attempt(lambda: replay(from_json(obj, "f.json")))
    assert error is None or error.where.startswith("f.json")


# ------------------------------------------------------------------- CLI


def cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="lld")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    assert args.func is run_replay
    status: int = args.func(args)
    return status


def test_cli_replay_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.lld"
    path.write_text(full_text(), encoding="utf-8")
    assert cli(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "One of a pair royal" in out
    assert "R14  0: 7S x 7H" in out
    assert "; takes one of three" in out
    assert "R15  1: claim 7C 7D" in out
    assert "matches the record's result" in out


def test_cli_replay_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.lld"
    path.write_text(full_text(), encoding="utf-8")
    assert cli(["replay", "--json", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    game = replay(parse_record(full_text()))
    assert out["ruleset"] == "du-coeur"
    assert out["players"] == 4
    assert out["dealer"] == 3
    assert out["pot_left"] == game.ledger.pot
    assert out["last_player"] == game.last_player
    assert [s["net"] for s in out["seats"]] == game.ledger.net
    assert out["seats"][0]["name"] == "Anne"
    assert out["seats"][0]["won"].startswith("AC AD")
    assert {"seat", "move", "rule"} <= set(out["events"][0])
    moves = [e for e in out["events"] if e["move"] == "0: 7S x 7H"]
    assert moves[0]["rule"] == "R14"
    assert moves[0]["comment"] == "takes one of three"


def test_cli_reads_json_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(to_json(parse_record(full_text()))), encoding="utf-8")
    assert cli(["replay", str(path)]) == 0
    assert "R14  0: 7S x 7H" in capsys.readouterr().out
    assert load_record(str(path)) == parse_record(full_text())


def test_cli_missing_file(tmp_path: Path) -> None:
    path = str(tmp_path / "nowhere.lld")
    with pytest.raises(RecordError) as info:
        cli(["replay", path])
    assert info.value.where == path
    assert info.value.problem == "no such file"


def test_cli_bad_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="is a directory"):
        cli(["replay", str(tmp_path)])
    binary = tmp_path / "b.lld"
    binary.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(RecordError, match="not UTF-8"):
        cli(["replay", str(binary)])
    bad = tmp_path / "bad.lld"
    bad.write_text(replace_line(full_text(), FIRST_MOVE_LINE, "1: lie"), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        cli(["replay", str(bad)])
    assert info.value.where == f"{bad}:{FIRST_MOVE_LINE}"


def test_cli_unfinished_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "part.lld"
    path.write_text(replace_line(POSITION, LAST_MOVE_LINE, None), encoding="utf-8")
    assert cli(["replay", str(path)]) == 0
    assert "the record stops here; seat 2 (Cat) is to play" in capsys.readouterr().out


def test_lying_down_with_one_capture_open_is_illegal_when_forced() -> None:
    rec = parse_record("ruleset: parlett\nplayers: 5\ndealer: 0\nseed: 4\nmoves:\n1: lie\n")
    assert [str(m) for m in rec.new_game().turn_moves()] == ["1: 5H x 5C"]
    with pytest.raises(RecordError, match=r"\(R22, lie_down=forced\)"):
        replay(rec)


def test_a_parted_stake_is_written_and_read_back_exactly() -> None:
    """R23's shared stake makes halves; both notations keep them exact."""
    from fractions import Fraction

    from lld.demonstrate import examples_directory
    from lld.replay import record_under

    directory = examples_directory()
    assert directory is not None
    rec = load_record(str(directory / "r05-three-players-widow.lld"))
    shared = record_under(rec, lie_down_payment="stake_shared_among_remaining")
    game = replay(shared)
    result = Result.of(game)
    assert any(isinstance(x, Fraction) for x in result.net)
    done = dataclasses.replace(shared, result=result)
    text = format_record(done)
    assert "net: -1/2 -1 +3/2" in text
    assert parse_record(text).result == result
    obj = to_json(done)
    assert obj["result"]["net"] == ["-1/2", -1, "3/2"]
    jsonschema.validate(obj, schema())
    assert from_json(json.loads(json.dumps(obj))).result == result
    # A result that the replay does not give is refused, fraction or not.
    wrong = text.replace("net: -1/2 -1 +3/2", "net: -1/3 -1 +4/3")
    with pytest.raises(RecordError, match="net is given as"):
        replay(parse_record(wrong))

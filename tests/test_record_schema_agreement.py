"""The JSON hand record's reader and its schema accept and refuse the same records.

The records are the example hands' JSON forms with one value replaced, at any
place, by another: a near miss of the notation (lower case, ``10`` for T, a
letter that only case-folds to a suit, spaces around it), a value of another
type, a number out of range, or any text. Whatever the reader accepts, the
schema accepts. Whatever the schema refuses, the reader refuses. Where the
schema accepts and the reader refuses, the reason must be one of the checks no
schema can state (a card given twice, a move the rules forbid, a result that
replaying does not give ...): never a question of form.
"""

from __future__ import annotations

import copy
import json
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lld.errors import LldError
from lld.record import from_json, load_record
from lld.record.json_writer import schema, to_json

EXAMPLES = sorted((Path(__file__).parents[1] / "examples").glob("*.lld"))
RECORDS = [to_json(load_record(str(p))) for p in EXAMPLES]
VALIDATOR = jsonschema.Draft202012Validator(schema())

#: Why the reader may refuse what the schema accepts: checks of meaning, which a
#: schema cannot state. Each is matched against the reader's one-line refusal.
CHECKS_OF_MEANING = [
    r"given twice",  # a card in two places
    r"the deal must place all 52 cards",
    r"needs a deal from a seed",  # "cut" with the cards given
    r"gives no game for \d+ players",  # the ruleset has no table for that many
    r"hands given for|won piles given for|nets given for",  # counts against players
    r"is not a seat",  # a dealer, seat or last player past the table
    r"seats? (names|given)|names? .* seats?|seat names",  # names against seats
    r"illegal move",  # the rules forbid a move
    r"replaying|the result|replay gives|but the hand|ends with|expected .* got",
    r"the hand is over|no move|not over",
    r"is not in the rulings registry",  # an ID of the right form that no ruling has
    r"a seat number|seat \d+",
    r"break-even|settlement=",
    r"lowest terms",  # a fraction of stakes such as 2/4: arithmetic, not a pattern
]
MEANING = re.compile("|".join(f"(?:{c})" for c in CHECKS_OF_MEANING))

#: Near misses of the notation, and values of every JSON type.
NEAR_MISSES = [
    "7s", "7S", "10S", "TS", "7\u017f", "7\uff33", "7S ", " 7S", "7S  8D", "7S,8D", "-", "",
    " ", "\u00a0", "0: lie", "0:lie", " 0: lie", "00: lie", "0: LIE", "0: 7s x 7h",
    "0: 7S x 7H", "0: lay 7S 7H", "0: claim 7s 7h", "FORCED", "forced", "forced ", "Parlett",
    "parlett", "du_coeur", "ducoeur", "du-coeur", "none", "None", "cut", "Cut", "R1", "r1",
    "R01", "R999", "lld-hand-record/1", "a\nb", "a \nb", "\u00e9",
]  # fmt: skip
VALUES = st.one_of(
    st.sampled_from(NEAR_MISSES),
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.just(5.0),
    st.text(max_size=12),
    st.lists(st.sampled_from(NEAR_MISSES), max_size=3),
    st.dictionaries(st.sampled_from(["seed", "hands", "move", "x"]), st.integers(0, 9), max_size=2),
)


def places(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``obj`` a value can be put: each key and index, nested."""
    out = [prefix] if prefix else []
    if isinstance(obj, dict):
        for key, value in obj.items():
            out += places(value, (*prefix, key))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            out += places(value, (*prefix, i))
    return out


def put(obj: Any, place: tuple[Any, ...], value: Any) -> None:
    for key in place[:-1]:
        obj = obj[key]
    obj[place[-1]] = value


@st.composite
def mutated_records(draw: st.DrawFn) -> dict[str, Any]:
    record: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(RECORDS)))
    place = draw(st.sampled_from(places(record)))
    put(record, place, draw(VALUES))
    if draw(st.booleans()):  # an option set, or set wrong, as well
        options = record.setdefault("options", {})
        if isinstance(options, dict):
            name = draw(st.sampled_from(["lie_down", "deal_3", "deal_5", "Lie_down", "deal-5"]))
            options[name] = draw(VALUES)
    return record


def read(record: dict[str, Any]) -> str | None:
    """``None`` if the reader accepts ``record`` (as JSON text gives it), else why not."""
    try:
        from_json(json.loads(json.dumps(record)))
    except LldError as error:
        return str(error)
    return None


@settings(
    max_examples=400, deadline=timedelta(seconds=5), suppress_health_check=[HealthCheck.too_slow]
)
@given(mutated_records())
def test_reader_and_schema_agree_on_any_record(record: dict[str, Any]) -> None:
    refused = read(record)
    valid = VALIDATOR.is_valid(record)
    if refused is None:
        assert valid, f"the reader accepts what the schema refuses: {record}"
    elif valid:
        assert MEANING.search(refused), f"refused for its form, which the schema accepts: {refused}"


@pytest.mark.parametrize(
    ("place", "value"),
    [
        (("deal", "hands", 0), "7s 7h"),  # lower case
        (("deal", "table"), "10S"),  # 10 for T
        (("deal", "table"), "7\u017f"),  # the long s, which upper-cases to S
        (("moves", 0), "0:lie"),
        (("moves", 0), "0: LIE"),
        (("ruleset",), "Parlett"),
        (("ruleset",), "ducoeur"),
        (("options",), {"lie_down": "FORCED"}),
        (("options",), {"lie_down": "forced "}),
        (("options",), {"deal_3": "none"}),  # JSON writes null for no game
    ],
)
def test_the_reader_refuses_what_is_outside_the_notation(
    place: tuple[Any, ...], value: Any
) -> None:
    record = copy.deepcopy(RECORDS[0])
    put(record, place, value)
    assert not VALIDATOR.is_valid(record)
    refused = read(record)
    assert refused is not None
    assert "\n" not in refused
    assert not MEANING.search(refused.split(": ", 2)[-1]), refused


def test_a_whole_number_written_with_a_point_is_read_as_json_schema_reads_it() -> None:
    record = copy.deepcopy(RECORDS[0])
    record["players"] = float(record["players"])
    assert VALIDATOR.is_valid(record)
    assert read(record) is None

"""The golden hand records in ``examples/``: each replays and matches its result.

Every contested ruling (every option in :data:`lld.ruleset.OPTIONS`) must be
shown by at least one example that lists it in its ``rulings:`` line and whose
replay *depends* on it: under some other value of that option the same moves
either become illegal or end differently.

Run this file as a script to rewrite the examples' result blocks from the
engine after a deliberate change to the rules (the moves are kept; a move
that has become illegal is an error)::

    python tests/test_examples.py --regenerate
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import jsonschema
import pytest

from lld.errors import RecordError
from lld.record import (
    HandRecord,
    Result,
    format_record,
    from_json,
    load_record,
    parse_record,
    replay,
    schema,
    to_json,
)
from lld.ruleset import OPTIONS

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FILES = sorted(EXAMPLES.glob("*.lld"))
IDS = [p.name for p in FILES]


def test_there_are_examples() -> None:
    assert len(FILES) >= len({o.ruling for o in OPTIONS.values()})


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_example_replays_and_matches_its_result(path: Path) -> None:
    rec = load_record(str(path))
    assert rec.result is not None, f"{path.name} has no result block"
    game = replay(rec)  # checks every move and the result
    assert game.over
    assert game.ledger.consistent


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_example_is_annotated(path: Path) -> None:
    rec = load_record(str(path))
    assert rec.title, f"{path.name} has no title"
    assert rec.note or rec.comments or any(m.comment for m in rec.moves), (
        f"{path.name} says nothing about what it shows"
    )
    assert rec.rulings, f"{path.name} has no 'rulings:' line"


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_example_is_in_canonical_form(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert format_record(parse_record(text, str(path))) == text


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_example_as_json(path: Path) -> None:
    rec = load_record(str(path))
    obj = to_json(rec)
    jsonschema.Draft202012Validator(schema()).validate(obj)
    assert from_json(json.loads(json.dumps(obj))) == rec


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_example_file_name_names_its_first_ruling(path: Path) -> None:
    rec = load_record(str(path))
    if path.name.startswith("r"):
        number = int(path.name[1:3])
        assert f"R{number}" in rec.rulings


# ----------------------------------------------------------- coverage


def outcome(rec: HandRecord) -> object:
    """What replaying ``rec`` (ignoring its result block) gives: the events and
    ledger, or the problem with the first move that fails."""
    try:
        game = replay(dataclasses.replace(rec, result=None))
    except RecordError as error:
        return ("error", error.where, error.problem)
    return (tuple(game.events), tuple(game.ledger.net), game.ledger.pot, game.last_player)


def alternative_outcomes(rec: HandRecord, option: str) -> dict[str | None, object]:
    """The outcome under every other value of ``option``.

    A value under which the record cannot be set up at all (the reading gives no
    game for that many players) counts only for the ``deal_N`` options, where
    whether there is a game is itself the point.
    """
    current = rec.rules().options()[option]
    values: list[str | None] = [v for v in OPTIONS[option].allowed if v != current]
    if option.startswith("deal_") and current is not None:
        values.append(None)
    out: dict[str | None, object] = {}
    options = dict(rec.options)
    for value in values:
        try:
            other = dataclasses.replace(rec, options=tuple({**options, option: value}.items()))
        except RecordError:
            if option.startswith("deal_"):
                out[value] = "no game"
            continue
        out[value] = outcome(other)
    return out


def depends_on(rec: HandRecord, option: str) -> list[str | None]:
    """The other values of ``option`` under which ``rec`` replays differently."""
    mine = outcome(rec)
    return [v for v, o in alternative_outcomes(rec, option).items() if o != mine]


RECORDS = {p.name: load_record(str(p)) for p in FILES}


@pytest.mark.parametrize("option", list(OPTIONS))
def test_every_contested_ruling_has_an_example_that_depends_on_it(option: str) -> None:
    ruling = OPTIONS[option].ruling
    listing = {name: rec for name, rec in RECORDS.items() if ruling in rec.rulings}
    assert listing, f"no example lists {ruling} ({option})"
    showing = {name: depends_on(rec, option) for name, rec in listing.items()}
    assert any(showing.values()), (
        f"no example listing {ruling} changes when {option} does: {sorted(listing)}"
    )


def test_the_unbalanced_pots_are_shown() -> None:
    """Some readings' stakes cannot balance: examples show the pot left over."""
    unbalanced = {name for name, rec in RECORDS.items() if rec.result and rec.result.pot_left}
    deal_5 = [n for n in unbalanced if ("deal_5", "sympkyn_flat") in RECORDS[n].options]
    eight = [n for n in unbalanced if RECORDS[n].players == 8]
    assert deal_5, "no example shows the flat five-player ante's shortfall"
    assert eight, "no example shows du Coeur's eight players' pot"


# ----------------------------------------------------------- regenerating


def regenerate(path: Path) -> bool:
    """Rewrite the result block of ``path`` from a replay; return whether it changed."""
    text = path.read_text(encoding="utf-8")
    rec = parse_record(text, str(path))
    game = replay(dataclasses.replace(rec, result=None))
    if not game.over:
        raise RecordError(str(path), "the hand is not over after the last move")
    new = format_record(dataclasses.replace(rec, result=Result.of(game)))
    if new != text:
        path.write_text(new, encoding="utf-8")
        return True
    return False


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit(__doc__)
    for p in FILES:
        if regenerate(p):
            print(f"rewrote {p.name}")

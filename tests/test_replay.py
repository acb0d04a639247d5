"""``lld.replay``: steps through a record, and replays under other options."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from lld.errors import RecordError, RulesetError
from lld.record import load_record, parse_record, replay
from lld.replay import RefusedMoveError, replay_under, steps

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.lld"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_steps_follow_the_record_move_by_move(path: Path) -> None:
    rec = load_record(str(path))
    walk = steps(rec)
    game = replay(rec)
    assert [s.move for s in walk] == [line.move for line in rec.moves] == game.moves
    assert [s.comment for s in walk] == [line.comment for line in rec.moves]
    for i, step in enumerate(walk):
        assert step.move_index == i
        assert step.seat == step.move.seat
        assert step.events[0].move == step.move
        assert step.after.events == step.before.events + step.events
        assert step.after.moves == (*step.before.moves, step.move)
        if i:
            assert step.before == walk[i - 1].after
        assert set(step.rulings) == {e.rule for e in step.events}
        # The position after the step plays on as the game did from there.
        assert step.after.game().events == game.events[: len(step.after.events)]
    if walk:
        assert walk[-1].after.events == tuple(game.events)
        assert walk[-1].after.net == tuple(game.ledger.net)


def test_a_steps_options_are_those_of_its_rulings() -> None:
    rec = load_record(str(_example("r14-pair-royal-one-of-three.lld")))
    first = steps(rec)[0]
    assert "R14" in first.rulings
    assert "pair_royal_capture=one_or_three" in first.options


def _example(name: str) -> Path:
    return next(p for p in EXAMPLES if p.name == name)


def test_a_refused_move_keeps_its_rule_and_option() -> None:
    rec = load_record(str(_example("r14-pair-royal-one-of-three.lld")))
    other = dataclasses.replace(rec, options=(("pair_royal_capture", "three_only"),), result=None)
    for attempt in (lambda: replay(other), lambda: steps(other)):
        with pytest.raises(RefusedMoveError) as caught:
            attempt()
        error = caught.value
        assert isinstance(error, RecordError)
        assert (error.rule, error.option) == ("R14", "pair_royal_capture=three_only")
        assert error.index == 0
        assert error.move == "0: 7S x 7H"
        assert "(R14, pair_royal_capture=three_only)" in str(error)
        assert str(error).startswith(f"{rec.where.rsplit(':', 1)[0]}")


def test_replaying_under_the_records_own_rules_changes_nothing() -> None:
    for path in EXAMPLES:
        rec = load_record(str(path))
        outcome = replay_under(rec)
        assert outcome.kind == "plays_through", path.name
        assert outcome.diverges_at is None
        assert outcome.same_result is True
        if rec.result is not None:
            assert outcome.net == rec.result.net


def test_replay_under_names_the_first_illegal_move() -> None:
    rec = load_record(str(_example("r22-lie-down-by-choice.lld")))
    outcome = replay_under(rec, lie_down="forced")
    assert outcome.kind == "illegal"
    assert (outcome.rule, outcome.option) == ("R22", "lie_down=forced")
    assert outcome.move_number is not None
    assert outcome.diverges_at == outcome.move_number - 1
    assert outcome.same_result is False


def test_replay_under_finds_the_first_step_whose_events_differ() -> None:
    rec = load_record(str(_example("r23-lie-down-pays-each-remaining.lld")))
    outcome = replay_under(rec, lie_down_payment="none")
    assert outcome.kind == "plays_through"
    assert outcome.same_result is False
    walk = steps(rec)
    first_lie = next(s.move_index for s in walk if s.move.kind == "lie")
    assert outcome.diverges_at == first_lie  # the lie-down pays nothing now (R23)


def test_replay_under_another_preset() -> None:
    rec = load_record(str(_example("r14-pair-royal-one-of-three.lld")))
    assert replay_under(rec, ruleset="sympkyn").kind == "illegal"
    assert replay_under(rec, ruleset="parlett").kind == "plays_through"


def test_replay_under_a_setting_with_no_game() -> None:
    rec = load_record(str(_example("r09-seven-players.lld")))
    outcome = replay_under(rec, deal_7=None)
    assert outcome.kind == "no_game"
    assert "7 players" in outcome.text


@pytest.mark.parametrize(
    ("setting", "problem"),
    [
        ({"lie_down_pairr": "to_dealer"}, "unknown option 'lie_down_pairr'"),
        ({"lie_down_pair": "to_dealr"}, "option lie_down_pair cannot be 'to_dealr'"),
        ({"ruleset": "parlet"}, "unknown ruleset 'parlet'"),
    ],
)
def test_replay_under_a_misspelt_setting_is_a_ruleset_error(
    setting: dict[str, str], problem: str
) -> None:
    # It came back as a 'no_game' outcome, as if the reading gave no game.
    rec = load_record(str(_example("r24-lie-down-pair-claimed.lld")))
    with pytest.raises(RulesetError, match=problem):
        replay_under(rec, **setting)


def test_a_move_after_the_end_is_a_record_error() -> None:
    rec = parse_record(
        "ruleset: parlett\nplayers: 3\ndealer: 0\nhand 0: 7C\nhand 1: 7D\nhand 2: 8C\n"
        "table: 8D 9C 9D 9H 9S TC TD TH TS JC JD JH JS QC QD QH QS KC KD KH KS AC AD AH AS"
        " 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S 7H 7S 8H 8S\n"
        "moves:\n1: 7D x 7H\n2: 8C x 8D\n0: 7C x 7S\n",
        where="t.lld",
    )
    with pytest.raises(
        RecordError, match=r"t\.lld:11: move 0: 7C x 7S comes after the hand is over"
    ):
        steps(rec)

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
    # du Coeur keeps Player 3, whose capture emptied his hand, in until his turn
    # (R34); Parlett puts him out at once, which ends the hand before the last moves.
    assert replay_under(rec, ruleset="parlett").kind == "ends_early"
    assert replay_under(rec, ruleset="du-coeur").kind == "plays_through"


def test_replay_under_a_setting_with_no_game() -> None:
    rec = load_record(str(_example("r09-seven-players.lld")))
    outcome = replay_under(rec, deal_7=None)
    assert outcome.kind == "no_game"
    assert "7 players" in outcome.text


# A replay is named by the reading actually run (issue 22): a source's tab on the
# rules page once said "ruleset caidis gives no game for 3 players" under du Coeur,
# because du Coeur's deal_3 had been laid over a Compendium Caidis hand; and a
# four-player hand was reported under the three-player table.


def test_replay_under_a_preset_with_no_game_names_that_preset() -> None:
    rec = load_record(str(_example("r05-three-players-widow.lld")))  # a caidis hand
    outcome = replay_under(rec, "du-coeur")
    assert outcome.kind == "no_game"
    assert "ruleset du-coeur gives no game for 3 players" in outcome.text
    assert "caidis" not in outcome.text


def test_replay_under_an_option_with_no_game_names_the_option_too() -> None:
    rec = load_record(str(_example("r05-three-players-widow.lld")))
    outcome = replay_under(rec, deal_3=None)
    assert "ruleset caidis with deal_3=none gives no game for 3 players" in outcome.text
    # Compendium Caidis's own reading does give a three-player game.
    assert replay_under(rec).kind == "plays_through"


def test_a_hand_with_no_game_is_reported_under_its_own_players_table() -> None:
    rec = load_record(str(_example("whole-hand-caidis-four.lld")))
    assert rec.players == 4
    outcome = replay_under(rec, settlement="break_even")
    assert outcome.kind == "no_game"
    assert "deal_4=widow" in outcome.text
    assert "deal_3" not in outcome.text
    assert "deal_5" not in outcome.text
    assert "ruleset caidis with settlement=break_even" in outcome.text


def test_the_ruleset_names_every_table_without_a_break_even() -> None:
    from lld.presets import ruleset

    with pytest.raises(RulesetError, match="deal_3=widow, deal_4=widow and deal_5=widow give"):
        ruleset("caidis", settlement="break_even")


def test_replay_under_a_preset_is_that_presets_whole_reading() -> None:
    """The record's own option lines are not laid over the preset named: the
    replay is the preset's reading, not a mixture under its name."""
    rec = load_record(str(_example("r15-pair-royal-remainder-to-dealer.lld")))
    assert dict(rec.options) == {"pair_royal_remainder": "to_dealer"}
    replace = dataclasses.replace
    whole = replace(rec, options=())
    for preset in ("du-coeur", "parlett", "sympkyn"):
        mine, theirs = replay_under(rec, preset), replay_under(replace(whole, ruleset=preset))
        assert (mine.text, mine.key) == (theirs.text, theirs.key), preset
    # Options given with the preset still apply over it.
    assert replay_under(rec, "du-coeur", pair_royal_remainder="to_dealer").same_result is True


def test_a_seed_that_deals_otherwise_under_another_reading_says_so() -> None:
    rec = load_record(str(_example("r05-three-players-widow.lld")))
    outcome = replay_under(rec, "parlett")  # no widow: other hands from the same seed
    assert outcome.kind == "illegal"
    assert outcome.text.endswith("this reading deals other cards from the record's seed")
    explicit = load_record(str(_example("r14-pair-royal-one-of-three.lld")))
    assert "deals other cards" not in replay_under(explicit, "sympkyn").text


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


def test_steps_and_outcomes_draw_themselves_with_the_one_renderer() -> None:
    """A notebook's drawing of a step or an outcome (``_repr_html_``) is
    lld.drawing's, which the site's cells use too (with links to the site)."""
    from lld.demonstrate import examples_directory
    from lld.drawing import Page, outcome_html, step_html
    from lld.record import load_record
    from lld.replay import replay_under, steps

    directory = examples_directory()
    assert directory is not None
    rec = load_record(str(directory / "r24-lie-down-pair-claimed.lld"))
    step = steps(rec)[1]
    assert step._repr_html_() == step_html(step)
    assert "<code>R22</code>" in step._repr_html_()
    outcome = replay_under(rec, lie_down_pair="to_dealer")
    html = outcome._repr_html_()
    assert html == outcome_html(outcome)
    assert "Illegal under this reading" in html
    assert "<code>lie_down_pair=to_dealer</code>" in html
    linked = outcome_html(outcome, Page(link=lambda rule: f'<a href="#{rule}">{rule}</a>'))
    assert '<a href="#R24">R24</a>' in linked


def test_record_under_is_what_replay_under_replays() -> None:
    """A preset named replaces the record's reading whole; options alone change it."""
    from lld.demonstrate import examples_directory
    from lld.record import load_record
    from lld.replay import record_under

    directory = examples_directory()
    assert directory is not None
    rec = load_record(str(directory / "r24-lie-down-pair-claimed.lld"))
    assert record_under(rec, "parlett").options == ()
    mine = record_under(rec, lie_down_pair="to_dealer")
    assert dict(mine.options) == {**dict(rec.options), "lie_down_pair": "to_dealer"}
    assert mine.result is None

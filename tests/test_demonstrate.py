"""``lld.demonstrate`` and the "What the engine does" part of ``lld ruling``.

Every contested ruling (every option in :data:`lld.ruleset.OPTIONS`) is
demonstrated by at least one example, replayed by the engine under each
preset's value of its option; where the presets disagree on the value, at
least two of them behave differently, and where they all agree, a value no
preset takes behaves differently from them.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

import lld.demonstrate
from lld.cli import main
from lld.cli.sources_cmd import run_ruling
from lld.demonstrate import Behaviour, Demonstration, demonstrate, examples_directory
from lld.presets import PRESETS
from lld.record import load_record, replay
from lld.ruleset import OPTIONS

CHECKOUT_EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
CONTESTED = sorted({spec.ruling for spec in OPTIONS.values()}, key=lambda r: int(r[1:]))


def _args(**kw: object) -> argparse.Namespace:
    base: dict[str, object] = {"json": False, "sources_dir": None}
    base.update(kw)
    return argparse.Namespace(**base)


def _one(ruling: str, example: str) -> Demonstration:
    found = [d for d in demonstrate(ruling) if d.example == example]
    assert len(found) == 1, f"{example} does not demonstrate {ruling}"
    return found[0]


def _under(demo: Demonstration, preset: str) -> Behaviour:
    found = [b for b in demo.behaviours if preset in dict(b.presets)]
    assert len(found) == 1, f"{preset} is not in exactly one group"
    return found[0]


def _under_value(demo: Demonstration, value: str | None) -> Behaviour:
    found = [b for b in demo.behaviours if value in b.unused_values]
    assert len(found) == 1, f"{value} is not in exactly one group"
    return found[0]


# ------------------------------------------------------------------ coverage


def test_examples_are_found() -> None:
    where = examples_directory()
    assert where is not None
    assert (where / "r14-pair-royal-one-of-three.lld").is_file()


@pytest.mark.parametrize("ruling", CONTESTED)
def test_every_contested_ruling_is_demonstrated(ruling: str) -> None:
    demos = demonstrate(ruling)
    assert demos, f"no example demonstrates {ruling}"
    options = {name for name, spec in OPTIONS.items() if spec.ruling == ruling}
    assert {d.option for d in demos} == options
    for d in demos:
        assert ruling in load_record(str(CHECKOUT_EXAMPLES / d.example)).rulings


@pytest.mark.parametrize("ruling", CONTESTED)
def test_the_settings_behave_differently(ruling: str) -> None:
    demos = demonstrate(ruling)
    option = demos[0].option
    preset_values = {getattr(rules, option) for rules in PRESETS.values()}
    if len(preset_values) > 1:
        assert any(d.presets_differ for d in demos), (
            f"the presets set {option} differently, but behave alike in every example of {ruling}"
        )
        assert demos[0].presets_differ, "the examples that tell the presets apart come first"
    else:
        assert any(d.values_differ for d in demos), (
            f"every value of {option} behaves alike in every example of {ruling}"
        )


@pytest.mark.parametrize("ruling", CONTESTED)
def test_every_setting_is_tried_once(ruling: str) -> None:
    for d in demonstrate(ruling):
        option = OPTIONS[d.option]
        presets = [p for b in d.behaviours for p, _ in b.presets]
        assert sorted(presets) == sorted(PRESETS)
        for b in d.behaviours:
            for preset, value in b.presets:
                assert getattr(PRESETS[preset], d.option) == value
        taken = {getattr(rules, d.option) for rules in PRESETS.values()}
        expected: list[str | None] = [v for v in option.allowed if v not in taken]
        if d.option.startswith("deal_") and None not in taken:
            expected.append(None)
        assert sorted(map(str, (v for b in d.behaviours for v in b.unused_values))) == sorted(
            map(str, expected)
        )
        texts = [b.outcome.text for b in d.behaviours]
        assert len(set(texts)) == len(texts), "two groups read the same"
        json.dumps(d.as_dict())


def test_uncontested_rulings_have_no_demonstration() -> None:
    assert demonstrate("R1") == []
    assert demonstrate("R12") == []


# ------------------------------------------------------------------ specific facts


def test_r14_three_only_forbids_the_single_take() -> None:
    d = _one("R14", "r14-pair-royal-one-of-three.lld")
    assert d.option == "pair_royal_capture"
    assert d.ruleset == "du-coeur"
    assert d.recorded_value == "one_or_three"
    sympkyn = _under(d, "sympkyn")
    assert sympkyn.presets == (("sympkyn", "three_only"),)
    assert sympkyn.outcome.kind == "illegal"
    assert (sympkyn.outcome.move_number, sympkyn.outcome.move) == (1, "0: 7S x 7H")
    assert sympkyn.outcome.rule == "R14"
    assert sympkyn.outcome.option == "pair_royal_capture=three_only"
    assert sympkyn.outcome.text.startswith("stops at move 1 `0: 7S x 7H`: illegal — ")
    parlett = _under(d, "parlett")
    assert dict(parlett.presets) == {
        "du-coeur": "one_or_three",
        "parlett": "one_or_three",
        "caidis": "one_or_three",
        "reconstruction": "one_or_three",
    }
    assert parlett.outcome.kind == "plays_through"
    assert parlett.outcome.net == (-1, -1, 0, 2)
    assert (parlett.outcome.last_player, parlett.outcome.pot_left) == (3, 0)
    assert parlett.outcome.text == (
        "plays through: seat nets -1 -1 0 +2; last player seat 3; pot left 0"
    )
    assert parlett.label == "du-coeur, parlett, caidis, reconstruction (one_or_three)"


def test_r14_taking_all_three_is_legal_everywhere() -> None:
    d = _one("R14", "r14-pair-royal-three-only.lld")
    assert not d.presets_differ
    (only,) = d.behaviours
    assert only.outcome.kind == "plays_through"
    assert only.outcome.net == (0, -2, 0, 2)


def test_r22_forced_lie_down_forbids_lying_with_a_capture_open() -> None:
    d = _one("R22", "r22-lie-down-by-choice.lld")
    forced = _under(d, "parlett")
    assert {v for _, v in forced.presets} == {"forced"}
    assert sorted(p for p, _ in forced.presets) == [
        "caidis", "du-coeur", "parlett", "reconstruction"
    ]  # fmt: skip
    assert forced.outcome.kind == "illegal"
    assert (forced.outcome.move_number, forced.outcome.move) == (1, "0: lie")
    assert (forced.outcome.rule, forced.outcome.option) == ("R22", "lie_down=forced")
    sympkyn = _under(d, "sympkyn")
    assert sympkyn.outcome.kind == "plays_through"
    assert sympkyn.outcome.net == (-2, -1, 0, 3)
    assert sympkyn.outcome.last_player == 3


def test_the_replay_agrees_with_the_record() -> None:
    """Under the record's own value the example plays through to its result block."""
    for ruling in ("R14", "R22", "R23", "R31"):
        for d in demonstrate(ruling):
            rec = load_record(str(CHECKOUT_EXAMPLES / d.example))
            assert rec.result is not None
            game = replay(rec)
            mine = [
                b for b in d.behaviours
                if d.recorded_value in [v for _, v in b.presets] + list(b.unused_values)
            ]  # fmt: skip
            assert len(mine) == 1
            assert mine[0].outcome.kind == "plays_through"
            assert mine[0].outcome.net == tuple(game.ledger.net) == rec.result.net


def test_r15_all_presets_agree_but_the_other_value_does_not() -> None:
    d = _one("R15", "r14-pair-royal-one-of-three.lld")
    assert not d.presets_differ
    every = _under(d, "sympkyn")
    assert every.label == "every preset (claimable)"
    assert every.outcome.kind == "plays_through"
    to_dealer = _under_value(d, "to_dealer")
    assert to_dealer.label == "to_dealer (no preset)"
    assert to_dealer.outcome.kind == "illegal"
    assert to_dealer.outcome.option == "pair_royal_remainder=to_dealer"


def test_r28_the_hand_can_end_early_or_not_at_all() -> None:
    d = _one("R28", "r28-last-player-one-more-turn.lld")
    early = _under(d, "du-coeur").outcome
    assert early.kind == "ends_early"
    assert early.move_number == 7
    assert "leaving 1 move unplayed" in early.text
    d = _one("R28", "r28-last-player-no-more-turn.lld")
    unfinished = _under(d, "caidis").outcome
    assert unfinished.kind == "unfinished"
    assert unfinished.net is None


def test_r9_no_game_without_a_table() -> None:
    d = _one("R9", "r09-seven-players.lld")
    none = _under(d, "parlett")
    assert {v for _, v in none.presets} == {None}
    assert none.label == "parlett, caidis, sympkyn (none)"
    assert none.outcome.kind == "no_game"
    assert "no game for 7 players" in none.outcome.text


def test_it_is_computed_when_asked(tmp_path: Path) -> None:
    """The behaviour comes from replaying the moves, not from the result block."""
    text = (CHECKOUT_EXAMPLES / "r22-lie-down-by-choice.lld").read_text("utf-8")
    text = text.replace("net: -2 -1 0 +3", "net: -9 -1 0 +10")
    (tmp_path / "r22.lld").write_text(text, "utf-8")
    (d,) = demonstrate("r22", tmp_path)
    assert _under(d, "sympkyn").outcome.net == (-2, -1, 0, 3)
    assert demonstrate("R14", tmp_path) == []


# ------------------------------------------------------------------ in a reader's words

#: What a reader's text never shows: a preset's ID as a name, a seat counted from 0,
#: a kind of replay, an option identifier (``name=value``, a word with ``_``), a
#: move in notation.
_ENGINE = re.compile(
    r"\b(?:du-coeur|caidis|sympkyn|parlett|reconstruction)\b"
    r"|\bseat \d|\b(?:plays_through|illegal|ends_early|unfinished|no_game)\b"
    r"|\b\w+=\w*|\b[a-z0-9]+_[a-z0-9_]+\b|`|\b\d: "
)


def _engine_words(text: str) -> list[str]:
    names = [n for n in OPTIONS if "_" in n or n == "settlement"]
    found = [m.group(0) for m in _ENGINE.finditer(text)]
    return found + [n for n in names if re.search(rf"\b{n}\b", text)]


def test_the_engine_words_check_finds_them() -> None:
    text = "du-coeur, parlett (none): plays_through: seat 0 nets; `0: lie` lie_down=forced"
    assert {"du-coeur", "parlett", "plays_through", "seat 0", "lie_down=forced", "`"} <= set(
        _engine_words(text)
    )
    assert _engine_words("du Coeur, Parlett and the project's reading: nothing.") == []


@pytest.mark.parametrize("ruling", CONTESTED)
def test_every_demonstration_reads_in_plain_words(ruling: str) -> None:
    """Each reading, outcome and divergence of a contested ruling's examples is said
    in words: the sources by name, the answer as the registry words it, the
    players counted from 1; the identifier stands apart, for programs."""
    from lld.concordance import load

    shorts: dict[str | None, str] = {o.value: o.short for o in load().ruling(ruling).options}
    for d in demonstrate(ruling):
        texts = [d.under]
        for b, parting in zip(d.behaviours, d.partings(), strict=True):
            readings = d.readings(b)
            assert [r.identifier for r in readings] == [
                f"{d.option}={'none' if v is None else v}"
                for v in dict.fromkeys([*(v for _, v in b.presets), *b.unused_values])
            ]
            for r in readings:
                assert r.words == shorts.get(r.value, f"no game for {d.option[5:]} players")
                assert set(r.presets) <= set(PRESETS)
            texts += [d.reading_words(b), d.told(b), parting.says]
            texts += [*parting.recorded, *parting.instead]
        for text in texts:
            assert _engine_words(text) == [], (d.example, text)


def test_r23_reads_as_a_teacher_would_say_it() -> None:
    d = _one("R23", "r05-three-players-widow.lld")
    assert d.under == "Compendium Caidis's reading"
    none, each, shared = d.behaviours
    assert d.reading_words(none) == "du Coeur, Parlett, Sympkyn and the project's reading: nothing"
    assert d.reading_words(each) == "Compendium Caidis: one stake to each player still in"
    # Her words read either way (CC-18): the reading her preset leaves is still hers.
    assert d.reading_words(shared) == (
        "A reading Compendium Caidis's words also allow: one stake, shared among the players"
        " still in"
    )
    assert d.told(shared) == (
        "Plays to the end: Player 1 loses 1/2 of a stake, Player 2 loses 1, Player 3 wins 3/2;"
        " Player 3 is the last player left in; the pot is empty."
    )
    assert [r.identifier for r in d.readings(none)] == ["lie_down_payment=none"]
    assert d.told(none) == (
        "Plays to the end: nobody wins or loses; Player 3 is the last player left in;"
        " the pot is empty."
    )
    parting = d.partings()[0]
    assert parting.move_number == 11
    assert parting.says == "Parts at move 11 (Player 2 lies down): it goes differently."
    assert parting.recorded == ("Player 2 (eldest) pays 1 stake to each player still in.",)
    assert parting.instead == ()
    assert parting.rulings == ("R23",)
    assert parting.contrast == (
        ("As recorded:", parting.recorded),
        ("Under this reading, that does not happen.", ()),
    )
    assert d.partings()[1].says == "Plays every move as recorded."
    assert d.partings()[2].instead == (
        "Player 2 (eldest) pays 1/2 of a stake to each player still in.",
    )


def test_readings_no_source_gives_and_every_source_are_said_so() -> None:
    d = _one("R15", "r14-pair-royal-one-of-three.lld")
    every, other = d.behaviours
    assert d.reading_words(every).startswith("Every source and the project's reading: ")
    assert d.reading_words(other) == (
        "A reading no source gives: nobody may claim it; the dealer gets it at the end"
    )
    assert d.told(other).startswith("Stops at move 2 (Player 2 claims the pair of sevens")
    assert d.told(other).endswith("(R15).")


def test_a_record_s_own_options_are_said_in_the_reading_it_is_replayed_under() -> None:
    d = _one("R29", "r15-pair-royal-remainder-to-dealer.lld")
    assert d.under == (
        "du Coeur's reading, except R15 (Pair left on the table when a pair royal is taken"
        " singly: nobody may claim it; the dealer gets it at the end)"
    )


def test_the_same_play_under_another_ruling_is_said_so() -> None:
    d = _one("R8", "r08-six-players-seven-each.lld")
    (parting,) = [p for b, p in zip(d.behaviours, d.partings(), strict=True) if _has(b, "du-coeur")]
    assert parting.says == (
        "Parts at move 1 (Player 2 takes the five of clubs with the five of spades): the same"
        " play, but it falls under R13 here, not R12 as in the record."
    )


def _has(b: Behaviour, preset: str) -> bool:
    return any(p == preset for p, _ in b.presets)


def test_every_preset_has_a_name_for_readers() -> None:
    from lld.presets import PRESET_NAMES, reading_name

    assert set(PRESET_NAMES) == set(PRESETS)
    assert reading_name("caidis") == "Compendium Caidis's reading"
    assert reading_name("reconstruction") == "the project's reading"


# ------------------------------------------------------------------ lld ruling


def _section(out: str) -> str:
    return out[out.index("The engine under each preset:") :]


def test_ruling_text_shows_the_behaviour(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_ruling(_args(id="R14")) == 0
    out = _section(capsys.readouterr().out)
    lines = out.splitlines()
    head = lines.index(
        'What the engine does (example r14-pair-royal-one-of-three.lld, "The fourth card'
        ' takes one of a pair royal; the pair left is claimed"):'
    )
    assert lines[head + 1] == "  (its rules: du-coeur; pair_royal_capture as each preset sets it)"
    assert lines[head + 2] == (
        "  du-coeur, parlett, caidis, reconstruction (one_or_three): plays through:"
        " seat nets -1 -1 0 +2; last player seat 3; pot left 0"
    )
    assert lines[head + 3].startswith(
        "  sympkyn (three_only): stops at move 1 `0: 7S x 7H`: illegal — "
    )
    assert lines[head + 3].endswith("(R14, pair_royal_capture=three_only)")
    assert "What the engine does (example r14-pair-royal-three-only.lld" in out


def test_r22_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ruling", "R22"]) == 0
    out = _section(capsys.readouterr().out)
    assert "What the engine does (example r22-lie-down-by-choice.lld" in out
    assert (
        "  du-coeur, parlett, caidis, reconstruction (forced): stops at move 1 `0: lie`:"
        " illegal — " in out
    )
    assert "  sympkyn (voluntary): plays through: seat nets -2 -1 0 +3;" in out


def test_uncontested_ruling_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_ruling(_args(id="R1")) == 0
    out = capsys.readouterr().out
    assert "What the engine does: the same under every preset (no engine option)." in out
    assert "What the engine does (example" not in out


def test_ruling_json_has_the_behaviour(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_ruling(_args(id="r14", json=True)) == 0
    data = json.loads(capsys.readouterr().out)
    behaviour: list[dict[str, Any]] = data["behaviour"]
    assert behaviour == [d.as_dict() for d in demonstrate("R14")]
    first = behaviour[0]
    assert first["example"] == "r14-pair-royal-one-of-three.lld"
    assert first["option"] == "pair_royal_capture"
    by_preset = {p: b for b in first["behaviours"] for p in b["presets"]}
    assert by_preset["sympkyn"]["kind"] == "illegal"
    assert by_preset["sympkyn"]["move"] == "0: 7S x 7H"
    assert by_preset["sympkyn"]["option"] == "pair_royal_capture=three_only"
    assert by_preset["parlett"]["kind"] == "plays_through"
    assert by_preset["parlett"]["net"] == [-1, -1, 0, 2]
    assert run_ruling(_args(id="R1", json=True)) == 0
    assert json.loads(capsys.readouterr().out)["behaviour"] is None


def test_no_example_is_said_plainly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(CHECKOUT_EXAMPLES / "r22-lie-down-by-choice.lld", tmp_path)
    monkeypatch.setattr(lld.demonstrate, "examples_directory", lambda: tmp_path)
    assert run_ruling(_args(id="R14")) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith(
        f"What the engine does: not shown; no example in {tmp_path} lists R14 in its"
        " 'rulings:' line."
    )
    assert run_ruling(_args(id="R14", json=True)) == 0
    assert json.loads(capsys.readouterr().out)["behaviour"] == []
    monkeypatch.setattr(lld.demonstrate, "examples_directory", lambda: None)
    assert run_ruling(_args(id="R22")) == 0
    assert "no examples are installed with this copy of lld" in capsys.readouterr().out


@pytest.mark.parametrize("bad", ["R99", "R0", "X1", ""])
def test_unknown_ruling_is_still_one_line(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    def via_main() -> int:
        return main(["ruling", bad, "--json"])

    def direct() -> int:
        return run_ruling(_args(id=bad))

    for run in (direct, via_main):
        assert run() == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.count("\n") == 1
        assert captured.err.startswith("lld: unknown ruling")


def test_a_presets_replay_of_an_example_is_the_same_under_every_ruling() -> None:
    """A source's tab shows that source's reading of the whole hand (issue 22):
    the same example under the same preset gives one outcome, whichever ruling
    shows it (R23 and R28 once showed different nets under du Coeur's tab)."""
    from lld.concordance import load
    from lld.demonstrate import replay_readings

    seen: dict[tuple[str, str], str] = {}
    shared = 0
    for ruling in load().rulings:
        for r in replay_readings(ruling.id):
            assert r.preset in PRESETS
            key = (r.example, r.preset)
            shared += key in seen
            assert seen.setdefault(key, r.outcome.text) == r.outcome.text, (ruling.id, key)
    assert shared  # some example is listed by more than one ruling (r23: R23 R28 R33)


def test_a_presets_replay_is_that_presets_own_reading() -> None:
    from dataclasses import replace

    from lld.demonstrate import replay_readings
    from lld.errors import RecordError
    from lld.replay import replay_under

    directory = examples_directory()
    assert directory is not None
    for ruling in ("R23", "R28", "R31"):
        for r in replay_readings(ruling):
            rec = load_record(str(directory / r.example))
            try:
                own = replay_under(replace(rec, ruleset=r.preset, options=())).key
            except RecordError as error:
                problem = error.problem
            else:
                assert r.outcome.key == own, (r.example, r.preset)
                continue
            assert r.outcome.kind == "no_game"
            assert r.preset in problem
            assert r.preset in r.outcome.text

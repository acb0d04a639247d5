"""``lld replay`` and ``lld play --resume`` read a position in either of its notations."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from lld.cli import main
from lld.game import Game
from lld.position import Position
from lld.presets import ruleset


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _position() -> Position:
    g = Game.new(ruleset("parlett"), 5, seed=1)
    for _ in range(3):
        g.play(g.turn_moves()[0])
    return Position.of(g)


@pytest.mark.parametrize("notation", ["text", "json"])
def test_replay_reads_a_position_in_either_notation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, notation: str
) -> None:
    # The JSON notation was refused: "unknown key 'state'".
    p = _position()
    path = tmp_path / ("p.json" if notation == "json" else "p.lld")
    path.write_text(json.dumps(p.to_json()) if notation == "json" else p.format())
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert out.splitlines()[-1] == f"the record stops here; seat {p.to_play} is to play"
    for move in p.moves:
        assert move.action() in out


def test_play_resumes_a_position_given_as_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    p = _position()
    path = tmp_path / "p.json"
    path.write_text(json.dumps(p.to_json()))
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    code, out, err = run(capsys, "play", "--resume", str(path))
    assert code == 0, err
    assert f"Resumed from {path} after move {len(p.moves)}:" in out
    assert "result:" in out


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda o: o["state"].update(turns=99), "$.state.turns: given as 99, the moves reach 3"),
        (lambda o: o.update(state=[]), "$.state: expected an object"),
        (lambda o: o.pop("ruleset"), "missing 'ruleset'"),
        (lambda o: o.update(moves=["0: lie", "0: lie"]), "illegal move"),
    ],
)
@pytest.mark.parametrize("command", ["replay", "resume"])
def test_a_malformed_json_position_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: object, problem: str, command: str
) -> None:
    obj = _position().to_json()
    change(obj)  # type: ignore[operator]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(obj))
    args = ["replay", str(path)] if command == "replay" else ["play", "--resume", str(path)]
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"lld: {path}"), err
    assert problem in lines[0]


def test_replay_shows_the_cards_each_lie_down_put_on_the_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 'lld play' showed them; 'lld replay' logged "1: lie" and nothing more.
    path = tmp_path / "lie.lld"
    path.write_text(
        "ruleset: du-coeur\nplayers: 4\ndealer: 3\nhand 0: 3D QC\nhand 1: 5C 5S 8D\n"
        "hand 2: 3C JD\nhand 3: 8S JH\ntable: QH\n"
        "won 0: AC AD 3H 3S 6C 6D 8C 8H TH TS KH KS\nwon 1: AH AS 4C 4D 6H 6S 9C 9D JC JS\n"
        "won 2: 2C 2D 4H 4S 7C 7D 9H 9S QD QS\nwon 3: 2H 2S 5D 5H 7H 7S TC TD KC KD\n"
        "moves:\n0: QC x QH\n1: lie\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert "  R22  1: lie, putting 5C 5S 8D on the table\n" in out
    code, out, err = run(capsys, "replay", str(path), "--json")
    assert code == 0, err
    lie = next(e for e in json.loads(out)["events"] if e["kind"] == "lie")
    assert lie["put_down"] == "5C 5S 8D"

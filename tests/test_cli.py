"""The ``lld`` command line: each command, its ``--json``, and every kind of bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from lld.cli import main
from lld.presets import PRESETS


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("lld: ")
    assert "Traceback" not in err
    return lines[0]


# ------------------------------------------------------------------- rules


def test_rules_lists_every_preset_with_source_and_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    listing = run_json(capsys, "rules")
    assert isinstance(listing, list)
    assert {row["name"] for row in listing} == set(PRESETS)
    parlett = next(row for row in listing if row["name"] == "parlett")
    assert parlett == {"name": "parlett", "source": "parlett", "players": [3, 4, 5, 6]}


def test_rules_shows_one_preset_with_the_sources_behind_each_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    shown = run_json(capsys, "rules", "sympkyn")
    assert isinstance(shown, dict)
    options = {o["option"]: o for o in shown["options"]}
    assert options["pair_royal_capture"]["value"] == "three_only"
    assert options["pair_royal_capture"]["ruling"] == "R14"
    assert options["pair_royal_capture"]["sources"] == ["sympkyn"]
    assert options["hand_pairs_when"]["editorial"]  # Sympkyn gives no rule: our reason
    code, out, _ = run(capsys, "rules", "sympkyn")
    assert code == 0
    assert "R14  pair_royal_capture = three_only" in out


def test_rules_with_an_override(capsys: pytest.CaptureFixture[str]) -> None:
    shown = run_json(capsys, "rules", "parlett", "--option", "lie_down=voluntary")
    assert isinstance(shown, dict)
    options = {o["option"]: o["value"] for o in shown["options"]}
    assert options["lie_down"] == "voluntary"


# -------------------------------------------------------------------- deal


def test_rules_listing_with_an_option_but_no_ruleset_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The option was silently dropped, a misspelt one too ('foo=bar' exited 0).
    code, out, err = run(capsys, "rules", "--option", "foo=bar")
    assert code == 2
    assert out == ""
    assert one_line_error(err) == (
        "lld: --option foo=bar changes one ruleset: name it, as in"
        " 'lld rules parlett --option foo=bar'"
    )


def test_deal_is_fixed_by_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "deal", "--ruleset", "parlett", "--seed", "11")
    again = run_json(capsys, "deal", "--ruleset", "parlett", "--seed", "11")
    assert first == again
    assert isinstance(first, dict)
    assert len(first["hands"]) == 5
    assert all(len(h.split()) == 8 for h in first["hands"])
    assert len(first["table"].split()) == 12


# -------------------------------------------------------------------- play


def test_play_bots_only_prints_the_required_object(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "play", "--ruleset", "parlett", "--seed", "1", "--bots", "willughby", "--json"
    )
    assert code == 0
    game = json.loads(out)  # stdout holds the one object
    assert err == ""  # and no human log goes to stderr
    assert game["ruleset"] == "parlett"
    assert game["players"] == 5
    assert isinstance(game["dealer"], int)
    assert len(game["seats"]) == 5
    assert sum(s["cards"] for s in game["seats"]) == 52
    assert all(s["won"] == "-" or len(s["won"].split()) == s["cards"] for s in game["seats"])
    assert sum(s["net"] for s in game["seats"]) + game["pot_left"] == 0
    assert game["pot_left"] == 0
    assert game["last_player"] in range(5)
    assert all({"seat", "move", "rule"} <= set(e) for e in game["events"])
    assert all(e["rule"].startswith("R") for e in game["events"])


def test_play_text_ends_with_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--ruleset", "du-coeur", "--seed", "2", "--bots", "random")
    assert code == 0
    assert "result:" in out
    assert "last player:" in out
    assert "against break-even 8" in out  # the settlement shows the break-even


def test_play_against_bots_reads_moves_from_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Always the first listed move: the hand must end, whatever is dealt.
    monkeypatch.setattr(sys, "stdin", io.StringIO("zz\n99\n" + "1\n" * 200))
    record = tmp_path / "hand.lld"
    code, out, _ = run(capsys, "play", "--ruleset", "parlett", "--seed", "5", "--save", str(record))
    assert code == 0
    assert "bad move" in out or "bad card" in out  # 'zz' was answered, not fatal
    assert "there is no move number 99" in out
    assert "result:" in out
    code, out, _ = run(capsys, "replay", str(record))
    assert code == 0


def _play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, typed: str, *args: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    return run(capsys, "play", "--ruleset", "parlett", "--seed", "5", "--seat", "1", *args)


@pytest.mark.parametrize("typed", ["", "q\n", "quit\n"])
def test_quitting_exits_0_with_a_short_message(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, typed: str
) -> None:
    code, out, err = _play(capsys, monkeypatch, typed)
    assert code == 0
    assert err == ""
    assert "left the table. Hand left unfinished at move" in out.splitlines()[-1]


def test_the_table_says_who_you_are_whose_turn_and_what_is_public(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = _play(capsys, monkeypatch, "1\n" * 200)
    assert code == 0
    assert "You are seat 1." in out
    assert "Break-even: 8 cards won." in out  # at the start
    assert "[R12]: 'lld ruling R12' explains it" in out  # the legend
    assert "seat 1 (you), your turn:" in out
    assert "seat 0 (willughby 0)   7 in hand; 2 won" in out  # opponents' hand sizes
    lie = next(line for line in out.splitlines() if " lies down, putting " in line)
    assert lie.rstrip().endswith("[R22]")
    assert "lain down (put " in out


def test_the_stakes_rule_shown_at_the_start_is_the_engines_for_an_odd_break_even(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # du Coeur's eight players: break-even 5, and six cards win a stake (R32). The
    # table used to say "each two cards above it win a stake", which is not so here.
    code, out, err = run(
        capsys, "play", "--ruleset", "du-coeur", "--players", "8", "--seed", "3", "--bots", "random"
    )
    assert code == 0, err
    assert (
        "Break-even: 5 cards won. 6 cards won take 1 stake from the pot, 8 take 2, and so on;"
        " 4 pay 1 into it, 2 pay 2, and so on; the last player left in wins 11." in out
    )
    assert (
        "Break-even: 8 cards won. 10 cards won take 1 stake from the pot, 12 take 2"
        in (run(capsys, "play", "--ruleset", "parlett", "--seed", "3", "--bots", "random")[1])
    )


def test_prompt_survives_odd_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    huge = "9" * 5000
    typed = f"\u00b2\n{huge}\n{huge}: lie\n1: {huge}\nhelp\nhint\n" + "1\n" * 200
    code, out, err = _play(capsys, monkeypatch, typed)
    assert code == 0, err
    assert "Traceback" not in out + err
    assert "bad move '\u00b2'" in out
    assert "there is no move number 999999999999… (choose 1 to" in out
    assert "Commands: help, hint" in out  # help
    assert "the willughby bot would: " in out
    assert "because: " in out
    assert "result:" in out


def test_save_and_resume(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "half.lld"
    code, out, _ = _play(capsys, monkeypatch, f"1\n1\nsave {saved}\nq\n")
    assert code == 0
    assert f"saved to {saved}; go on with: lld play --resume {saved}" in out
    text = saved.read_text(encoding="utf-8")
    assert "seats: willughby 0, you, willughby 2, willughby 3, willughby 4" in text
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    code, out, _ = run(capsys, "play", "--resume", str(saved))
    assert code == 0
    assert f"Resumed from {saved} after move " in out
    assert "You are seat 1." in out
    assert "result:" in out


def test_a_hand_saved_as_json_is_json_and_resumes_and_replays(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # 'lld replay' and '--resume' read FILE.json as JSON, so save must write it so.
    half, whole = tmp_path / "half.json", tmp_path / "whole.json"
    code, out, err = _play(capsys, monkeypatch, f"1\n1\nsave {half}\nq\n")
    assert code == 0, err
    assert json.loads(half.read_text(encoding="utf-8"))["format"] == "lld-hand-record/1"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    code, out, err = run(capsys, "play", "--resume", str(half), "--save", str(whole))
    assert code == 0, err
    assert "You are seat 1." in out
    assert json.loads(whole.read_text(encoding="utf-8"))["result"]
    code, out, err = run(capsys, "replay", str(whole))
    assert code == 0, err


def test_save_at_the_prompt_expands_a_tilde_as_a_shell_would(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # 'save ~/half.lld' looked for a directory called '~' and failed.
    monkeypatch.setenv("HOME", str(tmp_path))
    code, out, err = _play(capsys, monkeypatch, "1\nsave ~/half.lld\nq\n")
    assert code == 0, err
    saved = tmp_path / "half.lld"
    assert f"saved to {saved}; go on with: lld play --resume {saved}" in out
    assert saved.read_text(encoding="utf-8").startswith("# lld hand record")


def test_save_to_a_missing_directory_fails_before_the_hand_is_played(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # It failed only at the end, once the whole hand had been played.
    target = tmp_path / "no-such-dir" / "hand.lld"
    code, out, err = _play(capsys, monkeypatch, "1\n" * 200, "--save", str(target))
    assert code == 2
    assert out == ""
    assert one_line_error(err) == (f"lld: --save {target}: there is no directory {target.parent}")


def test_leaving_the_table_with_save_given_saves_the_unfinished_hand(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # --save was silently dropped when the player quit, and the hand was lost.
    saved = tmp_path / "left.lld"
    code, out, err = _play(capsys, monkeypatch, "1\nq\n", "--save", str(saved))
    assert code == 0, err
    assert out.splitlines()[-1] == f"Saved to {saved}; go on with: lld play --resume {saved}"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    code, out, err = run(capsys, "play", "--resume", str(saved))
    assert code == 0, err
    assert f"Resumed from {saved} after move " in out
    assert "result:" in out


def test_a_pair_may_be_laid_at_your_own_turn() -> None:
    from lld.bots import make_bot
    from lld.cli.play_cmd import TerminalPlayer
    from lld.game import Game
    from lld.moves import Move
    from lld.presets import ruleset
    from lld.session import Table

    class PassingFreeMoves(TerminalPlayer):
        def free(self, view: object) -> None:
            return None  # so the pair is still there at the turn

    typed = iter(["lay 4C 4D\n", "1\n", "q\n"])
    out = io.StringIO()
    game = Game.new(ruleset("parlett"), 5, 0)
    table = Table(game, [make_bot("willughby", s) for s in range(5)])
    names = ["you"] + [f"willughby {s}" for s in range(1, 5)]
    table.players[0] = PassingFreeMoves(out, names, 0, table, lambda: next(typed))
    with pytest.raises(Exception, match="left the table"):
        table.play()
    mine = [m for m in game.moves if m.seat == 0]
    assert mine[:1] == [Move.parse("0: lay 4C 4D")]
    assert mine[1].kind in ("capture", "lie")  # then the turn itself
    assert "  [" in out.getvalue()
    assert "lay 4C 4D" in out.getvalue()  # offered among the turn's moves


def test_play_help_lists_rulesets_and_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert "parlett         parlett    players 3, 4, 5, 6" in out
    assert "du-coeur        du-coeur   players 4, 5, 6, 7, 8" in out


def test_resume_of_a_bad_record_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.lld"
    bad.write_text("ruleset: parlett\nplayers: 5\ndealer: 0\nseed: 1\nmoves:\n3: lie\n")
    code, _, err = run(capsys, "play", "--resume", str(bad))
    assert code == 2
    assert "illegal move" in one_line_error(err)


# ------------------------------------------------------------------ stakes


def test_stakes_shows_the_balance_check(capsys: pytest.CaptureFixture[str]) -> None:
    shown = run_json(capsys, "stakes", "--ruleset", "du-coeur")
    assert isinstance(shown, dict)
    by_players = {t["players"]: t for t in shown["tables"]}
    assert by_players[5]["pot"] == 11
    assert by_players[5]["balance"]["balances"] is True
    assert by_players[8]["balance"]["balances"] is False
    assert by_players[8]["balance"]["verdict"] == "odd_break_even"
    flat = run_json(
        capsys,
        "stakes",
        "--ruleset",
        "sympkyn",
        "--players",
        "5",
        "--option",
        "deal_5=sympkyn_flat",
    )
    assert isinstance(flat, dict)
    assert flat["tables"][0]["balance"]["shortfall"] == 6
    assert flat["tables"][0]["balance"]["verdict"] == "pot_short"


# ---------------------------------------------------------------- simulate


def test_simulate_reports_hands_means_and_speed(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_json(
        capsys, "simulate", "--ruleset", "parlett", "--hands", "50", "--seed", "3",
        "--bots", "willughby,random,random,random,random",
    )  # fmt: skip
    assert isinstance(result, dict)
    assert result["hands"] == 50
    assert [s["hands"] for s in result["by_seat"]] == [50] * 5
    assert [r["role"] for r in result["by_role"]] == [
        "eldest", "second", "third", "fourth", "dealer",
    ]  # fmt: skip
    assert [b["name"] for b in result["by_bot"]] == ["willughby"] + ["random"] * 4
    assert sum(s["net"] for s in result["by_seat"]) == 0  # every pot used up
    assert result["hands_per_second"] > 0
    assert result["unbalanced"] == 0


# --------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "nosuch"], "unknown ruleset 'nosuch'"),
        (["deal", "--players", "9"], "cannot play with 9 players"),
        (["deal", "--ruleset", "caidis", "--players", "6"], "gives no game for 6 players"),
        (["deal", "--option", "nosuch=1"], "unknown option 'nosuch'"),
        (["deal", "--option", "lie_down=maybe"], "option lie_down cannot be 'maybe'"),
        (["deal", "--seed", "-4"], "seed"),
        (["deal", "--dealer", "7"], "--dealer 7 is not a seat"),
        (["play", "--bots", "genius", "--seed", "1"], "unknown bot 'genius'"),
        (["play", "--seat", "5", "--seed", "1"], "--seat 5 is not a seat"),
        (["simulate", "--hands", "0"], "--hands must be from 1 to "),
        # Past sys.maxsize the tournament's OverflowError came out as a traceback.
        (["simulate", "--hands", "1" + "0" * 22], "--hands must be from 1 to 1,000,000,000,000"),
        (["simulate", "--bots", "random,random"], "--bots names 2 bots for 5 seats"),
        (["simulate", "--workers", "0", "--hands", "3"], "workers must be 1 or more"),
        (["simulate", "--bots", "genius"], "unknown bot 'genius'"),
        (["play", "--opponents", "genius", "--seed", "1"], "unknown bot 'genius'"),
        (["play", "--resume", "/no/such/file.lld"], "no such file"),
        (["rules", "parlett", "--option", "lie_down=maybe"], "option lie_down cannot be"),
        (["stakes", "--players", "x"], "--players: expected a whole number"),
        (["ruling", "R99"], "unknown ruling 'R99'"),
        (["sources", "nobody"], "unknown source 'nobody'"),
        (["replay", "/no/such/file.lld"], "no such file"),
        (["stakes", "--ruleset", "sympkyn", "--players", "8"], "gives no game for 8 players"),
        (["deal", "--players", "x"], "--players: expected a whole number"),
        (["nosuch"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    try:
        code = main(args)
    except SystemExit as stop:  # argparse's own usage errors exit this way
        code = int(stop.code or 0)
    _, err = capsys.readouterr()
    assert code == 2
    assert message in one_line_error(err)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ruleset: parlett\nplayers: 5\ndealer: 0\nseed: 1\n", "moves"),
        ("ruleset: parlett\nplayers: 5\ndealer: 0\nseed: 1\nmoves:\n0: 7X x 7H\n", "bad card"),
        ("ruleset: parlett\nplayers: 5\ndealer: 0\nseed: 1\nmoves:\n3: lie\n", "illegal move"),
        ("ruleset: nosuch\nplayers: 5\ndealer: 0\nseed: 1\nmoves:\n", "unknown ruleset"),
    ],
)
def test_bad_records_name_the_file_and_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "bad.lld"
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    line = one_line_error(err)
    assert str(path) in line
    assert message in line


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start a process")
def test_the_installed_command_prints_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "lld", "deal", "--players", "2"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stdout == ""
    assert (
        done.stderr.strip() == "lld: cannot play with 2 players: the sources give games for 3 to 8"
    )


def test_resume_of_an_example_plays_the_seat_you_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # An example's seats are people's names, not bots: --seat and --opponents decide.
    example = Path(__file__).resolve().parent.parent / "examples" / "r22-lie-down-by-choice.lld"
    lines = example.read_text(encoding="utf-8").splitlines()
    start = lines.index("moves:")
    half = tmp_path / "half.lld"
    half.write_text("\n".join([*lines[: start + 2], ""]), encoding="utf-8")  # one move played
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 100))
    code, out, err = run(capsys, "play", "--resume", str(half), "--seat", "1")
    assert code == 0, err
    assert "You are seat 1." in out
    assert "result:" in out


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_simulate_draws_a_progress_bar_only_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["simulate", "--ruleset", "parlett", "--hands", "450", "--seed", "1", "--workers", "1"]
    code, out, err = run(capsys, *args)
    assert code == 0
    assert err == ""  # not a terminal: no bar
    assert "hands where the pot was not used up: 0" in out
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(args) == 0
    drawn = terminal.getvalue()
    assert "\r[" in drawn
    assert "450/450 hands" in drawn
    assert drawn.endswith("\r\033[K")  # and the bar is wiped at the end

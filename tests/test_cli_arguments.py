"""The command line's arguments: numbers as records write them, and nothing accepted
only to be ignored. Each bad argument is one line naming it, and exit status 2."""

from __future__ import annotations

import io
import sys

import pytest

from lld.cli import main


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one line ``lld ARGS`` fails with (status 2, nothing on stdout)."""
    sys.stdin = io.StringIO("")  # a table that starts by mistake ends at once
    try:
        code = main(list(args))
    except SystemExit as stop:  # argparse's own errors
        code = stop.code  # type: ignore[assignment]
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("lld: ")
    assert "Traceback" not in err
    return lines[0]


NUMBER_ARGUMENTS = [
    ("deal", "--players"), ("deal", "--seed"), ("deal", "--dealer"),
    ("play", "--players"), ("play", "--seed"), ("play", "--dealer"), ("play", "--seat"),
    ("simulate", "--players"), ("simulate", "--seed"), ("simulate", "--dealer"),
    ("simulate", "--hands"), ("simulate", "--workers"),
    ("stakes", "--players"),
]  # fmt: skip


@pytest.mark.parametrize(("command", "flag"), NUMBER_ARGUMENTS)
@pytest.mark.parametrize("text", ["\u0665", "1_0", "\u00b2", "+3", " 4", "4.0", "", "0x5"])
def test_number_arguments_take_ascii_digits_only(
    capsys: pytest.CaptureFixture[str], command: str, flag: str, text: str
) -> None:
    # int() took any Unicode digit and underscores: '--players ٥' was 5, '--seed 1_0' 10.
    line = refused(capsys, command, f"{flag}={text}")
    assert line.startswith(f"lld: argument {flag}: expected a whole number written with the")
    assert f"(see 'lld {command} --help')" in line


def test_a_number_past_the_digit_limit_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "deal", "--seed", "9" * 5000)
    assert "argument --seed: a number of 5,000 digits is too long" in line


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (("deal", "--seed", "-1"), "--seed must be 0 or more, not -1"),
        (("simulate", "--players", "-3"), "cannot play with -3 players"),
        (("simulate", "--players", "9" * 30), f"cannot play with {'9' * 30} players"),
        (("deal", "--players", "9" * 30, "--dealer", "9" * 30), f"cannot play with {'9' * 30}"),
    ],
)
def test_a_signed_or_huge_number_meets_the_argument_s_own_check(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], problem: str
) -> None:
    assert problem in refused(capsys, *args)


def test_ascii_numbers_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--players", "4", "--seed", "10", "--dealer", "0", "--json"]) == 0
    assert '"seed": 10' in capsys.readouterr().out


# ------------------------------------------------------- nothing silently ignored


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (("--seat", "2"), "--seat is for a table you play at; with --bots every seat is a bot"),
        (("--seat", "9"), "--seat is for a table you play at"),
        (("--opponents", "random"), "--opponents is for a table you play at"),
    ],
)
def test_play_with_bots_refuses_the_arguments_of_a_player(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], problem: str
) -> None:
    # They were accepted and ignored (an out-of-range --seat too).
    assert problem in refused(capsys, "play", "--bots", "random", *args)


@pytest.mark.parametrize("bots", ["", "  "])
def test_play_with_an_empty_bots_name_is_refused(
    capsys: pytest.CaptureFixture[str], bots: str
) -> None:
    # '--bots ""' was read as no --bots: a table with you at it started.
    assert "--bots names no bot (known: random, willughby)" in refused(
        capsys, "play", "--bots", bots
    )


@pytest.fixture
def saved_hand(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> str:
    path = f"{tmp_path}/half.lld"
    sys.stdin = io.StringIO("1\nq\n")
    try:
        assert main(["play", "--seed", "5", "--seat", "1", "--save", path]) == 0
    finally:
        sys.stdin = sys.__stdin__
    capsys.readouterr()
    return path


@pytest.mark.parametrize(
    "args",
    [
        ("--ruleset", "parlett"), ("--ruleset", "reconstruction"),
        ("--option", "lie_down=voluntary"), ("--strict",),
        ("--seed", "5"), ("--players", "5"), ("--dealer", "0"),
    ],
)  # fmt: skip
def test_resume_refuses_what_the_record_fixes(
    capsys: pytest.CaptureFixture[str], saved_hand: str, args: tuple[str, ...]
) -> None:
    # The record fixes the rules and the deal: these were accepted and ignored.
    line = refused(capsys, "play", "--resume", saved_hand, *args)
    assert line == (
        f"lld: {args[0]} cannot be given with --resume: the record fixes the rules and the deal"
    )


@pytest.mark.parametrize("args", [("--seat", "0"), ("--opponents", "random"), ("--bots", "random")])
def test_resume_of_a_saved_hand_refuses_other_seating(
    capsys: pytest.CaptureFixture[str], saved_hand: str, args: tuple[str, ...]
) -> None:
    line = refused(capsys, "play", "--resume", saved_hand, *args)
    assert line == (
        f"lld: {args[0]} cannot be given with --resume {saved_hand}: the saved hand names"
        " who sits where"
    )


def test_resume_of_a_record_without_seats_uses_the_seating_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from lld.demonstrate import examples_directory

    folder = examples_directory()
    if folder is None:
        pytest.skip("no examples with this copy of lld")
    record = str(folder / "r05-three-players.lld")
    assert main(["play", "--resume", record, "--bots", "random"]) == 0
    assert "seat 2 (random 2)" in capsys.readouterr().out
    sys.stdin = io.StringIO("1\n" * 100)
    try:
        assert main(["play", "--resume", record, "--seat", "2"]) == 0
    finally:
        sys.stdin = sys.__stdin__
    assert "You are seat 2." in capsys.readouterr().out


# ------------------------------------------------------------ where to look for help


@pytest.mark.parametrize(
    ("command", "needed"),
    [("rules", ()), ("stakes", ()), ("deal", ()), ("play", ()), ("simulate", ()),
     ("replay", ("FILE",)), ("sources", ()), ("ruling", ("R1",)), ("audit", ()),
     ("handout", ("-o", "x.pdf"))],
)  # fmt: skip
def test_an_unknown_flag_after_a_command_points_to_that_command_s_help(
    capsys: pytest.CaptureFixture[str], command: str, needed: tuple[str, ...]
) -> None:
    # It pointed to 'lld --help', which does not list the command's flags.
    line = refused(capsys, command, *needed, "--no-such-flag")
    assert line == f"lld: unrecognized arguments: --no-such-flag (see 'lld {command} --help')"


def test_an_unknown_flag_before_the_command_points_to_lld_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = refused(capsys, "--no-such-flag", "rules")
    assert line == "lld: unrecognized arguments: --no-such-flag (see 'lld --help')"


def test_resume_keeps_the_parameters_of_saved_opponents(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand saved against bots with parameters is resumed against the same bots:
    the saved seat names are read as a seating, not replaced by the defaults."""
    from lld.hand_files import load_hand

    path = f"{tmp_path}/tuned.lld"
    opponents = "willughby:look_ahead=0"
    sys.stdin = io.StringIO("q\n")
    try:
        assert main(["play", "--seed", "5", "--opponents", opponents, "--save", path]) == 0
    finally:
        sys.stdin = sys.__stdin__
    capsys.readouterr()
    assert load_hand(path).seats[1] == f"{opponents} 1"
    # Naming other opponents is refused: the saved hand says who sits where.
    line = refused(capsys, "play", "--resume", path, "--opponents", "random")
    assert "the saved hand names who sits where" in line


# ---------------------------------------------------------------- strict play


def test_rules_strict_needs_a_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    # The listing of readings shows no options: --strict is refused, not dropped.
    line = refused(capsys, "rules", "--strict")
    assert line == "lld: --strict changes one ruleset: name it, as in 'lld rules parlett --strict'"


def test_rules_strict_shows_strict_play_s_settings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "parlett", "--strict", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"value": "laid_at_once"' in out
    assert main(["rules", "parlett", "--json"]) == 0
    assert '"value": "laid_at_once"' not in capsys.readouterr().out


def test_an_option_given_with_strict_overrides_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "parlett", "--strict", "--option", "hand_pairs_when=any_time"]) == 0
    out = capsys.readouterr().out
    assert "laid_at_once" not in out
    assert "pair_royal_capture=three_only" in out  # the rest of strict play stays


def test_strict_with_a_bad_option_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "deal", "--strict", "--option", "hand_pairs_when=never")
    assert "hand_pairs_when" in line
    assert "never" in line


def test_play_lists_one_rank_captures_and_says_several_rank_ones_may_be_typed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Under R45's several_ranks the ways to capture several ranks at once can run to
    thousands: the prompt numbers the others and says how many of these there are."""
    for seed in range(40):
        sys.stdin = io.StringIO("q\n")
        try:
            main(["play", "--ruleset", "parlett", "--option", "capture_ranks=several_ranks",
                  "--players", "3", "--seed", str(seed), "--dealer", "2"])  # fmt: skip
        finally:
            sys.stdin = sys.__stdin__
        out = capsys.readouterr().out
        if "to capture several ranks at once" in out:
            numbered = [line for line in out.splitlines() if line.startswith("  [")]
            assert numbered
            assert not [line for line in numbered if " + " in line]
            return
    raise AssertionError("no seed gave eldest a capture of several ranks at his first turn")

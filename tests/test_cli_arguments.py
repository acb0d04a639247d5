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

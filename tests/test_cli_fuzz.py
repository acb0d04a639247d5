"""Fuzzing the command line and the terminal game's prompt: any input gives a clear
result (exit 0, or one line on stderr and exit 2), never a traceback or a hang."""

from __future__ import annotations

import io
import sys

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from hang_guard import time_limit
from lld.cli import main

fuzz = settings(
    deadline=None,
    max_examples=40,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _run(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[int, str, str]:
    with time_limit():
        try:
            code = main(args)
        except SystemExit as stop:  # argparse's usage errors, and --help
            code = stop.code if isinstance(stop.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


def _clear(code: int, out: str, err: str) -> None:
    assert "Traceback" not in out + err
    assert code in (0, 2), (code, err)
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1, err
        assert lines[0].startswith("lld: "), err


# Typed lines: anything, and the awkward cases a keyboard or a paste gives.
typed_lines = st.lists(
    st.one_of(
        st.text(st.characters(blacklist_characters="\n\r"), max_size=40),
        st.sampled_from(["²", "٣", "½", "9" * 5000, "9" * 5000 + ": lie", "0: " + "9" * 5000,
                         "lay", "claim", "x", "lie lie", "save", "hint", "help", "0", "-1",
                         "1e9", " 1 ", "\x00", "\x1b[A"]),
    ),
    max_size=8,
)  # fmt: skip


@fuzz
@given(lines=typed_lines, seed=st.integers(0, 50))
def test_any_typed_line_is_answered(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lines: list[str], seed: int
) -> None:
    typed = "".join(f"{line}\n" for line in lines if not line.lower().startswith("save "))
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed + "q\n"))
    code, out, err = _run(capsys, ["play", "--ruleset", "parlett", "--seed", str(seed)])
    _clear(code, out, err)
    assert code == 0
    assert "left the table" in out or "result:" in out


WORDS = ["rules", "deal", "play", "stakes", "ruling", "sources", "simulate", "--ruleset",
         "--players", "--seed", "--dealer", "--option", "--bots", "--seat", "--opponents",
         "--json", "--hands", "--workers", "parlett", "sympkyn", "nosuch", "R14", "R99", "r3",
         "lie_down=voluntary", "lie_down=", "=x", "deal_5=none", "willughby", "random", "0",
         "1", "2", "3", "5", "8", "9", "-1", "9" * 5000, "²", "", "--", "-"]  # fmt: skip


@fuzz
@example(words=["rules", "rules", "\x85"])  # a line break inside an argument: still one line
@given(words=st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=8)), max_size=7))
def test_any_arguments_give_a_clear_result(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, words: list[str]
) -> None:
    if "simulate" in words:
        words = [*words, "--hands", "3", "--workers", "1"]  # the last --hands counts
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # a game here quits at once
    code, out, err = _run(capsys, words)
    _clear(code, out, err)

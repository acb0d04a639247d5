"""``lld play``'s prompt: its reminders, its help, and saving a hand from it."""

from __future__ import annotations

import io
import sys

import pytest

from lld.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, typed: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    return run(capsys, "play", "--ruleset", "parlett", "--seed", "5", "--seat", "1")


def test_the_prompt_s_help_and_reminders_name_save(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # In this hand (seed 1) seat 1 is offered a free move; both prompts list save.
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    code, out, err = run(capsys, "play", "--ruleset", "parlett", "--seed", "1", "--seat", "1")
    assert code == 0, err
    reminders = [line for line in out.splitlines() if "(help, hint" in line]
    assert any("a free move?" in line for line in reminders)
    assert any("your turn" in line for line in reminders)
    assert all("(help, hint, save FILE, q)>" in line for line in reminders), reminders

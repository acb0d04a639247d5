"""``lld play``'s prompt: its reminders, its help, and saving a hand from it."""

from __future__ import annotations

import io
import sys
from pathlib import Path

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


def test_save_at_the_prompt_does_not_overwrite_a_file_unless_told_to(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # 'save FILE' silently replaced a file that existed.
    kept = tmp_path / "kept.lld"
    kept.write_text("mine\n", encoding="utf-8")
    code, out, err = _play(capsys, monkeypatch, f"1\nsave {kept}\nq\n")
    assert code == 0, err
    assert f"  {kept} exists: 'save! {kept}' replaces it, or save under another name" in out
    assert kept.read_text(encoding="utf-8") == "mine\n"
    code, out, err = _play(capsys, monkeypatch, f"1\nsave! {kept}\nq\n")
    assert code == 0, err
    assert f"saved to {kept}; go on with: lld play --resume {kept}" in out
    assert kept.read_text(encoding="utf-8").startswith("# lld hand record")


def test_the_prompt_s_help_and_reminders_name_save(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from lld.cli.play_view import HELP

    assert "save! FILE replaces it" in HELP
    # In this hand (seed 1) seat 1 is offered a free move; both prompts list save.
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    code, out, err = run(capsys, "play", "--ruleset", "parlett", "--seed", "1", "--seat", "1")
    assert code == 0, err
    reminders = [line for line in out.splitlines() if "(help, hint" in line]
    assert any("a free move?" in line for line in reminders)
    assert any("your turn" in line for line in reminders)
    assert all("(help, hint, save FILE, q)>" in line for line in reminders), reminders

"""tools/install_stamp.py: ``./run play`` skips the reinstall only when nothing changed."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from module_from_file import load_module

TOOL = Path(__file__).resolve().parent.parent / "tools" / "install_stamp.py"

pytestmark = pytest.mark.skipif(not TOOL.exists(), reason="not a checkout (tools/ absent)")


def _tool() -> ModuleType:
    return load_module(TOOL, "install_stamp")


def _tree(root: Path) -> None:
    (root / "src" / "lld").mkdir(parents=True)
    (root / "src" / "lld" / "game.py").write_text("x = 1\n")
    (root / "sources").mkdir()
    (root / "examples").mkdir()
    (root / "pyproject.toml").write_text("[project]\n")


def test_the_stamp_is_current_until_a_source_file_changes(tmp_path: Path) -> None:
    tool = _tool()
    root, venv = tmp_path / "repo", tmp_path / "venv"
    _tree(root)
    venv.mkdir()
    assert not tool.is_current(venv, root)  # never installed
    tool.write(venv, root)
    assert tool.is_current(venv, root)
    (root / "src" / "lld" / "__pycache__").mkdir()
    (root / "src" / "lld" / "__pycache__" / "game.pyc").write_bytes(b"\0")
    assert tool.is_current(venv, root)  # bytecode is not a source
    (root / "src" / "lld" / "game.py").write_text("x = 2\n")
    assert not tool.is_current(venv, root)
    tool.write(venv, root)
    (root / "examples" / "new.lld").write_text("")
    assert not tool.is_current(venv, root)  # a new file counts too

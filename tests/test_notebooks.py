"""The notebooks in ``examples/`` (served with the site's cells) run on CPython too.

Each code cell runs in order in one namespace, as a kernel would run them, with
the cells' helpers (``docs/_lite/lld_cells``) importable; outside a notebook
their ``show`` prints instead of drawing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "examples").glob("*.ipynb"))


def test_there_are_notebooks() -> None:
    names = {p.name for p in NOTEBOOKS}
    assert {"step-through.ipynb", "replay-under.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs(
    path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "docs" / "_lite" / "lld_cells"))
    monkeypatch.delitem(sys.modules, "lld_cells", raising=False)
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    assert code, f"{path.name} has no code cells"
    namespace: dict[str, object] = {}
    for i, source in enumerate(code):
        exec(compile(source, f"{path.name}[{i}]", "exec"), namespace)
    printed = capsys.readouterr().out
    # Every notebook steps or replays a hand and names the rulings involved.
    assert "R14" in printed

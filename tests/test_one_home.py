"""One home for every fact: no ruling ID is written in the engine's code.

A ruling's ID lives in the registry (``sources/rulings.toml``); the code finds
it by the ruling's option, or by its key where it has no option
(:func:`lld.concordance.ruling_id`). So renumbering nothing and adding a ruling
touch the data, not the modules that carry the rules out.

Docstrings are documentation (their examples name rulings as a reader would),
and the registry's loader (``lld.concordance``) reads IDs as data; every other
string in ``src/lld`` is checked, f-strings' literal parts included.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "lld"
#: A ruling ID as it would be written in code: R and a number, a word of its own.
RULING_ID = re.compile(r"\bR[1-9][0-9]*\b")
#: An option's ``name=value`` written out: an identifier, ``=``, an identifier.
ASSIGNMENT = re.compile(r"\b[a-z]+_[a-z_0-9]*=[a-z_0-9]+\b")
LOADER = SRC / "concordance"


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that stand alone as statements: docstrings, and
    strings documenting what follows them. Neither is code."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def strings_in(path: Path) -> list[tuple[int, str]]:
    """Every string literal in ``path``'s code, with its line, docstrings aside."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    skip = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
    ]


def engine_modules() -> list[Path]:
    return [p for p in sorted(SRC.rglob("*.py")) if LOADER not in p.parents]


def found(pattern: re.Pattern[str]) -> list[str]:
    return [
        f"{path.relative_to(SRC.parent)}:{line}: {text!r}"
        for path in engine_modules()
        for line, text in strings_in(path)
        if pattern.search(text)
    ]


def test_no_ruling_id_is_written_in_the_engine_code() -> None:
    assert found(RULING_ID) == []


def test_no_option_setting_is_written_out_in_the_engine_code() -> None:
    """A refusal names the option behind it from the ruleset
    (:func:`lld.ruleset.setting`), not from text that could drift from it."""
    assert found(ASSIGNMENT) == []


@pytest.mark.parametrize(
    ("code", "caught"),
    [
        ('raise IllegalMoveError(move, "no", "R12")', True),
        ('log(("R30", seat, BONUS, 0, 0, 5))', True),
        ('why = f"laid only as R19 says, {x}"', True),
        ('def f():\n    """As R12 says."""\n', False),
        ("#: R12\nx = 1\n", False),
        ('return "a capture", R_CAPTURE, setting(rules, "lie_down")', False),
        ('return "x", rule, "lie_down=forced"', None),  # an assignment, not an ID
    ],
)
def test_the_check_sees_what_it_should(tmp_path: Path, code: str, caught: bool | None) -> None:
    path = tmp_path / "module.py"
    path.write_text(code + "\n", "utf-8")
    texts = [text for _line, text in strings_in(path)]
    assert any(RULING_ID.search(t) for t in texts) is bool(caught)
    if caught is None:
        assert any(ASSIGNMENT.search(t) for t in texts)

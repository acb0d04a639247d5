"""No module reads or writes another object's private attributes.

Each object owns its state: ``x._name`` is written only where ``x`` is ``self``
or ``cls`` (or a name the module itself defines at its top level, such as its
own class), so that the game's state has one owner (:class:`lld.game.Game`) and
the read-model reads it through the game's public attributes. Dunder names are
not private; nor are a named tuple's ``_make``, ``_replace``, ``_asdict``,
``_fields`` and ``_field_defaults`` (its public API, underscored so as not to
clash with field names), nor IPython's display hooks (``_repr_html_`` and the
like). The few exceptions are listed in :data:`ALLOWED`, each with its reason.

The source is read with :mod:`ast`, so every access is found, called or not.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The code checked: the engine, and the site's Sphinx extension and cells.
CHECKED = (ROOT / "src" / "lld", ROOT / "docs" / "_ext", ROOT / "docs" / "_lite" / "lld_cells")

#: A named tuple's public methods and attributes, and IPython's display hooks.
PUBLIC_UNDERSCORED = re.compile(r"_(make|replace|asdict|fields|field_defaults)|_repr_\w+_")

#: (file from the top of the repository, the access as written) -> why it is allowed.
ALLOWED: dict[tuple[str, str], str] = {
    ("src/lld/ledger.py", "other._raw"): (
        "Ledger.copy fills in a new ledger of its own class without __init__ (every hand"
        " starts from a copy)"
    ),
    ("docs/_ext/lld_docs/cli.py", "parser._actions"): (
        "argparse has no public API listing a parser's options and subcommands"
    ),
    ("docs/_ext/lld_docs/cli.py", "action._choices_actions"): (
        "argparse has no public API listing a parser's subcommands with their help"
    ),
    ("docs/_ext/lld_docs/cli.py", "argparse._SubParsersAction"): (
        "argparse's subcommands are told apart by this class only"
    ),
    ("docs/_ext/lld_docs/cli.py", "argparse._HelpAction"): (
        "argparse's --help is told apart by this class only"
    ),
}


def top_level_names(tree: ast.Module) -> set[str]:
    """The names a module binds at its top level (its classes, functions, globals)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return names


def is_private(name: str) -> bool:
    dunder = name.startswith("__") and name.endswith("__")
    return name.startswith("_") and not dunder and not PUBLIC_UNDERSCORED.fullmatch(name)


def private_accesses(source: str, filename: str = "<source>") -> list[tuple[int, str]]:
    """Each ``x._name`` in ``source`` where ``x`` is neither ``self``, ``cls`` nor a
    name of the module's own top level: (line, the access as written)."""
    tree = ast.parse(source, filename)
    own = top_level_names(tree) | {"self", "cls"}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_private(node.attr):
            if isinstance(node.value, ast.Name) and node.value.id in own:
                continue
            found.append((node.lineno, f"{ast.unparse(node.value)}.{node.attr}"))
    return sorted(found)


def checked_files() -> list[Path]:
    return [p for root in CHECKED for p in sorted(root.rglob("*.py"))]


def test_the_checker_reads_every_module() -> None:
    files = {p.relative_to(ROOT).as_posix() for p in checked_files()}
    assert {"src/lld/game.py", "src/lld/playout.py", "docs/_ext/lld_docs/cli.py"} <= files
    assert any(f.startswith("docs/_lite/lld_cells/") for f in files)


def test_no_module_touches_another_objects_private_attributes() -> None:
    seen: set[tuple[str, str]] = set()
    wrong = []
    for path in checked_files():
        where = path.relative_to(ROOT).as_posix()
        for line, access in private_accesses(path.read_text(encoding="utf-8"), str(path)):
            if (where, access) in ALLOWED:
                seen.add((where, access))
            else:
                wrong.append(f"{where}:{line}: {access}")
    assert not wrong, "private attributes of another object:\n" + "\n".join(wrong)
    assert seen == set(ALLOWED), f"allowed but no longer there: {sorted(set(ALLOWED) - seen)}"


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("def f(game):\n    return game._dead\n", ["game._dead"]),
        ("def f(game):\n    game.ledger._raw.append(1)\n", ["game.ledger._raw"]),
        ("class A:\n    def f(self):\n        return self._x, type(self)._y\n", ["type(self)._y"]),
        ("class A:\n    @classmethod\n    def f(cls):\n        return cls._x\n", []),
        ("class A:\n    _x = 1\n\ndef f():\n    return A._x\n", []),
        ("def f(e, t):\n    return e._replace(a=1), t._asdict(), e.__class__\n", []),
        ("def f(o):\n    return o._repr_html_()\n", []),
        ("import os\n\ndef f():\n    return os._exit\n", ["os._exit"]),  # not its own
    ],
)
def test_the_checker(source: str, found: list[str]) -> None:
    assert [access for _, access in private_accesses(source)] == found

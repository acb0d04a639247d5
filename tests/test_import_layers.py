"""No import loop among lld's modules: data flows one way, each layer importing
only those below it (the registry, options and rulesets, presets, the game,
the read-model, then the front ends).

The graph is read from the source (every ``import`` statement, those inside
functions and under ``if TYPE_CHECKING:`` too), not from ``sys.modules``, so a
loop hidden behind a function call is found without calling it. An import for
type checking only never runs, but it says that the module knows of the one it
names: a loop through one is a loop of dependence all the same, and is broken
as any other (the type moved to a lower module, or a Protocol).
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"


def module_name(path: Path, src: Path) -> str:
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = SRC / "lld") -> dict[str, Path]:
    return {module_name(p, root.parent): p for p in sorted(root.rglob("*.py"))}


class _Imports(ast.NodeVisitor):
    """The lld modules one module imports, wherever the statement stands."""

    def __init__(self, name: str, is_package: bool, known: set[str]) -> None:
        self.package = name if is_package else name.rpartition(".")[0]
        self.known = known
        self.found: set[str] = set()

    def _add(self, target: str) -> None:
        if target in self.known:
            self.found.add(target)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            anchor = self.package.split(".")
            anchor = anchor[: len(anchor) - (node.level - 1)]
            base = ".".join([*anchor, base] if base else anchor)
        for alias in node.names:
            # `from lld.cli import common` imports the module lld.cli.common;
            # `from lld.cards import count` imports the module lld.cards.
            submodule = f"{base}.{alias.name}"
            self._add(submodule if submodule in self.known else base)


def import_graph(root: Path = SRC / "lld") -> dict[str, set[str]]:
    """Each module's lld imports (a package's own submodules imported by it count)."""
    found = modules(root)
    known = set(found)
    graph: dict[str, set[str]] = {}
    for name, path in found.items():
        visitor = _Imports(name, path.name == "__init__.py", known)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        graph[name] = visitor.found - {name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import loop, as the list of modules round it, or ``None``."""
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as exc:
        return list(exc.args[1])
    return None


def test_the_graph_is_read() -> None:
    graph = import_graph()
    # Known edges, so that a reader that finds nothing cannot pass.
    assert "lld.ruleset" in graph["lld.presets"]
    assert "lld.cards" in graph["lld.game"]
    assert "lld.concordance" in graph["lld.ruleset"]  # a lazy import, inside a function
    assert "lld.game" in graph["lld.position"]  # under `if TYPE_CHECKING:`
    assert "lld.cli.common" in set().union(*graph.values())


def test_no_import_loop_among_lld_modules() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import loop: " + " -> ".join(cycle or [])


#: The read-model and the front ends: the layers above the game.
ABOVE_THE_GAME = ("lld.position", "lld.observation", "lld.replay", "lld.tournament",
                  "lld.reports", "lld.drawing", "lld.cli", "lld.handout")  # fmt: skip


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for imported in graph[todo.pop()] - seen:
            seen.add(imported)
            todo.append(imported)
    return seen


def test_the_game_imports_nothing_above_it() -> None:
    """The game reaches the read-model through no import, lazy or not: the read-model
    builds positions and observations from a game (Position.of, Observation.of)."""
    graph = import_graph()
    assert all(any(m == a or m.startswith(a + ".") for m in graph) for a in ABOVE_THE_GAME)
    above = {m for m in reachable(graph, "lld.game") if m.startswith(ABOVE_THE_GAME)}
    assert not above, f"lld.game imports {sorted(above)}"


@pytest.mark.parametrize(
    ("sources", "loop"),
    [
        ({"a": "from . import b\n", "b": "def f():\n    from .a import x\n"}, True),
        ({"a": "import pkg.b\n", "b": "from pkg import c\n", "c": "import pkg.a\n"}, True),
        (
            {
                "a": "import typing\nif typing.TYPE_CHECKING:\n    from pkg.b import B\n",
                "b": "from pkg.a import x\n",
            },
            True,
        ),
        ({"a": "from pkg.b import x\n", "b": "import os\n"}, False),
    ],
)
def test_the_checker_finds_loops(tmp_path: Path, sources: dict[str, str], loop: bool) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, text in sources.items():
        (package / f"{name}.py").write_text(text)
    graph = import_graph(package)
    assert (find_cycle(graph) is not None) is loop, graph

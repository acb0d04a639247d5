"""The golden playthroughs: the engine's transcript of every example under every
preset must be the one kept in ``tests/golden/`` (see its README).

A test here never writes a file. When the engine's behaviour changes on
purpose, ``python tools/golden.py --write`` rewrites the transcripts, and a
person reviews their diff before committing it.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

from lld.cards import FULL_DECK, parse_cards
from lld.presets import PRESETS
from playthroughs import GOLDEN, HEADER, SUFFIX, expected_files, mismatch, transcript

EXPECTED = expected_files()
#: How much of a diff a failure shows.
DIFF_LINES = 120
REGENERATE = (
    "if the engine is right, run `python tools/golden.py --write` and review the diff"
    " (`git diff tests/golden`) before committing it"
)


def _shown(diff: str) -> str:
    lines = diff.splitlines()
    if len(lines) <= DIFF_LINES:
        return diff
    return "\n".join([*lines[:DIFF_LINES], f"... ({len(lines) - DIFF_LINES} more diff lines)"])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_playthrough(name: str) -> None:
    path = GOLDEN / name
    if not path.is_file():
        pytest.fail(f"tests/golden/{name} is missing; {REGENERATE}", pytrace=False)
    example, preset = EXPECTED[name]
    diff = mismatch(name, path.read_text(encoding="utf-8"), transcript(example, preset))
    if diff:
        pytest.fail(
            f"the engine's playthrough differs:\n{_shown(diff)}\n{REGENERATE}", pytrace=False
        )


def test_no_golden_file_is_left_over() -> None:
    left = sorted(p.name for p in GOLDEN.glob(f"*{SUFFIX}") if p.name not in EXPECTED)
    assert not left, f"no example or preset asks for {', '.join(left)}; {REGENERATE}"


def test_every_example_has_a_playthrough_per_preset() -> None:
    by_example: defaultdict[str, set[str]] = defaultdict(set)
    for example, preset in EXPECTED.values():
        by_example[example.name].add(preset)
    assert len(by_example) >= 30
    assert all(presets == set(PRESETS) for presets in by_example.values())


def test_the_comparison_shows_the_changed_line() -> None:
    name = "r14-pair-royal-one-of-three.du-coeur.txt"
    kept = (GOLDEN / name).read_text(encoding="utf-8")
    changed = kept.replace("1 seat 1 free: claim 7C 7D\n", "")
    diff = mismatch(name, changed, kept)
    assert "+1 seat 1 free: claim 7C 7D" in diff.splitlines()
    assert mismatch(name, kept, kept) == ""


# ------------------------------------------------------------------ the files themselves
#
# These read the kept files with no help from the engine, so they check the
# read-model's observations against facts of the game that need no rules:
# every card is in exactly one place, each seat sees its own hand's size, the
# stakes moved add up, and every file ends by saying how the replay ended.

_STEP_FACT = re.compile(r"(\d+) (.+?): (.*)")


def _steps(text: str) -> dict[int, dict[str, str]]:
    by_step: defaultdict[int, dict[str, str]] = defaultdict(dict)
    for line in text.splitlines()[1:]:
        found = _STEP_FACT.fullmatch(line)
        if found and not found[2].startswith(("event ", "move", "options")):
            by_step[int(found[1])][found[2]] = found[3]
    return dict(by_step)


def _cards(value: str) -> int:
    return 0 if value == "-" else parse_cards(value)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_file_keeps_the_pack_whole_and_the_stakes_balanced(name: str) -> None:
    path = GOLDEN / name
    if not path.is_file():
        pytest.skip("missing: test_golden_playthrough fails for it")
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == HEADER
    assert lines[-1].startswith("end "), "the last entry says how the replay ended"
    if lines[-1].startswith("end illegal: "):
        assert re.search(r"rule R\d+, option \S+, reason: .", lines[-1])
    players = int(next(line for line in lines if line.startswith("players: ")).split(": ")[1])
    for step, facts in _steps(text).items():
        places = [facts["table"], facts.get("aside", "-")]
        places += [facts[f"won {s}"] for s in range(players)]
        places += [facts[f"seat {s} hand"] for s in range(players)]
        seen = 0
        for place in places:
            cards = _cards(place)
            assert not seen & cards, f"step {step}: a card is in two places"
            seen |= cards
        assert seen == FULL_DECK, f"step {step}: cards are missing"
        sizes = [int(n) for n in facts["hand_sizes"].split()]
        own = [_cards(facts[f"seat {s} hand"]).bit_count() for s in range(players)]
        assert sizes == own, f"step {step}: the public hand sizes are not the hands'"
        net = [int(x) for x in facts["net"].split()]
        assert sum(net) + int(facts["pot"]) == 0, f"step {step}: stakes appear or vanish"
        assert not any(f.startswith("seat ") and " sees " in f for f in facts), (
            f"step {step}: the seats see different public facts"
        )


def test_playthroughs_use_only_the_public_read_model() -> None:
    """The transcripts must not compute rules or read the engine's insides."""
    source = Path(__file__).with_name("playthroughs.py").read_text(encoding="utf-8")
    private = [
        node.attr
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
    ]
    imported = [
        alias.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("lld")
        for alias in node.names
        if alias.name.startswith("_")
    ]
    assert not private + imported, f"private names used: {private + imported}"

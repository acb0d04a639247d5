"""The game's state is declared once (lld.game.FIELDS), and a copy shares none of it
that a move could change: checked field by field, for every field there is, so that
a field added later is covered without a word here."""

from __future__ import annotations

import dataclasses
import random
from enum import Enum
from typing import Any

import pytest

from lld.game import DROPPED, FIELDS, RULESET, SAME, Game
from lld.playout import random_playout
from lld.presets import PRESETS, ruleset
from lld.rule_tables import compiled
from positions import random_moves


def immutable(value: object) -> bool:
    """Whether nothing reachable from ``value`` can be changed in place."""
    if value is None or isinstance(value, (bool, int, float, str, Enum)):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(immutable(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        frozen = getattr(type(value), "__dataclass_params__").frozen  # noqa: B009 (untyped)
        return frozen and all(immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


def mutable_parts(value: object, found: dict[int, object] | None = None) -> dict[int, object]:
    """Every object reachable from ``value`` that can be changed in place, by id."""
    found = {} if found is None else found
    if immutable(value) or id(value) in found:
        return found
    if isinstance(value, (tuple, frozenset)):
        for v in value:
            mutable_parts(v, found)
        return found
    found[id(value)] = value
    if isinstance(value, dict):
        for k, v in value.items():
            mutable_parts(k, found)
            mutable_parts(v, found)
    elif isinstance(value, (list, set)):
        for v in value:
            mutable_parts(v, found)
    else:
        for name in getattr(type(value), "__slots__", ()):
            mutable_parts(getattr(value, name), found)
        for v in getattr(value, "__dict__", {}).values():
            mutable_parts(v, found)
    return found


def plain(value: Any) -> Any:
    """``value`` as plain comparable data (a ledger, say, by its slots)."""
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return sorted((plain(k), plain(v)) for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return sorted(plain(v) for v in value)
    if hasattr(type(value), "__slots__") and not isinstance(value, Game):
        return [(n, plain(getattr(value, n))) for n in type(value).__slots__]
    return value


def state(game: Game) -> dict[str, Any]:
    """Every field a move may change, as plain data."""
    return {
        name: plain(getattr(game, name))
        for name, how in FIELDS.items()
        if how not in (RULESET, DROPPED)
    }


#: Every preset, a few deals of each.
CASES = [(name, seed) for name in sorted(PRESETS) for seed in range(6)]


def midgame(name: str, seed: int) -> Game:
    """A game stopped at a random point (free moves and all)."""
    players = PRESETS[name].players[seed % len(PRESETS[name].players)]
    game = Game.new(ruleset(name), players, seed)
    rng = random.Random(seed)
    random_moves(game, rng, rng.randrange(0, 30))
    return game


def test_every_slot_is_declared_with_how_it_is_copied() -> None:
    assert Game.__slots__ == tuple(FIELDS)
    for name, how in FIELDS.items():
        assert how in (SAME, RULESET, DROPPED) or callable(how), name
    game = midgame("parlett", 0)
    for name in FIELDS:
        getattr(game, name)  # every field is set


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_shared_fields_are_immutable_or_the_rulesets(name: str, seed: int) -> None:
    game = midgame(name, seed)
    tables = compiled(game.rules)
    owned = {id(game.rules), *map(id, tables)}
    for name, how in FIELDS.items():
        value = getattr(game, name)
        if how == SAME:
            assert immutable(value), f"{name} is shared by copies but can change: {value!r}"
        elif how == RULESET:
            assert id(value) in owned, f"{name} is not the ruleset's"


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_a_copy_shares_nothing_a_move_changes(name: str, seed: int) -> None:
    game = midgame(name, seed)
    twin = game.copy()
    for name, how in FIELDS.items():
        if how == RULESET:
            continue
        shared = mutable_parts(getattr(game, name)).keys() & mutable_parts(getattr(twin, name))
        assert not shared, f"{name}: the copy shares {shared}"
    assert state(twin) == state(game)


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_playing_on_in_a_copy_leaves_the_original_alone_and_back(name: str, seed: int) -> None:
    game = midgame(name, seed)
    before = state(game)
    twin = game.copy()
    random_playout(twin, random.Random(1))
    assert twin.over
    assert twin.complete
    assert state(game) == before, "playing on in the copy changed the original"
    # And the other way round: the copy is left alone when the original plays on.
    twin = game.copy()
    random_playout(game, random.Random(2))
    assert state(twin) == before, "playing on in the original changed the copy"
    # The copy still plays on exactly as the original did.
    random_playout(twin, random.Random(2))
    assert state(twin) == state(game)

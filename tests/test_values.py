"""Rulesets, positions and observations are values (issue 23).

Each is immutable and hashable, equal to another exactly when it holds the same
information, and holds nothing else: no cache learned from a hand, nothing
shared with the game it was read from.
"""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from lld.game import Game
from lld.playout import random_playout
from lld.presets import PRESETS, ruleset
from lld.rule_tables import compiled
from lld.ruleset import Ruleset
from positions import random_moves

FIELD_NAMES = {f.name for f in dataclasses.fields(Ruleset)}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_ruleset_holds_its_fields_and_nothing_else(name: str) -> None:
    rules = PRESETS[name]
    for players in rules.players:
        random_playout(Game.new(rules, players, seed=players), random.Random(players))
    assert vars(rules).keys() == FIELD_NAMES
    derived = rules.replace(lie_down="voluntary")
    assert vars(derived).keys() == FIELD_NAMES


def test_rulesets_are_equal_and_hash_alike_by_value() -> None:
    a = ruleset("parlett", lie_down="voluntary")
    b = ruleset("parlett").replace(lie_down="voluntary")
    assert a == b
    assert hash(a) == hash(b)
    assert {a: 1}[b] == 1
    assert a != ruleset("parlett")
    assert pickle.loads(pickle.dumps(a)) == a
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.lie_down = "forced"  # type: ignore[misc]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_ruleset_built_field_by_field_is_the_preset(name: str) -> None:
    """A ruleset with a preset's name and options is that preset: equal, the same
    hash, the same repr and description. The name is part of the value."""
    preset = PRESETS[name]
    twin = Ruleset(**dataclasses.asdict(preset))
    assert twin is not preset
    assert twin == preset
    assert hash(twin) == hash(preset)
    assert repr(twin) == repr(preset) == f"ruleset({name!r})"
    assert twin.described() == preset.described()
    renamed = dataclasses.replace(preset, name="mine")
    assert renamed != preset
    assert renamed.options() == preset.options()


def test_the_repr_lists_what_differs_from_the_named_reading_by_value() -> None:
    rules = Ruleset(**{**dataclasses.asdict(PRESETS["caidis"]), "deal_3": None})
    assert repr(rules) == "ruleset('caidis', deal_3=None)"
    assert rules.described() == "ruleset caidis with deal_3=none"
    assert eval(repr(rules), {"ruleset": ruleset}) == rules


def test_compiled_tables_are_kept_by_value_and_learn_nothing_from_hands() -> None:
    rules = ruleset("reconstruction")
    tables = compiled(rules)
    assert compiled(Ruleset(**dataclasses.asdict(rules))) is tables
    sizes = [len(by_key) for by_key in tables.capture_moves]
    for seed in range(20):
        random_playout(Game.new(rules, 5, seed), random.Random(seed))
    assert [len(by_key) for by_key in tables.capture_moves] == sizes
    assert compiled(rules) == tables


# ------------------------------------------------------------ positions and observations


def _two_games(name: str, seed: int, moves: int) -> tuple[Game, Game]:
    """Two games of the same deal, the same ``moves`` random moves played in each."""
    rules = PRESETS[name]
    players = rules.players[seed % len(rules.players)]
    game, twin = Game.new(rules, players, seed), Game.new(ruleset(name).replace(), players, seed)
    for move in random_moves(game, random.Random(seed), moves):
        twin.play(move)
    return game, twin


CASES = [(name, seed, moves) for name in sorted(PRESETS) for seed, moves in ((1, 0), (2, 9))]


@pytest.mark.parametrize(("name", "seed", "moves"), CASES)
def test_observations_are_values(name: str, seed: int, moves: int) -> None:
    from lld.observation import Observation

    game, twin = _two_games(name, seed, moves)
    taken = [Observation.of(game, seat) for seat in range(game.n)]
    hashes = [hash(o) for o in taken]
    kept = pickle.loads(pickle.dumps(taken))
    # Equal by content: the same seat with the same information, from another game.
    for seat, o in enumerate(taken):
        assert o == Observation.of(twin, seat)
        assert hash(o) == hash(Observation.of(twin, seat))
        assert {o: seat}[Observation.of(twin, seat)] == seat
    assert len(set(taken)) == game.n  # the seats see different things
    # The game plays on: nothing already taken changes.
    random_playout(game, random.Random(seed))
    assert game.over
    assert taken == kept
    assert [hash(o) for o in taken] == hashes
    for seat, o in enumerate(taken):
        assert o == Observation.of(twin, seat)
        assert o != Observation.of(game, seat)


@pytest.mark.parametrize(("name", "seed", "moves"), CASES)
def test_positions_are_values(name: str, seed: int, moves: int) -> None:
    from lld.position import Position

    game, twin = _two_games(name, seed, moves)
    position = Position.of(game)
    claims, lays, ending = position.claims, position.lays, position.ending()
    assert position == Position.of(twin)
    assert hash(position) == hash(Position.of(twin))
    assert {position: 1}[Position.of(twin)] == 1
    random_playout(game, random.Random(seed))
    assert position == Position.of(twin)
    assert position != Position.of(game)
    assert (position.claims, position.lays, position.ending()) == (claims, lays, ending)
    assert vars(position).keys() == {f.name for f in dataclasses.fields(Position)}
    with pytest.raises(dataclasses.FrozenInstanceError):
        position.turns = 0  # type: ignore[misc]

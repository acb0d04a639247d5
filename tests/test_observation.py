"""``lld.observation``: what one seat can know, and that nothing hidden reaches a bot."""

from __future__ import annotations

import ast
import gc
import random
import types
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lld.bots
from lld.bots import make_bot
from lld.cards import count
from lld.deal import Deal
from lld.game import Game
from lld.moves import LIE, Move
from lld.observation import Choose, Free, Observation, sample
from lld.playout import drive as real_drive
from lld.playout import in_rotation, run
from lld.position import Position
from lld.presets import PRESETS, ruleset
from lld.tournament import play_tournament
from positions import position, random_moves

BOTS_DIR = Path(lld.bots.__file__).parent
T = TypeVar("T")


def midgame(name: str, seed: int, moves: int) -> Game:
    players = PRESETS[name].players
    game = Game.new(ruleset(name), players[seed % len(players)], seed)
    random_moves(game, random.Random(seed), moves)
    return game


cases = st.tuples(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**32), st.integers(0, 40))


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` by references, as gc sees them, except
    the shared machinery every object reaches (classes, modules, functions, code)."""
    seen: dict[int, object] = {}
    stack = [root]
    skip = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.CodeType)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
        if isinstance(obj, tuple):  # gc does not list the items of untracked tuples
            stack.extend(obj)
    return list(seen.values())


def assert_nothing_hidden(observation: Observation, game: Game) -> None:
    seat = observation.seat
    hidden = sum(h for s, h in enumerate(game.hands) if s != seat)
    for obj in reachable(observation):
        assert not isinstance(obj, (Game, Deal)), f"{type(obj).__name__} is reachable"
        assert obj is not game.hands
        assert obj is not game.deal.hands
        # Below 256 a mask (the aces and twos) cannot be told from a count or a
        # seat; the moves are checked whatever their cards.
        if isinstance(obj, int) and not isinstance(obj, bool) and obj > 255:
            assert not obj & hidden, f"a mask holding hidden cards is reachable: {obj:#x}"
        if isinstance(obj, Move):
            assert obj.seat == seat, f"another seat's move is reachable: {obj}"
            assert not obj.cards & hidden, f"a move with hidden cards is reachable: {obj}"


class Inspector:
    """A random bot that walks every observation it is handed before it decides."""

    name = "inspector"

    def __init__(self, seat: int, game: Game) -> None:
        self.bot, self.game, self.asked = make_bot("random", seat), game, 0

    def choose(self, o: Observation) -> Move:
        assert_nothing_hidden(o, self.game)
        self.asked += 1
        return self.bot.choose(o)

    def free(self, o: Observation) -> Move | None:
        assert_nothing_hidden(o, self.game)
        self.asked += 1
        return self.bot.free(o)


@settings(max_examples=40, deadline=None)
@given(cases)
def test_no_hidden_card_is_reachable_from_an_observation(case: tuple[str, int, int]) -> None:
    """Neither from Observation.of, nor from any observation the driver hands a bot
    (turn and free moves, dead groups, lie-downs, the ledger: the hand is played
    out from the middle, so each path is taken wherever the hand takes it)."""
    name, seed, moves = case
    game = midgame(name, seed, moves)
    for seat in range(game.n):
        assert_nothing_hidden(Observation.of(game, seat), game)
    bots = [Inspector(seat, game) for seat in range(game.n)]
    run(game, bots)
    assert game.over
    assert sum(b.asked for b in bots) >= (moves == 0)  # a fresh hand asks at least once


@pytest.mark.parametrize("name", ["caidis", "du-coeur"])  # caidis: lie-downs pay (R23)
def test_no_hidden_card_is_reachable_in_a_tournament(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tournament looks its bots' methods up once and drives every hand itself:
    walk everything its bots are handed there too."""
    walked: list[int] = []

    def drive(game: Game, chooses: list[Choose], frees: list[Free]) -> Game:
        def inspecting(ask: Callable[[Observation], T]) -> Callable[[Observation], T]:
            def asked(o: Observation) -> T:
                assert_nothing_hidden(o, game)
                walked.append(o.seat)
                return ask(o)

            return asked

        return real_drive(game, list(map(inspecting, chooses)), list(map(inspecting, frees)))

    monkeypatch.setattr("lld.tournament.drive", drive)
    players = PRESETS[name].players[0]
    play_tournament(ruleset(name), ["random"] * players, 2 * players, seed=5, workers=1)
    assert len(set(walked)) == players


def test_the_walk_finds_a_hidden_hand_when_there_is_one() -> None:
    """The check above can fail: an object that does hold another hand is caught."""
    game = midgame("parlett", 3, 2)
    leaky = Observation.of(game, 0)._replace(turn_moves=(Move("lay", 1, game.hands[1], 0),))
    with pytest.raises(AssertionError, match="another seat's move"):
        assert_nothing_hidden(leaky, game)
    with pytest.raises(AssertionError, match="hidden cards"):
        assert_nothing_hidden(Observation.of(game, 0)._replace(fresh=(game.hands[2],)), game)
    with pytest.raises(AssertionError, match="Game is reachable"):
        assert_nothing_hidden(Observation.of(game, 0)._replace(free_moves=(game,)), game)  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(cases)
def test_an_observation_depends_only_on_what_the_seat_can_see(case: tuple[str, int, int]) -> None:
    """Deal the hidden cards otherwise: the seat's observation does not change."""
    name, seed, moves = case
    game = midgame(name, seed, moves)
    if game.over:
        return
    for seat in range(game.n):
        seen = Observation.of(game, seat)
        world = sample(seen, random.Random(seed))
        assert Observation.of(world, seat) == seen
        assert world.hands[seat] == game.hands[seat]
        assert [count(h) for h in world.hands] == [count(h) for h in game.hands]
        # The world's deal is its hands with what each seat has played since.
        assert Position.of(Game.from_deal(world.rules, world.deal)).hands == world.deal.hands


@settings(max_examples=40, deadline=None)
@given(cases)
def test_what_an_observation_reads_from_the_log_is_the_games(case: tuple[str, int, int]) -> None:
    name, seed, moves = case
    game = midgame(name, seed, moves)
    p = Position.of(game)
    for seat in range(game.n):
        o = Observation.of(game, seat)
        assert o.hand_sizes == p.hand_sizes
        assert o.out == p.out
        assert o.lie_downs == p.lie_downs
        assert o.dead == p.dead
        assert (o.net, o.pot, o.aside, o.last_player) == (p.net, p.pot, p.aside, p.last_player)
        assert o.events == p.events
        assert o.moves == p.moves
        assert (o.table, o.won, o.turns, o.to_play) == (p.table, p.won, p.turns, p.to_play)
        assert o.fresh == tuple(r for s, r in p.fresh if s == seat)
        assert o.free_moves == tuple(game.free_moves(seat))


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_lie_downs_cards_are_the_hand_it_held(name: str) -> None:
    """What a seat's lie-down put on the table (R22) is the hand it held just before."""
    lay_downs = 0
    for seed in range(40):
        game = midgame(name, seed, 0)
        rng = random.Random(seed)
        held: dict[int, int] = {}
        while True:
            options = list(game.turn_moves())
            for seat in game.free_seats():
                options += game.free_moves(seat)
            move = options[int(rng.random() * len(options))]
            if move.kind == LIE:
                held[move.seat] = game.hands[move.seat]
            game.play(move)
            if game.over:
                break
            expected = tuple(held.get(s, 0) for s in range(game.n))
            assert Position.of(game).lie_downs == expected
            assert Observation.of(game, 0).lie_downs == expected
        lay_downs += len(held)
    assert lay_downs


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_games_public_state_is_another_object_at_every_change(name: str) -> None:
    """An Observer makes its observations' context afresh only when the public log
    has grown and Game.public_state is another object: every move that changes
    the dead groups, the lie-downs or the ledger, the settlement included, is
    logged and gives a new one."""
    changes = 0
    for seed in range(40):
        game = midgame(name, seed, 0)
        rng = random.Random(seed)
        before, logged = game.public_state, len(game.log)
        assert before == (game.dead_groups, game.lie_downs, game.ledger.rows)
        while not game.over:
            options = list(game.turn_moves())
            for seat in game.free_seats():
                options += game.free_moves(seat)
            game.play(options[int(rng.random() * len(options))])
            now = game.public_state
            assert now == (game.dead_groups, game.lie_downs, game.ledger.rows)
            if now != before:
                assert now is not before, (seed, game.moves[-1])
                assert len(game.log) > logged, (seed, game.moves[-1])
                changes += 1
            before, logged = now, len(game.log)
    assert changes


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_hand_starts_with_the_deals_public_state(name: str) -> None:
    """A hand dealt at a table starts with the public state made once with its antes
    (shared by every hand at that table and dealer), unless the deal itself leaves
    a dead group: a mournival on the table that the dealer does not take (R11)."""
    rules = ruleset(name)
    mournival = position(rules, ["8C 2C", "9C 3C", "TC 4C"], "7C 7D 7H 7S 8D 9D TD")
    for game in (Game.new(rules, rules.players[0], 1), Game.new(rules, rules.players[0], 2),
                 mournival):  # fmt: skip
        assert game.public_state == (game.dead_groups, game.lie_downs, game.ledger.rows)
        assert Observation.of(game, 0).dead == game.dead_groups
    assert bool(mournival.dead_groups) == (rules.table_mournival != "dealer_takes")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_drivers_observations_are_the_full_ones(name: str) -> None:
    """What run() hands a bot is Observation.of, less the kind of move not asked for."""
    seen: list[tuple[Observation, Observation]] = []

    class Spy:
        name = "spy"

        def __init__(self, seat: int, game: Game) -> None:
            self.bot, self.game = make_bot("random", seat), game

        def choose(self, o: Observation) -> Move:
            seen.append((o, Observation.of(self.game, o.seat)._replace(free_moves=())))
            return self.bot.choose(o)

        def free(self, o: Observation) -> Move | None:
            seen.append((o, Observation.of(self.game, o.seat)._replace(turn_moves=())))
            return self.bot.free(o)

    for seed in range(15):
        players = PRESETS[name].players
        game = Game.new(ruleset(name), players[seed % len(players)], seed)
        run(game, [Spy(s, game) for s in range(game.n)])
    assert seen
    for given_, full in seen:
        assert given_ == full


def test_free_moves_are_offered_with_observations_in_rotation() -> None:
    """Only the seats holding a free move are asked, from the seat to play round."""
    game = midgame("du-coeur", 10, 0)  # seats 1 and 2 hold pairs to lay, 0 and 3 nothing
    assert [s for s in range(game.n) if game.free_moves(s)] == [1, 2]
    got: list[Observation] = []

    class Stop(Exception):
        pass

    class Pass:
        name = "pass"

        def choose(self, o: Observation) -> Move:
            raise Stop  # the free moves were offered first: stop at the first turn

        def free(self, o: Observation) -> Move | None:
            got.append(o)
            return None

    with pytest.raises(Stop):
        run(game, [Pass()] * game.n)
    assert [o.seat for o in got] == in_rotation([1, 2], game.to_play)
    assert all(isinstance(o, Observation) and o.free_moves and not o.turn_moves for o in got)


# ------------------------------------------------------------------ the bots' own code


FORBIDDEN_MODULES = {"lld.game", "lld.playout", "gc", "inspect", "sys", "ctypes"}


@pytest.mark.parametrize("path", sorted(BOTS_DIR.glob("*.py")), ids=lambda p: p.name)
def test_bot_code_cannot_get_at_the_game(path: Path) -> None:
    """The bots import nothing that leads to a game, and touch no private attribute
    but their own (in CPython any code could walk the stack or the garbage
    collector to the driver's game: so the bots' code is checked instead)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            names = {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            names = {node.module or ""}
        else:
            names = set()
        assert not names & FORBIDDEN_MODULES, f"{path.name}:{line} imports {names}"
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            owner = node.value
            owner_name = owner.id if isinstance(owner, ast.Name) else None
            assert owner_name == "self", f"{path.name}:{line} reads {node.attr} of another object"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in ("getattr", "vars", "eval", "exec", "__import__")


def test_a_sampled_world_of_a_finished_hand_is_refused() -> None:
    game = midgame("parlett", 1, 500)
    assert game.over
    with pytest.raises(ValueError, match="hand is over"):
        sample(Observation.of(game, 0), random.Random(0))

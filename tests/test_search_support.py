"""What a searching bot stands on: cheap copies, and worlds sampled from one seat's view."""

from __future__ import annotations

import random

import pytest

from lld.bots import make_bot
from lld.bots.random_bot import RandomBot
from lld.errors import IllegalMoveError
from lld.game import Game
from lld.moves import LIE, Move
from lld.observation import Observation, sample
from lld.playout import random_playout, run
from lld.position import Position
from lld.presets import PRESETS, ruleset
from lld.summary import summarize
from positions import random_moves


def midgame(name: str, players: int, seed: int, moves: int) -> Game:
    game = Game.new(ruleset(name), players, seed)
    random_moves(game, random.Random(seed), moves)
    return game


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_copy_is_independent_of_the_original(name: str) -> None:
    game = midgame(name, PRESETS[name].players[0], seed=7, moves=5)
    before = summarize(game)
    hands = list(game.hands)
    position = Position.of(game)  # the lie-downs, the dead groups, the ledger and the rest
    twin = game.copy()
    run(twin, [make_bot("random", s) for s in range(twin.n)])
    assert twin.over
    assert summarize(game) == before
    assert game.hands == hands
    assert not game.over
    after = Position.of(game)
    assert after == position
    # Not all compared by Position's ==: what the twin's lie-downs, claims and
    # payments would have changed had it shared them.
    assert (after.lie_downs, after.dead, after.ledger) == (
        position.lie_downs,
        position.dead,
        position.ledger,
    )


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_copy_plays_on_exactly_like_the_original(name: str) -> None:
    game = midgame(name, PRESETS[name].players[-1], seed=3, moves=4)
    twin = game.copy()
    for g in (game, twin):
        run(g, [make_bot("willughby", s) for s in range(g.n)])
    assert summarize(twin) == summarize(game)
    assert twin.complete


@pytest.mark.parametrize("seed", range(20))
def test_a_sampled_world_keeps_what_the_seat_can_see(seed: int) -> None:
    game = midgame("parlett", 5, seed, moves=6)
    if game.over:
        pytest.skip("the hand ended early")
    seat = game.to_play
    seen = Observation.of(game, seat)
    world = sample(seen, random.Random(seed))
    assert world.hands[seat] == game.hands[seat]
    assert world.table == game.table
    assert world.won == game.won
    assert world.to_play == game.to_play
    assert world.events == game.events
    assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in game.hands]
    others = 0
    for s, hand in enumerate(world.hands):
        if s != seat:
            others |= hand
    assert others == seen.unseen()
    # The world's deal is the sampled hands with what each seat has played since.
    assert world.deal.hands[seat] == game.deal.hands[seat]
    assert Game.from_deal(world.rules, world.deal).moves == []
    assert world.complete
    run(world, [make_bot("random", s) for s in range(world.n)])
    assert world.complete
    assert world.ledger.consistent


def test_sampling_deals_the_hidden_cards_afresh() -> None:
    game = midgame("reconstruction", 5, seed=11, moves=2)
    seen = Observation.of(game, game.to_play)
    worlds = {tuple(sample(seen, random.Random(i)).hands) for i in range(20)}
    assert len(worlds) > 1
    deals = {sample(seen, random.Random(i)).deal.hands for i in range(20)}
    assert game.deal.hands not in deals or len(deals) > 1


def test_an_observation_checks_only_its_own_seats_moves() -> None:
    game = Game.new(ruleset("parlett"), 5, 1)
    seat = game.to_play
    seen = Observation.of(game, seat)
    moves = game.turn_moves()
    assert moves[-1].kind != LIE  # a capture is open, so lying down is not allowed
    for move in moves:
        seen.check(move)  # legal: no error
    with pytest.raises(IllegalMoveError, match="this is seat"):
        Observation.of(game, (seat + 1) % 5).check(moves[0])
    with pytest.raises(IllegalMoveError) as caught:
        seen.check(Move(LIE, seat))
    assert (caught.value.rule, caught.value.option) == ("R22", "lie_down=forced")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_random_playout_chooses_as_a_table_of_random_bots(name: str) -> None:
    """With one shared stream of random numbers, the playout and the bots make the same moves."""
    for seed in range(30):
        players = PRESETS[name].players[seed % len(PRESETS[name].players)]
        by_bots = Game.new(ruleset(name), players, seed)
        shared = random.Random(seed)
        bots = [RandomBot(s) for s in range(players)]
        for bot in bots:
            bot._random = shared.random
        run(by_bots, bots)
        played_out = random_playout(Game.new(ruleset(name), players, seed), random.Random(seed))
        assert played_out.moves == by_bots.moves
        assert summarize(played_out) == summarize(by_bots)


@pytest.mark.parametrize("seed", range(20))
def test_random_playouts_from_sampled_worlds_leave_the_game_alone(seed: int) -> None:
    game = midgame("reconstruction", 4 + seed % 3, seed, moves=5)
    before = summarize(game)
    seen = Observation.of(game, game.to_play)
    rng = random.Random(seed)
    for _ in range(5):
        world = random_playout(sample(seen, rng), rng)
        assert world.over
        assert world.complete
        assert world.ledger.consistent
    assert summarize(game) == before

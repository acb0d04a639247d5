"""``lld.position``: snapshots of a hand, their notation, and games rebuilt from them."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import positions
from lld.cards import count, parse_cards
from lld.deal import Deal
from lld.errors import IllegalMoveError, NotationError, PositionError
from lld.game import Game
from lld.moves import CLAIM, LIE, Move
from lld.position import Position
from lld.presets import PRESETS, ruleset
from positions import random_moves

games = st.tuples(
    st.sampled_from(sorted(PRESETS)), st.integers(0, 2**32), st.integers(0, 60), st.randoms()
)


def _game(name: str, seed: int) -> Game:
    players = PRESETS[name].players
    return Game.new(ruleset(name), players[seed % len(players)], seed)


@settings(max_examples=60, deadline=None)
@given(games)
def test_a_game_from_a_position_plays_on_exactly_like_the_original(
    case: tuple[str, int, int, random.Random],
) -> None:
    name, seed, cut, rng = case
    game = _game(name, seed)
    random_moves(game, rng, cut)
    position = Position.of(game)
    twin = position.game()
    assert Position.of(twin) == position
    assert twin.events == game.events
    assert (twin.hands, twin.table, twin.won, twin.to_play) == (
        game.hands, game.table, game.won, game.to_play
    )  # fmt: skip
    rest = random_moves(game, random.Random(seed), 200)
    for move in rest:
        twin.play(move)
    assert twin.events == game.events
    assert twin.ledger.entries == game.ledger.entries
    assert (twin.ledger.net, twin.ledger.pot, twin.over) == (
        game.ledger.net, game.ledger.pot, game.over
    )  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(games)
def test_the_notations_round_trip(case: tuple[str, int, int, random.Random]) -> None:
    name, seed, cut, rng = case
    game = _game(name, seed)
    random_moves(game, rng, cut)
    position = Position.of(game)
    text = position.format()
    assert Position.parse(text) == position
    assert Position.parse(text).format() == text
    assert eval(repr(position), {"Position": Position}) == position
    obj = json.loads(json.dumps(position.to_json()))
    again = Position.from_json(obj)
    assert again == position
    assert again.to_json() == obj
    assert Position.from_json(json.dumps(obj)) == position


@settings(max_examples=40, deadline=None)
@given(games)
def test_the_state_is_the_games(case: tuple[str, int, int, random.Random]) -> None:
    name, seed, cut, rng = case
    game = _game(name, seed)
    random_moves(game, rng, cut)
    p = Position.of(game)
    assert p.hand_sizes == tuple(count(h) for h in game.hands)
    assert (p.net, p.pot) == (tuple(game.ledger.net), game.ledger.pot)
    assert [how is not None for how in p.out] == game.out
    assert (p.players, p.dealer) == (game.n, game.dealer)
    # Every card is in one place, counting each lie-down's cards where they went.
    assert p.lie_downs == tuple(
        _hand_before_lie(game, seat) if how == "lay_down" else 0 for seat, how in enumerate(p.out)
    )
    for seat in range(p.players):
        assert p.free_moves(seat) == tuple(game.free_moves(seat))
    assert p.turn_moves() == tuple(game.turn_moves())
    # The claims are the engine's claim moves, one group per dead rank.
    claims = {(s, m.table) for s in range(p.players) for m in game.free_moves(s) if m.kind == CLAIM}
    assert {(s, c.cards) for c in p.claims for s in c.claimants} == claims


def _hand_before_lie(game: Game, seat: int) -> int:
    """Replay the game's moves from its deal and read the hand just before the lie."""
    replay = Game.from_deal(game.rules, game.deal)
    for move in game.moves:
        if move.kind == LIE and move.seat == seat:
            return replay.hands[seat]
        replay.play(move)
    raise AssertionError("no lie-down")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_ending_is_the_engines_settlement(name: str) -> None:
    """Ending now is what the engine's own end gives once everyone still in lies down
    (no lie-down payment and no pair left on the table, so nothing else changes)."""
    for seed in range(30):
        game = _game(name, seed)
        random_moves(game, random.Random(seed), 8)
        if game.over:
            continue
        ending = Position.of(game).ending()
        if game.rules.lie_down_payment != "none" or game.rules.last_player_turn != "none":
            continue
        # Take everyone's cards to the table as the end does: the settlement
        # then depends only on the won piles, the last player and the leftovers.
        assert sum(ending.net) + ending.pot_left == 0
        assert ending.change == tuple(
            a - b for a, b in zip(ending.net, game.ledger.net, strict=True)
        )
        assert count(sum(ending.won)) == 52 - count(game.aside)
        if game.rules.leftovers == "all_to_dealer":
            left = game.table | sum(game.hands)
            assert ending.won[game.dealer] == game.won[game.dealer] | left
        assert game.over is False  # the game itself is not touched


def _lie_down_deal() -> Deal:
    """Three players; seat 0 holds 5C 5S 8D, and the other two fives are won."""
    return Deal(
        3, 2,
        (parse_cards("5C 5S 8D"), parse_cards("8C 9H"), parse_cards("9C KD")),
        parse_cards("KC"),
        (parse_cards("AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5D 5H 6C 6D 6H 6S 7C 7D"),
         parse_cards("7H 7S 8H 8S 9D 9S TC TD TH TS JC JD JH JS"),
         parse_cards("QC QD QH QS KH KS")),
    )  # fmt: skip


def test_a_lie_down_records_its_cards_and_how_the_seat_went_out() -> None:
    deal = _lie_down_deal()
    # Sympkyn's own preset gives a chosen lie-down's pair to the dealer; claimable here.
    rules = ruleset("sympkyn", deal_3="parlett", lie_down_pair="claimable")
    game = Game.from_deal(rules, deal)
    game.play(Move(LIE, 0))
    p = Position.of(game)
    assert p.out[0] == "lay_down"
    assert p.lie_downs == (parse_cards("5C 5S 8D"), 0, 0)
    assert [d.rule for d in p.dead] == ["R24"]
    assert p.claims[0].cards == parse_cards("5C 5S")
    assert p.claims[0].claimants == (1, 2)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_claim_of_a_pair_royal_whose_fourth_is_won_says_two_of_its_three(preset: str) -> None:
    """After a lie-down that leaves a pair royal whose fourth card is won, R24's
    claim takes two of the three: the claim the position reports is the
    engine's own claim move, with its cards."""
    rules = ruleset(preset, lie_down_pair="claimable")
    game = positions.position(rules, ["9C 9D 9H 2C", "3C 4C", "5C 6C"], "3D 5D", {1: "9S"})
    game.play(Move(LIE, 0))
    assert game.table & parse_cards("9C 9D 9H 9S") == parse_cards("9C 9D 9H")
    (claim,) = Position.of(game).claims
    assert claim.rule == "R24"
    assert claim.cards == parse_cards("9C 9D")
    for seat in claim.claimants:
        game.copy().play(Move(CLAIM, seat, 0, claim.cards))  # the engine takes it as it is
    assert claim.claimants == tuple(
        s for s in range(game.n) if Move(CLAIM, s, 0, claim.cards) in game.free_moves(s)
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "position:1: empty record"),
        ("ruleset: parlett\nplayers: 5\nhat: off\nmoves:\n", "position:3: unknown key 'hat'"),
        ("ruleset: parlett\nplayers: 5\ndealer: 0\nseed: 1\nmoves:\n0: lie\n", "position:6:"),
        ("ruleset: parlett\nplayers: 5\ndealer: 0\nseed: 1\nmoves:\n0: 7Z x 7H\n", "position:6:"),
    ],
)
def test_bad_text_is_a_notation_error_naming_the_line(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Position.parse(text)


def test_an_illegal_move_keeps_its_rule_and_option() -> None:
    with pytest.raises(NotationError) as caught:
        Position.parse("ruleset: parlett\nplayers: 5\ndealer: 0\nseed: 1\nmoves:\n2: lie\n")
    assert "position:6:" in str(caught.value)
    assert "(R4)" in str(caught.value)
    assert getattr(caught.value.__cause__, "rule", None) == "R4"


def test_bad_json_is_a_notation_error_naming_the_field() -> None:
    p = Position.of(Game.new(ruleset("parlett"), 5, 1))
    obj = p.to_json()
    with pytest.raises(NotationError, match=r"\$\.format"):
        Position.from_json({**obj, "format": "x"})
    with pytest.raises(NotationError, match=r"\$\.state\.table"):
        Position.from_json({**obj, "state": {**obj["state"], "table": "2C"}})
    with pytest.raises(NotationError, match=r"\$\.state\.hat"):
        Position.from_json({**obj, "state": {"hat": 1}})
    with pytest.raises(NotationError, match="not JSON"):
        Position.from_json("{")
    with pytest.raises(NotationError, match=r"\$\.players|players"):
        Position.from_json({**obj, "players": "five"})


# ------------------------------------------------- a position built directly


def _lain_down() -> Position:
    """A three-player position with a lie-down, a dead pair and a ledger."""
    deal = _lie_down_deal()
    return Position.reach(
        ruleset("sympkyn", deal_3="parlett", lie_down_pair="claimable"), deal, (Move(LIE, 0),)
    )


def _state(p: Position) -> dict[str, object]:
    return {f.name: getattr(p, f.name) for f in dataclasses.fields(p)}


# A wrong value for every field the rules, deal and moves decide.
WRONG: dict[str, Callable[[Position], object]] = {
    "hands": lambda p: (p.hands[1], p.hands[0], *p.hands[2:]),
    "table": lambda p: p.table | (p.hands[1] & -p.hands[1]),
    "won": lambda p: (p.won[1], p.won[0], *p.won[2:]),
    "aside": lambda p: p.aside ^ 1,
    "to_play": lambda p: (p.to_play + 1) % p.players,
    "turns": lambda p: p.turns + 1,
    "over": lambda p: not p.over,
    "last_player": lambda p: 0 if p.last_player is None else None,
    "final_turn": lambda p: not p.final_turn,
    "out": lambda p: (None,) * p.players,
    "lie_downs": lambda p: (0,) * p.players,
    "dead": lambda p: (),
    "fresh": lambda p: ((2, 12), *p.fresh),
    "ledger": lambda p: p.ledger[:-1],
    "events": lambda p: p.events[:-1],
}


def test_every_state_field_has_a_wrong_value_below() -> None:
    decided = {f.name for f in dataclasses.fields(Position) if not f.compare}
    assert set(WRONG) == decided


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_position_built_with_a_state_the_moves_do_not_reach_is_refused(name: str) -> None:
    real = _lain_down()
    wrong = WRONG[name](real)
    assert wrong != getattr(real, name)
    with pytest.raises(PositionError) as info:
        Position(**{**_state(real), name: wrong})  # type: ignore[arg-type]
    message = str(info.value)
    assert message.startswith(f"Position: {name} is ")
    assert "but its rules, deal and moves reach" in message
    assert "\n" not in message
    with pytest.raises(PositionError, match=f"^Position: {name} is "):
        dataclasses.replace(real, **{name: wrong})  # type: ignore[arg-type]


def test_the_first_field_that_disagrees_is_named() -> None:
    real = _lain_down()
    state = {**_state(real), "events": WRONG["events"](real), "table": WRONG["table"](real)}
    with pytest.raises(PositionError, match=r"^Position: table is "):
        Position(**state)  # type: ignore[arg-type]


def test_a_position_built_with_the_state_the_moves_reach_is_the_real_one() -> None:
    real = _lain_down()
    built = Position(**_state(real))  # type: ignore[arg-type]
    assert built == real
    assert _state(built) == _state(real)
    assert built.claims == real.claims
    assert built.ending() == real.ending()
    start = Position.of(Game.new(ruleset("parlett"), 5, seed=3))
    assert Position(**_state(start)) == start  # type: ignore[arg-type]


def test_a_position_built_from_another_deal_or_ruleset_is_refused() -> None:
    real = _lain_down()
    other_rules = real.rules.replace(lie_down_payment="stake_to_each_remaining")
    with pytest.raises(PositionError, match=r"^Position: ledger is "):
        Position(**{**_state(real), "rules": other_rules})  # type: ignore[arg-type]
    hands = real.deal.hands
    other_deal = dataclasses.replace(real.deal, hands=(hands[0], hands[2], hands[1]))
    with pytest.raises(PositionError, match=r"^Position: hands is "):
        Position(**{**_state(real), "deal": other_deal})  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        Position(**{**_state(real), "moves": (Move(LIE, 0), Move(LIE, 0))})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("rules", "parlett", "rules must be a Ruleset, not str"),
        ("deal", None, "deal must be a Deal, not NoneType"),
        ("moves", [], "moves must be a tuple, not list"),
        ("moves", ("0: lie",), r"moves\[0\] must be a Move, not str"),
    ],
)
def test_a_position_built_from_the_wrong_types_is_refused(
    name: str, value: object, message: str
) -> None:
    with pytest.raises(PositionError, match=f"^Position: {message}$"):
        Position(**{**_state(_lain_down()), name: value})  # type: ignore[arg-type]


def test_positions_read_off_a_game_are_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # Position.of (and reach, parse, from_json, which end in it) takes the game's
    # own state: replaying the moves to check it would only repeat the game.
    real = _lain_down()
    game = real.game()
    text, obj = real.format(), real.to_json()
    import lld.position

    monkeypatch.setattr(lld.position.Position, "__post_init__", _must_not_run)
    assert Position.of(game) == real
    assert Position.reach(real.rules, real.deal, real.moves) == real
    assert Position.parse(text) == real
    assert Position.from_json(obj) == real
    with pytest.raises(AssertionError, match="checked again"):
        Position(**_state(real))  # type: ignore[arg-type]


def _must_not_run(self: Position) -> None:
    raise AssertionError("a position read off a game was checked again")

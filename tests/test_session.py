"""lld.session.Table: the hand as a table of people sees it, saved and taken up again."""

from __future__ import annotations

import dataclasses

import pytest

from lld.bots import Bot, make_bot
from lld.errors import RecordError
from lld.game import Game
from lld.moves import Move
from lld.observation import Observation
from lld.presets import ruleset
from lld.record import HandRecord, MoveLine
from lld.session import Played, Table
from lld.summary import summarize


def _bots(n: int) -> list[Bot]:
    return [make_bot("willughby", s) for s in range(n)]


def replace_moves(rec: HandRecord, moves: tuple[MoveLine, ...]) -> HandRecord:
    return dataclasses.replace(rec, moves=moves, result=None)


class _Remembering:
    """A willughby bot that notes its hand when it lies down: the oracle for put_down."""

    name = "remembering"

    def __init__(self, seat: int, held: dict[int, int]) -> None:
        self.bot, self.held = make_bot("willughby", seat), held

    def choose(self, view: Observation) -> Move:
        move = self.bot.choose(view)
        if move.kind == "lie":
            self.held[view.seat] = view.hand
        return move

    def free(self, view: Observation) -> Move | None:
        return self.bot.free(view)


@pytest.mark.parametrize("seed", range(6))
def test_a_lie_down_announces_the_cards_it_put_on_the_table(seed: int) -> None:
    seen: list[Played] = []
    held: dict[int, int] = {}
    game = Game.new(ruleset("sympkyn"), 5, seed)
    table = Table(game, [_Remembering(s, held) for s in range(5)], listener=seen.append)
    table.play()
    assert held  # some seat lay down
    for p in seen:
        if p.move.kind == "lie":
            assert p.put_down == held[p.move.seat]
            assert table.lie_downs[p.move.seat] == p.put_down
            assert p.events[0].kind == "lie"
        else:
            assert p.put_down == 0
    assert [p.number for p in seen] == list(range(1, len(game.moves) + 1))


@pytest.mark.parametrize("cut", [0, 5, 17])
def test_resume_gives_the_same_position_and_lie_downs(cut: int) -> None:
    first = Table(Game.new(ruleset("parlett"), 5, 11), _bots(5))
    first.play()
    whole = first.record()
    moves = whole.moves[:cut]
    # The table after `cut` moves, played directly.
    direct = Table(Game.new(ruleset("parlett"), 5, 11), _bots(5))
    for line in moves:
        direct.apply(line.move)
    resumed = Table.resume(replace_moves(whole, moves), _bots(5))
    assert summarize(resumed.game) == summarize(direct.game)
    assert resumed.lie_downs == direct.lie_downs


def test_resume_of_an_illegal_record_names_the_move() -> None:
    first = Table(Game.new(ruleset("parlett"), 5, 11), _bots(5))
    bad = replace_moves(first.record(), (MoveLine(Move.parse("3: lie")),))
    with pytest.raises(RecordError, match="illegal move"):
        Table.resume(bad, _bots(5))

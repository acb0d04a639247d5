"""The lean reference playout (benchmarks/lean_playout.py) plays real hands.

The benchmark reports the engine's speed as a ratio to it, so it must do all
the work a hand needs: each of its moves is played through the engine from the
same deal, must be one the engine offers at that moment (the engine is the
oracle for legality), and the hand must end where the engine's ends, with the
same cards won by each seat.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from lld.cards import count, count_rank, rank_of
from lld.game import Game
from lld.kinds import TAKE_MOURNIVAL
from lld.moves import CAPTURE, CLAIM, LAY, LIE, Move
from lld.presets import ruleset

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import lean_playout

PARLETT = ruleset("parlett")


def counts(mask: int) -> dict[int, int]:
    return {r: c for r in range(13) if (c := count_rank(mask, r))}


def lean_on_engine_deal(seed: int) -> tuple[Game, list[int], lean_playout.Trace]:
    """The engine's deal for ``seed``, played by the lean playout (with a trace)."""
    game = Game.new(PARLETT, lean_playout.PLAYERS, seed, dealer=seed % lean_playout.PLAYERS)
    hands = [counts(h) for h in game.deal.hands]
    table = [count_rank(game.deal.table, r) for r in range(13)]
    trace: lean_playout.Trace = []
    won = lean_playout.play(hands, table, game.dealer, random.Random(seed).random, trace)
    return game, won, trace


def offered(game: Game, kind: str, seat: int) -> tuple[Move, ...]:
    """The engine's moves of ``kind`` for ``seat`` now (turn moves for a capture or lie)."""
    if kind in (CAPTURE, LIE):
        return game.turn_moves() if seat == game.to_play else ()
    return tuple(m for m in game.free_moves(seat) if m.kind == kind)


def engine_move(game: Game, kind: str, seat: int, rank: int, h: int, t: int) -> Move:
    """The move the engine offers now that matches the lean playout's (suits aside)."""
    for m in offered(game, kind, seat):
        if m.kind != kind:
            continue
        if kind == LIE:
            return m
        cards = m.hand | m.table
        if rank_of(cards.bit_length() - 1) == rank and (count(m.hand), count(m.table)) == (h, t):
            return m
    raise AssertionError(f"the engine does not offer {kind} {seat} rank {rank} ({h}, {t}) now")


KINDS = {"capture": CAPTURE, "lay": LAY, "claim": CLAIM, "lie": LIE}
PASSES = {"pass_lay": LAY, "pass_claim": CLAIM}


def replay_on_engine(seed: int) -> tuple[Game, list[int]]:
    """The lean playout's hand for ``seed`` played again through the engine, move for move.

    Every choice it made must be among as many as the engine offers then, and
    before each turn, every seat the engine would let lay (the seat to play) or
    claim must have been asked since the last turn: it skips no free move.
    """
    game, won, trace = lean_on_engine_deal(seed)
    taken = [e.table for e in game.events if e.kind == TAKE_MOURNIVAL]
    choices = [entry for entry in trace if entry[0] != "mournival"]
    assert len(taken) == len(trace) - len(choices)  # R11: the dealer's, as the engine's
    asked: set[tuple[str, int]] = set()  # (kind, seat) asked since the last turn
    for i, (kind, seat, rank, h, t, options) in enumerate(choices):
        where = f"seed {seed}, choice {i}: {kind} by {seat}"
        assert not game.over, f"{where}: the engine's hand is already over"
        engine_kind = PASSES.get(kind) or KINDS[kind]
        assert options == len(offered(game, engine_kind, seat)), (
            f"{where}: not the engine's choices"
        )
        asked.add((engine_kind, seat))
        if kind in PASSES:
            continue
        if kind in ("capture", "lie"):
            if offered(game, LAY, seat):
                assert (LAY, seat) in asked, f"{where}: not asked to lay first"
            for other in range(game.n):
                if offered(game, CLAIM, other):
                    assert (CLAIM, other) in asked, f"{where}: seat {other} not asked to claim"
            asked.clear()
        try:
            move = engine_move(game, KINDS[kind], seat, rank, h, t)
        except AssertionError as error:
            raise AssertionError(f"{where}: {error}") from None
        game.play(move)
    return game, won


@pytest.mark.parametrize("seed", range(300))
def test_every_lean_move_is_legal_and_the_hand_ends_as_the_engines(seed: int) -> None:
    game, won = replay_on_engine(seed)
    assert game.over, "the lean playout stopped before the hand was over"
    assert won == [count(w) for w in game.won]
    assert sum(won) == 52
    assert game.complete


def test_the_lean_playout_does_every_kind_of_work() -> None:
    """Over a few hundred hands its moves, as the engine rules them, cover every
    ruling a Parlett hand can reach: no part of the rules is skipped."""
    rulings: Counter[str] = Counter()
    for seed in range(300):
        rulings.update(e.rule for e in replay_on_engine(seed)[0].events)
    reached = {"R7", "R11", "R12", "R13", "R14", "R15", "R16", "R17", "R18", "R19", "R22",
               "R24", "R28", "R29", "R34"}  # fmt: skip
    assert reached <= set(rulings), sorted(reached - set(rulings))


def test_lean_playouts_count_every_card() -> None:
    assert lean_playout.lean_playouts(50, seed=3) == 50 * 52

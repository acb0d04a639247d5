"""Soak: every preset at every player count, many random hands, every invariant checked.

Not a test (it takes minutes): ``nox -s soak`` or ``python benchmarks/soak.py``.
After every single move it checks that all 52 cards are in exactly one place,
that hands only shrink, that the ledger is consistent, that the seat to play
is in play, and that a won pile holds an odd number of cards of a rank only
where one capture took three of it (R38's collects_all; the dealer's leftovers
at the end may hold the fourth, which nobody could mate): with R38's takes_one
every won pile holds pairs. At the end, the pot is left over exactly as the
won piles and the stakes table say. ``--option name=value`` plays the presets
with options changed (``--option one_against_pair=collects_all``). Random bots make
every choice, free moves included, through the library's one driver loop
(``lld.playout.play_out``), and now and then a random suit variant from
``legal_moves()`` is played instead, to exercise the full legality check.

Exits non-zero, printing the ruleset, player count and seed, on the first
broken invariant.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from lld.cards import FULL_DECK, NIBBLE_COUNT, count
from lld.concordance import registry
from lld.errors import LldError
from lld.game import Game
from lld.kinds import EventKind
from lld.ledger import Amount
from lld.moves import CAPTURE, TURN_KINDS, Move
from lld.playout import play_out
from lld.presets import PRESETS, ruleset_with
from lld.ruleset import Ruleset
from lld.stakes import stakes_for_cards

KNOWN_RULES = {r.id for r in registry()}


class Broken(Exception):
    pass


def odd_ranks(mask: int) -> int:
    """A bit per rank (1 << rank) of which ``mask`` holds an odd number of cards."""
    return sum(1 << r for r in range(13) if NIBBLE_COUNT[(mask >> (4 * r)) & 15] & 1)


class PileParity:
    """The ranks each won pile may hold an odd number of, followed event by event:
    only a capture of three cards (R38) or the leftovers (R29) change a pile's parity."""

    def __init__(self, game: Game) -> None:
        self.odd = [odd_ranks(w) for w in game.deal.won]
        self.seen = 0

    def check(self, game: Game) -> None:
        events = game.events
        for e in events[self.seen :]:
            cards = e.hand | e.table
            three = e.kind == CAPTURE and count(cards) == 3
            if three and game.rules.one_against_pair != "collects_all":
                raise Broken(f"{e.describe()} won three cards under one_against_pair=takes_one")
            if (three or e.kind == EventKind.LEFTOVERS) and e.seat is not None:
                self.odd[e.seat] ^= odd_ranks(cards)
        self.seen = len(events)
        for seat, pile in enumerate(game.won):
            if odd_ranks(pile) != self.odd[seat]:
                raise Broken(f"won pile {seat} is odd in a rank no capture of three explains")


def check_position(game: Game, before: list[int]) -> None:
    if not game.complete or game.cards_accounted() != FULL_DECK:
        raise Broken("cards not accounted for")
    for seat, hand in enumerate(game.hands):
        if hand & ~before[seat]:
            raise Broken(f"hand {seat} grew")
    if not game.ledger.consistent:
        raise Broken("ledger inconsistent")
    if not game.over and game.out[game.to_play]:
        raise Broken(f"seat {game.to_play} is to play but out")


def expected_pot_left(game: Game) -> Amount:
    """What the pot should hold at the end, worked out from the won piles alone."""
    stakes = game.stakes
    bonus = stakes.last_player_bonus if game.last_player is not None else 0
    pot: Amount = stakes.pot - bonus
    if game.rules.settlement == "break_even":
        assert stakes.break_even is not None
        pot -= sum(
            stakes_for_cards(count(w), stakes.break_even, game.rules.part_pair) for w in game.won
        )
    else:
        pairs = [count(w) // 2 for w in game.won]
        if pairs.count(max(pairs)) == 1 and pot > 0:
            pot = 0
    # Payments for lying down (R23) pass between players, never through the pot.
    return pot


def soak_one(rules: Ruleset, players: int, seed: int, rng: random.Random) -> Game:
    game = Game.new(rules, players, seed, seed % players)
    parity = PileParity(game)
    u = rng.random

    def turn(seat: int, moves: tuple[Move, ...]) -> Move:
        if u() < 0.1:
            legal = game.legal_moves(seat)
            variants = [m for m in legal if m.kind in TURN_KINDS]
            return variants[int(u() * len(variants))]
        return moves[int(u() * len(moves))]

    def free(seat: int, moves: tuple[Move, ...]) -> Move | None:
        i = int(u() * (len(moves) + 1))
        return moves[i] if i < len(moves) else None

    def play(move: Move) -> None:
        before = list(game.hands)
        game.play(move)
        check_position(game, before)
        parity.check(game)

    # The library's one driver loop, every seat asked at every decision.
    play_out(game, turn, free, play=play, ask_always=True)
    if game.ledger.pot != expected_pot_left(game):
        raise Broken(f"pot left {game.ledger.pot}, expected {expected_pot_left(game)}")
    if sum(game.ledger.net) + game.ledger.pot != 0:
        raise Broken("stakes created or lost")
    unknown = {e.rule for e in game.events} - KNOWN_RULES
    if unknown:
        raise Broken(f"events name unknown rules {sorted(unknown)}")
    return game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--preset", choices=sorted(PRESETS))
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    try:
        rulesets = {name: ruleset_with(name, args.option) for name in sorted(PRESETS)}
    except LldError as error:
        print(f"soak: {error}", file=sys.stderr)
        return 2
    rng = random.Random(20261121)
    names = [args.preset] if args.preset else sorted(PRESETS)
    total = 0
    start = time.perf_counter()
    for name in names:
        for players in rulesets[name].players:
            t0 = time.perf_counter()
            unbalanced = 0
            for seed in range(args.hands):
                try:
                    game = soak_one(rulesets[name], players, seed, rng)
                except Broken as error:
                    print(f"BROKEN {name} players={players} seed={seed}: {error}")
                    return 1
                unbalanced += game.ledger.pot != 0
            total += args.hands
            print(
                f"{name:<15} {players} players: {args.hands} hands ok"
                f" ({unbalanced} with the pot not balanced) in {time.perf_counter() - t0:.1f}s",
                flush=True,
            )
    print(f"{total} hands, every invariant held, {time.perf_counter() - start:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``lld rules``, ``deal``, ``play``, ``stakes`` and ``simulate``."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from lld.bots import Bot, make_bot
from lld.cards import format_cards
from lld.errors import IllegalMoveError, LldError, NotationError, RulesetError
from lld.events import Event
from lld.game import Game
from lld.moves import TURN_KINDS, Move
from lld.playout import run
from lld.presets import EDITORIAL_CHOICES, PRESET_SOURCE, PRESETS, ruleset_with
from lld.ruleset import OPTIONS, Ruleset
from lld.summary import summarize
from lld.view import SeatView


def register(sub: Any) -> None:
    p = sub.add_parser("rules", help="list the rulesets, or show one ruleset's options")
    p.add_argument("name", nargs="?", help="a ruleset: " + ", ".join(sorted(PRESETS)))
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    _json(p)
    p.set_defaults(func=run_rules)

    p = sub.add_parser("deal", help="deal a hand and show it")
    _game_args(p)
    _json(p)
    p.set_defaults(func=run_deal)

    p = sub.add_parser("play", help="play a hand in the terminal, against bots or bots only")
    _game_args(p)
    p.add_argument("--bots", metavar="NAME", help="bots only: every seat is this bot")
    p.add_argument("--seat", type=int, default=0, help="the seat you play (default 0)")
    p.add_argument(
        "--opponents", default="willughby", metavar="NAME",
        help="the bot at every other seat (default willughby)",
    )  # fmt: skip
    p.add_argument("--save", metavar="FILE", help="write the hand record to FILE at the end")
    _json(p)
    p.set_defaults(func=run_play)

    p = sub.add_parser("stakes", help="the stakes table and balance check")
    p.add_argument("--ruleset", default="reconstruction", metavar="NAME")
    p.add_argument("--players", type=int, metavar="N", help="one player count (default: all)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    _json(p)
    p.set_defaults(func=run_stakes)

    p = sub.add_parser("simulate", help="play many hands among bots and report the results")
    _game_args(p)
    p.add_argument("--hands", type=int, default=1000, metavar="N")
    p.add_argument(
        "--bots", default="random", metavar="NAME[,NAME…]",
        help="one bot for every seat, or one per seat separated by commas",
    )  # fmt: skip
    _json(p)
    p.set_defaults(func=run_simulate)


def _json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")


def _game_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ruleset", default="reconstruction", metavar="NAME")
    p.add_argument("--players", type=int, default=5, metavar="N")
    p.add_argument("--seed", type=int, metavar="N", help="fixes the deal (default: a new one)")
    p.add_argument("--dealer", type=int, metavar="SEAT", help="default: cut for the deal")
    p.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help="override one ruling, e.g. lie_down=voluntary (repeatable)",
    )  # fmt: skip


def _rules(args: argparse.Namespace) -> Ruleset:
    return ruleset_with(args.ruleset, args.option)


def _new_game(args: argparse.Namespace) -> Game:
    rules = _rules(args)
    if args.dealer is not None and not 0 <= args.dealer < args.players:
        raise RulesetError(f"--dealer {args.dealer} is not a seat (0 to {args.players - 1})")
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    if seed < 0:
        raise NotationError(f"--seed must be 0 or more, not {seed}")
    return Game.new(rules, args.players, seed, args.dealer)


def _dump(obj: Any) -> None:
    print(json.dumps(obj, indent=2))


# ---------------------------------------------------------------------- rules


def run_rules(args: argparse.Namespace) -> int:
    if args.name is None:
        rows = [
            {"name": name, "source": PRESET_SOURCE[name], "players": list(r.players)}
            for name, r in sorted(PRESETS.items())
        ]
        if args.json:
            _dump(rows)
        else:
            for row in rows:
                players = ", ".join(map(str, row["players"]))
                print(f"{row['name']:<15} {row['source']:<10} players {players}")
        return 0
    rules = ruleset_with(args.name, args.option)
    source = PRESET_SOURCE.get(rules.name, "editorial")
    options = []
    for name, spec in OPTIONS.items():
        value = getattr(rules, name)
        vspec = spec.value(value) if value is not None else None
        backed = vspec is not None and source in vspec.sources
        options.append(
            {
                "option": name,
                "ruling": spec.ruling,
                "question": spec.question,
                "value": value,
                "meaning": vspec.meaning if vspec else "no game for this player count",
                "sources": list(vspec.sources) if vspec else [],
                "editorial": EDITORIAL_CHOICES.get((rules.name, name))
                if not backed and source != "editorial"
                else None,
                "allowed": list(spec.allowed),
            }
        )
    if args.json:
        _dump({"name": rules.name, "source": source, "players": list(rules.players),
               "options": options})  # fmt: skip
        return 0
    print(f"{rules.name} (reads {source}); players {', '.join(map(str, rules.players))}")
    for o in options:
        print(f"\n{o['ruling']:<4} {o['option']} = {o['value']}")
        print(f"     {o['question']}")
        print(f"     {o['meaning']}")
        print(f"     sources: {', '.join(o['sources']) or 'none (editorial)'}")
        if o["editorial"]:
            print(f"     editorial: {o['editorial']}")
    return 0


# ----------------------------------------------------------------------- deal


def run_deal(args: argparse.Namespace) -> int:
    game = _new_game(args)
    deal = game.deal
    if args.json:
        _dump(
            {
                "ruleset": game.rules.name,
                "players": game.n,
                "seed": deal.seed,
                "dealer": deal.dealer,
                "hands": [format_cards(h) for h in deal.hands],
                "table": format_cards(deal.table),
                "events": [e.to_json() for e in game.events],
            }
        )
        return 0
    print(f"{game.rules.name}, {game.n} players, seed {deal.seed}, seat {deal.dealer} deals")
    for seat, hand in enumerate(deal.hands):
        print(f"hand {seat}: {format_cards(hand)}")
    print(f"table:  {format_cards(deal.table)}")
    return 0


# ----------------------------------------------------------------------- play


def run_play(args: argparse.Namespace) -> int:
    game = _new_game(args)
    n = game.n
    out: TextIO = sys.stderr if args.json else sys.stdout
    printer = _EventPrinter(out)
    if args.bots:
        bots: list[Bot] = [make_bot(args.bots, seat) for seat in range(n)]
    else:
        if not 0 <= args.seat < n:
            raise RulesetError(f"--seat {args.seat} is not a seat (0 to {n - 1})")
        bots = [
            _TerminalPlayer(printer) if s == args.seat else make_bot(args.opponents, s)
            for s in range(n)
        ]
    print(
        f"{game.rules.name}, {n} players, seed {game.deal.seed}"
        f" (replay with --seed {game.deal.seed}); seat {game.dealer} deals",
        file=out,
    )
    run(game, bots)
    printer.show(game.events)
    _show_result(game, out)
    if args.save:
        _save(game, args.save)
    if args.json:
        _dump(summarize(game))
    return 0


class _EventPrinter:
    """Prints each event of the hand once, with the ruling behind it."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.shown = 0

    def show(self, events: Sequence[Event]) -> None:
        for event in events[self.shown :]:
            print(f"  {event.describe():<44} [{event.rule}]", file=self.out)
        self.shown = len(events)


class _TerminalPlayer:
    """A person at the terminal, playing one seat as a bot would: from its view only."""

    name = "terminal"

    def __init__(self, printer: _EventPrinter) -> None:
        self.printer = printer

    def choose(self, view: SeatView) -> Move:
        move = self._ask(view, view.turn_moves(), f"seat {view.seat} to play")
        assert move is not None  # a turn cannot be passed
        return move

    def free(self, view: SeatView) -> Move | None:
        moves = view.free_moves()
        return self._ask(view, moves, "free move, or Enter to pass") if moves else None

    def _ask(self, view: SeatView, moves: Sequence[Move], prompt: str) -> Move | None:
        out = self.printer.out
        while True:
            self.printer.show(view.events)
            print(f"\ntable:     {format_cards(view.table)}", file=out)
            print(f"your hand: {format_cards(view.hand)}", file=out)
            won = "  ".join(f"{s}:{bin(w).count('1')}" for s, w in enumerate(view.won))
            print(f"won cards: {won}", file=out)
            for i, move in enumerate(moves, 1):
                print(f"  [{i}] {move.action()}", file=out)
            print(f"{prompt} (number or move, ? for help, q to quit)> ", end="", file=out)
            out.flush()
            line = sys.stdin.readline()
            if not line:
                raise LldError("input ended before the hand was over")
            text = line.strip()
            if text in ("q", "quit"):
                raise LldError("hand abandoned")
            if text in ("?", "help"):
                print(_HELP, file=out)
                continue
            if not text and prompt.startswith("free"):
                return None
            try:
                move = _read_move(text, view.seat, moves)
                view.check(move)
            except (NotationError, IllegalMoveError) as error:
                print(f"  {error}", file=out)
                continue
            if (move.kind in TURN_KINDS) == (moves[0].kind in TURN_KINDS):
                return move
            kind = "a turn (capture or lie)" if moves[0].kind in TURN_KINDS else "a free move"
            print(f"  {move} is legal, but {kind} is asked for here", file=out)


_HELP = """  Type the number of a move, or write it: '7S x 7H' captures the 7H with your 7S;
  'lie' lies down; 'lay 9C 9D' lays a pair from your hand; 'claim 5H 5S' claims an
  oversight from the table. Cards are rank (A 2-9 T J Q K) then suit (C D H S)."""


def _read_move(text: str, seat: int, moves: Sequence[Move]) -> Move:
    if text.isdigit():
        i = int(text)
        if not 1 <= i <= len(moves):
            raise NotationError(f"there is no move number {i} (choose 1 to {len(moves)})")
        return moves[i - 1]
    if ":" in text:
        return Move.parse(text)
    return Move.parse_action(seat, text)


def _show_result(game: Game, out: TextIO) -> None:
    print("\nresult:", file=out)
    for seat in range(game.n):
        won = game.won[seat]
        print(
            f"  seat {seat}: {bin(won).count('1'):>2} cards, net {game.ledger.net[seat]:+d}",
            file=out,
        )
    last = "nobody" if game.last_player is None else f"seat {game.last_player}"
    print(f"  last player: {last}; left in the pot: {game.ledger.pot}", file=out)


def _save(game: Game, path: str) -> None:
    from lld.record import format_record, record_from_game

    text = format_record(record_from_game(game))
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as error:
        raise LldError(f"{path}: cannot write the record ({error.strerror})") from None


# --------------------------------------------------------------------- stakes


def run_stakes(args: argparse.Namespace) -> int:
    rules = _rules(args)
    counts = [args.players] if args.players is not None else list(rules.players)
    rows = []
    for n in counts:
        t = rules.stakes(n)
        rows.append(
            {
                "players": n,
                "table": t.name,
                "dealer_ante": t.dealer_ante,
                "other_ante": t.other_ante,
                "pot": t.pot,
                "hand_size": t.hand_size,
                "table_cards": t.table_cards,
                "cards_dealt": t.cards_dealt,
                "last_player_bonus": t.last_player_bonus,
                "break_even": t.break_even,
                "surplus_cards": t.surplus_cards,
                "balances": t.balances,
                "shortfall": t.shortfall,
                "sources": list(t.sources),
                "summary": t.summary,
            }
        )
    if args.json:
        _dump({"ruleset": rules.name, "settlement": rules.settlement, "tables": rows})
        return 0
    print(f"{rules.name}: settlement by {rules.settlement.replace('_', ' ')}")
    print("players  table               antes  pot  each  table  bonus  break-even  balances")
    for r in rows:
        antes = f"{r['dealer_ante']}/{r['other_ante']}"
        be = "-" if r["break_even"] is None else str(r["break_even"])
        print(
            f"{r['players']:>7}  {r['table']:<18}  {antes:>5}  {r['pot']:>3}  {r['hand_size']:>4}"
            f"  {r['table_cards']:>5}  {r['last_player_bonus']:>5}  {be:>10}  "
            f"{_balance_note(r)}"
        )
    return 0


def _balance_note(row: dict[str, Any]) -> str:
    if row["cards_dealt"] != 52:
        return f"no: {row['cards_dealt']} cards dealt, not 52"
    if row["break_even"] is None:
        return "yes (most pairs takes the pot; a tie leaves it)"
    if row["break_even"] % 2:
        return "only when as many win as lose (odd break-even)"
    if row["shortfall"]:
        short = row["shortfall"]
        return f"no: the pot is {short} short" if short > 0 else f"no: {-short} left over"
    return "yes"


# ------------------------------------------------------------------ simulate


def run_simulate(args: argparse.Namespace) -> int:
    rules = _rules(args)
    n = args.players
    if args.hands < 1:
        raise NotationError(f"--hands must be 1 or more, not {args.hands}")
    names = [b.strip() for b in args.bots.split(",")]
    if len(names) == 1:
        names *= n
    if len(names) != n:
        raise RulesetError(f"--bots names {len(names)} bots for {n} seats")
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    bots = [make_bot(name, seed + seat) for seat, name in enumerate(names)]
    totals = [0] * n
    last_counts = [0] * n
    unbalanced = 0
    start = time.perf_counter()
    for i in range(args.hands):
        # The deal passes to the left each hand (R4), as at a real table.
        dealer = (i + (args.dealer or 0)) % n
        game = run(Game.new(rules, n, seed + i, dealer), bots)
        for s, v in enumerate(game.ledger.net):
            totals[s] += v
        if game.last_player is not None:
            last_counts[game.last_player] += 1
        unbalanced += game.ledger.pot != 0
    elapsed = time.perf_counter() - start
    result = {
        "ruleset": rules.name,
        "players": n,
        "bots": names,
        "seed": seed,
        "hands": args.hands,
        "mean_net": [t / args.hands for t in totals],
        "last_player_share": [c / args.hands for c in last_counts],
        "hands_unbalanced": unbalanced,
        "hands_per_second": args.hands / elapsed if elapsed else None,
    }
    if args.json:
        _dump(result)
        return 0
    print(f"{rules.name}, {n} players, {args.hands} hands played (seed {seed})")
    for s in range(n):
        print(
            f"  seat {s} ({names[s]}): mean net {totals[s] / args.hands:+.3f},"
            f" last player {last_counts[s] / args.hands:.1%}"
        )
    print(f"  hands where the pot did not balance: {unbalanced}")
    print(f"  {result['hands_per_second']:,.0f} hands per second")
    return 0

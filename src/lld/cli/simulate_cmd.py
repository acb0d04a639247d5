"""``lld simulate``: a renderer of :func:`lld.tournament.play_tournament`."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, TextIO

from lld.cli.common import add_game_args, add_json, dump, seed_of, whole_number
from lld.errors import ConfigError, RulesetError, shown
from lld.presets import ruleset_with
from lld.tournament import MAX_HANDS, TournamentResult, play_tournament


def register(sub: Any) -> None:
    p = sub.add_parser(
        "simulate", help="play many hands among bots, seats and dealer rotated, and report",
    )  # fmt: skip
    add_game_args(p)
    p.add_argument("--hands", type=whole_number, default=1000, metavar="N")
    p.add_argument(
        "--bots", default="random", metavar="NAME[,NAME…]",
        help="one bot for every seat, or one per seat separated by commas",
    )  # fmt: skip
    p.add_argument(
        "--workers", type=whole_number, metavar="N", help="processes to use (default: every core)"
    )
    add_json(p)
    p.set_defaults(func=run_simulate)


def run_simulate(args: argparse.Namespace) -> int:
    rules = ruleset_with(args.ruleset, args.option, strict_play=args.strict)
    n = args.players
    rules.stakes(n)  # a player count the ruleset has no game for is refused first
    if not 1 <= args.hands <= MAX_HANDS:
        raise ConfigError(f"--hands must be from 1 to {MAX_HANDS:,}, not {shown(args.hands)}")
    names = [b.strip() for b in args.bots.split(",")]
    if len(names) == 1:
        names *= n
    if len(names) != n:
        raise RulesetError(f"--bots names {len(names)} bots for {n} seats")
    if args.dealer is not None and not 0 <= args.dealer < n:
        raise RulesetError(f"--dealer {args.dealer} is not a seat (0 to {n - 1})")
    bar = ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    result = play_tournament(
        rules, names, args.hands, seed_of(args), first_dealer=args.dealer or 0,
        workers=args.workers, progress=bar,
    )  # fmt: skip
    if bar is not None:
        bar.close()
    if args.json:
        dump(result.to_json())
    else:
        print("\n".join(simulate_lines(result)))
    return 0


def simulate_lines(r: TournamentResult) -> list[str]:
    t = r.tournament
    out = [
        f"{t.rules.name}, {t.players} players, {t.hands} hands (seed {t.seed}); the deal"
        " passes left every hand and the bots move one seat every round",
        "",
        f"{'':<16} {'hands':>7} {'mean net':>9} {'± s.e.':>7} {'cards':>6} {'last':>6}",
    ]

    def row(label: str, tally: Any) -> str:
        return (
            f"{label:<16} {tally.hands:>7} {tally.mean_net:>+9.3f} {tally.standard_error:>7.3f}"
            f" {tally.mean_cards:>6.2f} {tally.last_player_share:>6.1%}"
        )

    out += [row(f"seat {s}", tally) for s, tally in enumerate(r.by_seat)]
    out.append("")
    out += [row(role, tally) for role, tally in zip(r.roles, r.by_role, strict=True)]
    out.append("")
    out += [row(f"bot {b} {t.bots[b]}", tally) for b, tally in enumerate(r.by_bot)]
    out.append("")
    out.append(f"hands where the pot was not used up: {r.unbalanced}")
    speed = r.hands_per_second
    if speed is not None:
        out.append(f"{speed:,.0f} hands per second on {r.workers} worker(s)")
    return out


class ProgressBar:
    """A one-line bar redrawn with a carriage return.

    Written by hand: the well-kept libraries (tqdm, rich) would be this
    package's first runtime dependency, for twenty lines.
    """

    def __init__(self, out: TextIO, width: int = 30) -> None:
        self.out, self.width = out, width
        self.start = time.perf_counter()
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        filled = self.width * done // total
        rate = done / max(time.perf_counter() - self.start, 1e-9)
        self.out.write(
            f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done:,}/{total:,} hands"
            f"  {rate:,.0f}/s"
        )
        self.out.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.out.write("\r\033[K")
            self.out.flush()

"""How fast the engine plays whole hands: random moves, full rules, one core.

For every preset and every player count it supports, plays hands from the
shuffle to the settlement through the real engine, two ways:

* **playout**: :func:`lld.playout.random_playout`, random legal moves chosen
  by the engine's own loop, as a searching bot's rollouts run. The target is
  on this figure.
* **bots**: :func:`lld.playout.play_hand` with one ``random`` bot per seat,
  each deciding from its own seat's view, as tournaments run.
* **tournament** (with ``--tournament``): :func:`lld.tournament.play_tournament`
  with random bots, seats and dealer rotated, on one worker and on every core,
  and its ratio to the playout measured in the same run (target: at least 0.8
  on one worker).

For Parlett with five players (the targets' row) it also measures, in the same
run and interleaved with the playout so that a busy machine slows both alike:

* **lean**: :mod:`lean_playout` (in this directory), the least work a random
  Parlett five-player hand needs in pure Python (rank counts only, no suits,
  no ledger); the engine's speed as a ratio to it (target: at least 0.5);
* **simulate**: what ``lld simulate`` runs with random bots on one worker
  (:func:`lld.tournament.play_tournament`), as a ratio to the playout
  (target: at least 0.8);
* **play start**: how long a second ``./run play`` takes to its first prompt
  (target: under 1 s; the median of a few starts, see ``play_start.py``;
  ``--play-start-runs 0`` skips it);
* **scaling**: ``lld simulate`` on every core against one worker, on a longer
  run (``--scaling-hands``, default 20,000, so that starting the worker
  processes is a small part of it; 0 skips it). The target, "scales with
  them", is read as a speed-up of at least 0.8 per core (1.6 on two cores).

The playout and the bots make the same random choices (each turn move as likely as any other, free
moves taken or passed at random) through the same move generation and the
same ``Game.play``. Each timed run plays seeds ``0 .. N-1`` after a warm-up and
is repeated; the best repeat counts. Memory is measured separately:
tracemalloc's peak over a short run of random playouts (so that tracing does
not slow the timed runs), and the process's maximum resident set size at the
end.

Run it with ``nox -s bench`` (or ``./run bench``); options go after ``--``::

    ./run bench --preset parlett --players 5 --hands 20000
    ./run bench --json
    ./run bench --preset parlett --players 5 --tournament
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import platform
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

try:
    import lld  # noqa: F401
except ImportError:  # running from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from lld.bots import make_bot
from lld.errors import LldError
from lld.game import Game
from lld.playout import play_hand, random_playout
from lld.presets import PRESETS, ruleset
from lld.ruleset import Ruleset
from lld.tournament import default_workers, play_tournament

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lean_playout
import play_start

TARGET_PRESET = "parlett"
TARGET_PLAYERS = 5
TARGET_RATE = 10_000
TARGET_PYTHON = (3, 11)
TARGET_TEXT = (
    f"{TARGET_PRESET}, {TARGET_PLAYERS} players: target ≥ {TARGET_RATE:,} random playouts/s"
    f" on CPython {TARGET_PYTHON[0]}.{TARGET_PYTHON[1]}"
)


@dataclass
class Result:
    preset: str
    players: int
    hands: int
    repeat: int
    best_seconds: float
    #: random playouts (the target's figure)
    hands_per_second: float
    microseconds_per_hand: float
    #: random bots through seat views
    bots_best_seconds: float
    bots_hands_per_second: float
    bots_microseconds_per_hand: float
    traced_hands: int
    traced_peak_bytes: int


def play_out(rules: Ruleset, players: int, seeds: range) -> None:
    """One random playout per seed, dealt from the seed."""
    rng = random.Random(0)
    for seed in seeds:
        game = random_playout(Game.new(rules, players, seed, dealer=seed % players), rng)
        if not game.over:
            raise RuntimeError(f"{rules.name}, {players} players, seed {seed}: hand not over")


def play_bots(rules: Ruleset, players: int, seeds: range) -> None:
    """One hand per seed among random bots; the bots sit for the whole run, as at a real table.

    (Seeding a bot's generator costs about as much as a tenth of a hand, so
    fresh bots for every hand would measure the generator, not the engine.)
    """
    bots = [make_bot("random", seat) for seat in range(players)]
    for seed in seeds:
        game = play_hand(rules, players, seed, bots, dealer=seed % players)
        if not game.over:
            raise RuntimeError(f"{rules.name}, {players} players, seed {seed}: hand not over")


def best_time(
    run: Callable[[Ruleset, int, range], None], rules: Ruleset, players: int, hands: int,
    repeat: int, warmup: int,
) -> float:  # fmt: skip
    run(rules, players, range(hands, hands + warmup))  # warm caches; not timed
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run(rules, players, range(hands))
        best = min(best, time.perf_counter() - start)
    return best


def measure(name: str, players: int, hands: int, repeat: int, warmup: int, traced: int) -> Result:
    rules = ruleset(name)
    best = best_time(play_out, rules, players, hands, repeat, warmup)
    bots_best = best_time(play_bots, rules, players, hands, repeat, warmup)
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        play_out(rules, players, range(traced))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return Result(
        preset=name,
        players=players,
        hands=hands,
        repeat=repeat,
        best_seconds=best,
        hands_per_second=hands / best,
        microseconds_per_hand=best / hands * 1e6,
        bots_best_seconds=bots_best,
        bots_hands_per_second=hands / bots_best,
        bots_microseconds_per_hand=bots_best / hands * 1e6,
        traced_hands=traced,
        traced_peak_bytes=peak,
    )


@dataclass
class TournamentResult:
    preset: str
    players: int
    hands: int
    playout_hands_per_second: float
    #: lld.tournament.play_tournament with random bots, in this process
    one_worker_hands_per_second: float
    workers: int
    all_workers_hands_per_second: float

    @property
    def ratio(self) -> float:
        return self.one_worker_hands_per_second / self.playout_hands_per_second


def measure_tournament(name: str, players: int, hands: int, repeat: int) -> TournamentResult:
    """Best of ``repeat`` for the playout, a one-worker and an every-core tournament,
    interleaved so that a busy machine slows all three alike."""
    rules = ruleset(name)
    bots = ["random"] * players
    play_tournament(rules, bots, min(hands, 500), seed=1, workers=1)  # warm up; not timed
    best = {"playout": float("inf"), "one": float("inf"), "all": float("inf")}
    workers = default_workers()
    for _ in range(repeat):
        start = time.perf_counter()
        play_out(rules, players, range(hands))
        best["playout"] = min(best["playout"], time.perf_counter() - start)
        for key, count in (("one", 1), ("all", workers)):
            start = time.perf_counter()
            play_tournament(rules, bots, hands, seed=1, workers=count)
            best[key] = min(best[key], time.perf_counter() - start)
    return TournamentResult(
        name, players, hands, hands / best["playout"], hands / best["one"], workers,
        hands / best["all"],
    )  # fmt: skip


def print_tournaments(results: list[TournamentResult]) -> None:
    print()
    header = (
        f"{'preset':<15} {'players':>7} {'playout/s':>10} {'1 worker/s':>11} {'ratio':>6}"
        f" {'workers':>7} {'all/s':>8}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        mark = "met" if r.ratio >= 0.8 else "NOT met"
        print(
            f"{r.preset:<15} {r.players:>7} {r.playout_hands_per_second:>10,.0f}"
            f" {r.one_worker_hands_per_second:>11,.0f} {r.ratio:>6.2f} {r.workers:>7}"
            f" {r.all_workers_hands_per_second:>8,.0f}  <- target ratio ≥ 0.8: {mark}"
        )
    print("tournament: lld.tournament.play_tournament, random bots, seats and dealer rotated")


TARGET_LEAN_RATIO = 0.5
TARGET_SIMULATE_RATIO = 0.8
TARGET_PLAY_START = 1.0
#: "scales with the cores": the speed-up on every core over one worker, per core
TARGET_SCALING_PER_CORE = 0.8


@dataclass
class TargetRow:
    """The targets' figures for Parlett, five players, measured in one run."""

    hands: int
    playout_hands_per_second: float
    lean_hands_per_second: float
    simulate_hands_per_second: float
    #: seconds from starting a second ``./run play`` to its first prompt (None: not measured)
    play_start_seconds: float | None
    #: the scaling run: its hands, the cores, and one worker's and every core's speed
    #: (hands 0: not measured)
    scaling_hands: int = 0
    cores: int = 1
    scaling_one_hands_per_second: float = 0.0
    scaling_all_hands_per_second: float = 0.0

    @property
    def speed_up(self) -> float | None:
        if not self.scaling_hands:
            return None
        return self.scaling_all_hands_per_second / self.scaling_one_hands_per_second

    @property
    def lean_ratio(self) -> float:
        return self.playout_hands_per_second / self.lean_hands_per_second

    @property
    def simulate_ratio(self) -> float:
        return self.simulate_hands_per_second / self.playout_hands_per_second

    def lines(self) -> list[str]:
        def met(ok: bool) -> str:
            return "met" if ok else "NOT met"

        rate = self.playout_hands_per_second
        out = [
            f"targets ({TARGET_PRESET}, {TARGET_PLAYERS} players; {self.hands:,} hands a run,"
            " each speed the best of runs interleaved in this one process):",
            f"  random playout: {rate:,.0f} hands/s (target ≥ {TARGET_RATE:,}):"
            f" {met(rate >= TARGET_RATE)}",
            f"  engine / lean reference playout: {self.lean_ratio:.2f}"
            f" ({self.lean_hands_per_second:,.0f} lean hands/s; target ≥ {TARGET_LEAN_RATIO}):"
            f" {met(self.lean_ratio >= TARGET_LEAN_RATIO)}",
            f"  lld simulate, random bots, one worker / playout: {self.simulate_ratio:.2f}"
            f" ({self.simulate_hands_per_second:,.0f} hands/s; target ≥ {TARGET_SIMULATE_RATIO}):"
            f" {met(self.simulate_ratio >= TARGET_SIMULATE_RATIO)}",
        ]
        if self.play_start_seconds is not None:
            out.append(
                f"  second ./run play to its first prompt: {self.play_start_seconds:.2f} s"
                f" (target < {TARGET_PLAY_START:g} s): "
                + met(self.play_start_seconds < TARGET_PLAY_START)
            )
        if self.speed_up is not None:
            wanted = TARGET_SCALING_PER_CORE * self.cores
            every = self.scaling_all_hands_per_second
            out.append(
                f"  lld simulate on all {self.cores} cores: {every:,.0f} hands/s,"
                f" {self.speed_up:.2f} times one worker's"
                f" ({self.scaling_one_hands_per_second:,.0f}; {self.scaling_hands:,} hands a run;"
                f" target ≥ {wanted:.1f}): {met(self.speed_up >= wanted)}"
            )
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "lean_ratio": self.lean_ratio,
            "simulate_ratio": self.simulate_ratio,
            "speed_up": self.speed_up,
            "targets": {
                "hands_per_second": TARGET_RATE,
                "lean_ratio": TARGET_LEAN_RATIO,
                "simulate_ratio": TARGET_SIMULATE_RATIO,
                "play_start_seconds": TARGET_PLAY_START,
                "speed_up_per_core": TARGET_SCALING_PER_CORE,
            },
        }


def measure_targets(
    hands: int, repeat: int, play_start_runs: int, scaling_hands: int = 0
) -> TargetRow:
    """The playout, the lean playout and a one-worker tournament, best of ``repeat``
    each, taken in turn within every repeat so that load on the machine falls on all."""
    rules = ruleset(TARGET_PRESET)
    bots = ["random"] * TARGET_PLAYERS
    warm = min(hands, 1000)
    play_out(rules, TARGET_PLAYERS, range(hands, hands + warm))  # not timed
    lean_playout.lean_playouts(warm, seed=1)
    play_tournament(rules, bots, warm, seed=2, workers=1)
    runs: dict[str, Callable[[], object]] = {
        "playout": lambda: play_out(rules, TARGET_PLAYERS, range(hands)),
        "lean": lambda: lean_playout.lean_playouts(hands),
        "simulate": lambda: play_tournament(rules, bots, hands, seed=1, workers=1),
    }
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for key, run in runs.items():
            start = time.perf_counter()
            run()
            best[key] = min(best[key], time.perf_counter() - start)
    start_time = play_start.median_of(play_start_runs) if play_start_runs else None
    row = TargetRow(
        hands, hands / best["playout"], hands / best["lean"], hands / best["simulate"],
        start_time,
    )  # fmt: skip
    if scaling_hands:
        cores = default_workers()
        one, every = measure_scaling(rules, bots, scaling_hands, min(repeat, 3), cores)
        row = dataclasses.replace(
            row, scaling_hands=scaling_hands, cores=cores,
            scaling_one_hands_per_second=one, scaling_all_hands_per_second=every,
        )  # fmt: skip
    return row


def measure_scaling(
    rules: Ruleset, bots: list[str], hands: int, repeat: int, cores: int
) -> tuple[float, float]:
    """Hands a second of a tournament on one worker and on ``cores``, best of ``repeat``
    each, taken in turn."""
    best = {1: float("inf"), cores: float("inf")}
    for _ in range(repeat):
        for workers in best:
            start = time.perf_counter()
            play_tournament(rules, bots, hands, seed=3, workers=workers)
            best[workers] = min(best[workers], time.perf_counter() - start)
    return hands / best[1], hands / best[cores]


def max_rss_bytes() -> int | None:
    try:
        import resource
    except ImportError:  # Windows
        return None
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(rss if sys.platform == "darwin" else rss * 1024)  # Linux reports KiB


def python_description() -> str:
    return f"{platform.python_implementation()} {platform.python_version()}"


def on_target_python() -> bool:
    return platform.python_implementation() == "CPython" and sys.version_info[:2] == TARGET_PYTHON


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Random-playout speed of every preset and player count."
    )
    parser.add_argument(
        "--hands", type=int, default=2000, metavar="N",
        help="hands per timed run (default 2000)",
    )  # fmt: skip
    parser.add_argument("--preset", metavar="NAME", help=f"only this preset ({', '.join(PRESETS)})")
    parser.add_argument("--players", type=int, metavar="N", help="only this player count")
    parser.add_argument(
        "--repeat", type=int, default=5, metavar="R",
        help="timed runs per row; the best counts (default 5)",
    )  # fmt: skip
    parser.add_argument(
        "--trace-hands", type=int, default=100, metavar="N",
        help="hands in the separate tracemalloc run (default 100)",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--tournament", action="store_true",
        help="also time lld.tournament on one worker and on every core",
    )  # fmt: skip
    parser.add_argument(
        "--scaling-hands", type=int, default=20_000, metavar="N",
        help="hands in each run of lld simulate on one worker and on every core, for the"
        " scaling target (0: skip; default 20000)",
    )  # fmt: skip
    parser.add_argument(
        "--play-start-runs", type=int, default=5, metavar="N",
        help="times to start ./run play for the start-up figure, the median counts (0: skip;"
        " default 5)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.play_start_runs < 0 or args.scaling_hands < 0:
        parser.error("--play-start-runs and --scaling-hands must be 0 or more")
    if args.hands < 1 or args.repeat < 1 or args.trace_hands < 1:
        parser.error("--hands, --repeat and --trace-hands must be at least 1")
    if args.preset is not None:
        try:
            args.preset = ruleset(args.preset).name
        except LldError as exc:
            parser.error(str(exc))
    return args


def selected(args: argparse.Namespace) -> list[tuple[str, int]]:
    rows: list[tuple[str, int]] = []
    for name, rules in PRESETS.items():
        if args.preset is not None and name != args.preset:
            continue
        rows.extend((name, n) for n in rules.players if args.players in (None, n))
    return rows


def target_verdict(results: list[Result]) -> dict[str, Any] | None:
    for r in results:
        if (r.preset, r.players) == (TARGET_PRESET, TARGET_PLAYERS):
            return {
                "text": TARGET_TEXT,
                "hands_per_second": r.hands_per_second,
                "met": r.hands_per_second >= TARGET_RATE,
                "on_target_python": on_target_python(),
            }
    return None


def verdict_text(verdict: dict[str, Any]) -> str:
    word = "MET" if verdict["met"] else "NOT MET"
    line = f"{verdict['text']}: {word} ({verdict['hands_per_second']:,.0f} hands/s"
    if not verdict["on_target_python"]:
        line += f", measured on {python_description()}, not the target's Python"
    return line + ")"


def print_table(args: argparse.Namespace, results: list[Result], rss: int | None) -> None:
    print(
        f"lld playout benchmark: {python_description()}, {platform.system()}"
        f" {platform.machine()}; {args.hands:,} hands per run, best of {args.repeat}"
    )
    print()
    header = (
        f"{'preset':<15} {'players':>7} {'playout/s':>10} {'µs/hand':>8}"
        f" {'bots/s':>8} {'µs/hand':>8} {'traced peak':>12}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        mark = ""
        if (r.preset, r.players) == (TARGET_PRESET, TARGET_PLAYERS):
            met = r.hands_per_second >= TARGET_RATE
            mark = f"  <- target ≥ {TARGET_RATE:,} playouts/s: {'met' if met else 'NOT met'}"
        print(
            f"{r.preset:<15} {r.players:>7} {r.hands_per_second:>10,.0f}"
            f" {r.microseconds_per_hand:>8.1f} {r.bots_hands_per_second:>8,.0f}"
            f" {r.bots_microseconds_per_hand:>8.1f}"
            f" {r.traced_peak_bytes / 1024:>8.1f} KiB{mark}"
        )
    print()
    print("playout: lld.playout.random_playout, random legal moves chosen by the engine's loop")
    print("bots:    lld.playout.play_hand, a random bot per seat deciding from its seat's view")
    print(f"traced peak: tracemalloc's peak over a separate run of {args.trace_hands} playouts")
    if rss is not None:
        print(f"max resident set size of this process: {rss / 2**20:.1f} MiB")
    verdict = target_verdict(results)
    if verdict is not None:
        print(verdict_text(verdict))


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    rows = selected(args)
    if not rows:
        print("no preset gives a game for that selection", file=sys.stderr)
        return 2
    warmup = min(1000, args.hands)  # the engine keeps its move tables: fill them first
    progress = not args.json and sys.stderr.isatty()
    results = []
    for name, players in rows:
        if progress:
            print(f"  {name}, {players} players ...", file=sys.stderr, end="\r", flush=True)
        results.append(measure(name, players, args.hands, args.repeat, warmup, args.trace_hands))
    targets = (
        measure_targets(args.hands, args.repeat, args.play_start_runs, args.scaling_hands)
        if (TARGET_PRESET, TARGET_PLAYERS) in rows
        else None
    )
    tournaments = (
        [measure_tournament(name, players, args.hands, args.repeat) for name, players in rows]
        if args.tournament
        else []
    )
    rss = max_rss_bytes()
    if args.json:
        report = {
            "python": python_description(),
            "platform": f"{platform.system()} {platform.machine()}",
            "hands": args.hands,
            "repeat": args.repeat,
            "trace_hands": args.trace_hands,
            "results": [asdict(r) for r in results],
            "max_rss_bytes": rss,
            "target": target_verdict(results),
        }
        if targets is not None:
            report["targets"] = targets.to_json()
        if tournaments:
            report["tournament"] = [{**asdict(t), "ratio": t.ratio} for t in tournaments]
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        if progress:
            print(" " * 40, file=sys.stderr, end="\r", flush=True)
        print_table(args, results, rss)
        if targets is not None:
            print()
            print("\n".join(targets.lines()))
        if tournaments:
            print_tournaments(tournaments)
    return 0


if __name__ == "__main__":
    sys.exit(main())

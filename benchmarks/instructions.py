"""The targets' ratios in instructions, not seconds: a figure no load on the machine moves.

Runs each workload of the targets' row (Parlett, five players) under
``valgrind --tool=callgrind`` twice, with ``N`` and ``2 N`` hands, and takes
the difference, so that start-up (the interpreter, the imports, the warm-up)
cancels out: what is left is the instructions ``N`` hands cost. The ratios are
those ``bench.py`` reports in seconds:

* engine / lean: the lean playout's instructions over the engine playout's;
* simulate / playout: the playout's over a one-worker tournament's.

Needs valgrind (``apt-get install valgrind``); run it as
``python benchmarks/instructions.py [N]`` (default 300 hands; it takes a minute).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"
WORKLOADS = ("playout", "lean", "simulate")
WARM = 200


def child(kind: str, hands: int) -> None:
    """Play ``hands`` hands of ``kind`` after a warm-up of :data:`WARM` (in both runs alike)."""
    sys.path[:0] = [str(HERE), str(SRC)]
    import random

    import lean_playout

    from lld.game import Game
    from lld.playout import random_playout
    from lld.presets import ruleset
    from lld.tournament import play_tournament

    rules = ruleset("parlett")

    def playout(seeds: range) -> None:
        rng = random.Random(0)
        for seed in seeds:
            random_playout(Game.new(rules, 5, seed, dealer=seed % 5), rng)

    def lean(seeds: range) -> None:
        lean_playout.lean_playouts(len(seeds), seed=seeds.start)

    def simulate(seeds: range) -> None:
        play_tournament(rules, ["random"] * 5, len(seeds), seed=seeds.start, workers=1)

    run = {"playout": playout, "lean": lean, "simulate": simulate}[kind]
    run(range(10_000, 10_000 + WARM))
    run(range(hands))


def instructions(kind: str, hands: int) -> int:
    """Instructions callgrind counts for the whole child process."""
    result = subprocess.run(
        [
            "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
            sys.executable, __file__, "--child", kind, str(hands),
        ],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    found = re.search(r"Collected\s*:\s*(\d+)", result.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count from callgrind: {result.stderr[-500:]}")
    return int(found.group(1))


def per_hand(hands: int) -> dict[str, float]:
    return {
        kind: (instructions(kind, 2 * hands) - instructions(kind, hands)) / hands
        for kind in WORKLOADS
    }


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        child(argv[1], int(argv[2]))
        return 0
    if shutil.which("valgrind") is None:
        print("instructions.py: needs valgrind (apt-get install valgrind)", file=sys.stderr)
        return 2
    hands = int(argv[0]) if argv else 300
    cost = per_hand(hands)
    print(
        f"instructions per hand (callgrind; parlett, 5 players; {hands} hands against {2 * hands}):"
    )
    for kind in WORKLOADS:
        print(f"  {kind:<9} {cost[kind]:>12,.0f}")
    print(f"  engine / lean reference playout: {cost['lean'] / cost['playout']:.2f} (target ≥ 0.5)")
    simulate = cost["playout"] / cost["simulate"]
    print(f"  lld simulate, random bots, one worker / playout: {simulate:.2f} (target ≥ 0.8)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""How long a second ``./run play`` takes to reach its first prompt (target: under 1 s).

The first start may install the package into ``.nox/play``; it is run once,
untimed. Each timed start runs ``./run play --seed 1`` in a pseudo-terminal,
as a player would, and stops the clock when the prompt (ending ``)> ``) is
printed; then it answers ``q``. The median of the runs counts (start-up time
is what a player waits, and the median is the usual wait). ``bench.py``
reports it with the other targets; on its own::

    python benchmarks/play_start.py [RUNS]
"""

from __future__ import annotations

import os
import select
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMAND = ("./run", "play", "--seed", "1")
#: The end of every ``lld play`` prompt.
PROMPT = b")> "
#: A start that takes longer than this is reported as a failure, not waited for.
TIMEOUT = 300.0


def time_to_prompt(command: tuple[str, ...] = COMMAND, timeout: float = TIMEOUT) -> float:
    """Seconds from starting ``command`` in a pseudo-terminal to its first prompt."""
    # A pseudo-terminal, not a pipe: lld play asks only a terminal for moves.
    master, slave = os.openpty()
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=ROOT, stdin=slave, stdout=slave, stderr=slave, start_new_session=True
    )
    os.close(slave)
    seen = b""
    try:
        while PROMPT not in seen:
            left = timeout - (time.perf_counter() - start)
            if left <= 0:
                raise RuntimeError(f"{' '.join(command)}: no prompt after {timeout:.0f} s")
            ready, _, _ = select.select([master], [], [], left)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:  # the terminal closed: the process ended
                    chunk = b""
                if not chunk:
                    tail = seen[-300:].decode(errors="replace")
                    raise RuntimeError(f"{' '.join(command)} ended before its prompt: {tail}")
                seen += chunk
        elapsed = time.perf_counter() - start
        os.write(master, b"q\n")
        process.wait(timeout=30)
        return elapsed
    finally:
        if process.poll() is None:
            process.kill()  # this process only: the one started here
            process.wait()
        os.close(master)


def median_of(runs: int) -> float:
    """The median start time over ``runs`` starts, after one untimed start."""
    time_to_prompt()  # the first start may install the package
    return statistics.median(time_to_prompt() for _ in range(runs))


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv else 5
    seconds = median_of(runs)
    verdict = "met" if seconds < 1.0 else "NOT met"
    print(f"second ./run play to its first prompt: {seconds:.2f} s, median of {runs}"
          f" (target < 1 s): {verdict}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

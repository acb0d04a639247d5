"""One hard time limit for the fuzz tests: a call that hangs fails its test.

:func:`time_limit` raises :class:`Hang` in its body once it has run longer than
its limit. It needs ``signal.setitimer`` in the main thread; where that is
missing (Pyodide, Windows, a worker thread) the body runs unguarded, and only
hypothesis's deadline (where a test sets one) guards it.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: Seconds a fuzzed call may take before it counts as a hang: far above any honest call's time.
HARD_LIMIT = 20.0


class Hang(BaseException):
    """A call ran past its time limit (a BaseException, so no ``except`` in the code
    under test swallows it)."""


def can_alarm() -> bool:
    """Whether :func:`time_limit` can stop a hang here."""
    return (
        hasattr(signal, "setitimer")
        and sys.platform != "emscripten"
        and threading.current_thread() is threading.main_thread()
    )


@contextmanager
def time_limit(seconds: float = HARD_LIMIT) -> Iterator[None]:
    """Raise :class:`Hang` in the body if it runs longer than ``seconds``."""
    if not can_alarm():
        yield
        return

    def on_alarm(signum: int, frame: object) -> None:
        raise Hang(f"no answer after {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)

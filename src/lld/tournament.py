"""Tournaments: many hands among bots, seats and dealer rotated, spread over the cores.

Hand ``i`` (from 0) of a tournament with seed ``S``:

* is dealt from :func:`hand_seed` ``(S, i)``, so ``lld deal --seed`` with that
  number shows the same deal. Its block ``k = i // BLOCK`` has one stream of
  bytes, the SHAKE-128 output for ``"lld-tournament:S:k"``, read as 64-bit
  big-endian numbers: number ``i % BLOCK`` of it is the hand's seed;
* is dealt by seat ``(first_dealer + i) % n``: the deal passes to the left
  every hand (R4), so every seat deals as often as any other;
* seats the bots shifted by one place every ``n`` hands: bot ``b`` sits at seat
  ``(b - i // n) % n``. Over ``n * n`` hands every bot plays every seat in every
  role (eldest ... dealer) exactly once, so a seat's effect, a role's effect and
  a bot's strength can be told apart.

The hands are played in blocks of :data:`BLOCK` (the last may be shorter). A
block is the unit of work handed to a process, and its bots are made afresh
from :func:`bot_seed` ``(S, block, b)``, number ``BLOCK + b`` of the block's
stream. So the result depends only on the tournament's settings, never on how
many workers played it, and hand ``i`` is replayed exactly by replaying its
block. (Seeding every bot's generator for every
hand instead would cost about a quarter of a random five-player hand.)

Each hand adds to :class:`Tally` objects per seat, per role and per bot. A
tally keeps sums (of the net, of its square, of won cards, of hands as last
player), which add up across blocks in any order; means, variances and
confidence intervals are worked out from them, and new statistics are new
sums.

>>> from lld.presets import ruleset
>>> t = play_tournament(ruleset("parlett"), ["random"] * 5, hands=50, seed=1, workers=1)
>>> t.hands, sum(s.hands for s in t.by_seat), t.unbalanced
(50, 250, 0)
>>> t.roles, [s.hands for s in t.by_role]
(('eldest', 'second', 'third', 'fourth', 'dealer'), [50, 50, 50, 50, 50])
>>> t == play_tournament(ruleset("parlett"), ["random"] * 5, hands=50, seed=1, workers=1)
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import os
import struct
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from operator import add, mul
from typing import Any

from lld.bots import Bot, make_bot
from lld.deal import MAX_SEED
from lld.errors import ConfigError, RulesetError, shown
from lld.game import Game
from lld.ledger import Amount, whole_if_whole
from lld.playout import drive
from lld.roles import role_names
from lld.ruleset import Ruleset

#: Hands per block: the unit of work, and the span over which bots keep their state.
BLOCK = 200

#: The most hands a tournament plays: years of play on any machine, and the
#: same bound everywhere (Pyodide's sys.maxsize is 2**31 - 1).
MAX_HANDS = 10**12

#: Processes a tournament starts at most, for each core it may use.
MAX_WORKERS_PER_CORE = 4

#: ``progress(hands_done, hands_total)``, called as blocks finish.
Progress = Callable[[int, int], None]


def hand_seed(seed: int, i: int) -> int:
    """The deal's seed for hand ``i`` of the tournament with seed ``seed``.

    >>> hand_seed(1, 0) == hand_seed(1, 0) != hand_seed(1, 1)
    True
    """
    _check_seed(seed)
    _check_range("hand", i, MAX_HANDS - 1)
    return _block_seeds(seed, i // BLOCK, 0)[i % BLOCK]


def bot_seed(seed: int, block: int, bot: int) -> int:
    """The seed of bot ``bot`` for block ``block``."""
    _check_seed(seed)
    _check_range("block", block, _block_count(MAX_HANDS) - 1)
    _check_range("bot", bot, 7)  # a game has 3 to 8 players, so 8 bots at most
    return _block_seeds(seed, block, bot + 1)[BLOCK + bot]


def _check_seed(seed: object) -> None:
    if not _whole(seed) or not 0 <= seed <= MAX_SEED:  # type: ignore[operator]
        raise RulesetError(f"the seed must be a whole number 0 to 2**64 - 1, not {shown(seed)}")


def _check_range(name: str, value: object, most: int) -> None:
    if not _whole(value) or not 0 <= value <= most:  # type: ignore[operator]
        raise RulesetError(f"the {name} must be a whole number 0 to {most:,}, not {shown(value)}")


def _block_seeds(seed: int, block: int, bots: int) -> tuple[int, ...]:
    """The first ``BLOCK + bots`` numbers of block ``block``'s stream (see the module doc).

    One extendable-output hash gives a whole block's seeds at once: a hash for
    every hand cost about half a microsecond of each, where a tournament is
    counted in microseconds a hand.
    """
    stream = hashlib.shake_128(f"lld-tournament:{seed}:{block}".encode())
    count = BLOCK + bots
    return struct.unpack(f">{count}Q", stream.digest(8 * count))


def seating(i: int, players: int) -> tuple[int, ...]:
    """Which bot sits at each seat in hand ``i``.

    >>> seating(0, 3), seating(3, 3), seating(6, 3)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    shift = (i // players) % players
    return tuple((seat + shift) % players for seat in range(players))


@dataclass(frozen=True)
class Tally:
    """Sums over the hands one seat, role or bot played.

    >>> t = Tally().add(3, 10, True).add(-1, 6, False)
    >>> t.hands, t.mean_net, t.variance, t.last_player_share
    (2, 1.0, 8.0, 0.5)
    """

    hands: int = 0
    net: Amount = 0
    net_squared: Amount = 0
    cards: int = 0
    last_player: int = 0

    def add(self, net: Amount, cards: int, last: bool) -> Tally:
        return Tally(
            self.hands + 1, self.net + net, self.net_squared + net * net,
            self.cards + cards, self.last_player + last,
        )  # fmt: skip

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.hands + other.hands, self.net + other.net, self.net_squared + other.net_squared,
            self.cards + other.cards, self.last_player + other.last_player,
        )  # fmt: skip

    @property
    def mean_net(self) -> float:
        return float(self.net / self.hands) if self.hands else 0.0

    @property
    def variance(self) -> float:
        """The sample variance of the net per hand (0 for fewer than two hands)."""
        if self.hands < 2:
            return 0.0
        mean = self.mean_net
        return float(self.net_squared - self.hands * mean * mean) / (self.hands - 1)

    @property
    def standard_error(self) -> float:
        return math.sqrt(self.variance / self.hands) if self.hands else 0.0

    @property
    def mean_cards(self) -> float:
        return self.cards / self.hands if self.hands else 0.0

    @property
    def last_player_share(self) -> float:
        return self.last_player / self.hands if self.hands else 0.0

    def to_json(self) -> dict[str, Any]:
        # A statistic, not a record: a net summed over parted stakes (R23, R44) is
        # given as the nearest float, a whole one as before.
        return {
            **{k: _number(v) for k, v in dataclasses.asdict(self).items()},
            "mean_net": self.mean_net,
            "standard_error": self.standard_error,
            "mean_cards": self.mean_cards,
            "last_player_share": self.last_player_share,
        }


def _number(value: Amount) -> int | float:
    value = whole_if_whole(value)
    return value if isinstance(value, int) else float(value)


@dataclass(frozen=True)
class Tournament:
    """A tournament's settings: everything its result depends on."""

    rules: Ruleset
    #: One bot name per bot; bot ``b`` starts at seat ``b``.
    bots: tuple[str, ...]
    hands: int
    seed: int
    first_dealer: int = 0

    @property
    def players(self) -> int:
        return len(self.bots)


@dataclass(frozen=True)
class TournamentResult:
    """What a tournament gave: tallies per seat, per role (eldest first, the dealer
    last; :func:`lld.roles.role_names`) and per bot, and the hands whose pot was
    not used up."""

    tournament: Tournament
    by_seat: tuple[Tally, ...]
    by_role: tuple[Tally, ...]
    by_bot: tuple[Tally, ...]
    unbalanced: int
    #: How it was played: not part of the result (equal results compare equal).
    workers: int = field(default=1, compare=False)
    seconds: float = field(default=0.0, compare=False)

    @property
    def hands(self) -> int:
        return self.tournament.hands

    @property
    def roles(self) -> tuple[str, ...]:
        return role_names(self.tournament.players)

    @property
    def hands_per_second(self) -> float | None:
        return self.hands / self.seconds if self.seconds > 0 else None

    def to_json(self) -> dict[str, Any]:
        t = self.tournament
        return {
            "ruleset": t.rules.name,
            "options": t.rules.overrides_from(_preset_of(t.rules)),
            "players": t.players,
            "bots": list(t.bots),
            "hands": t.hands,
            "seed": t.seed,
            "first_dealer": t.first_dealer,
            "block": BLOCK,
            "by_seat": [s.to_json() for s in self.by_seat],
            "by_role": [
                {"role": r, **s.to_json()} for r, s in zip(self.roles, self.by_role, strict=True)
            ],
            "by_bot": [
                {"bot": b, "name": t.bots[b], **s.to_json()} for b, s in enumerate(self.by_bot)
            ],
            "unbalanced": self.unbalanced,
            "workers": self.workers,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
        }


def _preset_of(rules: Ruleset) -> Ruleset:
    from lld.presets import PRESETS

    return PRESETS.get(rules.name, rules)


# ------------------------------------------------------------------ playing


def play_block(t: Tournament, block: int) -> tuple[list[list[Amount]], int]:
    """Play one block; return the flat sums (seats, roles, bots; five each) and the
    number of unbalanced hands. Runs in a worker process, so it returns plain data."""
    n = t.players
    start, stop = block * BLOCK, min((block + 1) * BLOCK, t.hands)
    seeds = _block_seeds(t.seed, block, n)
    bots: list[Bot] = [make_bot(name, seeds[BLOCK + b]) for b, name in enumerate(t.bots)]
    # Each hand's result (the nets, the won piles, the last player) is kept
    # under its dealer and under its seating, and the block's sums are made at
    # its end, a group at a time, by loops in C (zip, sum, map): adding up per
    # seat, role and bot after every hand, in Python, cost about 2% of a hand.
    by_dealer: list[list[_HandResult]] = [[] for _ in range(n)]
    by_seating: list[list[_HandResult]] = [[] for _ in range(n)]
    unbalanced = 0
    rules, first = t.rules, t.first_dealer
    # The n seatings, and the methods of the bots in their seats for each, looked up once.
    seatings = [seating(k * n, n) for k in range(n)]
    chooses = [[bots[b].choose for b in seats] for seats in seatings]
    frees = [[bots[b].free for b in seats] for seats in seatings]
    for i in range(start, stop):
        dealer = (first + i) % n
        shift = (i // n) % n
        game = drive(Game.new(rules, n, seeds[i - start], dealer), chooses[shift], frees[shift])
        ledger = game.ledger
        result = (ledger.net, game.won, game.last_player)
        by_dealer[dealer].append(result)
        by_seating[shift].append(result)
        unbalanced += ledger.pot != 0
    seats: list[list[Amount]] = [[0] * 5 for _ in range(n)]
    roles: list[list[Amount]] = [[0] * 5 for _ in range(n)]
    bot_rows: list[list[Amount]] = [[0] * 5 for _ in range(n)]
    for dealer, played in enumerate(by_dealer):
        for seat, sums in enumerate(_per_seat(played, n)):
            _add(seats[seat], sums)
            _add(roles[(seat - dealer - 1) % n], sums)  # eldest (role 0) sits at the dealer's left
    for shift, played in enumerate(by_seating):
        for seat, sums in enumerate(_per_seat(played, n)):
            _add(bot_rows[seatings[shift][seat]], sums)
    return seats + roles + bot_rows, unbalanced


#: One hand's result as a block keeps it: the nets, the won piles, the last player.
_HandResult = tuple[list[Amount], list[int], "int | None"]


def _per_seat(played: list[_HandResult], n: int) -> list[tuple[int, Amount, Amount, int, int]]:
    """For each seat, :class:`Tally`'s five sums over the hands ``played``."""
    if not played:
        return [(0, 0, 0, 0, 0)] * n
    nets, piles, lasts = zip(*played, strict=True)
    hands = len(played)
    per_seat = zip(zip(*nets, strict=True), zip(*piles, strict=True), strict=True)
    return [
        (hands, sum(net), sum(map(mul, net, net)), sum(map(int.bit_count, won)), lasts.count(seat))
        for seat, (net, won) in enumerate(per_seat)
    ]


def _add(row: list[Amount], sums: tuple[Amount, ...]) -> None:
    row[:] = map(add, row, sums)


def _block_count(hands: int) -> int:
    return -(-hands // BLOCK)  # not len(range(...)), which a huge count overflows


def _blocks(hands: int) -> range:
    return range(_block_count(hands))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _in_process(t: Tournament) -> Iterator[tuple[Any, int, int]]:
    for block in _blocks(t.hands):
        yield (*play_block(t, block), block)


def _pool(workers: int, t: Tournament) -> Executor | None:
    """A process pool whose workers each hold ``t``, or ``None`` where processes
    cannot be started (Pyodide)."""
    if sys.platform == "emscripten":
        return None
    try:
        from concurrent.futures import ProcessPoolExecutor
        from multiprocessing import get_context

        context = get_context()  # what ProcessPoolExecutor would use by itself
        # The settings go to each worker once, not with every block: a ruleset
        # unpickled for every block would be a new object each time, whose
        # tables the engine would look up by its value (lld.rule_tables.compiled)
        # and not find by its identity.
        return ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=_hold, initargs=(t,)
        )
    except (ImportError, NotImplementedError, OSError):
        return None


#: The tournament a worker process plays blocks of (set by :func:`_hold`).
_HELD: list[Tournament] = []


def _hold(t: Tournament) -> None:
    _HELD[:] = [t]


def _play_held_block(block: int) -> tuple[list[list[Amount]], int]:
    return play_block(_HELD[0], block)


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def play_tournament(
    rules: Ruleset,
    bots: Sequence[str],
    hands: int,
    seed: int,
    *,
    first_dealer: int = 0,
    workers: int | None = None,
    progress: Progress | None = None,
) -> TournamentResult:
    """Play ``hands`` hands among ``bots`` (one bot name per seat) under ``rules``.

    ``workers`` processes share the blocks (default: every core); with
    ``workers=1``, or where processes cannot be started, the hands are played in
    this process. The result is the same either way. Bad settings raise
    :class:`~lld.errors.RulesetError`.
    """
    import time

    if not isinstance(rules, Ruleset):
        raise RulesetError(f"a tournament is played under a Ruleset, not {shown(rules)}")
    try:
        names = tuple(bots) if not isinstance(bots, str) else None
    except TypeError:
        names = None
    if names is None or not all(isinstance(name, str) for name in names):
        raise ConfigError(f"bots must be a list of bot names, not {shown(bots)}")
    bots = names
    n = len(bots)
    rules.stakes(n)  # the reading must give a game for this many players
    for name in bots:
        make_bot(name)  # an unknown bot fails here, once, not in every worker
    if not _whole(hands) or not 1 <= hands <= MAX_HANDS:
        raise RulesetError(
            f"a tournament plays 1 to {MAX_HANDS:,} hands (a whole number), not {shown(hands)}"
        )
    if not _whole(first_dealer) or not 0 <= first_dealer < n:
        raise RulesetError(f"first dealer {shown(first_dealer)} is not a seat (0 to {n - 1})")
    _check_seed(seed)  # as a deal's seed is
    if workers is not None and (not _whole(workers) or workers < 1):
        raise RulesetError(f"workers must be 1 or more (whole), not {shown(workers)}")
    t = Tournament(rules, bots, hands, seed, first_dealer)
    wanted = default_workers() if workers is None else workers
    # No more processes than blocks, nor than MAX_WORKERS_PER_CORE to a core:
    # beyond that they only share the same cores, each with its own memory.
    wanted = min(wanted, _block_count(hands), MAX_WORKERS_PER_CORE * default_workers())
    totals = [[0] * 5 for _ in range(3 * n)]
    unbalanced = 0
    done = 0
    start = time.perf_counter()
    pool = _pool(wanted, t) if wanted > 1 else None
    used = wanted if pool is not None else 1
    if pool is None:
        results: Iterator[tuple[Any, int, int]] = _in_process(t)
    else:
        results = _from_pool(pool, t, wanted)
    try:
        for sums, lopsided, block in results:
            for row, add in zip(totals, sums, strict=True):
                for k in range(5):
                    row[k] += add[k]
            unbalanced += lopsided
            done += min(BLOCK, hands - block * BLOCK)
            if progress is not None:
                progress(done, hands)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    seconds = time.perf_counter() - start
    tallies = [Tally(*row) for row in totals]
    return TournamentResult(
        t, tuple(tallies[:n]), tuple(tallies[n : 2 * n]), tuple(tallies[2 * n :]),
        unbalanced, used, seconds,
    )  # fmt: skip


def _from_pool(pool: Executor, t: Tournament, workers: int) -> Iterator[tuple[Any, int, int]]:
    """The blocks' results as they finish. A few blocks per worker are handed out
    at a time, not all at once: a long tournament would otherwise hold a pending
    task for every block it has."""
    from concurrent.futures import FIRST_COMPLETED, Future, wait

    blocks = iter(_blocks(t.hands))
    pending: dict[Future[tuple[list[list[Amount]], int]], int] = {}
    while True:
        for block in blocks:
            pending[pool.submit(_play_held_block, block)] = block
            if len(pending) >= 2 * workers:
                break
        if not pending:
            return
        finished, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in finished:
            yield (*future.result(), pending.pop(future))

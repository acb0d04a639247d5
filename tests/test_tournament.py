"""Tournaments: rotation, reproducible seeds, the same result on any number of workers."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable

import pytest

import lld.tournament as tm
from lld.bots import make_bot
from lld.cards import count
from lld.errors import ConfigError, RulesetError
from lld.game import Game
from lld.playout import run
from lld.presets import ruleset
from lld.roles import role_of
from lld.tournament import BLOCK, bot_seed, hand_seed, play_tournament, seating

RULES = ruleset("parlett")


def test_every_bot_plays_every_seat_in_every_role_once_per_n_squared_hands() -> None:
    for n in range(3, 9):
        combos: Counter[tuple[int, int, int]] = Counter()
        for i in range(n * n):
            dealer = i % n
            for seat, bot in enumerate(seating(i, n)):
                combos[bot, seat, role_of(seat, dealer, n)] += 1
        assert len(combos) == n**3
        assert set(combos.values()) == {1}
        for bot in range(n):
            for seat in range(n):
                roles = [r for (b, s, r), k in combos.items() if b == bot and s == seat]
                assert sorted(roles) == list(range(n))


def test_one_worker_and_two_give_the_same_result() -> None:
    one = play_tournament(RULES, ["random", "willughby", "random", "random", "random"],
                          hands=BLOCK + 37, seed=9, workers=1)  # fmt: skip
    two = play_tournament(RULES, ["random", "willughby", "random", "random", "random"],
                          hands=BLOCK + 37, seed=9, workers=2)  # fmt: skip
    assert one == two
    assert one.hands == BLOCK + 37


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start a process")
def test_workers_started_afresh_give_the_same_result(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where workers are not forked (spawn: macOS, Windows, newer Pythons), each is
    sent a copy of the settings once; the result is the same."""
    import multiprocessing

    spawn = multiprocessing.get_context("spawn")
    monkeypatch.setattr(multiprocessing, "get_context", lambda: spawn)
    names = ["random", "willughby", "random"]
    two = play_tournament(RULES, names, hands=BLOCK + 50, seed=5, workers=2)
    assert two.workers == 2
    assert two == play_tournament(RULES, names, hands=BLOCK + 50, seed=5, workers=1)


def test_hand_i_is_replayed_from_its_seed_and_its_block() -> None:
    # Replaying the hands one by one, from the documented seeds, seating and
    # bots, and adding up every tally in the plainest way gives the same sums.
    names = ["random", "willughby", "random", "random"]
    n, hands, first = len(names), BLOCK + 30, 3
    t = play_tournament(RULES, names, hands=hands, seed=4, workers=1, first_dealer=first)
    by_seat, by_role, by_bot = ([tm.Tally()] * n for _ in range(3))
    unbalanced = 0
    for block in range(2):
        bots = [make_bot(name, bot_seed(4, block, b)) for b, name in enumerate(names)]
        for i in range(block * BLOCK, min(hands, (block + 1) * BLOCK)):
            dealer = (first + i) % n
            seats = seating(i, n)
            game = run(Game.new(RULES, n, hand_seed(4, i), dealer), [bots[b] for b in seats])
            unbalanced += game.ledger.pot != 0
            for seat in range(n):
                args = (game.ledger.net[seat], count(game.won[seat]), game.last_player == seat)
                by_seat[seat] = by_seat[seat].add(*args)
                role = role_of(seat, dealer, n)
                by_role[role] = by_role[role].add(*args)
                by_bot[seats[seat]] = by_bot[seats[seat]].add(*args)
    assert list(t.by_seat) == by_seat
    assert list(t.by_role) == by_role
    assert list(t.by_bot) == by_bot
    assert t.unbalanced == unbalanced
    assert sum(b.net for b in t.by_bot) == 0


def test_the_dealer_rotates_every_hand() -> None:
    t = play_tournament(RULES, ["random"] * 5, hands=10, seed=1, workers=1, first_dealer=2)
    assert [r.hands for r in t.by_role] == [10] * 5
    assert [s.hands for s in t.by_seat] == [10] * 5


def test_progress_reaches_the_total() -> None:
    seen: list[tuple[int, int]] = []
    play_tournament(RULES, ["random"] * 5, hands=BLOCK * 2 + 1, seed=1, workers=1,
                    progress=lambda done, total: seen.append((done, total)))  # fmt: skip
    assert seen[-1] == (BLOCK * 2 + 1, BLOCK * 2 + 1)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_without_processes_it_plays_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tm, "_pool", lambda workers, t: None)  # as under Pyodide
    t = play_tournament(RULES, ["random"] * 5, hands=BLOCK + 1, seed=2, workers=2)
    assert t.workers == 1
    assert t == play_tournament(RULES, ["random"] * 5, hands=BLOCK + 1, seed=2, workers=1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": 0}, "plays 1 to 1,000,000,000,000 hands"),
        ({"bots": ["random"] * 2}, "cannot play with 2 players"),
        ({"bots": ["genius"] * 5}, "unknown bot 'genius'"),
        ({"first_dealer": 5}, "first dealer 5 is not a seat"),
        ({"seed": -1}, "the seed must be"),
        ({"workers": 0}, "workers must be 1 or more"),
        # Wrong types and numbers past Python's 4,300-digit limit: one line each.
        ({"hands": 1.5}, "plays 1 to 1,000,000,000,000 hands"),
        ({"hands": "5"}, "plays 1 to 1,000,000,000,000 hands"),
        ({"hands": True}, "plays 1 to 1,000,000,000,000 hands"),
        ({"hands": tm.MAX_HANDS + 1}, r"hands \(a whole number\), not 1000000000001"),
        ({"workers": 1.5}, "workers must be 1 or more"),
        ({"seed": 10**5000}, "the seed must be .* not a number of about 5001 digits"),
        ({"seed": 2**64}, "the seed must be a whole number 0 to 2\\*\\*64 - 1"),
        ({"seed": "7"}, "the seed must be"),
        ({"first_dealer": 10**5000}, "first dealer a number of about 5001 digits is not a seat"),
        ({"first_dealer": 1.0}, "first dealer 1.0 is not a seat"),
        ({"bots": "random"}, "bots must be a list of bot names"),
        ({"bots": [1, 2, 3, 4, 5]}, "bots must be a list of bot names"),
        ({"bots": 5}, "bots must be a list of bot names"),
    ],
)
def test_bad_settings_are_ruleset_errors(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"bots": ["random"] * 5, "hands": 5, "seed": 1, "workers": 1}
    args.update(kwargs)
    # An unknown bot is a configuration error, not a rules error.
    expected = ConfigError if "bots" in kwargs and "players" not in message else RulesetError
    with pytest.raises(expected, match=message):
        play_tournament(RULES, **args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hand_seed(1, -1), "the hand must be a whole number 0 to 999,999,999,999, not -1"),
        (lambda: hand_seed(1, tm.MAX_HANDS), "the hand must be .* not 1000000000000"),
        (lambda: hand_seed(1, "3"), "the hand must be .* not '3'"),  # type: ignore[arg-type]
        (lambda: hand_seed(1, True), "the hand must be .* not True"),
        (lambda: hand_seed(-1, 0), "the seed must be a whole number 0 to 2\\*\\*64 - 1, not -1"),
        (lambda: hand_seed(1.5, 0), "the seed must be .* not 1.5"),  # type: ignore[arg-type]
        (lambda: hand_seed(10**5000, 0), "the seed must be .* not a number of about 5001 digits"),
        (lambda: bot_seed(1, 0, 8), "the bot must be a whole number 0 to 7, not 8"),
        (lambda: bot_seed(1, -1, 0), "the block must be .* not -1"),
        (lambda: bot_seed(2**64, 0, 0), "the seed must be"),
    ],
)
def test_seeds_of_hands_and_bots_that_no_tournament_has_are_refused(
    call: Callable[[], int], message: str
) -> None:
    with pytest.raises(RulesetError, match=message):
        call()


def test_a_hand_and_a_bot_draw_from_their_blocks_stream() -> None:
    """The documented scheme, worked by hand: SHAKE-128 of the block's name, read as
    64-bit big-endian numbers, the hands' first and then the bots'."""
    import hashlib

    stream = hashlib.shake_128(b"lld-tournament:7:3").digest(8 * (BLOCK + 5))
    number = [int.from_bytes(stream[8 * k : 8 * k + 8], "big") for k in range(BLOCK + 5)]
    assert hand_seed(7, 3 * BLOCK) == number[0]
    assert hand_seed(7, 3 * BLOCK + 17) == number[17]
    assert bot_seed(7, 3, 4) == number[BLOCK + 4]
    assert len({hand_seed(7, i) for i in range(2 * BLOCK)}) == 2 * BLOCK


def test_a_tournament_is_played_under_a_ruleset() -> None:
    with pytest.raises(RulesetError, match="played under a Ruleset, not 'parlett'"):
        play_tournament("parlett", ["random"] * 5, hands=5, seed=1)  # type: ignore[arg-type]


def test_the_most_hands_start_without_overflow() -> None:
    """len(range(...)) of the blocks overflows past sys.maxsize (2**31 - 1 on
    Pyodide): the count is not taken so."""
    count = tm._block_count(10**23)
    assert (count - 1) * BLOCK < 10**23 <= count * BLOCK

    class Enough(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise Enough(done, total)

    with pytest.raises(Enough) as stopped:
        play_tournament(RULES, ["random"] * 5, hands=tm.MAX_HANDS, seed=1, workers=1, progress=stop)
    assert stopped.value.args == (BLOCK, tm.MAX_HANDS)


def test_workers_are_capped_by_the_blocks_and_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def no_pool(workers: int, t: object) -> None:
        asked.append(workers)

    monkeypatch.setattr(tm, "_pool", no_pool)
    monkeypatch.setattr(tm, "default_workers", lambda: 2)
    play_tournament(RULES, ["random"] * 5, hands=BLOCK * 20, seed=1, workers=1000)
    play_tournament(RULES, ["random"] * 5, hands=BLOCK * 3, seed=1, workers=1000)
    assert asked == [2 * tm.MAX_WORKERS_PER_CORE, 3]


@pytest.mark.skipif(sys.platform == "emscripten", reason="no processes under Pyodide")
def test_the_pool_is_handed_a_few_blocks_at_a_time() -> None:
    """A long tournament does not queue a task for every block at once."""
    from concurrent.futures import Future

    class Recorder:
        def __init__(self) -> None:
            self.in_flight = self.most = 0

        def submit(self, fn: object, block: int) -> Future[tuple[list[list[int]], int]]:
            self.in_flight += 1
            self.most = max(self.most, self.in_flight)
            future: Future[tuple[list[list[int]], int]] = Future()
            future.add_done_callback(lambda _: setattr(self, "in_flight", self.in_flight - 1))
            future.set_result(([], block))
            return future

    pool = Recorder()
    t = tm.Tournament(RULES, ("random",) * 5, BLOCK * 50, 1)
    blocks = [block for _sums, _lopsided, block in tm._from_pool(pool, t, 2)]  # type: ignore[arg-type]
    assert sorted(blocks) == list(range(50))
    assert pool.most <= 4

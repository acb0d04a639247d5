"""A handout's worked example: a few moves of a hand, told in plain words by the engine.

The example is a hand record from ``examples/`` replayed under the sheet's own
reading (:func:`lld.replay.steps` of the record with its rules replaced), each
move and what followed it told by :class:`lld.narrate.Table`. The first choice
is :data:`EXAMPLE`, a hand for four that shows, under the project's
reconstruction, a capture, a pair royal taken with the fourth card, lying down
and the settling up. Where a reading lets play go on past the record's last move
(the last player's one more turn, R28), the engine's Willughby player makes the
moves left, so the hand is told to its end. Where a reading cannot play the
record (no game for four, or a move it forbids), the example hands are tried in
turn, the preset's own first, and the first that the reading plays and that
shows all four is taken.

>>> from lld.presets import ruleset
>>> ex = worked_example(ruleset("reconstruction"))
>>> ex.record, ex.players, sorted(ex.shows)
('end-of-hand-reconstruction-four.lld', 4, ['capture', 'lie-down', 'set', 'settlement'])
>>> ex.moves[0].told[0].text
'Anne (eldest) takes the pair royal of sevens (clubs, diamonds, hearts) with the seven of spades.'
>>> [m.added for m in worked_example(ruleset("caidis")).moves][-1]
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from lld.cards import count
from lld.errors import LldError
from lld.events import Event
from lld.kinds import EventKind
from lld.narrate import table_of
from lld.position import Position
from lld.presets import PRESETS
from lld.record import HandRecord, load_record
from lld.ruleset import Ruleset

#: The example hand every sheet tells first, under its own reading.
EXAMPLE = "end-of-hand-reconstruction-four.lld"
#: The most moves the engine's player may add past a record's end.
MOST_ADDED = 4

#: What a worked example must show.
SHOWS = ("capture", "set", "lie-down", "settlement")
_SETTLEMENT = {EventKind.WINS, EventKind.PAYS, EventKind.TIE, EventKind.POT_LEFT}


@dataclass(frozen=True)
class Told:
    """One sentence of the example and the ruling that made it happen."""

    text: str
    ruling: str


@dataclass(frozen=True)
class Turn:
    """One move, told: the move's sentence first, then what followed from it."""

    number: int
    told: tuple[Told, ...]
    #: Made by the engine's player past the record's last move.
    added: bool = False


@dataclass(frozen=True)
class Example:
    """A worked example: the position it starts from, and each move told."""

    title: str
    record: str
    players: int
    #: The players' names ("Player 1" … where the record has none).
    names: tuple[str, ...]
    dealer: int
    #: Who is to play first.
    to_play: int
    #: The cards at the start: each hand and the table (card masks).
    hands: tuple[int, ...]
    table: int
    #: How many cards each player has won before the first move, and after the last.
    won_before: tuple[int, ...]
    won_after: tuple[int, ...]
    #: The deal's events (the dealer deals, each antes), told.
    deal: tuple[Told, ...]
    moves: tuple[Turn, ...]
    #: The break-even for this many players, ``None`` where most pairs takes the pot.
    break_even: int | None
    #: Which of :data:`SHOWS` the example shows.
    shows: frozenset[str]

    @property
    def rulings(self) -> tuple[str, ...]:
        """Every ruling the example names, each once, in order."""
        told = [*self.deal, *(t for m in self.moves for t in m.told)]
        return tuple(dict.fromkeys(t.ruling for t in told))

    @property
    def sentences(self) -> tuple[str, ...]:
        return tuple(t.text for t in (*self.deal, *(t for m in self.moves for t in m.told)))


def _examples() -> list[Path]:
    from lld.package_data import data_directory

    return sorted(data_directory("examples", "README.md").glob("*.lld"))


_WINS_A_SET = frozenset(
    {EventKind.CAPTURE, EventKind.LAY, EventKind.LAID_AT_ONCE, EventKind.CLAIM,
     EventKind.TAKE_MOURNIVAL}
)  # fmt: skip


def _is_set(e: Event) -> bool:
    """A move or event that wins three or four cards of one rank at once."""
    cards = e.hand | e.table
    if e.kind not in _WINS_A_SET:
        return False
    return any(count((cards >> (4 * r)) & 15) >= 3 for r in range(13))


def _shows(events: list[Event]) -> frozenset[str]:
    kinds = {e.kind for e in events}
    shown = {
        "capture": EventKind.CAPTURE in kinds,
        "set": any(_is_set(e) for e in events),
        "lie-down": EventKind.LIE in kinds,
        "settlement": bool(kinds & _SETTLEMENT),
    }
    return frozenset(k for k, v in shown.items() if v)


def _under(rec: HandRecord, rules: Ruleset) -> HandRecord:
    """``rec`` with its rules replaced by ``rules`` (its result dropped)."""
    options = tuple(rules.overrides_from(PRESETS[rules.name]).items())
    return dataclasses.replace(rec, ruleset=rules.name, options=options, result=None)


def _played(rec: HandRecord) -> tuple[Position, list[Position], int] | None:
    """The start, each position after a move, and how many moves the engine's
    player added past the record's end; ``None`` if a move is refused or the hand
    would need more than :data:`MOST_ADDED` moves to end."""
    from lld.bots import make_bot
    from lld.playout import run
    from lld.replay import steps

    try:
        moves = steps(rec)
    except LldError:
        return None
    start = moves[0].before if moves else Position.from_record(rec)
    end = moves[-1].after if moves else start
    added = 0
    if not end.over:
        game = end.game()
        run(game, [make_bot("willughby", seed) for seed in range(game.n)])
        whole = Position.of(game)
        added = len(whole.moves) - len(end.moves)
        if added > MOST_ADDED:
            return None
        moves = steps(whole)
    return start, [s.after for s in moves], added


def _tell(rec: HandRecord, path: Path) -> Example | None:
    played = _played(rec)
    if played is None:
        return None
    start, after, added = played
    table = table_of(rec.players, start.dealer, rec.seats)
    turns = []
    before = start
    for n, position in enumerate(after, start=1):
        events = position.events[len(before.events) :]
        seat = events[0].seat
        put_down = position.lie_downs[seat] if seat is not None else 0
        told = [Told(table.event(events[0], put_down), events[0].rule)]
        told += [Told(table.event(e), e.rule) for e in events[1:]]
        turns.append(Turn(n, tuple(told), n > len(after) - added))
        before = position
    end = after[-1] if after else start
    stakes = start.stakes
    return Example(
        title=rec.title or path.stem,
        record=path.name,
        players=rec.players,
        names=tuple(table.plain_name(s) for s in range(rec.players)),
        dealer=start.dealer,
        to_play=start.to_play,
        hands=start.hands,
        table=start.table,
        won_before=tuple(count(w) for w in start.won),
        won_after=tuple(count(w) for w in end.won),
        deal=tuple(Told(table.event(e), e.rule) for e in start.events),
        moves=tuple(turns),
        break_even=stakes.break_even if start.rules.settlement == "break_even" else None,
        shows=_shows(list(end.events)),
    )


def worked_example(rules: Ruleset) -> Example | None:
    """The worked example of ``rules``: :data:`EXAMPLE` told under them, or the first
    example hand they play that shows all of :data:`SHOWS`; failing that, the one
    that shows most; ``None`` if they play none."""
    paths = _examples()
    first = [p for p in paths if p.name == EXAMPLE]
    records = [(p, load_record(str(p))) for p in paths if p.name != EXAMPLE]
    # The preset's own hands next, then the rest, the shortest first.
    records.sort(key=lambda pr: (pr[1].ruleset != rules.name, len(pr[1].moves), pr[0].name))
    best: Example | None = None
    for path, rec in [(p, load_record(str(p))) for p in first] + records:
        try:
            replayed = _under(rec, rules)
        except LldError:  # no game for that many players
            continue
        told = _tell(replayed, path)
        if told is None:
            continue
        if len(told.shows) == len(SHOWS):
            return told
        if best is None or len(told.shows) > len(best.shows):
            best = told
    return best


__all__ = ["EXAMPLE", "SHOWS", "Example", "Told", "Turn", "worked_example"]

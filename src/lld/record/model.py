"""The hand record itself, and what makes one well-formed.

A :class:`HandRecord` is checked as it is made (its ruleset, players, dealer,
deal, seats and annotations); its moves are only checked by
:func:`~lld.record.replay`. The field checks here are shared with the text and
JSON readers, which report the same problems at a line or a JSON path.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple, NoReturn

from lld.cards import FULL_DECK
from lld.deal import Deal
from lld.errors import LldError, RecordError, RulesetError
from lld.game import Game
from lld.ledger import Amount, whole_if_whole
from lld.moves import Move
from lld.presets import ruleset as preset_ruleset
from lld.ruleset import OPTIONS, Ruleset

#: The keys of a result, in the order they are written.
RESULT_KEYS = ("net", "last_player", "pot_left")
#: The form of a ruling ID; which IDs exist is the registry's to say (ruling_problem()).
RULING_ID = re.compile(r"R[1-9][0-9]{0,5}", re.ASCII)


def ruling_problem(text: object) -> str | None:
    """Why ``text`` is not the ID of a ruling in the registry, or ``None`` if it is.

    >>> ruling_problem("R3") is None
    True
    >>> ruling_problem("R0")
    "'R0' is not a ruling ID (R<number>)"
    """
    from lld.concordance import registry

    if not isinstance(text, str) or not RULING_ID.fullmatch(text):
        return f"{text!r} is not a ruling ID (R<number>)"
    rulings = registry()
    if text not in {r.id for r in rulings}:
        return f"{text!r} is not in the rulings registry ({rulings[0].id} to {rulings[-1].id})"
    return None


#: A move's seat, the part before the ``:`` of ``2: 7S x 7H``.
MOVE_SEAT = re.compile(r"[0-9]{1,6}", re.ASCII)


class MoveLine(NamedTuple):
    """One move of a record, its ``; comment`` and the comment lines just before it."""

    move: Move
    comment: str = ""
    before: tuple[str, ...] = ()


class Result(NamedTuple):
    """How the hand ended: net stakes per seat, the last player, the pot left over."""

    net: tuple[Amount, ...]
    last_player: int | None
    pot_left: Amount

    @classmethod
    def of(cls, game: Game) -> Result:
        return cls(tuple(game.ledger.net), game.last_player, game.ledger.pot)


def _no_locations() -> tuple[str, ...]:
    return ()


@dataclass(frozen=True)
class HandRecord:
    """A hand record. Build one with :func:`parse_record`, :func:`from_json` or
    :func:`record_from_game`; a ``HandRecord`` that exists is well-formed (its
    ruleset, players, dealer and deal are checked when it is made), though its
    moves are only checked by :func:`replay`.

    The deal is ``seed`` (with ``dealer`` ``None`` for a cut) or explicit
    ``hands``, ``table`` and ``won`` masks. ``options`` are ``(name, value)``
    pairs in :data:`~lld.ruleset.OPTIONS` order. ``where`` and the locations
    say where the record was read from; they take no part in equality.
    """

    ruleset: str
    players: int
    dealer: int | None
    seed: int | None = None
    hands: tuple[int, ...] = ()
    table: int = 0
    won: tuple[int, ...] = ()
    options: tuple[tuple[str, str | None], ...] = ()
    seats: tuple[str, ...] = ()
    title: str | None = None
    note: str | None = None
    rulings: tuple[str, ...] = ()
    comments: tuple[str, ...] = ()
    moves: tuple[MoveLine, ...] = ()
    trailing: tuple[str, ...] = ()
    result: Result | None = None
    where: str = field(default="<record>", compare=False, repr=False)
    #: Where each move was read from, for error messages.
    move_locations: tuple[str, ...] = field(
        default_factory=_no_locations, compare=False, repr=False
    )
    #: Where the result's net, last player and pot were read from.
    result_locations: tuple[str, ...] = field(
        default_factory=_no_locations, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        _normalize_and_check(self)

    # ------------------------------------------------------------- reading

    def rules(self) -> Ruleset:
        """The ruleset: the preset with the record's options applied."""
        return preset_ruleset(self.ruleset, **dict(self.options))

    def deal(self) -> Deal:
        """The deal the record describes (from the seed, or the explicit cards)."""
        if self.seed is not None:
            return deal_from_seed(self.rules(), self.players, self.seed, self.dealer)
        assert self.dealer is not None  # checked when the record is made
        return Deal(self.players, self.dealer, self.hands, self.table, self.won)

    def new_game(self) -> Game:
        """The game at its start, before any of the record's moves."""
        return Game.from_deal(self.rules(), self.deal())

    @property
    def move_list(self) -> list[Move]:
        """The moves alone."""
        return [line.move for line in self.moves]

    def move_location(self, i: int) -> str:
        """Where move ``i`` (from 0) was read from."""
        if i < len(self.move_locations):
            return self.move_locations[i]
        return f"{self.where}: move {i + 1}"

    def result_location(self, item: int) -> str:
        """Where the result's net (0), last player (1) or pot (2) was read from."""
        if item < len(self.result_locations):
            return self.result_locations[item]
        return f"{self.where}: result"

    def name_of(self, seat: int) -> str:
        """``seat 2`` or ``seat 2 (Cat)``."""
        if seat < len(self.seats):
            return f"seat {seat} ({self.seats[seat]})"
        return f"seat {seat}"


# ------------------------------------------------------------------ checking


def one_line_problem(value: object, what: str) -> str | None:
    """Why ``value`` cannot be written on one record line, or ``None``."""
    if not isinstance(value, str):
        return f"{what} must be text, not {type(value).__name__}"
    if "\n" in value:
        return f"{what} must be one line"
    if value != value.strip():
        return f"{what} must not start or end with spaces"
    return None


def seat_name_problem(name: object) -> str | None:
    problem = one_line_problem(name, "a seat name")
    if problem:
        return problem
    assert isinstance(name, str)
    if not name:
        return "a seat name must not be empty"
    if "," in name:
        return f"seat name {name!r} must not contain a comma"
    return None


def seats_problem(seats: Sequence[object], players: int) -> str | None:
    for name in seats:
        problem = seat_name_problem(name)
        if problem:
            return problem
    if len(seats) != players:
        return f"{len(seats)} seat names given for {players} players"
    if len(set(seats)) != len(seats):
        return "seat names must differ"
    return None


def is_whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def build_rules(name: str, options: Mapping[str, str | None]) -> Ruleset:
    """The ruleset, or :class:`RulesetError`."""
    return preset_ruleset(name, **options)


def deal_from_seed(rules: Ruleset, players: int, seed: int, dealer: int | None) -> Deal:
    """The deal ``seed`` gives under ``rules``; dealer ``None`` means everyone cuts for it."""
    stakes = rules.stakes(players)
    return Deal.from_seed(
        seed, players, stakes.hand_size, dealer, widow=stakes.widow, **rules.cut,
    )  # fmt: skip


def _normalize_and_check(rec: HandRecord) -> None:
    """Put a record's fields in canonical form and check it is well-formed."""
    where = rec.where

    def fail(problem: str) -> NoReturn:
        raise RecordError(where, problem)

    put = object.__setattr__
    for name in ("hands", "won", "options", "seats", "rulings", "comments", "moves", "trailing"):
        value = getattr(rec, name)
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            fail(f"{name} must be a sequence")
        put(rec, name, tuple(value))
    if not isinstance(rec.ruleset, str):
        fail("the ruleset name must be text")
    if not is_whole_number(rec.players) or not 3 <= rec.players <= 8:
        fail(f"players must be a whole number from 3 to 8, not {rec.players!r}")
    n = rec.players
    # The ruleset and its options.
    options: dict[str, str | None] = {}
    for item in rec.options:
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)):
            fail(f"an option must be a (name, value) pair, not {item!r}")
        key, value = item
        if key in options:
            fail(f"option {key} is given twice")
        if not (value is None or isinstance(value, str)):
            fail(f"option {key} must be text, not {value!r}")
        options[key] = value
    try:
        rules = build_rules(rec.ruleset, options)
        rules.stakes(n)
    except RulesetError as error:
        raise RecordError(where, str(error)) from None
    put(rec, "ruleset", rules.name)
    put(rec, "options", tuple((k, options[k]) for k in OPTIONS if k in options))
    # The dealer and the deal.
    if rec.dealer is not None and (not is_whole_number(rec.dealer) or not 0 <= rec.dealer < n):
        fail(f"dealer {rec.dealer!r} is not a seat (seats are 0 to {n - 1})")
    if rec.seed is not None:
        if rec.hands or rec.table or rec.won:
            fail("give the deal as a seed or as cards, not both")
        if not is_whole_number(rec.seed):
            fail(f"the seed must be a whole number, not {rec.seed!r}")
    else:
        if rec.dealer is None:
            fail("'dealer: cut' needs a deal from a seed; with explicit cards, name the dealer")
        if not all(is_whole_number(m) and 0 <= m <= FULL_DECK for m in (*rec.hands, *rec.won)):
            fail("hands and won piles must be card masks")
        if not is_whole_number(rec.table) or not 0 <= rec.table <= FULL_DECK:
            fail("the table must be a card mask")
        if not rec.won:
            put(rec, "won", (0,) * n)
    try:
        rec.deal()
    except LldError as error:
        raise RecordError(where, str(error)) from None
    # Seats and annotations.
    if rec.seats:
        problem = seats_problem(rec.seats, n)
        if problem:
            fail(problem)
    if rec.title is not None:
        problem = one_line_problem(rec.title, "the title")
        if problem:
            fail(problem)
    if rec.note is not None:
        if not isinstance(rec.note, str):
            fail("the note must be text")
        for line in rec.note.split("\n"):
            problem = one_line_problem(line, "each line of the note")
            if problem:
                fail(problem)
    rulings = []
    for r in rec.rulings:
        problem = ruling_problem(r)
        if problem:
            fail(problem)
        rulings.append(r)
    put(rec, "rulings", tuple(sorted(set(rulings), key=lambda r: int(r[1:]))))
    for c in (*rec.comments, *rec.trailing):
        problem = one_line_problem(c, "a comment")
        if problem:
            fail(problem)
    lines: list[MoveLine] = []
    for raw_move in rec.moves:
        entry: object = raw_move
        if isinstance(entry, Move):
            entry = MoveLine(entry)
        if not (isinstance(entry, tuple) and len(entry) == 3 and isinstance(entry[0], Move)):
            fail(f"a move must be a Move or a MoveLine, not {entry!r}")
        move, comment, before = entry
        problem = one_line_problem(comment, "a move's comment")
        if problem:
            fail(problem)
        before = tuple(before)
        for c in before:
            problem = one_line_problem(c, "a comment")
            if problem:
                fail(problem)
        if not _move_is_writable(move):
            fail(f"{move!r} cannot be written as a move")
        lines.append(MoveLine(move, comment, before))
    put(rec, "moves", tuple(lines))
    if rec.result is not None:
        net, last, pot = rec.result
        if not all(is_whole_number(x) or isinstance(x, Fraction) for x in (*net, pot)):
            fail("the result's numbers must be whole numbers or fractions")
        if len(net) != n:
            fail(f"the result gives {len(net)} nets for {n} players")
        if last is not None and (not is_whole_number(last) or not 0 <= last < n):
            fail(f"last player {last!r} is not a seat")
        net = tuple(whole_if_whole(x) for x in net)
        put(rec, "result", Result(net, last, whole_if_whole(pot)))


def _move_is_writable(move: Move) -> bool:
    """Whether ``str(move)`` parses back to ``move``."""
    try:
        return is_whole_number(move.seat) and move.seat >= 0 and Move.parse(str(move)) == move
    except (LldError, TypeError, IndexError, AttributeError):
        return False

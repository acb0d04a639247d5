"""Hand records: one hand (or a position from the middle of one) as text or JSON.

A record holds everything needed to play a hand again and check it: the
ruleset and its overridden options, the players, the dealer, the deal, the
moves in order, and what the writer had to say about them. :func:`replay`
plays every move through the engine, so a record is also a test.

The text form, one ``key: value`` per line::

    # lld hand record
    title: A pair royal taken singly
    note: Free prose about the hand; one line per 'note:' line.
    rulings: R14 R15
    ruleset: du-coeur
    option: pair_royal_remainder=claimable
    players: 4
    seats: Anne, Bob, Cat, Dan
    dealer: 3
    hand 0: 7S 2C ...
    hand 1: ...
    table: 7H 7D 7C ...
    won 0: ...
    # a comment line
    moves:
    0: 7S x 7H          ; a comment on one move
    1: claim 7C 7D
    result:
    net: -2 +1 +1 0
    last_player: 1
    pot_left: 0

* ``ruleset``, ``players`` and ``dealer`` are required; ``dealer: cut`` (for a
  deal from a seed only) means everyone cuts for the deal, as the ruleset's
  ``first_dealer`` option says.
* The deal is either ``seed: N`` or explicit cards: one ``hand N:`` line for
  every seat and a ``table:`` line, with optional ``won N:`` lines for cards
  already won (a position set up mid-hand). Cards are written as in
  :mod:`lld.cards`; ``-`` is no cards.
* ``option: name=value`` may be repeated; ``rulings:`` lists the ruling IDs
  the record demonstrates; ``title:`` and ``seats:`` (names, comma-separated)
  are optional, and each ``note:`` line adds a line to the note.
* ``moves:`` starts the moves, one per line in move notation (:mod:`lld.moves`),
  each with an optional ``; comment``. Lines starting with ``#`` are comments
  anywhere; blank lines are ignored.
* An optional ``result:`` block ends the record: every seat's net stakes, the
  last player (``none`` if nobody) and what is left in the pot. :func:`replay`
  checks it.

:func:`format_record` writes the canonical form: keys in the order above,
header comments just before ``moves:``. Every problem with a record is a
:class:`~lld.errors.RecordError` naming ``FILE:LINE`` (``FILE: $.path`` for
JSON) and what is wrong.

>>> rec = parse_record('''
... ruleset: parlett
... players: 5
... dealer: 0
... seed: 1
... moves:
... 1: lie
... ''', where="demo.lld")
>>> rec.players, rec.seed, rec.moves[0].move
(5, 1, Move.parse('1: lie'))
>>> parse_record(format_record(rec)) == rec
True
>>> parse_record("ruleset: parlett\\nplayers: 5\\nhat: off\\nmoves:\\n", where="demo.lld")
Traceback (most recent call last):
  ...
lld.errors.RecordError: demo.lld:3: unknown key 'hat' (known: title, note, rulings, ruleset, \
option, players, seats, dealer, seed, hand N, table, won N, moves)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, NoReturn

from lld.cards import FULL_DECK, format_cards, parse_cards
from lld.deal import Deal
from lld.errors import IllegalMoveError, LldError, NotationError, RecordError, RulesetError
from lld.game import Game
from lld.moves import Move
from lld.presets import PRESETS
from lld.presets import ruleset as preset_ruleset
from lld.ruleset import OPTIONS, Ruleset, parse_assignments

#: The first line :func:`format_record` writes; optional when reading.
MAGIC = "# lld hand record"
#: The ``format`` value of the JSON form.
JSON_FORMAT = "lld-hand-record/1"
#: Where the JSON Schema of the JSON form lives, inside the package.
SCHEMA_RESOURCE = ("schema", "hand-record.schema.json")

_HEADER_KEYS = (
    "title", "note", "rulings", "ruleset", "option", "players", "seats", "dealer", "seed",
    "hand N", "table", "won N", "moves",
)  # fmt: skip
_RESULT_KEYS = ("net", "last_player", "pot_left")
_RULING = re.compile(r"R(?:[1-9]|[12][0-9]|3[0-4])", re.ASCII)
_NUMBER = re.compile(r"[0-9]{1,30}", re.ASCII)
_SIGNED = re.compile(r"[+-]?[0-9]{1,30}", re.ASCII)
_SEAT_KEY = re.compile(r"(hand|won)\s*([0-9]{1,6})", re.ASCII)
_MOVE_SEAT = re.compile(r"[0-9]{1,6}", re.ASCII)
#: Move lines with a comment are padded to this width before the ``;``.
_COMMENT_COLUMN = 20


class MoveLine(NamedTuple):
    """One move of a record, its ``; comment`` and the comment lines just before it."""

    move: Move
    comment: str = ""
    before: tuple[str, ...] = ()


class Result(NamedTuple):
    """How the hand ended: net stakes per seat, the last player, the pot left over."""

    net: tuple[int, ...]
    last_player: int | None
    pot_left: int

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
            rules = self.rules()
            stakes = rules.stakes(self.players)
            return Deal.from_seed(
                self.seed, self.players, stakes.hand_size, self.dealer,
                widow=stakes.widow, low_cut=rules.first_dealer == "low_cut",
            )  # fmt: skip
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


def _one_line(value: object, what: str) -> str | None:
    """Why ``value`` cannot be written on one record line, or ``None``."""
    if not isinstance(value, str):
        return f"{what} must be text, not {type(value).__name__}"
    if "\n" in value:
        return f"{what} must be one line"
    if value != value.strip():
        return f"{what} must not start or end with spaces"
    return None


def _seat_name_problem(name: object) -> str | None:
    problem = _one_line(name, "a seat name")
    if problem:
        return problem
    assert isinstance(name, str)
    if not name:
        return "a seat name must not be empty"
    if "," in name:
        return f"seat name {name!r} must not contain a comma"
    return None


def _check_seats(seats: Sequence[object], players: int) -> str | None:
    for name in seats:
        problem = _seat_name_problem(name)
        if problem:
            return problem
    if len(seats) != players:
        return f"{len(seats)} seat names given for {players} players"
    if len(set(seats)) != len(seats):
        return "seat names must differ"
    return None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _build_rules(name: str, options: Mapping[str, str | None]) -> Ruleset:
    """The ruleset, or :class:`RulesetError`."""
    return preset_ruleset(name, **options)


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
    if not _is_int(rec.players) or not 3 <= rec.players <= 8:
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
        rules = _build_rules(rec.ruleset, options)
        rules.stakes(n)
    except RulesetError as error:
        raise RecordError(where, str(error)) from None
    put(rec, "ruleset", rules.name)
    put(rec, "options", tuple((k, options[k]) for k in OPTIONS if k in options))
    # The dealer and the deal.
    if rec.dealer is not None and (not _is_int(rec.dealer) or not 0 <= rec.dealer < n):
        fail(f"dealer {rec.dealer!r} is not a seat (seats are 0 to {n - 1})")
    if rec.seed is not None:
        if rec.hands or rec.table or rec.won:
            fail("give the deal as a seed or as cards, not both")
        if not _is_int(rec.seed):
            fail(f"the seed must be a whole number, not {rec.seed!r}")
    else:
        if rec.dealer is None:
            fail("'dealer: cut' needs a deal from a seed; with explicit cards, name the dealer")
        if not all(_is_int(m) and 0 <= m <= FULL_DECK for m in (*rec.hands, *rec.won)):
            fail("hands and won piles must be card masks")
        if not _is_int(rec.table) or not 0 <= rec.table <= FULL_DECK:
            fail("the table must be a card mask")
        if not rec.won:
            put(rec, "won", (0,) * n)
    try:
        rec.deal()
    except LldError as error:
        raise RecordError(where, str(error)) from None
    # Seats and annotations.
    if rec.seats:
        problem = _check_seats(rec.seats, n)
        if problem:
            fail(problem)
    if rec.title is not None:
        problem = _one_line(rec.title, "the title")
        if problem:
            fail(problem)
    if rec.note is not None:
        if not isinstance(rec.note, str):
            fail("the note must be text")
        for line in rec.note.split("\n"):
            problem = _one_line(line, "each line of the note")
            if problem:
                fail(problem)
    rulings = []
    for r in rec.rulings:
        if not isinstance(r, str) or not _RULING.fullmatch(r):
            fail(f"{r!r} is not a ruling ID (R1 to R34)")
        rulings.append(r)
    put(rec, "rulings", tuple(sorted(set(rulings), key=lambda r: int(r[1:]))))
    for c in (*rec.comments, *rec.trailing):
        problem = _one_line(c, "a comment")
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
        problem = _one_line(comment, "a move's comment")
        if problem:
            fail(problem)
        before = tuple(before)
        for c in before:
            problem = _one_line(c, "a comment")
            if problem:
                fail(problem)
        if not _move_is_writable(move):
            fail(f"{move!r} cannot be written as a move")
        lines.append(MoveLine(move, comment, before))
    put(rec, "moves", tuple(lines))
    if rec.result is not None:
        net, last, pot = rec.result
        if not all(_is_int(x) for x in (*net, pot)):
            fail("the result's numbers must be whole numbers")
        if len(net) != n:
            fail(f"the result gives {len(net)} nets for {n} players")
        if last is not None and (not _is_int(last) or not 0 <= last < n):
            fail(f"last player {last!r} is not a seat")
        put(rec, "result", Result(tuple(net), last, pot))


def _move_is_writable(move: Move) -> bool:
    """Whether ``str(move)`` parses back to ``move``."""
    try:
        return _is_int(move.seat) and move.seat >= 0 and Move.parse(str(move)) == move
    except (LldError, TypeError, IndexError, AttributeError):
        return False


# ------------------------------------------------------------------- text in


class _Pending(NamedTuple):
    value: str
    line: int


class _TextReader:
    """One pass over the lines of a text record."""

    def __init__(self, text: str, where: str) -> None:
        self.where = where
        if text.startswith("\ufeff"):
            text = text[1:]
        self.lines = text.split("\n")
        if self.lines and self.lines[-1] == "":
            self.lines.pop()
        self.singles: dict[str, _Pending] = {}
        self.notes: list[str] = []
        self.rulings: list[str] = []
        self.options: dict[str, str | None] = {}
        self.option_lines: dict[str, int] = {}
        self.hands: dict[int, _Pending] = {}
        self.wons: dict[int, _Pending] = {}
        self.comments: list[str] = []
        self.moves: list[MoveLine] = []
        self.move_lines: list[int] = []
        self.before: list[str] = []
        self.trailing: list[str] = []
        self.result: dict[str, _Pending] = {}
        self.moves_line = 0
        self.result_line = 0

    def at(self, line: int) -> str:
        return f"{self.where}:{line}"

    def fail(self, line: int, problem: str) -> RecordError:
        return RecordError(self.at(line), problem)

    def read(self) -> HandRecord:
        section = "header"
        first = True
        last_line = 0
        for i, raw in enumerate(self.lines, 1):
            if raw.endswith("\r"):
                raw = raw[:-1]
            s = raw.strip()
            if not s:
                continue
            last_line = i
            if s.startswith("#"):
                text = s[1:].strip()
                if not (first and s.lower() == MAGIC):
                    if section == "header":
                        self.comments.append(text)
                    elif section == "moves":
                        self.before.append(text)
                    else:
                        self.trailing.append(text)
                first = False
                continue
            first = False
            if section == "header":
                if self.header_line(s, i):
                    section = "moves"
                    self.moves_line = i
            elif section == "moves":
                if self.move_line(s, i):
                    section = "result"
                    self.result_line = i
            else:
                self.result_entry(s, i)
        if last_line == 0:
            raise self.fail(1, "empty record: expected 'ruleset:', 'players:', … then 'moves:'")
        if section == "header":
            raise self.fail(
                last_line, "the record ends before its 'moves:' line (is it truncated?)"
            )
        self.trailing[:0] = self.before
        return self.build()

    # ---------------------------------------------------------------- header

    def header_line(self, s: str, i: int) -> bool:
        """Read one header line; return whether it was ``moves:``."""
        key, sep, value = s.partition(":")
        key, value = key.strip(), value.strip()
        if not sep:
            raise self.fail(i, f"expected 'key: value', not {s!r}")
        lower = " ".join(key.lower().split())
        seat_key = _SEAT_KEY.fullmatch(lower)
        if lower == "moves":
            if value:
                raise self.fail(i, "'moves:' stands alone; the moves follow on their own lines")
            return True
        if seat_key:
            kind, number = seat_key.group(1), int(seat_key.group(2))
            piles = self.hands if kind == "hand" else self.wons
            if number in piles:
                raise self.fail(i, f"'{kind} {number}:' is given twice (first at line "
                                   f"{piles[number].line})")  # fmt: skip
            piles[number] = _Pending(value, i)
            self.cards(piles[number])  # a bad card is reported at once, in file order
        elif lower == "note":
            self.notes.append(value)
        elif lower == "rulings":
            for token in value.replace(",", " ").split():
                r = token.upper()
                if not _RULING.fullmatch(r):
                    raise self.fail(i, f"{token!r} is not a ruling ID (R1 to R34)")
                self.rulings.append(r)
        elif lower == "option":
            try:
                parsed = parse_assignments([value])
            except RulesetError as error:
                raise self.fail(i, str(error)) from None
            for name, v in parsed.items():
                if name in self.options:
                    raise self.fail(i, f"option {name} is given twice (first at line "
                                       f"{self.option_lines[name]})")  # fmt: skip
                self.options[name] = v
                self.option_lines[name] = i
        elif lower in ("title", "ruleset", "players", "seats", "dealer", "seed", "table"):
            if lower in self.singles:
                raise self.fail(i, f"'{lower}:' is given twice (first at line "
                                   f"{self.singles[lower].line})")  # fmt: skip
            self.singles[lower] = _Pending(value, i)
            if lower == "table":
                self.cards(self.singles[lower])
        elif lower == "result":
            raise self.fail(i, "'result:' comes after the moves (no 'moves:' line before it)")
        elif _MOVE_SEAT.fullmatch(lower):
            raise self.fail(i, "a move before the 'moves:' line")
        else:
            raise self.fail(i, f"unknown key {key!r} (known: {', '.join(_HEADER_KEYS)})")
        return False

    # ----------------------------------------------------------------- moves

    def move_line(self, s: str, i: int) -> bool:
        """Read one move line; return whether it was ``result:``."""
        text, _, comment = s.partition(";")
        seat_text, sep, action = text.partition(":")
        seat_text = seat_text.strip()
        if seat_text.lower() == "result" and sep:
            if action.strip() or comment.strip():
                raise self.fail(i, "'result:' stands alone; its lines follow it")
            return True
        if not sep or not _MOVE_SEAT.fullmatch(seat_text):
            hint = ""
            if sep and seat_text.lower() in (
                "title",
                "note",
                "ruleset",
                "players",
                "dealer",
                "seed",
                "table",
                "option",
                "seats",
                "rulings",
            ):
                hint = "; header lines come before 'moves:'"  # fmt: skip
            raise self.fail(
                i,
                f"expected a move such as '2: 7S x 7H' (or 'result:'), not {text.strip()!r}" + hint,
            )
        try:
            move = Move.parse_action(int(seat_text), action)
        except NotationError as error:
            raise self.fail(i, str(error)) from None
        self.moves.append(MoveLine(move, comment.strip(), tuple(self.before)))
        self.move_lines.append(i)
        self.before = []
        return False

    def result_entry(self, s: str, i: int) -> None:
        key, sep, value = s.partition(":")
        if not sep:
            raise self.fail(i, f"expected 'net:', 'last_player:' or 'pot_left:', not {s!r}")
        name = "_".join(key.lower().replace("-", " ").split())
        if name not in _RESULT_KEYS:
            raise self.fail(
                i, f"unknown key {key.strip()!r} in the result (known: {', '.join(_RESULT_KEYS)})"
            )
        if name in self.result:
            raise self.fail(i, f"'{name}:' is given twice (first at line {self.result[name].line})")
        self.result[name] = _Pending(value.strip(), i)

    # ----------------------------------------------------------------- build

    def need(self, key: str, example: str) -> _Pending:
        if key not in self.singles:
            raise self.fail(self.moves_line, f"missing '{key}:' (as in '{key}: {example}')")
        return self.singles[key]

    def number(self, p: _Pending, what: str) -> int:
        if not _NUMBER.fullmatch(p.value):
            raise self.fail(p.line, f"{what} must be a whole number, not {p.value!r}")
        return int(p.value)

    def cards(self, p: _Pending) -> int:
        try:
            return parse_cards(p.value)
        except NotationError as error:
            raise self.fail(p.line, str(error)) from None

    def build(self) -> HandRecord:
        # The ruleset and its options.
        name = self.need("ruleset", "reconstruction")
        try:
            base = preset_ruleset(name.value)
        except RulesetError as error:
            raise self.fail(name.line, str(error)) from None
        try:
            rules = _build_rules(base.name, self.options)
        except RulesetError as error:
            line = max(self.option_lines.values(), default=name.line)
            raise self.fail(line, str(error)) from None
        # Players and dealer.
        p = self.need("players", "5")
        players = self.number(p, "players")
        if not 3 <= players <= 8:
            raise self.fail(p.line, f"cannot play with {players} players: the game is for 3 to 8")
        try:
            rules.stakes(players)
        except RulesetError as error:
            raise self.fail(p.line, str(error)) from None
        d = self.need("dealer", "0")
        dealer: int | None
        if d.value.lower() == "cut":
            dealer = None
        else:
            if not _NUMBER.fullmatch(d.value):
                raise self.fail(d.line, f"dealer must be a seat number or 'cut', not {d.value!r}")
            dealer = int(d.value)
            if dealer >= players:
                raise self.fail(
                    d.line, f"dealer {dealer} is not a seat (seats are 0 to {players - 1})"
                )
        seats: tuple[str, ...] = ()
        if "seats" in self.singles:
            s = self.singles["seats"]
            seats = tuple(part.strip() for part in s.value.split(","))
            problem = _check_seats(seats, players)
            if problem:
                raise self.fail(s.line, problem)
        # The deal.
        seed: int | None = None
        hands: tuple[int, ...] = ()
        table = 0
        won: tuple[int, ...] = ()
        if "seed" in self.singles:
            sp = self.singles["seed"]
            explicit = [x.line for x in (*self.hands.values(), *self.wons.values())]
            if "table" in self.singles:
                explicit.append(self.singles["table"].line)
            if explicit:
                raise self.fail(
                    min(explicit), f"the deal is given by 'seed:' (line {sp.line}) and by cards;"
                    " give one or the other",
                )  # fmt: skip
            seed = self.number(sp, "the seed")
            stakes = rules.stakes(players)
            try:
                Deal.from_seed(
                    seed, players, stakes.hand_size, dealer, widow=stakes.widow,
                    low_cut=rules.first_dealer == "low_cut",
                )  # fmt: skip
            except LldError as error:
                raise self.fail(sp.line, str(error)) from None
        else:
            if dealer is None:
                raise self.fail(d.line, "'dealer: cut' needs a deal from a seed; name the dealer")
            hands, table, won = self.explicit_deal(players, dealer)
        # The result.
        result: Result | None = None
        result_locations: tuple[str, ...] = ()
        if self.result_line:
            result, result_locations = self.read_result(players)
        return HandRecord(
            ruleset=rules.name,
            players=players,
            dealer=dealer,
            seed=seed,
            hands=hands,
            table=table,
            won=won,
            options=tuple(self.options.items()),
            seats=seats,
            title=self.singles["title"].value if "title" in self.singles else None,
            note="\n".join(self.notes) if self.notes else None,
            rulings=tuple(self.rulings),
            comments=tuple(self.comments),
            moves=tuple(self.moves),
            trailing=tuple(self.trailing),
            result=result,
            where=self.where,
            move_locations=tuple(self.at(i) for i in self.move_lines),
            result_locations=result_locations,
        )

    def explicit_deal(
        self, players: int, dealer: int
    ) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        for kind, piles in (("hand", self.hands), ("won", self.wons)):
            for seat, p in sorted(piles.items()):
                if seat >= players:
                    raise self.fail(
                        p.line, f"'{kind} {seat}:' names no seat (seats are 0 to {players - 1})"
                    )
        for seat in range(players):
            if seat not in self.hands:
                raise self.fail(
                    self.moves_line, f"missing 'hand {seat}:' line (is the record truncated?)"
                )
        if "table" not in self.singles:
            raise self.fail(
                self.moves_line,
                "missing 'table:' line: give the deal as 'seed: N' or as 'hand N:' and 'table:'"
                " lines",
            )
        t = self.singles["table"]
        places = [(f"hand {s}", self.hands[s]) for s in range(players)] + [("the table", t)]
        places += [(f"won pile {s}", self.wons[s]) for s in sorted(self.wons)]
        masks: dict[str, int] = {}
        seen = 0
        for label, p in sorted(places, key=lambda x: x[1].line):
            mask = self.cards(p)
            twice = seen & mask
            if twice:
                raise self.fail(p.line, f"{format_cards(twice)} given twice (again in {label})")
            seen |= mask
            masks[label] = mask
        if seen != FULL_DECK:
            raise self.fail(
                t.line,
                f"the deal must place all 52 cards; missing: {format_cards(~seen & FULL_DECK)}",
            )
        hands = tuple(masks[f"hand {s}"] for s in range(players))
        won = tuple(masks.get(f"won pile {s}", 0) for s in range(players))
        try:
            Deal(players, dealer, hands, masks["the table"], won)
        except LldError as error:
            raise self.fail(t.line, str(error)) from None
        return hands, masks["the table"], won

    def read_result(self, players: int) -> tuple[Result, tuple[str, ...]]:
        for key in _RESULT_KEYS:
            if key not in self.result:
                raise self.fail(
                    self.result_line, f"the result lacks '{key}:' (it needs net, last_player"
                    " and pot_left)",
                )  # fmt: skip
        net_p, last_p, pot_p = (self.result[k] for k in _RESULT_KEYS)
        words = net_p.value.replace(",", " ").split()
        if not all(_SIGNED.fullmatch(w) for w in words):
            raise self.fail(
                net_p.line, f"net must be whole numbers, one per seat, not {net_p.value!r}"
            )
        if len(words) != players:
            raise self.fail(net_p.line, f"net gives {len(words)} numbers for {players} players")
        net = tuple(int(w) for w in words)
        last: int | None
        if last_p.value.lower() in ("none", "-"):
            last = None
        else:
            if not _NUMBER.fullmatch(last_p.value):
                raise self.fail(
                    last_p.line, f"last_player must be a seat or 'none', not {last_p.value!r}"
                )
            last = int(last_p.value)
            if last >= players:
                raise self.fail(last_p.line, f"last player {last} is not a seat")
        if not _SIGNED.fullmatch(pot_p.value):
            raise self.fail(pot_p.line, f"pot_left must be a whole number, not {pot_p.value!r}")
        pot = int(pot_p.value)
        return Result(net, last, pot), tuple(self.at(p.line) for p in (net_p, last_p, pot_p))


def parse_record(text: str, where: str = "<string>") -> HandRecord:
    """Read a record in the text form; ``where`` names the file in error messages."""
    return _TextReader(text, where).read()


# ------------------------------------------------------------------ text out


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _option_value(value: str | None) -> str:
    return "none" if value is None else value


def format_record(rec: HandRecord) -> str:
    """The record in canonical text form (see the module doc)."""
    out = [MAGIC]
    if rec.title is not None:
        out.append(f"title: {rec.title}".rstrip())
    if rec.note is not None:
        out.extend(f"note: {line}".rstrip() for line in rec.note.split("\n"))
    if rec.rulings:
        out.append(f"rulings: {' '.join(rec.rulings)}")
    out.append(f"ruleset: {rec.ruleset}")
    out.extend(f"option: {k}={_option_value(v)}" for k, v in rec.options)
    out.append(f"players: {rec.players}")
    if rec.seats:
        out.append(f"seats: {', '.join(rec.seats)}")
    out.append(f"dealer: {'cut' if rec.dealer is None else rec.dealer}")
    if rec.seed is not None:
        out.append(f"seed: {rec.seed}")
    else:
        out.extend(f"hand {s}: {format_cards(h)}" for s, h in enumerate(rec.hands))
        out.append(f"table: {format_cards(rec.table)}")
        out.extend(f"won {s}: {format_cards(w)}" for s, w in enumerate(rec.won) if w)
    out.append("")
    out.extend(_comment(c) for c in rec.comments)
    out.append("moves:")
    for move, comment, before in rec.moves:
        out.extend(_comment(c) for c in before)
        text = str(move)
        if comment:
            text = f"{text:<{_COMMENT_COLUMN}} ; {comment}"
        out.append(text)
    out.extend(_comment(c) for c in rec.trailing)
    if rec.result is not None:
        net, last, pot = rec.result
        out += [
            "",
            "result:",
            f"net: {' '.join(_signed(x) for x in net)}",
            f"last_player: {'none' if last is None else last}",
            f"pot_left: {pot}",
        ]
    return "\n".join(out) + "\n"


def _comment(text: str) -> str:
    return f"# {text}" if text else "#"


# ---------------------------------------------------------------------- JSON


def to_json(rec: HandRecord) -> dict[str, Any]:
    """The record as JSON-ready data (see ``schema/hand-record.schema.json``)."""
    obj: dict[str, Any] = {"format": JSON_FORMAT}
    if rec.title is not None:
        obj["title"] = rec.title
    if rec.note is not None:
        obj["note"] = rec.note
    if rec.rulings:
        obj["rulings"] = list(rec.rulings)
    obj["ruleset"] = rec.ruleset
    if rec.options:
        obj["options"] = dict(rec.options)
    obj["players"] = rec.players
    if rec.seats:
        obj["seats"] = list(rec.seats)
    obj["dealer"] = "cut" if rec.dealer is None else rec.dealer
    if rec.seed is not None:
        obj["deal"] = {"seed": rec.seed}
    else:
        deal: dict[str, Any] = {
            "hands": [format_cards(h) for h in rec.hands],
            "table": format_cards(rec.table),
        }
        if any(rec.won):
            deal["won"] = [format_cards(w) for w in rec.won]
        obj["deal"] = deal
    if rec.comments:
        obj["comments"] = list(rec.comments)
    moves: list[Any] = []
    for move, comment, before in rec.moves:
        if comment or before:
            entry: dict[str, Any] = {"move": str(move)}
            if comment:
                entry["comment"] = comment
            if before:
                entry["before"] = list(before)
            moves.append(entry)
        else:
            moves.append(str(move))
    obj["moves"] = moves
    if rec.trailing:
        obj["trailing"] = list(rec.trailing)
    if rec.result is not None:
        net, last, pot = rec.result
        obj["result"] = {"net": list(net), "last_player": last, "pot_left": pot}
    return obj


_JSON_KEYS = (
    "format", "title", "note", "rulings", "ruleset", "options", "players", "seats", "dealer",
    "deal", "comments", "moves", "trailing", "result",
)  # fmt: skip
_JSON_REQUIRED = ("ruleset", "players", "dealer", "deal", "moves")


class _JsonReader:
    def __init__(self, where: str) -> None:
        self.file = where

    def fail(self, path: str, problem: str) -> RecordError:
        return RecordError(f"{self.file}: {path}", problem)

    def obj(
        self, value: object, path: str, keys: Sequence[str], required: Sequence[str]
    ) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, not {_json_type(value)}")
        for key in value:
            if key not in keys:
                raise self.fail(path, f"unknown key {key!r} (known: {', '.join(keys)})")
        for key in required:
            if key not in value:
                raise self.fail(path, f"missing {key!r}")
        return value

    def text(self, value: object, path: str, what: str) -> str:
        if not isinstance(value, str):
            raise self.fail(path, f"{what} must be a string, not {_json_type(value)}")
        return value

    def line_text(self, value: object, path: str, what: str) -> str:
        s = self.text(value, path, what)
        problem = _one_line(s, what)
        if problem:
            raise self.fail(path, problem)
        return s

    def array(self, value: object, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected an array, not {_json_type(value)}")
        return value

    def whole(self, value: object, path: str, what: str) -> int:
        if not _is_int(value):
            raise self.fail(path, f"{what} must be a whole number, not {_json_type(value)}")
        assert isinstance(value, int)
        return value

    def cards(self, value: object, path: str) -> int:
        text = self.text(value, path, "cards")
        try:
            return parse_cards(text)
        except NotationError as error:
            raise self.fail(path, str(error)) from None

    def read(self, value: object) -> HandRecord:
        top = self.obj(value, "$", _JSON_KEYS, _JSON_REQUIRED)
        if "format" in top and top["format"] != JSON_FORMAT:
            raise self.fail("$.format", f"expected {JSON_FORMAT!r}, not {top['format']!r}")
        title = None
        if "title" in top:
            title = self.line_text(top["title"], "$.title", "the title")
        note = None
        if "note" in top:
            note = self.text(top["note"], "$.note", "the note")
            for line in note.split("\n"):
                problem = _one_line(line, "each line of the note")
                if problem:
                    raise self.fail("$.note", problem)
        rulings: list[str] = []
        for i, r in enumerate(self.array(top.get("rulings", []), "$.rulings")):
            path = f"$.rulings[{i}]"
            r = self.text(r, path, "a ruling ID")
            if not _RULING.fullmatch(r):
                raise self.fail(path, f"{r!r} is not a ruling ID (R1 to R34)")
            rulings.append(r)
        name = self.text(top["ruleset"], "$.ruleset", "the ruleset")
        try:
            base = preset_ruleset(name)
        except RulesetError as error:
            raise self.fail("$.ruleset", str(error)) from None
        options: dict[str, str | None] = {}
        raw_options = top.get("options", {})
        if not isinstance(raw_options, dict):
            raise self.fail("$.options", f"expected an object, not {_json_type(raw_options)}")
        for key, v in raw_options.items():
            if not isinstance(key, str):
                raise self.fail("$.options", f"option names must be strings, not {key!r}")
            path = f"$.options.{key}"
            if v is None:
                if not key.startswith("deal_") or key not in OPTIONS:
                    raise self.fail(path, "only a deal_N option may be null (no game)")
                v = "none"
            v = self.text(v, path, "an option value")
            try:
                options.update(parse_assignments([f"{key}={v}"]))
            except RulesetError as error:
                raise self.fail(path, str(error)) from None
            if key not in options:  # "deal-5" spelled with a dash, say
                raise self.fail(path, f"write the option as {key.replace('-', '_')!r}")
        try:
            rules = _build_rules(base.name, options)
        except RulesetError as error:
            raise self.fail("$.options", str(error)) from None
        players = self.whole(top["players"], "$.players", "players")
        if not 3 <= players <= 8:
            raise self.fail(
                "$.players", f"cannot play with {players} players: the game is for 3 to 8"
            )
        try:
            stakes = rules.stakes(players)
        except RulesetError as error:
            raise self.fail("$.players", str(error)) from None
        seats: tuple[str, ...] = ()
        if "seats" in top:
            raw = self.array(top["seats"], "$.seats")
            for i, s in enumerate(raw):
                problem = _seat_name_problem(s)
                if problem:
                    raise self.fail(f"$.seats[{i}]", problem)
            problem = _check_seats(raw, players)
            if problem:
                raise self.fail("$.seats", problem)
            seats = tuple(raw)
        dealer: int | None
        if top["dealer"] == "cut":
            dealer = None
        else:
            dealer = self.whole(top["dealer"], "$.dealer", 'the dealer (or "cut")')
            if not 0 <= dealer < players:
                raise self.fail(
                    "$.dealer", f"dealer {dealer} is not a seat (seats are 0 to {players - 1})"
                )
        seed: int | None = None
        hands: tuple[int, ...] = ()
        table = 0
        won: tuple[int, ...] = ()
        deal = top["deal"]
        if isinstance(deal, dict) and "seed" in deal and len(deal) > 1:
            raise self.fail("$.deal", "give the deal as a seed or as cards, not both")
        if isinstance(deal, dict) and "seed" in deal:
            deal = self.obj(deal, "$.deal", ("seed",), ("seed",))
            seed = self.whole(deal["seed"], "$.deal.seed", "the seed")
            try:
                Deal.from_seed(
                    seed, players, stakes.hand_size, dealer, widow=stakes.widow,
                    low_cut=rules.first_dealer == "low_cut",
                )  # fmt: skip
            except LldError as error:
                raise self.fail("$.deal.seed", str(error)) from None
        else:
            deal = self.obj(deal, "$.deal", ("hands", "table", "won"), ("hands", "table"))
            if dealer is None:
                raise self.fail("$.dealer", '"cut" needs a deal from a seed; name the dealer')
            hands, table, won = self.explicit_deal(deal, players, dealer)
        comments = self.comment_list(top.get("comments", []), "$.comments")
        moves: list[MoveLine] = []
        locations: list[str] = []
        for i, entry in enumerate(self.array(top["moves"], "$.moves")):
            path = f"$.moves[{i}]"
            comment = ""
            before: tuple[str, ...] = ()
            if isinstance(entry, dict):
                entry = self.obj(entry, path, ("move", "comment", "before"), ("move",))
                if "comment" in entry:
                    comment = self.line_text(entry["comment"], f"{path}.comment", "a comment")
                before = self.comment_list(entry.get("before", []), f"{path}.before")
                text = self.text(entry["move"], f"{path}.move", "a move")
            else:
                text = self.text(entry, path, "a move")
            seat_text, sep, action = text.partition(":")
            if not sep or not _MOVE_SEAT.fullmatch(seat_text.strip()):
                raise self.fail(path, f"expected a move such as '2: 7S x 7H', not {text!r}")
            try:
                move = Move.parse_action(int(seat_text), action)
            except NotationError as error:
                raise self.fail(path, str(error)) from None
            moves.append(MoveLine(move, comment, before))
            locations.append(f"{self.file}: {path}")
        trailing = self.comment_list(top.get("trailing", []), "$.trailing")
        result = None
        result_locations: tuple[str, ...] = ()
        if "result" in top:
            result = self.read_result(top["result"], players)
            result_locations = tuple(f"{self.file}: $.result.{k}" for k in _RESULT_KEYS)
        return HandRecord(
            ruleset=rules.name, players=players, dealer=dealer, seed=seed, hands=hands,
            table=table, won=won, options=tuple(options.items()), seats=seats, title=title,
            note=note, rulings=tuple(rulings), comments=comments, moves=tuple(moves),
            trailing=trailing, result=result, where=self.file,
            move_locations=tuple(locations), result_locations=result_locations,
        )  # fmt: skip

    def comment_list(self, value: object, path: str) -> tuple[str, ...]:
        return tuple(
            self.line_text(c, f"{path}[{i}]", "a comment")
            for i, c in enumerate(self.array(value, path))
        )

    def explicit_deal(
        self, deal: dict[str, Any], players: int, dealer: int
    ) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        raw_hands = self.array(deal["hands"], "$.deal.hands")
        if len(raw_hands) != players:
            raise self.fail("$.deal.hands", f"{len(raw_hands)} hands given for {players} players")
        raw_won = self.array(deal.get("won", []), "$.deal.won")
        if "won" in deal and len(raw_won) != players:
            raise self.fail("$.deal.won", f"{len(raw_won)} won piles given for {players} players")
        places = [(f"$.deal.hands[{i}]", h) for i, h in enumerate(raw_hands)]
        places.append(("$.deal.table", deal["table"]))
        places += [(f"$.deal.won[{i}]", w) for i, w in enumerate(raw_won)]
        seen = 0
        masks: list[int] = []
        for path, value in places:
            mask = self.cards(value, path)
            twice = seen & mask
            if twice:
                raise self.fail(path, f"{format_cards(twice)} given twice")
            seen |= mask
            masks.append(mask)
        if seen != FULL_DECK:
            raise self.fail(
                "$.deal",
                f"the deal must place all 52 cards; missing: {format_cards(~seen & FULL_DECK)}",
            )
        hands = tuple(masks[:players])
        table = masks[players]
        won = tuple(masks[players + 1 :]) or (0,) * players
        try:
            Deal(players, dealer, hands, table, won)
        except LldError as error:
            raise self.fail("$.deal", str(error)) from None
        return hands, table, won

    def read_result(self, value: object, players: int) -> Result:
        r = self.obj(value, "$.result", _RESULT_KEYS, _RESULT_KEYS)
        net = tuple(
            self.whole(x, f"$.result.net[{i}]", "a net")
            for i, x in enumerate(self.array(r["net"], "$.result.net"))
        )
        if len(net) != players:
            raise self.fail("$.result.net", f"{len(net)} nets given for {players} players")
        last = r["last_player"]
        if last is not None:
            last = self.whole(last, "$.result.last_player", "the last player (or null)")
            if not 0 <= last < players:
                raise self.fail("$.result.last_player", f"last player {last} is not a seat")
        pot = self.whole(r["pot_left"], "$.result.pot_left", "pot_left")
        return Result(net, last, pot)


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def from_json(obj: object, where: str = "<json>") -> HandRecord:
    """Read a record from its JSON form (parsed data, as :func:`json.loads` gives)."""
    return _JsonReader(where).read(obj)


def parse_json_record(text: str, where: str = "<json>") -> HandRecord:
    """Read a record from JSON text."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{where}:{error.lineno}", f"not valid JSON: {error.msg}") from None
    except RecursionError:
        raise RecordError(where, "not valid JSON: nested too deeply") from None
    return from_json(obj, where)


def load_record(path: str) -> HandRecord:
    """Read a record file: JSON if its name ends ``.json``, else text."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise RecordError(path, "no such file") from None
    except IsADirectoryError:
        raise RecordError(path, "is a directory, not a record file") from None
    except UnicodeDecodeError as error:
        raise RecordError(path, f"not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise RecordError(path, f"cannot read the file ({error.strerror})") from None
    if path.lower().endswith(".json"):
        return parse_json_record(text, path)
    return parse_record(text, path)


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the JSON form."""
    from importlib.resources import files

    resource = files("lld")
    for part in SCHEMA_RESOURCE:
        resource = resource.joinpath(part)
    loaded: dict[str, Any] = json.loads(resource.read_text(encoding="utf-8"))
    return loaded


# -------------------------------------------------------------------- replay


def replay(rec: HandRecord) -> Game:
    """Play the record's moves from its deal, checking each and the result.

    Raises :class:`RecordError` at the move that is illegal (the message keeps
    the rule and option that forbid it), at a move made after the hand is
    over, or at the result line that does not match.
    """
    game = rec.new_game()
    for i, line in enumerate(rec.moves):
        if game.over:
            when = f"with move {i}: {rec.moves[i - 1].move}" if i else "at the deal"
            raise RecordError(
                rec.move_location(i),
                f"move {line.move} comes after the hand is over (it ended {when})",
            )
        try:
            game.play(line.move)
        except IllegalMoveError as error:
            raise RecordError(rec.move_location(i), str(error)) from error
    if rec.result is not None:
        check_result(rec, game)
    return game


def check_result(rec: HandRecord, game: Game) -> None:
    """Raise :class:`RecordError` if the record's result is not the game's."""
    given = rec.result
    if given is None:
        return
    if not game.over:
        raise RecordError(
            rec.result_location(0),
            f"a result is given but the hand is not over after the last move"
            f" ({rec.name_of(game.to_play)} is to play)",
        )
    actual = Result.of(game)
    if given.net != actual.net:
        raise RecordError(
            rec.result_location(0),
            f"the result does not match the replay: net is given as"
            f" {' '.join(map(_signed, given.net))}, the replay gives"
            f" {' '.join(map(_signed, actual.net))}",
        )
    if given.last_player != actual.last_player:
        raise RecordError(
            rec.result_location(1),
            f"the result does not match the replay: the last player is given as"
            f" {_seat_or_none(given.last_player)}, the replay gives"
            f" {_seat_or_none(actual.last_player)}",
        )
    if given.pot_left != actual.pot_left:
        raise RecordError(
            rec.result_location(2),
            f"the result does not match the replay: pot_left is given as {given.pot_left},"
            f" the replay leaves {actual.pot_left}",
        )


def _seat_or_none(seat: int | None) -> str:
    return "none" if seat is None else str(seat)


def record_from_game(
    game: Game,
    *,
    title: str | None = None,
    seats: Sequence[str] = (),
    notes: str | None = None,
    rulings: Sequence[str] = (),
    comments: Mapping[int, str] | None = None,
) -> HandRecord:
    """A record of ``game`` as played so far, with its result if the hand is over.

    A deal from a seed is recorded as the seed where the seed gives the same
    deal again (with the dealer named, or ``cut`` if only the cut gives it);
    otherwise the cards are written out. ``comments`` maps move indexes (from
    0) to a comment on that move.
    """
    rules = game.rules
    base = PRESETS.get(rules.name)
    if base is None:
        # A ruleset built by hand: write it as every option changed from the reconstruction.
        base = PRESETS["reconstruction"]
    options = tuple(rules.overrides_from(base).items())
    deal = game.deal
    seed: int | None = None
    dealer: int | None = deal.dealer
    if deal.seed is not None:
        stakes = rules.stakes(deal.players)
        low_cut = rules.first_dealer == "low_cut"
        for d in (deal.dealer, None):
            try:
                again = Deal.from_seed(
                    deal.seed, deal.players, stakes.hand_size, d, widow=stakes.widow,
                    low_cut=low_cut,
                )  # fmt: skip
            except LldError:
                continue
            if again == deal:
                seed, dealer = deal.seed, d
                break
    notes_map = dict(comments or {})
    moves = tuple(MoveLine(m, notes_map.get(i, "")) for i, m in enumerate(game.moves))
    return HandRecord(
        ruleset=base.name,
        options=options,
        players=deal.players,
        dealer=dealer,
        seed=seed,
        hands=() if seed is not None else deal.hands,
        table=0 if seed is not None else deal.table,
        won=() if seed is not None else deal.won,
        seats=tuple(seats),
        title=title,
        note=notes,
        rulings=tuple(rulings),
        moves=moves,
        result=Result.of(game) if game.over else None,
    )


__all__ = [
    "JSON_FORMAT",
    "MAGIC",
    "HandRecord",
    "MoveLine",
    "Result",
    "check_result",
    "format_record",
    "from_json",
    "load_record",
    "parse_json_record",
    "parse_record",
    "record_from_game",
    "replay",
    "schema",
    "to_json",
]

"""Reading the text form of a hand record (described in :mod:`lld.record`)."""

from __future__ import annotations

import re
from typing import NamedTuple

from lld.cards import FULL_DECK, format_cards, parse_cards
from lld.deal import Deal
from lld.errors import LldError, NotationError, RecordError, RulesetError
from lld.ledger import Amount, parse_amount
from lld.moves import Move
from lld.presets import ruleset as preset_ruleset
from lld.record.model import (
    MOVE_SEAT,
    RESULT_KEYS,
    HandRecord,
    MoveLine,
    Result,
    build_rules,
    deal_from_seed,
    ruling_problem,
    seats_problem,
)
from lld.record.text_writer import MAGIC
from lld.ruleset import parse_assignments

_HEADER_KEYS = (
    "title", "note", "rulings", "ruleset", "option", "players", "seats", "dealer", "seed",
    "hand N", "table", "won N", "moves",
)  # fmt: skip
_NUMBER = re.compile(r"[0-9]{1,30}", re.ASCII)
#: A number of stakes: whole, or a fraction where a reading parts a stake (R23, R44).
_STAKES = re.compile(r"[+-]?[0-9]{1,30}(/[0-9]{1,30})?", re.ASCII)
_SEAT_KEY = re.compile(r"(hand|won)\s*([0-9]{1,6})", re.ASCII)
#: Header keys that, met among the moves, mean a header line came too late.
_LATE_HEADER_KEYS = (
    "title", "note", "ruleset", "players", "dealer", "seed", "table", "option", "seats", "rulings",
)  # fmt: skip


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

    def amount(self, text: str, line: int, what: str) -> Amount:
        try:
            return parse_amount(text, what)
        except NotationError as error:
            raise self.fail(line, str(error)) from None

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
                problem = ruling_problem(r)
                if problem:
                    raise self.fail(i, problem)
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
        elif MOVE_SEAT.fullmatch(lower):
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
        if not sep or not MOVE_SEAT.fullmatch(seat_text):
            hint = ""
            if sep and seat_text.lower() in _LATE_HEADER_KEYS:
                hint = "; header lines come before 'moves:'"
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
        if name not in RESULT_KEYS:
            raise self.fail(
                i, f"unknown key {key.strip()!r} in the result (known: {', '.join(RESULT_KEYS)})"
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
            rules = build_rules(base.name, self.options)
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
            problem = seats_problem(seats, players)
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
            try:
                deal_from_seed(rules, players, seed, dealer)
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
        title = self.singles["title"].value if "title" in self.singles else None
        note = "\n".join(self.notes) if self.notes else None
        return HandRecord(
            ruleset=rules.name, players=players, dealer=dealer, seed=seed, hands=hands,
            table=table, won=won, options=tuple(self.options.items()), seats=seats, title=title,
            note=note, rulings=tuple(self.rulings), comments=tuple(self.comments),
            moves=tuple(self.moves), trailing=tuple(self.trailing), result=result,
            where=self.where, move_locations=tuple(self.at(i) for i in self.move_lines),
            result_locations=result_locations,
        )  # fmt: skip

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
        for key in RESULT_KEYS:
            if key not in self.result:
                raise self.fail(
                    self.result_line, f"the result lacks '{key}:' (it needs net, last_player"
                    " and pot_left)",
                )  # fmt: skip
        net_p, last_p, pot_p = (self.result[k] for k in RESULT_KEYS)
        words = net_p.value.replace(",", " ").split()
        if not all(_STAKES.fullmatch(w) for w in words):
            raise self.fail(
                net_p.line, "net must be numbers of stakes (whole, or a fraction such as"
                f" +1/3), one per seat, not {net_p.value!r}",
            )  # fmt: skip
        if len(words) != players:
            raise self.fail(net_p.line, f"net gives {len(words)} numbers for {players} players")
        net = tuple(self.amount(w, net_p.line, "a net") for w in words)
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
        if not _STAKES.fullmatch(pot_p.value):
            raise self.fail(
                pot_p.line, "pot_left must be a number of stakes (whole, or a fraction such"
                f" as 1/3), not {pot_p.value!r}",
            )  # fmt: skip
        pot = self.amount(pot_p.value, pot_p.line, "pot_left")
        return Result(net, last, pot), tuple(self.at(p.line) for p in (net_p, last_p, pot_p))


def parse_record(text: str, where: str = "<string>") -> HandRecord:
    """Read a record in the text form; ``where`` names the file in error messages."""
    return _TextReader(text, where).read()

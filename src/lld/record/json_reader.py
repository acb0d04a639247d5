"""Reading the JSON form of a hand record; every problem names its JSON path."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

from lld.cards import FULL_DECK, format_cards, parse_cards
from lld.deal import Deal
from lld.errors import LldError, NotationError, RecordError, RulesetError
from lld.ledger import Amount, parse_amount
from lld.moves import Move
from lld.presets import ruleset as preset_ruleset
from lld.record.json_writer import JSON_FORMAT, schema
from lld.record.model import (
    MOVE_SEAT,
    RESULT_KEYS,
    HandRecord,
    MoveLine,
    Result,
    build_rules,
    deal_from_seed,
    is_whole_number,
    one_line_problem,
    ruling_problem,
    seat_name_problem,
    seats_problem,
)

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
        problem = one_line_problem(s, what)
        if problem:
            raise self.fail(path, problem)
        return s

    def array(self, value: object, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected an array, not {_json_type(value)}")
        return value

    def whole(self, value: object, path: str, what: str) -> int:
        # JSON has one kind of number: 5.0 is the integer 5, as JSON Schema counts it.
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if not is_whole_number(value):
            raise self.fail(path, f"{what} must be a whole number, not {_json_type(value)}")
        assert isinstance(value, int)
        return value

    def stakes(self, value: object, path: str, what: str) -> Amount:
        """A number of stakes: a whole number, or a fraction in a string (R23, R44)."""
        if isinstance(value, str):
            if not _form().stakes.fullmatch(value):
                raise self.fail(
                    path, f"{what} must be a whole number or a fraction such as '1/3',"
                    f" not {_json_type(value)}",
                )  # fmt: skip
            try:
                return parse_amount(value, what)
            except NotationError as error:
                raise self.fail(path, str(error)) from None
        return self.whole(value, path, what)

    def cards(self, value: object, path: str) -> int:
        text = self.text(value, path, "cards")
        try:
            cards = parse_cards(text)  # a bad card is named as such
        except NotationError as error:
            raise self.fail(path, str(error)) from None
        if not _form().cards.fullmatch(text):  # read, but not as the schema writes it
            raise self.fail(
                path, "cards are written rank then suit in capitals, one space between, as in"
                f" '7C 7H TS' ('-' for none), not {text!r}",
            )  # fmt: skip
        return cards

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
                problem = one_line_problem(line, "each line of the note")
                if problem:
                    raise self.fail("$.note", problem)
        rulings: list[str] = []
        for i, r in enumerate(self.array(top.get("rulings", []), "$.rulings")):
            path = f"$.rulings[{i}]"
            r = self.text(r, path, "a ruling ID")
            problem = ruling_problem(r)
            if problem:
                raise self.fail(path, problem)
            rulings.append(r)
        name = self.text(top["ruleset"], "$.ruleset", "the ruleset")
        if name not in _form().presets:  # the preset's own name, as written
            known = ", ".join(_form().presets)
            raise self.fail("$.ruleset", f"unknown ruleset {name!r} (known: {known})")
        base = preset_ruleset(name)
        options: dict[str, str | None] = {}
        raw_options = top.get("options", {})
        if not isinstance(raw_options, dict):
            raise self.fail("$.options", f"expected an object, not {_json_type(raw_options)}")
        allowed = _form().options
        for key, v in raw_options.items():
            # A name that is not one printable line is quoted, escapes and all, so
            # that the error stays one line.
            path = f"$.options.{key}" if key.isprintable() else f"$.options[{json.dumps(key)}]"
            if key not in allowed:
                fixed = key.strip().lower().replace("-", "_")
                if fixed in allowed:  # "deal-5" spelled with a dash, say
                    raise self.fail(path, f"write the option as {fixed!r}")
                raise self.fail(path, f"unknown option {key!r} (known: {', '.join(allowed)})")
            if v is None and None not in allowed[key]:
                raise self.fail(path, "only a deal_N option may be null (no game)")
            if v is not None:
                v = self.text(v, path, "an option value")
            if v not in allowed[key]:
                values = ", ".join("null" if a is None else a for a in allowed[key])
                shown = "none" if v is None else v
                raise self.fail(
                    path, f"option {key} cannot be {shown!r} (allowed: {values})"
                    + ("; write null for no game" if isinstance(v, str) and v.lower() == "none"
                       and None in allowed[key] else ""),
                )  # fmt: skip
            options[key] = v
        try:
            rules = build_rules(base.name, options)
        except RulesetError as error:
            raise self.fail("$.options", str(error)) from None
        players = self.whole(top["players"], "$.players", "players")
        if not 3 <= players <= 8:
            raise self.fail(
                "$.players", f"cannot play with {players} players: the game is for 3 to 8"
            )
        try:
            rules.stakes(players)
        except RulesetError as error:
            raise self.fail("$.players", str(error)) from None
        seats: tuple[str, ...] = ()
        if "seats" in top:
            raw = self.array(top["seats"], "$.seats")
            for i, s in enumerate(raw):
                problem = seat_name_problem(s)
                if problem:
                    raise self.fail(f"$.seats[{i}]", problem)
            problem = seats_problem(raw, players)
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
                deal_from_seed(rules, players, seed, dealer)
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
            if not sep or not MOVE_SEAT.fullmatch(seat_text.strip()):
                raise self.fail(path, f"expected a move such as '2: 7S x 7H', not {text!r}")
            try:
                move = Move.parse_action(int(seat_text), action)  # a bad move is named as such
            except NotationError as error:
                raise self.fail(path, str(error)) from None
            if not _form().move.fullmatch(text):  # read, but not as the schema writes it
                raise self.fail(
                    path, "expected a move such as '2: 7S x 7H', '2: lie', '2: lay 9C 9D' or"
                    f" '2: claim 5H 5S' (cards in capitals), not {text!r}",
                )  # fmt: skip
            moves.append(MoveLine(move, comment, before))
            locations.append(f"{self.file}: {path}")
        trailing = self.comment_list(top.get("trailing", []), "$.trailing")
        result = None
        result_locations: tuple[str, ...] = ()
        if "result" in top:
            result = self.read_result(top["result"], players)
            result_locations = tuple(f"{self.file}: $.result.{k}" for k in RESULT_KEYS)
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
        r = self.obj(value, "$.result", RESULT_KEYS, RESULT_KEYS)
        net = tuple(
            self.stakes(x, f"$.result.net[{i}]", "a net")
            for i, x in enumerate(self.array(r["net"], "$.result.net"))
        )
        if len(net) != players:
            raise self.fail("$.result.net", f"{len(net)} nets given for {players} players")
        last = r["last_player"]
        if last is not None:
            last = self.whole(last, "$.result.last_player", "the last player (or null)")
            if not 0 <= last < players:
                raise self.fail("$.result.last_player", f"last player {last} is not a seat")
        pot = self.stakes(r["pot_left"], "$.result.pot_left", "pot_left")
        return Result(net, last, pot)


class _Form(NamedTuple):
    """What the schema says a record's text looks like, compiled for the reader."""

    cards: re.Pattern[str]
    move: re.Pattern[str]
    #: A parted number of stakes, as a string (a whole one is a JSON number).
    stakes: re.Pattern[str]
    presets: tuple[str, ...]
    #: Each option's values as JSON gives them (``None``: null, no game).
    options: dict[str, tuple[str | None, ...]]


@cache
def _form() -> _Form:
    """The notation of cards and moves, the preset names and the options' values,
    read from the record's schema (:func:`~lld.record.json_writer.schema`): one
    description of the format, which the reader keeps to exactly, and checks more
    besides (all 52 cards placed, the moves legal, the result right)."""
    s = schema()
    defs, props = s["$defs"], s["properties"]
    return _Form(
        re.compile(defs["cards"]["pattern"]),
        re.compile(defs["move"]["pattern"]),
        re.compile(defs["stakes"]["oneOf"][1]["pattern"]),
        tuple(props["ruleset"]["enum"]),
        {name: tuple(spec["enum"]) for name, spec in props["options"]["properties"].items()},
    )


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


class DuplicateKeyError(ValueError):
    """A JSON object that gives one key twice (``json.loads`` would keep the last)."""

    def __init__(self, key: str) -> None:
        super().__init__(f"the key {key!r} is given twice in one object")
        self.key = key


def _refuse_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    obj: dict[str, object] = {}
    for key, value in pairs:
        if key in obj:
            raise DuplicateKeyError(key)
        obj[key] = value
    return obj


def strict_json(text: str) -> object:
    """``json.loads``, refusing an object that gives a key twice
    (:class:`DuplicateKeyError`): the standard library keeps the last value
    silently and has no switch for it, and its ``object_pairs_hook`` is the
    documented place to check."""
    return json.loads(text, object_pairs_hook=_refuse_duplicates)


def parse_json_record(text: str, where: str = "<json>") -> HandRecord:
    """Read a record from JSON text; a key given twice in one object is refused."""
    try:
        obj = strict_json(text)
    except DuplicateKeyError as error:
        raise RecordError(where, f"not valid here: {error}") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{where}:{error.lineno}", f"not valid JSON: {error.msg}") from None
    except RecursionError:
        raise RecordError(where, "not valid JSON: nested too deeply") from None
    except ValueError:
        # json raises a plain ValueError for an integer past int()'s digit limit.
        raise RecordError(where, "not valid JSON: a number is too long to read") from None
    return from_json(obj, where)

"""A position: a frozen snapshot of a hand in progress, and what the rules make of it.

A :class:`Position` is defined by three things: the ruleset, the deal and the
moves played since. Everything else it holds (the cards by place, the seat to
play, who is out and how, the open dead groups, the ledger, the log) is read
from the engine having played those moves, and a position built directly is
checked against them, so a position can never hold a state the rules cannot
reach. What the rules allow from it (the open claims,
the pairs each seat may lay, the turn moves, the settlement if the hand ended
now) is asked of the engine, never worked out here again.

>>> from lld.game import Game
>>> from lld.presets import ruleset
>>> g = Game.new(ruleset("parlett"), players=5, seed=1)
>>> g.play(g.turn_moves()[0])
>>> p = Position.of(g)
>>> p.to_play, p.turns, len(p.moves), p.hand_sizes
(1, 1, 1, (7, 8, 8, 8, 8))
>>> Position.of(p.game()) == p
True
>>> Position.parse(p.format()) == p
True
>>> p.ending().net  # the dealer would take the cards left (R29)
(-5, -6, -6, -6, 18)

The text notation is a hand record's (see :mod:`lld.record`) under its own
first line, and :func:`repr` gives it back as ``Position.parse('...')``; the
JSON notation (:meth:`Position.to_json`) adds the state, which
:meth:`Position.from_json` checks against the replay.

>>> print(p.format())
# lld position
ruleset: parlett
players: 5
dealer: 4
seed: 1
<BLANKLINE>
moves:
0: 4C x 4D
<BLANKLINE>
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from lld.cards import format_cards, parse_cards
from lld.deal import Deal
from lld.errors import LldError, NotationError, PositionError, shown
from lld.events import Event
from lld.ledger import Amount, Entry, json_amount, totals, whole_if_whole
from lld.moves import CLAIM, LAY, LIE, Move
from lld.rule_tables import DEAD_OPTION, DeadGroup, claimable
from lld.ruleset import Ruleset
from lld.stakes import StakesTable

if TYPE_CHECKING:
    from lld.game import Game
    from lld.record.model import HandRecord

#: How a seat left the hand: it has lain down (R22) or its hand was emptied (R34).
OutHow = Literal["lay_down", "emptied"]
#: The first line of the text notation.
MAGIC = "# lld position"
#: The ``format`` value of the JSON notation.
JSON_FORMAT = "lld-position/1"
#: Which option decides whether each kind of dead group may be claimed.
_DEAD_OPTION = DEAD_OPTION


class Claim(NamedTuple):
    """An open dead group, and who may claim it now, until when, under which ruling.

    ``cards`` are those a claim takes (the lowest suits of its pairs: of three
    cards, two, the third staying for the dealer, R24); ``claimants`` are the
    seats the engine lets claim it now; ``deadline`` is the
    last turn at which it may still be claimed (``None``: until the hand ends,
    R26); ``options`` are the ruleset options that decide it.
    """

    group: DeadGroup
    cards: int
    rule: str
    claimants: tuple[int, ...]
    deadline: int | None
    options: tuple[str, ...]


class Ending(NamedTuple):
    """The hand settled as if it ended now (R28-R33, by the engine's own settlement)."""

    net: tuple[Amount, ...]
    pot_left: Amount
    last_player: int | None
    #: What each seat would win (+) or pay (-) from now to that end.
    change: tuple[Amount, ...]
    won: tuple[int, ...]


def out_how(out: list[bool] | tuple[bool, ...], events: Any) -> tuple[OutHow | None, ...]:
    """Per seat: ``None`` while in the hand, else how it went out (from the log)."""
    lay_downs = {e.seat for e in events if e.kind == LIE}
    return tuple(
        None if not gone else "lay_down" if seat in lay_downs else "emptied"
        for seat, gone in enumerate(out)
    )


@dataclass(frozen=True, eq=False, repr=False)
class Position:
    """A hand in progress: the ruleset, the deal and the moves, and the state they reach.

    Build one with :meth:`of` (the position a game is in), :meth:`reach`,
    :meth:`parse` or :meth:`from_json`. Built directly, ``Position(...)`` plays
    the moves and raises :class:`~lld.errors.PositionError` naming the first
    field that is not what they reach. Two positions are equal when their
    ruleset, deal and moves are. Card sets are masks (:mod:`lld.cards`).

    >>> from lld.game import Game
    >>> from lld.presets import ruleset
    >>> p = Position.of(Game.new(ruleset("parlett"), players=3, seed=2))
    >>> import dataclasses
    >>> dataclasses.replace(p, to_play=2)
    Traceback (most recent call last):
    lld.errors.PositionError: Position: to_play is 2, but its rules, deal and moves reach 1
    """

    rules: Ruleset
    deal: Deal
    moves: tuple[Move, ...]
    hands: tuple[int, ...] = field(compare=False)
    table: int = field(compare=False)
    won: tuple[int, ...] = field(compare=False)
    #: Odd leftover cards set aside at the end (R29).
    aside: int = field(compare=False)
    to_play: int = field(compare=False)
    turns: int = field(compare=False)
    over: bool = field(compare=False)
    last_player: int | None = field(compare=False)
    #: The last player's one more turn is under way (R28, ``last_player_turn=one_more``).
    final_turn: bool = field(compare=False)
    out: tuple[OutHow | None, ...] = field(compare=False)
    #: The cards each seat's lie-down put on the table (0 if it has not lain down).
    lie_downs: tuple[int, ...] = field(compare=False)
    dead: tuple[DeadGroup, ...] = field(compare=False)
    #: ``(seat, rank)``: pairs made layable by the latest turn, which R20's
    #: ``promptly_or_own_turn`` lets their holder lay at once.
    fresh: tuple[tuple[int, int], ...] = field(compare=False)
    ledger: tuple[Entry, ...] = field(compare=False)
    events: tuple[Event, ...] = field(compare=False)

    # ------------------------------------------------------------ building

    def __post_init__(self) -> None:
        # Only a position built directly gets here: `of` (and so every other
        # constructor) reads its fields off a played game and bypasses __init__.
        _check_defining(self.rules, self.deal, self.moves)
        game = _play(self.rules, self.deal, self.moves)
        reached = Position.of(game)
        for f in fields(self):
            if f.compare:
                continue
            given, actual = getattr(self, f.name), getattr(reached, f.name)
            if given != actual:
                raise PositionError(
                    f"Position: {f.name} is {_short(given)}, but its rules, deal and moves"
                    f" reach {_short(actual)}"
                )
        # The game just played is this position's: keep it rather than replay again.
        _keep((self.rules, self.deal, self.moves), game)

    @classmethod
    def _trusted(cls, **state: Any) -> Position:
        """A position whose fields are read off a played game, so already what the
        rules reach: built without ``__init__`` (as :mod:`copy` and :mod:`pickle`
        rebuild an object), since its check would only replay the same moves."""
        if state.keys() != _FIELDS:
            raise TypeError(f"Position's fields are {sorted(_FIELDS)}, not {sorted(state)}")
        position = object.__new__(cls)
        position.__dict__.update(state)  # one C call: the frozen __setattr__ is not run
        return position

    @classmethod
    def of(cls, game: Game) -> Position:
        """The position ``game`` is in (the game is not changed)."""
        events = tuple(game.events)
        return cls._trusted(
            rules=game.rules, deal=game.deal, moves=tuple(game.moves),
            hands=tuple(game.hands), table=game.table, won=tuple(game.won), aside=game.aside,
            to_play=game.to_play, turns=game.turns, over=game.over,
            last_player=game.last_player, final_turn=game.final_turn,
            out=out_how(game.out, events), lie_downs=game.lie_downs, dead=game.dead_groups,
            fresh=tuple(sorted(game.fresh)), ledger=tuple(game.ledger.entries), events=events,
        )  # fmt: skip

    @classmethod
    def reach(cls, rules: Ruleset, deal: Deal, moves: tuple[Move, ...] = ()) -> Position:
        """The position ``moves`` reach from ``deal``; raises
        :class:`~lld.errors.IllegalMoveError` at a move the rules forbid."""
        return cls.of(_play(rules, deal, moves))

    def game(self) -> Game:
        """A new game in this position: it plays on exactly as the original would."""
        return _play(self.rules, self.deal, self.moves)

    @property
    def _game(self) -> Game:
        """The game in this position, kept by the position's value (see
        :func:`_replayed`): read it or copy it, never play on it."""
        return _replayed(self.rules, self.deal, self.moves)

    # ------------------------------------------------------------ reading

    @property
    def players(self) -> int:
        return self.deal.players

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def stakes(self) -> StakesTable:
        return self.rules.stakes(self.players)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(h.bit_count() for h in self.hands)

    @property
    def net(self) -> tuple[Amount, ...]:
        """Each seat's stakes won (+) or paid (-) so far."""
        return totals(self.ledger, self.players)[0]

    @property
    def pot(self) -> Amount:
        return totals(self.ledger, self.players)[1]

    def turn_moves(self) -> tuple[Move, ...]:
        """The turn moves of the seat to play (the engine's, lowest suits first)."""
        return tuple(self._game.copy().turn_moves())

    def free_moves(self, seat: int) -> tuple[Move, ...]:
        """The free moves (lay, claim) ``seat`` may make now."""
        return tuple(self._game.copy().free_moves(seat))

    @property
    def lays(self) -> tuple[tuple[Move, ...], ...]:
        """Per seat, the pairs it may lay now (R17-R20)."""
        return tuple(
            tuple(m for m in self.free_moves(s) if m.kind == LAY) for s in range(self.players)
        )

    @property
    def claims(self) -> tuple[Claim, ...]:
        """The open dead groups: who may claim each now, until when, under which ruling."""
        by_rank: dict[int, list[int]] = {g.rank: [] for g in self.dead}
        for seat in range(self.players):
            for m in self.free_moves(seat):
                if m.kind == CLAIM:
                    by_rank[(m.table.bit_length() - 1) >> 2].append(seat)
        out = []
        for g in self.dead:
            cards = claimable(self.table, g.rank)  # what a claim takes: pairs only (R24)
            options = [f"{_DEAD_OPTION[g.origin]}={getattr(self.rules, _DEAD_OPTION[g.origin])}"]
            options += [
                f"claim_priority={self.rules.claim_priority}",
                f"claim_deadline={self.rules.claim_deadline}",
            ]
            deadline = g.opens if self.rules.claim_deadline == "next_turn" else None
            out.append(Claim(g, cards, g.rule, tuple(by_rank[g.rank]), deadline, tuple(options)))
        return tuple(out)

    def ending(self) -> Ending:
        """The settlement if the hand ended now, worked out by the engine on a copy."""
        game = self._game.copy()
        game.end_now()
        net = tuple(game.ledger.net)
        return Ending(
            net, game.ledger.pot, game.last_player,
            tuple(whole_if_whole(a - b) for a, b in zip(net, self.net, strict=True)),
            tuple(game.won),
        )  # fmt: skip

    # ------------------------------------------------------------ notation

    def record(self) -> HandRecord:
        """The position as a hand record with no result: the deal and the moves."""
        from dataclasses import replace

        from lld.record.from_game import record_from_game

        return replace(record_from_game(self._game), result=None)

    def format(self) -> str:
        """The text notation (see :meth:`parse`)."""
        from lld.record.text_writer import MAGIC as RECORD_MAGIC
        from lld.record.text_writer import format_record

        text = format_record(self.record())
        return MAGIC + text[len(RECORD_MAGIC) :]

    @classmethod
    def parse(cls, text: str, where: str = "position") -> Position:
        """Read the text notation: a hand record's lines (ruleset, players, dealer, the
        deal, ``moves:``), under ``# lld position``. Raises
        :class:`~lld.errors.NotationError` naming the line that is wrong, or at an
        illegal move, the line, the rule and the option that forbid it."""
        from lld.record.text_reader import parse_record

        if not isinstance(text, str):
            raise NotationError(f"{where}: a position is text, not {type(text).__name__}")
        lines = text.split("\n")
        for i, line in enumerate(lines):
            if line.strip():
                if line.strip().lower() == MAGIC:
                    lines[i] = ""
                break
        try:
            rec = parse_record("\n".join(lines), where=where)
        except LldError as error:
            raise NotationError(str(error)) from None
        return cls.from_record(rec)

    @classmethod
    def from_record(cls, rec: HandRecord) -> Position:
        """The position a record's moves reach (its result, if any, is checked)."""
        from lld.record.replaying import replay_record

        try:
            return cls.of(replay_record(rec))
        except LldError as error:
            raise NotationError(str(error)) from error

    def __repr__(self) -> str:
        return f"Position.parse({self.format()!r})"

    def _repr_html_(self) -> str:
        """A notebook draws the position as cards (:func:`lld.drawing.board_html`),
        with the text alternative :func:`lld.drawing.board_text`.

        >>> from lld.game import Game
        >>> from lld.presets import ruleset
        >>> html = Position.of(Game.new(ruleset("parlett"), players=3, seed=2))._repr_html_()
        >>> html.startswith('<div class="lld-board"') and html.count('class="lld-cards"')
        4
        """
        from lld.drawing import board_html

        return board_html(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.rules, self.deal, self.moves) == (other.rules, other.deal, other.moves)

    def __hash__(self) -> int:
        return hash((self.rules, self.deal, self.moves))

    def state_json(self) -> dict[str, Any]:
        """What the moves reach, as JSON-ready data (cards in notation)."""
        return {
            "hands": [format_cards(h) for h in self.hands],
            "table": format_cards(self.table),
            "won": [format_cards(w) for w in self.won],
            "aside": format_cards(self.aside),
            "to_play": self.to_play,
            "turns": self.turns,
            "over": self.over,
            "last_player": self.last_player,
            "out": list(self.out),
            "lie_downs": [format_cards(c) if c else None for c in self.lie_downs],
            "dead": [
                {"rank": g.rank, "origin": g.origin, "offender": g.offender, "opens": g.opens}
                for g in self.dead
            ],
            "pot": json_amount(self.pot),
            "net": [json_amount(x) for x in self.net],
        }

    def to_json(self) -> dict[str, Any]:
        """The JSON notation: the record's fields, and the state they reach."""
        from lld.record.json_writer import to_json

        obj = to_json(self.record())
        obj["format"] = JSON_FORMAT
        obj["state"] = self.state_json()
        return obj

    @classmethod
    def from_json(cls, obj: object, where: str = "position") -> Position:
        """Read the JSON notation (a dict, or its text); a ``state`` given is checked
        against the replay, field by field."""
        from lld.record.json_reader import DuplicateKeyError, from_json, strict_json

        if isinstance(obj, str):
            try:
                obj = strict_json(obj)
            except DuplicateKeyError as error:
                raise NotationError(f"{where}: {error}") from None
            except (json.JSONDecodeError, RecursionError) as error:
                raise NotationError(f"{where}: not JSON: {error}") from None
            except ValueError:  # json's plain ValueError for an int past the digit limit
                raise NotationError(f"{where}: not JSON: a number is too long to read") from None
        if not isinstance(obj, dict):
            raise NotationError(f"{where}: $: a position is a JSON object")
        if obj.get("format") != JSON_FORMAT:
            raise NotationError(f"{where}: $.format: expected {JSON_FORMAT!r}")
        state = obj.get("state")
        rec_obj = {k: v for k, v in obj.items() if k != "state"}
        from lld.record.json_writer import JSON_FORMAT as RECORD_FORMAT

        rec_obj["format"] = RECORD_FORMAT
        try:
            rec = from_json(rec_obj, where=where)
        except LldError as error:
            raise NotationError(str(error)) from None
        position = cls.from_record(rec)
        if state is not None:
            if not isinstance(state, dict):
                raise NotationError(f"{where}: $.state: expected an object")
            actual = position.state_json()
            for key, value in state.items():
                if key not in actual:
                    raise NotationError(f"{where}: $.state.{key}: unknown field")
                if _normal(key, value) != _normal(key, actual[key]):
                    raise NotationError(
                        f"{where}: $.state.{key}: given as {shown(value)}, the moves reach"
                        f" {actual[key]!r}"
                    )
        return position


def _normal(key: str, value: object) -> object:
    """A state field's value with its cards read, so that any card order compares equal."""
    try:
        if key in ("table", "aside") and isinstance(value, str):
            return parse_cards(value)
        if key in ("hands", "won", "lie_downs") and isinstance(value, list):
            return [parse_cards(v) if isinstance(v, str) else v for v in value]
    except NotationError:
        return value
    return value


_FIELDS = frozenset(f.name for f in fields(Position))


def _check_defining(rules: object, deal: object, moves: object) -> None:
    """Raise :class:`~lld.errors.PositionError` unless the three defining fields
    have the types a position is played from."""
    if not isinstance(rules, Ruleset):
        raise PositionError(f"Position: rules must be a Ruleset, not {type(rules).__name__}")
    if not isinstance(deal, Deal):
        raise PositionError(f"Position: deal must be a Deal, not {type(deal).__name__}")
    if not isinstance(moves, tuple):
        raise PositionError(f"Position: moves must be a tuple, not {type(moves).__name__}")
    for i, move in enumerate(moves):
        if not isinstance(move, Move):
            raise PositionError(f"Position: moves[{i}] must be a Move, not {type(move).__name__}")


def _short(value: object, limit: int = 120) -> str:
    """A field's value for a one-line message: its repr, cut short if long."""
    text = shown(value).replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: The games of the last few positions read, by the position's value (a position
#: holds nothing but its fields): :func:`_replayed`.
_GAMES: dict[tuple[Ruleset, Deal, tuple[Move, ...]], Game] = {}
_KEPT = 16


def _replayed(rules: Ruleset, deal: Deal, moves: tuple[Move, ...]) -> Game:
    """The game ``moves`` reach from ``deal`` under ``rules``, kept for the last few
    positions read. A position reads it or copies it (:meth:`Game.copy`), never
    plays on it."""
    key = (rules, deal, moves)
    game = _GAMES.pop(key, None)
    if game is None:
        game = _play(rules, deal, moves)
    _keep(key, game)
    return game


def _keep(key: tuple[Ruleset, Deal, tuple[Move, ...]], game: Game) -> None:
    _GAMES[key] = game
    if len(_GAMES) > _KEPT:
        del _GAMES[next(iter(_GAMES))]


def _play(rules: Ruleset, deal: Deal, moves: tuple[Move, ...]) -> Game:
    from lld.game import Game

    game = Game.from_deal(rules, deal)
    for move in moves:
        game.play(move)
    return game


__all__ = [
    "JSON_FORMAT",
    "MAGIC",
    "Claim",
    "DeadGroup",
    "Ending",
    "OutHow",
    "Position",
    "out_how",
]

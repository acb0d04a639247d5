"""Replaying hand records: the one implementation behind ``lld replay``, the
demonstrations, the example tests and the site.

* :func:`replay_record` (from :mod:`lld.record.replaying`, below the positions)
  plays a record's moves and checks its result; a move the rules forbid stops
  it with a :class:`RefusedMoveError`, which keeps the rule and the option.
* :func:`steps` gives each move with the position before and after it and the
  events it caused.
* :func:`replay_under` replays a record under other options and says where and
  why it parts from the original.

>>> from lld.demonstrate import examples_directory
>>> from lld.record import load_record
>>> rec = load_record(str(examples_directory() / "r24-lie-down-pair-claimed.lld"))
>>> s = steps(rec)[1]
>>> s.move, [e.rule for e in s.events], s.after.lie_downs[1] == s.before.hands[1]
(Move.parse('1: lie'), ['R22'], True)
>>> o = replay_under(rec, lie_down_pair="to_dealer")
>>> o.kind, o.move_number, o.rule, o.option
('illegal', 3, 'R24', 'lie_down_pair=to_dealer')
>>> replay_under(rec).kind, replay_under(rec).diverges_at is None
('plays_through', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal, NamedTuple

from lld.deal import Deal
from lld.errors import ConfigError, IllegalMoveError, LldError, Reason, RecordError, shown
from lld.events import Event
from lld.ledger import Amount, format_amount, json_amount
from lld.moves import Move
from lld.position import Position
from lld.presets import ruleset as preset
from lld.record.model import HandRecord
from lld.record.replaying import RefusedMoveError, check_result, play_line, replay_record
from lld.ruleset import check_option

if TYPE_CHECKING:
    from lld.game import Game

#: How a replay went.
#:
#: ``plays_through``: every move is legal and the hand ends with the last one;
#: ``illegal``: a move is illegal under this setting, and the replay stops there;
#: ``ends_early``: the hand is over before the record's last move;
#: ``unfinished``: every move is legal but the hand is not over after the last;
#: ``no_game``: the engine will not set the hand up: the setting gives no game
#: for that many players, or does not fit the record's other options.
Kind = Literal["plays_through", "illegal", "ends_early", "unfinished", "no_game"]


# ------------------------------------------------------------------ steps


class Step(NamedTuple):
    """One move of a record: who made it, the positions around it, what it caused."""

    #: The move's place in the record, from 0.
    move_index: int
    seat: int
    move: Move
    before: Position
    after: Position
    #: The events the move caused, the move's own first; each names its ruling.
    events: tuple[Event, ...]
    #: The record's comment on the move.
    comment: str = ""

    @property
    def rulings(self) -> tuple[str, ...]:
        """The ruling IDs of the events, each once, in order."""
        return tuple(dict.fromkeys(e.rule for e in self.events))

    def _repr_html_(self) -> str:
        """A notebook draws the step: the move, its rulings and events, and the
        position after it as cards (:func:`lld.drawing.step_html`, which the
        site's cells draw it with too)."""
        from lld.drawing import step_html

        return step_html(self)

    @property
    def options(self) -> tuple[str, ...]:
        """``name=value`` for each option of the ruleset behind those rulings."""
        from lld.ruleset import OPTIONS, setting

        rules = self.after.rules
        return tuple(
            setting(rules, name)
            for ruling in self.rulings
            for name, spec in OPTIONS.items()
            if spec.ruling == ruling
        )


def _record_of(rec: HandRecord | Position, caller: str) -> HandRecord:
    """The record to replay: ``rec``, or the record of a position's deal and moves."""
    if isinstance(rec, Position):
        return rec.record()
    if not isinstance(rec, HandRecord):
        raise ConfigError(f"{caller} takes a hand record or a position, not {shown(rec)}")
    return rec


def steps(rec: HandRecord | Position) -> tuple[Step, ...]:
    """Every move of the record (or of a position's moves), with the position
    before and after it.

    Raises :class:`RefusedMoveError` (a :class:`~lld.errors.RecordError`) at a
    move the rules forbid; the record's result is not checked.
    """
    return _walk(_record_of(rec, "steps()"))[1]


class Replayed(NamedTuple):
    """A record replayed once: the game at its end and every step to it."""

    game: Game
    steps: tuple[Step, ...]


def replayed(rec: HandRecord | Position) -> Replayed:
    """Play the record's moves once, checking each and the result (as
    :func:`~lld.record.replaying.replay` does), and keep every step (as
    :func:`steps` gives them): what ``lld replay`` shows.

    >>> from lld.demonstrate import examples_directory
    >>> from lld.record import load_record
    >>> rec = load_record(str(examples_directory() / "r24-lie-down-pair-claimed.lld"))
    >>> done = replayed(rec)
    >>> done.game.over, len(done.steps) == len(rec.moves), done.steps == steps(rec)
    (True, True, True)
    """
    rec = _record_of(rec, "replayed()")
    game, walk = _walk(rec)
    check_result(rec, game)
    return Replayed(game, walk)


def _walk(rec: HandRecord) -> tuple[Game, tuple[Step, ...]]:
    game = rec.new_game()
    before = Position.of(game)
    out = []
    for i, line in enumerate(rec.moves):
        seen = len(game.events)
        play_line(rec, game, i, line.move)
        after = Position.of(game)
        out.append(
            Step(i, line.move.seat, line.move, before, after, after.events[seen:], line.comment)
        )
        before = after
    return game, tuple(out)


# ------------------------------------------------------------------ replaying under other rules


@dataclass(frozen=True)
class Outcome:
    """What one replay did; ``text`` says it in one line."""

    kind: Kind
    text: str
    #: Net stakes by seat, the last player and the pot left, once the hand is settled.
    net: tuple[Amount, ...] | None = None
    last_player: int | None = None
    pot_left: Amount | None = None
    #: Where the replay stopped (``illegal``) or the hand ended (``ends_early``):
    #: the move's number in the record, counting from 1, and the move.
    move_number: int | None = None
    move: str | None = None
    #: Why the move is illegal, and the ruling and option (``name=value``) that forbid it.
    reason: str | None = None
    rule: str | None = None
    option: str | None = None
    #: The first move (from 0) whose events differ from the original replay's,
    #: ``None`` if none does (or the original does not replay).
    diverges_at: int | None = None
    #: Whether the result (nets, last player, pot) is the original replay's.
    same_result: bool | None = None
    #: Every event of the replay, up to where it stopped.
    events: tuple[Event, ...] = field(default=(), repr=False)
    #: The reading deals other cards from the record's seed than the record's own.
    redealt: bool = False
    #: ``unfinished``: the seat still to play.
    to_play: int | None = None
    #: ``no_game``: why, in a reader's words (no option names): "this reading
    #: gives no game for 3 players".
    why_no_game: str | None = None
    #: ``illegal``: ``reason`` with the seats, cards and rulings it names kept
    #: apart, for a reader's words (``lld.narrate.Table.refusal``).
    why: Reason | None = field(default=None, repr=False, compare=False)

    @property
    def key(self) -> object:
        """Equal for replays that behave identically."""
        if self.kind == "no_game":
            return ("no_game", self.text)
        if self.kind == "illegal":
            return ("illegal", self.move_number, self.reason, self.rule, self.option)
        if self.kind == "ends_early":
            return ("ends_early", self.move_number, self.events)
        return (self.kind, self.events)

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready view (fields that do not apply are left out)."""
        out: dict[str, object] = {"kind": self.kind, "text": self.text}
        if self.net is not None:
            pot = None if self.pot_left is None else json_amount(self.pot_left)
            out.update(
                net=[*map(json_amount, self.net)], last_player=self.last_player, pot_left=pot
            )
        for key in ("move_number", "move", "reason", "rule", "option"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out

    def _repr_html_(self) -> str:
        """A notebook shows how the replay went, in words, with the ruling and
        option behind an illegal move (:func:`lld.drawing.outcome_html`, which the
        site's cells draw it with too)."""
        from lld.drawing import outcome_html

        return outcome_html(self)


def record_under(
    rec: HandRecord | Position, ruleset: str | None = None, **options: str | None
) -> HandRecord:
    """``rec`` with its moves to be played under other rules: its own with
    ``options`` changed, or the preset ``ruleset`` names (that preset's whole
    reading, with ``options`` changed), as :func:`replay_under` replays it. It
    carries no result (the moves' result under other rules is for the replay to
    find).

    Raises :class:`~lld.errors.RulesetError` for a misspelt preset, option or
    value, and :class:`~lld.errors.RecordError` where the reading sets up no
    hand for the record (no table for its number of players, say).

    >>> from lld.demonstrate import examples_directory
    >>> from lld.record import load_record
    >>> rec = load_record(str(examples_directory() / "r24-lie-down-pair-claimed.lld"))
    >>> other = record_under(rec, lie_down_pair="to_dealer")
    >>> other.rules().lie_down_pair, other.moves == rec.moves, other.result
    ('to_dealer', True, None)
    """
    rec = _record_of(rec, "record_under()")
    name, changed = _reading_under(rec, ruleset, options)
    return replace(rec, ruleset=name, options=tuple(changed.items()), result=None)


def _reading_under(
    rec: HandRecord, ruleset: str | None, options: dict[str, str | None]
) -> tuple[str, dict[str, str | None]]:
    """The preset and the options a replay of ``rec`` under ``ruleset`` and
    ``options`` plays by."""
    name = rec.ruleset if ruleset is None else preset(ruleset).name
    for option, value in options.items():
        check_option(option, value)
    # A preset named is its own reading, whole: the record's option lines are the
    # record's reading, and laid over another preset they would make a mixture that
    # no source reads, under that source's name.
    changed = dict(options) if ruleset is not None else {**dict(rec.options), **options}
    return name, changed


def replay_under(
    rec: HandRecord | Position, ruleset: str | None = None, **options: str | None
) -> Outcome:
    """Replay ``rec``'s moves under its rules with ``options`` changed, or under
    the preset ``ruleset`` names (that preset's whole reading, with ``options``
    changed: the record's own option lines are not carried over), and say how
    it went and where it parts from the record's own replay: the first move
    that becomes illegal, with its rule and option, or the first move whose
    events differ, and whether the result does. A reading that sets up no hand
    comes back as ``no_game``, naming the reading run and the table for the
    record's number of players.

    A misspelt preset, option or value raises :class:`~lld.errors.RulesetError`, as
    :func:`lld.presets.ruleset` does: that is the caller's slip, not a reading that
    gives no game (which comes back as a ``no_game`` outcome).
    """
    rec = _record_of(rec, "replay_under()")
    name, changed = _reading_under(rec, ruleset, options)
    original = _events_by_move(rec)
    try:
        other = replace(rec, ruleset=name, options=tuple(changed.items()), result=None)
    except RecordError as error:
        why, plain = _no_game(name, changed, rec.players) or (error.problem, None)
        plain = plain or f"the record's hand cannot be set up under this reading ({why})"
        return Outcome("no_game", f"no game: {why}", why_no_game=plain)
    game = other.new_game()
    total = len(other.moves)
    # A seed deals by the reading's table (hand sizes, a widow): the same seed may
    # give other hands, and then a recorded move fails for that reason alone.
    redealt = (
        "; this reading deals other cards from the record's seed"
        if other.seed is not None and _cards(other.deal()) != _cards(rec.deal())
        else ""
    )
    diverges: int | None = None
    for i, line in enumerate(other.moves):
        move = str(line.move)
        if game.over:
            ended = f"move {i} `{other.moves[i - 1].move}`" if i else "the deal"
            left = total - i
            return _settled(
                other, game, "ends_early",
                f"the hand ends at {ended}, leaving {left} move{'s' if left > 1 else ''} unplayed",
                original, diverges if diverges is not None else i,
                move_number=i or None, move=str(other.moves[i - 1].move) if i else None,
            )  # fmt: skip
        seen = len(game.events)
        try:
            game.play(line.move)
        except IllegalMoveError as error:
            because = f"{error.rule}, {error.option}" if error.option else error.rule
            return Outcome(
                "illegal",
                f"stops at move {i + 1} `{move}`: illegal — {error.reason} ({because}){redealt}",
                move_number=i + 1, move=move, reason=error.reason, rule=error.rule,
                option=error.option, diverges_at=diverges if diverges is not None else i,
                same_result=False if original is not None else None, events=tuple(game.events),
                redealt=bool(redealt), why=error.why,
            )  # fmt: skip
        if diverges is None and original is not None:
            mine = tuple(game.events[seen:])
            if i >= len(original[0]) or original[0][i] != mine:
                diverges = i
    if not game.over:
        text = (
            f"all {total} moves are legal, but the hand is not over:"
            f" {other.name_of(game.to_play)} is still to play"
        )
        return Outcome(
            "unfinished", text, diverges_at=diverges,
            same_result=None if original is None else original[1] is None,
            events=tuple(game.events), to_play=game.to_play,
        )  # fmt: skip
    return _settled(other, game, "plays_through", "plays through", original, diverges)


def _cards(deal: Deal) -> tuple[int, tuple[int, ...], int]:
    """Who holds what at the deal, and the dealer."""
    return deal.dealer, deal.hands, deal.table


def _no_game(name: str, changed: dict[str, str | None], players: int) -> tuple[str, str] | None:
    """Why the reading run (preset ``name`` with ``changed``) sets up no hand for
    ``players``, naming that reading and the table for that many players, and the
    same in a reader's words; ``None`` if the reason is another."""
    from lld.ruleset import describe_reading, no_break_even_problem, no_game_problem
    from lld.stakes import table_for

    base = preset(name)
    options = {**base.options(), **changed}
    differs = {k: v for k, v in changed.items() if getattr(base, k) != v}
    reading = describe_reading(base.name, differs)
    table = options[f"deal_{players}"]
    if table is None:
        counts = tuple(n for n in range(3, 9) if options[f"deal_{n}"] is not None)
        return (
            no_game_problem(reading, players, counts),
            f"this reading has no game for {players} players",
        )
    if options["settlement"] == "break_even" and table_for(players, table).break_even is None:
        return (
            f"{reading}: {no_break_even_problem(options, [players])}",
            f"this reading settles up by the break-even, and its deal for {players} players"
            " has no break-even",
        )
    return None


def _events_by_move(
    rec: HandRecord,
) -> tuple[list[tuple[Event, ...]], tuple[tuple[Amount, ...], int | None, Amount] | None] | None:
    """The record's own replay: each move's events, and the result (``None`` if
    the hand is not over); ``None`` if it does not replay."""
    try:
        game = replace(rec, result=None).new_game()
        by_move = []
        for i, line in enumerate(rec.moves):
            seen = len(game.events)
            play_line(rec, game, i, line.move)
            by_move.append(tuple(game.events[seen:]))
    except LldError:
        return None
    result = (tuple(game.ledger.net), game.last_player, game.ledger.pot) if game.over else None
    return by_move, result


def _settled(
    rec: HandRecord,
    game: Game,
    kind: Kind,
    lead: str,
    original: tuple[list[tuple[Event, ...]], object] | None,
    diverges: int | None,
    move_number: int | None = None,
    move: str | None = None,
) -> Outcome:
    net, last, pot = tuple(game.ledger.net), game.last_player, game.ledger.pot
    who = "nobody" if last is None else rec.name_of(last)
    nets = " ".join(format_amount(x, signed=True) for x in net)
    text = f"{lead}: seat nets {nets}; last player {who}; pot left {pot}"
    same = None if original is None else original[1] == (net, last, pot)
    return Outcome(
        kind, text, net, last, pot, move_number=move_number, move=move, diverges_at=diverges,
        same_result=same, events=tuple(game.events),
    )  # fmt: skip


__all__ = [
    "Kind",
    "Outcome",
    "RefusedMoveError",
    "Replayed",
    "Step",
    "check_result",
    "record_under",
    "replay_record",
    "replay_under",
    "replayed",
    "steps",
]

"""What the engine does with a contested ruling, worked out from the golden examples.

For a ruling with an engine option, :func:`demonstrate` takes every example
record (``examples/*.lld``) whose ``rulings:`` line lists it, and replays its
moves under each preset's value of that option, and under each value that no
preset takes; every other option stays as the record has it. Each replay is
summed up in one line computed from the engine, and the settings that behave
identically are grouped.

Nothing here prints; ``lld ruling ID`` shows the result. For readers, each
setting is also said in words (:meth:`Demonstration.readings`: the sources by
name and the answer to the ruling as the registry words it), and each outcome
(:meth:`Demonstration.told`, :meth:`Demonstration.partings`) is told as
``lld.narrate`` tells a hand, the players counted from 1.

>>> [d.example for d in demonstrate("R14")]
['r14-pair-royal-one-of-three.lld', 'r14-pair-royal-three-only.lld']
>>> for b in demonstrate("R14")[0].behaviours:
...     print(b.label, "|", b.outcome.kind)
du-coeur, parlett, caidis, reconstruction (one_or_three) | plays_through
sympkyn (three_only) | illegal
>>> d = demonstrate("R14")[0]
>>> for b in d.behaviours:
...     print(d.reading_words(b), "|", d.told(b))  # doctest: +NORMALIZE_WHITESPACE
du Coeur, Parlett, Compendium Caidis and the project's reading: one of them, or all three
  | Plays to the end: Player 1 and Player 2 lose 1 stake each, Player 4 wins 2;
  Player 4 is the last player left in; the pot is empty.
Sympkyn: all three, never one | Stops at move 1 (Player 1 takes the seven of hearts with
  the seven of spades): not allowed here, because the fourth card must take all three of a
  pair royal on the table (R14).
>>> demonstrate("R1")  # no engine option: every preset plays it the same way
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import lld.narrate
    from lld.record import HandRecord

from lld.events import Event
from lld.replay import Kind, Outcome, Step
from lld.ruleset import format_assignment


@dataclass(frozen=True)
class Behaviour:
    """One outcome and every setting that gives it.

    ``presets`` are ``(preset, value)`` pairs; ``unused_values`` are values of the
    option that no preset takes, tried as overrides.
    """

    presets: tuple[tuple[str, str | None], ...]
    unused_values: tuple[str | None, ...]
    outcome: Outcome

    @property
    def label(self) -> str:
        """``du-coeur, parlett (one_or_three)``, ``every preset (claimable)``, or
        ``to_dealer (no preset)``."""
        from lld.presets import PRESETS

        parts: list[str] = []
        values = list(dict.fromkeys(v for _, v in self.presets))
        if len(values) == 1 and len(self.presets) == len(PRESETS):
            parts.append(f"every preset ({_show(values[0])})")
        else:
            for value in values:
                names = ", ".join(p for p, v in self.presets if v == value)
                parts.append(f"{names} ({_show(value)})")
        parts += [f"{_show(v)} (no preset)" for v in self.unused_values]
        return "; ".join(parts)

    def as_dict(self) -> dict[str, object]:
        return {
            "label": self.label,
            "presets": dict(self.presets),
            "unused_values": list(self.unused_values),
            **self.outcome.as_dict(),
        }


@dataclass(frozen=True)
class Reading:
    """One answer to the ruling, in the registry's words, and the presets that give it."""

    option: str
    value: str | None
    #: The answer's short form (``one stake to each player still in``), or for a
    #: table of stakes that is not there, ``no game for 3 players``.
    words: str
    #: The presets that take this answer; none: no source's reading takes it.
    presets: tuple[str, ...]
    #: Where no preset takes it: the sources whose words also allow it (an
    #: ambiguous clause); none: it is a reading no source gives.
    allowed_by: tuple[str, ...] = ()

    @property
    def readers(self) -> str:
        """``du Coeur, Parlett and the project's reading``, ``Every source and the
        project's reading``, ``A reading Compendium Caidis's words also allow``, or
        ``A reading no source gives``."""
        from lld.narrate import joined
        from lld.presets import PRESET_NAMES, PRESETS

        if not self.presets and self.allowed_by:
            from lld.presets import PRESET_SOURCE

            by_source = {source: PRESET_NAMES[p] for p, source in PRESET_SOURCE.items()}
            said = joined([by_source.get(s, s) + "'s" for s in self.allowed_by])
            return f"A reading {said} words also allow"
        if not self.presets:
            return "A reading no source gives"
        if len(self.presets) == len(PRESETS):
            return "Every source and the project's reading"
        names = [PRESET_NAMES.get(p, p) for p in self.presets]
        names = [n + "'s reading" if n == "the project" else n for n in names]
        said = joined(names)
        # du Coeur's "du" stays small, even at the head of a sentence.
        return said if said.startswith("du ") else said[:1].upper() + said[1:]

    @property
    def text(self) -> str:
        """``Sympkyn: all three, never one``."""
        return f"{self.readers}: {self.words}"

    @property
    def identifier(self) -> str:
        """``lie_down_payment=none``: the option and value, for a program."""
        return format_assignment(self.option, self.value)


@dataclass(frozen=True)
class Parting:
    """Where one reading leaves the play as recorded, in a reader's words."""

    readings: tuple[Reading, ...]
    #: The move (from 1) where it parts, ``None`` where it does not (or sets up no game).
    move_number: int | None
    #: What happens there, in sentences; ruling numbers as ``(R22)``.
    says: str
    #: The move's events as recorded and under this reading, one sentence each,
    #: where the move is played under both but does other things.
    recorded: tuple[str, ...] = ()
    instead: tuple[str, ...] = ()
    #: The rulings behind those events.
    rulings: tuple[str, ...] = ()

    @property
    def contrast(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """What the record has at the move and what this reading has instead, each a
        lead and its sentences: ``("As recorded:", (...)), ("Under this reading,
        that does not happen.", ())``; empty where the move is not played under both."""
        if not self.recorded and not self.instead:
            return ()
        if not self.recorded:
            return (("Under this reading, this follows as well:", self.instead),)
        if not self.instead:
            return (
                ("As recorded:", self.recorded),
                ("Under this reading, that does not happen.", ()),
            )
        return (("As recorded:", self.recorded), ("Under this reading instead:", self.instead))


@dataclass(frozen=True)
class Demonstration:
    """One example replayed under every setting of one ruling's option."""

    ruling: str
    option: str
    #: The example's file name, title, preset and other options (as the record has them).
    example: str
    title: str | None
    ruleset: str
    options: tuple[tuple[str, str | None], ...]
    #: The option's value in the record as written.
    recorded_value: str | None
    behaviours: tuple[Behaviour, ...]
    #: The example's record.
    record: HandRecord | None = field(default=None, repr=False, compare=False)

    @property
    def presets_differ(self) -> bool:
        """Whether at least two presets behave differently in this example."""
        return sum(1 for b in self.behaviours if b.presets) > 1

    @property
    def values_differ(self) -> bool:
        """Whether at least two values of the option (with or without a preset) do."""
        return len(self.behaviours) > 1

    @property
    def setting(self) -> str:
        """``du-coeur`` or ``du-coeur, pair_royal_remainder=to_dealer``: the rules
        kept from the record (the ruling's own option aside)."""
        extra = [format_assignment(k, v) for k, v in self.options]
        return ", ".join([self.ruleset, *extra])

    # -------------------------------------------------------------- in words

    @property
    def table(self) -> lld.narrate.Table:
        """Who sits where in the example, to name the players as readers count them."""
        from lld.narrate import table_of

        rec = self._record()
        return table_of(rec.players, rec.deal().dealer, rec.seats)

    def _record(self) -> HandRecord:
        if self.record is None:
            raise ValueError(f"{self.example}: the demonstration keeps no record")
        return self.record

    @property
    def under(self) -> str:
        """The reading the example is replayed under, in words:
        ``du Coeur's reading`` or ``the project's reading, except R26 (Claiming
        deadline: only until the next turn)``."""
        return reading_under(self.ruleset, self.options)

    def readings(self, b: Behaviour) -> tuple[Reading, ...]:
        """A behaviour's settings in words: one :class:`Reading` for each value, the
        presets' first, then each that no preset takes."""
        values = list(dict.fromkeys(v for _, v in b.presets))
        out = [
            Reading(self.option, v, _words(self.option, v),
                    tuple(p for p, w in b.presets if w == v))
            for v in values
        ]  # fmt: skip
        from lld.concordance import load

        conc = load()
        ruling = _ruling_of(self.option)
        out += [
            Reading(
                self.option, v, _words(self.option, v), (),
                () if v is None else conc.allowing(ruling, v),
            )
            for v in b.unused_values
        ]  # fmt: skip
        return tuple(out)

    def reading_words(self, b: Behaviour) -> str:
        """:attr:`Behaviour.label` in words: ``du Coeur, Parlett, Sympkyn and the
        project's reading: nothing``."""
        return "; ".join(r.text for r in self.readings(b))

    def told(self, b: Behaviour) -> str:
        """What the replay does under ``b``, in plain sentences (the players counted
        from 1, or named as the record names them)."""
        table = self.table
        moves = self._record().move_list
        seen: set[str] = set()
        for other in self.behaviours:
            text = table.outcome(other.outcome, moves)
            if text in seen:
                text += " (By a different course of play.)"
            seen.add(text)
            if other is b:
                return text
        raise ValueError("not one of this demonstration's behaviours")

    @property
    def parts_at(self) -> int | None:
        """The first move (from 0) where some reading leaves the recorded play."""
        return min(
            (b.outcome.diverges_at for b in self.behaviours if b.outcome.diverges_at is not None),
            default=None,
        )

    def partings(self) -> tuple[Parting, ...]:
        """For each behaviour, where it leaves the recorded play and why, in words."""
        from lld.replay import steps

        rec = self._record()
        played = steps(rec)
        table = self.table
        return tuple(_parting(self.readings(b), b.outcome, played, table) for b in self.behaviours)

    def as_dict(self) -> dict[str, object]:
        return {
            "example": self.example,
            "title": self.title,
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "option": self.option,
            "recorded_value": self.recorded_value,
            "behaviours": [b.as_dict() for b in self.behaviours],
        }


def reading_under(ruleset: str, options: Sequence[tuple[str, str | None]] = ()) -> str:
    """A preset with a record's option lines laid over it, in a reader's words: the
    reading by its source's name, and each option as its ruling and answer.

    >>> reading_under("parlett")
    "Parlett's reading"
    >>> print(reading_under("reconstruction", [("claim_deadline", "next_turn")]))
    ... # doctest: +NORMALIZE_WHITESPACE
    the project's reading, except R26 (Until when an oversight may be claimed: only until
    the next turn)
    """
    from lld.presets import reading_name

    extra = [f"{_ruling_of(k)} ({_title(k)}: {_words(k, v)})" for k, v in options]
    kept = reading_name(ruleset)
    return f"{kept}, except {', '.join(extra)}" if extra else kept


def _show(value: str | None) -> str:
    return "none" if value is None else value


def _ruling_of(option: str) -> str:
    from lld.ruleset import OPTIONS

    return OPTIONS[option].ruling


def _title(option: str) -> str:
    from lld.concordance import load

    return load().ruling(_ruling_of(option)).title


def _words(option: str, value: str | None) -> str:
    """A value of an option in the registry's words (its ``short`` form)."""
    from lld.concordance import load

    if value is None:
        return f"no game for {option.removeprefix('deal_')} players"
    ruling = load().ruling(_ruling_of(option))
    return next((o.short for o in ruling.options if o.value == value), value)


def _move_events(events: tuple[Event, ...], start: int) -> tuple[Event, ...]:
    """The events of the move whose own event is ``events[start]``: up to the next move's."""
    tail = events[start:]
    end = next((j for j in range(1, len(tail)) if tail[j].move is not None), len(tail))
    return tail[:end]


def _parting(
    readings: tuple[Reading, ...],
    o: Outcome,
    played: tuple[Step, ...],
    table: lld.narrate.Table,
) -> Parting:
    from lld.narrate import joined

    moves = [s.move for s in played]
    if o.kind == "no_game":
        return Parting(readings, None, table.outcome(o, moves))
    i = o.diverges_at
    if i is None:
        same = "" if o.same_result is not False else ", but the result differs"
        return Parting(readings, None, f"Plays every move as recorded{same}.")
    where = (
        f"Parts at move {i + 1} ({table.move(moves[i])})" if i < len(moves) else "Parts at the end"
    )
    if o.kind == "illegal" and o.move_number == i + 1:
        why = table.refusal(o.why) if o.why is not None else o.reason or ""
        ruling = f" ({o.rule})" if o.rule and f"({o.rule}" not in why else ""
        return Parting(readings, i + 1, f"{where}: not allowed here, because {why}{ruling}.")
    if o.kind == "ends_early" and o.move_number == i:
        return Parting(readings, i + 1, f"{where}: the hand is already over.")
    if i >= len(played):
        return Parting(readings, i + 1, f"{where}.")
    # The events before move i are the recorded ones: the readings part at i.
    mine = _move_events(o.events, len(played[i].before.events))
    recorded = played[i].events
    said = [table.event(e) for e in recorded], [table.event(e) for e in mine]
    if said[0] == said[1]:  # the same play, allowed or caused by another ruling
        was = dict.fromkeys(e.rule for e in recorded)
        now = dict.fromkeys(e.rule for e in mine)
        return Parting(
            readings, i + 1,
            f"{where}: the same play, but it falls under {joined(list(now))} here, not"
            f" {joined(list(was))} as in the record.",
            rulings=tuple(dict.fromkeys([*now, *was])),
        )  # fmt: skip
    # Only what differs: the events both have are left out (unless that leaves nothing).
    kept = [e for e in recorded if e not in mine], [e for e in mine if e not in recorded]
    if not kept[0] and not kept[1]:
        kept = list(recorded), list(mine)
    rulings = tuple(dict.fromkeys(e.rule for e in (*kept[0], *kept[1])))
    return Parting(
        readings, i + 1, f"{where}: it goes differently.",
        tuple(table.event(e) for e in kept[0]), tuple(table.event(e) for e in kept[1]), rulings,
    )  # fmt: skip


# ------------------------------------------------------------------ finding examples


def examples_directory() -> Path | None:
    """The checkout's ``examples/``, else the installed ``lld/_examples``; ``None``
    if neither holds an example."""
    from lld.package_data import data_directory

    directory = data_directory("examples", "*.lld")
    return directory if any(directory.glob("*.lld")) else None


@cache
def _records(directory: Path) -> tuple[tuple[str, HandRecord], ...]:
    from lld.record import load_record

    return tuple((p.name, load_record(str(p))) for p in sorted(directory.glob("*.lld")))


def examples_for(ruling_id: str, directory: Path | None = None) -> list[tuple[str, HandRecord]]:
    """The example records (file name, record) whose ``rulings:`` line lists the ruling."""
    directory = directory if directory is not None else examples_directory()
    if directory is None:
        return []
    key = _ruling_key(ruling_id)
    return [(name, rec) for name, rec in _records(directory) if key in rec.rulings]


def _ruling_key(ruling_id: str) -> str:
    key = ruling_id.strip().upper()
    return "R" + key if key.isdigit() else key


# ------------------------------------------------------------------ replaying


def demonstrate(ruling_id: str, directory: Path | None = None) -> list[Demonstration]:
    """Every example of the ruling, replayed under each preset's value of its option.

    ``directory`` holds the examples (default: :func:`examples_directory`). A ruling
    with no engine option, or one that no example lists, gives an empty list. An
    example that cannot be read raises :class:`~lld.errors.RecordError`.
    """
    from lld.ruleset import OPTIONS

    key = _ruling_key(ruling_id)
    options = [name for name, spec in OPTIONS.items() if spec.ruling == key]
    out: list[Demonstration] = []
    for option in options:
        for name, rec in examples_for(key, directory):
            out.append(_demonstrate(key, option, name, rec))
    # The examples where the setting makes a difference come first.
    out.sort(key=lambda d: (not d.presets_differ, not d.values_differ))
    return out


def _demonstrate(ruling: str, option: str, name: str, rec: HandRecord) -> Demonstration:
    from lld.presets import PRESETS
    from lld.ruleset import OPTIONS

    recorded = rec.rules().options()[option]
    settings: list[tuple[str | None, str | None]] = [
        (preset, rules.options()[option]) for preset, rules in PRESETS.items()
    ]
    taken = {v for _, v in settings}
    allowed: list[str | None] = list(OPTIONS[option].allowed)
    if option.startswith("deal_"):
        allowed.append(None)  # no game for that many players
    settings += [(None, v) for v in allowed if v not in taken]
    replays: dict[str | None, tuple[object, Outcome]] = {}
    groups: dict[object, tuple[list[tuple[str, str | None]], list[str | None], Outcome]] = {}
    for preset, value in settings:
        if value not in replays:
            replays[value] = _replay(rec, option, value)
        group_key, outcome = replays[value]
        presets, unused, _ = groups.setdefault(group_key, ([], [], outcome))
        if preset is None:
            unused.append(value)
        elif (preset, value) not in presets:
            presets.append((preset, value))
    behaviours = tuple(
        Behaviour(tuple(presets), tuple(unused), outcome)
        for presets, unused, outcome in groups.values()
    )
    return Demonstration(
        ruling, option, name, rec.title, rec.ruleset,
        tuple((k, v) for k, v in rec.options if k != option), recorded,
        _distinguish(behaviours), rec,
    )  # fmt: skip


@dataclass(frozen=True)
class ReadingReplay:
    """One example replayed under one preset's whole reading: every ruling as that
    preset reads it, the record's own option lines dropped (see
    :func:`lld.replay_under`)."""

    example: str
    title: str | None
    preset: str
    outcome: Outcome
    #: The example's record.
    record: HandRecord | None = field(default=None, repr=False, compare=False)

    @property
    def reading(self) -> str:
        """The reading run, in words: ``du Coeur's reading``, ``The project's reading``
        (a capital, as at the head of a line; du Coeur's "du" stays small)."""
        from lld.presets import reading_name

        return reading_name(self.preset, start=True)

    @property
    def told(self) -> str:
        """What the replay did, in plain sentences, the players counted from 1 or
        named as the record names them (see ``lld.narrate.Table.outcome``)."""
        from lld.narrate import table_of

        if self.record is None:
            raise ValueError(f"{self.example}: the replay keeps no record")
        rec = self.record
        table = table_of(rec.players, rec.deal().dealer, rec.seats)
        return table.outcome(self.outcome, rec.move_list)

    def as_dict(self) -> dict[str, object]:
        return {
            "example": self.example,
            "title": self.title,
            "preset": self.preset,
            **self.outcome.as_dict(),
        }


def replay_readings(ruling_id: str, directory: Path | None = None) -> list[ReadingReplay]:
    """Every example of the ruling, replayed under each preset's whole reading.

    Unlike :func:`demonstrate`, which changes only the ruling's own option and
    keeps the rest of the record's rules, each replay here is one source's
    reading of the whole hand, so a preset's replay of an example is the same
    whichever of its rulings lists it. A ruling that no example lists gives an
    empty list.

    >>> [(r.preset, r.outcome.kind) for r in replay_readings("R22")][:2]
    [('du-coeur', 'illegal'), ('parlett', 'illegal')]
    >>> sympkyn = replay_readings("R22")[3]
    >>> print(sympkyn.reading, "|", sympkyn.told)  # doctest: +NORMALIZE_WHITESPACE
    Sympkyn's reading | Plays to the end: Player 1 loses 2 stakes, Player 2 loses 1,
    Player 4 wins 3; Player 4 is the last player left in; the pot is empty.
    """
    from lld.presets import PRESETS

    directory = directory if directory is not None else examples_directory()
    if directory is None:
        return []
    return [
        ReadingReplay(name, rec.title, preset, _whole_reading(directory, name, preset), rec)
        for name, rec in examples_for(ruling_id, directory)
        for preset in PRESETS
    ]


@cache
def _whole_reading(directory: Path, name: str, preset: str) -> Outcome:
    from lld.replay import replay_under

    rec = dict(_records(directory))[name]
    return replay_under(rec, preset)


def _distinguish(behaviours: tuple[Behaviour, ...]) -> tuple[Behaviour, ...]:
    """Two outcomes with the same line differ in the course of play: say so."""
    seen: set[str] = set()
    out: list[Behaviour] = []
    for b in behaviours:
        if b.outcome.text in seen:
            text = f"{b.outcome.text} (by a different course of play)"
            b = replace(b, outcome=replace(b.outcome, text=text))
        seen.add(b.outcome.text)
        out.append(b)
    return tuple(out)


def _replay(rec: HandRecord, option: str, value: str | None) -> tuple[object, Outcome]:
    """Replay ``rec`` with ``option`` set to ``value``: a key that is equal for equal
    behaviour, and the outcome (see :func:`lld.replay.replay_under`)."""
    from lld.replay import replay_under

    outcome = replay_under(rec, **{option: value})
    return outcome.key, outcome


__all__ = [
    "Behaviour",
    "Demonstration",
    "Kind",
    "Outcome",
    "Parting",
    "Reading",
    "ReadingReplay",
    "demonstrate",
    "examples_directory",
    "examples_for",
    "reading_under",
    "replay_readings",
]

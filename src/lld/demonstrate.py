"""What the engine does with a contested ruling, worked out from the golden examples.

For a ruling with an engine option, :func:`demonstrate` takes every example
record (``examples/*.lld``) whose ``rulings:`` line lists it, and replays its
moves under each preset's value of that option, and under each value that no
preset takes; every other option stays as the record has it. Each replay is
summed up in one line computed from the engine, and the settings that behave
identically are grouped.

Nothing here prints; ``lld ruling ID`` shows the result.

>>> [d.example for d in demonstrate("R14")]
['r14-pair-royal-one-of-three.lld', 'r14-pair-royal-three-only.lld']
>>> for b in demonstrate("R14")[0].behaviours:
...     print(b.label, "|", b.outcome.kind)
du-coeur, parlett, caidis, reconstruction (one_or_three) | plays_through
sympkyn (three_only) | illegal
>>> demonstrate("R1")  # no engine option: every preset plays it the same way
[]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lld.record import HandRecord

from lld.replay import Kind, Outcome


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
        extra = [f"{k}={_show(v)}" for k, v in self.options]
        return ", ".join([self.ruleset, *extra])

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


def _show(value: str | None) -> str:
    return "none" if value is None else value


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
        _distinguish(behaviours),
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
    """
    from lld.presets import PRESETS

    directory = directory if directory is not None else examples_directory()
    if directory is None:
        return []
    return [
        ReadingReplay(name, rec.title, preset, _whole_reading(directory, name, preset))
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
    "ReadingReplay",
    "demonstrate",
    "examples_directory",
    "examples_for",
    "replay_readings",
]

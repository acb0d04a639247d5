"""The sources' readings as data: ``sources/readings.toml``, read and checked.

Each reading names its preset, how a reader names it, its source, its value
for every engine option and, for each value its source does not give, the
editorial reason for it. :mod:`lld.presets` builds its rulesets from these and
checks the values against the engine's options; the reconstruction's values are
the registry's own readings (``rulings.toml``), so they are written once.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from lld.concordance.data_file import DataFile, Table, array_of_tables
from lld.concordance.model import SOURCE_IDS

READINGS_FILE = "readings.toml"
#: The top-level table of strict play (see :func:`read_strict`).
STRICT = "strict"
#: The ``source`` of a reading that is the project's own, not a source's.
EDITORIAL = "editorial"
_PRESET = re.compile(r"^[a-z][a-z-]*$")


@dataclass(frozen=True)
class ReadingData:
    """One reading as ``readings.toml`` gives it."""

    preset: str
    name: str
    source: str
    #: ``(option, value, where)`` for every option given, as written (``none``
    #: stands for no game, in a ``deal_N``); empty for the reading whose values
    #: are the registry's.
    values: tuple[tuple[str, str, str], ...]
    #: ``(option, reason)`` for each value its source does not give.
    editorial: tuple[tuple[str, str], ...]
    where: str = field(default="", compare=False)

    @property
    def from_registry(self) -> bool:
        """Whether its values are the registry's readings (the reconstruction's)."""
        return not self.values


def read_readings(directory: str | os.PathLike[str]) -> tuple[ReadingData, ...]:
    """Every reading in ``directory``'s ``readings.toml``, checked as data.

    Raise :class:`~lld.errors.SourceDataError` naming the file and line of a
    problem: an unknown key, a preset named twice, an unknown source, a value
    that is not text, an editorial reason for an option the reading does not
    set, or more than one reading without values.
    """
    file = DataFile(Path(directory) / READINGS_FILE)
    data = file.parse()
    for key in data:
        if key not in ("readings", STRICT):
            raise file.error(file.header(key), f"unknown top-level key {key!r}")
    out: list[ReadingData] = []
    seen: set[str] = set()
    for t in array_of_tables(file, data, "readings"):
        t.keys(("preset", "name", "source"), ("values", "editorial"))
        preset = t.string("preset")
        t.what = f"reading {preset!r}"
        if not _PRESET.match(preset):
            raise t.error("a preset is named in lower-case letters and hyphens", "preset")
        if preset in seen:
            raise t.error("named twice", "preset")
        seen.add(preset)
        source = t.string("source")
        if source not in (*SOURCE_IDS, EDITORIAL):
            known = ", ".join((*SOURCE_IDS, EDITORIAL))
            raise t.error(f"unknown source {source!r} (known: {known})", "source")
        values: list[tuple[str, str, str]] = []
        if "values" in t.data:
            v = _subtable(t, "values")
            for option, value in v.data.items():
                if not isinstance(value, str) or not value:
                    raise v.error(f"{option} must be a value's name (text)", option)
                where = file.where(v.at(option))
                values.append((option, value, where))
            if not values:
                raise v.error("gives no values")
        editorial: list[tuple[str, str]] = []
        if "editorial" in t.data:
            e = _subtable(t, "editorial")
            given = {option for option, _value, _where in values}
            for option in e.data:
                reason = e.string(option).strip()
                if given and option not in given:
                    raise e.error(f"a reason for {option}, which the reading does not set", option)
                editorial.append((option, reason))
        reading = ReadingData(
            preset, t.string("name"), source, tuple(values), tuple(editorial), file.where(t.line)
        )
        if reading.from_registry and any(r.from_registry for r in out):
            raise t.error("only one reading takes its values from the registry; give values")
        out.append(reading)
    if not out:
        raise file.error(1, "no readings")
    return tuple(out)


@dataclass(frozen=True)
class StrictData:
    """Strict play as ``readings.toml`` gives it: a switch over any reading that
    sets the options which leave no oversight to claim."""

    name: str
    #: What strict play is, in a reader's words.
    summary: str
    #: ``(option, value, where)`` for each option it sets, as written.
    values: tuple[tuple[str, str, str], ...]
    #: ``(option, why)``: what each setting spares the table, in a reader's words.
    why: tuple[tuple[str, str], ...]
    where: str = field(default="", compare=False)


def read_strict(directory: str | os.PathLike[str]) -> StrictData:
    """Strict play from ``directory``'s ``readings.toml``, checked as data.

    Raise :class:`~lld.errors.SourceDataError` naming the file and line of a
    problem: the table missing, an unknown key, a value that is not text, or a
    setting without its ``why`` (or a ``why`` without its setting).
    """
    file = DataFile(Path(directory) / READINGS_FILE)
    data = file.parse()
    if STRICT not in data:
        raise file.error(1, f"no [{STRICT}] table (strict play's settings)")
    t = Table(file, data[STRICT], file.header(STRICT), "strict play", STRICT)
    t.keys(("name", "summary", "values", "why"))
    values_table = _subtable(t, "values")
    values: list[tuple[str, str, str]] = []
    for option, value in values_table.data.items():
        if not isinstance(value, str) or not value:
            raise values_table.error(f"{option} must be a value's name (text)", option)
        values.append((option, value, file.where(values_table.at(option))))
    if not values:
        raise values_table.error("gives no values")
    why_table = _subtable(t, "why")
    why = tuple((option, why_table.string(option).strip()) for option in why_table.data)
    set_options = [option for option, _value, _where in values]
    for option in set_options:
        if option not in why_table.data:
            raise values_table.error(f"{option} has no 'why' in [{STRICT}.why]", option)
    for option, _text in why:
        if option not in set_options:
            raise why_table.error(f"a 'why' for {option}, which strict play does not set", option)
    return StrictData(t.string("name"), t.string("summary").strip(), tuple(values), why,
                      file.where(t.line))  # fmt: skip


def _subtable(t: Table, key: str) -> Table:
    line = t.file.subtable(t.line, f"{t.name}.{key}")
    return Table(t.file, t.data[key], line, f"{t.what} {key}", f"{t.name}.{key}")

"""The five readings: one per source, plus the project's own reconstruction.

The readings are data, in ``sources/readings.toml``: each source's value for
every option, and the project's own (the reconstruction) from the registry's
readings. A preset value that no clause of its source gives is *editorial*, and
:data:`EDITORIAL_CHOICES` (from the same file) says why it was chosen. The tests check that every
other value is one its source takes (see ``OPTIONS`` in :mod:`lld.ruleset`),
and the concordance checks the same against the quoted clauses.

>>> sorted(PRESETS)
['caidis', 'du-coeur', 'parlett', 'reconstruction', 'sympkyn']
>>> ruleset("du-coeur").players
(4, 5, 6, 7, 8)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from lld.concordance.readings import ReadingData, StrictData, read_readings, read_strict
from lld.errors import RulesetError, SourceDataError, shown
from lld.ruleset import (
    NULLABLE,
    VALUES,
    Ruleset,
    check_option,
    parse_assignments,
    register_readings,
)


def _read_presets(directory: str | os.PathLike[str] | None = None) -> tuple[ReadingData, ...]:
    """The readings of ``sources/readings.toml`` (or ``directory``'s), with each
    value checked against the engine's options (a wrong one is refused with its
    file and line)."""
    from lld.concordance import default_directory

    readings = read_readings(default_directory() if directory is None else Path(directory))
    for reading in readings:
        for option, value, where in reading.values:
            try:
                check_option(option, _value(option, value))
            except RulesetError as e:
                raise SourceDataError(where, f"reading {reading.preset!r}: {e}") from None
        given = {option for option, _value, _where in reading.values}
        missing = [name for name in VALUES if name not in given]
        if reading.values and missing:
            raise SourceDataError(
                reading.where, f"reading {reading.preset!r} gives no value for {missing[0]}"
            )
        for option, _reason in reading.editorial:
            if option not in VALUES:
                raise SourceDataError(
                    reading.where, f"reading {reading.preset!r}: an editorial reason for"
                    f" {option!r}, which is not an engine option",
                )  # fmt: skip
    return readings


def _ruleset_of(reading: ReadingData) -> Ruleset:
    """The ruleset ``reading`` gives: its values, or the registry's readings."""
    from lld.concordance import registry

    options: dict[str, str | None]
    if reading.from_registry:
        options = {r.option: _value(r.option, r.reading) for r in registry() if r.option in VALUES}
    else:
        options = {option: _value(option, value) for option, value, _where in reading.values}
    return Ruleset(name=reading.preset, **options)  # type: ignore[arg-type]


def _value(option: str, written: str) -> str | None:
    """An option's value as the data writes it: ``none`` is no game for a
    number of players (a ``deal_N``), and elsewhere a value's own name."""
    return None if written == "none" and option in NULLABLE else written


_READINGS = _read_presets()

#: The five readings by preset name: each source's, from ``sources/readings.toml``,
#: and the project's own (the reconstruction), whose values are the registry's
#: readings (``sources/rulings.toml``).
PRESETS: dict[str, Ruleset] = {r.preset: _ruleset_of(r) for r in _READINGS}
register_readings(PRESETS)  # each preset's repr is its name (see Ruleset.__repr__)

#: How a reader names each preset: by its source's author (or its collection),
#: and the reconstruction as the project's ("du Coeur's reading", "the project's
#: reading").
PRESET_NAMES = {r.preset: r.name for r in _READINGS}


def reading_name(preset: str, *, start: bool = False) -> str:
    """``du Coeur's reading``, ``the project's reading``: a preset in a reader's words;
    ``start``: to begin a sentence or a line (du Coeur's "du" stays small).

    >>> reading_name("reconstruction", start=True), reading_name("du-coeur", start=True)
    ("The project's reading", "du Coeur's reading")
    """
    name = f"{PRESET_NAMES.get(preset, preset)}'s reading"
    return name[:1].upper() + name[1:] if start and not name.startswith("du ") else name


def readings_named(presets: Sequence[str]) -> str:
    """Several presets in a reader's words: ``Parlett's, Sympkyn's and the project's
    readings``, ``Compendium Caidis's reading``, or ``no source's reading``.

    >>> readings_named(["parlett", "sympkyn", "reconstruction"])
    "Parlett's, Sympkyn's and the project's readings"
    """
    if not presets:
        return "no source's reading"
    names = [f"{PRESET_NAMES.get(p, p)}'s" for p in presets]
    said = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    return f"{said} reading" + ("s" if len(names) > 1 else "")


#: Which source each preset reads. The reconstruction reads them all.
PRESET_SOURCE = {r.preset: r.source for r in _READINGS}

#: Preset values that the preset's own source does not give, and why we chose them
#: (``sources/readings.toml``; the reconstruction's choices are argued ruling by
#: ruling in ``sources/rulings.toml``).
EDITORIAL_CHOICES: dict[tuple[str, str], str] = {
    (r.preset, option): reason for r in _READINGS for option, reason in r.editorial
}


def _read_strict(directory: str | os.PathLike[str] | None = None) -> StrictData:
    """Strict play from ``sources/readings.toml``, each value checked against the
    engine's options (a wrong one is refused with its file and line)."""
    from lld.concordance import default_directory

    data = read_strict(default_directory() if directory is None else Path(directory))
    for option, value, where in data.values:
        try:
            check_option(option, value)
        except RulesetError as e:
            raise SourceDataError(where, f"strict play: {e}") from None
    return data


#: Strict play as the data gives it: its name, summary and why for each setting.
STRICT_PLAY = _read_strict()

#: The options strict play sets, and their values: every duty is kept for the
#: players, so no oversight arises and nothing is ever claimed.
STRICT: dict[str, str] = {option: value for option, value, _where in STRICT_PLAY.values}


def strict(rules: Ruleset) -> Ruleset:
    """``rules`` under strict play (:data:`STRICT`): the same reading, with every
    oversight made impossible. Its name stays the reading's; a hand record names
    the options it changes.

    >>> s = strict(ruleset("du-coeur"))
    >>> s.hand_pairs_when, s.pair_royal_capture, is_strict(s), is_strict(ruleset("du-coeur"))
    ('laid_at_once', 'three_only', True, False)
    """
    return rules.replace(**STRICT)


def is_strict(rules: Ruleset) -> bool:
    """Whether ``rules`` plays strict play: every option :data:`STRICT` sets has its value."""
    return all(getattr(rules, option) == value for option, value in STRICT.items())


def ruleset(name: str = "reconstruction", **overrides: str | None) -> Ruleset:
    """A preset by name, with options overridden by keyword.

    >>> ruleset("parlett", pair_against_pair="one_at_a_time").pair_against_pair
    'one_at_a_time'
    """
    if not isinstance(name, str):
        raise RulesetError(f"a ruleset is named by text, such as 'parlett', not {shown(name)}")
    key = name.strip().lower().replace("_", "-")
    if key == "ducoeur":
        key = "du-coeur"
    try:
        base = PRESETS[key]
    except KeyError:
        raise RulesetError(
            f"unknown ruleset {name!r} (known: {', '.join(sorted(PRESETS))})"
        ) from None
    return base.replace(**overrides) if overrides else base


def ruleset_with(
    name: str, assignments: list[str] | tuple[str, ...] = (), *, strict_play: bool = False
) -> Ruleset:
    """A preset with ``name=value`` overrides, as given on the command line;
    ``strict_play``: under strict play (:func:`strict`), the overrides winning.

    >>> ruleset_with("parlett", ["lie_down=voluntary"], strict_play=True).lie_down
    'voluntary'
    """
    overrides = parse_assignments(assignments)
    base = ruleset(name)
    return (strict(base) if strict_play else base).replace(**overrides)

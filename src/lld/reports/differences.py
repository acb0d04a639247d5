"""Where the sources differ: every contested ruling, what each source's reading
is on it in plain words, and the project's reading.

One row per ruling with an engine option (each has its page of replayed
hands); one cell per source that a preset reads, and one for the project's
reading. A cell says whether the source's own words give the reading, or the
source says nothing (or nothing legible) and the project fills the gap, or
the source plays no game for that many players; and where its words allow
another reading, contradict each other or are lost, it says so. Every word
in a cell comes from the registry (each value's ``short`` form), never an
option identifier.

>>> d = differences_report()
>>> d.sources
('du-coeur', 'parlett', 'caidis', 'sympkyn')
>>> r11 = d.row("R11")
>>> r11.cell("sympkyn").text
'the dealer takes it at once'
>>> r11.cell("parlett").text
'Its text on this is lost; the project fills in: the dealer takes it at once'
>>> d.row("R5").cell("du-coeur").text
'Not played: no game for 3 players'
>>> d.row("R16").cell("du-coeur").notes
('A passage could also mean: all four at once, or one at a time.',)
>>> d.row("R3").project.words, d.row("R3").project.follows
('everyone cuts; the lowest card deals', ('parlett',))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lld.presets import EDITORIAL_CHOICES, PRESET_SOURCE, PRESETS

if TYPE_CHECKING:
    from lld.concordance import Clause, Concordance, Ruling

#: What a source's cell is: its own words give the reading (``gives``), it is
#: silent or illegible and the preset's value is the project's gap-fill
#: (``fills_in``), or it gives no game for that many players (``not_played``).
CELL_KINDS = ("gives", "fills_in", "not_played")


@dataclass(frozen=True)
class SourceCell:
    """One source's reading on one ruling, in plain words."""

    source: str
    #: The preset that reads this source.
    preset: str
    #: The preset's value (``None``: no game for that many players).
    value: str | None
    kind: str
    #: The value's short form, or for ``not_played`` which game is missing.
    words: str
    #: The clauses of this source on the ruling.
    clauses: tuple[str, ...]
    #: Other readings that clauses of this source give (short forms).
    also: tuple[str, ...]
    #: Some clause reads more than one way; ``could_mean`` holds the readings it
    #: allows that are not already named (short forms).
    ambiguous: bool
    could_mean: tuple[str, ...]
    #: Some clause contradicts another of the same source; ``contradicted_by``
    #: holds what such a clause alone would say, where not already named.
    contradictory: bool
    contradicted_by: tuple[str, ...]
    #: Some of the text that bore on the ruling is lost in this copy.
    lost: bool
    #: What a variant the source offers beside its own rules gives (short forms).
    variants: tuple[str, ...] = ()

    @property
    def lead(self) -> str | None:
        """What the cell says before the reading: why it is not the source's words."""
        if self.kind == "not_played":
            return "Not played"
        if self.kind == "gives":
            return None
        if self.ambiguous and self.lost:
            why = "Unclear, and part of its text is lost"
        elif self.lost:
            why = "Its text on this is lost"
        elif self.ambiguous:
            why = "Unclear"
        else:
            why = "Silent"
        return f"{why}; the project fills in"

    @property
    def notes(self) -> tuple[str, ...]:
        """What else the source's words say on the ruling, one sentence each."""
        # One sentence a reading: a short form may hold a ';' of its own.
        head = "Its words also support" if self.kind == "gives" else "Its words support"
        out = [f"{head}: {words}." for words in self.also]
        out += [f"A variant it offers: {words}." for words in self.variants]
        if self.kind != "gives":
            return tuple(out)
        out += [f"Contradicts itself: elsewhere, {words}." for words in self.contradicted_by]
        if self.contradictory and not self.contradicted_by:
            out.append("Its words here contradict each other.")
        out += [f"A passage could also mean: {words}." for words in self.could_mean]
        if self.ambiguous and not self.could_mean:
            out.append("A passage reads more than one way.")
        if self.lost:
            out.append("Part of its text here is lost.")
        return tuple(out)

    @property
    def text(self) -> str:
        """The whole cell as one line of plain words."""
        head = self.words if self.lead is None else f"{self.lead}: {self.words}"
        notes = self.notes
        return f"{head}. {' '.join(notes)}" if notes else head

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "preset": self.preset,
            "value": self.value,
            "kind": self.kind,
            "words": self.words,
            "clauses": list(self.clauses),
            "also": list(self.also),
            "ambiguous": self.ambiguous,
            "could_mean": list(self.could_mean),
            "contradictory": self.contradictory,
            "contradicted_by": list(self.contradicted_by),
            "lost": self.lost,
            "variants": list(self.variants),
            "lead": self.lead,
            "notes": list(self.notes),
            "text": self.text,
        }


@dataclass(frozen=True)
class ProjectCell:
    """The project's reading: its value in plain words, and whose words give it."""

    preset: str
    value: str
    words: str
    #: The sources (of the table's columns) whose own words give this reading;
    #: none means it is the project's own choice.
    follows: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "value": self.value,
            "words": self.words,
            "follows": list(self.follows),
        }


@dataclass(frozen=True)
class DifferenceRow:
    """One contested ruling: its title, each source's reading and the project's."""

    id: str
    title: str
    question: str
    option: str
    cells: tuple[SourceCell, ...]
    project: ProjectCell

    def cell(self, source: str) -> SourceCell:
        return next(c for c in self.cells if c.source == source)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "question": self.question,
            "option": self.option,
            "cells": [c.to_json() for c in self.cells],
            "project": self.project.to_json(),
        }


@dataclass(frozen=True)
class DifferencesReport:
    """Every contested ruling, in the registry's order, across the sources."""

    #: The sources a preset reads, in the project's order: the table's columns.
    sources: tuple[str, ...]
    #: The preset that plays the project's reading.
    project_preset: str
    rows: tuple[DifferenceRow, ...]

    def row(self, ruling_id: str) -> DifferenceRow:
        return next(r for r in self.rows if r.id == ruling_id)

    def to_json(self) -> dict[str, Any]:
        return {
            "sources": list(self.sources),
            "project_preset": self.project_preset,
            "rows": [r.to_json() for r in self.rows],
        }


def _unique(words: list[str], taken: set[str]) -> tuple[str, ...]:
    out = tuple(dict.fromkeys(w for w in words if w not in taken))
    taken.update(out)
    return out


def _source_cell(
    ruling: Ruling, option: str, source: str, preset: str, conc: Concordance
) -> SourceCell:
    short = {o.value: o.short for o in ruling.options}
    clauses: tuple[Clause, ...] = conc.clauses_for(ruling.id, source)
    value = getattr(PRESETS[preset], option)
    ids = tuple(c.id for c in clauses)

    def values(reading: str, variant: bool = False) -> list[str]:
        return [
            short[v]
            for c in clauses
            if c.reading == reading and c.variant == variant
            for v in c.values
        ]

    ambiguous = any(c.reading == "ambiguous" for c in clauses)
    contradictory = any(c.reading == "self-contradictory" for c in clauses)
    lost = any(c.reading == "damaged" for c in clauses)
    if value is None:
        players = option.removeprefix("deal_")
        return SourceCell(source, preset, None, "not_played", f"no game for {players} players",
                          ids, (), False, (), False, (), False)  # fmt: skip
    kind = "fills_in" if (preset, option) in EDITORIAL_CHOICES else "gives"
    taken = {short[value]}
    also = _unique(values("supports"), taken)
    contradicted_by = _unique(values("self-contradictory"), taken)
    could_mean = _unique(values("ambiguous"), taken)
    variants = _unique(values("supports", variant=True), taken)
    return SourceCell(
        source, preset, value, kind, short[value], ids, also, ambiguous, could_mean,
        contradictory, contradicted_by, lost, variants,
    )  # fmt: skip


def differences_report(concordance: Concordance | None = None) -> DifferencesReport:
    """The table of where the sources differ, from the registry and the presets."""
    from lld.concordance import SOURCE_IDS, load

    conc = concordance if concordance is not None else load()
    by_source = {source: name for name, source in PRESET_SOURCE.items()}
    columns = tuple(s for s in SOURCE_IDS if s in by_source)
    project_preset = by_source["editorial"]
    rows = []
    for ruling in conc.rulings:
        option = ruling.option
        if option is None:
            continue
        short = {o.value: o.short for o in ruling.options}
        cells = tuple(_source_cell(ruling, option, s, by_source[s], conc) for s in columns)
        value = ruling.reading
        follows = tuple(s for s in conc.credits(ruling.id, value) if s in columns)
        project = ProjectCell(project_preset, value, short[value], follows)
        rows.append(DifferenceRow(ruling.id, ruling.title, ruling.question, option, cells, project))
    return DifferencesReport(columns, project_preset, tuple(rows))

"""Where the sources differ (:func:`lld.reports.differences_report`): one row per
contested ruling, each source's reading in plain words, never an option
identifier, and never the project's gap-fill passed off as a source's words.

The site's table on the contested-rulings index renders this report; the
built page is checked in ``tests/test_docs_site.py``.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import jsonschema
import pytest

from lld.concordance import SOURCE_IDS, default_directory, load
from lld.presets import EDITORIAL_CHOICES, PRESET_SOURCE, PRESETS
from lld.reports import DifferencesReport, SourceCell, differences_report, schema
from lld.ruleset import OPTIONS
from test_reports import _bundled

CONC = load()
REPORT = differences_report(CONC)


def identifiers_in(text: str) -> list[str]:
    """The option identifiers in ``text``: an option's name, a ``name=value``, or a
    value identifier (any word with an underscore)."""
    found = [name for name in OPTIONS if re.search(rf"\b{re.escape(name)}\b", text)]
    found += re.findall(r"\b\w+=\w+", text)
    found += re.findall(r"\b\w*_\w*\b", text)
    return found


def _texts(report: DifferencesReport) -> list[str]:
    out = []
    for row in report.rows:
        out += [c.text for c in row.cells]
        out.append(row.project.words)
    return out


def test_one_row_per_contested_ruling_in_the_registrys_order() -> None:
    contested = [r.id for r in CONC.rulings if r.option is not None]
    assert [row.id for row in REPORT.rows] == contested
    for row in REPORT.rows:
        ruling = CONC.ruling(row.id)
        assert (row.title, row.option) == (ruling.title, ruling.option)


def test_a_column_per_source_that_a_preset_reads() -> None:
    assert REPORT.sources == ("du-coeur", "parlett", "caidis", "sympkyn")
    assert set(REPORT.sources) == {s for s in PRESET_SOURCE.values() if s in SOURCE_IDS}
    assert PRESET_SOURCE[REPORT.project_preset] == "editorial"
    for row in REPORT.rows:
        assert [c.source for c in row.cells] == list(REPORT.sources)


def test_each_cell_is_its_presets_value_in_the_registrys_short_words() -> None:
    for row in REPORT.rows:
        short = {o.value: o.short for o in CONC.ruling(row.id).options}
        for cell in row.cells:
            assert PRESET_SOURCE[cell.preset] == cell.source
            assert cell.value == getattr(PRESETS[cell.preset], row.option)
            if cell.value is not None:
                assert cell.words == short[cell.value]
        assert row.project.value == CONC.ruling(row.id).reading
        assert row.project.words == short[row.project.value]


def _kind(cell: SourceCell, option: str) -> str:
    if cell.value is None:
        return "not_played"
    return "fills_in" if (cell.preset, option) in EDITORIAL_CHOICES else "gives"


def test_a_gap_filled_by_the_project_is_never_shown_as_the_sources_words() -> None:
    """An editorial value says the project fills it in, and why the source does
    not settle it; a value the source's own words give carries no such lead."""
    for row in REPORT.rows:
        for cell in row.cells:
            assert cell.kind == _kind(cell, row.option), (row.id, cell.source)
            clauses = CONC.clauses_for(row.id, cell.source)
            if cell.kind == "fills_in":
                assert cell.lead is not None
                assert cell.lead.endswith("the project fills in")
                assert cell.text.startswith(cell.lead)
                says = {c.reading for c in clauses} - {"silent"}
                assert cell.lead.startswith("Silent") == (not says), (row.id, cell.source)
            elif cell.kind == "gives":
                assert cell.lead is None
                assert CONC.supporting(row.id, cell.value or "", cell.source), (row.id, cell)
            else:
                assert cell.text.startswith("Not played: no game for")


def test_ambiguity_contradiction_and_loss_are_said() -> None:
    for row in REPORT.rows:
        for cell in row.cells:
            readings = {c.reading for c in CONC.clauses_for(row.id, cell.source)}
            assert cell.ambiguous == ("ambiguous" in readings)
            assert cell.contradictory == ("self-contradictory" in readings)
            assert cell.lost == ("damaged" in readings)
            if cell.kind != "gives":
                continue
            notes = " ".join(cell.notes)
            assert ("A passage" in notes) == cell.ambiguous, (row.id, cell.source)
            assert ("contradict" in notes.lower()) == cell.contradictory, (row.id, cell.source)
            assert ("is lost" in notes) == cell.lost, (row.id, cell.source)


def test_known_cells() -> None:
    r11 = REPORT.row("R11")
    assert r11.cell("sympkyn").text == "the dealer takes it at once"
    assert r11.cell("parlett").text == (
        "Its text on this is lost; the project fills in: the dealer takes it at once"
    )
    assert r11.cell("du-coeur").could_mean == ("the dealer takes it at once",)
    assert REPORT.row("R3").cell("caidis").text.startswith("Silent; the project fills in: ")
    assert REPORT.row("R5").cell("du-coeur").text == "Not played: no game for 3 players"
    assert REPORT.row("R9").cell("parlett").kind == "not_played"
    parlett16 = REPORT.row("R16").cell("parlett")
    assert parlett16.words == "all four at once, or one at a time"
    assert parlett16.contradicted_by == ("one card takes one: never all four at once",)
    assert REPORT.row("R14").cell("sympkyn").words == "all three, never one"
    assert REPORT.row("R31").cell("sympkyn").contradicted_by == (
        "whoever won most pairs takes what is left in the pot",
    )


def test_the_project_names_whose_words_it_follows() -> None:
    for row in REPORT.rows:
        credited = CONC.credits(row.id, row.project.value)
        assert row.project.follows == tuple(s for s in credited if s in REPORT.sources)
    assert REPORT.row("R40").project.follows == ("parlett",)
    assert REPORT.row("R35").project.follows == ()  # no source: the project's own choice


def test_no_cell_names_an_option_identifier() -> None:
    assert identifiers_in("table_mournival=dealer_takes") != []
    assert identifiers_in("the dealer_takes it") == ["dealer_takes"]
    assert identifiers_in("lie_down") != []
    bad = {t: identifiers_in(t) for t in _texts(REPORT) if identifiers_in(t)}
    assert not bad


def test_the_report_fits_its_schema() -> None:
    shown = json.loads(json.dumps(REPORT.to_json()))
    jsonschema.Draft202012Validator.check_schema(schema("differences-report"))
    # Bundled (its references made local): Pyodide's jsonschema 4.17 cannot resolve
    # an lld: reference or a fragment against the schema's lld: $id.
    jsonschema.Draft202012Validator(_bundled("differences-report")).validate(shown)
    assert len(shown["rows"]) == len(REPORT.rows)


def test_the_words_come_from_the_registry(tmp_path: Path) -> None:
    """Change a value's short form in the data and the table says the new words."""
    d = tmp_path / "sources"
    shutil.copytree(default_directory(), d)
    f = d / "rulings.toml"
    text = f.read_text("utf-8")
    old = 'short = "the dealer takes it at once"'
    assert text.count(old) == 1
    f.write_text(text.replace(old, 'short = "he takes them up before play"'), "utf-8")
    cell = differences_report(load(d)).row("R11").cell("sympkyn")
    assert cell.text == "he takes them up before play"


@pytest.mark.parametrize("source", ["du-coeur", "parlett", "caidis", "sympkyn"])
def test_every_gap_the_presets_fill_is_in_the_table(source: str) -> None:
    preset = next(p for p, s in PRESET_SOURCE.items() if s == source)
    gaps = {
        OPTIONS[o].ruling
        for (p, o) in EDITORIAL_CHOICES
        if p == preset and CONC.ruling(OPTIONS[o].ruling).option is not None
    }
    shown = {row.id for row in REPORT.rows if row.cell(source).kind == "fills_in"}
    assert shown == gaps

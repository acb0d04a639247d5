"""The attribution audit (issue 22), written down so that it stays true.

Every clause's tag (its ``reading``) and speaker (``reports``) is checked here
against rules that can be stated mechanically:

* a ``supports`` clause gives a value of each ruling it names, and ``states``
  only rulings without an option; ``silent``, ``damaged`` and ``witnesses``
  give no value;
* a book on other games (Crowe's, a clause with ``game``) only witnesses: a
  term or a practice of its own games, never a rule or a value of this game,
  and no source is credited through it;
* a quotation that names Willughby as its speaker is marked as reported, and a
  quotation marked as reported is not the author's own: no first person, no
  inference ("he means"), not du Coeur's own coinage "mate"; with the seed
  texts, its paragraph (or the one before, for a list) names Willughby;
* the project's prose never calls Crowe's book of 1775 a period practice or a
  period book, says "in this copy" wherever a list or label of a source is
  lost, and says whose report every "Willughby" is.

The judgements behind the tags are on the site's page "How each clause is
tagged" (``docs/sources/audit.md``): its tables of what the audit changed are
checked against the registry here, so that the page cannot drift from it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lld.concordance import SOURCE_IDS, load
from lld.presets import EDITORIAL_CHOICES, PRESETS
from seed_texts import normalise, require_seeds

ROOT = Path(__file__).resolve().parents[1]
AUDIT_PAGE = ROOT / "docs" / "sources" / "audit.md"
CONC = load()
CLAUSES = [c.id for c in CONC.clauses]
_NO_VALUE = ("silent", "damaged", "witnesses", "states", "advises")


# ------------------------------------------------------------------ tags


@pytest.mark.parametrize("clause", CLAUSES)
def test_a_tag_fits_its_rulings(clause: str) -> None:
    c = CONC.clause(clause)
    rulings = [CONC.ruling(r) for r in c.rulings]
    if c.reading == "supports":
        assert c.values, c.id
        for r in rulings:
            assert r.option is not None, (c.id, r.id)
            assert set(c.values) <= set(r.values), (c.id, r.id)
    if c.reading == "states":
        assert all(r.option is None for r in rulings), c.id
    if c.reading in _NO_VALUE:
        assert not c.values, c.id
    if c.reading == "witnesses":
        assert c.term or c.game, c.id


def test_a_book_on_other_games_only_witnesses() -> None:
    """Crowe (1775) is not about this game: his clauses witness a term or his
    own games' practice, and never state, support or credit a rule of this one."""
    crowe = CONC.clauses_of("crowe")
    assert crowe
    for c in crowe:
        assert c.game is not None, c.id
    for c in CONC.clauses:
        if c.game is not None:
            assert c.reading == "witnesses", c.id
            assert not c.values, c.id
    for r in CONC.rulings:
        for o in r.options:
            assert "crowe" not in CONC.credits(r.id, o.value), (r.id, o.value)
    # The terms he witnesses, by name: the only places he has a tab on the rules page.
    terms = {c.id: c.term for c in crowe if c.term}
    assert terms == {
        "CR-2": "pair royal",
        "CR-4": "Elder hand",
        "CR-8": "double pair royal",
        "CR-9": "Eldest hand",
    }


def test_a_term_is_witnessed_only_by_a_witness() -> None:
    for c in CONC.clauses:
        if c.term is not None:
            assert c.reading == "witnesses", c.id


# ------------------------------------------------------------------ speakers

_NAMES_WILLUGHBY = re.compile(
    r"Willughby (says|writes|notes|recommends|describes|gives|points out|attributes"
    r"|is not explicit|has nothing|doesn't state)|\bHe says\b|So Willughby"
)
_FIRST_PERSON = re.compile(r"\b(I|my|me|we|our|us)\b")
_INFERENCE = re.compile(r"\bmeans?\b|\bactually\b|\bI read\b")
_MATE = re.compile(r"\bmat(e|es|ed|ing)\b", re.IGNORECASE)


@pytest.mark.parametrize("clause", CLAUSES)
def test_a_quote_naming_willughby_as_speaker_is_marked_reported(clause: str) -> None:
    c = CONC.clause(clause)
    if _NAMES_WILLUGHBY.search(c.quote):
        assert c.reports == "Willughby", c.id
    assert c.reports in (None, "Willughby"), c.id


@pytest.mark.parametrize("clause", [c.id for c in CONC.clauses if c.reports])
def test_a_reported_quote_is_not_the_authors_own(clause: str) -> None:
    """The author's own words are not his report of Willughby's: not in the first
    person, not an inference from Willughby's words, and, for du Coeur, not in his
    own term 'mate' ("my own term ...; Willughby has no convenient term for this")."""
    c = CONC.clause(clause)
    assert not _FIRST_PERSON.search(c.quote), c.id
    assert not _INFERENCE.search(c.quote), c.id
    if c.source == "du-coeur":
        assert not _MATE.search(c.quote), c.id


def _paragraphs(source: str) -> list[str]:
    """The source's seed text in paragraphs (blank-line separated), each normalised."""
    directory = require_seeds()
    readme = (directory / "README.md").read_text("utf-8")
    rows = re.findall(r"^\|\s*`([^`]+)`\s*\|(.*)\|\s*$", readme, re.M)
    author = CONC.source(source).author
    (name,) = [file for file, description in rows if author in description]
    text = (directory / name).read_text("utf-8")
    return [normalise(p) for p in re.split(r"\n\s*\n", text) if p.strip()]


@pytest.mark.parametrize("clause", [c.id for c in CONC.clauses if c.reports])
def test_a_reported_quote_stands_where_its_author_names_willughby(clause: str) -> None:
    """The paragraph of a reported quotation, or the one before it (a list after
    "Willughby notes a number of strategy points."), names Willughby as its speaker."""
    c = CONC.clause(clause)
    paragraphs = _paragraphs(c.source)
    at = [i for i, p in enumerate(paragraphs) if normalise(c.quote) in p]
    assert at, c.id
    context = " ".join(paragraphs[max(at[0] - 1, 0) : at[0] + 1])
    assert re.search(r"Willughby|\bHe says\b|\bhe says\b", context), c.id


def test_du_coeurs_own_coinage_is_never_reported() -> None:
    for c in CONC.clauses_of("du-coeur"):
        if _MATE.search(c.quote):
            assert c.reports is None, c.id


# ------------------------------------------------------------------ the project's prose


def _prose() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for r in CONC.rulings:
        out += [(f"{r.id} title", r.title), (f"{r.id} reading", r.reading)]
        out += [(f"{r.id} reasons", r.reasons)]
        out += [(f"{r.id} {o.value}", o.meaning) for o in r.options]
    out += [(f"{c.id} note", c.note) for c in CONC.clauses]
    out += [(f"{s.id} notes", s.notes or "") for s in CONC.sources]
    out += [(f"{s.id} based_on", s.based_on) for s in CONC.sources]
    out += [(f"editorial {k}", v) for k, v in EDITORIAL_CHOICES.items()]
    pages = [ROOT / "docs" / "rules.md", ROOT / "docs" / "stakes.md", ROOT / "docs" / "citing.md"]
    pages += sorted((ROOT / "docs" / "sources").glob("*.md"))
    out += [(p.name, p.read_text("utf-8")) for p in pages]
    return out


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z(])", " ".join(text.split())) if s]


def test_crowe_is_never_called_a_period_practice() -> None:
    """A book of 1775 on other games is a century after Willughby: its practice is
    no period practice of this game."""
    for where, text in _prose():
        if where == "audit.md":
            continue  # quotes the old wording it replaced
        for s in _sentences(text):
            assert not re.search(r"period (practice|book)", s), (where, s)
            if "Crowe" in s:
                assert not re.search(r"\bperiod\b", s), (where, s)


def test_a_lost_list_or_label_is_lost_in_this_copy() -> None:
    """The damage is to our copy of a source's page, not to the source."""
    lost = re.compile(r"\b(list|lists|label|labels|examples|heading|items)\b.*\blost\b|\blost\b"
                      r".*\b(list|label|labels|examples|heading|items)\b")  # fmt: skip
    for where, text in _prose():
        if where == "audit.md":
            continue  # quotes the old wording it replaced
        for s in _sentences(text):
            if lost.search(s):
                assert "this copy" in s or "our copy" in s, (where, s)


def test_every_willughby_in_the_projects_prose_says_whose_report() -> None:
    """Willughby's own text is not among the sources: every sentence of the
    project's that gives what Willughby says or means names whose report it is."""
    whose = re.compile(
        r"du Coeur|Parlett|Sympkyn|Caidis|Caimbuel|\breports?\b|\breported\b|\bquotes?\b"
        r"|\bquoted\b|modern author|secondary|primary source|edition|Book of Games"
        r"|Volume of Plaies|a century after|\bcites?\b"
    )
    for where, text in _prose():
        if where == "audit.md":
            continue  # quotes the old wording it replaced
        for s in _sentences(text):
            if "Willughby" in s:
                assert whose.search(s), (where, s)


# ------------------------------------------------------------------ the audit page


def _table_rows(heading: str) -> list[list[str]]:
    """The rows of the Markdown table under ``heading`` on the audit page."""
    text = AUDIT_PAGE.read_text("utf-8")
    start = text.index(heading)
    rows: list[list[str]] = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("#"):
            break
        if line.startswith("|") and not re.match(r"\|\s*-", line):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows[1:]  # the header row


def test_the_audit_page_is_in_the_sources_toctree() -> None:
    index = (ROOT / "docs" / "sources" / "index.md").read_text("utf-8")
    toctree = index[index.index("```{toctree}") :]
    assert "\naudit\n" in toctree[: toctree.index("```", 3)]


def test_the_audit_pages_clause_changes_are_the_registrys() -> None:
    """Each row of the page's table of changed clauses gives the clause's words and
    its tag as the registry has them now."""
    rows = _table_rows("## Clauses whose tag or speaker changed")
    assert len(rows) >= 20
    seen = set()
    for cells in rows:
        clause_cell, words, _was, now, _why = cells
        clause = CONC.clause(re.findall(r"\b(?:DC|P|CC|S|CR)-\d+\b", clause_cell)[0])
        seen.add(clause.id)
        assert words.removeprefix("“").removesuffix("”") == clause.quote, clause.id
        reading = re.match(r"[a-z-]+", now)
        assert reading is not None, (clause.id, now)
        assert reading.group(0) == clause.reading, (clause.id, now)
        if "reports Willughby" in now:
            assert clause.reports == "Willughby", clause.id
        if "author's own" in now:
            assert clause.reports is None, clause.id
        if clause.term:
            assert clause.term in now, clause.id
    # Every clause of Crowe's is on it: none of them states a rule any more.
    assert {c.id for c in CONC.clauses_of("crowe")} <= seen


def test_the_audit_pages_gap_fills_are_the_presets() -> None:
    """Each reading the audit turned into the project's gap-fill is marked editorial."""
    from lld.ruleset import OPTIONS

    rows = _table_rows("## Readings now marked as the project's gap-fill")
    assert rows
    by_ruling = {spec.ruling: name for name, spec in OPTIONS.items()}
    labels = {_label(s): s for s in SOURCE_IDS}
    for cells in rows:
        source, ruling = labels[cells[0]], cells[1]
        preset = next(p for p in PRESETS if p == source)
        assert (preset, by_ruling[ruling]) in EDITORIAL_CHOICES, (source, ruling)


def _label(source: str) -> str:
    return {
        "du-coeur": "du Coeur",
        "parlett": "Parlett",
        "caidis": "Compendium Caidis",
        "sympkyn": "Sympkyn",
        "crowe": "Crowe",
    }[source]

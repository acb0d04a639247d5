"""The concordance (``sources/*.toml``) against the seed texts and the engine.

* every quotation is found word for word in its source's text;
* every ruling has an entry for every source, and the registry agrees with
  the engine's options and presets;
* published ruling IDs and questions never change;
* a malformed data file is reported as ``file:line``.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from lld.audit import mismatches
from lld.cli.sources_cmd import run_audit, run_ruling, run_sources
from lld.concordance import (
    PREFIXES,
    READINGS,
    SOURCE_IDS,
    Concordance,
    default_directory,
    load,
    question_hash,
)
from lld.errors import NotFoundError, SourceDataError
from lld.presets import EDITORIAL_CHOICES, PRESET_SOURCE, PRESETS
from lld.ruleset import OPTIONS, options_from_registry
from seed_texts import normalise as _norm
from seed_texts import seed_texts


def _pending(conc: Concordance) -> set[str]:
    """Registry options the engine does not have yet: each is a new ruling (after
    R34) whose values rulings.toml describes for the engine to implement."""
    return {r.option for r in conc.rulings if r.option is not None and r.option not in OPTIONS}


@pytest.fixture(scope="module")
def conc() -> Concordance:
    return load()


@pytest.fixture(scope="module")
def seeds(conc: Concordance) -> dict[str, str]:
    """Each source's seed text (whitespace normalised), found by the README's description."""
    texts = seed_texts({s.id: s.author for s in conc.sources})
    assert len(texts) == len(SOURCE_IDS)
    return texts


# ------------------------------------------------------------------ quotations


def test_every_quote_is_verbatim(conc: Concordance, seeds: dict[str, str]) -> None:
    missing = [
        f"{c.id}: {c.quote!r}" for c in conc.clauses if _norm(c.quote) not in seeds[c.source]
    ]
    assert not missing, "not found word for word in the seed text:\n" + "\n".join(missing)


#: The most of any source's text that the project may quote, all quotations together.
QUOTED_SHARE_LIMIT = 0.25


def test_no_source_is_copied_by_instalments(conc: Concordance, seeds: dict[str, str]) -> None:
    # Each quotation is short, but many short ones can still add up to the whole
    # text: the clauses, relations and audit together stay under a quarter of it.
    for source, text in seeds.items():
        quoted = [c.quote for c in conc.clauses_of(source)]
        quoted += [r.quote for r in conc.relations if r.source == source and r.quote]
        quoted += [w for m in mismatches(conc) if m.source == source for w in (m.label, m.content)]
        share = sum(len(_norm(q)) for q in quoted) / len(text)
        assert share <= QUOTED_SHARE_LIMIT, f"{source}: {share:.0%} of its text is quoted"


def test_relation_quotes_are_verbatim(conc: Concordance, seeds: dict[str, str]) -> None:
    for r in conc.relations:
        if r.quote is not None:
            assert _norm(r.quote) in seeds[r.source], (r.source, r.kind, r.to)


def test_audit_mismatch_quotes_are_verbatim(conc: Concordance, seeds: dict[str, str]) -> None:
    for m in mismatches(conc):
        for words in (m.label, m.content):
            assert _norm(words) in seeds[m.source], (m.source, words)
        for cid in m.clauses:
            assert conc.clause(cid).source == m.source


def test_damaged_spots_are_recorded(conc: Concordance, seeds: dict[str, str]) -> None:
    # Parlett's two lists lost their items; Compendium Caidis's glossary lost two labels.
    damage = {
        "parlett": ("Specifically -", "For example:"),
        "caidis": (
            "To pair a card from your hand with one in the middle of the same rank.",
            "Four cards of like rank",
        ),
    }
    for source, spots in damage.items():
        damaged = {c.quote for c in conc.clauses_of(source) if c.reading == "damaged"}
        for spot in spots:
            assert spot in seeds[source]
            assert spot in damaged, f"{source}: {spot!r} is not a damaged clause"
    # Parlett's lists really are empty: the next words begin a new sentence.
    assert "Specifically - If you are dealt" in seeds["parlett"]
    assert "For example: Spotting oversights" in seeds["parlett"]


def test_quotes_are_short(conc: Concordance) -> None:
    for c in conc.clauses:
        assert len(c.quote) <= 200, c.id
        # At most one sentence: no full stop followed by a new capitalised sentence
        # (Sympkyn's one-line header "5 originally. Optional ..." is the exception).
        inner = re.findall(r"[.!?]\s+[A-Z]", c.quote)
        assert not inner or c.id == "S-1", (c.id, c.quote)


def test_reported_words_say_whose(conc: Concordance) -> None:
    reporting = re.compile(
        r"Willughby (says|writes|notes|recommends|describes|gives|points out|attributes"
        r"|is not explicit|has nothing)|\bHe says\b|So Willughby"
    )
    for c in conc.clauses:
        if reporting.search(c.quote):
            assert c.reports == "Willughby", c.id
        if c.reports is not None:
            assert c.reports == "Willughby", c.id


def test_copies_are_copies(conc: Concordance) -> None:
    copied = [c for c in conc.clauses if c.copies]
    assert {c.source for c in copied} == {"caidis", "sympkyn"}
    for c in copied:
        original = conc.clause(c.copies or "")
        ratio = difflib.SequenceMatcher(None, _norm(c.quote), _norm(original.quote)).ratio()
        assert ratio >= 0.6, (c.id, original.id, ratio)
        assert set(c.rulings) & set(original.rulings), (c.id, original.id)
        assert not c.independent
    kinds = {(r.source, r.to, r.kind) for r in conc.relations}
    assert ("caidis", "du-coeur", "copies") in kinds
    assert ("caidis", "du-coeur", "cites") in kinds
    assert ("sympkyn", "parlett", "copies") in kinds


def test_witness_on_other_games_is_marked(conc: Concordance) -> None:
    for c in conc.clauses_of("crowe"):
        assert c.game, f"{c.id}: Crowe is not about this game; say which game"
    assert all(c.game is None for c in conc.clauses if c.source != "crowe")


def test_clause_ids_and_counts(conc: Concordance) -> None:
    for c in conc.clauses:
        assert c.id.startswith(PREFIXES[c.source] + "-")
        assert c.reading in READINGS
    counts = {s: len(conc.clauses_of(s)) for s in SOURCE_IDS}
    assert all(n >= 10 for n in counts.values()), counts


# ------------------------------------------------------------------ registry


def test_rulings_are_numbered_without_gaps(conc: Concordance) -> None:
    assert [r.id for r in conc.rulings] == [f"R{i}" for i in range(1, len(conc.rulings) + 1)]
    assert len(conc.rulings) >= 34


def test_every_ruling_has_every_source(conc: Concordance) -> None:
    for r in conc.rulings:
        assert tuple(r.sources) == SOURCE_IDS, r.id
        for source, ids in r.sources.items():
            assert [c.id for c in conc.clauses_for(r.id, source)] == list(ids), (r.id, source)


def test_every_ruling_option_is_an_engine_option(conc: Concordance) -> None:
    engine_rulings = {spec.ruling for spec in OPTIONS.values()}
    pending = _pending(conc)
    for r in conc.rulings:
        if r.option is None:
            assert r.id not in engine_rulings, r.id
            assert not r.options
        elif r.option in pending:
            # Decided in the registry, not yet in the engine: only a new ruling may be.
            assert int(r.id[1:]) > 34, f"{r.id}: published option {r.option} is not in the engine"
        else:
            assert OPTIONS[r.option].ruling == r.id


def test_options_are_read_from_the_registry(conc: Concordance) -> None:
    """OPTIONS holds no words of its own: each option's ruling, question and
    meanings are the registry's, and each value's sources are those with a
    clause that supports it (a witness on another game is not credited)."""
    for r in conc.rulings:
        if r.option is None:
            continue
        spec = OPTIONS[r.option]
        assert (spec.ruling, spec.question) == (r.id, r.question)
        for v, o in zip(spec.values, r.options, strict=True):
            assert (v.value, v.meaning) == (o.value, o.meaning)
            backing = {c.source for c in conc.supporting(r.id, v.value) if c.game is None}
            assert set(v.sources) == backing, (r.option, v.value)
    # CR-10 (Crowe's Piquet) only witnesses the low card deal in another game: it
    # supports no value and credits no source.
    assert conc.clause("CR-10").reading == "witnesses"
    assert "CR-10" not in [c.id for c in conc.supporting("R3", "low_cut")]
    assert OPTIONS["first_dealer"].value("low_cut").sources == ("parlett",)


def test_an_option_value_missing_from_the_registry_is_reported(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    voluntary = (
        '  { value = "voluntary", short = "chosen: whenever he likes on his turn",'
        ' meaning = "whenever he likes on his turn" },\n'
    )
    _edit(d / "rulings.toml", voluntary, "")
    _edit(d / "sympkyn.toml", 'value = "voluntary"', 'value = "forced"')
    with pytest.raises(SourceDataError, match="option lie_down has values forced; the engine's"):
        options_from_registry(str(d))


def test_an_option_the_engine_lacks_is_reported(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    _edit(d / "rulings.toml", 'option = "lie_down"\n', 'option = "lie_dowm"\n')
    with pytest.raises(SourceDataError, match="'lie_dowm' is not an engine option"):
        options_from_registry(str(d))


_NEW_RULING = """
[[rulings]]
id = "R{n}"
key = "added_by_a_test"
title = "A ruling added after the first publication"
question = "{question}"
reading = "As the sources say."
reasons = "Added by a test: a new ruling is data only."

[rulings.sources]
du-coeur = "silent"
parlett = "silent"
caidis = "silent"
sympkyn = "silent"
crowe = "silent"
"""


def _with_new_ruling(tmp_path: Path) -> tuple[Path, int, str]:
    """A copy of ``sources/`` with one ruling added as data, and published: the
    copy, the new ruling's number and its question."""
    d = _copy(tmp_path)
    n = len(load().rulings) + 1
    question = f"Is ruling R{n} read from the data?"
    with (d / "rulings.toml").open("a", encoding="utf-8") as f:
        f.write(_NEW_RULING.format(n=n, question=question))
    with (d / "published.toml").open("a", encoding="utf-8") as f:
        f.write(f'\n[[published]]\nid = "R{n}"\nquestion = "{question}"\n'
                f'sha256 = "{question_hash(question)}"\n')  # fmt: skip
    return d, n, question


def test_a_new_ruling_is_data_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding a ruling touches sources/ only: the registry, OPTIONS, and a
    record naming it (checked against the registry) all take it."""
    from lld.concordance import loading, registry
    from lld.package_data import data_directory
    from lld.record import parse_record

    d, n, question = _with_new_ruling(tmp_path)
    conc = load(d)
    assert conc.ruling(f"R{n}").question == question
    assert list(options_from_registry(str(d))) == list(OPTIONS)
    text = data_directory("examples", "*.lld") / "r14-pair-royal-one-of-three.lld"
    record = text.read_text("utf-8").replace("rulings: R14 R15", f"rulings: R14 R{n}")
    with pytest.raises(Exception, match=f"'R{n}' is not in the rulings registry"):
        parse_record(record)
    monkeypatch.setattr(loading, "_registry_default", lambda: registry(d))
    assert parse_record(record).rulings == ("R14", f"R{n}")
    loading._ids_by_key.cache_clear()
    try:
        assert loading.ruling_id("added_by_a_test") == f"R{n}"  # the name its code would use
    finally:
        loading._ids_by_key.cache_clear()


def test_a_new_ruling_reaches_the_schema_the_command_line_and_the_rules_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ruling added as data only (its entry, and its publication) is taken by
    the hand record's schema, shown by ``lld ruling`` (text and JSON), and
    reported as the rules page renders every ruling (``{rule-book}`` renders
    :func:`lld.reports.ruling_report` for each ruling of the registry)."""
    import jsonschema

    from lld.cli import main
    from lld.concordance import loading
    from lld.record.json_writer import schema as record_schema
    from lld.reports import ruling_report
    from test_reports import _bundled

    d, n, question = _with_new_ruling(tmp_path)
    added = load(d)
    monkeypatch.setattr(loading, "_load_default", lambda: added)
    monkeypatch.setattr(loading, "_registry_default", lambda: added.rulings)
    # The schema: a record may name it (the reader checks the registry, above).
    pattern = record_schema()["properties"]["rulings"]["items"]["pattern"]
    assert re.fullmatch(pattern, f"R{n}")
    # The command line: the ruling, as JSON that fits its schema, and in words.
    assert main(["ruling", f"R{n}", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator(_bundled("ruling-report")).validate(shown)
    assert (shown["id"], shown["question"]) == (f"R{n}", question)
    assert main(["ruling", f"R{n}"]) == 0
    assert question in capsys.readouterr().out
    # The rules page's input: the report of every ruling, this one last.
    reports = [ruling_report(r.id, added) for r in added.rulings]
    assert (reports[-1].id, reports[-1].question) == (f"R{n}", question)


def test_every_ruling_has_one_name_the_engine_knows_it_by(conc: Concordance) -> None:
    """Each ruling is known by its option, or by its key where it has none, and
    each name finds its own ruling."""
    from lld.concordance import ruling_id

    for r in conc.rulings:
        assert r.key == (r.option or r.key), r.id
        assert ruling_id(r.key) == r.id
    assert len({r.key for r in conc.rulings}) == len(conc.rulings)
    with pytest.raises(NotFoundError, match="no ruling is known as 'no_such_rule'"):
        ruling_id("no_such_rule")


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('id = "R1"\nkey = "pack"\n', 'id = "R1"\n', "a ruling without an option needs a key"),
        ('id = "R3"\n', 'id = "R3"\nkey = "cut"\n', "a ruling with an option is known by it"),
        ('key = "pack"', 'key = "Pack"', "'Pack' is not a name"),
        ('key = "pack"', 'key = "capture"', "another ruling is already known as 'capture'"),
    ],
)
def test_a_bad_ruling_key_is_refused_with_its_line(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    d = _copy(tmp_path)
    _edit(d / "rulings.toml", old, new)
    with pytest.raises(
        SourceDataError, match=r"rulings\.toml:\d+: ruling R\d+: " + re.escape(problem)
    ):
        load(d)


def test_reading_is_the_reconstruction(conc: Concordance) -> None:
    recon = PRESETS["reconstruction"]
    for r in conc.rulings:
        if r.option is not None and r.option not in _pending(conc):
            assert r.reading == getattr(recon, r.option), r.id


def _source_presets() -> list[str]:
    return [p for p in PRESETS if PRESET_SOURCE[p] in SOURCE_IDS]


@pytest.mark.parametrize("preset", _source_presets())
def test_preset_values_agree_with_the_concordance(conc: Concordance, preset: str) -> None:
    """Each value is backed by a 'supports' clause of its source, or is editorial; never both."""
    source = PRESET_SOURCE[preset]
    rules = PRESETS[preset]
    for name, spec in OPTIONS.items():
        value = getattr(rules, name)
        editorial = (preset, name) in EDITORIAL_CHOICES
        if value is None:
            # No game for that many players: the source must give no table for it.
            assert not [
                c.id for c in conc.clauses_for(spec.ruling, source) if c.reading == "supports"
            ], (preset, name)
            assert not editorial
            continue
        backed = conc.supporting(spec.ruling, value, source)
        assert backed or editorial, f"{preset}: {name}={value} has no clause and no reason"
        assert not (backed and editorial), (
            f"{preset}: {name}={value} is listed as editorial but"
            f" {', '.join(c.id for c in backed)} support it"
        )


def test_editorial_choices_name_real_settings() -> None:
    for preset, name in EDITORIAL_CHOICES:
        assert preset in PRESETS
        assert name in OPTIONS
        assert getattr(PRESETS[preset], name) is not None


#: The first publication, R1 to R34, by the SHA-256 of each question: written
#: into the test once, so that an edit to published.toml and rulings.toml
#: together still cannot change what a published ID means.
FIRST_PUBLISHED = 34
FIRST_PUBLISHED_DIGEST = "173533e47ffc2e2251e4dbcf7f84e3f251412bc09208649653110ce1ae6b5626"


def test_published_ids_never_disappear(conc: Concordance) -> None:
    rulings = {r.id: r for r in conc.rulings}
    for p in conc.published:
        assert p.id in rulings, f"published ruling {p.id} was removed"
        assert rulings[p.id].question == p.question, f"{p.id}'s question changed"
        assert question_hash(p.question) == p.sha256
    assert {p.id for p in conc.published} == set(rulings)
    # IDs are numbered in order and never reused.
    assert [r.id for r in conc.rulings] == [f"R{i}" for i in range(1, len(conc.rulings) + 1)]


def test_the_first_publication_never_changes_meaning(conc: Concordance) -> None:
    first = conc.published[:FIRST_PUBLISHED]
    assert [p.id for p in first] == [f"R{i}" for i in range(1, FIRST_PUBLISHED + 1)]
    joined = "\n".join(f"{p.id} {p.sha256}" for p in first)
    assert question_hash(joined) == FIRST_PUBLISHED_DIGEST


# ------------------------------------------------------------------ malformed files


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "sources"
    shutil.copytree(default_directory(), target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path.name}"
    path.write_text(text.replace(old, new), "utf-8")


def _line_of(path: Path, needle: str, after: str | None = None) -> int:
    lines = path.read_text("utf-8").splitlines()
    start = 0
    if after is not None:
        start = next(i for i, t in enumerate(lines) if after in t)
    return next(i for i, t in enumerate(lines) if i >= start and needle in t) + 1


Breakage = Callable[[Path], tuple[str, int]]


def _syntax(d: Path) -> tuple[str, int]:
    _edit(d / "parlett.toml", 'id = "P-3"\n', 'id = "P-3"\nrulings = [R3\n')
    return "parlett.toml", _line_of(d / "parlett.toml", "rulings = [R3")


def _bad_reading(d: Path) -> tuple[str, int]:
    f = d / "du-coeur.toml"
    old = 'quote = "French-suited deck of 52 cards."\nrulings = ["R1"]\nreading = "states"'
    _edit(f, old, old.replace('"states"', '"maybe"'))
    return "du-coeur.toml", _line_of(f, 'reading = "maybe"')


def _duplicate_id(d: Path) -> tuple[str, int]:
    f = d / "caidis.toml"
    _edit(f, 'id = "CC-12"', 'id = "CC-11"')
    return "caidis.toml", _line_of(f, 'id = "CC-11"', after='quote = "he puts up a stake')


def _unknown_ruling(d: Path) -> tuple[str, int]:
    f = d / "crowe.toml"
    _edit(f, 'rulings = ["R33"]\nreading = "witnesses"\ngame = "Brag"',
          'rulings = ["R99"]\nreading = "witnesses"\ngame = "Brag"')  # fmt: skip
    return "crowe.toml", _line_of(f, '"R99"')


def _missing_note(d: Path) -> tuple[str, int]:
    f = d / "sympkyn.toml"
    _edit(f, 'note = "Capture by rank."\n', "")
    return "sympkyn.toml", _line_of(f, "[[clauses]]", after='id = "S-13"')


def _bad_value(d: Path) -> tuple[str, int]:
    f = d / "parlett.toml"
    _edit(f, 'value = "low_cut"', 'value = "lowest_cut"')
    return "parlett.toml", _line_of(f, "lowest_cut")


def _long_quote(d: Path) -> tuple[str, int]:
    f = d / "du-coeur.toml"
    _edit(f, 'quote = "French-suited deck of 52 cards."', f'quote = "{"x" * 300}"')
    return "du-coeur.toml", _line_of(f, "x" * 300)


def _unknown_key(d: Path) -> tuple[str, int]:
    f = d / "crowe.toml"
    _edit(f, 'id = "CR-3"\n', 'id = "CR-3"\npage = 64\n')
    return "crowe.toml", _line_of(f, "page = 64")


def _planned(d: Path) -> tuple[str, int]:
    # The registry no longer plans options ahead of the engine: the key is gone.
    f = d / "rulings.toml"
    _edit(f, 'option = "hand_pairs_when"\n', 'option = "hand_pairs_when"\nplanned = true\n')
    return "rulings.toml", _line_of(f, "planned = true")


def _bad_copy(d: Path) -> tuple[str, int]:
    f = d / "caidis.toml"
    _edit(f, 'copies = "DC-24"', 'copies = "DC-240"')
    return "caidis.toml", _line_of(f, "DC-240")


def _source_missing(d: Path) -> tuple[str, int]:
    f = d / "rulings.toml"
    _edit(f, 'sympkyn = ["S-2", "S-5"]\ncrowe = ["CR-1"]\n', 'sympkyn = ["S-2", "S-5"]\n')
    return "rulings.toml", _line_of(f, "[rulings.sources]")


def _clause_not_listed(d: Path) -> tuple[str, int]:
    f = d / "rulings.toml"
    _edit(f, 'du-coeur = ["DC-4"]', 'du-coeur = ["DC-4", "DC-5"]')
    return "rulings.toml", _line_of(f, '"DC-4", "DC-5"')


def _silent_but_quoted(d: Path) -> tuple[str, int]:
    f = d / "rulings.toml"
    _edit(f, 'crowe = ["CR-1"]', 'crowe = "silent"')
    return "rulings.toml", _line_of(f, 'crowe = "silent"')


def _question_changed(d: Path) -> tuple[str, int]:
    f = d / "rulings.toml"
    _edit(f, 'question = "What pack is the game played with?"',
          'question = "What pack is used?"')  # fmt: skip
    return "rulings.toml", _line_of(f, "What pack is used?")


def _ruling_removed(d: Path) -> tuple[str, int]:
    f = d / "rulings.toml"
    text = f.read_text("utf-8")
    f.write_text(text[: text.index('[[rulings]]\nid = "R34"')], "utf-8")
    return "published.toml", _line_of(d / "published.toml", 'id = "R34"') - 1


def _hash_wrong(d: Path) -> tuple[str, int]:
    f = d / "published.toml"
    text = f.read_text("utf-8")
    digest = re.search(r'id = "R7"\nquestion = ".*"\nsha256 = "([0-9a-f]+)"', text)
    assert digest is not None
    _edit(f, digest.group(1), "0" * 64)
    return "published.toml", _line_of(f, "0" * 64)


def _unpublished(d: Path) -> tuple[str, int]:
    f = d / "published.toml"
    text = f.read_text("utf-8")
    f.write_text(text[: text.index('[[published]]\nid = "R34"')], "utf-8")
    return "rulings.toml", _line_of(d / "rulings.toml", 'id = "R34"') - 1


_FORCED = '{ value = "forced", short = "forced: only and always when he cannot capture", '


def _short_missing(d: Path) -> tuple[str, int]:
    f = d / "rulings.toml"
    _edit(f, _FORCED, '{ value = "forced", ')
    return "rulings.toml", _line_of(f, '{ value = "forced", meaning')


def _short_too_long(d: Path) -> tuple[str, int]:
    f = d / "rulings.toml"
    _edit(f, _FORCED, f'{{ value = "forced", short = "{"forced " * 12}", ')
    return "rulings.toml", _line_of(f, "forced forced")


def _short_names_an_option(d: Path) -> tuple[str, int]:
    # A table cell says what the reading is in words, never `lie_down=forced`.
    f = d / "rulings.toml"
    _edit(f, _FORCED, '{ value = "forced", short = "lie_down=forced", ')
    return "rulings.toml", _line_of(f, 'short = "lie_down=forced"')


def _bad_reference(d: Path) -> tuple[str, int]:
    f = d / "rulings.toml"
    _edit(f, "All four sources on the game say so (DC-4,",
          "All four sources on the game say so (DC-400,")  # fmt: skip
    return "rulings.toml", _line_of(f, 'reasons = """', after='id = "R1"')


def _url_without_date(d: Path) -> tuple[str, int]:
    f = d / "caidis.toml"
    _edit(f, 'accessed = "2026-11-27"\n', "")
    return "caidis.toml", _line_of(f, "url = ")


def _url_not_web(d: Path) -> tuple[str, int]:
    f = d / "parlett.toml"
    _edit(f, 'url = "http://www.davidparlett', 'url = "www.davidparlett')
    return "parlett.toml", _line_of(f, 'url = "www.')


def _accessed_not_a_date(d: Path) -> tuple[str, int]:
    f = d / "du-coeur.toml"
    _edit(f, 'accessed = "2026-11-27"', 'accessed = "27 November 2026"')
    return "du-coeur.toml", _line_of(f, "accessed = ")


def _variant_not_supporting(d: Path) -> tuple[str, int]:
    # Only a clause that supports a value can be a source's variant of it.
    f = d / "sympkyn.toml"
    _edit(f, 'copies = "P-57"\n', 'copies = "P-57"\nvariant = true\n')
    return "sympkyn.toml", _line_of(f, "variant = true", after='id = "S-56"')


BREAKAGES: dict[str, Breakage] = {
    "toml syntax": _syntax,
    "unknown reading": _bad_reading,
    "duplicate clause id": _duplicate_id,
    "unknown ruling": _unknown_ruling,
    "missing key": _missing_note,
    "value not an option value": _bad_value,
    "quote too long": _long_quote,
    "unknown key": _unknown_key,
    "a ruling planned ahead of the engine": _planned,
    "copies an unknown clause": _bad_copy,
    "ruling lacks a source": _source_missing,
    "ruling lists a clause that does not name it": _clause_not_listed,
    "a variant that supports nothing": _variant_not_supporting,
    "silent where a clause names the ruling": _silent_but_quoted,
    "published question changed": _question_changed,
    "published ruling removed": _ruling_removed,
    "published hash wrong": _hash_wrong,
    "ruling not published": _unpublished,
    "reasons cite an unknown clause": _bad_reference,
    "option value without a short form": _short_missing,
    "short form too long for a cell": _short_too_long,
    "short form names an option": _short_names_an_option,
    "web address without an access date": _url_without_date,
    "web address that is not one": _url_not_web,
    "access date not a date": _accessed_not_a_date,
}


def test_the_real_data_loads_from_a_copy(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    assert load(d).clauses == load().clauses


@pytest.mark.parametrize("name", list(BREAKAGES))
def test_malformed_data_names_file_and_line(tmp_path: Path, name: str) -> None:
    d = _copy(tmp_path)
    file, line = BREAKAGES[name](d)
    with pytest.raises(SourceDataError) as caught:
        load(d)
    assert caught.value.where == f"{d / file}:{line}", caught.value
    assert "\n" not in str(caught.value)


def test_missing_file(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    (d / "crowe.toml").unlink()
    with pytest.raises(SourceDataError, match=r"crowe\.toml: file is missing"):
        load(d)


# ------------------------------------------------------------------ the commands


def _args(**kw: object) -> argparse.Namespace:
    base: dict[str, object] = {"json": False, "sources_dir": None}
    base.update(kw)
    return argparse.Namespace(**base)


def test_sources_json_lists_every_clause(
    conc: Concordance, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_sources(_args(json=True, source=None)) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data) == len(conc.clauses)
    for item in data:
        for key in ("source", "id", "quote", "rulings", "reading", "value", "note"):
            assert key in item
    assert {d["source"] for d in data} == set(SOURCE_IDS)


def test_sources_text_and_one_source(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_sources(_args(source=None)) == 0
    out = capsys.readouterr().out
    for source in SOURCE_IDS:
        assert f"{source}:" in out
    assert run_sources(_args(source="parlett")) == 0
    out = capsys.readouterr().out
    assert '"Whoever cuts the lowest card"' in out
    assert '"(Ace low)"' in out


def test_ruling_shows_words_reading_and_presets(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_ruling(_args(id="R3", json=True)) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["option"] == "first_dealer"
    sources = {s["source"]: s for s in data["sources"]}
    assert sources["sympkyn"]["silent"] is True
    assert sources["sympkyn"]["clauses"] == []
    assert sources["parlett"]["clauses"][0]["quote"].startswith("Whoever cuts the lowest card")
    assert {p["preset"]: p["value"] for p in data["presets"]} == {
        name: rules.first_dealer for name, rules in PRESETS.items()
    }
    assert data["reading"] == "low_cut"
    assert run_ruling(_args(id="r22")) == 0
    out = capsys.readouterr().out
    assert "Lay Down cards if you cannot (or do not wish to)" in out
    assert "reconstruction" in out
    assert "forced" in out


@pytest.mark.parametrize("bad", ["R99", "R0", "X1", ""])
def test_unknown_ruling_is_one_line(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_ruling(_args(id=bad)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("lld: unknown ruling")


def test_malformed_data_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = _copy(tmp_path)
    file, line = _bad_reading(d)
    for run, extra in ((run_sources, {"source": None}), (run_ruling, {"id": "R1"}),
                       (run_audit, {})):  # fmt: skip
        assert run(_args(sources_dir=str(d), **extra)) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1
        assert f"{file}:{line}: " in err


def test_unknown_source(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_sources(_args(source="willughby")) == 2
    assert capsys.readouterr().err.startswith("lld: unknown source 'willughby'")


def test_every_ruling_renders(conc: Concordance, capsys: pytest.CaptureFixture[str]) -> None:
    # Including those whose option the engine does not have yet (R35 on).
    for r in conc.rulings:
        assert run_ruling(_args(id=r.id, json=True)) == 0, r.id
        data = json.loads(capsys.readouterr().out)
        assert data["id"] == r.id
        if r.option is not None:
            assert {p["preset"] for p in data["presets"]} == set(PRESETS)
            given = [p["value"] for p in data["presets"] if p["value"] is not None]
            assert all(v in r.values for v in given), r.id


def test_the_engines_ruling_ids_are_the_registrys() -> None:
    """The few ruling IDs the engine names in code (the deal's ruling per player
    count, the ruling behind each kind of dead group) are those the registry
    gives the options concerned."""
    from lld.rule_tables import DEAD_RULE, DEAL_RULE

    for n, rid in DEAL_RULE.items():
        assert OPTIONS[f"deal_{n}"].ruling == rid, n
    for origin, rid in DEAD_RULE.items():
        assert OPTIONS[origin].ruling == rid, origin


# ------------------------------------------------------------ the readings as data


def test_the_readings_are_read_from_the_data() -> None:
    """Each source's values, names and editorial reasons are sources/readings.toml's;
    the reconstruction's values are the registry's readings."""
    from lld.concordance.readings import read_readings
    from lld.presets import PRESET_NAMES

    readings = read_readings(default_directory())
    assert [r.preset for r in readings] == list(PRESETS)
    for r in readings:
        assert PRESET_NAMES[r.preset] == r.name
        assert PRESET_SOURCE[r.preset] == r.source
        for option, reason in r.editorial:
            assert EDITORIAL_CHOICES[(r.preset, option)] == reason
    (recon,) = [r for r in readings if r.from_registry]
    for ruling in load().rulings:
        if ruling.option is not None:
            assert getattr(PRESETS[recon.preset], ruling.option) == ruling.reading, ruling.id


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        (
            'lie_down = "forced"\nlie_down_payment = "none"\nlie_down_pair = "claimable"',
            'lie_down = "forcd"\nlie_down_payment = "none"\nlie_down_pair = "claimable"',
            "reading 'du-coeur': option lie_down cannot be 'forcd'",
        ),
        (
            'preset = "parlett"\nname = "Parlett"\nsource = "parlett"',
            'preset = "parlett"\nname = "Parlett"\nsource = "parlet"',
            "reading 'parlett': unknown source 'parlet'",
        ),
        (
            'preset = "parlett"',
            'preset = "du-coeur"',
            "reading 'du-coeur': named twice",
        ),
        (
            'first_dealer = "high_cut"\n',
            "",
            "reading 'du-coeur' gives no value for first_dealer",
        ),
        (
            "[readings.editorial]\nclaim_deadline = ",
            "[readings.editorial]\nclaim_deadlin = ",
            "reading 'du-coeur' editorial: a reason for claim_deadlin, which the reading does"
            " not set",
        ),
    ],
)
def test_a_bad_reading_is_refused_with_its_line(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    from lld.presets import _read_presets

    d = _copy(tmp_path)
    text = (d / "readings.toml").read_text("utf-8")
    (d / "readings.toml").write_text(text.replace(old, new, 1), "utf-8")
    with pytest.raises(SourceDataError, match=r"readings\.toml:\d+: " + re.escape(problem)):
        _read_presets(d)


@pytest.mark.parametrize(
    ("old", "new", "needle", "problem"),
    [
        ('hand_pairs_when = "laid_at_once"', "hand_pairs_when = 3",
         "hand_pairs_when = 3", "hand_pairs_when must be a value's name"),
        ("[strict.why]\n", '[strict.why]\ncolour = "red"\n',
         'colour = "red"', "a 'why' for colour, which strict play does not set"),
        ('name = "strict play"\n', 'name = "strict play"\ncolour = "red"\n',
         'colour = "red"', "unknown key 'colour'"),
    ],
)  # fmt: skip
def test_strict_play_s_data_is_checked_with_file_and_line(
    tmp_path: Path, old: str, new: str, needle: str, problem: str
) -> None:
    from lld.concordance.readings import read_strict

    d = _copy(tmp_path)
    f = d / "readings.toml"
    _edit(f, old, new)
    with pytest.raises(SourceDataError) as caught:
        read_strict(d)
    assert caught.value.where == f"{f}:{_line_of(f, needle)}", caught.value
    assert problem in str(caught.value)


def test_strict_play_without_a_why_is_refused(tmp_path: Path) -> None:
    from lld.concordance.readings import read_strict

    d = _copy(tmp_path)
    f = d / "readings.toml"
    old = 'lie_down_mistake = "Where lying down is forced'
    text = f.read_text("utf-8")
    start = text.index(old)
    f.write_text(text[:start] + text[text.index("\n", start) + 1 :], "utf-8")
    with pytest.raises(SourceDataError, match="lie_down_mistake has no 'why'"):
        read_strict(d)

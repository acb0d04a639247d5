"""The arithmetic audit finds exactly the failures the sources' numbers imply."""

from __future__ import annotations

import argparse
import itertools
import json
import shutil
from pathlib import Path

import pytest

from lld.audit import (
    AS_PRINTED,
    ENGINE,
    Case,
    Finding,
    audit,
    cases,
    check,
    coverage,
    coverage_report,
    mismatches,
    outcomes,
    pending_options,
)
from lld.cli.sources_cmd import run_audit
from lld.concordance import default_directory, load
from lld.stakes import TABLES
from positions import stakes_for


@pytest.fixture(scope="module")
def found() -> dict[str, Finding]:
    return {f.key: f for f in audit()}


# key: (pot, last-player bonus, break-even in cards, (least, most) left in the pot,
#       pot = bonus + surplus stakes?)
EXPECTED_FAILURES: dict[str, tuple[int, int, int | None, tuple[int, int], bool | None]] = {
    # Willughby's figures taken as extra stakes: one short every hand.
    "willughby_literal/4": (9, 4, 10, (-1, -1), False),
    "willughby_literal/5": (11, 6, 8, (-1, -1), False),
    # Sympkyn's text: one coin each makes a pot of 5, which cannot pay 5 + 6.
    "sympkyn_flat/5": (5, 5, 8, (-6, -6), False),
    # Sympkyn's text read at its word: winners "take 1 coin to the pot" too.
    "sympkyn_text_as_printed/5": (5, 5, 8, (6, 38), False),
    # Sympkyn's table: break-even 14 in a column of pairs is 28 cards each.
    "sympkyn_table_as_printed/3": (10, 5, 28, (21, 21), False),
    # du Coeur's eight: the sum is right (11 + 6 = 17, 3 + 6 = 9) but the odd
    # break-even leaves anything from four short to three over.
    "du_coeur/8": (17, 11, 5, (-4, 3), True),
    "du_coeur_reduced/8": (9, 3, 5, (-4, 3), True),
    # Compendium Caidis: most pairs takes the dealer's stake; a tie leaves it.
    "widow/3": (1, 0, None, (0, 1), None),
    "widow/4": (1, 0, None, (0, 1), None),
    "widow/5": (1, 0, None, (0, 1), None),
}


def test_exactly_the_expected_failures(found: dict[str, Finding]) -> None:
    assert {k for k, f in found.items() if f.status == "fails"} == set(EXPECTED_FAILURES)


@pytest.mark.parametrize("key", list(EXPECTED_FAILURES))
def test_failure_numbers(found: dict[str, Finding], key: str) -> None:
    pot, bonus, break_even, left, claim = EXPECTED_FAILURES[key]
    f = found[key]
    assert not f.passes
    assert f.cards_ok, "every table deals the whole pack"
    assert (f.case.pot, f.case.last_player_bonus, f.case.break_even) == (pot, bonus, break_even)
    assert f.pot_left == left
    assert f.claim_ok is claim


def test_the_notable_passes(found: dict[str, Finding]) -> None:
    notable = {k: (f.case.hand_size, f.case.break_even) for k, f in found.items() if f.notes}
    # Parlett's three and six: break-even is not what was dealt, yet the sum balances.
    assert notable == {"parlett/3": (13, 14), "parlett/6": (7, 6)}
    for key in notable:
        assert found[key].passes
        assert found[key].status == "notable"


def test_the_clean_passes(found: dict[str, Finding]) -> None:
    clean = {k for k, f in found.items() if f.status == "passes"}
    assert clean == {
        "willughby/4",
        "parlett_alternative/4",
        "willughby/5",
        "du_coeur/6",
        "du_coeur/7",
    }
    for key in clean:
        assert found[key].pot_left_values == (0,)


def test_every_engine_table_is_audited_once() -> None:
    engine = [c.key for c in cases() if c.reading == ENGINE]
    assert sorted(engine) == sorted(f"{t.name}/{n}" for n in TABLES for t in TABLES[n].values())
    # Every table the audit reads is attested by clauses that give its numbers.
    assert all(c.clauses for c in cases())
    printed = {c.key for c in cases() if c.reading == AS_PRINTED}
    assert printed == {"sympkyn_table_as_printed/3", "sympkyn_text_as_printed/5"}


def test_agrees_with_the_engines_own_balance_check(found: dict[str, Finding]) -> None:
    for n, tables in TABLES.items():
        for t in tables.values():
            f = found[f"{t.name}/{n}"]
            if t.break_even is None:
                # A tie for most pairs leaves the dealer's stake in the pot.
                assert f.pot_left == (0, t.pot)
            assert f.passes == t.balances, t


def test_odd_break_even_balances_only_when_as_many_win_as_lose() -> None:
    case = Case.from_table(TABLES[8]["du_coeur"])
    results = outcomes(case)
    assert all(2 * left == -(winners_less_losers) for left, winners_less_losers in results)
    assert {d for left, d in results if left == 0} == {0}
    # Eight winners (6 cards or more each, 48 of 52) leave the pot four short;
    # seven losers and one big winner leave three over.
    assert (-4, 8) in results
    assert (3, -6) in results


def _brute_force(case: Case) -> set[int]:
    """Pot left over every division of 52 cards into even counts, by enumeration.

    Each count is scored by the tests' own rule (:func:`positions.stakes_for`,
    written from the sources), not by the engine's ``stakes_for_cards``, which
    the audit itself uses: the comparison would otherwise check the engine's
    arithmetic against itself.
    """
    be = case.break_even
    assert be is not None
    left = set()
    counts = range(0, 53, 2)
    for split in itertools.product(counts, repeat=case.players - 1):
        last = 52 - sum(split)
        if last < 0:
            continue
        paid = sum(int(stakes_for(c, be)) for c in (*split, last))  # even piles: whole
        left.add(case.pot - case.last_player_bonus - paid)
    return left


@pytest.mark.parametrize(
    ("players", "name"), [(3, "parlett"), (4, "willughby_literal"), (4, "parlett_alternative")]
)
def test_outcomes_match_brute_force(players: int, name: str) -> None:
    case = Case.from_table(TABLES[players][name])
    assert {left for left, _ in outcomes(case)} == _brute_force(case)


def test_a_broken_table_is_caught() -> None:
    t = TABLES[5]["willughby"]
    short_deal = Case(
        "short", 5, ("test",), ENGINE, t.dealer_ante, t.other_ante, 8, 11,
        t.last_player_bonus, 8, "break_even",
    )  # fmt: skip
    f = check(short_deal)
    assert not f.cards_ok
    assert f.status == "fails"
    assert "51 cards, not 52" in f.explanation


def test_sympkyn_literal_table_comes_from_the_data(tmp_path: Path) -> None:
    """Correct the row's 14 to 7 pairs and the literal case and its mismatch disappear."""
    d = tmp_path / "sources"
    shutil.copytree(default_directory(), d)
    path = d / "sympkyn.toml"
    text = path.read_text("utf-8")
    assert text.count("3 | 4 | 3 | 13 | 5 | 14 |") == 1
    path.write_text(text.replace("| 13 | 5 | 14 |", "| 13 | 5 | 7 |"), "utf-8")
    conc = load(d)
    assert "sympkyn_table_as_printed/3" not in {c.key for c in cases(conc)}
    assert not [m for m in mismatches(conc) if m.label == "Break even(pairs)"]


def test_mismatches(found: dict[str, Finding]) -> None:
    found_m = {(m.source, m.label, m.content) for m in mismatches()}
    assert found_m == {
        ("sympkyn", "Break even(pairs)", "3 | 4 | 3 | 13 | 5 | 14 |"),
        ("sympkyn", "antes 1 coin", "5 | 3 | 2 | 8 | 5 | 4 |"),
        ("sympkyn", "Players: Exactly 5", "Optional rules for 3,4 or 6"),
        ("sympkyn", "takes 1 coin to the pot", "gain a coin from the pot"),
        ("sympkyn", "to take the pot", "determined by won cards"),
        ("parlett", "the eight he started with", "above or below fourteen"),
        ("parlett", "the eight he started with", "above or below six"),
        ("du-coeur", "wins 6", "5 *extra* stakes"),
        ("du-coeur", "count 4 stakes", "win 3 stakes extra"),
        ("du-coeur", "the person who won the last hand", "immediately wins five stakes"),
        ("crowe", "Reverse", "To Play at Whift"),
    }
    pairs = next(m for m in mismatches() if m.label == "Break even(pairs)")
    assert "28 cards each, 84 in all" in pairs.explanation


def test_audit_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_audit(argparse.Namespace(json=True, sources_dir=None)) == 0
    data = json.loads(capsys.readouterr().out)
    statuses = {f["key"]: f["status"] for f in data["findings"]}
    assert {k for k, s in statuses.items() if s == "fails"} == set(EXPECTED_FAILURES)
    du_coeur_8 = next(f for f in data["findings"] if f["key"] == "du_coeur/8")
    assert du_coeur_8["pot_left"] == [-4, 3]
    assert du_coeur_8["owed"] == 17
    assert len(data["mismatches"]) == len(mismatches())
    # The clause coverage: every source, each clause mapped to something.
    conc = load()
    assert [c["source"] for c in data["coverage"]] == [s.id for s in conc.sources]
    assert sum(c["clauses"] for c in data["coverage"]) == len(conc.clauses)
    assert all(not c["unmapped"] for c in data["coverage"])
    assert [p["option"] for p in data["pending_options"]] == [o for _, o in pending_options(conc)]


def test_audit_command_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_audit(argparse.Namespace(json=False, sources_dir=None)) == 0
    out = capsys.readouterr().out
    assert "FAILS    du_coeur/8" in out
    assert f"{len(cases())} tables audited, {len(EXPECTED_FAILURES)} fail" in out
    assert f"{len(load().clauses)} clauses, 0 unmapped." in out


# ------------------------------------------------------------------ clause coverage


def test_coverage_lists_every_clause_once() -> None:
    conc = load()
    found = coverage(conc)
    assert [s.source for s in found] == [s.id for s in conc.sources]
    listed = [u.clause for s in found for u in s.clauses]
    assert sorted(listed) == sorted(c.id for c in conc.clauses)
    for s in found:
        assert len(s.clauses) == len(conc.clauses_of(s.source))


def test_every_clause_maps_to_something() -> None:
    unmapped = [(u.clause, u.unmapped_rulings) for s in coverage() for u in s.unmapped]
    assert not unmapped, f"clauses that map to nothing: {unmapped}"


def test_coverage_counts_what_the_clauses_say() -> None:
    conc = load()
    for s in coverage(conc):
        supported = {
            (conc.ruling(r).option, v)
            for c in conc.clauses_of(s.source)
            if c.reading == "supports"
            for r in c.rulings
            for v in c.values
        }
        assert set(s.option_values) == supported, s.source
        named = {r for c in conc.clauses_of(s.source) for r in c.rulings}
        assert set(s.rulings) == named, s.source
        assert set(s.rulings_decided) <= named
    parlett = next(s for s in coverage(conc) if s.source == "parlett")
    assert ("hand_pairs_when", "promptly_or_own_turn") in parlett.option_values
    assert ("hand_pairs_when", "any_time") not in parlett.option_values
    damaged = next(u for u in parlett.clauses if u.clause == "P-25")
    assert damaged.silent_or_damaged == ("R11", "R15", "R24", "R36")
    assert damaged.mapped


def test_a_clause_that_decides_nothing_is_reported(tmp_path: Path) -> None:
    d = tmp_path / "sources"
    shutil.copytree(default_directory(), d)
    f = d / "du-coeur.toml"
    text = f.read_text("utf-8")
    old = 'reading = "ambiguous"\nvalue = ["first_in_time", "first_in_rotation"]\n'
    assert text.count(old) == 1
    f.write_text(text.replace(old, 'reading = "ambiguous"\n'), "utf-8")
    found = coverage(load(d))
    dc = next(s for s in found if s.source == "du-coeur")
    assert [(u.clause, u.unmapped_rulings) for u in dc.unmapped] == [("DC-47", ("R25",))]
    text_report = coverage_report(found)
    assert "unmapped: DC-47 (ambiguous) on R25" in text_report
    assert "1 unmapped." in text_report


def test_pending_options_are_the_registry_options_the_engine_lacks() -> None:
    from lld.ruleset import OPTIONS

    conc = load()
    pending = pending_options(conc)
    assert all(option not in OPTIONS for _, option in pending)
    decided = {r.option for r in conc.rulings if r.option}
    assert {o for _, o in pending} == decided - set(OPTIONS)
    report_text = coverage_report(coverage(conc), pending)
    for rid, option in pending:
        assert f"{option} ({rid})" in report_text


def test_the_mismatches_read_from_the_sources_quote_them_verbatim() -> None:
    """The label and content of each mismatch kept in a source's file are that
    source's own words, found in its seed text."""
    from seed_texts import normalise, seed_texts

    conc = load()
    texts = seed_texts({s.id: s.author for s in conc.sources})
    kept = [(s.id, m) for s in conc.sources for m in s.mismatches]
    assert len(kept) == 7
    for source, m in kept:
        for words in (m.label, m.content):
            assert normalise(words) in normalise(texts[source]), (source, words)
        assert m.clauses == tuple(c for c in m.clauses if conc.clause(c).source == source)

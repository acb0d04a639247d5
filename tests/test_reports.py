"""The read-model's reports: built from the concordance and the engine, JSON valid
against the shipped schemas, and the balance verdict stated once."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from lld.cards import NUM_CARDS
from lld.concordance import SOURCE_IDS, load
from lld.presets import EDITORIAL_CHOICES, PRESETS
from lld.reports import (
    balance_check,
    preset_report,
    preset_rules,
    ruling_report,
    schema,
    stakes_report,
)
from lld.reports.schemas import SCHEMAS
from lld.stakes import TABLES

CONC = load()


def _bundled(name: str) -> dict[str, Any]:
    """The schema ``name`` with every schema it refers to (``{"$ref": "lld:OTHER"}``)
    copied into its ``$defs``, all references made local.

    Bundled, the schemas validate with every jsonschema release: Pyodide's test
    wheels have 4.17, which predates the ``referencing`` registry and would try to
    fetch an ``lld:`` address.
    """

    def local(node: Any, inside: str | None) -> Any:
        if isinstance(node, dict):
            out = {k: local(v, inside) for k, v in node.items() if k not in ("$id", "$schema")}
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("lld:"):
                out["$ref"] = f"#/$defs/lld-{ref[4:]}"
            elif isinstance(ref, str) and ref.startswith("#/$defs/") and inside is not None:
                out["$ref"] = f"#/$defs/lld-{inside}/{ref[2:]}"
            return out
        if isinstance(node, list):
            return [local(v, inside) for v in node]
        return node

    root = schema(name)
    bundled = {**local(root, None), "$schema": root["$schema"]}
    defs = dict(bundled.get("$defs", {}))
    for other in SCHEMAS:
        if other != name and f'"lld:{other}"' in json.dumps(root):
            defs[f"lld-{other}"] = local(schema(other), other)
    if defs:
        bundled["$defs"] = defs
    return bundled


def _validate(name: str, instance: Any) -> None:
    jsonschema.Draft202012Validator.check_schema(schema(name))
    validator = jsonschema.Draft202012Validator(_bundled(name))
    # Through a JSON round trip: the form a reader gets is what is checked.
    validator.validate(json.loads(json.dumps(instance)))


@pytest.mark.parametrize("ruling", [r.id for r in CONC.rulings])
def test_every_ruling_report_fits_its_schema(ruling: str) -> None:
    from lld.cli.sources_cmd import ruling_lines

    report = ruling_report(ruling, CONC)
    _validate("ruling-report", report.to_json())
    assert ruling_lines(report)[0].startswith(f"{ruling}  ")  # and its text renders
    assert [s.source for s in report.sources] == list(SOURCE_IDS)
    for words in report.sources:
        assert words.silent == (not CONC.clauses_for(ruling, words.source))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_report_fits_its_schema(preset: str) -> None:
    report = preset_report(preset_rules(preset), CONC)
    _validate("preset-report", report.to_json())
    assert report.players == PRESETS[preset].players
    assert [s.players for s in report.stakes] == list(report.players)
    for s in report.stakes:
        _validate("stakes-report", s.to_json())


def test_a_schema_rejects_a_report_missing_its_verdict() -> None:
    shown = stakes_report(preset_rules("parlett"), 5).to_json()
    del shown["balance"]["verdict"]
    with pytest.raises(jsonschema.ValidationError):
        _validate("stakes-report", shown)


def test_r14_values_clauses_and_presets() -> None:
    r = ruling_report("R14", CONC)
    three = next(v for v in r.values if v.value == "three_only")
    assert three.presets == ("sympkyn",)
    assert [c.id for c in three.clauses] == ["S-15", "S-17"]
    assert all(c.source == "sympkyn" and c.reading == "supports" for c in three.clauses)
    assert r.preset("sympkyn").value == "three_only"
    assert r.behaviour is not None
    assert next(d.example for d in r.behaviour) == "r14-pair-royal-one-of-three.lld"


def test_clauses_reporting_willughby_are_flagged() -> None:
    # Strategy advice (an 'advises' clause) bears on no ruling, so no ruling report shows it.
    flagged = {c.id for c in CONC.clauses if c.reports == "Willughby" and c.rulings}
    assert flagged  # the data has some
    seen = set()
    for ruling in CONC.rulings:
        for words in ruling_report(ruling.id, CONC).sources:
            for c in words.clauses:
                assert c.reports_willughby == (c.id in flagged)
                seen.add(c.id)
    assert flagged <= seen


def test_editorial_marks_come_from_the_presets_reasons() -> None:
    for (preset, option), reason in EDITORIAL_CHOICES.items():
        setting = preset_report(preset_rules(preset), CONC).option(option)
        assert setting.editorial
        assert setting.editorial_reason == reason
        ruling = ruling_report(setting.ruling, CONC)
        assert ruling.preset(preset).editorial_reason == reason
    plain = preset_report(preset_rules("du-coeur"), CONC).option("pair_royal_capture")
    assert not plain.editorial
    assert plain.editorial_reason is None


def test_an_override_is_marked_and_not_editorial() -> None:
    r = preset_report(preset_rules("sympkyn", ["hand_pairs_when=promptly_or_own_turn"]), CONC)
    setting = r.option("hand_pairs_when")
    assert setting.overridden
    assert not setting.editorial
    assert r.overrides == (("hand_pairs_when", "promptly_or_own_turn"),)


def test_every_ruling_with_an_option_is_played_with_each_presets_value() -> None:
    """Every option the registry names is the engine's: each report shows every
    preset's own value and the engine's behaviour."""
    from lld.ruleset import OPTIONS

    for ruling in CONC.rulings:
        if ruling.option is None:
            continue
        report = ruling_report(ruling.id, CONC)
        assert ruling.option in OPTIONS
        for p in report.presets:
            assert p.value == getattr(PRESETS[p.preset], ruling.option), (ruling.id, p.preset)


def test_uncontested_ruling_has_no_values_presets_or_behaviour() -> None:
    r = ruling_report("R1", CONC)
    assert (r.option, r.values, r.presets, r.behaviour) == (None, (), (), None)
    assert not r.source("parlett").silent


# ------------------------------------------------------------------ stakes


def _every_table() -> list[Any]:
    return [t for by_name in TABLES.values() for t in by_name.values()]


@pytest.mark.parametrize("table", _every_table(), ids=lambda t: f"{t.name}/{t.players}")
def test_balance_verdict_from_first_principles(table: Any) -> None:
    # The oracle: the sums written out here from the antes and the deal.
    n = table.players
    pot = table.dealer_ante + (n - 1) * table.other_ante
    dealt = n * table.hand_size + table.table_cards
    settlement = "most_pairs" if table.break_even is None else "break_even"
    check = balance_check(table, settlement)
    values = {s.name: s.value for s in check.arithmetic}
    assert values["pot"] == pot
    assert values["cards dealt"] == dealt
    if dealt != NUM_CARDS:
        assert check.verdict == "cards_not_52"
    elif table.break_even is None:
        assert check.verdict == "most_pairs"
    else:
        owed = table.last_player_bonus + (NUM_CARDS - n * table.break_even) / 2
        assert values["stakes owed"] == owed
        assert values["difference"] == owed - pot
        if table.break_even % 2:
            assert check.verdict == "odd_break_even"
        elif owed > pot:
            assert (check.verdict, check.shortfall) == ("pot_short", owed - pot)
        elif owed < pot:
            assert (check.verdict, check.shortfall) == ("pot_over", owed - pot)
        else:
            assert check.verdict == "balances"
    assert check.balances == (check.verdict == "balances")
    # The stakes module's own flag agrees (until it is retired in favour of this).
    assert check.balances == table.balances


def test_most_pairs_settlement_never_balances_even_on_a_break_even_table() -> None:
    rules = preset_rules("caidis", ["deal_5=willughby"])
    assert stakes_report(rules, 5).balance.verdict == "most_pairs"


def test_stakes_report_antes_by_role() -> None:
    s = stakes_report(preset_rules("parlett"), 5)
    assert [(a.role, a.amount) for a in s.antes] == [
        ("eldest", 2), ("second", 2), ("third", 2), ("fourth", 2), ("dealer", 3),
    ]  # fmt: skip
    assert sum(a.amount for a in s.antes) == s.pot == 11
    assert s.balance.text == "balances: the pot is used up exactly, whatever the play"


def test_unknown_schema_is_an_lld_error() -> None:
    from lld.errors import LldError

    with pytest.raises(LldError, match="no schema called 'nope'"):
        schema("nope")

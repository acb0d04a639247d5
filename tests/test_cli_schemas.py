"""The JSON the command line prints fits the shipped schemas: ``lld ruling --json``
(``ruling-report``), ``lld rules --json`` (``preset-listing``), ``lld rules NAME
--json`` (``preset-report``) and ``lld stakes --json`` (``stakes-listing``), each
read from the real output of the command."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from lld.cli import main
from lld.concordance import load
from lld.presets import PRESETS
from lld.reports import schema
from test_reports import _bundled


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    code = main([*args, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def check(name: str, instance: Any) -> None:
    jsonschema.Draft202012Validator.check_schema(schema(name))
    jsonschema.Draft202012Validator(_bundled(name)).validate(instance)


@pytest.mark.parametrize("ruling", [r.id for r in load().rulings])
def test_lld_ruling_json_fits_the_ruling_report_schema(
    capsys: pytest.CaptureFixture[str], ruling: str
) -> None:
    shown = cli_json(capsys, "ruling", ruling)
    check("ruling-report", shown)
    assert shown["id"] == ruling


def test_lld_rules_json_fits_the_preset_listing_schema(
    capsys: pytest.CaptureFixture[str],
) -> None:
    shown = cli_json(capsys, "rules")
    check("preset-listing", shown)
    assert {row["name"] for row in shown} == set(PRESETS)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_lld_rules_name_json_fits_the_preset_report_schema(
    capsys: pytest.CaptureFixture[str], preset: str
) -> None:
    check("preset-report", cli_json(capsys, "rules", preset))


STAKES_ARGS = [
    *[("--ruleset", p) for p in sorted(PRESETS)],
    *[("--ruleset", p, "--players", str(n)) for p in sorted(PRESETS) for n in PRESETS[p].players],
    ("--ruleset", "parlett", "--option", "settlement=most_pairs"),
]


@pytest.mark.parametrize("args", STAKES_ARGS, ids=" ".join)
def test_lld_stakes_json_fits_the_stakes_listing_schema(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    shown = cli_json(capsys, "stakes", *args)
    check("stakes-listing", shown)
    rules = PRESETS[args[1]]
    asked = [int(args[3])] if "--players" in args else list(rules.players)
    assert [t["players"] for t in shown["tables"]] == asked


@pytest.mark.parametrize(
    ("name", "change"),
    [
        ("stakes-listing", lambda o: o.pop("settlement")),
        ("stakes-listing", lambda o: o.update(tables=[])),
        ("stakes-listing", lambda o: o["tables"][0].pop("balance")),
        ("preset-listing", lambda o: o[0].update(players=["5"])),
        ("preset-listing", lambda o: o[0].update(extra=1)),
    ],
)
def test_the_listing_schemas_refuse_a_wrong_listing(
    capsys: pytest.CaptureFixture[str], name: str, change: Any
) -> None:
    shown = cli_json(capsys, *(("stakes",) if name == "stakes-listing" else ("rules",)))
    change(shown)
    with pytest.raises(jsonschema.ValidationError):
        check(name, shown)

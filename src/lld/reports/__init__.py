"""Reports: what a reader is shown about a ruling, a preset, a stakes table, or
where the sources differ.

Each report is a frozen dataclass built from the concordance (the sources'
words and the rulings registry) and the engine (presets, stakes tables, the
demonstrations), and nothing else computes what it holds: the command line
(``lld ruling``, ``lld rules``, ``lld stakes``) and the site render these
objects (the site's table of where the sources differ is
:func:`differences_report`). ``to_json()`` gives each one's JSON form, whose
JSON Schema (draft 2020-12) ships in the package (:func:`schema`).

>>> r = ruling_report("R14")
>>> r.option, [v.value for v in r.values]
('pair_royal_capture', ['one_or_three', 'three_only'])
>>> [p.preset for p in r.presets if p.value == "three_only"]
['sympkyn']
>>> s = stakes_report(preset_rules("du-coeur"), 8)
>>> s.balance.balances, s.balance.verdict
(False, 'odd_break_even')
>>> stakes_report(preset_rules("parlett"), 5).balance.text
'balances: the pot is used up exactly, whatever the play'
"""

from __future__ import annotations

from lld.reports.differences import (
    DifferenceRow,
    DifferencesReport,
    ProjectCell,
    SourceCell,
    differences_report,
)
from lld.reports.preset import (
    OptionSetting,
    PresetReport,
    preset_report,
    preset_rules,
    preset_summaries,
)
from lld.reports.ruling import (
    PresetValue,
    QuotedClause,
    RulingReport,
    SourceWords,
    ValueReport,
    ruling_report,
)
from lld.reports.schemas import schema
from lld.reports.stakes import (
    BalanceCheck,
    RoleAnte,
    StakesReport,
    Step,
    balance_check,
    stakes_report,
)

__all__ = [
    "BalanceCheck",
    "DifferenceRow",
    "DifferencesReport",
    "OptionSetting",
    "PresetReport",
    "PresetValue",
    "ProjectCell",
    "QuotedClause",
    "RoleAnte",
    "RulingReport",
    "SourceCell",
    "SourceWords",
    "StakesReport",
    "Step",
    "ValueReport",
    "balance_check",
    "differences_report",
    "preset_report",
    "preset_rules",
    "preset_summaries",
    "ruling_report",
    "schema",
    "stakes_report",
]

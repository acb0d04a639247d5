"""``{stakes}``: every deal and stakes table the sources give, with its balance check.

Renders :func:`lld.reports.stakes_report` for each player count and each table
of :data:`lld.stakes.TABLES`, under each preset that deals it (a table no preset
deals is settled as the reconstruction settles): the antes, the pot, the deal,
and the :class:`~lld.reports.stakes.BalanceCheck`'s verdict with its
arithmetic, line by line. Nothing is summed here.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from lld.presets import PRESETS
from lld.reports import stakes_report
from lld.reports.stakes import StakesReport
from lld.stakes import TABLES

from .common import literal, note_engine_dependencies, para, source_label, strong, table

#: The preset whose settlement a table that no preset deals is checked under.
FALLBACK = "reconstruction"


def _reports(players: int) -> list[tuple[list[str], StakesReport]]:
    """Each table for ``players`` with the presets that deal it, one report per settlement."""
    option = f"deal_{players}"
    out = []
    for name in TABLES[players]:
        users = [p for p, rules in PRESETS.items() if rules.options().get(option) == name]
        by_settlement: dict[str, list[str]] = {}
        for p in users:
            by_settlement.setdefault(PRESETS[p].settlement, []).append(p)
        if not by_settlement:
            by_settlement[PRESETS[FALLBACK].settlement] = []
        for presets in by_settlement.values():
            rules = PRESETS[presets[0] if presets else FALLBACK].replace(**{option: name})
            out.append((presets, stakes_report(rules, players)))
    return out


def _arithmetic(presets: list[str], report: StakesReport) -> nodes.Node:
    """The balance check's sums, one a line, under the table's name."""
    box = nodes.container(classes=["lld-balance"])
    who = ", ".join(presets) if presets else "no preset"
    box += para(
        strong("Balance check of "), literal(report.table), f" ({who}; {report.settlement}): ",
        report.balance.text, ".",
    )  # fmt: skip
    lines = nodes.bullet_list(classes=["lld-arithmetic"])
    for step in report.balance.arithmetic:
        lines += nodes.list_item("", para(f"{step.name}: {step.expression} = {step.value:g}"))
    box += lines
    return box


class StakesDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        out: list[nodes.Node] = []
        headers = [
            "Deal", "Sources and presets", "Antes", "Pot", "Each / table",
            "Last player", "Break-even", "Balance check",
        ]  # fmt: skip
        for players in sorted(TABLES):
            title = f"{players} players"
            section = nodes.section(ids=[f"stakes-{players}"], names=[f"stakes-{players}"])
            self.state.document.note_explicit_target(section)
            section += nodes.title(title, title)
            rows: list[list[nodes.Node | str]] = []
            reports = _reports(players)
            for presets, r in reports:
                who = ", ".join(source_label(s) for s in r.sources)
                who += "; presets " + ", ".join(presets) if presets else "; no preset"
                antes = ", ".join(f"{a.role} {a.amount}" for a in r.antes)
                rows.append([
                    para(literal(r.table)),
                    who + f" (settled by {r.settlement})",
                    antes,
                    str(r.pot),
                    f"{r.hand_size} / {r.table_cards}" + (" (widow)" if r.widow else ""),
                    str(r.last_player_bonus),
                    "—" if r.break_even is None else str(r.break_even),
                    para(strong(r.balance.text.partition(":")[0])),
                ])  # fmt: skip
            section += table(headers, rows, widths=[2, 3, 2, 1, 2, 1, 1, 2])
            for presets, r in reports:
                section += _arithmetic(presets, r)
            notes = nodes.bullet_list()
            for name, t in TABLES[players].items():
                notes += nodes.list_item("", para(literal(name), f": {t.summary}."))
            section += notes
            out.append(section)
        return out

"""``{stakes}``: every deal and stakes table the sources give, with its balance check.

Renders :func:`lld.reports.stakes_report` for each player count and each table
of :data:`lld.stakes.TABLES`, under each preset that deals it (a table no preset
deals is settled as the reconstruction settles): the antes, the pot, the deal,
and the :class:`~lld.reports.stakes.BalanceCheck`'s verdict with its
arithmetic, line by line. Nothing is summed here.

``:players: 4 5 6`` renders instead one small table of the project's reading
(the reconstruction preset) for those player counts, a column each: the antes,
the pot, the cards to each player and to the table, the last player's bonus and
the break-even, for a page written for players. With ``:expect: balances`` the
build fails unless each of those pots is used up exactly, whatever the play (the
page's claim, checked as :mod:`.expect` checks a ruling's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from lld.presets import PRESETS, reading_name, readings_named
from lld.reports import stakes_report
from lld.reports.stakes import StakesReport
from lld.stakes import TABLES

from .common import literal, note_engine_dependencies, para, source_label, strong, table
from .expect import ExpectationError

#: The preset whose settlement a table that no preset deals is checked under.
FALLBACK = "reconstruction"
#: The preset of the compact table (``:players:``): the project's reading.
READING = "reconstruction"
#: What ``:expect:`` may claim of a compact table.
EXPECTS = ("balances",)


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


def _settled(presets: list[str], report: StakesReport) -> str:
    """How the table is settled, in words: as its readings settle it, or (a table no
    reading deals) as the project's reading does."""
    return report.settled + ("" if presets else f", as {reading_name(FALLBACK)} settles")


def _arithmetic(presets: list[str], report: StakesReport) -> nodes.Node:
    """The balance check's sums, one a line, under the table's name."""
    box = nodes.container(classes=["lld-balance"])
    who = f"{readings_named(presets)}, " if presets else "no reading deals it; "
    who += _settled(presets, report)
    box += para(
        strong("Balance check of "), literal(report.table), f" ({who}): ",
        report.balance.text, ".",
    )  # fmt: skip
    lines = nodes.bullet_list(classes=["lld-arithmetic"])
    for step in report.balance.arithmetic:
        lines += nodes.list_item("", para(f"{step.name}: {step.expression} = {step.value:g}"))
    box += lines
    return box


def _player_counts(text: str) -> tuple[int, ...]:
    """``:players: 4 5 6`` as ``(4, 5, 6)``."""
    counts = tuple(directives.positive_int(word) for word in text.replace(",", " ").split())
    if not counts:
        raise ValueError("name the player counts, as in 4 5 6")
    return counts


#: The compact table's rows: a label, and the figure of a report it shows.
COMPACT_ROWS: tuple[tuple[str, Callable[[StakesReport], object]], ...] = (
    ("The dealer antes", lambda r: r.dealer_ante),
    ("Each other player antes", lambda r: r.other_ante),
    ("The pot", lambda r: r.pot),
    ("Cards dealt to each player", lambda r: r.hand_size),
    ("Cards dealt face up to the table", lambda r: r.table_cards),
    ("The last player's bonus", lambda r: r.last_player_bonus),
    ("Break-even (won cards)", lambda r: "—" if r.break_even is None else r.break_even),
)


def compact_table(counts: tuple[int, ...], expect: str, where: str) -> nodes.table:
    """The project's reading for ``counts`` players, a column each; ``expect``
    (``balances`` or empty) is the page's claim about the pots."""
    if expect and expect not in EXPECTS:
        raise ExpectationError(
            f"{where}: bad :expect: {expect!r} for a stakes table (known: {', '.join(EXPECTS)})"
        )
    rules = PRESETS[READING]
    reports = []
    for n in counts:
        if n not in rules.players:
            raise ExpectationError(f"{where}: the project's reading gives no game for {n} players")
        report = stakes_report(rules, n)
        if expect == "balances" and not report.balance.balances:
            raise ExpectationError(
                f"{where}: the page expects the {n}-player pot to be used up exactly, but the"
                f" engine's balance check says it {report.balance.text}"
            )
        reports.append(report)
    rows = [[label, *(str(figure(r)) for r in reports)] for label, figure in COMPACT_ROWS]
    headers = ["", *(f"{n} players" for n in counts)]
    return table(headers, rows, widths=[4, *([2] * len(counts))], classes=["lld-stakes-compact"])


class StakesDirective(SphinxDirective):
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "players": _player_counts,
        "expect": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        if "players" in self.options:
            where = f"{self.env.docname}:{self.lineno}"
            expect = self.options.get("expect", "").strip()
            return [compact_table(self.options["players"], expect, where)]
        if "expect" in self.options:
            raise self.error(":expect: is for the table of :players:")
        out: list[nodes.Node] = []
        headers = [
            "Deal", "Sources and readings", "Antes", "Pot", "Each / table",
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
                who += f"; {readings_named(presets)}" if presets else "; no reading deals it"
                antes = ", ".join(f"{a.role} {a.amount}" for a in r.antes)
                rows.append([
                    para(literal(r.table)),
                    f"{who}; {_settled(presets, r)}",
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

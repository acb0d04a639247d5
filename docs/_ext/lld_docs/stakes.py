"""``{stakes}``: every deal and stakes table the sources give, with its balance check.

Formats :data:`lld.stakes.TABLES`: the figures and the check are the stakes
module's properties (``pot``, ``cards_dealt``, ``surplus_cards``,
``shortfall``, ``balances``).
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from lld.stakes import TABLES, StakesTable

from .common import literal, note_engine_dependencies, para, source_label, table


def _balance(t: StakesTable) -> str:
    if t.break_even is None:
        return "no break-even: settled by most pairs, so a tie leaves the stake (never balances)"
    parts = [
        f"{t.cards_dealt} cards dealt",
        f"{t.surplus_cards} cards above break-even pay one stake per two",
        f"plus {t.last_player_bonus} to the last player",
    ]
    if t.shortfall is None:
        parts.append("an odd number of surplus cards: no whole number of stakes")
    elif t.shortfall == 0:
        parts.append(f"exactly the pot of {t.pot}")
    elif t.shortfall > 0:
        parts.append(f"{t.shortfall} more than the pot of {t.pot}")
    else:
        parts.append(f"{-t.shortfall} less than the pot of {t.pot}")
    return "; ".join(parts)


class StakesDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        out: list[nodes.Node] = []
        headers = [
            "Deal", "Sources", "Antes (dealer, others)", "Pot", "Each / table",
            "Last player", "Break-even", "Balance check",
        ]  # fmt: skip
        for players in sorted(TABLES):
            title = f"{players} players"
            section = nodes.section(ids=[f"stakes-{players}"], names=[f"stakes-{players}"])
            self.state.document.note_explicit_target(section)
            section += nodes.title(title, title)
            rows: list[list[nodes.Node | str]] = []
            for t in TABLES[players].values():
                check = "balances" if t.balances else "does not balance"
                rows.append([
                    para(literal(t.name)),
                    ", ".join(source_label(s) for s in t.sources),
                    f"{t.dealer_ante}, {t.other_ante}",
                    str(t.pot),
                    f"{t.hand_size} / {t.table_cards}" + (" (widow)" if t.widow else ""),
                    str(t.last_player_bonus),
                    "—" if t.break_even is None else str(t.break_even),
                    para(nodes.strong(check, check), nodes.Text(": " + _balance(t))),
                ])  # fmt: skip
            section += table(headers, rows, widths=[2, 2, 2, 1, 2, 1, 1, 5])
            notes = nodes.bullet_list()
            for t in TABLES[players].values():
                notes += nodes.list_item("", para(literal(t.name), f": {t.summary}."))
            section += notes
            out.append(section)
        return out

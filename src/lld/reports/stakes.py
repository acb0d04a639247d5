"""The stakes of one player count under one reading, and whether they balance.

The balance verdict is worked out here and nowhere else in the read-model:
:func:`balance_check` turns a :class:`~lld.stakes.StakesTable`'s numbers into a
verdict and the arithmetic behind it, each step as data, so that every page and
command states it the same way.

>>> from lld.stakes import table_for
>>> b = balance_check(table_for(5, "sympkyn_flat"), "break_even")
>>> b.verdict, b.shortfall
('pot_short', 6)
>>> for step in b.arithmetic:
...     print(f"{step.name}: {step.expression} = {step.value:g}")
pot: dealer ante 1 + 4 others x 1 = 5
cards dealt: 5 hands x 8 + 12 on the table = 52
cards over break-even: 52 - 5 players x 8 = 12
stakes owed: last-player bonus 5 + 12 cards / 2 = 11
difference: stakes owed 11 - pot 5 = 6
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from lld.cards import NUM_CARDS
from lld.errors import RulesetError, shown
from lld.roles import role_names
from lld.ruleset import Ruleset
from lld.stakes import StakesTable, stakes_for_cards

#: Whether a table balances, and if not, why.
#:
#: ``balances``: 52 cards dealt, an even break-even, and the pot exactly pays the
#: last player's bonus and one stake for every two cards above break-even;
#: ``cards_not_52``: the hands and table do not make the pack;
#: ``most_pairs``: whoever wins most pairs takes the pot, and a tie leaves it;
#: ``odd_break_even``: nobody breaks even, and the pot is used up only when as
#: many win as lose;
#: ``pot_short``: the stakes owed exceed the pot (by ``shortfall``);
#: ``pot_over``: the pot keeps some when every stake is paid (``-shortfall``);
#: ``not_whole``: the stakes owed are not a whole number.
Verdict = Literal[
    "balances", "cards_not_52", "most_pairs", "odd_break_even", "pot_short", "pot_over",
    "not_whole",
]  # fmt: skip


@dataclass(frozen=True)
class Step:
    """One line of the arithmetic: ``name = expression = value``."""

    name: str
    expression: str
    value: float

    def to_json(self) -> dict[str, Any]:
        whole = self.value == int(self.value)
        value = int(self.value) if whole else self.value
        return {"name": self.name, "expression": self.expression, "value": value}


@dataclass(frozen=True)
class BalanceCheck:
    """Does the table balance, why (``verdict``), by how much, and the sums that show it."""

    verdict: Verdict
    balances: bool
    #: What the pot lacks (positive) or keeps (negative) once every card above
    #: break-even is paid for; ``None`` for most pairs or an odd number of cards.
    shortfall: int | None
    arithmetic: tuple[Step, ...]

    @property
    def text(self) -> str:
        """The verdict in words, with the amount where there is one."""
        return _VERDICT_TEXT[self.verdict].format(
            short=self.shortfall, over=-(self.shortfall or 0), dealt=self._dealt(), pack=NUM_CARDS
        )

    def _dealt(self) -> int:
        return int(next(s.value for s in self.arithmetic if s.name == "cards dealt"))

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "balances": self.balances,
            "shortfall": self.shortfall,
            "text": self.text,
            "arithmetic": [s.to_json() for s in self.arithmetic],
        }


_VERDICT_TEXT: dict[str, str] = {
    "balances": "balances: the pot is used up exactly, whatever the play",
    "cards_not_52": "does not balance: {dealt} cards are dealt, not {pack}",
    "most_pairs": "does not balance: most pairs takes the pot, and a tie leaves it",
    "odd_break_even": "balances only when as many players win as lose (odd break-even)",
    "pot_short": "does not balance: the pot is {short} short",
    "pot_over": "does not balance: {over} is left in the pot",
    "not_whole": "does not balance: the stakes owed are not a whole number",
}


def balance_check(table: StakesTable, settlement: str) -> BalanceCheck:
    """The balance verdict for ``table`` settled by ``settlement`` (R31's option)."""
    n = table.players
    steps = [
        Step("pot", f"dealer ante {table.dealer_ante} + {n - 1} others x {table.other_ante}",
             table.pot),
        Step("cards dealt",
             f"{n} hands x {table.hand_size} + {table.table_cards} on the table",
             table.cards_dealt),
    ]  # fmt: skip
    if table.cards_dealt != NUM_CARDS:
        return BalanceCheck("cards_not_52", False, None, tuple(steps))
    surplus, break_even = table.surplus_cards, table.break_even
    if settlement == "most_pairs" or surplus is None or break_even is None:
        return BalanceCheck("most_pairs", False, None, tuple(steps))
    owed = table.last_player_bonus + surplus / 2
    steps += [
        Step("cards over break-even", f"{NUM_CARDS} - {n} players x {break_even}", surplus),
        Step("stakes owed", f"last-player bonus {table.last_player_bonus} + {surplus} cards / 2",
             owed),
        Step("difference", f"stakes owed {owed:g} - pot {table.pot}", owed - table.pot),
    ]  # fmt: skip
    shortfall = table.shortfall
    verdict: Verdict
    if shortfall is None:
        verdict = "not_whole"
    elif break_even % 2:
        verdict = "odd_break_even"
    elif shortfall > 0:
        verdict = "pot_short"
    elif shortfall < 0:
        verdict = "pot_over"
    else:
        verdict = "balances"
    return BalanceCheck(verdict, verdict == "balances", shortfall, tuple(steps))


@dataclass(frozen=True)
class RoleAnte:
    """What the seat in one role antes."""

    role: str
    amount: int


@dataclass(frozen=True)
class StakesReport:
    """One player count's deal and stakes under one reading, and its balance check."""

    players: int
    #: The stakes table's name (the ``deal_N`` option's value) and the sources that give it.
    table: str
    option: str
    sources: tuple[str, ...]
    summary: str
    #: Antes in the order of play (eldest first, the dealer last).
    antes: tuple[RoleAnte, ...]
    dealer_ante: int
    other_ante: int
    pot: int
    hand_size: int
    table_cards: int
    #: The table cards are dealt as a widow's hand, then turned up.
    widow: bool
    last_player_bonus: int
    #: ``None`` where the hand is settled by most pairs.
    break_even: int | None
    settlement: str
    balance: BalanceCheck

    @property
    def thresholds(self) -> tuple[tuple[int, int], ...]:
        """How cards won turn into stakes, as the engine settles them
        (:func:`lld.stakes.stakes_for_cards`): ``(stakes, fewest cards won that
        give them)`` for +1, +2, -1 and -2, each that a hand can reach. Empty where
        the hand is settled by most pairs.

        "One stake for every two cards" is not true of an odd break-even, where a
        part-pair counts whole (R32): du Coeur's eight players break even at 5,
        and 6 cards win a stake.

        >>> from lld.reports import preset_rules
        >>> stakes_report(preset_rules("du-coeur"), 8).thresholds
        ((1, 6), (2, 8), (-1, 4), (-2, 2))
        """
        if self.break_even is None:
            return ()
        out = []
        for stakes in (1, 2, -1, -2):
            step = 1 if stakes > 0 else -1
            cards = self.break_even
            while 0 <= cards <= NUM_CARDS and stakes_for_cards(cards, self.break_even) != stakes:
                cards += step
            if 0 <= cards <= NUM_CARDS:
                out.append((stakes, cards))
        return tuple(out)

    @property
    def settled(self) -> str:
        """How the hand is settled, in the registry's words for the settlement
        option's ruling (its value's ``short``): ``settled by break-even: a stake for
        every two cards above or below it``."""
        from lld.concordance import load
        from lld.ruleset import OPTIONS

        ruling = load().ruling(OPTIONS["settlement"].ruling)
        short = next(
            (o.short for o in ruling.options if o.value == self.settlement),
            self.settlement,
        )
        return f"settled {short}" if short.startswith("by ") else f"settled so that {short}"

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "table": self.table,
            "option": self.option,
            "sources": list(self.sources),
            "summary": self.summary,
            "antes": [{"role": a.role, "amount": a.amount} for a in self.antes],
            "dealer_ante": self.dealer_ante,
            "other_ante": self.other_ante,
            "pot": self.pot,
            "hand_size": self.hand_size,
            "table_cards": self.table_cards,
            "widow": self.widow,
            "last_player_bonus": self.last_player_bonus,
            "break_even": self.break_even,
            "settlement": self.settlement,
            "balance": self.balance.to_json(),
        }


def stakes_report(rules: Ruleset, players: int) -> StakesReport:
    """The stakes for ``players`` under ``rules``; :class:`~lld.errors.RulesetError` if
    the reading gives no game for that many."""
    if not isinstance(rules, Ruleset):
        raise RulesetError(
            f"a report is on a Ruleset, such as lld.ruleset('parlett'), not {shown(rules)}"
        )
    t = rules.stakes(players)
    roles = role_names(players)
    antes = tuple(
        RoleAnte(role, t.dealer_ante if role == "dealer" else t.other_ante) for role in roles
    )
    return StakesReport(
        players=players,
        table=t.name,
        option=f"deal_{players}",
        sources=t.sources,
        summary=t.summary,
        antes=antes,
        dealer_ante=t.dealer_ante,
        other_ante=t.other_ante,
        pot=t.pot,
        hand_size=t.hand_size,
        table_cards=t.table_cards,
        widow=t.widow,
        last_player_bonus=t.last_player_bonus,
        break_even=t.break_even,
        settlement=rules.settlement,
        balance=balance_check(t, rules.settlement),
    )

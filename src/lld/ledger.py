"""The pot ledger: every stake that moves, to or from the pot or between players.

The ledger never hides a shortfall. If a source's stakes do not balance, the
pot ends below zero (it paid out more than it held) or above it (stakes are
left over), and :attr:`Ledger.pot` says by how much.

>>> led = Ledger(3)
>>> led.antes([4, 3, 3], "R5")
>>> led.from_pot(1, 5, "R30"); led.from_pot(2, 6, "R31")
>>> led.pot, led.net, led.consistent
(-1, [-4, 2, 3], True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


def totals(
    entries: Iterable[tuple[str, int | None, int | None, int]], players: int
) -> tuple[tuple[int, ...], int]:
    """Each seat's net and the pot, summed from ``entries`` (in :class:`Entry`'s field order).

    The one statement of what a ledger's entries add up to: :attr:`Ledger.consistent`
    checks the running totals against it, and positions and observations, which
    keep only the entries, read their totals from it.

    >>> totals([("R5", 0, None, 4), ("R30", None, 1, 3), ("R23", 0, 2, 1)], 3)
    ((-5, 3, 1), 1)
    """
    net, pot = [0] * players, 0
    for _rule, payer, payee, amount in entries:
        if payer is None:
            pot -= amount
        else:
            net[payer] -= amount
        if payee is None:
            pot += amount
        else:
            net[payee] += amount
    return tuple(net), pot


class Entry(NamedTuple):
    """``amount`` stakes from ``payer`` to ``payee``; ``None`` is the pot."""

    rule: str
    payer: int | None
    payee: int | None
    amount: int


class Ledger:
    __slots__ = ("_raw", "net", "pot")

    def __init__(self, players: int) -> None:
        self.pot = 0
        self.net = [0] * players
        # Plain tuples in Entry's field order; Entry objects are made when read.
        self._raw: list[tuple[str, int | None, int | None, int]] = []

    def copy(self) -> Ledger:
        # Filled in directly, not through __init__'s empty lists: every hand
        # starts from a copy (see lld.game._anted).
        other = object.__new__(Ledger)
        other.pot = self.pot
        other.net = self.net[:]
        other._raw = self._raw[:]
        return other

    @property
    def entries(self) -> list[Entry]:
        return [Entry._make(raw) for raw in self._raw]

    @property
    def rows(self) -> tuple[tuple[str, int | None, int | None, int], ...]:
        """The entries as plain tuples in :class:`Entry`'s field order (cheaper to make)."""
        return tuple(self._raw)

    def antes(self, amounts: list[int], rule: str) -> None:
        """Every seat's ante at once (seat order); a zero ante is no entry."""
        raw, net = self._raw, self.net
        for seat, amount in enumerate(amounts):
            if amount:
                self.pot += amount
                net[seat] -= amount
                raw.append((rule, seat, None, amount))

    def to_pot(self, seat: int, amount: int, rule: str) -> None:
        self.pot += amount
        self.net[seat] -= amount
        self._raw.append((rule, seat, None, amount))

    def from_pot(self, seat: int, amount: int, rule: str) -> None:
        self.pot -= amount
        self.net[seat] += amount
        self._raw.append((rule, None, seat, amount))

    def transfer(self, payer: int, payee: int, amount: int, rule: str) -> None:
        self.net[payer] -= amount
        self.net[payee] += amount
        self._raw.append((rule, payer, payee, amount))

    @property
    def consistent(self) -> bool:
        """Nothing made or lost: what the players are up, the pot is down, and back.

        Recomputed from the entries, not from the running totals.
        """
        net, pot = totals(self._raw, len(self.net))
        return pot == self.pot and list(net) == self.net and sum(net) + pot == 0

    @property
    def balanced(self) -> bool:
        """The pot is exactly used up."""
        return self.pot == 0

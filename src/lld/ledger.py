"""The pot ledger: every stake that moves, to or from the pot or between players.

The ledger never hides a shortfall. If a source's stakes do not balance, the
pot ends below zero (it paid out more than it held) or above it (stakes are
left over), and :attr:`Ledger.pot` says by how much.

>>> led = Ledger(3)
>>> led.antes([4, 3, 3], "R5")
>>> led.from_pot(1, 5, "R30"); led.from_pot(2, 6, "R31")
>>> led.pot, led.net, led.consistent
(-1, [-4, 2, 3], True)

Stakes are whole under every preset. Two readings part a stake: one shared
among the players still in (R23) and a half stake for a part-pair (R44). Such
an amount is an exact :class:`~fractions.Fraction`, never a float, so that
nothing is lost and the pot still balances to the last third of a stake; an
amount that comes out whole is kept as an ``int``.

>>> led.transfer(0, 1, Fraction(1, 3), "R23"); led.transfer(0, 2, Fraction(2, 3), "R23")
>>> led.net, led.consistent
([-5, Fraction(7, 3), Fraction(11, 3)], True)
>>> [format_amount(x, signed=True) for x in led.net]
['-5', '+7/3', '+11/3']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from typing import NamedTuple

from lld.errors import NotationError, shown

#: A number of stakes: whole, or an exact fraction where a reading parts a stake.
Amount = int | Fraction

# A whole number or a fraction n/d, optionally signed (as many digits as a record's
# other numbers may have); parse_amount then refuses what is not written the one way.
_AMOUNT = re.compile(r"([+-]?)([0-9]{1,30})(?:/([0-9]{1,30}))?", re.ASCII)


def whole_if_whole(amount: Amount) -> Amount:
    """``amount`` as an ``int`` where it is whole, so that whole stakes print and
    serialise as they always have.

    >>> whole_if_whole(Fraction(6, 3)), whole_if_whole(Fraction(1, 2))
    (2, Fraction(1, 2))
    """
    if isinstance(amount, Fraction) and amount.denominator == 1:
        return amount.numerator
    return amount


def format_amount(amount: Amount, *, signed: bool = False) -> str:
    """A number of stakes as records write it: ``3``, ``1/2``, ``-7/3``;
    with ``signed``, a gain or loss: ``+2``, ``-1/2``, ``0``.

    The pair of :func:`parse_amount`.

    >>> format_amount(Fraction(-7, 3)), format_amount(2, signed=True), format_amount(0, signed=True)
    ('-7/3', '+2', '0')
    """
    amount = whole_if_whole(amount)
    text = str(amount)
    return "+" + text if signed and amount > 0 else text


def json_amount(amount: Amount) -> int | str:
    """A number of stakes as JSON holds it: a whole one as a number, a parted one
    as its exact fraction in a string (a JSON number would round a third).

    >>> json_amount(3), json_amount(Fraction(-1, 3)), json_amount(Fraction(4, 2))
    (3, '-1/3', 2)
    """
    amount = whole_if_whole(amount)
    return amount if isinstance(amount, int) else format_amount(amount)


def parse_amount(text: str, where: str = "a stake") -> Amount:
    """A number of stakes from its notation: a whole number or a fraction in
    lowest terms, with an optional sign. The pair of :func:`format_amount`.

    >>> parse_amount("+7/3"), parse_amount("-2"), parse_amount("0")
    (Fraction(7, 3), -2, 0)
    >>> parse_amount("-2/4")
    Traceback (most recent call last):
    ...
    lld.errors.NotationError: a stake '-2/4' is not in lowest terms (write -1/2)
    """
    match = _AMOUNT.fullmatch(text)
    if match is None:
        raise NotationError(
            f"{where} {shown(text)} is not a number of stakes"
            " (a whole number or a fraction like 1/2)"
        )
    sign, top, bottom = match.groups()
    if bottom is not None and not int(bottom):
        raise NotationError(f"{where} {shown(text)} divides by zero")
    magnitude = Fraction(int(top), int(bottom or 1))
    value = whole_if_whole(-magnitude if sign == "-" else magnitude)
    if not value and sign:
        raise NotationError(f"{where} {shown(text)} is not a number of stakes (0 takes no sign)")
    written = format_amount(value, signed=sign == "+")
    if text != written:  # 2/4, 4/2, 3/1, 05: the value written another way
        what = "in lowest terms" if bottom is not None else "written plainly"
        raise NotationError(f"{where} {shown(text)} is not {what} (write {written})")
    return value


def totals(
    entries: Iterable[tuple[str, int | None, int | None, Amount]], players: int
) -> tuple[tuple[Amount, ...], Amount]:
    """Each seat's net and the pot, summed from ``entries`` (in :class:`Entry`'s field order).

    The one statement of what a ledger's entries add up to: :attr:`Ledger.consistent`
    checks the running totals against it, and positions and observations, which
    keep only the entries, read their totals from it.

    >>> totals([("R5", 0, None, 4), ("R30", None, 1, 3), ("R23", 0, 2, 1)], 3)
    ((-5, 3, 1), 1)
    """
    net: list[Amount] = [0] * players
    pot: Amount = 0
    for _rule, payer, payee, amount in entries:
        if payer is None:
            pot -= amount
        else:
            net[payer] -= amount
        if payee is None:
            pot += amount
        else:
            net[payee] += amount
    return tuple(map(whole_if_whole, net)), whole_if_whole(pot)


class Entry(NamedTuple):
    """``amount`` stakes from ``payer`` to ``payee``; ``None`` is the pot."""

    rule: str
    payer: int | None
    payee: int | None
    amount: Amount


class Ledger:
    __slots__ = ("_raw", "net", "pot")

    def __init__(self, players: int) -> None:
        self.pot: Amount = 0
        self.net: list[Amount] = [0] * players
        # Plain tuples in Entry's field order; Entry objects are made when read.
        self._raw: list[tuple[str, int | None, int | None, Amount]] = []

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
    def rows(self) -> tuple[tuple[str, int | None, int | None, Amount], ...]:
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

    def to_pot(self, seat: int, amount: Amount, rule: str) -> None:
        self.pot += amount
        self.net[seat] -= amount
        self._raw.append((rule, seat, None, amount))
        if type(amount) is Fraction:
            self._whole_where_whole(seat)

    def from_pot(self, seat: int, amount: Amount, rule: str) -> None:
        self.pot -= amount
        self.net[seat] += amount
        self._raw.append((rule, None, seat, amount))
        if type(amount) is Fraction:
            self._whole_where_whole(seat)

    def transfer(self, payer: int, payee: int, amount: Amount, rule: str) -> None:
        self.net[payer] -= amount
        self.net[payee] += amount
        self._raw.append((rule, payer, payee, amount))
        if type(amount) is Fraction:
            self._whole_where_whole(payer, payee)

    def _whole_where_whole(self, *seats: int) -> None:
        # A fraction that adds up to whole stakes goes back to an int, so that a
        # hand with parted stakes that come out even reads as one without them.
        # Only after a Fraction: whole stakes, every preset's, pay nothing for it.
        self.pot = whole_if_whole(self.pot)
        for seat in seats:
            self.net[seat] = whole_if_whole(self.net[seat])

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

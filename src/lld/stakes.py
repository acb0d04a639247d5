"""Deals and stakes: how many cards each player and the table get, and the money.

Every table here is one that a source gives (or, for the ``*_literal`` tables,
the figure du Coeur reports from Willughby before explaining why it cannot be
taken literally). :func:`audit` checks each for the two things Willughby's
arithmetic promises: the cards add up to 52, and the pot is exactly used up
(pot = last-player bonus + one stake for every two cards above break-even).

>>> t = table_for(5, "willughby")
>>> t.pot, t.surplus_cards, t.balances
(11, 12, True)
>>> table_for(5, "sympkyn_flat").shortfall
6
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from lld.cards import NUM_CARDS
from lld.errors import RulesetError, shown
from lld.ledger import Amount


@dataclass(frozen=True)
class StakesTable:
    """One way to deal and stake a hand for a given number of players.

    ``break_even`` is ``None`` where the source settles by most pairs instead
    (Compendium Caidis). ``widow`` means the table cards are dealt as an extra
    hand that takes the odd cards, then turned face up.
    """

    name: str
    players: int
    dealer_ante: int
    other_ante: int
    hand_size: int
    table_cards: int
    last_player_bonus: int
    break_even: int | None
    widow: bool = False

    # What the table means and which sources give it are the registry's words
    # (the option deal_N's value ``name``), not written here a second time.
    @property
    def summary(self) -> str:
        """The table in words: its meaning as a value of ``deal_N`` in the registry."""
        return _registry_value(self.players, self.name)[0]

    @property
    def sources(self) -> tuple[str, ...]:
        """The sources that give this table: those whose clauses support it."""
        return _registry_value(self.players, self.name)[1]

    @property
    def pot(self) -> int:
        return self.dealer_ante + self.other_ante * (self.players - 1)

    @property
    def cards_dealt(self) -> int:
        return self.players * self.hand_size + self.table_cards

    @property
    def surplus_cards(self) -> int | None:
        """Cards above everyone's break-even, which win stakes for someone."""
        if self.break_even is None:
            return None
        return NUM_CARDS - self.players * self.break_even

    @property
    def shortfall(self) -> int | None:
        """What the pot lacks (positive) or keeps over (negative) when every
        card above break-even is paid for. ``None`` for most-pairs settlement."""
        if self.surplus_cards is None:
            return None
        paid_for_cards = self.surplus_cards / 2
        owed = self.last_player_bonus + paid_for_cards
        diff = owed - self.pot
        return int(diff) if diff == int(diff) else None

    @property
    def balances(self) -> bool:
        """Cards add to 52 and the pot is exactly disposed of, whatever the play.

        Never for most-pairs settlement: a tie for most pairs leaves the stake.
        """
        if self.cards_dealt != NUM_CARDS or self.break_even is None:
            return False
        return self.break_even % 2 == 0 and self.shortfall == 0


def _t(
    name: str,
    players: int,
    antes: tuple[int, int],
    deal: tuple[int, int],
    bonus: int,
    break_even: int | None,
    widow: bool = False,
) -> StakesTable:
    return StakesTable(
        name, players, antes[0], antes[1], deal[0], deal[1], bonus, break_even, widow
    )  # fmt: skip


def _widow(players: int) -> StakesTable:
    size = NUM_CARDS // (players + 1)
    return _t("widow", players, (1, 0), (size, NUM_CARDS - players * size), 0, None, widow=True)


# name, players, (dealer's ante, other ante), (cards each, to the table), bonus, break-even
_ALL = (
    _t("parlett", 3, (4, 3), (13, 13), 5, 14),
    _widow(3),
    _t("willughby", 4, (3, 2), (10, 12), 3, 10),
    _t("willughby_literal", 4, (3, 2), (10, 12), 4, 10),
    _t("parlett_alternative", 4, (4, 3), (10, 12), 7, 10),
    _widow(4),
    _t("willughby", 5, (3, 2), (8, 12), 5, 8),
    _t("willughby_literal", 5, (3, 2), (8, 12), 6, 8),
    _t("sympkyn_flat", 5, (1, 1), (8, 12), 5, 8),
    _widow(5),
    _t("du_coeur", 6, (3, 2), (6, 16), 5, 6),
    _t("parlett", 6, (3, 2), (7, 10), 5, 6),
    _t("du_coeur", 7, (3, 2), (6, 10), 10, 6),
    _t("du_coeur", 8, (3, 2), (5, 12), 11, 5),
    _t("du_coeur_reduced", 8, (2, 1), (5, 12), 3, 5),
)

TABLES: dict[int, dict[str, StakesTable]] = {}
for _table in _ALL:
    TABLES.setdefault(_table.players, {})[_table.name] = _table


def _registry_value(players: int, name: str) -> tuple[str, tuple[str, ...]]:
    """The meaning and sources of value ``name`` of option ``deal_{players}``."""
    # The registry is the layer below the rulesets (whose OPTIONS read the same
    # words from it): read only when a caller wants words.
    from lld.concordance import load

    conc = load()
    ruling = next(r for r in conc.rulings if r.option == f"deal_{players}")
    meaning = next(o.meaning for o in ruling.options if o.value == name)
    return meaning, conc.credits(ruling.id, name)


def table_for(players: int, name: str) -> StakesTable:
    """The stakes table ``name`` for ``players`` players."""
    if players not in TABLES:
        raise RulesetError(
            f"no source gives a game for {shown(players)} players (sources give 3 to 8)"
        )
    try:
        return TABLES[players][name]
    except KeyError:
        known = ", ".join(TABLES[players])
        raise RulesetError(f"no {players}-player deal called {name!r} (known: {known})") from None


def stakes_for_cards(cards: int, break_even: int, part_pair: str = "toward_zero") -> Amount:
    """Stakes won (positive) or paid (negative) for ending with ``cards`` won cards.

    One stake per two cards away from break-even. Where break-even is odd (du
    Coeur's eight players) a part-pair counts as a whole one, as his "win one
    stake for six cards, and lose one for four" says (R32). A pile an odd
    number of cards from an even break-even (only R38's ``collects_all`` makes
    one) is settled as ``part_pair`` reads the odd card (R44): it counts for
    nothing (``toward_zero``), as a whole pair (``away_from_zero``), or as
    half a stake (``half_stake``).

    >>> [stakes_for_cards(c, 8) for c in (4, 8, 10)]
    [-2, 0, 1]
    >>> [stakes_for_cards(c, 5) for c in (0, 4, 6, 8)]
    [-3, -1, 1, 2]
    >>> [stakes_for_cards(c, 8) for c in (5, 7, 9, 11)]
    [-1, 0, 0, 1]
    >>> [stakes_for_cards(c, 8, "away_from_zero") for c in (5, 7, 9, 11)]
    [-2, -1, 1, 2]
    >>> [str(stakes_for_cards(c, 8, "half_stake")) for c in (5, 7, 9, 10)]
    ['-3/2', '-1/2', '1/2', '1']
    >>> [stakes_for_cards(c, 5) for c in (3, 5, 7)]
    [-1, 0, 1]
    """
    diff = cards - break_even
    if break_even % 2 == 0:
        if diff % 2 == 0 or part_pair == "toward_zero":
            return diff // 2 if diff >= 0 else -(-diff // 2)
        if part_pair == "half_stake":
            return Fraction(diff, 2)
        # away_from_zero: the odd card is paid for as the pair it is part of.
        return (diff + 1) // 2 if diff >= 0 else -((1 - diff) // 2)
    if diff >= 0:
        return (diff + 1) // 2
    return -((1 - diff) // 2)

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

from lld.cards import NUM_CARDS
from lld.errors import RulesetError


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
    sources: tuple[str, ...]
    summary: str
    widow: bool = False

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
    sources: tuple[str, ...],
    summary: str,
    widow: bool = False,
) -> StakesTable:
    return StakesTable(
        name, players, antes[0], antes[1], deal[0], deal[1], bonus, break_even, sources, summary,
        widow,
    )  # fmt: skip


def _widow(players: int) -> StakesTable:
    hands = players + 1
    size = NUM_CARDS // hands
    return _t(
        "widow", players, (1, 0), (size, NUM_CARDS - players * size), 0, None, ("caidis",),
        f"widow's hand: {hands} hands of {size}, the widow takes the odd cards and is turned up;"
        " the dealer's one stake goes to whoever wins most pairs",
        widow=True,
    )  # fmt: skip


_ALL = (
    _t("parlett", 3, (4, 3), (13, 13), 5, 14, ("parlett", "sympkyn"),
       "pot 10 (4-3-3), 13 each and 13 to the table, last in hand wins 5, break-even 14"),
    _widow(3),
    _t("willughby", 4, (3, 2), (10, 12), 3, 10, ("du-coeur", "parlett", "sympkyn"),
       "pot 9 (3-2-2-2), 10 each and 12 to the table, last in hand wins 3, break-even 10"),
    _t("willughby_literal", 4, (3, 2), (10, 12), 4, 10, ("du-coeur",),
       "Willughby's four for the last trick taken as four extra, which du Coeur shows"
       " cannot be meant"),
    _t("parlett_alternative", 4, (4, 3), (10, 12), 7, 10, ("parlett", "sympkyn"),
       "pot 13 (4-3-3-3), 10 each and 12 to the table, last in hand wins 7, break-even 10"),
    _widow(4),
    _t("willughby", 5, (3, 2), (8, 12), 5, 8, ("du-coeur", "parlett", "sympkyn"),
       "pot 11 (3-2-2-2-2), 8 each and 12 to the table, last in hand wins 5, break-even 8"),
    _t("willughby_literal", 5, (3, 2), (8, 12), 6, 8, ("du-coeur",),
       "Willughby's six for the last trick taken as six extra, which du Coeur shows"
       " cannot be meant"),
    _t("sympkyn_flat", 5, (1, 1), (8, 12), 5, 8, ("sympkyn",),
       "Sympkyn's text: everyone antes one coin, last player gets 5, break-even 8"),
    _widow(5),
    _t("du_coeur", 6, (3, 2), (6, 16), 5, 6, ("du-coeur",),
       "pot 13, 6 each and 16 to the table, last in hand wins 5, break-even 6"),
    _t("parlett", 6, (3, 2), (7, 10), 5, 6, ("parlett", "sympkyn"),
       "pot 13 (3-2-2-2-2-2), 7 each and 10 to the table, last in hand wins 5, break-even 6"),
    _t("du_coeur", 7, (3, 2), (6, 10), 10, 6, ("du-coeur",),
       "pot 15, 6 each and 10 to the table, last in hand wins 10, break-even 6"),
    _t("du_coeur", 8, (3, 2), (5, 12), 11, 5, ("du-coeur",),
       "pot 17, 5 each and 12 to the table, last in hand wins 11; one stake for six cards,"
       " one lost for four"),
    _t("du_coeur_reduced", 8, (2, 1), (5, 12), 3, 5, ("du-coeur",),
       "du Coeur's gentler eight: pot 9 (2 and 1s), last in hand wins 3, scored as his eight"),
)  # fmt: skip

TABLES: dict[int, dict[str, StakesTable]] = {}
for _table in _ALL:
    TABLES.setdefault(_table.players, {})[_table.name] = _table


def table_for(players: int, name: str) -> StakesTable:
    """The stakes table ``name`` for ``players`` players."""
    if players not in TABLES:
        raise RulesetError(f"no source gives a game for {players} players (sources give 3 to 8)")
    try:
        return TABLES[players][name]
    except KeyError:
        known = ", ".join(TABLES[players])
        raise RulesetError(f"no {players}-player deal called {name!r} (known: {known})") from None


def stakes_for_cards(cards: int, break_even: int) -> int:
    """Stakes won (positive) or paid (negative) for ending with ``cards`` won cards.

    One stake per two cards away from break-even; where break-even is odd (du
    Coeur's eight players) a part-pair counts as a whole one, as his "win one
    stake for six cards, and lose one for four" says.

    >>> [stakes_for_cards(c, 8) for c in (4, 8, 10)]
    [-2, 0, 1]
    >>> [stakes_for_cards(c, 5) for c in (0, 4, 6, 8)]
    [-3, -1, 1, 2]
    """
    diff = cards - break_even
    if diff >= 0:
        return (diff + 1) // 2
    return -((1 - diff) // 2)

"""The settlement of a hand, on plain values (R29-R33, R44): which leftover cards the
dealer takes, and the stakes paid out.

The game (:class:`~lld.game.Game`) decides when the hand ends and who is the
last player (R28, R34); it then asks :func:`share_leftovers` which of the
leftover cards the dealer takes (R29), and :func:`settle` pays the bonus and
each seat's stakes through the ledger (R30-R33). Neither reads a game: they
take the won piles, the ledger and the stakes, and give back or log what
they decide.

>>> from lld.cards import mask_of
>>> from lld.ledger import Amount, Ledger
>>> from lld.presets import ruleset
>>> rules = ruleset("parlett")
>>> ledger, log = Ledger(5), []
>>> ledger.antes([3, 2, 2, 2, 2], "R7")
>>> won = [mask_of(range(0, 10)), mask_of(range(10, 16)), mask_of(range(16, 32)),
...        mask_of(range(32, 40)), mask_of(range(40, 52))]
>>> settle(rules, rules.stakes(5), won, 2, ledger, log.append)
>>> ledger.pot, ledger.net
(0, [-2, -3, 7, -2, 0])
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from lld.cards import NIBBLE_COUNT, NUM_CARDS, count
from lld.concordance import ruling_id
from lld.events import LogEntry
from lld.kinds import BONUS, PAYS, POT_LEFT, TIE, WINS
from lld.ledger import Amount, Ledger
from lld.rule_tables import LOWEST
from lld.ruleset import Ruleset
from lld.stakes import StakesTable, stakes_for_cards


def share_leftovers(leftovers: int, rule: str) -> int:
    """R29: which of the leftover cards the dealer takes (the rest are set aside).

    >>> from lld.cards import format_cards, parse_cards
    >>> format_cards(share_leftovers(parse_cards("7C 7H 9D"), "pairs_to_dealer"))
    '7C 7H'
    """
    if rule == "all_to_dealer":
        return leftovers
    taken = 0
    for shift in range(0, 52, 4):
        nib = (leftovers >> shift) & 15
        taken |= LOWEST[nib][NIBBLE_COUNT[nib] & ~1] << shift
    return taken


@cache
def _payouts(break_even: int, part_pair: str) -> tuple[Amount, ...]:
    """``stakes_for_cards`` for every pile size from 0 to 52, worked out once."""
    return tuple(stakes_for_cards(cards, break_even, part_pair) for cards in range(NUM_CARDS + 1))


# The rulings of the settlement, by their names in the registry (sources/rulings.toml).
_R_BONUS = ruling_id("last_player_bonus")
_R_SETTLEMENT = ruling_id("settlement")
_R_ODD_BREAK_EVEN = ruling_id("odd_break_even")
_R_TIE = ruling_id("most_pairs_tie")
_R_PART_PAIR = ruling_id("part_pair")


def settle(
    rules: Ruleset,
    stakes: StakesTable,
    won: list[int],
    last: int | None,
    ledger: Ledger,
    log: Callable[[LogEntry], None],
) -> None:
    """R30-R33, R44: the last player's bonus, then each seat's stakes, through the ledger."""
    if last is not None and stakes.last_player_bonus:
        # R30: the last player's bonus.
        ledger.from_pot(last, stakes.last_player_bonus, _R_BONUS)
        log((_R_BONUS, last, BONUS, 0, 0, stakes.last_player_bonus))
    if rules.settlement == "break_even":
        break_even = stakes.break_even
        assert break_even is not None  # the ruleset checks this when built
        rule = _R_ODD_BREAK_EVEN if break_even % 2 else _R_SETTLEMENT
        payouts = _payouts(break_even, rules.part_pair)
        for seat, pile in enumerate(won):
            cards = pile.bit_count()
            k = payouts[cards]
            # R44 names a payment that a part-pair changed (an odd distance from an
            # even break-even); every other is the settlement's own.
            paid_by = _R_PART_PAIR if (cards - break_even) % 2 and rule == _R_SETTLEMENT else rule
            if k > 0:
                ledger.from_pot(seat, k, paid_by)
                log((paid_by, seat, WINS, 0, 0, k))
            elif k < 0:
                ledger.to_pot(seat, -k, paid_by)
                log((paid_by, seat, PAYS, 0, 0, -k))
    else:
        pairs = [count(w) // 2 for w in won]
        best = max(pairs)
        winners = [s for s in range(len(won)) if pairs[s] == best]
        if len(winners) == 1 and ledger.pot > 0:
            amount = ledger.pot
            ledger.from_pot(winners[0], amount, _R_SETTLEMENT)
            log((_R_SETTLEMENT, winners[0], WINS, 0, 0, amount))
        elif ledger.pot:
            log((_R_TIE, None, TIE, 0, 0, ledger.pot))
    if ledger.pot:
        log((_R_SETTLEMENT, None, POT_LEFT, 0, 0, ledger.pot))

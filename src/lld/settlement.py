"""The end of a hand (R28-R34): who goes out, the last player, who gets the
leftover cards, and the stakes paid out.

A seat whose hand is emptied goes out (R34, :func:`goes_out`). When one
seat or none is left in play the hand ends (:func:`finish`): the last player
is named, and under ``last_player_turn=one_more`` has one more turn (R28);
the dealer takes the leftovers or the pairs among them (R29,
:func:`share_leftovers`); then the bonus and each seat's stakes are paid
through the ledger (R30-R33, :func:`settle`).

>>> from lld.cards import mask_of
>>> from lld.ledger import Ledger
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
from typing import TYPE_CHECKING

from lld.cards import NIBBLE_COUNT, NUM_CARDS, count
from lld.kinds import (
    BONUS,
    LAST_PLAYER,
    LEFTOVERS,
    OUT,
    PAYS,
    POT_LEFT,
    SET_ASIDE,
    TIE,
    WINS,
    EventKind,
)
from lld.ledger import Ledger
from lld.rule_tables import LOWEST
from lld.ruleset import Ruleset
from lld.stakes import StakesTable, stakes_for_cards

if TYPE_CHECKING:
    from lld.game import Game

#: An entry of the game's log, in :class:`~lld.events.Event`'s field order.
LogEntry = tuple[str, "int | None", EventKind, int, int, int]


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
def _payouts(break_even: int) -> tuple[int, ...]:
    """``stakes_for_cards`` for every pile size from 0 to 52, worked out once."""
    return tuple(stakes_for_cards(cards, break_even) for cards in range(NUM_CARDS + 1))


def settle(
    rules: Ruleset,
    stakes: StakesTable,
    won: list[int],
    last: int | None,
    ledger: Ledger,
    log: Callable[[LogEntry], None],
) -> None:
    """R30-R33: the last player's bonus, then each seat's stakes, through the ledger."""
    if last is not None and stakes.last_player_bonus:
        # R30: the last player's bonus.
        ledger.from_pot(last, stakes.last_player_bonus, "R30")
        log(("R30", last, BONUS, 0, 0, stakes.last_player_bonus))
    if rules.settlement == "break_even":
        break_even = stakes.break_even
        assert break_even is not None  # the ruleset checks this when built
        rule = "R32" if break_even % 2 else "R31"
        payouts = _payouts(break_even)
        for seat, pile in enumerate(won):
            k = payouts[pile.bit_count()]
            if k > 0:
                ledger.from_pot(seat, k, rule)
                log((rule, seat, WINS, 0, 0, k))
            elif k < 0:
                ledger.to_pot(seat, -k, rule)
                log((rule, seat, PAYS, 0, 0, -k))
    else:
        pairs = [count(w) // 2 for w in won]
        best = max(pairs)
        winners = [s for s in range(len(won)) if pairs[s] == best]
        if len(winners) == 1 and ledger.pot > 0:
            amount = ledger.pot
            ledger.from_pot(winners[0], amount, "R31")
            log(("R31", winners[0], WINS, 0, 0, amount))
        elif ledger.pot:
            log(("R33", None, TIE, 0, 0, ledger.pot))
    if ledger.pot:
        log(("R31", None, POT_LEFT, 0, 0, ledger.pot))


def goes_out(game: Game, seat: int, rule: str) -> None:
    """``seat`` is out of the hand: its hand is emptied (R34), or it has lain down."""
    game.out[seat] = True
    game._in_play -= 1
    game._log.append((rule, seat, OUT, 0, 0, 0))


def finish(game: Game) -> None:
    """End the hand once one seat or none is in play: R28, then R29, then R30-R33.

    Under ``last_player_turn=one_more`` the first call gives the last player
    his turn, and the hand ends at the next.
    """
    log = game._log.append
    last = game.out.index(False) if game._in_play == 1 else None
    if last is not None and game.rules.last_player_turn == "one_more" and not game._final_turn:
        # R28: the last player gets one more turn.
        game._final_turn = True
        game.last_player = last
        log(("R28", last, LAST_PLAYER, 0, 0, 0))
        game.to_play = last
        return
    if not game._final_turn:
        game.last_player = last
        if last is not None:
            log(("R28", last, LAST_PLAYER, 0, 0, 0))
    last = game.last_player
    game.over = True
    # R29: the leftover cards.
    leftovers = game.table + sum(game.hands)  # disjoint sets: the sum is the union
    game.hands[:] = [0] * game.n
    game.table = 0
    game._dead.clear()
    game._public_changes += 1  # and the settlement's stakes, below
    game._lay_watch = [0] * game.n
    game.free_pending = False
    dealer = game.dealer
    taken = share_leftovers(leftovers, game.rules.leftovers)
    if taken:
        game.won[dealer] |= taken
        game._won_all |= taken
        log(("R29", dealer, LEFTOVERS, 0, taken, 0))
    game.aside = leftovers & ~taken
    if game.aside:
        log(("R29", None, SET_ASIDE, 0, game.aside, 0))
    settle(game.rules, game.stakes, game.won, last, game.ledger, log)

"""Lying down (R22-R24, R35-R37), and when a pair in hand may be laid (R19 with R39, R40).

A lie-down is a turn move: the player puts his whole hand on the table and is
out for the rest of the hand (R22); under ``lie_down_payment`` he may owe each
player still in a stake (R23). Where lying down is forced, R35 decides whether
one made while a capture was possible is refused or played as a mistake; a
mistaken lie-down's event names R35, and its ``amount`` is 1 (0 for every other
lie-down), so that a reader of the log can tell the mistake without the rules.

What the lie-down leaves on the table may be an oversight others can claim,
each case its own ruling, so that a source can rule one and not another:

* R24 (``lie_down_pair``): a set the player could have laid from his hand at
  that moment and did not: a mournival (R17), a pair royal (R18) or a pair
  that could no longer be mated (R19, with R39's trigger), or the pair left of a pair
  royal whose third card he played where R40 keeps it layable. Of a pair royal
  whose fourth card is won, a claim takes two; the third stays for the dealer.
* R36 (``mistaken_lie_down_pair``): after a lie-down R35 marks a mistake, a
  rank of which he put one card beside another on the table, the other two
  being won.
* R37 (``chosen_lie_down_pair``): the same pair, left by a lawful lie-down
  made by choice (``lie_down=voluntary``).

Only cards that no hand can mate are an oversight: a rank of which some hand
still holds a card is left alone. The functions here take the
:class:`~lld.game.Game` they act on; the game calls them from its move loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lld.cards import FULL_DECK, NIBBLE_COUNT, RANK_BASES, iter_ranks, ranks_present
from lld.kinds import LIE_PAYMENT
from lld.moves import LIE
from lld.rule_tables import CHOSEN_LIE_DOWN_PAIR, LIE_DOWN_PAIR, MISTAKEN_LIE_DOWN_PAIR

if TYPE_CHECKING:
    from lld.game import Game


def pair_is_dead(game: Game, seat: int, rank: int, trigger: str | None = None) -> bool:
    """R19 with R39's trigger: whether ``seat``'s pair of ``rank`` may be laid as dead.

    ``unmateable``: no card of the rank is left on the table or in another
    hand. ``other_pair_won``: besides, neither of the other two is in the
    holder's own won pile. ``never``: a pair held in hand is not laid (the
    rest of a mournival is R17's, checked by the caller). ``trigger``
    overrides the ruleset's, to say which reading a refusal turns on.
    """
    trigger = trigger or game.rules.dead_pair_trigger
    if trigger == "never":
        return False
    shift = rank << 2
    table = game.table
    if (table >> shift) & 15:
        return False
    in_hands = (FULL_DECK ^ table ^ game._won_all) >> shift & 15
    if in_hands != (game.hands[seat] >> shift) & 15:
        return False
    return trigger == "unmateable" or not (game.won[seat] >> shift) & 15


def dead_pair_problem(game: Game, seat: int, rank: int) -> tuple[str, str, str] | None:
    """R39: why ``seat``'s pair of ``rank``, dead on du Coeur's principle, may not be
    laid under the ruleset's narrower trigger, or ``None``."""
    trigger = game.rules.dead_pair_trigger
    if trigger == "unmateable" or not pair_is_dead(game, seat, rank, "unmateable"):
        return None
    why = {
        "other_pair_won": "a pair is laid only once other players have won the other two"
        " of its rank",
        "never": "a pair held in hand is never laid (only a mournival or a pair of a pair royal)",
    }[trigger]
    return why, "R39", f"dead_pair_trigger={trigger}"


def broken_pair_royal_problem(game: Game, seat: int, rank: int) -> tuple[str, str, str] | None:
    """R40: why ``seat`` may not lay the pair left of his pair royal of ``rank`` once its
    third card is played (``by_dead_rule``, and it is not dead by R19 with R39's
    trigger), or ``None`` if that is not why."""
    if not game._royal_rest[seat] >> rank & 1 or game.rules.broken_pair_royal == "layable":
        return None
    return (
        "the pair left of a pair royal whose third card was played is laid only as a pair"
        f" that can no longer be mated (R19 with R39, dead_pair_trigger="
        f"{game.rules.dead_pair_trigger}), and it is not one",
        "R40",
        "broken_pair_royal=by_dead_rule",
    )


def could_lay(game: Game, seat: int, rank: int, held: int) -> bool:
    """R17-R19, R39, R40: whether ``seat``, holding ``held`` cards of ``rank``, may lay a
    pair of it at all (when, R20, aside)."""
    if held >= 3:
        return True
    if held != 2:
        return False
    if game._mournival_rest[seat] >> rank & 1:
        return True  # R17: the other half of a mournival he laid half of
    if game._royal_rest[seat] >> rank & 1 and game.rules.broken_pair_royal == "layable":
        return True  # R40: the right to lay a pair of a pair royal outlives its third card
    return pair_is_dead(game, seat, rank)


def has_capture(game: Game, seat: int) -> bool:
    """Whether ``seat`` could capture now: every rank both in his hand and on the
    table gives a capture (R12-R16, R38 each allow one shape or more)."""
    return bool(ranks_present(game.hands[seat]) & ranks_present(game.table))


def lie_down_problem(game: Game, seat: int) -> tuple[str, str, str | None] | None:
    """R22, R35: why ``seat`` may not lie down now (he is the seat to play), or ``None``."""
    if game._forced and has_capture(game, seat):
        return "a player who can capture must do so", "R22", "lie_down=forced"
    return None


def lie_down(game: Game, seat: int) -> None:
    """Play ``seat``'s lie-down (R22, R35), its payment (R23) and its oversights (R24, R36, R37)."""
    hand = game.hands[seat]
    mistake = game._lie_down_mistakes and has_capture(game, seat)
    chosen = game.rules.lie_down == "voluntary"
    # R24: the ranks he could have laid at this moment, decided before his hand goes.
    # Every such rank is on his watch (see Game._lay_watch), usually empty: checking
    # only those keeps a lie-down cheap in the playout loop.
    layable = 0  # as ranks_present() gives ranks: bit rank << 2
    watch = game._lay_watch[seat]
    while watch:
        low = watch & -watch
        watch ^= low
        rank = low.bit_length() - 1
        held = NIBBLE_COUNT[(hand >> (rank << 2)) & 15]
        if held >= 2 and could_lay(game, seat, rank, held):
            layable |= 1 << (rank << 2)
    game.hands[seat] = 0
    game.table = table = game.table | hand
    game.out[seat] = True
    game._lie_downs[seat] = hand
    game._public_changes += 1  # the lie-down, its payment and any dead group below
    game._in_play -= 1
    game._lay_watch[seat] = 0
    game._log.append(("R35" if mistake else "R22", seat, LIE, 0, 0, 1 if mistake else 0))
    if game.rules.lie_down_payment == "stake_to_each_remaining":
        remaining = [s for s in range(game.n) if not game.out[s]]
        for s in remaining:
            game.ledger.transfer(seat, s, 1, "R23")
        if remaining:
            game._log.append(("R23", seat, LIE_PAYMENT, 0, 0, 1))
    game.turns += 1
    if game._fresh:
        game._fresh.clear()
    # Only the ranks he put down of which no card is left in any hand: nobody can mate
    # them. Without a mistake or a choice (R36, R37), only a layable rank can be one.
    candidates = ranks_present(hand) if mistake or chosen else layable
    if not candidates:
        return
    lonely = candidates & ~ranks_present(FULL_DECK ^ table ^ game._won_all) & RANK_BASES
    for rank in iter_ranks(lonely):
        shift = rank << 2
        on_table = NIBBLE_COUNT[(table >> shift) & 15]
        if layable >> shift & 1:
            origin = LIE_DOWN_PAIR
        elif NIBBLE_COUNT[(hand >> shift) & 15] == 1 and on_table == 2:
            # He put one card beside the one there; the other two are won.
            origin = MISTAKEN_LIE_DOWN_PAIR if mistake else CHOSEN_LIE_DOWN_PAIR
        else:
            continue
        game._dead[rank] = (origin, seat, game.turns)
        game.free_pending = True


__all__ = [
    "could_lay",
    "dead_pair_problem",
    "has_capture",
    "lie_down",
    "lie_down_problem",
    "pair_is_dead",
]

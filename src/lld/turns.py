"""Turn moves: captures (R12-R16, R38), and playing every move (R4's turn order).

The seat to play makes one turn move: a capture, or lying down (R22, in
:mod:`lld.lying_down`). A capture mates cards of one rank from the hand with
cards of that rank on the table; which shapes are captures, and under which
ruling, is compiled once per ruleset (:mod:`lld.rule_tables`): one card
against one (R12), a pair royal taken whole by the fourth (R13, R14), pair
against pair (R16), one against two or three (R38). The pair a capture leaves
of a pair royal no hand can mate is dead (R15), and a pair in hand that the
capture leaves unmateable may be laid (R19, R39: see :mod:`lld.free_moves`).

:func:`turn_moves` and :func:`play` are the playout's hottest code: the game
takes them as its methods (no call in between), and they are written for
speed, each branch still naming its ruling.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lld.cards import (
    FULL_DECK,
    LOW_PRESENCE,
    NIBBLE_COUNT,
    NUM_CARDS,
    RANK_BASES,
    RANK_MASKS_HIGH,
    RANK_MASKS_LOW,
    RANK_SPLIT,
    count,
    format_cards,
)
from lld.errors import IllegalMoveError
from lld.free_moves import claim, lay
from lld.lying_down import lie_down, pair_is_dead
from lld.moves import CAPTURE, LAY, LIE, Move, one_rank
from lld.rule_tables import PAIR_ROYAL_REMAINDER
from lld.settlement import finish, goes_out

if TYPE_CHECKING:
    from lld.game import Game

#: Each seat's lie-down move, made once.
LIE_MOVES = tuple(Move(LIE, seat) for seat in range(8))

# Building Move and Event through tuple.__new__ skips a Python-level frame per
# object; the playout loop makes several per turn.
_new = tuple.__new__


def turn_moves(game: Game) -> tuple[Move, ...]:
    """The turn moves of the seat to play, one per distinct choice.

    Suits never matter to the rules, so of several cards of one rank the
    lowest-suited are used; :meth:`~lld.game.Game.legal_moves` lists every
    suit variant.
    """
    if game.over:
        return ()
    seat = game.to_play
    cache = game._capture_moves[seat]
    # A tuple, built by concatenation (cheap for the one or two ranks a
    # hand can usually take): play() trusts what this returns, so the
    # caller must not be able to add to it.
    moves: tuple[Move, ...] = ()
    # The hand packed above the table: one AND with a rank's key mask gives
    # the key of that rank's captures, and the ranks both hold come from one
    # ranks_present() of the two (inlined), not one of each.
    both = packed = game.hands[seat] << NUM_CARDS | game.table
    both |= both >> 1
    both |= both >> 2
    both &= both >> NUM_CARDS & RANK_BASES
    try:
        masks = _KEY_MASKS[both]
    except KeyError:
        masks = _key_masks(both)
    for mask in masks:
        # The cards of this rank in hand and on the table: the key to the
        # moves they allow (built on first use, then kept).
        key = packed & mask
        try:
            moves += cache[key]
        except KeyError:
            moves += new_capture_moves(game, seat, key)
    # R22: lying down, forced when nothing can be captured, or chosen.
    if not moves or not game._forced:
        moves += (LIE_MOVES[seat],)
    game._checked = moves
    return moves


#: The key masks (a rank's mask, in the table's place and the hand's) of the
#: ranks in a presence mask (as :func:`~lld.cards.ranks_present` gives), lowest
#: first: filled in as met, at most one entry for each of the 8,192 sets of ranks.
_KEY_MASKS: dict[int, tuple[int, ...]] = {}


def _key_masks(both: int) -> tuple[int, ...]:
    ranks = RANK_MASKS_LOW[both & LOW_PRESENCE] + RANK_MASKS_HIGH[both >> RANK_SPLIT]
    _KEY_MASKS[both] = masks = tuple(rank << NUM_CARDS | rank for rank in ranks)
    return masks


def new_capture_moves(game: Game, seat: int, key: int) -> tuple[Move, ...]:
    """The capture moves for one key of :func:`turn_moves`, kept.

    The same few hundred moves recur in every hand, so each is built once
    per ruleset and shared (moves are immutable) instead of once per turn.
    """
    table = key & FULL_DECK
    shift = (table.bit_length() - 1) & ~3  # the rank's nibble
    moves = tuple(
        _new(Move, (CAPTURE, seat, hb << shift, tb << shift))
        for hb, tb in game._captures[key >> (NUM_CARDS + shift) << 4 | table >> shift]
    )
    game._capture_moves[seat][key] = moves
    return moves


def play(game: Game, move: Move) -> None:
    """Apply ``move``; raise :class:`~lld.errors.IllegalMoveError` naming the rule if illegal."""
    checked = game._checked
    if checked is None or move not in checked:
        game._check(move)
    game._checked = None
    kind, seat, from_hand, from_table = move
    # `is` first, as cheap as tests come (the engine's own moves hold the
    # constant); then ==, as a Move built from text elsewhere may hold an
    # equal string that is not the interned constant.
    if kind is not CAPTURE and kind != CAPTURE:
        if kind == LIE:
            lie_down(game, seat)  # R22-R24, R35-R37: see lld.lying_down
            game._after_turn()
        elif kind == LAY:
            lay(game, move)
        else:
            claim(game, move)
        return
    # A capture (R12-R16), most of the moves of every hand: written out
    # here, not in a function of its own, to save a call on the hottest path.
    # Whole-pack masks are multi-digit ints, and every operation on one
    # allocates; what follows works on the rank's nibble where it can.
    cards = from_hand | from_table
    shift = (cards.bit_length() - 1) & ~3
    table = game.table
    before = (table >> shift) & 15
    left = before ^ (from_table >> shift)
    rule = game._capture_rules[(from_hand >> shift) << 4 | before]
    hands = game.hands
    hands[seat] = hand = hands[seat] ^ from_hand
    game.table = table ^ from_table
    game.won[seat] |= cards
    game._won_all = won_all = game._won_all | cards
    game._log.append((rule, seat, CAPTURE, from_hand, from_table, 0))
    game.turns += 1
    if game._fresh:
        game._fresh.clear()
    watch = game._lay_watch
    if watch[seat] and watch[seat] >> (shift >> 2) & 1 and NIBBLE_COUNT[hand >> shift & 15] < 3:
        # The pair royal on watch is broken up (hands never grow: three held means three
        # dealt). R40 may keep its pair layable; otherwise, if what is left is a pair
        # nobody can mate, R19 below puts it back on watch.
        if NIBBLE_COUNT[hand >> shift & 15] == 2:
            game._royal_rest[seat] |= 1 << (shift >> 2)
            if game.rules.broken_pair_royal != "layable":
                watch[seat] &= ~(1 << (shift >> 2))
        else:
            watch[seat] &= ~(1 << (shift >> 2))
    # Cards of this rank still in some hand (nothing is set aside until the end).
    in_hands = 15 ^ left ^ ((won_all >> shift) & 15)
    if not in_hands:
        if NIBBLE_COUNT[before] == 3 and NIBBLE_COUNT[left] == 2:
            # R15: the pair left of a pair royal taken singly (not one card
            # left of two, which only a set-up deal with odd won piles gives).
            game._dead[shift >> 2] = (PAIR_ROYAL_REMAINDER, seat, game.turns)
            game._public_changes += 1
            game.free_pending = True
    elif not left and NIBBLE_COUNT[in_hands] == 2:
        rank = shift >> 2
        pair = in_hands << shift
        for holder, held in enumerate(hands):
            if held & pair:
                if held & pair == pair and pair_is_dead(game, holder, rank):
                    # R19: that pair can no longer be mated from the table
                    # (as R39's trigger reads that).
                    watch[holder] |= 1 << rank
                    game._fresh.add((holder, rank))
                    game.free_pending = True
                break  # the first holder found has one card or both
    if not hand:
        goes_out(game, seat, "R34")
        if game._in_play <= 1:
            finish(game)
            return
    if game._final_turn:
        finish(game)
        return
    # R4, as in Game._advance(), inlined: this is the commonest path of all.
    n, out = game.n, game.out
    seat = (seat + 1) % n
    while out[seat]:
        seat = (seat + 1) % n
    game.to_play = seat


def check_capture(game: Game, move: Move) -> None:
    """Raise :class:`~lld.errors.IllegalMoveError` naming the ruling (R12-R16, R38)
    unless the capture ``move`` is legal for the seat to play."""
    seat = move.seat
    missing = move.hand & ~game.hands[seat]
    if missing:
        raise IllegalMoveError(move, f"seat {seat} does not hold {format_cards(missing)}", "R12")
    missing = move.table & ~game.table
    if missing:
        raise IllegalMoveError(move, f"{format_cards(missing)} is not on the table", "R12")
    rank = one_rank(move.hand | move.table, move, "R12")
    shift = rank << 2
    ch = NIBBLE_COUNT[(game.hands[seat] >> shift) & 15]
    ct = NIBBLE_COUNT[(game.table >> shift) & 15]
    shape = (count(move.hand), count(move.table))
    if shape in game._shapes[ch][ct]:
        return
    rules = game.rules
    if ct in (2, 3) and shape[0] == 1 and shape[1] in (1, ct):
        # R38: one card against two or three on the table takes one, or all.
        whole = rules.one_against_pair == "collects_all"
        if whole and shape == (1, 1):
            raise IllegalMoveError(
                move, "one card from the hand takes every card of its rank on the table",
                "R38", "one_against_pair=collects_all",
            )  # fmt: skip
        if not whole and shape == (1, 2):
            raise IllegalMoveError(
                move, "one card takes only one of a pair on the table (captures go by"
                " pairs)", "R38", "one_against_pair=takes_one",
            )  # fmt: skip
    if ct == 3 and shape in ((1, 1), (1, 3)):
        raise IllegalMoveError(
            move, "the fourth card must take all three of a pair royal on the table", "R14",
            f"pair_royal_capture={rules.pair_royal_capture}",
        )  # fmt: skip
    if ch == 2 and ct == 2 and shape in ((1, 1), (2, 2)):
        why = (
            "a pair in hand takes a pair on the table one card at a time"
            if shape == (2, 2)
            else "a pair in hand must take the pair on the table all at once"
        )
        raise IllegalMoveError(move, why, "R16", f"pair_against_pair={rules.pair_against_pair}")
    raise IllegalMoveError(
        move, "a capture mates one card from the hand with one on the table, or takes"
        " all of a pair royal (pairs are made two or four cards at a time)", "R12",
    )  # fmt: skip

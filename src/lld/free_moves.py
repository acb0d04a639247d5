"""Free moves: laying pairs down (R17-R20, R39, R40) and claiming oversights (R11, R15,
R24-R26, R36, R37).

A free move is made outside the turn order and is not a turn (R21, R27): a
seat lays a mournival, a pair of a pair royal or a dead pair from its hand
into its won pile, or claims a dead group from the table. Which ranks a seat
might lay is kept on a watch (a bit per rank, per seat), and which groups on
the table are dead in ``Game._dead``; both are set where a move makes them
(:mod:`lld.turns`, :mod:`lld.lying_down`; a table mournival at the deal, R11,
in ``Game._start``), so that a driver asking
:func:`free_seats` after every move pays nothing while there is none.

Each rule is one predicate used everywhere: :func:`may_lay_now` (R20 timing),
:func:`lay_sizes` (R17-R19, R39), :func:`claimant_problem` (who may claim what,
and when). The functions take the :class:`~lld.game.Game` they act on; the
game exposes :func:`free_moves` and :func:`free_seats` as its methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lld.cards import (
    NIBBLE_COUNT,
    count,
    count_rank,
    format_cards,
    iter_ranks,
    rank_of,
    ranks_present,
)
from lld.errors import IllegalMoveError, NotFoundError, shown
from lld.lying_down import (
    broken_pair_royal_problem,
    could_lay,
    dead_pair_problem,
    pair_is_dead,
)
from lld.moves import CLAIM, LAY, Move, one_rank
from lld.rule_tables import (
    DEAD_OPTION,
    DEAD_RULE,
    LAY_SIZES,
    LOWEST,
    TABLE_MOURNIVAL,
    ranks_holding_each,
)
from lld.settlement import finish, goes_out

if TYPE_CHECKING:
    from lld.game import Game

#: A refusal: the reason, the ruling and the option it turns on (if any).
Problem = tuple[str, str, "str | None"]

_new = tuple.__new__  # see lld.game: a Move without a Python-level frame


# ------------------------------------------------------------ the lay watch


def rescan_lay_watch(game: Game) -> None:
    """Work out afresh which ranks each hand might lay down (after hands change)."""
    game._lay_watch = watch = ranks_holding_each(game.hands, 3)
    if game._won_all:  # a pair is dead only once the other two are won
        for seat, hand in enumerate(game.hands):
            for rank in iter_ranks(ranks_present(hand)):
                if count_rank(hand, rank) == 2 and could_lay(game, seat, rank, 2):
                    watch[seat] |= 1 << rank
    if game._fresh:
        game._fresh = {(s, r) for s, r in game._fresh if watch[s] >> r & 1}
    game._checked = None
    # True whenever a dead group or a rank on watch exists: set wherever
    # one is added, cleared only by free_seats() once there is none.
    game.free_pending = bool(game._dead) or any(watch)


# --------------------------------------------------------------- the rules


def lay_sizes(game: Game, seat: int, rank: int, held: int) -> tuple[int, ...]:
    """R17-R19, R39, R40: how many cards of ``rank`` ``seat`` may lay down from ``held``."""
    if held == 2 and not could_lay(game, seat, rank, 2):
        return ()
    return LAY_SIZES[held]


def seats_laying_any_rank(game: Game) -> range | tuple[int]:
    """R20: the seats that may lay any layable pair now, not only one just
    made layable (the first half of :func:`may_lay_now`)."""
    if game._any_time_lays or not game.turns:
        return range(game.n)
    return (game.to_play,)


def may_lay_now(game: Game, seat: int, rank: int) -> bool:
    """R20: whether ``seat`` may lay a layable ``rank`` now.

    With ``hand_pairs_when=any_time``, at any moment; otherwise before the
    first turn, on one's own turn, or at once after the turn that made
    the pair layable (it is then in ``Game._fresh``).
    """
    return seat in seats_laying_any_rank(game) or (seat, rank) in game._fresh


def claimant_problem(
    game: Game, seat: int, origin: str, offender: int, open_turn: int
) -> Problem | None:
    """R11, R15, R24-R26, R36, R37: why ``seat`` may not claim a dead group now, or ``None``.

    The one statement of who may claim what, and when: :func:`claim_problem`
    checks a claim's cards, then asks this; :func:`claimants` (for
    :func:`free_seats`) asks it too. It must depend on ``seat`` only through
    ``seat == offender`` and ``seat == game.to_play`` (see claimants).
    """
    rule = DEAD_RULE[origin]
    if origin not in game._claimable_kinds:
        option = DEAD_OPTION[origin]
        return ("this is not an oversight others may claim; it goes to the dealer", rule,
                f"{option}={getattr(game.rules, option)}")  # fmt: skip
    dealers_own = origin == TABLE_MOURNIVAL and seat == offender
    if dealers_own:
        return None
    if seat == offender:
        return ("a player cannot claim his own oversight", "R25", None)
    if game.turns < open_turn:
        return ("the dealer has the first chance to take a table mournival", "R11",
                "table_mournival=dealer_first")  # fmt: skip
    if game._claim_in_rotation and seat != game.to_play:
        return ("oversights are claimed only on one's own turn", "R25",
                "claim_priority=first_in_rotation")  # fmt: skip
    if game._claim_next_turn and game.turns > open_turn:
        return ("too late: the oversight had to be claimed before the next turn", "R26",
                "claim_deadline=next_turn")  # fmt: skip
    return None


def claimable(table: int, rank: int) -> int:
    """R24, R25: the cards of a dead ``rank`` a claim takes from ``table``, lowest suits first.

    Cards are claimed in pairs: all of them, or all but one of an odd number
    (a pair royal whose fourth is won, R24: the third stays for the dealer).
    """
    nib = table >> (rank << 2) & 15
    return LOWEST[nib][NIBBLE_COUNT[nib] & ~1] << (rank << 2)


def claim_problem(game: Game, seat: int, rank: int, cards: int) -> Problem | None:
    """Why ``seat`` may not claim ``cards`` of ``rank`` now, or ``None`` if it may."""
    shift = rank << 2
    on_table = ((game.table >> shift) & 15) << shift
    if not cards or cards & ~on_table:
        return (f"{format_cards(cards & ~on_table) or 'nothing'} is not on the table", "R25",
                None)  # fmt: skip
    dead = game._dead.get(rank)
    if dead is None:
        return ("those cards can still be mated from a hand; only an oversight is claimed",
                "R25", None)  # fmt: skip
    if count(cards) != count(on_table) & ~1:  # as claimable() says
        return ("a claim takes every pair of that rank left on the table",
                DEAD_RULE[dead[0]], None)  # fmt: skip
    return claimant_problem(game, seat, *dead)


def claimants(game: Game) -> set[int]:
    """R25: the seats :func:`claimant_problem` lets claim some dead group now.

    That predicate depends on the seat only through whether it is the
    offender or the seat to play, so it is asked of those two and of one
    other seat, whose answer holds for all the others.
    """
    n, to_play = game.n, game.to_play
    out: set[int] = set()
    for group in game._dead.values():
        offender = group[1]
        if claimant_problem(game, offender, *group) is None:
            out.add(offender)
        if to_play != offender and claimant_problem(game, to_play, *group) is None:
            out.add(to_play)
        other = 0
        while other in (offender, to_play):
            other += 1  # n >= 3, so some seat is neither
        if claimant_problem(game, other, *group) is None:
            out.update(s for s in range(n) if s != offender and s != to_play)
    return out


# ------------------------------------------------- the moves, offered and checked


def free_moves(game: Game, seat: int) -> tuple[Move, ...]:
    """The free moves (lay, claim) ``seat`` may make now, lowest suits first."""
    if not 0 <= seat < game.n:
        raise NotFoundError(f"there is no seat {shown(seat)} at a table of {game.n}")
    if game.over:
        return ()
    ranks = game._lay_watch[seat]
    dead = game._dead
    if not ranks and not dead:
        # Nothing to lay or claim: the answer to a seat asked again after its
        # free move, about half of the calls.
        game._checked = ()
        return ()
    # Immutable, as turn_moves() returns (play() trusts what was offered):
    # built by concatenation, for the one move there usually is.
    moves: tuple[Move, ...] = ()
    if ranks:
        hand = game.hands[seat]
        now = seat in seats_laying_any_rank(game)  # R20
        fresh = game._fresh
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            rank = low.bit_length() - 1
            if not now and (seat, rank) not in fresh:  # R20, as in may_lay_now()
                continue
            shift = rank << 2
            nib = (hand >> shift) & 15
            for size in lay_sizes(game, seat, rank, NIBBLE_COUNT[nib]):
                moves += (_new(Move, (LAY, seat, LOWEST[nib][size] << shift, 0)),)
    if dead:
        table = game.table
        for rank in sorted(dead):
            cards = claimable(table, rank)
            if claim_problem(game, seat, rank, cards) is None:
                moves += (_new(Move, (CLAIM, seat, 0, cards)),)
    game._checked = moves
    return moves


def free_seats(game: Game) -> list[int]:
    """The seats that may have a free move now, in seat order: cheap, and never misses one."""
    if not game.free_pending:
        return []
    dead, watch = game._dead, game._lay_watch
    if not (dead or any(watch)):
        game.free_pending = False
        return []
    # R20 (may_lay_now() for every seat at once): the seats that may lay
    # any rank on watch, and those whose pair became layable just now.
    seats = seats_laying_any_rank(game)
    if len(seats) == 1:  # the seat to play: the usual case after the first turn
        seat = seats[0]
        layers = [seat] if watch[seat] else []
    else:
        layers = [s for s in seats if watch[s]]
    fresh = game._fresh
    if fresh:
        for seat, _ in fresh:
            if seat not in layers:
                layers.append(seat)
        layers.sort()
    if dead:
        seats_claiming = claimants(game)
        if seats_claiming:
            return sorted(seats_claiming.union(layers))
    return layers


def check_lay(game: Game, move: Move) -> None:
    """Raise :class:`~lld.errors.IllegalMoveError` naming the ruling unless the lay is legal."""
    seat = move.seat
    if move.table:
        raise IllegalMoveError(move, "pairs are laid from the hand, not the table", "R19")
    missing = move.hand & ~game.hands[seat]
    if missing:
        raise IllegalMoveError(move, f"seat {seat} does not hold {format_cards(missing)}", "R19")
    rank = one_rank(move.hand, move, "R19")
    held = NIBBLE_COUNT[(game.hands[seat] >> (rank << 2)) & 15]
    if count(move.hand) not in lay_sizes(game, seat, rank, held):
        if held == 4:
            raise IllegalMoveError(move, "a mournival is laid as two pairs or whole", "R17")
        if held == 3:
            raise IllegalMoveError(move, "only a pair of a pair royal may be laid", "R18")
        problem = broken_pair_royal_problem(game, seat, rank) or dead_pair_problem(game, seat, rank)
        if problem is not None:
            raise IllegalMoveError(move, *problem)
        raise IllegalMoveError(
            move, "only a pair that can never be mated from the table may be laid", "R19"
        )
    if not may_lay_now(game, seat, rank):
        raise IllegalMoveError(
            move, "pairs are laid at once or later only on one's own turn", "R20",
            "hand_pairs_when=promptly_or_own_turn",
        )  # fmt: skip


def check_claim(game: Game, move: Move) -> None:
    """Raise :class:`~lld.errors.IllegalMoveError` naming the ruling unless the claim is legal."""
    if move.hand:
        raise IllegalMoveError(move, "a claim takes cards from the table only", "R25")
    rank = one_rank(move.table, move, "R25")
    problem = claim_problem(game, move.seat, rank, move.table)
    if problem is not None:
        reason, rule, option = problem
        raise IllegalMoveError(move, reason, rule, option)


# ------------------------------------------------------------- playing them


def lay(game: Game, move: Move) -> None:
    """Play a checked lay: R17 (a mournival, or its rest), R18 (a pair royal's pair), R19,
    R40 (the pair left of a pair royal whose third card was played)."""
    seat, cards = move.seat, move.hand
    rank = rank_of(cards.bit_length() - 1)
    shift = rank << 2
    before = NIBBLE_COUNT[(game.hands[seat] >> shift) & 15]
    rest = game._mournival_rest[seat] >> rank & 1
    rule = "R17" if before == 4 or rest else "R18" if before == 3 else "R19"
    if rule == "R19" and game._royal_rest[seat] >> rank & 1 and not pair_is_dead(game, seat, rank):
        rule = "R40"  # the pair left of a pair royal, layable only by R40's layable
    game.hands[seat] ^= cards
    game.won[seat] |= cards
    game._won_all |= cards
    game._log.append((rule, seat, LAY, cards, 0, 0))
    if before - count(cards) == 2:
        # The other half of a mournival: R17 lets it be laid too.
        game._mournival_rest[seat] |= 1 << rank
        game._fresh.add((seat, rank))
    else:
        game._lay_watch[seat] &= ~(1 << rank)
    if not game.hands[seat]:
        goes_out(game, seat, "R34")
        if game._in_play <= 1:
            finish(game)
        elif seat == game.to_play:
            game._advance()


def claim(game: Game, move: Move) -> None:
    """Play a checked claim: the dead group's cards go to the claimant's won pile."""
    seat, cards = move.seat, move.table
    rank = rank_of(cards.bit_length() - 1)
    origin = game._dead.pop(rank)[0]
    game._public_changes += 1
    game.table ^= cards
    game.won[seat] |= cards
    game._won_all |= cards
    game._log.append((DEAD_RULE[origin], seat, CLAIM, 0, cards, 0))

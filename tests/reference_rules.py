"""A reference reading of the rules, written from the registry's text, not from the engine.

The engine keeps incremental state for speed (dead groups, a set of freshly
dead pairs, a watch on ranks, caches of checked moves). This module keeps none.
It is given a :class:`Position`: the cards where the deal put them, and the log
of moves since; from those alone it works out, every time it is asked, where
every card is, whose turn it is, whether the hand is over, which oversights are
open and since when, and so which moves are legal for any seat.

Each rule is one small function named after its ruling (``R14_pair_royal_capture``
and so on), written from the option values' meanings in ``sources/rulings.toml``
and the sources they cite. Where the text leaves a point open, the comment says
which reading is taken and why. Nothing here was decided by reading the
engine's ``game.py``.

>>> from lld import Move, ruleset
>>> from lld.deal import Deal
>>> from lld.cards import FULL_DECK, parse_cards as c
>>> hands = (c("7C 9C"), c("8C"), c("TC"))
>>> table = c("7D 7H 7S")
>>> won = (FULL_DECK & ~(hands[0] | hands[1] | hands[2] | table), 0, 0)
>>> pos = Position.start(ruleset("sympkyn", lie_down="forced"), Deal(3, 2, hands, table, won))
>>> sorted(str(m) for m in legal_moves(pos, 0))
['0: 7C x 7D 7H 7S']
>>> pos = Position.start(ruleset("du-coeur").replace(deal_3="parlett"), pos.deal)
>>> sorted(str(m) for m in legal_moves(pos, 0))
['0: 7C x 7D', '0: 7C x 7D 7H 7S', '0: 7C x 7H', '0: 7C x 7S']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, product

from lld import Deal, Game, Move, Ruleset
from lld.cards import count, iter_cards, rank_mask
from lld.kinds import LAID_AT_ONCE
from lld.moves import CAPTURE, CLAIM, LAY, LIE, TURN_KINDS

RANKS = range(13)


def of_rank(mask: int, rank: int) -> int:
    return mask & rank_mask(rank)


def how_many(mask: int, rank: int) -> int:
    return count(mask & rank_mask(rank))


def single_rank(mask: int) -> int | None:
    """The rank of every card in ``mask``, or ``None`` if it is empty or mixes ranks."""
    ranks = {c >> 2 for c in iter_cards(mask)}
    return ranks.pop() if len(ranks) == 1 else None


def ranks_in(mask: int) -> list[int]:
    """The ranks of the cards in ``mask``, lowest first."""
    return sorted({c >> 2 for c in iter_cards(mask)})


def subsets(mask: int) -> Iterator[int]:
    """Every non-empty subset of ``mask``."""
    cards = list(iter_cards(mask))
    for k in range(1, len(cards) + 1):
        for chosen in combinations(cards, k):
            yield sum(1 << c for c in chosen)


# ------------------------------------------------------------------ the cards


@dataclass(frozen=True)
class Cards:
    """Where every card is at one moment of play."""

    hands: tuple[int, ...]
    table: int
    won: tuple[int, ...]

    def held_by_anyone(self, rank: int) -> int:
        return sum(how_many(h, rank) for h in self.hands)

    def won_by_anyone(self, rank: int) -> int:
        return sum(how_many(w, rank) for w in self.won)

    def in_play(self) -> list[int]:
        return [s for s in range(len(self.hands)) if not R34_emptied_hand(self, s)]

    def after(self, move: Move) -> Cards:
        """The cards once ``move`` is made: only where the cards go, no rule."""
        hands, won, table, s = list(self.hands), list(self.won), self.table, move.seat
        if move.kind == CAPTURE:
            hands[s] &= ~move.hand
            table &= ~move.table
            won[s] |= move.hand | move.table
        elif move.kind == LIE:
            table |= hands[s]
            hands[s] = 0
        elif move.kind == LAY:
            hands[s] &= ~move.hand
            won[s] |= move.hand
        else:
            table &= ~move.table
            won[s] |= move.table
        return Cards(tuple(hands), table, tuple(won))


def R34_emptied_hand(cards: Cards, seat: int) -> bool:
    """A seat with no cards in hand is out of play: whether it lay down (R22) or its hand
    was emptied by capturing or laying pairs (R34, after Parlett: play ceases "when only
    one player has any cards left in hand"). An empty hand dealt to a set-up position
    is out from the start."""
    return not cards.hands[seat]


@dataclass(frozen=True)
class Step:
    """One move, with the cards before it and the turn moves made before it."""

    move: Move
    before: Cards
    turns_before: int

    @property
    def after(self) -> Cards:
        return self.before.after(self.move)


def R11_table_mournival_at_deal(rules: Ruleset, deal: Deal) -> Cards:
    """The cards when play begins.

    R11 ``dealer_takes``: "the dealer takes it at once, before play". Under
    ``dealer_first`` the mournival stays on the table for the dealer to take.
    """
    table, won = deal.table, list(deal.won)
    if rules.table_mournival == "dealer_takes":
        for rank in RANKS:
            if how_many(table, rank) == 4:
                table &= ~rank_mask(rank)
                won[deal.dealer] |= rank_mask(rank)
    return Cards(tuple(deal.hands), table, tuple(won))


@dataclass(frozen=True)
class Position:
    """A deal and the moves made since: everything the rules look at.

    It is immutable; what it works out from the deal and the moves is kept
    once worked out (``cached_property``), which saves time and changes no answer.
    """

    rules: Ruleset
    deal: Deal
    moves: tuple[Move, ...] = ()

    @classmethod
    def start(cls, rules: Ruleset, deal: Deal) -> Position:
        return cls(rules, deal)

    @classmethod
    def of(cls, game: Game) -> Position:
        """The position of ``game``, read from its deal and its public log of moves.

        A set laid at once by rule (R20 ``laid_at_once``) is no move, but it moves
        cards: it is read as a lay here, and :func:`R20_laid_at_once_due` checks
        that the engine laid exactly the sets due."""
        moves = tuple(
            Move(LAY, e.seat, e.hand, 0) if e.kind == LAID_AT_ONCE and e.seat is not None
            else e.move
            for e in game.events
            if e.move is not None or e.kind == LAID_AT_ONCE
        )  # fmt: skip
        return cls(game.rules, game.deal, moves)  # type: ignore[arg-type]

    def then(self, move: Move) -> Position:
        return Position(self.rules, self.deal, (*self.moves, move))

    @property
    def n(self) -> int:
        return self.deal.players

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @cached_property
    def initial(self) -> Cards:
        return R11_table_mournival_at_deal(self.rules, self.deal)

    @cached_property
    def turn_flags(self) -> tuple[bool, ...]:
        """For each move, whether it was a turn: a capture or a lie-down, or (R21,
        ``counts_as_turn``) a lay by the seat to play once play has begun."""
        flags: list[bool] = []
        turns, last, cards = 0, self.dealer, self.initial
        live = tuple(self.initial.in_play())
        for m in self.moves:
            to_play = next(
                (s for k in range(1, self.n + 1) if (s := (last + k) % self.n) in live), last
            )
            is_turn = m.kind in TURN_KINDS or (
                m.kind == LAY
                and self.rules.laying_turn == "counts_as_turn"
                and self.rules.hand_pairs_when != "laid_at_once"  # laid by rule: no turn
                and turns > 0
                and m.seat == to_play
            )
            flags.append(is_turn)
            live = R43_in_play_after(self.rules, live, Step(m, cards, turns))
            cards = cards.after(m)
            if is_turn:
                turns, last = turns + 1, m.seat
        return tuple(flags)

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        out: list[Step] = []
        cards, turns = self.initial, 0
        for m, is_turn in zip(self.moves, self.turn_flags, strict=True):
            out.append(Step(m, cards, turns))
            cards = cards.after(m)
            turns += is_turn
        return tuple(out)

    @cached_property
    def turn_moves(self) -> tuple[Move, ...]:
        """The moves that were turns, in order (see :attr:`turn_flags`)."""
        return tuple(m for m, t in zip(self.moves, self.turn_flags, strict=True) if t)

    @cached_property
    def cards(self) -> Cards:
        cards = self.initial
        for m in self.moves:
            cards = cards.after(m)
        return cards

    @cached_property
    def in_play_history(self) -> tuple[tuple[int, ...], ...]:
        """The seats in play at the deal and after each move: R43 read here, from
        the moves, as :func:`R43_in_play_after` says."""
        out = [tuple(self.initial.in_play())]
        for step in self.steps:
            out.append(R43_in_play_after(self.rules, out[-1], step))
        return tuple(out)

    def in_play(self) -> tuple[int, ...]:
        return self.in_play_history[-1]

    @cached_property
    def turns(self) -> int:
        """Turn moves made so far: captures and lying down; a lay only where R21
        counts it; claims never (R27)."""
        return sum(self.turn_flags)

    @cached_property
    def over(self) -> bool:
        return R28_last_player(self)[0]

    @cached_property
    def to_play(self) -> int:
        return R4_to_play(self)


# ------------------------------------------------------------ whose turn, the end


def R43_in_play_after(rules: Ruleset, before: tuple[int, ...], step: Step) -> tuple[int, ...]:
    """Who is in play after ``step``: a seat that lies down goes out (R22); one whose
    hand a capture empties (R34) or a lay empties (R43) goes out at once under that
    ruling's ``out_at_once``, and under its ``lies_down_at_turn`` stays in, with no
    cards, until he lies down."""
    m = step.move
    if m.kind == LIE:
        return tuple(s for s in before if s != m.seat)
    emptied = m.kind in (CAPTURE, LAY) and not step.before.hands[m.seat] & ~m.hand
    if not emptied:
        return before
    value = rules.emptied_by_capture if m.kind == CAPTURE else rules.emptied_by_laying
    if value == "lies_down_at_turn":
        return before
    assert value == "out_at_once", value
    return tuple(s for s in before if s != m.seat)


def R4_to_play(pos: Position) -> int:
    """Play passes to the left from eldest, skipping seats out of play (R4, R34, R43).

    The seat to play is the first seat in play after the one who made the
    last turn move (after the dealer before any): a lay that puts the seat to
    play out passes the turn on, and nothing else moves it.
    """
    last = pos.dealer
    for m in pos.turn_moves:
        last = m.seat
    live = pos.in_play()
    for k in range(1, pos.n + 1):
        seat = (last + k) % pos.n
        if seat in live:
            return seat
    return last


def R28_last_player(pos: Position) -> tuple[bool, int | None]:
    """Whether the hand is over, and who the last player left in is.

    When all but one seat are out of play (R34: no cards in hand), R28 ``none``
    ends the hand at once; ``one_more`` gives the last player one last turn,
    and the hand ends when he has made it (a capture or lying down). A hand in
    which nobody has cards is over, with no last player.
    """
    if len(pos.in_play()) > 1:
        return False, None
    history = pos.in_play_history
    # Seats only go out: find when at most one seat was first in play.
    i = next(i for i, live in enumerate(history) if len(live) <= 1)
    live = history[i]
    last = live[0] if live else None
    if not pos.in_play():
        # Nobody has cards (the last player may have laid his last pair): over.
        return True, last
    if pos.rules.last_player_turn == "none":
        return True, last
    assert pos.rules.last_player_turn == "one_more", pos.rules.last_player_turn
    final_turn_made = any(pos.turn_flags[i:])
    return final_turn_made, last


# --------------------------------------------------------------------- captures


def R13_one_against_a_pair(on_table: int) -> set[tuple[int, int]]:
    """One card against two on the table takes one of them ("one or three", Parlett)."""
    return {(1, 1)} if on_table == 2 else set()


def R14_pair_royal_capture(rules: Ruleset, on_table: int) -> set[tuple[int, int]]:
    """The fourth card against a pair royal on the table: ``one_or_three`` takes one
    or all three; ``three_only`` takes all three."""
    if on_table != 3:
        return set()
    if rules.pair_royal_capture == "one_or_three":
        return {(1, 1), (1, 3)}
    assert rules.pair_royal_capture == "three_only", rules.pair_royal_capture
    return {(1, 3)}


def R16_pair_against_pair(rules: Ruleset, in_hand: int, on_table: int) -> set[tuple[int, int]]:
    """A pair in hand against a pair on the table.

    ``one_at_a_time``: one card takes one. ``may_take_four``: that, or both
    cards take both. ``must_take_four``: both take both. The option answers
    the R16 question only ("Holding a pair of a rank of which a pair is on the
    table"); its "take as many as possible" is read as the reason for that
    answer, not as a rule for R14's pair royal, which R14 decides.
    """
    if (in_hand, on_table) != (2, 2):
        return set()
    value = rules.pair_against_pair
    if value == "one_at_a_time":
        return {(1, 1)}
    if value == "may_take_four":
        return {(1, 1), (2, 2)}
    assert value == "must_take_four", value
    return {(2, 2)}


def R38_one_against_pair(
    rules: Ruleset, on_table: int, shapes: set[tuple[int, int]]
) -> set[tuple[int, int]]:
    """``takes_one``: the shapes as R13, R14 and R16 give them. ``collects_all``: "a card
    from the hand takes every card of its rank on the table (one, two or three)", so
    wherever one card would take one of two or three, it takes them all; two cards
    against two (R16) are left as R16 says."""
    if rules.one_against_pair == "takes_one":
        return shapes
    assert rules.one_against_pair == "collects_all", rules.one_against_pair
    return {(1, on_table) if shape == (1, 1) else shape for shape in shapes}


def R12_capture_shapes(rules: Ruleset, in_hand: int, on_table: int) -> set[tuple[int, int]]:
    """(cards from the hand, cards from the table) that a capture of one rank may use.

    R12: one card from the hand with one from the table (a pair) or with all
    three of a pair royal (two pairs); cards are won two or four at a time.
    R13, R14 and R16 decide the cases with more than one card on the table,
    and R38 whether one card takes all of them.
    """
    if not in_hand or not on_table:
        return set()
    if on_table == 1:
        return {(1, 1)}
    if on_table == 2:
        shapes = R16_pair_against_pair(rules, in_hand, 2) or R13_one_against_a_pair(2)
    else:
        shapes = R14_pair_royal_capture(rules, on_table)
    return R38_one_against_pair(rules, on_table, shapes)


def R45_capture_ranks(pos: Position, move: Move) -> bool | None:
    """A capture whose cards are of several ranks. ``one_rank``: "a turn's capture mates
    cards of one rank", so never. ``several_ranks``: "each rank taken as it could be
    taken alone (R12 to R16, R38), and no rank twice": every rank's cards, from the
    hand and from the table, are by themselves a legal capture in this position (a
    rank's cards can only be named once, so no rank is taken twice). ``None`` for a
    capture of one rank, which the other rulings decide."""
    ranks = ranks_in(move.hand | move.table)
    if len(ranks) < 2:
        return None
    if pos.rules.capture_ranks == "one_rank":
        return False
    assert pos.rules.capture_ranks == "several_ranks", pos.rules.capture_ranks
    return all(
        capture_is_legal(
            pos, Move(CAPTURE, move.seat, of_rank(move.hand, r), of_rank(move.table, r))
        )
        for r in ranks
    )


def capture_is_legal(pos: Position, move: Move) -> bool:
    cards = pos.cards
    several = R45_capture_ranks(pos, move)
    if several is not None:
        return several
    rank = single_rank(move.hand | move.table)
    if rank is None or not move.hand or not move.table:
        return False
    if move.hand & ~cards.hands[move.seat] or move.table & ~cards.table:
        return False
    shapes = R12_capture_shapes(
        pos.rules, how_many(cards.hands[move.seat], rank), how_many(cards.table, rank)
    )
    return (count(move.hand), count(move.table)) in shapes


def capture_candidates(pos: Position, seat: int) -> Iterator[Move]:
    """Every capture of one rank from this hand and the table, legal or not."""
    cards = pos.cards
    for rank in RANKS:
        hand, table = of_rank(cards.hands[seat], rank), of_rank(cards.table, rank)
        if hand and table:
            for h in subsets(hand):
                for t in subsets(table):
                    yield Move(CAPTURE, seat, h, t)


def several_rank_candidates(pos: Position, seat: int) -> Iterator[Move]:
    """Under R45's ``several_ranks``, every union of legal captures of two ranks or
    more, one capture per rank (the legal ones only: every subset of every rank
    would be millions)."""
    if pos.rules.capture_ranks != "several_ranks":
        return
    by_rank: dict[int, list[Move]] = {}
    for m in capture_candidates(pos, seat):
        if capture_is_legal(pos, m):
            by_rank.setdefault(ranks_in(m.hand)[0], []).append(m)
    groups = list(by_rank.values())
    for k in range(2, len(groups) + 1):
        for chosen in combinations(groups, k):
            for picks in product(*chosen):
                yield Move(CAPTURE, seat, sum(m.hand for m in picks), sum(m.table for m in picks))


def can_capture(pos: Position, seat: int) -> bool:
    return any(capture_is_legal(pos, m) for m in capture_candidates(pos, seat))


def R22_R35_lie_down(pos: Position, seat: int) -> bool:
    """R22 ``forced``: only and always when no capture is possible; ``voluntary``: any
    turn. R35 ``allowed_as_mistake``: under ``forced``, a lie-down while a capture is
    possible is still a legal move (a mistake, with R36's consequence)."""
    if pos.rules.lie_down == "voluntary":
        return True
    assert pos.rules.lie_down == "forced", pos.rules.lie_down
    if pos.rules.lie_down_mistake == "allowed_as_mistake":
        return True
    assert pos.rules.lie_down_mistake == "refused", pos.rules.lie_down_mistake
    return not can_capture(pos, seat)


def R35_mistake(pos: Position, seat: int) -> bool:
    """Whether ``seat``'s lie-down now would be a mistake: lying down is forced, R35
    lets it be made, and he could capture."""
    return (
        pos.rules.lie_down == "forced"
        and pos.rules.lie_down_mistake == "allowed_as_mistake"
        and can_capture(pos, seat)
    )


# ------------------------------------------------------------------ laying pairs


def R17_mournival_rest(pos: Position, seat: int, rank: int) -> bool:
    """The seat laid half of a mournival of ``rank`` (two of four held): R17 lets him lay
    the other half as the second of "two pairs", whatever R39 says of other pairs."""
    return any(
        s.move.kind == LAY
        and s.move.seat == seat
        and single_rank(s.move.hand) == rank
        and how_many(s.before.hands[seat], rank) == 4
        and count(s.move.hand) == 2
        for s in pos.steps
    )


def R39_dead_pair(pos: Position, seat: int, rank: int) -> bool:
    """R19 with R39's trigger: the seat's pair of ``rank`` can no longer be mated.

    ``unmateable``: the other two are won (none on the table or in another hand),
    by anyone. ``other_pair_won``: both in other players' won piles, none in his
    own. ``never``: a pair held in hand is not laid.
    """
    cards, trigger = pos.cards, pos.rules.dead_pair_trigger
    if how_many(cards.hands[seat], rank) != 2 or trigger == "never":
        return False
    others_won = cards.won_by_anyone(rank) == 2
    if trigger == "unmateable":
        return others_won
    assert trigger == "other_pair_won", trigger
    return others_won and how_many(cards.won[seat], rank) == 0


def R40_pair_royal_rest(pos: Position, seat: int, rank: int) -> bool:
    """The seat held a pair royal of ``rank`` (three in hand, which only the deal gives:
    hands never grow) and played its third card in a capture; two are left in his hand."""
    return how_many(pos.cards.hands[seat], rank) == 2 and any(
        s.move.kind == CAPTURE
        and s.move.seat == seat
        and how_many(s.move.hand, rank) == 1
        and how_many(s.before.hands[seat], rank) == 3
        for s in pos.steps
    )


def R40_layable(pos: Position, seat: int, rank: int) -> bool:
    """``layable``: the right to lay a pair of a pair royal outlives its third card.
    ``by_dead_rule``: that pair is laid only as R19 with R39's trigger allows."""
    value = pos.rules.broken_pair_royal
    if value == "by_dead_rule" or pos.rules.hand_pair_royal == "kept_in_hand":
        return False  # no right to outlive where R18 gave none
    assert value == "layable", value
    return R40_pair_royal_rest(pos, seat, rank)


def R17_R18_R19_lay_sizes(pos: Position, seat: int, rank: int) -> set[int]:
    """How many cards of ``rank`` the seat may lay by him from the hand.

    R17: a mournival, as two pairs or whole (2 or 4), and the rest of one he
    laid half of. R18: a pair of a pair royal (2; the third stays), where
    ``pair_may_be_laid``; kept in hand, none. R19: a pair
    that can no longer be mated, as R39's trigger reads that (2). R40: the pair
    left of a pair royal whose third card he played, where ``layable``. Any
    other pair may still be mated, so it may not be laid.
    """
    held = how_many(pos.cards.hands[seat], rank)
    if held == 4:
        return {2, 4}
    if held == 3:
        return {2} if pos.rules.hand_pair_royal == "pair_may_be_laid" else set()
    if held == 2 and (
        R17_mournival_rest(pos, seat, rank)
        or R39_dead_pair(pos, seat, rank)
        or R40_layable(pos, seat, rank)
    ):
        return {2}
    return set()


def R19_made_dead_by_last_play(pos: Position, seat: int, rank: int) -> bool:
    """The last turn move was a capture of ``rank`` after which this seat's pair is dead.

    A pair becomes dead when the other two cards of its rank are won. Only a
    capture wins cards of a rank someone else holds (a claim takes a rank
    nobody holds; lying down wins nothing), so "the play that makes the pair
    dead" is a capture of that rank, by anyone, the holder included.
    """
    turn_moves = pos.turn_moves
    if not turn_moves or turn_moves[-1].kind != CAPTURE:
        return False
    last = turn_moves[-1]
    if rank not in ranks_in(last.hand | last.table):  # one rank, or several (R45)
        return False
    return R39_dead_pair(pos, seat, rank)


def R20_lay_timing(pos: Position, seat: int, rank: int) -> bool:
    """When pairs may be laid from the hand.

    ``any_time``: at any moment, in turn or out of it. ``promptly_only``: at
    the moment only, before play or at once after the play that makes the pair
    dead. ``promptly_or_own_turn``:
    before play (no turn move made yet), at once after the play that makes
    the pair dead (until the next turn move), or on one's own turn. A
    mournival's second half is dead once the first is laid, and may go with
    it: whatever allowed the first half (before play, or one's own turn) still
    holds.
    """
    if pos.rules.hand_pairs_when == "laid_at_once":
        return False  # strict play: laid by rule the moment it may be, never by a move
    if pos.rules.hand_pairs_when == "any_time":
        return True
    if pos.rules.hand_pairs_when == "promptly_only":
        # The moment only: before play, or at once after the play that made it dead.
        return pos.turns == 0 or R19_made_dead_by_last_play(pos, seat, rank)
    assert pos.rules.hand_pairs_when == "promptly_or_own_turn", pos.rules.hand_pairs_when
    return pos.turns == 0 or seat == pos.to_play or R19_made_dead_by_last_play(pos, seat, rank)


def R20_laid_at_once_due(pos: Position) -> list[tuple[int, int, int]]:
    """R20 ``laid_at_once`` (strict play): the sets due to be laid now, as ``(seat, rank,
    cards)``: every set a seat in play may lay from the hand, the most cards it may
    lay (a mournival whole). The engine lays them itself, so none may ever be due
    when a player is asked to move; a hand that is over lays nothing."""
    if pos.rules.hand_pairs_when != "laid_at_once" or pos.over:
        return []
    return [
        (seat, rank, max(sizes))
        for seat in pos.in_play()
        for rank in RANKS
        if (sizes := R17_R18_R19_lay_sizes(pos, seat, rank))
    ]


def lay_is_legal(pos: Position, move: Move) -> bool:
    cards = pos.cards
    rank = single_rank(move.hand)
    if rank is None or move.table or move.hand & ~cards.hands[move.seat]:
        return False
    if count(move.hand) not in R17_R18_R19_lay_sizes(pos, move.seat, rank):
        return False
    return R20_lay_timing(pos, move.seat, rank)


# --------------------------------------------------------------------- oversights


@dataclass(frozen=True)
class Oversight:
    """Cards on the table that nobody can mate, open to claim."""

    ruling: str
    #: The cards of the rank on the table when it opened.
    cards: int
    offender: int
    #: The number of turn moves made when it became open to others.
    opened: int
    #: How many of ``cards`` a claim takes: all, or two of a pair royal (R24).
    take: int = 0

    @property
    def claim_size(self) -> int:
        return self.take or count(self.cards)


def R11_mournival_oversights(pos: Position) -> list[Oversight]:
    """R11 ``dealer_first``: "the dealer may take it; once eldest has played, anyone
    may claim it as an oversight". It is the dealer's oversight, open to others
    once the first turn move has been made."""
    if pos.rules.table_mournival != "dealer_first":
        return []
    return [
        Oversight("R11", rank_mask(rank), pos.dealer, 1)
        for rank in RANKS
        if how_many(pos.deal.table, rank) == 4
    ]


def R15_pair_royal_remainder(pos: Position) -> list[Oversight]:
    """R15 ``claimable``: a player took only one of a pair royal on the table; the pair
    left (which nobody can mate: he held the fourth) is his oversight, open at once."""
    if pos.rules.pair_royal_remainder != "claimable":
        return []
    assert pos.rules.pair_royal_remainder == "claimable"
    out = []
    for step in pos.steps:
        m = step.move
        if m.kind != CAPTURE:
            continue
        for rank in ranks_in(m.table):  # each rank of a capture of several (R45)
            if how_many(m.table, rank) == 1 and how_many(step.before.table, rank) == 3:
                left = of_rank(step.after.table, rank)
                out.append(Oversight("R15", left, m.seat, step.turns_before + 1))
    return out


def lie_down_oversights(pos: Position) -> list[Oversight]:
    """R24, R36, R37: what a lie-down leaves on the table that nobody can mate.

    Only ranks from the hand laid down count, and only where no hand holds a
    card of the rank afterwards. R24 (``lie_down_pair``): a rank of which the
    player held two or more and could at that moment have laid a pair (R17,
    R18, R19 with R39); a claim takes the pairs there: all of two or four, two
    of three (a pair royal whose fourth is won; the third is the dealer's).
    R36 (``mistaken_lie_down_pair``) after a lie-down R35 marks a mistake, R37
    (``chosen_lie_down_pair``) after a lawful one under ``lie_down=voluntary``:
    a rank of which he put one card on the table, which then holds two, the
    other two being in won piles.
    """
    rules, out = pos.rules, []
    for i, step in enumerate(pos.steps):
        m = step.move
        if m.kind != LIE:
            continue
        earlier = Position(rules, pos.deal, pos.moves[:i])
        mistake = R35_mistake(earlier, m.seat)
        after = step.after
        for rank in RANKS:
            held = how_many(step.before.hands[m.seat], rank)
            if not held or after.held_by_anyone(rank):
                continue
            on_table = how_many(after.table, rank)
            if held >= 2 and R17_R18_R19_lay_sizes(earlier, m.seat, rank):
                ruling, value, take = "R24", rules.lie_down_pair, on_table & ~1
            elif held == 1 and on_table == 2 and mistake:
                ruling, value, take = "R36", rules.mistaken_lie_down_pair, 2
            elif held == 1 and on_table == 2 and rules.lie_down == "voluntary":
                ruling, value, take = "R37", rules.chosen_lie_down_pair, 2
            else:
                continue
            if value == "claimable":
                cards = of_rank(after.table, rank)
                out.append(Oversight(ruling, cards, m.seat, step.turns_before + 1, take))
    return out


def open_oversights(pos: Position) -> list[Oversight]:
    """The oversights whose cards all still lie on the table."""
    table = pos.cards.table
    found = R11_mournival_oversights(pos) + R15_pair_royal_remainder(pos) + lie_down_oversights(pos)
    return [o for o in found if o.cards and table & o.cards == o.cards]


def R42_lain_down_claims(pos: Position, seat: int) -> bool:
    """``may_claim``: a seat that has lain down may still claim ("you are not out",
    du Coeur). ``may_not_claim``: lying down is "ceasing play" (Parlett): he
    claims nothing."""
    if pos.rules.lain_down_claims == "may_claim":
        return True
    assert pos.rules.lain_down_claims == "may_not_claim", pos.rules.lain_down_claims
    return not any(m.kind == LIE and m.seat == seat for m in pos.moves)


def R25_claim_priority(pos: Position, seat: int, o: Oversight) -> bool:
    """``first_in_time``: anyone, at any moment (a seat out of play too, as far as R42
    lets one who has lain down claim; the registry says anyone).
    ``first_in_rotation``: only the seat to play, on its turn. Nobody may claim
    his own oversight (the registry's reasons for R25, after du Coeur's
    "someone else's mistake")."""
    if seat == o.offender:
        return False
    if pos.rules.claim_priority == "first_in_time":
        return True
    assert pos.rules.claim_priority == "first_in_rotation", pos.rules.claim_priority
    return seat == pos.to_play


def R26_claim_deadline(pos: Position, o: Oversight) -> bool:
    """``end_of_hand``: until the hand ends. ``next_turn``: "only until the next turn
    after it is open to claim": from when it opens until the next turn move is
    made (so that turn's player, who under ``first_in_rotation`` has the first
    chance, may still claim it during his turn)."""
    if pos.turns < o.opened:
        return False
    if pos.rules.claim_deadline == "end_of_hand":
        return True
    assert pos.rules.claim_deadline == "next_turn", pos.rules.claim_deadline
    return pos.turns == o.opened


def may_claim(pos: Position, seat: int, o: Oversight) -> bool:
    if o.ruling == "R11" and seat == pos.dealer:
        # "the dealer may take it": his own mournival, with no limit in time in the
        # meaning's text; it is not an oversight claim, so R25 and R26 do not bind him.
        return True
    return (
        R25_claim_priority(pos, seat, o)
        and R42_lain_down_claims(pos, seat)
        and R26_claim_deadline(pos, o)
    )


def claim_is_legal(pos: Position, move: Move) -> bool:
    """A claim takes every card of one open oversight (two of three, R24), nothing from
    the hand."""
    if move.hand:
        return False
    return any(
        move.table & ~o.cards == 0
        and count(move.table) == o.claim_size
        and may_claim(pos, move.seat, o)
        for o in open_oversights(pos)
    )


# ------------------------------------------------------------------ every move


def is_legal(pos: Position, move: Move) -> bool:
    """Whether ``move`` is legal in ``pos``, worked out from the whole position."""
    if not 0 <= move.seat < pos.n or pos.over:
        return False
    if move.kind in TURN_KINDS and move.seat != pos.to_play:
        return False  # R4
    if move.kind == CAPTURE:
        return capture_is_legal(pos, move)
    if move.kind == LIE:
        return not move.hand and not move.table and R22_R35_lie_down(pos, move.seat)
    if move.kind == LAY:
        return lay_is_legal(pos, move)
    if move.kind == CLAIM:
        return claim_is_legal(pos, move)
    return False


def candidates(pos: Position, seat: int) -> Iterator[Move]:
    """A superset of the seat's legal moves: every move of one rank made of cards
    where that kind of move takes them from (hand, table), the captures of several
    ranks R45 may allow, and lying down."""
    cards = pos.cards
    yield from capture_candidates(pos, seat)
    yield from several_rank_candidates(pos, seat)
    yield Move(LIE, seat)
    for rank in RANKS:
        hand = of_rank(cards.hands[seat], rank)
        if count(hand) >= 2:
            for h in subsets(hand):
                yield Move(LAY, seat, h, 0)
        table = of_rank(cards.table, rank)
        if count(table) >= 2:
            for t in subsets(table):
                yield Move(CLAIM, seat, 0, t)


def legal_moves(pos: Position, seat: int) -> frozenset[Move]:
    """Every legal move of ``seat``, with every choice of suits."""
    return frozenset(m for m in candidates(pos, seat) if is_legal(pos, m))

"""The game: one hand of Laugh and Lie Down as a state machine.

A :class:`Game` is a position. The seat to play (``to_play``) makes a *turn*
move: a capture, or lying down. Any seat may also make *free* moves where the
ruleset allows them: laying pairs down from the hand, and claiming another
player's oversight from the table. Neither counts as a turn (R21, R27).

Every branch below names its ruling; the ruleset's fields decide, never a
source's name. Card sets are bit masks (see :mod:`lld.cards`) because the
analysis plays hundreds of thousands of hands through this one code path.

A driver loop asks :meth:`Game.turn_moves` of the seat to play, and, while
``free_pending`` is true (some seat may have a free move), :meth:`Game.free_seats`
for the seats to offer free moves to (see :mod:`lld.playout`).

>>> from lld.presets import ruleset
>>> g = Game.new(ruleset("parlett"), players=5, seed=1)
>>> g.dealer, g.to_play
(4, 0)
>>> while not g.over:
...     g.play(g.turn_moves()[0])
>>> sum(g.ledger.net) + g.ledger.pot, g.ledger.pot
(0, 0)
"""

from __future__ import annotations

from functools import cache
from operator import not_
from typing import TYPE_CHECKING

from lld.cards import (
    FULL_DECK,
    LOW_PRESENCE,
    NIBBLE_COUNT,
    RANK_BASES,
    RANK_MASKS_HIGH,
    RANK_MASKS_LOW,
    RANK_SPLIT,
    count,
    count_rank,
    format_cards,
    iter_ranks,
    rank_of,
    ranks_present,
)
from lld.deal import Deal
from lld.errors import IllegalMoveError, NotationError, NotFoundError
from lld.events import Event
from lld.kinds import (
    ANTE,
    DEAL,
    LAST_PLAYER,
    LEFTOVERS,
    OUT,
    SET_ASIDE,
    TAKE_MOURNIVAL,
    EventKind,
)
from lld.ledger import Ledger
from lld.lying_down import (
    could_lay,
    dead_pair_problem,
    lie_down,
    lie_down_problem,
    pair_is_dead,
)
from lld.moves import CAPTURE, CLAIM, KINDS, LAY, LIE, MAX_SEAT_DIGITS, Move, suit_variants
from lld.rule_tables import (
    DEAD_OPTION,
    DEAD_RULE,
    DEAL_RULE,
    LAY_SIZES,
    LOWEST,
    PAIR_ROYAL_REMAINDER,
    TABLE_MOURNIVAL,
    compile_rules,
    ranks_holding,
    ranks_holding_each,
)
from lld.ruleset import Ruleset
from lld.settlement import settle, share_leftovers
from lld.stakes import StakesTable
from lld.view import SeatView

if TYPE_CHECKING:
    from lld.position import Position

#: Seat numbers a move may hold before it is no move at all (see _malformed).
MAX_SEAT = 10**MAX_SEAT_DIGITS
#: Each seat's lie-down move, made once.
LIE_MOVES = tuple(Move(LIE, seat) for seat in range(8))

# Building Move and Event through tuple.__new__ skips a Python-level frame per
# object; the playout loop makes several per turn.
_new = tuple.__new__


@cache
def _anted(
    players: int, dealer: int, dealer_ante: int, other_ante: int
) -> tuple[Ledger, tuple[tuple[str, int | None, EventKind, int, int, int], ...]]:
    """A ledger with everyone's ante in, and the log of the deal and the antes.

    The same few tables and dealers recur in every run, so each is worked out
    once and copied for each hand.
    """
    rule = DEAL_RULE[players]
    antes = [other_ante] * players
    antes[dealer] = dealer_ante
    ledger = Ledger(players)
    ledger.antes(antes, rule)
    entries = [(rule, dealer, DEAL, 0, 0, 0)]
    entries += [(rule, seat, ANTE, 0, 0, amount) for seat, amount in enumerate(antes) if amount]
    return ledger, tuple(entries)


class Game:
    """One hand, from the deal to settlement. Build it with :meth:`new` or :meth:`from_deal`."""

    __slots__ = (
        "_any_time_lays",
        "_capture_moves",
        "_capture_rules",
        "_captures",
        "_checked",
        "_claim_in_rotation",
        "_claim_next_turn",
        "_claimable_kinds",
        "_dead",
        "_events",
        "_final_turn",
        "_forced",
        "_fresh",
        "_in_play",
        "_lay_watch",
        "_lie_down_mistakes",
        "_log",
        "_mournival_rest",
        "_shapes",
        "_won_all",
        "aside",
        "deal",
        "dealer",
        "free_pending",
        "hands",
        "last_player",
        "ledger",
        "n",
        "out",
        "over",
        "rules",
        "stakes",
        "table",
        "to_play",
        "turns",
        "won",
    )

    def __init__(self, rules: Ruleset, deal: Deal, stakes: StakesTable) -> None:
        n = deal.players
        self.rules = rules
        self.stakes = stakes
        self.deal = deal
        self.n = n
        self.dealer = deal.dealer
        self.hands = list(deal.hands)
        self.table = deal.table
        self.won = list(deal.won)
        # The piles are disjoint (Deal checks), so their sum is their union.
        self._won_all = sum(self.won)
        self.aside = 0
        self.out = list(map(not_, self.hands))
        self._in_play = self.out.count(False)
        self.over = False
        self.last_player: int | None = None
        self.turns = 0
        # The log as plain tuples in Event's field order: building an Event per
        # capture costs the playout loop more than the capture itself.
        self._log: list[tuple[str, int | None, EventKind, int, int, int]] = []
        self._events: list[Event] = []
        compiled = rules.compiled(compile_rules)
        self._shapes = compiled.shapes
        self._captures = compiled.captures
        self._capture_moves = compiled.capture_moves
        self._capture_rules = compiled.capture_rules
        self._forced = compiled.forced_lie_down
        self._lie_down_mistakes = compiled.lie_down_mistakes
        self._any_time_lays = compiled.any_time_lays
        self._claim_in_rotation = compiled.claim_in_rotation
        self._claim_next_turn = compiled.claim_next_turn
        self._claimable_kinds = compiled.claimable_kinds
        self._final_turn = False
        # The moves last generated for this position (turn or free), if any: a
        # move from that list needs no second check (see play()).
        self._checked: tuple[Move, ...] | None = None
        # rank -> (origin, offender, turn from which others may claim it)
        self._dead: dict[int, tuple[str, int, int]] = {}
        # per seat, a bit per rank (1 << rank): ranks that may hold a pair to
        # lay down (a pair royal, a mournival, a dead pair); checked when used
        self._lay_watch = [0] * n
        # per seat, a bit per rank: the pair left of a mournival he laid half of
        # (R17: laid as two pairs, whatever R39's trigger says of other pairs)
        self._mournival_rest = [0] * n
        # (seat, rank) pairs made layable by the latest turn (R20, promptly)
        self._fresh: set[tuple[int, int]] = set()
        self._start()

    # ----------------------------------------------------------------- setup

    @classmethod
    def new(cls, rules: Ruleset, players: int, seed: int, dealer: int | None = None) -> Game:
        """A fresh hand dealt from ``seed`` (see :mod:`lld.deal`)."""
        stakes = rules.stakes(players)
        deal = Deal.from_seed(
            seed, players, stakes.hand_size, dealer,
            widow=stakes.widow, low_cut=rules.first_dealer == "low_cut",
        )  # fmt: skip
        return cls(rules, deal, stakes)

    def copy(self) -> Game:
        """An independent copy of this position (for search): cheap, no replay."""
        other = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.won = list(self.won)
        other.out = list(self.out)
        other._log = list(self._log)
        other._events = list(self._events)
        other._lay_watch = list(self._lay_watch)
        other._mournival_rest = list(self._mournival_rest)
        other._dead = dict(self._dead)
        other._fresh = set(self._fresh)
        other.ledger = self.ledger.copy()
        other._checked = None
        return other

    def _rescan_lay_watch(self) -> None:
        """Work out afresh which ranks each hand might lay down (after hands change)."""
        self._lay_watch = watch = ranks_holding_each(self.hands, 3)
        if self._won_all:  # a pair is dead only once the other two are won
            for seat, hand in enumerate(self.hands):
                for rank in iter_ranks(ranks_present(hand)):
                    if count_rank(hand, rank) == 2 and could_lay(self, seat, rank, 2):
                        watch[seat] |= 1 << rank
        if self._fresh:
            self._fresh = {(s, r) for s, r in self._fresh if watch[s] >> r & 1}
        self._checked = None
        # True whenever a dead group or a rank on watch exists: set wherever
        # one is added, cleared only by free_seats() once there is none.
        self.free_pending = bool(self._dead) or any(watch)

    @classmethod
    def from_deal(cls, rules: Ruleset, deal: Deal) -> Game:
        """A hand from explicit cards: any position can be set up this way."""
        return cls(rules, deal, rules.stakes(deal.players))

    def _start(self) -> None:
        n, dealer, log = self.n, self.dealer, self._log.append
        stakes = self.stakes
        ledger, entries = _anted(n, dealer, stakes.dealer_ante, stakes.other_ante)
        self.ledger = ledger.copy()
        self._log.extend(entries)
        # R11: a mournival among the table cards.
        mournivals = ranks_holding(self.table, 4)
        while mournivals:
            low = mournivals & -mournivals
            mournivals ^= low
            rank = low.bit_length() - 1
            cards = 15 << (rank << 2)
            if self.rules.table_mournival == "dealer_takes":
                self.table ^= cards
                self.won[dealer] |= cards
                self._won_all |= cards
                log(("R11", dealer, TAKE_MOURNIVAL, 0, cards, 0))
            else:
                self._dead[rank] = (TABLE_MOURNIVAL, dealer, 1)
        # R17-R19: what each hand may lay down from the start.
        self._rescan_lay_watch()
        # R4: eldest, on the dealer's left, plays first.
        self.to_play = dealer
        if self._in_play:  # with every hand empty there is nobody to pass to
            self._advance()
        if self._in_play <= 1:
            # A position set up with one hand or none left: nothing to play.
            self._finish()

    # ----------------------------------------------------------- legal moves

    def turn_moves(self) -> tuple[Move, ...]:
        """The turn moves of the seat to play, one per distinct choice.

        Suits never matter to the rules, so of several cards of one rank the
        lowest-suited are used; :meth:`legal_moves` lists every suit variant.
        """
        if self.over:
            return ()
        seat = self.to_play
        hand, table = self.hands[seat], self.table
        cache = self._capture_moves[seat]
        # A tuple, built by concatenation (cheap for the one or two ranks a
        # hand can usually take): play() trusts what this returns, so the
        # caller must not be able to add to it.
        moves: tuple[Move, ...] = ()
        # ranks_present(hand) & ranks_present(table), inlined for speed
        h = hand | (hand >> 1)
        t = table | (table >> 1)
        both = (h | (h >> 2)) & (t | (t >> 2)) & RANK_BASES
        for rank in RANK_MASKS_LOW[both & LOW_PRESENCE] + RANK_MASKS_HIGH[both >> RANK_SPLIT]:
            # The cards of this rank in hand and on the table, with the seat:
            # the key to the moves they allow (built on first use, then kept).
            key = (hand & rank) << 4 | (table & rank)
            try:
                moves += cache[key]
            except KeyError:
                moves += self._new_capture_moves(seat, key)
        # R22: lying down, forced when nothing can be captured, or chosen.
        if not moves or not self._forced:
            moves += (LIE_MOVES[seat],)
        self._checked = moves
        return moves

    def _new_capture_moves(self, seat: int, key: int) -> tuple[Move, ...]:
        """The capture moves for one key of :meth:`turn_moves`, kept.

        The same few hundred moves recur in every hand, so each is built once
        per ruleset and shared (moves are immutable) instead of once per turn.
        """
        shift = (key.bit_length() - 5) & ~3  # the hand's nibble is one rank up
        moves = tuple(
            _new(Move, (CAPTURE, seat, hb << shift, tb << shift))
            for hb, tb in self._captures[key >> shift]
        )
        self._capture_moves[seat][key] = moves
        return moves

    def free_moves(self, seat: int) -> tuple[Move, ...]:
        """The free moves (lay, claim) ``seat`` may make now, lowest suits first."""
        if not 0 <= seat < self.n:
            raise NotFoundError(f"there is no seat {seat} at a table of {self.n}")
        if self.over:
            return ()
        moves: list[Move] = []
        ranks = self._lay_watch[seat]
        if ranks:
            hand = self.hands[seat]
            now = seat in self._seats_laying_any_rank()
            fresh = self._fresh
            while ranks:
                low = ranks & -ranks
                ranks ^= low
                rank = low.bit_length() - 1
                if not now and (seat, rank) not in fresh:  # R20, as in _may_lay_now()
                    continue
                shift = rank << 2
                nib = (hand >> shift) & 15
                for size in self._lay_sizes(seat, rank, NIBBLE_COUNT[nib]):
                    moves.append(_new(Move, (LAY, seat, LOWEST[nib][size] << shift, 0)))
        if self._dead:
            table = self.table
            for rank in sorted(self._dead):
                nib = table >> (rank << 2) & 15
                cards = LOWEST[nib][NIBBLE_COUNT[nib] & ~1] << (rank << 2)
                if self._claim_problem(seat, rank, cards) is None:
                    moves.append(_new(Move, (CLAIM, seat, 0, cards)))
        self._checked = checked = tuple(moves)  # immutable, as in turn_moves()
        return checked

    def free_seats(self) -> list[int]:
        """The seats that may have a free move now, in seat order: cheap, and never misses one."""
        if not self.free_pending:
            return []
        dead, watch = self._dead, self._lay_watch
        if not (dead or any(watch)):
            self.free_pending = False
            return []
        # R20 (_may_lay_now() for every seat at once): the seats that may lay
        # any rank on watch, and those whose pair became layable just now.
        seats = self._seats_laying_any_rank()
        if len(seats) == 1:  # the seat to play: the usual case after the first turn
            seat = seats[0]
            layers = [seat] if watch[seat] else []
        else:
            layers = [s for s in seats if watch[s]]
        if self._fresh:
            layers = sorted({seat for seat, _ in self._fresh}.union(layers))
        if dead:
            claimants = self._claimants()
            if claimants:
                return sorted(claimants.union(layers))
        return layers

    def _claimants(self) -> set[int]:
        """R25: the seats :meth:`_claimant_problem` lets claim some dead group now.

        That predicate depends on the seat only through whether it is the
        offender or the seat to play, so it is asked of those two and of one
        other seat, whose answer holds for all the others.
        """
        n, to_play, problem = self.n, self.to_play, self._claimant_problem
        out: set[int] = set()
        for group in self._dead.values():
            offender = group[1]
            if problem(offender, *group) is None:
                out.add(offender)
            if to_play != offender and problem(to_play, *group) is None:
                out.add(to_play)
            other = 0
            while other in (offender, to_play):
                other += 1  # n >= 3, so some seat is neither
            if problem(other, *group) is None:
                out.update(s for s in range(n) if s != offender and s != to_play)
        return out

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every legal move, with every choice of suits, for one seat or all."""
        if self.over:
            return []
        seats = range(self.n) if seat is None else (seat,)
        out: list[Move] = []
        for s in seats:
            if s == self.to_play:
                for m in self.turn_moves():
                    out.extend(suit_variants(m, self.hands[s], self.table))
            for m in self.free_moves(s):
                out.extend(suit_variants(m, self.hands[s], self.table))
        return sorted(set(out), key=lambda m: (m.seat, m.kind, m.hand, m.table))

    @property
    def events(self) -> list[Event]:
        """Everything that has happened, each event naming its rule."""
        events, log = self._events, self._log
        if len(events) < len(log):
            events.extend(_new(Event, raw) for raw in log[len(events) :])
        return events

    @property
    def moves(self) -> list[Move]:
        """The moves played so far, in order (read from the log, which records each)."""
        return [
            _new(Move, (kind, seat, hand, table))
            for _, seat, kind, hand, table, _ in self._log
            if kind in KINDS
        ]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see; hand this, not the game, to a bot."""
        return SeatView(self, seat)

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError`, naming the rule, unless ``move`` is legal now."""
        self._check(move)

    def is_legal(self, move: Move) -> bool:
        try:
            self._check(move)
        except IllegalMoveError:
            return False
        return True

    # ------------------------------------------------------------ playing

    def play(self, move: Move) -> None:
        """Apply ``move``; raise :class:`IllegalMoveError` naming the rule if it is illegal."""
        checked = self._checked
        if checked is None or move not in checked:
            self._check(move)
        self._checked = None
        kind, seat, from_hand, from_table = move
        # == rather than `is`: a Move built from text elsewhere may hold an
        # equal string that is not the interned constant.
        if kind != CAPTURE:
            if kind == LIE:
                self._lie_down(seat)
            elif kind == LAY:
                self._lay(move)
            else:
                self._claim(move)
            return
        # A capture (R12-R16), most of the moves of every hand: written out
        # here, not in a method of its own, to save a call on the hottest path.
        # Whole-pack masks are multi-digit ints, and every operation on one
        # allocates; what follows works on the rank's nibble where it can.
        cards = from_hand | from_table
        shift = (cards.bit_length() - 1) & ~3
        table = self.table
        before = (table >> shift) & 15
        left = before ^ (from_table >> shift)
        rule = self._capture_rules[(from_hand >> shift) << 4 | before]
        hands = self.hands
        hands[seat] = hand = hands[seat] ^ from_hand
        self.table = table ^ from_table
        self.won[seat] |= cards
        self._won_all = won_all = self._won_all | cards
        self._log.append((rule, seat, CAPTURE, from_hand, from_table, 0))
        self.turns += 1
        if self._fresh:
            self._fresh.clear()
        watch = self._lay_watch
        if watch[seat] and watch[seat] >> (shift >> 2) & 1 and NIBBLE_COUNT[hand >> shift & 15] < 3:
            # The pair royal on watch is broken up; if what is left is a pair
            # nobody can mate, R19 below puts it back on watch.
            watch[seat] &= ~(1 << (shift >> 2))
        # Cards of this rank still in some hand (nothing is set aside until the end).
        in_hands = 15 ^ left ^ ((won_all >> shift) & 15)
        if not in_hands:
            if NIBBLE_COUNT[before] == 3 and NIBBLE_COUNT[left] == 2:
                # R15: the pair left of a pair royal taken singly (not one card
                # left of two, which only a set-up deal with odd won piles gives).
                self._dead[shift >> 2] = (PAIR_ROYAL_REMAINDER, seat, self.turns)
                self.free_pending = True
        elif not left and NIBBLE_COUNT[in_hands] == 2:
            rank = shift >> 2
            pair = in_hands << shift
            for holder, held in enumerate(hands):
                if held & pair:
                    if held & pair == pair and pair_is_dead(self, holder, rank):
                        # R19: that pair can no longer be mated from the table
                        # (as R39's trigger reads that).
                        watch[holder] |= 1 << rank
                        self._fresh.add((holder, rank))
                        self.free_pending = True
                    break  # the first holder found has one card or both
        if not hand:
            self._goes_out(seat, "R34")
            if self._in_play <= 1:
                self._finish()
                return
        if self._final_turn:
            self._finish()
            return
        # R4, as in _advance(), inlined: this is the commonest path of all.
        n, out = self.n, self.out
        seat = (seat + 1) % n
        while out[seat]:
            seat = (seat + 1) % n
        self.to_play = seat

    def play_text(self, text: str) -> Move:
        """Parse and play a move written in notation; return it."""
        move = Move.parse(text)
        self.play(move)
        return move

    def _lie_down(self, seat: int) -> None:
        lie_down(self, seat)  # R22-R24, R35-R37: see lld.lying_down
        self._after_turn()

    def _lay(self, move: Move) -> None:
        seat, cards = move.seat, move.hand
        rank = rank_of(cards.bit_length() - 1)
        shift = rank << 2
        before = NIBBLE_COUNT[(self.hands[seat] >> shift) & 15]
        rest = self._mournival_rest[seat] >> rank & 1
        rule = "R17" if before == 4 or rest else "R18" if before == 3 else "R19"
        self.hands[seat] ^= cards
        self.won[seat] |= cards
        self._won_all |= cards
        self._log.append((rule, seat, LAY, cards, 0, 0))
        if before - count(cards) == 2:
            # The other half of a mournival: R17 lets it be laid too.
            self._mournival_rest[seat] |= 1 << rank
            self._fresh.add((seat, rank))
        else:
            self._lay_watch[seat] &= ~(1 << rank)
        if not self.hands[seat]:
            self._goes_out(seat, "R34")
            if self._in_play <= 1:
                self._finish()
            elif seat == self.to_play:
                self._advance()

    def _claim(self, move: Move) -> None:
        seat, cards = move.seat, move.table
        rank = rank_of(cards.bit_length() - 1)
        origin = self._dead.pop(rank)[0]
        self.table ^= cards
        self.won[seat] |= cards
        self._won_all |= cards
        self._log.append((DEAD_RULE[origin], seat, CLAIM, 0, cards, 0))

    def _goes_out(self, seat: int, rule: str) -> None:
        self.out[seat] = True
        self._in_play -= 1
        self._log.append((rule, seat, OUT, 0, 0, 0))

    def _after_turn(self) -> None:
        if self._final_turn or self._in_play <= 1:
            self._finish()
        else:
            self._advance()

    def _advance(self) -> None:
        """R4: play passes to the left, skipping players who are out."""
        n, out = self.n, self.out
        seat = (self.to_play + 1) % n
        while out[seat]:
            seat = (seat + 1) % n
        self.to_play = seat

    # ------------------------------------------------------------- the end

    def _finish(self) -> None:
        log = self._log.append
        last = self.out.index(False) if self._in_play == 1 else None
        if last is not None and self.rules.last_player_turn == "one_more" and not self._final_turn:
            # R28: the last player gets one more turn.
            self._final_turn = True
            self.last_player = last
            log(("R28", last, LAST_PLAYER, 0, 0, 0))
            self.to_play = last
            return
        if not self._final_turn:
            self.last_player = last
            if last is not None:
                log(("R28", last, LAST_PLAYER, 0, 0, 0))
        last = self.last_player
        self.over = True
        # R29: the leftover cards.
        leftovers = self.table + sum(self.hands)  # disjoint sets: the sum is the union
        self.hands[:] = [0] * self.n
        self.table = 0
        self._dead.clear()
        self._lay_watch = [0] * self.n
        self.free_pending = False
        dealer = self.dealer
        taken = share_leftovers(leftovers, self.rules.leftovers)
        if taken:
            self.won[dealer] |= taken
            self._won_all |= taken
            log(("R29", dealer, LEFTOVERS, 0, taken, 0))
        self.aside = leftovers & ~taken
        if self.aside:
            log(("R29", None, SET_ASIDE, 0, self.aside, 0))
        settle(self.rules, self.stakes, self.won, last, self.ledger, log)

    # ------------------------------------------------------------ checking

    def _check(self, move: Move) -> None:
        if not isinstance(move, Move):
            raise TypeError(f"expected a Move, not {type(move).__name__}")
        malformed = _malformed(move)
        if malformed is not None:
            raise NotationError(f"not a move: {malformed}")
        text = move
        if self.over:
            raise IllegalMoveError(text, "the hand is over", "R28")
        seat = move.seat
        if not 0 <= seat < self.n:
            raise IllegalMoveError(text, f"there is no seat {seat} at a table of {self.n}", "R2")
        kind = move.kind
        if kind in (CAPTURE, LIE) and seat != self.to_play:
            raise IllegalMoveError(
                text, f"it is seat {self.to_play}'s turn, not seat {seat}'s", "R4"
            )
        if kind == CAPTURE:
            self._check_capture(move, text)
        elif kind == LIE:
            if move.hand or move.table:
                raise IllegalMoveError(text, "lying down takes no cards", "R22")
            problem = lie_down_problem(self, seat)
            if problem is not None:
                raise IllegalMoveError(text, *problem)
        elif kind == LAY:
            self._check_lay(move, text)
        elif kind == CLAIM:
            if move.hand:
                raise IllegalMoveError(text, "a claim takes cards from the table only", "R25")
            rank = _one_rank(move.table, text, "R25")
            problem = self._claim_problem(seat, rank, move.table)
            if problem is not None:
                reason, rule, option = problem
                raise IllegalMoveError(text, reason, rule, option)
        else:
            raise IllegalMoveError(text, f"unknown kind of move {kind!r}", "R4")

    def _check_capture(self, move: Move, text: Move) -> None:
        seat = move.seat
        missing = move.hand & ~self.hands[seat]
        if missing:
            raise IllegalMoveError(
                text, f"seat {seat} does not hold {format_cards(missing)}", "R12"
            )
        missing = move.table & ~self.table
        if missing:
            raise IllegalMoveError(text, f"{format_cards(missing)} is not on the table", "R12")
        rank = _one_rank(move.hand | move.table, text, "R12")
        shift = rank << 2
        ch = NIBBLE_COUNT[(self.hands[seat] >> shift) & 15]
        ct = NIBBLE_COUNT[(self.table >> shift) & 15]
        shape = (count(move.hand), count(move.table))
        if shape in self._shapes[ch][ct]:
            return
        if ct in (2, 3) and shape[0] == 1 and shape[1] in (1, ct):
            # R38: one card against two or three on the table takes one, or all.
            whole = self.rules.one_against_pair == "collects_all"
            if whole and shape == (1, 1):
                raise IllegalMoveError(
                    text, "one card from the hand takes every card of its rank on the table",
                    "R38", "one_against_pair=collects_all",
                )  # fmt: skip
            if not whole and shape == (1, 2):
                raise IllegalMoveError(
                    text, "one card takes only one of a pair on the table (captures go by"
                    " pairs)", "R38", "one_against_pair=takes_one",
                )  # fmt: skip
        if ct == 3 and shape in ((1, 1), (1, 3)):
            raise IllegalMoveError(
                text, "the fourth card must take all three of a pair royal on the table", "R14",
                f"pair_royal_capture={self.rules.pair_royal_capture}",
            )  # fmt: skip
        if ch == 2 and ct == 2 and shape in ((1, 1), (2, 2)):
            why = (
                "a pair in hand takes a pair on the table one card at a time"
                if shape == (2, 2)
                else "a pair in hand must take the pair on the table all at once"
            )
            raise IllegalMoveError(
                text, why, "R16", f"pair_against_pair={self.rules.pair_against_pair}"
            )
        raise IllegalMoveError(
            text, "a capture mates one card from the hand with one on the table, or takes"
            " all of a pair royal (pairs are made two or four cards at a time)", "R12",
        )  # fmt: skip

    def _lay_sizes(self, seat: int, rank: int, held: int) -> tuple[int, ...]:
        """R17-R19, R39: how many cards of ``rank`` ``seat`` may lay down from ``held``."""
        if held == 2 and not could_lay(self, seat, rank, 2):
            return ()
        return LAY_SIZES[held]

    def _may_lay_now(self, seat: int, rank: int) -> bool:
        """R20: whether ``seat`` may lay a layable ``rank`` now.

        With ``hand_pairs_when=any_time``, at any moment; otherwise before the
        first turn, on one's own turn, or at once after the turn that made
        the pair layable (it is then in ``_fresh``).
        """
        return seat in self._seats_laying_any_rank() or (seat, rank) in self._fresh

    def _seats_laying_any_rank(self) -> range | tuple[int]:
        """R20: the seats that may lay any layable pair now, not only one just
        made layable (the first half of :meth:`_may_lay_now`)."""
        if self._any_time_lays or not self.turns:
            return range(self.n)
        return (self.to_play,)

    def _check_lay(self, move: Move, text: Move) -> None:
        seat = move.seat
        if move.table:
            raise IllegalMoveError(text, "pairs are laid from the hand, not the table", "R19")
        missing = move.hand & ~self.hands[seat]
        if missing:
            raise IllegalMoveError(
                text, f"seat {seat} does not hold {format_cards(missing)}", "R19"
            )
        rank = _one_rank(move.hand, text, "R19")
        held = NIBBLE_COUNT[(self.hands[seat] >> (rank << 2)) & 15]
        n = count(move.hand)
        sizes = self._lay_sizes(seat, rank, held)
        if n not in sizes:
            if held == 4:
                raise IllegalMoveError(text, "a mournival is laid as two pairs or whole", "R17")
            if held == 3:
                raise IllegalMoveError(text, "only a pair of a pair royal may be laid", "R18")
            problem = dead_pair_problem(self, seat, rank)
            if problem is not None:
                raise IllegalMoveError(text, *problem)
            raise IllegalMoveError(
                text, "only a pair that can never be mated from the table may be laid", "R19"
            )
        if not self._may_lay_now(seat, rank):
            raise IllegalMoveError(
                text, "pairs are laid at once or later only on one's own turn", "R20",
                "hand_pairs_when=promptly_or_own_turn",
            )  # fmt: skip

    def _claim_problem(
        self, seat: int, rank: int, cards: int
    ) -> tuple[str, str, str | None] | None:
        """Why ``seat`` may not claim ``cards`` of ``rank`` now, or ``None`` if it may."""
        shift = rank << 2
        on_table = ((self.table >> shift) & 15) << shift
        if not cards or cards & ~on_table:
            return (f"{format_cards(cards & ~on_table) or 'nothing'} is not on the table", "R25",
                    None)  # fmt: skip
        dead = self._dead.get(rank)
        if dead is None:
            return ("those cards can still be mated from a hand; only an oversight is claimed",
                    "R25", None)  # fmt: skip
        if count(cards) != count(on_table) & ~1:
            # Cards are claimed in pairs: all of them, or all but one of an odd number
            # (a pair royal whose fourth is won, R24: the third stays for the dealer).
            return ("a claim takes every pair of that rank left on the table",
                    DEAD_RULE[dead[0]], None)  # fmt: skip
        return self._claimant_problem(seat, *dead)

    def _claimant_problem(
        self, seat: int, origin: str, offender: int, open_turn: int
    ) -> tuple[str, str, str | None] | None:
        """R11, R15, R24-R26, R36, R37: why ``seat`` may not claim a dead group now, or ``None``.

        The one statement of who may claim what, and when: :meth:`_claim_problem`
        checks a claim's cards, then asks this; :meth:`_claimants` (for
        :meth:`free_seats`) asks it too. It must depend on ``seat`` only through
        ``seat == offender`` and ``seat == self.to_play`` (see _claimants).
        """
        rule = DEAD_RULE[origin]
        if origin not in self._claimable_kinds:
            option = DEAD_OPTION[origin]
            return ("this is not an oversight others may claim; it goes to the dealer", rule,
                    f"{option}={getattr(self.rules, option)}")  # fmt: skip
        dealers_own = origin == TABLE_MOURNIVAL and seat == offender
        if dealers_own:
            return None
        if seat == offender:
            return ("a player cannot claim his own oversight", "R25", None)
        if self.turns < open_turn:
            return ("the dealer has the first chance to take a table mournival", "R11",
                    "table_mournival=dealer_first")  # fmt: skip
        if self._claim_in_rotation and seat != self.to_play:
            return ("oversights are claimed only on one's own turn", "R25",
                    "claim_priority=first_in_rotation")  # fmt: skip
        if self._claim_next_turn and self.turns > open_turn:
            return ("too late: the oversight had to be claimed before the next turn", "R26",
                    "claim_deadline=next_turn")  # fmt: skip
        return None

    # ------------------------------------------------------------- reading

    def cards_accounted(self) -> int:
        """Every card's place, ORed together: :data:`~lld.cards.FULL_DECK` when none is lost."""
        total, seen = 0, 0
        for mask in (*self.hands, self.table, *self.won, self.aside):
            if seen & mask:
                return -1
            seen |= mask
            total |= mask
        return total

    @property
    def complete(self) -> bool:
        """Every card is in exactly one place."""
        return self.cards_accounted() == FULL_DECK

    # ------------------------------------------------- the read-model (lld.position)

    def position(self) -> Position:
        """A frozen snapshot of this hand (see :class:`lld.position.Position`)."""
        from lld.position import Position

        return Position.of(self)

    @classmethod
    def from_position(cls, position: Position) -> Game:
        """A new game in ``position``: it plays on exactly as the original would."""
        return position.game()


def _malformed(move: Move) -> str | None:
    """What makes ``move`` no move at all (so not even printable), or ``None``.

    A Move built from text is always well formed; one built from numbers may
    name no kind, a seat with thousands of digits, or cards outside the pack.
    """
    kind, seat, hand, table = move
    if kind not in KINDS:
        return f"the kind must be one of {', '.join(KINDS)}"
    if type(seat) is not int or not -MAX_SEAT < seat < MAX_SEAT:
        return "the seat must be a seat number"
    for cards in (hand, table):
        if type(cards) is not int or cards < 0 or cards & ~FULL_DECK:
            return "its cards must be sets of the 52 cards (masks from 0 to 2**52-1)"
    return None


def _one_rank(cards: int, text: Move, rule: str) -> int:
    if not cards:
        raise IllegalMoveError(text, "no cards given", rule)
    rank = rank_of(cards.bit_length() - 1)
    if cards & ~(15 << (rank << 2)):
        raise IllegalMoveError(text, "all the cards must be of one rank", rule)
    return rank

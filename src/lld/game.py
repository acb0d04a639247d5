"""The game: one hand of Laugh and Lie Down as a state machine.

A :class:`Game` is a position. The seat to play (``to_play``) makes a *turn*
move: a capture, or lying down. Any seat may also make *free* moves where the
ruleset allows them: laying pairs down from the hand, and claiming another
player's oversight from the table. Neither counts as a turn (R21, R27).

Every ruling that changes a hand's state is a method of :class:`Game`, one
class in this one module (as python-chess keeps its ``Board``): the turn, the
free moves, lying down and the end of the hand all read and write the same
few fields in one move's path. The class is ordered as a hand is played: the
deal and the antes (R1-R11); turn moves, the captures (R12-R16, R38); free
moves, laying pairs and claims (R11, R15, R17-R20, R24-R26, R36, R37, R39,
R40); lying down (R22-R24, R35-R37); the end of the hand (R28-R34, the stakes
through :mod:`lld.settlement`). What takes plain values and owns its data
lives below it: cards as bit masks (:mod:`lld.cards`), moves
(:mod:`lld.moves`), the ruleset compiled into tables (:mod:`lld.rule_tables`),
the deal, the ledger, the stakes, the events. See the design page of the
reference.

Every branch names its ruling; the ruleset's fields decide, never a
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

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from operator import not_
from typing import Any, Final

from lld.cards import (
    FULL_DECK,
    NIBBLE_COUNT,
    NUM_CARDS,
    RANK_BASES,
    count,
    count_rank,
    format_cards,
    iter_ranks,
    rank_of,
    ranks_present,
)
from lld.concordance import ruling_id
from lld.deal import Deal
from lld.errors import (
    Cards,
    Cited,
    IllegalMoveError,
    NotationError,
    NotFoundError,
    Reason,
    RulesetError,
    Seat,
    shown,
)
from lld.events import Event, LogEntry
from lld.kinds import (
    ANTE,
    DEAL,
    LAID_AT_ONCE,
    LAST_PLAYER,
    LEFTOVERS,
    LIE_PAYMENT,
    OUT,
    SET_ASIDE,
    TAKE_MOURNIVAL,
)
from lld.ledger import Amount, Ledger, whole_if_whole
from lld.moves import (
    CAPTURE,
    CLAIM,
    KINDS,
    LAY,
    LIE,
    MAX_SEAT_DIGITS,
    Move,
    one_rank,
    suit_variants,
)
from lld.rule_tables import (
    CHOSEN_LIE_DOWN_PAIR,
    DEAD_OPTION,
    DEAD_RULE,
    DEAL_RULE,
    LAY_SIZES,
    LIE_DOWN_PAIR,
    LOWEST,
    MISTAKEN_LIE_DOWN_PAIR,
    PAIR_ROYAL_REMAINDER,
    TABLE_MOURNIVAL,
    CompiledRules,
    DeadGroup,
    claimable,
    compiled,
    ranks_holding,
    ranks_holding_each,
)
from lld.ruleset import Ruleset, setting
from lld.settlement import settle, share_leftovers
from lld.stakes import StakesTable

# The rulings this module carries out, by the names the registry
# (sources/rulings.toml) knows them by: their IDs are written there only.
R_PLAYERS = ruling_id("players")
R_ROTATION = ruling_id("rotation")
R_TABLE_MOURNIVAL = ruling_id("table_mournival")
R_CAPTURE = ruling_id("capture")
R_PAIR_ROYAL_CAPTURE = ruling_id("pair_royal_capture")
R_PAIR_AGAINST_PAIR = ruling_id("pair_against_pair")
R_ONE_AGAINST_PAIR = ruling_id("one_against_pair")
R_HAND_MOURNIVAL = ruling_id("hand_mournival")
R_HAND_PAIR_ROYAL = ruling_id("hand_pair_royal")
R_DEAD_PAIR = ruling_id("dead_pair")
R_HAND_PAIRS_WHEN = ruling_id("hand_pairs_when")
R_DEAD_PAIR_TRIGGER = ruling_id("dead_pair_trigger")
R_BROKEN_PAIR_ROYAL = ruling_id("broken_pair_royal")
R_LIE_DOWN = ruling_id("lie_down")
R_LIE_DOWN_MISTAKE = ruling_id("lie_down_mistake")
R_LIE_DOWN_PAYMENT = ruling_id("lie_down_payment")
R_CLAIM = ruling_id("claim_priority")
R_CLAIM_DEADLINE = ruling_id("claim_deadline")
R_LAIN_DOWN_CLAIMS = ruling_id("lain_down_claims")
R_END = ruling_id("last_player_turn")
R_LEFTOVERS = ruling_id("leftovers")
R_EMPTIED_HAND = ruling_id("emptied_by_capture")
R_CAPTURE_RANKS = ruling_id("capture_ranks")

#: Seat numbers a move may hold before it is no move at all (see _malformed).
MAX_SEAT = 10**MAX_SEAT_DIGITS
#: Each seat's lie-down move, made once.
LIE_MOVES = tuple(Move(LIE, seat) for seat in range(8))

#: :attr:`Game.public_state`: the open dead groups, the lie-downs, the ledger's rows.
PublicState = tuple[
    tuple[DeadGroup, ...],
    tuple[int, ...],
    tuple[tuple[str, "int | None", "int | None", Amount], ...],
]
#: A refusal: the reason, the ruling and the option it turns on (if any).
Problem = tuple["str | Reason", str, "str | None"]

# Building Move and Event through tuple.__new__ skips a Python-level frame per
# object; the playout loop makes several per turn.
_new = tuple.__new__
_new_object = object.__new__


#: The last ruleset a game was set up under, and its tables (see _compiled).
_last_compiled: tuple[Ruleset, CompiledRules] | None = None


def _compiled(rules: Ruleset) -> CompiledRules:
    """:func:`lld.rule_tables.compiled`, with the last ruleset's tables found by
    identity first: hashing a ruleset's 27 fields costs a short hand a percent,
    and a run plays one ruleset hand after hand."""
    global _last_compiled
    last = _last_compiled
    if last is not None and last[0] is rules:
        return last[1]
    tables = compiled(rules)
    _last_compiled = rules, tables
    return tables


@cache
def _anted(
    players: int, dealer: int, dealer_ante: int, other_ante: int
) -> tuple[Ledger, tuple[LogEntry, ...], PublicState]:
    """A ledger with everyone's ante in, the log of the deal and the antes, and the
    public state then (:attr:`Game.public_state`: no dead group, no lie-down, the
    antes' rows).

    The same few tables and dealers recur in every run, so each is worked out
    once and copied for each hand.
    """
    rule = DEAL_RULE[players]
    antes = [other_ante] * players
    antes[dealer] = dealer_ante
    ledger = Ledger(players)
    ledger.antes(antes, rule)
    entries: list[LogEntry] = [(rule, dealer, DEAL, 0, 0, 0)]
    entries += [(rule, seat, ANTE, 0, 0, amount) for seat, amount in enumerate(antes) if amount]
    return ledger, tuple(entries), ((), (0,) * players, ledger.rows)


# What a copy of a game (Game.copy) does with each field, as FIELDS declares it.
#: Shared: a value no move changes in place (an int, a tuple, a frozen Deal).
SAME: Final = "same"
#: Shared: the ruleset and the tables compiled from it alone, shared by every game
#: played under it (lld.rule_tables.compiled: nothing in them is learned from a hand).
RULESET: Final = "ruleset"
#: Not kept: the moves last offered (see Game.play), which a copy offers afresh.
DROPPED: Final = "dropped"

#: Every field of a :class:`Game`, in the order of play, and what a copy does
#: with it: ``SAME``, ``RULESET``, ``DROPPED``, or the function that makes the
#: copy its own container. ``Game.__slots__`` is made from it, so that no field
#: can be added without saying how it is copied.
FIELDS: Final[dict[str, str | Callable[[Any], Any]]] = {
    # The ruleset, the deal and the stakes.
    "rules": RULESET,
    "stakes": SAME,
    "deal": SAME,
    "n": SAME,
    "dealer": SAME,
    # The ruleset compiled (lld.rule_tables).
    "_shapes": RULESET,
    "_captures": RULESET,
    "_capture_moves": RULESET,
    "_capture_rules": RULESET,
    "_key_masks": RULESET,
    "_forced": SAME,
    "_lie_down_mistakes": SAME,
    "_any_time_lays": SAME,
    "_own_turn_lays": SAME,
    "_lays_at_once": SAME,
    "_out_when_emptied_by_capture": SAME,
    "_out_when_emptied_by_laying": SAME,
    "_lay_is_turn": SAME,
    "_pair_royal_layable": SAME,
    "_pair_royal_rest_layable": SAME,
    "_claim_in_rotation": SAME,
    "_claim_next_turn": SAME,
    "_claimable_kinds": SAME,
    "_several_ranks": SAME,
    # The cards, by place.
    "hands": list.copy,
    "table": SAME,
    "won": list.copy,
    "_won_all": SAME,
    "aside": SAME,
    # Whose turn, who is out.
    "to_play": SAME,
    "turns": SAME,
    "out": list.copy,
    "_in_play": SAME,
    "final_turn": SAME,
    "last_player": SAME,
    "over": SAME,
    # The moves last offered.
    "_checked": DROPPED,
    # The free moves: dead groups, the lay watch.
    "_dead": dict.copy,
    "free_pending": SAME,
    "_lay_watch": list.copy,
    "_mournival_rest": list.copy,
    "_royal_rest": list.copy,
    "fresh": SAME,
    # Lying down.
    "_lie_downs": list.copy,
    "_lain": SAME,
    # The stakes and the log.
    "ledger": Ledger.copy,
    "_public_state": SAME,
    "_log": list.copy,
    "_events": list.copy,
}


class Game:
    """One hand, from the deal to settlement. Build it with :meth:`new` or :meth:`from_deal`.

    Its state is read from these attributes and properties, which only the
    game's own moves change (a reader must not):

    - ``rules``, ``stakes``, ``deal``, ``n`` (the players), ``dealer``;
    - ``hands``, ``table``, ``won`` (card masks, per seat), ``aside`` (R29's
      cards set aside at the end);
    - ``to_play``, ``turns`` (turn moves made), ``out`` (per seat),
      ``final_turn`` (the last player's one more turn is under way, R28),
      ``last_player``, ``over``;
    - ``free_pending``: some seat may have a free move (see :meth:`free_seats`);
    - ``fresh``: the ``(seat, rank)`` pairs the latest turn made layable, which
      R20's ``promptly_or_own_turn`` lets their holder lay at once;
    - :attr:`lie_downs`: the cards each seat's lie-down put on the table (0 until
      it lies down); :attr:`dead_groups`: the groups on the table nobody can mate;
    - ``ledger``; :attr:`log` and :attr:`events`, :attr:`moves`;
    - :attr:`public_state`: the dead groups, the lie-downs and the ledger's rows
      as one value, the same object until one of them changes.
    """

    __slots__ = tuple(FIELDS)

    rules: Ruleset
    stakes: StakesTable
    deal: Deal
    n: int
    dealer: int
    hands: list[int]
    table: int
    won: list[int]
    aside: int
    to_play: int
    turns: int
    out: list[bool]
    final_turn: bool
    last_player: int | None
    over: bool
    free_pending: bool
    fresh: tuple[tuple[int, int], ...]
    ledger: Ledger

    # ================================================================ the deal (R1-R11)

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
        self.last_player = None
        self.turns = 0
        # The log as plain tuples in Event's field order: building an Event per
        # capture costs the playout loop more than the capture itself.
        self._log: list[LogEntry] = []
        self._events: list[Event] = []
        tables = _compiled(rules)
        self._shapes = tables.shapes
        self._captures = tables.captures
        self._capture_moves = tables.capture_moves
        self._capture_rules = tables.capture_rules
        self._key_masks = tables.key_masks
        self._forced = tables.forced_lie_down
        self._lie_down_mistakes = tables.lie_down_mistakes
        self._any_time_lays = tables.any_time_lays
        self._own_turn_lays = tables.own_turn_lays
        self._lays_at_once = tables.lays_at_once
        self._out_when_emptied_by_capture = tables.out_when_emptied_by_capture
        self._out_when_emptied_by_laying = tables.out_when_emptied_by_laying
        self._lay_is_turn = tables.lay_is_turn
        self._pair_royal_layable = tables.pair_royal_layable
        self._pair_royal_rest_layable = tables.pair_royal_rest_layable
        self._claim_in_rotation = tables.claim_in_rotation
        self._claim_next_turn = tables.claim_next_turn
        self._claimable_kinds = tables.claimable_kinds
        self._several_ranks = tables.several_ranks
        self.final_turn = False
        # The moves last generated for this position (turn or free), if any: a
        # move from that list needs no second check (see play()).
        self._checked: tuple[Move, ...] | None = None
        # rank -> (origin, offender, turn from which others may claim it)
        self._dead: dict[int, tuple[str, int, int]] = {}
        # per seat, the cards its lie-down put on the table (0 until it lies down)
        self._lie_downs = [0] * n
        self._lain = 0  # the seats that have lain down, as bits (R42: even with no cards)
        # The public state that changes seldom, made when asked for (public_state)
        # and dropped (None) wherever it changes; a hand starts with the deal's (_start).
        self._public_state: PublicState | None = None
        # per seat, a bit per rank (1 << rank): ranks that may hold a pair to
        # lay down (a pair royal, a mournival, a dead pair); checked when used
        self._lay_watch = [0] * n
        # per seat, a bit per rank: the pair left of a mournival he laid half of
        # (R17: laid as two pairs, whatever R39's trigger says of other pairs)
        self._mournival_rest = [0] * n
        # per seat, a bit per rank: the pair left of a pair royal whose third card he played
        # (R40: layable or not by broken_pair_royal; kept either way to name R40 in a refusal)
        self._royal_rest = [0] * n
        # (seat, rank) pairs made layable by the latest turn (R20, promptly)
        self.fresh = ()
        # Whether some seat may have a free move (see _rescan_lay_watch).
        self.free_pending = False
        self._start()

    @classmethod
    def new(cls, rules: Ruleset, players: int, seed: int, dealer: int | None = None) -> Game:
        """A fresh hand dealt from ``seed`` (see :mod:`lld.deal`)."""
        try:  # no check before: a hand dealt in the playout pays nothing for it
            stakes = rules.stakes(players)
        except AttributeError:
            if isinstance(rules, Ruleset):
                raise
            raise _not_a_ruleset(rules) from None
        deal = Deal.from_seed(
            seed, players, stakes.hand_size, dealer,
            widow=stakes.widow, **rules.cut,
        )  # fmt: skip
        return cls(rules, deal, stakes)

    @classmethod
    def from_deal(cls, rules: Ruleset, deal: Deal) -> Game:
        """A hand from explicit cards: any position can be set up this way."""
        try:
            stakes = rules.stakes(deal.players)
        except AttributeError:
            if isinstance(rules, Ruleset):
                raise
            raise _not_a_ruleset(rules) from None
        return cls(rules, deal, stakes)

    def copy(self) -> Game:
        """An independent copy of this position (for search): cheap, no replay.

        Each field is copied as :data:`FIELDS` declares it.
        """
        other = _new_object(Game)
        for name in _SHARED_FIELDS:
            setattr(other, name, getattr(self, name))
        for name, own in _OWN_FIELDS:
            setattr(other, name, own(getattr(self, name)))
        for name in _DROPPED_FIELDS:
            setattr(other, name, None)
        return other

    def _start(self) -> None:
        n, dealer, log = self.n, self.dealer, self._log.append
        stakes = self.stakes
        # The deal's public state comes made with the antes, once for each table
        # and dealer: an observer asks for it as the hand starts, and making it
        # for every hand cost a tournament 0.2%.
        ledger, entries, self._public_state = _anted(
            n, dealer, stakes.dealer_ante, stakes.other_ante
        )
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
                log((R_TABLE_MOURNIVAL, dealer, TAKE_MOURNIVAL, 0, cards, 0))
            else:
                self._dead[rank] = (TABLE_MOURNIVAL, dealer, 1)
                self._public_state = None
        # R17-R19: what each hand may lay down from the start.
        self._rescan_lay_watch()
        # R4: eldest, on the dealer's left, plays first.
        self.to_play = dealer
        if self._in_play:  # with every hand empty there is nobody to pass to
            self._advance()
        if self._lays_at_once and self._in_play > 1:
            self._lay_due_sets()  # R20, strict play: dealt sets go down before play
        if self._in_play <= 1 and not (self.over or self.final_turn):
            # A position set up with one hand or none left (or left so by laying
            # dealt sets, which then ended it): nothing to play.
            self._finish()
            if self._lays_at_once:
                self._lay_due_sets()  # before the last player's one more turn (R28)

    # ======================================================= every move: offered, checked, played

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

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError`, naming the rule, unless ``move`` is legal now."""
        self._check(move)

    def is_legal(self, move: Move) -> bool:
        try:
            self._check(move)
        except IllegalMoveError:
            return False
        return True

    def play_text(self, text: str) -> Move:
        """Parse and play a move written in notation; return it."""
        move = Move.parse(text)
        self.play(move)
        return move

    def _check(self, move: Move) -> bool:
        """Raise as :meth:`check` does; return whether ``move`` is a capture of several
        ranks (R45), which :meth:`play` plays apart."""
        if not isinstance(move, Move):
            raise TypeError(f"expected a Move, not {type(move).__name__}")
        malformed = _malformed(move)
        if malformed is not None:
            raise NotationError(f"not a move: {malformed}")
        if self.over:
            raise IllegalMoveError(move, "the hand is over", R_END)
        seat = move.seat
        if not 0 <= seat < self.n:
            raise IllegalMoveError(
                move,
                Reason.of(f"there is no {{seat}} at a table of {self.n}", seat=Seat(seat)),
                R_PLAYERS,
            )
        kind = move.kind
        if kind in (CAPTURE, LIE) and seat != self.to_play:
            raise IllegalMoveError(
                move,
                Reason.of(
                    "it is {to_play}'s turn, not {seat}'s",
                    to_play=Seat(self.to_play),
                    seat=Seat(seat),
                ),
                R_ROTATION,
            )
        if kind == CAPTURE:
            return self._check_capture(move)  # R12-R16, R38, R45
        if kind == LIE:
            if move.hand or move.table:
                raise IllegalMoveError(move, "lying down takes no cards", R_LIE_DOWN)
            problem = self._lie_down_problem(seat)  # R22, R35
            if problem is not None:
                raise IllegalMoveError(move, *problem)
        elif kind == LAY:
            self._check_lay(move)  # R17-R20, R39
        elif kind == CLAIM:
            self._check_claim(move)  # R11, R15, R24-R26, R36, R37
        else:
            raise IllegalMoveError(move, f"unknown kind of move {kind!r}", R_ROTATION)
        return False

    # ================================================= turn moves: captures (R12-R16, R38)
    #
    # The seat to play makes one turn move: a capture, or lying down (R22,
    # below). A capture mates cards of one rank from the hand with cards of that
    # rank on the table; which shapes are captures, and under which ruling, is
    # compiled once per ruleset (lld.rule_tables): one card against one (R12), a
    # pair royal taken whole by the fourth (R13, R14), pair against pair (R16),
    # one against two or three (R38). The pair a capture leaves of a pair royal
    # no hand can mate is dead (R15), and a pair in hand that the capture leaves
    # unmateable may be laid (R19, R39). turn_moves() and play() are the
    # playout's hottest code, written for speed, each branch still naming its
    # ruling.

    def turn_moves(self) -> tuple[Move, ...]:
        """The turn moves of the seat to play, one per distinct choice.

        Suits never matter to the rules, so of several cards of one rank the
        lowest-suited are used; :meth:`legal_moves` lists every suit variant.
        """
        if self.over:
            return ()
        seat = self.to_play
        by_key = self._capture_moves[seat]
        # A tuple, built by concatenation (cheap for the one or two ranks a
        # hand can usually take): play() trusts what this returns, so the
        # caller must not be able to add to it.
        moves: tuple[Move, ...] = ()
        # The hand packed above the table: one AND with a rank's key mask gives
        # the key of that rank's captures, and the ranks both hold come from one
        # ranks_present() of the two (inlined), not one of each.
        both = packed = self.hands[seat] << NUM_CARDS | self.table
        both |= both >> 1
        both |= both >> 2
        both &= both >> NUM_CARDS & RANK_BASES
        masks = self._key_masks[both]
        for mask in masks:
            # The cards of this rank in hand and on the table: the key to the
            # moves they allow (lld.rule_tables.capture_moves).
            moves += by_key[packed & mask]
        # R22: lying down, forced when nothing can be captured, or chosen.
        if not moves or not self._forced:
            moves += (LIE_MOVES[seat],)
        self._checked = moves
        if self._several_ranks and len(masks) > 1:
            # R45: besides, every capture of several of those ranks at once (play()
            # checks these: only the moves above are trusted unchecked).
            return moves + _several_rank_captures(seat, [by_key[packed & m] for m in masks])
        return moves

    def play(self, move: Move) -> None:
        """Apply ``move``; raise :class:`~lld.errors.IllegalMoveError` naming the rule if
        illegal."""
        checked = self._checked
        if (checked is None or move not in checked) and self._check(move):
            # R45: a capture of several ranks, never among the moves trusted
            # unchecked, so that the capture below of one rank pays nothing for it.
            self._checked = None
            self._capture_several_ranks(move.seat, move.hand, move.table)
            return
        self._checked = None
        kind, seat, from_hand, from_table = move
        # `is` first, as cheap as tests come (the engine's own moves hold the
        # constant); then ==, as a Move built from text elsewhere may hold an
        # equal string that is not the interned constant.
        if kind is not CAPTURE and kind != CAPTURE:
            if kind == LIE:
                self._lie_down(seat)  # R22-R24, R35-R37
                self._after_turn()
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
        if self.fresh:
            self.fresh = ()
        watch = self._lay_watch
        if watch[seat] and watch[seat] >> (shift >> 2) & 1 and NIBBLE_COUNT[hand >> shift & 15] < 3:
            # The pair royal on watch is broken up (hands never grow: three held means three
            # dealt). R40 may keep its pair layable; otherwise, if what is left is a pair
            # nobody can mate, R19 below puts it back on watch.
            if NIBBLE_COUNT[hand >> shift & 15] == 2:
                self._royal_rest[seat] |= 1 << (shift >> 2)
                if not self._pair_royal_rest_layable:
                    watch[seat] &= ~(1 << (shift >> 2))
            else:
                watch[seat] &= ~(1 << (shift >> 2))
        # Cards of this rank still in some hand (nothing is set aside until the end).
        in_hands = 15 ^ left ^ ((won_all >> shift) & 15)
        if not in_hands:
            if NIBBLE_COUNT[before] == 3 and NIBBLE_COUNT[left] == 2:
                # R15: the pair left of a pair royal taken singly (not one card
                # left of two, which only a set-up deal with odd won piles gives).
                self._dead[shift >> 2] = (PAIR_ROYAL_REMAINDER, seat, self.turns)
                self._public_state = None
                self.free_pending = True
        elif not left and NIBBLE_COUNT[in_hands] == 2:
            rank = shift >> 2
            pair = in_hands << shift
            for holder, held in enumerate(hands):
                if held & pair:
                    if held & pair == pair and self._pair_is_dead(holder, rank):
                        # R19: that pair can no longer be mated from the table
                        # (as R39's trigger reads that).
                        watch[holder] |= 1 << rank
                        self.fresh = ((holder, rank),)
                        self.free_pending = True
                    break  # the first holder found has one card or both
        if not hand or self.final_turn or self._lays_at_once:
            self._end_of_capture(seat)  # the rarer ends of a capture
            return
        # R4, as in _advance(), inlined: this is the commonest path of all.
        n, out = self.n, self.out
        seat = (seat + 1) % n
        while out[seat]:
            seat = (seat + 1) % n
        self.to_play = seat

    def _end_of_capture(self, seat: int) -> None:
        """After ``seat``'s capture of one rank or several: a hand it emptied (R34), the
        end of the hand or the last player's one more turn (R28), play passing to the
        left (R4), and under strict play the sets it made layable laid (R20). play()
        inlines the commonest case, where none but R4 applies."""
        if not self.hands[seat] and self._out_when_emptied_by_capture:
            self._goes_out(seat, R_EMPTIED_HAND)
            if self._in_play <= 1:
                self._finish()
                if self._lays_at_once:
                    self._lay_due_sets()  # before the last player's one more turn (R28)
                return
        if self.final_turn:
            self._finish()
            return
        self._advance()
        if self._lays_at_once:
            # R20, strict play: a set this capture made layable goes down at once,
            # once play has passed on (as a free move made straight after it would).
            self._lay_due_sets()

    def _capture_several_ranks(self, seat: int, from_hand: int, from_table: int) -> None:
        """R45: play a checked capture of several ranks in one turn. Each rank's part is
        played as play() plays a capture of that rank alone (_take_rank); the whole is
        one capture in the log, naming R45, and one turn."""
        self._log.append((R_CAPTURE_RANKS, seat, CAPTURE, from_hand, from_table, 0))
        self.turns += 1
        fresh: tuple[tuple[int, int], ...] = ()
        for part in Move(CAPTURE, seat, from_hand, from_table).parts():
            fresh += self._take_rank(seat, part.hand, part.table)
        self.fresh = fresh
        self._end_of_capture(seat)

    def _take_rank(self, seat: int, from_hand: int, from_table: int) -> tuple[tuple[int, int], ...]:
        """One rank's part of a capture of several ranks (R45), as play() plays a capture
        of one rank, written out there for speed (calling this from play() cost the
        random playout 5%, see benchmarks/README.md): the cards move, a pair royal on watch
        is broken up (R40), a pair royal's remainder is dead (R15), and a pair in hand
        that can no longer be mated may be laid (R19, R39). Returns the ``(seat, rank)``
        pairs the part made layable (R20's ``fresh``)."""
        shift = (from_hand.bit_length() - 1) & ~3
        rank = shift >> 2
        before = (self.table >> shift) & 15
        left = before ^ (from_table >> shift)
        hands, watch = self.hands, self._lay_watch
        hands[seat] = hand = hands[seat] ^ from_hand
        self.table ^= from_table
        self.won[seat] |= from_hand | from_table
        self._won_all |= from_hand | from_table
        if watch[seat] >> rank & 1 and NIBBLE_COUNT[hand >> shift & 15] < 3:
            if NIBBLE_COUNT[hand >> shift & 15] == 2:
                self._royal_rest[seat] |= 1 << rank
                if not self._pair_royal_rest_layable:
                    watch[seat] &= ~(1 << rank)
            else:
                watch[seat] &= ~(1 << rank)
        in_hands = 15 ^ left ^ ((self._won_all >> shift) & 15)
        if not in_hands:
            if NIBBLE_COUNT[before] == 3 and NIBBLE_COUNT[left] == 2:
                self._dead[rank] = (PAIR_ROYAL_REMAINDER, seat, self.turns)
                self._public_state = None
                self.free_pending = True
        elif not left and NIBBLE_COUNT[in_hands] == 2:
            pair = in_hands << shift
            for holder, held in enumerate(hands):
                if held & pair:
                    if held & pair == pair and self._pair_is_dead(holder, rank):
                        watch[holder] |= 1 << rank
                        self.free_pending = True
                        return ((holder, rank),)
                    break
        return ()

    def _check_capture(self, move: Move) -> bool:
        """Raise :class:`~lld.errors.IllegalMoveError` naming the ruling (R12-R16, R38,
        R45) unless the capture ``move`` is legal for the seat to play; return whether
        it takes several ranks (R45)."""
        seat = move.seat
        missing = move.hand & ~self.hands[seat]
        if missing:
            raise IllegalMoveError(move, _not_held(seat, missing), R_CAPTURE)
        missing = move.table & ~self.table
        if missing:
            raise IllegalMoveError(move, _not_on_table(missing), R_CAPTURE)
        parts = move.parts() if move.several_ranks else ()
        if len(parts) > 1 and all(part.hand and part.table for part in parts):
            if not self._several_ranks:
                raise IllegalMoveError(
                    move, "a turn's capture takes cards of one rank", R_CAPTURE_RANKS,
                    setting(self.rules, "capture_ranks"),
                )  # fmt: skip
            for part in parts:  # R45: each rank's part is a lawful capture by itself
                try:
                    self._check_capture(part)
                except IllegalMoveError as refused:
                    raise IllegalMoveError(
                        move, refused.why, refused.rule, refused.option
                    ) from None
            return True
        rank = one_rank(move.hand | move.table, move, R_CAPTURE)
        shift = rank << 2
        ch = NIBBLE_COUNT[(self.hands[seat] >> shift) & 15]
        ct = NIBBLE_COUNT[(self.table >> shift) & 15]
        shape = (count(move.hand), count(move.table))
        if shape in self._shapes[ch][ct]:
            return False
        rules = self.rules
        if ct in (2, 3) and shape[0] == 1 and shape[1] in (1, ct):
            # R38: one card against two or three on the table takes one, or all.
            whole = rules.one_against_pair == "collects_all"
            if whole and shape == (1, 1):
                raise IllegalMoveError(
                    move, "one card from the hand takes every card of its rank on the table",
                    R_ONE_AGAINST_PAIR, setting(rules, "one_against_pair"),
                )  # fmt: skip
            if not whole and shape == (1, 2):
                raise IllegalMoveError(
                    move, "one card takes only one of a pair on the table (captures go by"
                    " pairs)", R_ONE_AGAINST_PAIR, setting(rules, "one_against_pair"),
                )  # fmt: skip
        if ct == 3 and shape in ((1, 1), (1, 3)):
            raise IllegalMoveError(
                move, "the fourth card must take all three of a pair royal on the table",
                R_PAIR_ROYAL_CAPTURE, setting(rules, "pair_royal_capture"),
            )  # fmt: skip
        if ch == 2 and ct == 2 and shape in ((1, 1), (2, 2)):
            why = (
                "a pair in hand takes a pair on the table one card at a time"
                if shape == (2, 2)
                else "a pair in hand must take the pair on the table all at once"
            )
            raise IllegalMoveError(
                move, why, R_PAIR_AGAINST_PAIR, setting(rules, "pair_against_pair")
            )
        raise IllegalMoveError(
            move, "a capture mates one card from the hand with one on the table, or takes"
            " all of a pair royal (pairs are made two or four cards at a time)", R_CAPTURE,
        )  # fmt: skip

    # ======== free moves: laying pairs (R17-R20, R39, R40), claims (R11, R15, R24-R26, R36, R37)
    #
    # A free move is made outside the turn order and is not a turn (R21, R27): a
    # seat lays a mournival, a pair of a pair royal or a dead pair from its hand
    # into its won pile, or claims a dead group from the table. Which ranks a
    # seat might lay is kept on a watch (a bit per rank, per seat), and which
    # groups on the table are dead in _dead; both are set where a move makes
    # them (a capture, a lie-down; a table mournival at the deal, R11), so that
    # a driver asking free_seats() after every move pays nothing while there is
    # none. Each rule is one predicate used everywhere: _may_lay_now (R20
    # timing), _lay_sizes (R17-R19, R39), _claimant_problem (who may claim
    # what, and when).

    def _rescan_lay_watch(self) -> None:
        """Work out afresh which ranks each hand might lay down (after hands change)."""
        # Every mournival, and every pair royal where R18 lets a pair of it be laid.
        self._lay_watch = watch = ranks_holding_each(
            self.hands, 3 if self._pair_royal_layable else 4
        )
        if self._won_all:  # a pair is dead only once the other two are won
            for seat, hand in enumerate(self.hands):
                for rank in iter_ranks(ranks_present(hand)):
                    if count_rank(hand, rank) == 2 and self._could_lay(seat, rank, 2):
                        watch[seat] |= 1 << rank
        if self.fresh:
            self.fresh = tuple((s, r) for s, r in self.fresh if watch[s] >> r & 1)
        self._checked = None
        # True whenever a dead group or a rank on watch exists: set wherever
        # one is added, cleared only by free_seats() once there is none.
        self.free_pending = bool(self._dead) or any(watch)

    def _lay_sizes(self, seat: int, rank: int, held: int) -> tuple[int, ...]:
        """R17-R19, R39, R40: how many cards of ``rank`` ``seat`` may lay down from ``held``."""
        if held < 4 and not self._could_lay(seat, rank, held):
            return ()
        return LAY_SIZES[held]

    def _seats_laying_any_rank(self) -> range | tuple[int, ...]:
        """R20: the seats that may lay any layable pair now, not only one just
        made layable (the first half of :meth:`_may_lay_now`)."""
        if self._lays_at_once:
            return ()  # laid_at_once: nobody lays by a move (_lay_due_sets does it)
        if self._any_time_lays or not self.turns:
            return range(self.n)
        if self._own_turn_lays:
            return (self.to_play,)
        return ()  # promptly_only: no seat, but for a pair just made layable

    def _may_lay_now(self, seat: int, rank: int) -> bool:
        """R20: whether ``seat`` may lay a layable ``rank`` now.

        With ``hand_pairs_when=any_time``, at any moment; otherwise before the
        first turn, at once after the turn that made the pair layable (it is
        then in ``fresh``), or, with ``promptly_or_own_turn``, on one's own turn.
        """
        return seat in self._seats_laying_any_rank() or (seat, rank) in self.fresh

    def _claimant_problem(
        self, seat: int, origin: str, offender: int, open_turn: int
    ) -> Problem | None:
        """R11, R15, R24-R26, R36, R37: why ``seat`` may not claim a dead group now, or ``None``.

        The one statement of who may claim what, and when: :meth:`_claim_problem`
        checks a claim's cards, then asks this; :meth:`_claimants` (for
        :meth:`free_seats`) asks it too. It must depend on ``seat`` only through
        ``seat == offender``, ``seat == self.to_play`` and whether R42 bars
        ``seat`` for having lain down (see _claimants).
        """
        rule = DEAD_RULE[origin]
        if origin not in self._claimable_kinds:
            option = DEAD_OPTION[origin]
            return ("this is not an oversight others may claim; it goes to the dealer", rule,
                    setting(self.rules, option))  # fmt: skip
        dealers_own = origin == TABLE_MOURNIVAL and seat == offender
        if dealers_own:
            return None
        if seat == offender:
            return ("a player cannot claim his own oversight", R_CLAIM, None)
        if self._lain_down_barred(seat):
            return ("a player who has lain down has ceased play: he claims nothing",
                    R_LAIN_DOWN_CLAIMS, setting(self.rules, "lain_down_claims"))  # fmt: skip
        if self.turns < open_turn:
            return ("the dealer has the first chance to take a table mournival",
                    R_TABLE_MOURNIVAL, setting(self.rules, "table_mournival"))  # fmt: skip
        if self._claim_in_rotation and seat != self.to_play:
            return ("oversights are claimed only on one's own turn", R_CLAIM,
                    setting(self.rules, "claim_priority"))  # fmt: skip
        if self._claim_next_turn and self.turns > open_turn:
            return ("too late: the oversight had to be claimed before the next turn",
                    R_CLAIM_DEADLINE, setting(self.rules, "claim_deadline"))  # fmt: skip
        return None

    def _lain_down_barred(self, seat: int) -> bool:
        """R42: whether ``seat`` claims no oversight because it has lain down."""
        return bool(self._lain >> seat & 1) and self.rules.lain_down_claims == "may_not_claim"

    def _claim_problem(self, seat: int, rank: int, cards: int) -> Problem | None:
        """Why ``seat`` may not claim ``cards`` of ``rank`` now, or ``None`` if it may."""
        shift = rank << 2
        on_table = ((self.table >> shift) & 15) << shift
        if not cards or cards & ~on_table:
            return (_not_on_table(cards & ~on_table), R_CLAIM, None)
        dead = self._dead.get(rank)
        if dead is None:
            return ("those cards can still be mated from a hand; only an oversight is claimed",
                    R_CLAIM, None)  # fmt: skip
        if count(cards) != count(on_table) & ~1:  # as claimable() says
            return ("a claim takes every pair of that rank left on the table",
                    DEAD_RULE[dead[0]], None)  # fmt: skip
        return self._claimant_problem(seat, *dead)

    def _claimants(self) -> set[int]:
        """R25: the seats :meth:`_claimant_problem` lets claim some dead group now.

        That predicate depends on the seat only through whether it is the
        offender or the seat to play, so it is asked of those two and of one
        other seat, whose answer holds for all the others.
        """
        n, to_play = self.n, self.to_play
        out: set[int] = set()
        for group in self._dead.values():
            offender = group[1]
            if self._claimant_problem(offender, *group) is None:
                out.add(offender)
            if to_play != offender and self._claimant_problem(to_play, *group) is None:
                out.add(to_play)
            # One seat that is neither, and not barred for having lain down (R42),
            # answers for all such seats; a barred seat claims nothing.
            others = [
                s for s in range(n)
                if s != offender and s != to_play and not self._lain_down_barred(s)
            ]  # fmt: skip
            if others and self._claimant_problem(others[0], *group) is None:
                out.update(others)
        return out

    def free_moves(self, seat: int) -> tuple[Move, ...]:
        """The free moves (lay, claim) ``seat`` may make now, lowest suits first."""
        if not 0 <= seat < self.n:
            raise NotFoundError(f"there is no seat {shown(seat)} at a table of {self.n}")
        if self.over:
            return ()
        ranks = self._lay_watch[seat]
        dead = self._dead
        if not ranks and not dead:
            # Nothing to lay or claim: the answer to a seat asked again after its
            # free move, about half of the calls.
            self._checked = ()
            return ()
        # Immutable, as turn_moves() returns (play() trusts what was offered):
        # built by concatenation, for the one move there usually is.
        moves: tuple[Move, ...] = ()
        if ranks:
            hand = self.hands[seat]
            now = seat in self._seats_laying_any_rank()  # R20
            fresh = self.fresh
            while ranks:
                low = ranks & -ranks
                ranks ^= low
                rank = low.bit_length() - 1
                if not now and (seat, rank) not in fresh:  # R20, as in _may_lay_now()
                    continue
                shift = rank << 2
                nib = (hand >> shift) & 15
                for size in self._lay_sizes(seat, rank, NIBBLE_COUNT[nib]):
                    moves += (_new(Move, (LAY, seat, LOWEST[nib][size] << shift, 0)),)
        if dead:
            table = self.table
            for rank in sorted(dead):
                cards = claimable(table, rank)
                if self._claim_problem(seat, rank, cards) is None:
                    moves += (_new(Move, (CLAIM, seat, 0, cards)),)
        self._checked = moves
        return moves

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
        fresh = self.fresh
        if fresh:
            for seat, _ in fresh:
                if seat not in layers:
                    layers.append(seat)
            layers.sort()
        if dead:
            seats_claiming = self._claimants()
            if seats_claiming:
                return sorted(seats_claiming.union(layers))
        return layers

    def _check_lay(self, move: Move) -> None:
        """Raise :class:`~lld.errors.IllegalMoveError` naming the ruling unless the lay is
        legal."""
        seat = move.seat
        if self._lays_at_once:
            raise IllegalMoveError(
                move, "in strict play every set is laid at once by rule, never by a move",
                R_HAND_PAIRS_WHEN, setting(self.rules, "hand_pairs_when"),
            )  # fmt: skip
        if move.table:
            raise IllegalMoveError(move, "pairs are laid from the hand, not the table", R_DEAD_PAIR)
        missing = move.hand & ~self.hands[seat]
        if missing:
            raise IllegalMoveError(move, _not_held(seat, missing), R_DEAD_PAIR)
        rank = one_rank(move.hand, move, R_DEAD_PAIR)
        held = NIBBLE_COUNT[(self.hands[seat] >> (rank << 2)) & 15]
        if count(move.hand) not in self._lay_sizes(seat, rank, held):
            if held == 4:
                raise IllegalMoveError(
                    move, "a mournival is laid as two pairs or whole", R_HAND_MOURNIVAL
                )
            if held == 3 and not self._pair_royal_layable:
                raise IllegalMoveError(
                    move, "a pair royal held in hand is not laid: its cards are played"
                    " like any others", R_HAND_PAIR_ROYAL, setting(self.rules, "hand_pair_royal"),
                )  # fmt: skip
            if held == 3:
                raise IllegalMoveError(
                    move, "only a pair of a pair royal may be laid", R_HAND_PAIR_ROYAL
                )
            problem = self._broken_pair_royal_problem(seat, rank) or self._dead_pair_problem(
                seat, rank
            )
            if problem is not None:
                raise IllegalMoveError(move, *problem)
            raise IllegalMoveError(
                move, "only a pair that can never be mated from the table may be laid", R_DEAD_PAIR
            )
        if not self._may_lay_now(seat, rank):
            why = (
                "pairs are laid at once or later only on one's own turn" if self._own_turn_lays
                else "pairs are laid at once or not at all: the moment has passed"
            )  # fmt: skip
            raise IllegalMoveError(
                move, why, R_HAND_PAIRS_WHEN, setting(self.rules, "hand_pairs_when")
            )

    def _check_claim(self, move: Move) -> None:
        """Raise :class:`~lld.errors.IllegalMoveError` naming the ruling unless the claim is
        legal."""
        if move.hand:
            raise IllegalMoveError(move, "a claim takes cards from the table only", R_CLAIM)
        rank = one_rank(move.table, move, R_CLAIM)
        problem = self._claim_problem(move.seat, rank, move.table)
        if problem is not None:
            reason, rule, option = problem
            raise IllegalMoveError(move, reason, rule, option)

    def _lay_due_sets(self) -> None:
        """R20 ``laid_at_once`` (strict play): lay every set that may be laid now for its
        holder, in turn order from eldest: a mournival whole, a pair of a pair royal, a
        dead pair. Each is an event, no move and no turn (:meth:`_lay` with ``at_once``).
        Nothing once the hand is over."""
        watch, n = self._lay_watch, self.n
        for step in range(1, n + 1):
            seat = (self.dealer + step) % n
            ranks = watch[seat]
            while ranks and not self.over:
                low = ranks & -ranks
                ranks ^= low
                rank = low.bit_length() - 1
                nib = (self.hands[seat] >> (rank << 2)) & 15
                sizes = self._lay_sizes(seat, rank, NIBBLE_COUNT[nib])
                if sizes:
                    cards = LOWEST[nib][max(sizes)] << (rank << 2)
                    self._lay(_new(Move, (LAY, seat, cards, 0)), at_once=True)
        self.fresh = ()

    def _lay(self, move: Move, *, at_once: bool = False) -> None:
        """Play a checked lay: R17 (a mournival, or its rest), R18 (a pair royal's pair), R19,
        R40 (the pair left of a pair royal whose third card was played). ``at_once``: laid
        by rule under R20's ``laid_at_once``, logged as such, and never a turn."""
        seat, cards = move.seat, move.hand
        # R21: a lay by the seat to play, once play has begun, is his turn where
        # laying counts as one (before the first turn, pairs are laid before play).
        ends_turn = self._lay_is_turn and seat == self.to_play and self.turns > 0 and not at_once
        rank = rank_of(cards.bit_length() - 1)
        shift = rank << 2
        before = NIBBLE_COUNT[(self.hands[seat] >> shift) & 15]
        rest = self._mournival_rest[seat] >> rank & 1
        rule = (
            R_HAND_MOURNIVAL if before == 4 or rest
            else R_HAND_PAIR_ROYAL if before == 3
            else R_DEAD_PAIR
        )  # fmt: skip
        if (
            rule == R_DEAD_PAIR
            and self._royal_rest[seat] >> rank & 1
            and not self._pair_is_dead(seat, rank)
        ):
            rule = (
                R_BROKEN_PAIR_ROYAL  # the pair left of a pair royal, layable only by R40's layable
            )
        self.hands[seat] ^= cards
        self.won[seat] |= cards
        self._won_all |= cards
        self._log.append((rule, seat, LAID_AT_ONCE if at_once else LAY, cards, 0, 0))
        if before - count(cards) == 2:
            # The other half of a mournival: R17 lets it be laid too.
            self._mournival_rest[seat] |= 1 << rank
            if (seat, rank) not in self.fresh:
                self.fresh += ((seat, rank),)
        else:
            self._lay_watch[seat] &= ~(1 << rank)
        if not self.hands[seat] and self._out_when_emptied_by_laying:
            if ends_turn:
                self.turns += 1
                self.fresh = ()
            self._goes_out(seat, R_EMPTIED_HAND)
            if self._in_play <= 1:
                self._finish()
            elif seat == self.to_play:
                self._advance()
        elif ends_turn:
            # R21, counts_as_turn: the lay was his turn, which passes on.
            self.turns += 1
            self.fresh = ()
            self._after_turn()
        # Otherwise (R43, lies_down_at_turn) a player whose lay emptied his hand
        # stays in play with no cards: at his turn he can capture nothing, and
        # lies down (turn_moves offers only that), which puts him out.

    def _claim(self, move: Move) -> None:
        """Play a checked claim: the dead group's cards go to the claimant's won pile."""
        seat, cards = move.seat, move.table
        rank = rank_of(cards.bit_length() - 1)
        origin = self._dead.pop(rank)[0]
        self._public_state = None
        self.table ^= cards
        self.won[seat] |= cards
        self._won_all |= cards
        self._log.append((DEAD_RULE[origin], seat, CLAIM, 0, cards, 0))

    # ===================================================== lying down (R22-R24, R35-R37)
    #
    # A lie-down is a turn move: the player puts his whole hand on the table and
    # is out for the rest of the hand (R22); under lie_down_payment he may owe
    # each player still in a stake (R23). Where lying down is forced, R35 decides
    # whether one made while a capture was possible is refused or played as a
    # mistake; a mistaken lie-down's event names R35, and its amount is 1 (0 for
    # every other lie-down), so that a reader of the log can tell the mistake
    # without the rules.
    #
    # What the lie-down leaves on the table may be an oversight others can
    # claim, each case its own ruling, so that a source can rule one and not
    # another:
    #
    # - R24 (lie_down_pair): a set the player could have laid from his hand at
    #   that moment and did not: a mournival (R17), a pair royal (R18) or a pair
    #   that could no longer be mated (R19, with R39's trigger), or the pair left
    #   of a pair royal whose third card he played where R40 keeps it layable.
    #   Of a pair royal whose fourth card is won, a claim takes two; the third
    #   stays for the dealer.
    # - R36 (mistaken_lie_down_pair): after a lie-down R35 marks a mistake, a
    #   rank of which he put one card beside another on the table, the other two
    #   being won.
    # - R37 (chosen_lie_down_pair): the same pair, left by a lawful lie-down
    #   made by choice (lie_down=voluntary).
    #
    # Only cards that no hand can mate are an oversight: a rank of which some
    # hand still holds a card is left alone. The predicates on pairs in hand
    # (R19 with R39, R40) are here too: a lie-down asks them of its hand.

    def _pair_is_dead(self, seat: int, rank: int, trigger: str | None = None) -> bool:
        """R19 with R39's trigger: whether ``seat``'s pair of ``rank`` may be laid as dead.

        ``unmateable``: no card of the rank is left on the table or in another
        hand. ``other_pair_won``: besides, neither of the other two is in the
        holder's own won pile. ``never``: a pair held in hand is not laid (the
        rest of a mournival is R17's, checked by the caller). ``trigger``
        overrides the ruleset's, to say which reading a refusal turns on.
        """
        trigger = trigger or self.rules.dead_pair_trigger
        if trigger == "never":
            return False
        shift = rank << 2
        table = self.table
        if (table >> shift) & 15:
            return False
        in_hands = (FULL_DECK ^ table ^ self._won_all) >> shift & 15
        if in_hands != (self.hands[seat] >> shift) & 15:
            return False
        return trigger == "unmateable" or not (self.won[seat] >> shift) & 15

    def _dead_pair_problem(self, seat: int, rank: int) -> tuple[str, str, str] | None:
        """R39: why ``seat``'s pair of ``rank``, dead on du Coeur's principle, may not be
        laid under the ruleset's narrower trigger, or ``None``."""
        trigger = self.rules.dead_pair_trigger
        if trigger == "unmateable" or not self._pair_is_dead(seat, rank, "unmateable"):
            return None
        why = {
            "other_pair_won": "a pair is laid only once other players have won the other two"
            " of its rank",
            "never": "a pair held in hand is never laid (only a mournival or a pair of a pair"
            " royal)",
        }[trigger]
        return why, R_DEAD_PAIR_TRIGGER, setting(self.rules, "dead_pair_trigger")

    def _broken_pair_royal_problem(self, seat: int, rank: int) -> Problem | None:
        """R40: why ``seat`` may not lay the pair left of his pair royal of ``rank`` once its
        third card is played (``by_dead_rule``, and it is not dead by R19 with R39's
        trigger), or ``None`` if that is not why."""
        if not self._royal_rest[seat] >> rank & 1 or self._pair_royal_rest_layable:
            return None
        cited = Cited((R_DEAD_PAIR, R_DEAD_PAIR_TRIGGER), setting(self.rules, "dead_pair_trigger"))
        return (
            Reason.of(
                "the pair left of a pair royal whose third card was played is laid only as a"
                " pair that can no longer be mated ({cited}), and it is not one",
                cited=cited,
            ),
            R_BROKEN_PAIR_ROYAL,
            setting(self.rules, "broken_pair_royal"),
        )

    def _could_lay(self, seat: int, rank: int, held: int) -> bool:
        """R17-R19, R39, R40: whether ``seat``, holding ``held`` cards of ``rank``, may lay a
        pair of it at all (when, R20, aside)."""
        if held == 4:
            return True  # R17: a mournival
        if held == 3:
            return self._pair_royal_layable  # R18: a pair of a pair royal
        if held != 2:
            return False
        if self._mournival_rest[seat] >> rank & 1:
            return True  # R17: the other half of a mournival he laid half of
        if self._royal_rest[seat] >> rank & 1 and self._pair_royal_rest_layable:
            return True  # R40: the right to lay a pair of a pair royal outlives its third card
        return self._pair_is_dead(seat, rank)

    def _has_capture(self, seat: int) -> bool:
        """Whether ``seat`` could capture now: every rank both in his hand and on the
        table gives a capture (R12-R16, R38 each allow one shape or more)."""
        return bool(ranks_present(self.hands[seat]) & ranks_present(self.table))

    def _lie_down_problem(self, seat: int) -> Problem | None:
        """R22, R35: why ``seat`` may not lie down now (he is the seat to play), or ``None``."""
        if self._forced and self._has_capture(seat):
            return (
                "a player who can capture must do so",
                R_LIE_DOWN,
                setting(self.rules, "lie_down"),
            )
        return None

    def _lie_down(self, seat: int) -> None:
        """Play ``seat``'s lie-down (R22, R35), its payment (R23) and its oversights (R24, R36,
        R37)."""
        hand = self.hands[seat]
        mistake = self._lie_down_mistakes and self._has_capture(seat)
        chosen = self.rules.lie_down == "voluntary"
        # R24: the ranks he could have laid at this moment, decided before his hand goes.
        # Every such rank is on his watch (see _lay_watch), usually empty: checking
        # only those keeps a lie-down cheap in the playout loop.
        layable = 0  # as ranks_present() gives ranks: bit rank << 2
        watch = self._lay_watch[seat]
        while watch:
            low = watch & -watch
            watch ^= low
            rank = low.bit_length() - 1
            held = NIBBLE_COUNT[(hand >> (rank << 2)) & 15]
            if held >= 2 and self._could_lay(seat, rank, held):
                layable |= 1 << (rank << 2)
        self.hands[seat] = 0
        self.table = table = self.table | hand
        self.out[seat] = True
        self._lie_downs[seat] = hand
        self._lain |= 1 << seat
        self._public_state = None  # the lie-down, its payment and any dead group below
        self._in_play -= 1
        self._lay_watch[seat] = 0
        self._log.append(
            (R_LIE_DOWN_MISTAKE if mistake else R_LIE_DOWN, seat, LIE, 0, 0, 1 if mistake else 0)
        )
        if self.rules.lie_down_payment != "none":
            remaining = [s for s in range(self.n) if not self.out[s]]
            if remaining:
                # R23: a stake to each, or one stake parted equally among them.
                share: Amount = (
                    1
                    if self.rules.lie_down_payment == "stake_to_each_remaining"
                    else whole_if_whole(Fraction(1, len(remaining)))
                )
                for s in remaining:
                    self.ledger.transfer(seat, s, share, R_LIE_DOWN_PAYMENT)
                self._log.append((R_LIE_DOWN_PAYMENT, seat, LIE_PAYMENT, 0, 0, share))
        self.turns += 1
        if self.fresh:
            self.fresh = ()
        # Only the ranks he put down of which no card is left in any hand: nobody can mate
        # them. Without a mistake or a choice (R36, R37), only a layable rank can be one.
        candidates = ranks_present(hand) if mistake or chosen else layable
        if not candidates:
            return
        lonely = candidates & ~ranks_present(FULL_DECK ^ table ^ self._won_all) & RANK_BASES
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
            self._dead[rank] = (origin, seat, self.turns)
            self.free_pending = True

    # =================================================== the end of the hand (R28-R34)
    #
    # A seat whose hand is emptied goes out (R34, _goes_out). When one seat or
    # none is left in play the hand ends (_finish): the last player is named,
    # and under last_player_turn=one_more has one more turn (R28); the dealer
    # takes the leftovers or the pairs among them (R29,
    # lld.settlement.share_leftovers); then the bonus and each seat's stakes are
    # paid through the ledger (R30-R33, lld.settlement.settle).

    def _after_turn(self) -> None:
        if self.final_turn or self._in_play <= 1:
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

    def _goes_out(self, seat: int, rule: str) -> None:
        """``seat`` is out of the hand: its hand is emptied (R34), or it has lain down."""
        self.out[seat] = True
        self._in_play -= 1
        self._log.append((rule, seat, OUT, 0, 0, 0))

    def _finish(self) -> None:
        """End the hand once one seat or none is in play: R28, then R29, then R30-R33.

        Under ``last_player_turn=one_more`` the first call gives the last player
        his turn, and the hand ends at the next.
        """
        log = self._log.append
        last = self.out.index(False) if self._in_play == 1 else None
        if last is not None and self.rules.last_player_turn == "one_more" and not self.final_turn:
            # R28: the last player gets one more turn.
            self.final_turn = True
            self.last_player = last
            log((R_END, last, LAST_PLAYER, 0, 0, 0))
            self.to_play = last
            return
        if not self.final_turn:
            self.last_player = last
            if last is not None:
                log((R_END, last, LAST_PLAYER, 0, 0, 0))
        last = self.last_player
        self.over = True
        # R29: the leftover cards.
        leftovers = self.table + sum(self.hands)  # disjoint sets: the sum is the union
        self.hands[:] = [0] * self.n
        self.table = 0
        self._dead.clear()
        self._public_state = None  # and the settlement's stakes, below
        self._lay_watch = [0] * self.n
        self.free_pending = False
        dealer = self.dealer
        taken = share_leftovers(leftovers, self.rules.leftovers)
        if taken:
            self.won[dealer] |= taken
            self._won_all |= taken
            log((R_LEFTOVERS, dealer, LEFTOVERS, 0, taken, 0))
        self.aside = leftovers & ~taken
        if self.aside:
            log((R_LEFTOVERS, None, SET_ASIDE, 0, self.aside, 0))
        settle(self.rules, self.stakes, self.won, last, self.ledger, log)

    def end_now(self) -> None:
        """End the hand here, as if no seat could play on, and settle it (R28-R33).

        Under ``last_player_turn=one_more`` the last player's one more turn is
        skipped too. :meth:`lld.position.Position.ending` asks it of a copy.

        >>> from lld.presets import ruleset
        >>> g = Game.new(ruleset("parlett"), players=5, seed=1)
        >>> g.end_now()  # before the first move: the dealer takes every card (R29)
        >>> g.over, g.ledger.net, g.ledger.pot
        (True, [-6, -6, -6, -6, 19], 5)
        """
        while not self.over:
            self._finish()  # twice under one_more: the last player's turn, then the end

    # ================================================================ reading

    @property
    def log(self) -> Sequence[LogEntry]:
        """The events so far as plain tuples in :class:`~lld.events.Event`'s field
        order: the game's own list, which grows as the hand goes on (read it, never
        change it). Cheaper to read than :attr:`events`."""
        return self._log

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

    @property
    def lie_downs(self) -> tuple[int, ...]:
        """The cards each seat's lie-down put on the table (0 until it lies down)."""
        return tuple(self._lie_downs)

    @property
    def public_state(self) -> PublicState:
        """The public state that changes seldom, as one value: the open dead groups,
        the lie-downs and the ledger's rows (:attr:`dead_groups`, :attr:`lie_downs`,
        ``ledger.rows``). The same object is returned until one of them changes (a
        lie-down, a dead group opened or claimed, the end of the hand), so a reader
        asking at every decision (:class:`lld.observation.Observer`) tells a change
        by identity and makes its own copy of them only then."""
        state = self._public_state
        if state is None:
            # Read from the fields, not through dead_groups and lie_downs: a
            # tournament's observers ask at every change, and the two calls cost
            # it half a percent.
            dead = self._dead
            groups = _dead_groups(dead) if dead else ()
            state = self._public_state = (groups, tuple(self._lie_downs), self.ledger.rows)
        return state

    @property
    def dead_groups(self) -> tuple[DeadGroup, ...]:
        """The open dead groups on the table (R11, R15, R24, R36, R37), by rank."""
        dead = self._dead
        return _dead_groups(dead) if dead else ()

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


def _several_rank_captures(seat: int, by_rank: list[tuple[Move, ...]]) -> tuple[Move, ...]:
    """R45: from the captures of one rank each (``by_rank``, lowest rank first), every
    capture of two ranks or more: one capture of each of those ranks, taken together."""
    combined: list[tuple[int, int, int]] = [(0, 0, 0)]  # hand, table, ranks
    for captures in by_rank:
        combined += [
            (hand | m.hand, table | m.table, ranks + 1)
            for hand, table, ranks in combined
            for m in captures
        ]
    return tuple(
        _new(Move, (CAPTURE, seat, hand, table)) for hand, table, ranks in combined if ranks > 1
    )


def _dead_groups(dead: dict[int, tuple[str, int, int]]) -> tuple[DeadGroup, ...]:
    """The open dead groups (``Game._dead``) as :attr:`Game.dead_groups` gives them.

    A loop, not a generator expression: that costs twice as much, and written
    into :attr:`Game.public_state` it would give every call of it (some twenty a
    hand in a tournament) a closure cell to make.
    """
    groups: tuple[DeadGroup, ...] = ()
    for rank in sorted(dead):
        origin, offender, opens = dead[rank]
        groups += (_new(DeadGroup, (rank, origin, offender, opens)),)
    return groups


_SHARED_FIELDS = tuple(name for name, how in FIELDS.items() if how in (SAME, RULESET))
_OWN_FIELDS = tuple((name, how) for name, how in FIELDS.items() if callable(how))
_DROPPED_FIELDS = tuple(name for name, how in FIELDS.items() if how == DROPPED)


def _not_held(seat: int, cards: int) -> Reason:
    return Reason.of("{seat} does not hold {cards}", seat=Seat(seat), cards=_named(cards))


def _not_on_table(cards: int) -> Reason:
    return Reason.of("{cards} is not on the table", cards=_named(cards))


def _named(cards: int) -> Cards:
    """Cards as a refusal names them: the mask, for a reader's words, and the notation."""
    return Cards(cards, format_cards(cards))


def _not_a_ruleset(rules: object) -> RulesetError:
    return RulesetError(
        f"a game is played under a Ruleset, such as lld.ruleset('parlett'), not {shown(rules)}"
    )


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

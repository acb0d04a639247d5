"""The game: one hand of Laugh and Lie Down as a state machine.

A :class:`Game` is a position. The seat to play (``to_play``) makes a *turn*
move: a capture, or lying down. Any seat may also make *free* moves where the
ruleset allows them: laying pairs down from the hand, and claiming another
player's oversight from the table. Neither counts as a turn (R21, R27).

The rulings live where a reader would look for them, each module's
docstring saying which: the deal and the antes (R1-R11) here, in
:meth:`Game.new` and ``_start``; turn moves, the captures (R12-R16, R38), in
:mod:`lld.turns`; lying down (R22-R24, R35-R37) in :mod:`lld.lying_down`;
free moves, laying pairs and claims (R11, R15, R17-R20, R24-R26, R36, R37,
R39), in :mod:`lld.free_moves`; the end of the hand (R28-R34) in
:mod:`lld.settlement`. :class:`Game` holds the state and is the one public
face of all of them.

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

from functools import cache
from operator import not_

from lld.cards import FULL_DECK
from lld.deal import Deal
from lld.errors import IllegalMoveError, NotationError, RulesetError, shown
from lld.events import Event
from lld.free_moves import check_claim, check_lay, rescan_lay_watch
from lld.free_moves import free_moves as _free_moves
from lld.free_moves import free_seats as _free_seats
from lld.kinds import ANTE, DEAL, TAKE_MOURNIVAL, EventKind
from lld.ledger import Ledger
from lld.lying_down import lie_down_problem
from lld.moves import CAPTURE, CLAIM, KINDS, LAY, LIE, MAX_SEAT_DIGITS, Move, suit_variants
from lld.rule_tables import DEAL_RULE, TABLE_MOURNIVAL, compile_rules, ranks_holding
from lld.ruleset import Ruleset
from lld.settlement import finish
from lld.stakes import StakesTable
from lld.turns import LIE_MOVES as LIE_MOVES  # a public name of this module before the split
from lld.turns import check_capture
from lld.turns import play as _play
from lld.turns import turn_moves as _turn_moves

#: Seat numbers a move may hold before it is no move at all (see _malformed).
MAX_SEAT = 10**MAX_SEAT_DIGITS
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
        "_lie_downs",
        "_log",
        "_mournival_rest",
        "_public_changes",
        "_royal_rest",
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
        # per seat, the cards its lie-down put on the table (0 until it lies down)
        self._lie_downs = [0] * n
        # How often the public state that changes seldom (the dead groups, the
        # lie-downs, the ledger) has changed since the deal: a driver making an
        # observation for every decision compares this one number to know
        # whether to look at them again (lld.observation.context_now).
        self._public_changes = 0
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
        self._fresh: set[tuple[int, int]] = set()
        # Whether some seat may have a free move (see lld.free_moves.rescan_lay_watch).
        self.free_pending = False
        self._start()

    # ----------------------------------------------------------------- setup

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
        other._royal_rest = list(self._royal_rest)
        other._dead = dict(self._dead)
        other._lie_downs = list(self._lie_downs)
        other._fresh = set(self._fresh)
        other.ledger = self.ledger.copy()
        other._checked = None
        return other

    def _rescan_lay_watch(self) -> None:
        rescan_lay_watch(self)  # R17-R19, R39: see lld.free_moves

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

    # The moves and play() are functions of lld.turns and lld.free_moves, taken
    # as methods: a method that called them would add a call to the hottest path.
    turn_moves = _turn_moves
    free_moves = _free_moves
    free_seats = _free_seats

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

    play = _play

    def play_text(self, text: str) -> Move:
        """Parse and play a move written in notation; return it."""
        move = Move.parse(text)
        self.play(move)
        return move

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

    def _finish(self) -> None:
        finish(self)  # R28-R34: see lld.settlement

    # ------------------------------------------------------------ checking

    def _check(self, move: Move) -> None:
        if not isinstance(move, Move):
            raise TypeError(f"expected a Move, not {type(move).__name__}")
        malformed = _malformed(move)
        if malformed is not None:
            raise NotationError(f"not a move: {malformed}")
        if self.over:
            raise IllegalMoveError(move, "the hand is over", "R28")
        seat = move.seat
        if not 0 <= seat < self.n:
            raise IllegalMoveError(move, f"there is no seat {seat} at a table of {self.n}", "R2")
        kind = move.kind
        if kind in (CAPTURE, LIE) and seat != self.to_play:
            raise IllegalMoveError(
                move, f"it is seat {self.to_play}'s turn, not seat {seat}'s", "R4"
            )
        if kind == CAPTURE:
            check_capture(self, move)  # R12-R16, R38: see lld.turns
        elif kind == LIE:
            if move.hand or move.table:
                raise IllegalMoveError(move, "lying down takes no cards", "R22")
            problem = lie_down_problem(self, seat)  # R22, R35: see lld.lying_down
            if problem is not None:
                raise IllegalMoveError(move, *problem)
        elif kind == LAY:
            check_lay(self, move)  # R17-R20, R39: see lld.free_moves
        elif kind == CLAIM:
            check_claim(self, move)  # R11, R15, R24-R26, R36, R37: see lld.free_moves
        else:
            raise IllegalMoveError(move, f"unknown kind of move {kind!r}", "R4")

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

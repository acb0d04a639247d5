"""What one seat can know: an :class:`Observation`, and worlds sampled from one.

An observation is a :class:`~lld.position.Position` less the hands the seat
cannot see: their sizes only, everything public (the table, the won piles,
who is out and how, each lie-down's cards, the open dead groups, the ledger,
the log), this seat's own hand, and the moves it is offered. Bots receive
nothing else (see :mod:`lld.bots`).

It is built each time a seat is asked to decide, so it is cheap: a tuple of
what the game already keeps, with the rest (the won piles, the hand sizes,
who is out) read from its copy of the public log only when asked for. It is a
value: nothing in it refers to the game or to another seat's hand
(``tests/test_observation.py`` walks every object reachable from one to check
that), and it is equal to another exactly when they hold the same information.

>>> from lld.game import Game
>>> from lld.presets import ruleset
>>> g = Game.new(ruleset("parlett"), players=5, seed=1)
>>> o = Observation.of(g, 0)
>>> o.hand == g.hands[0], o.hand_sizes, o.to_play, len(o.turn_moves)
(True, (8, 8, 8, 8, 8), 0, 3)
>>> import random
>>> world = sample(o, random.Random(1))
>>> world.hands[0] == g.hands[0], world.hands[1] == g.hands[1]
(True, False)
>>> world.deal.hands == tuple(world.hands)  # no card played yet: the deal is the hands
True
>>> Observation.of(world, 0) == o  # the sampled world looks the same from seat 0
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from lld.cards import FULL_DECK, iter_cards, mask_of
from lld.concordance import ruling_id
from lld.deal import Deal
from lld.errors import ConfigError, IllegalMoveError, LldError, Reason, Seat, shown
from lld.events import Event, LogEntry
from lld.kinds import LAID_AT_ONCE, LEFTOVERS, TAKE_MOURNIVAL
from lld.ledger import Amount, Entry, totals
from lld.moves import CAPTURE, CLAIM, LAY, LIE, Move
from lld.position import DeadGroup, OutHow
from lld.ruleset import Ruleset
from lld.stakes import StakesTable

if TYPE_CHECKING:
    from lld.game import Game


#: A seat's two decisions, as a bot makes them (see :mod:`lld.bots`).
Choose = Callable[["Observation"], Move]
Free = Callable[["Observation"], "Move | None"]

# Rulings that refuse a move no seat can make (see Observation.check), by their
# names in the registry.
_R_ROTATION = ruling_id("rotation")
_R_END = ruling_id("last_player_turn")

#: The kinds of event that play cards from a hand (captures and lays).
FROM_HAND = frozenset({CAPTURE, LAY, LAID_AT_ONCE})
#: The kinds of event that put cards on a won pile: the seat's, with the event's cards.
TO_PILE = frozenset({CAPTURE, LAY, LAID_AT_ONCE, CLAIM, TAKE_MOURNIVAL, LEFTOVERS})


class Public(NamedTuple):
    """What every seat knows for the whole hand: shared by its observations."""

    rules: Ruleset
    players: int
    dealer: int
    #: The table, the won piles and the hand sizes at the deal.
    deal_table: int
    deal_won: tuple[int, ...]
    deal_sizes: tuple[int, ...]

    @classmethod
    def of(cls, game: Game) -> Public:
        deal = game.deal
        return _new(
            cls,
            (
                game.rules, game.n, game.dealer, deal.table, deal.won,
                tuple(map(int.bit_count, deal.hands)),
            ),
        )  # fmt: skip


class Context(NamedTuple):
    """The public state that changes seldom, shared by successive observations."""

    public: Public
    dead: tuple[DeadGroup, ...]
    #: The cards each seat's lie-down put on the table (0 if it has not lain down).
    lie_downs: tuple[int, ...]
    #: The ledger's entries so far, as plain tuples in :class:`~lld.ledger.Entry`'s
    #: field order (see :attr:`Observation.ledger`).
    ledger_entries: tuple[tuple[str, int | None, int | None, int], ...]


class Observation(NamedTuple):
    """One seat's view of a hand at one moment. Card sets are masks (:mod:`lld.cards`).

    ``turn_moves`` and ``free_moves`` are the moves the seat is offered now. A
    bot is asked for one kind at a time (free moves first, then the turn: see
    :mod:`lld.playout`), and the other is empty then; :meth:`of` gives both.

    An observation is a value: it holds copies of what it read, never the
    game's own lists, so a game that plays on changes no observation taken of
    it; it is hashable (a bot may key a table by it), and equal to another
    exactly when they hold the same information, from whichever game.
    """

    seat: int
    hand: int
    table: int
    to_play: int
    turns: int
    over: bool
    turn_moves: tuple[Move, ...]
    free_moves: tuple[Move, ...]
    #: Ranks of this seat's pairs that the latest turn made layable (R20).
    fresh: tuple[int, ...]
    #: What changes seldom: the dead groups, the lie-downs, the ledger.
    context: Context
    #: The public log so far, as plain tuples in :class:`~lld.events.Event`'s
    #: field order (it holds nothing hidden: a lie-down's event has no cards).
    log: tuple[LogEntry, ...]

    @classmethod
    def of(cls, game: Game, seat: int) -> Observation:
        """What ``seat`` can know of ``game`` now, with every move it may make."""
        return Observer(game).observe(seat)

    @property
    def log_length(self) -> int:
        """How much of the public log had been written."""
        return len(self.log)

    # ------------------------------------------------------------ the hand

    @property
    def public(self) -> Public:
        return self.context.public

    @property
    def dead(self) -> tuple[DeadGroup, ...]:
        """The open dead groups (R11, R15, R24)."""
        return self.context.dead

    @property
    def lie_downs(self) -> tuple[int, ...]:
        return self.context.lie_downs

    @property
    def ledger_entries(self) -> tuple[tuple[str, int | None, int | None, int], ...]:
        return self.context.ledger_entries

    @property
    def rules(self) -> Ruleset:
        return self.public.rules

    @property
    def players(self) -> int:
        return self.public.players

    @property
    def dealer(self) -> int:
        return self.public.dealer

    @property
    def stakes(self) -> StakesTable:
        return self.public.rules.stakes(self.public.players)

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        return self.turn_moves + self.free_moves

    def _repr_html_(self) -> str:
        """A notebook draws what this seat sees as cards; the other hands are
        face-down counts (:func:`lld.drawing.board_html`).

        >>> from lld.game import Game
        >>> from lld.presets import ruleset
        >>> g = Game.new(ruleset("parlett"), players=3, seed=2)
        >>> html = Observation.of(g, 0)._repr_html_()
        >>> from lld.cards import iter_cards
        >>> from lld.svg import card_name
        >>> [any(card_name(c) in html for c in iter_cards(g.hands[s])) for s in range(3)]
        [True, False, False]
        >>> html.count("13 cards face down")  # seats 1 and 2: their rows' and the board's labels
        6
        """
        from lld.drawing import board_html

        return board_html(self)

    # ------------------------------------------------------------ read from the log

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that has happened, as everyone saw it."""
        return tuple(Event._make(raw) for raw in self.log)

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played so far, in order."""
        return tuple(e.move for e in self.events if e.move is not None)

    @property
    def played(self) -> tuple[int, ...]:
        """Per seat, the cards it has played from its hand (captures and lays)."""
        out = [0] * self.players
        for _rule, seat, kind, hand, _table, _amount in self.log:
            if seat is not None and kind in FROM_HAND:
                out[seat] |= hand
        return tuple(out)

    @property
    def won(self) -> tuple[int, ...]:
        """Each seat's won pile (public: every card that reaches one is logged with it).

        Read from the log, not kept per observation: a pile changes at nearly
        every turn, and a tournament makes an observation for every decision.
        """
        piles = list(self.public.deal_won)
        for _rule, seat, kind, hand, table, _amount in self.log:
            if seat is not None and kind in TO_PILE:
                piles[seat] |= hand | table
        return tuple(piles)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (public: everyone can count them)."""
        if self.over:
            return (0,) * self.players
        return tuple(
            0 if lie else size - played.bit_count()
            for size, played, lie in zip(
                self.public.deal_sizes, self.played, self.lie_downs, strict=True
            )
        )

    @property
    def out(self) -> tuple[OutHow | None, ...]:
        """Per seat: ``None`` while in the hand, else how it went out."""
        how: list[OutHow | None] = [None if n else "emptied" for n in self.public.deal_sizes]
        for _rule, seat, kind, _hand, _table, _amount in self.log:
            if seat is not None and kind == LIE:
                how[seat] = "lay_down"
            elif seat is not None and kind == "out":
                how[seat] = "emptied"
        return tuple(how)

    @property
    def last_player(self) -> int | None:
        for _rule, seat, kind, _hand, _table, _amount in self.log:
            if kind == "last_player":
                return seat
        return None

    @property
    def aside(self) -> int:
        for _rule, _seat, kind, _hand, table, _amount in self.log:
            if kind == "set_aside":
                return table
        return 0

    @property
    def ledger(self) -> tuple[Entry, ...]:
        """Every stake moved so far (public: it is paid at the table)."""
        return tuple(map(Entry._make, self.ledger_entries))

    @property
    def net(self) -> tuple[Amount, ...]:
        return totals(self.ledger_entries, self.players)[0]

    @property
    def pot(self) -> Amount:
        return totals(self.ledger_entries, self.players)[1]

    def unseen(self) -> int:
        """The cards this seat cannot see: those in the other hands."""
        seen = self.hand | self.table | self.aside
        for w in self.won:
            seen |= w
        return FULL_DECK & ~seen

    # ------------------------------------------------------------ asking the rules

    def check(self, move: Move) -> None:
        """Raise :class:`~lld.errors.IllegalMoveError`, naming the rule, unless this seat
        may make ``move`` now. The rules decide a seat's own moves from what it can
        see, so any world it cannot tell from the real one gives the same answer."""
        if not isinstance(move, Move):
            raise IllegalMoveError(move, "not a move", _R_ROTATION)
        if move.seat != self.seat:
            why = Reason.of("this is {seat}'s view", seat=Seat(self.seat))
            raise IllegalMoveError(move, why, _R_ROTATION)
        if self.over:
            raise IllegalMoveError(move, "the hand is over", _R_END)
        sample(self, random.Random(0)).check(move)


# ------------------------------------------------------------ for a driver loop


class Observer:
    """Makes the observations of one game as it goes on: what a driver loop
    hands its players (see :func:`lld.playout.play_out`), one at every decision.

    Each observation is :meth:`Observation.of`'s, but for the moves: a driver
    asks for one kind at a time, and passes the moves the game has just
    offered (``game.turn_moves()``, ``game.free_moves(seat)``), which are not
    asked of the game again. What changes seldom (the context: the dead
    groups, the lie-downs, the ledger) is made again only when the game's
    :attr:`~lld.game.Game.public_state` is another object, and the public log
    copied only when it has grown, so that successive observations share them.

    Given each seat's two decisions (``chooses``, ``frees``: a bot's ``choose``
    and ``free``), :meth:`ask_turn` and :meth:`ask_free` hand a seat its
    observation and return its answer, as :func:`lld.playout.play_out` asks.

    >>> from lld.game import Game
    >>> from lld.presets import ruleset
    >>> g = Game.new(ruleset("parlett"), players=5, seed=1)
    >>> o = Observer(g).turn(0, g.turn_moves())
    >>> o == Observation.of(g, 0)._replace(free_moves=())
    True
    """

    __slots__ = ("_chooses", "_context", "_frees", "_game", "_game_log", "_log", "_public",
                 "_state")  # fmt: skip

    def __init__(
        self, game: Game, chooses: Sequence[Choose] = (), frees: Sequence[Free] = ()
    ) -> None:
        self._game = game
        self._game_log = game.log  # the game's own list, which only grows
        self._public = Public.of(game)
        self._state: object = None
        self._context: Context | None = None
        self._log: tuple[LogEntry, ...] = ()
        self._chooses = chooses
        self._frees = frees
        self._catch_up()

    def _catch_up(self) -> None:
        """Copy the public log, and the context where it changed.

        Called only when the log has grown: every change to the context (a
        lie-down, a dead group opened or claimed, the settlement) is a move or
        its consequence, and logged, so a log of the same length means the same
        context, and the game's :attr:`~lld.game.Game.public_state` is not asked.
        """
        game = self._game
        self._log = tuple(self._game_log)
        state = game.public_state
        if state is not self._state:
            self._state = state
            self._context = _new(Context, (self._public, *state))

    def turn(self, seat: int, moves: tuple[Move, ...]) -> Observation:
        """The observation of ``seat``, the seat to play, offered the turn ``moves``
        (the game's ``turn_moves()`` just now)."""
        return self._observation(seat, moves, ())

    def free(self, seat: int, moves: tuple[Move, ...]) -> Observation:
        """``seat``'s observation, offered the free ``moves`` (the game's
        ``free_moves(seat)`` just now)."""
        return self._observation(seat, (), moves)

    def observe(self, seat: int) -> Observation:
        """``seat``'s observation with every move it may make now, asked of the game."""
        game = self._game
        free = tuple(game.free_moves(seat))
        turn = tuple(game.turn_moves()) if game.to_play == seat else ()
        return self._observation(seat, turn, free)

    def _observation(
        self, seat: int, turn: tuple[Move, ...], free: tuple[Move, ...]
    ) -> Observation:
        game = self._game
        if len(self._game_log) != len(self._log):
            self._catch_up()
        return _new(
            Observation,
            (
                seat, game.hands[seat], game.table, game.to_play, game.turns, game.over, turn,
                free, _own_fresh(game.fresh, seat), self._context, self._log,
            ),
        )  # fmt: skip

    # The two that a driver calls at every decision: _observation and _catch_up
    # written out in each (a tournament makes some twenty observations a hand, and a call more
    # in each costs it a few percent); tests/test_observation.py checks that what
    # they hand a seat is Observation.of's.

    def ask_turn(self, seat: int, moves: tuple[Move, ...]) -> Move:
        """``seat``'s answer (its ``choose``) to its observation offering the turn
        ``moves``."""
        game = self._game
        log = self._game_log
        if len(log) != len(self._log):  # _catch_up, written out: nearly every decision
            self._log = tuple(log)
            state = game.public_state
            if state is not self._state:
                self._state = state
                self._context = _new(Context, (self._public, *state))
        fresh = game.fresh
        return self._chooses[seat](
            _new(
                Observation,
                (
                    seat, game.hands[seat], game.table, seat, game.turns, False, moves, (),
                    _own_fresh(fresh, seat) if fresh else (), self._context, self._log,
                ),
            )
        )  # fmt: skip

    def ask_free(self, seat: int, moves: tuple[Move, ...]) -> Move | None:
        """``seat``'s answer (its ``free``: a move, or ``None`` to pass) to its
        observation offering the free ``moves``."""
        game = self._game
        log = self._game_log
        if len(log) != len(self._log):  # _catch_up, written out: nearly every decision
            self._log = tuple(log)
            state = game.public_state
            if state is not self._state:
                self._state = state
                self._context = _new(Context, (self._public, *state))
        fresh = game.fresh
        return self._frees[seat](
            _new(
                Observation,
                (
                    seat, game.hands[seat], game.table, game.to_play, game.turns, game.over,
                    (), moves, _own_fresh(fresh, seat) if fresh else (), self._context,
                    self._log,
                ),
            )
        )  # fmt: skip


def _own_fresh(fresh: tuple[tuple[int, int], ...], seat: int) -> tuple[int, ...]:
    """The ranks ``seat`` holds in ``fresh`` (``Game.fresh``: (seat, rank) pairs), in order."""
    if len(fresh) == 1:  # nearly always: the one pair the latest turn made layable
        ((holder, rank),) = fresh
        return (rank,) if holder == seat else ()
    return tuple(sorted([rank for holder, rank in fresh if holder == seat]))


_new = tuple.__new__


#: How many deals :func:`sample` tries before it gives up.
SAMPLE_ATTEMPTS = 10_000


def sample(observation: Observation, rng: random.Random) -> Game:
    """A game the observing seat cannot tell from the real one, for search.

    The cards it cannot see are dealt afresh, at random, to the other hands,
    each keeping its size. The world is dealt from a deal whose hands are those
    sampled hands with the cards each seat has played since (and its lie-down's
    cards), and the public moves are played again from it: so ``deal.hands``
    matches the sampled hands, and everything public is as observed.

    The log can say more than the hand sizes: a pair laid under R18 says its
    holder had a third card of that rank. A deal under which the moves are not
    legal, or give another log, is drawn again (so every world consistent with
    the observation is as likely as any other).
    """
    o = observation
    if not isinstance(o, Observation):
        raise ConfigError(f"sample() takes an Observation, not {shown(o)}")
    if not isinstance(rng, random.Random):
        raise ConfigError(f"sample() draws with a random.Random, not {shown(rng)}")
    if o.over:
        raise LldError("the hand is over: there is nothing hidden left to sample")
    from lld.game import Game

    unseen = list(iter_cards(o.unseen()))
    played, lies, sizes, moves = o.played, o.lie_downs, o.hand_sizes, o.moves
    log = o.log
    for _ in range(SAMPLE_ATTEMPTS):
        rng.shuffle(unseen)
        hands = []
        start = 0
        for seat, size in enumerate(sizes):
            if seat == o.seat:
                now = o.hand
            else:
                now = mask_of(unseen[start : start + size])
                start += size
            hands.append(now | played[seat] | lies[seat])
        deal = Deal(o.players, o.dealer, tuple(hands), o.public.deal_table, o.public.deal_won)
        world = Game.from_deal(o.rules, deal)
        try:
            for move in moves:
                world.play(move)
        except IllegalMoveError:
            continue
        if tuple(world.log) == log:
            return world
    raise LldError(f"no world consistent with this observation in {SAMPLE_ATTEMPTS} deals")


__all__ = ["Choose", "Context", "Free", "Observation", "Observer", "Public", "sample"]

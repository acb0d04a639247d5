"""A hand at a table: one player per seat (bots, or people), played move by move.

:func:`lld.playout.run` plays a hand among bots as fast as it can. A table with
people at it needs three things more, which :class:`Table` adds:

* each move is announced as it is played, with the events it caused and what it
  made public: the cards a lie-down put on the table (:class:`Played`);
* a player asked for his turn may first make a free move (lay a pair, claim an
  oversight), as period players laid their pairs when they played; he is then
  asked again;
* the hand can be written down at any point as a hand record
  (:mod:`lld.record`) and taken up again from it (:meth:`Table.resume`).

The hand goes round the playout's one loop (:func:`lld.playout.play_out`).

>>> from lld.bots import make_bot
>>> from lld.game import Game
>>> from lld.presets import ruleset
>>> seen = []
>>> t = Table(Game.new(ruleset("parlett"), 5, seed=3), [make_bot("willughby", s) for s in range(5)],
...           listener=seen.append)
>>> game = t.play()
>>> game.over, len(seen) == len(game.moves)
(True, True)
>>> lies = [p for p in seen if p.move.kind == "lie"]
>>> all(p.put_down for p in lies) and set(t.lie_downs) == {p.move.seat for p in lies}
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lld.errors import LldError
from lld.game import Game
from lld.moves import LIE, Move
from lld.observation import Observation
from lld.playout import play_out

if TYPE_CHECKING:
    from lld.bots import Bot
    from lld.events import Event
    from lld.record import HandRecord


@dataclass(frozen=True)
class Played:
    """One move as the table saw it."""

    #: The move's number in the hand, from 1.
    number: int
    move: Move
    #: The cards a lie-down put face up on the table (0 for other moves).
    put_down: int
    #: Every event the move caused, the move's own first (outs, settlement, ...).
    events: tuple[Event, ...]


class Table:
    """A hand and its players. ``listener`` is called with each :class:`Played`."""

    def __init__(
        self,
        game: Game,
        players: Sequence[Bot],
        listener: Callable[[Played], None] | None = None,
    ) -> None:
        if len(players) != game.n:
            raise LldError(f"{len(players)} players for {game.n} seats")
        self.game = game
        self.players = list(players)
        self.listener = listener

    @property
    def lie_downs(self) -> dict[int, int]:
        """seat -> the cards its lie-down put on the table (public at a table)."""
        return {seat: cards for seat, cards in enumerate(self.game.lie_downs) if cards}

    @classmethod
    def resume(
        cls,
        record: HandRecord,
        players: Sequence[Bot],
        listener: Callable[[Played], None] | None = None,
    ) -> Table:
        """The hand of ``record``, its moves played again (checked), ready to go on.

        A record that does not replay raises :class:`~lld.errors.RecordError`.
        """
        from lld.record import replay

        replay(record)  # checks every move, naming the line of the first bad one
        table = cls(record.new_game(), players)
        for line in record.moves:
            table.apply(line.move)
        table.listener = listener
        return table

    def apply(self, move: Move) -> Played:
        """Play ``move`` (raising :class:`~lld.errors.IllegalMoveError` if illegal)."""
        game = self.game
        before = len(game.events)
        game.play(move)
        # A lie-down puts the whole hand face up (public from then on); the game
        # keeps what it put down, even when it ended the hand and swept the table.
        put_down = game.lie_downs[move.seat] if move.kind == LIE else 0
        played = Played(len(game.moves), move, put_down, tuple(game.events[before:]))
        if self.listener is not None:
            self.listener(played)
        return played

    def play(self) -> Game:
        """Play the hand to its end; return the game.

        The loop is :func:`lld.playout.play_out`'s, asking every player even
        where it has no choice (a person at a table sees each decision), each
        with :meth:`Observation.of <lld.observation.Observation.of>` (both kinds
        of move: a player asked for his turn may first make a free move), and
        playing each move through :meth:`apply`.
        """
        game, players = self.game, self.players

        def turn(seat: int, moves: tuple[Move, ...]) -> Move:
            return players[seat].choose(Observation.of(game, seat))

        def free(seat: int, moves: tuple[Move, ...]) -> Move | None:
            return players[seat].free(Observation.of(game, seat))

        return play_out(game, turn, free, play=self.apply, ask_always=True)

    def record(self, seats: Sequence[str] = ()) -> HandRecord:
        """The hand so far as a record (with its result once it is over)."""
        from lld.record import record_from_game

        return record_from_game(self.game, seats=seats)

"""The event log: everything that happens in a hand, each naming its rule.

>>> e = Event("R12", 2, EventKind.CAPTURE, 1 << 24, 1 << 26, 0)
>>> e.describe()
'2: 7C x 7H'
>>> Event("R30", 1, EventKind.BONUS, 0, 0, 5).describe()
'seat 1 takes 5 from the pot as last player'
"""

from __future__ import annotations

from typing import NamedTuple

from lld.cards import format_cards
from lld.kinds import EventKind
from lld.ledger import Amount
from lld.moves import KINDS, Move

#: An event as the game logs it: a plain tuple in :class:`Event`'s field order
#: (building an Event per capture would cost the playout loop more than the capture).
LogEntry = tuple[str, "int | None", EventKind, int, int, "Amount"]

_DESCRIPTIONS = {
    EventKind.DEAL: "{seat} deals",
    EventKind.ANTE: "{seat} antes {amount}",
    EventKind.TAKE_MOURNIVAL: "{seat} takes the table mournival {table}",
    EventKind.LAID_AT_ONCE: "{seat} lays {table} at once, as strict play has it",
    EventKind.OUT: "{seat} has no cards left",
    EventKind.LAST_PLAYER: "{seat} is the last player left in",
    EventKind.LEFTOVERS: "{seat} takes the leftover cards {table}",
    EventKind.SET_ASIDE: "unpaired leftovers {table} are set aside",
    EventKind.BONUS: "{seat} takes {amount} from the pot as last player",
    EventKind.LIE_PAYMENT: "{seat} pays {amount} to each player still in",
    EventKind.PAID: "{seat} receives {amount} for lying down by another",
    EventKind.WINS: "{seat} takes {amount} from the pot",
    EventKind.PAYS: "{seat} pays {amount} into the pot",
    EventKind.TIE: "{amount} stays in the pot: most pairs is tied",
    EventKind.POT_LEFT: "{amount} is left in the pot",
}


class Event(NamedTuple):
    """One thing that happened. ``kind`` is a move kind or one of the automatic events."""

    rule: str
    seat: int | None
    kind: EventKind
    hand: int
    table: int
    amount: Amount

    @property
    def move(self) -> Move | None:
        """The move, for events that are moves."""
        if self.kind in KINDS and self.seat is not None:
            return Move(self.kind, self.seat, self.hand, self.table)
        return None

    def describe(self) -> str:
        move = self.move
        if move is not None:
            return str(move)
        seat = "nobody" if self.seat is None else f"seat {self.seat}"
        return _DESCRIPTIONS[self.kind].format(
            seat=seat, amount=self.amount, table=format_cards(self.table | self.hand)
        )

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "move": self.describe(), "rule": self.rule, "kind": self.kind}

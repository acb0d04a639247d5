"""Moves and their notation.

A move is written ``SEAT: ACTION``, seats counted from 0:

* ``2: 7S x 7H`` — seat 2 captures the table's 7H with the 7S from hand
  (``7S 7C x 7H 7D`` takes four; ``7S x 7H 7D 7C`` takes a pair royal);
* ``2: 7S x 7H + KD x KC`` — a capture of several ranks in one turn, where R45
  allows it: one part per rank, joined by ``+``;
* ``2: lie`` — seat 2 lies down;
* ``2: lay 9C 9D`` — seat 2 lays a pair from the hand by him;
* ``2: claim 5H 5S`` — seat 2 claims an oversight from the table.

>>> m = Move.parse("2: 7s x 7h")
>>> m
Move.parse('2: 7S x 7H')
>>> str(m)
'2: 7S x 7H'
>>> Move.parse(str(m)) == m
True
>>> Move.parse("2: kd x kc + 7s x 7h")
Move.parse('2: 7S x 7H + KD x KC')
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from lld.cards import count, format_cards, iter_cards, parse_cards, rank_masks, rank_of
from lld.errors import IllegalMoveError, NotationError, shown
from lld.kinds import EventKind

CAPTURE = EventKind.CAPTURE
LIE = EventKind.LIE
LAY = EventKind.LAY
CLAIM = EventKind.CLAIM
#: Moves that are a player's turn; the others may be made at other moments too.
TURN_KINDS = frozenset({CAPTURE, LIE})
KINDS = (CAPTURE, LIE, LAY, CLAIM)
#: The longest seat number read; seats go up to 7, and ``int()`` of a huge string is slow.
MAX_SEAT_DIGITS = 6


def _clip(text: str, width: int = 40) -> str:
    """``text`` stripped, and cut short if long, for quoting in a one-line error."""
    text = text.strip()
    return text if len(text) <= width else text[: width - 3] + "..."


class Move(NamedTuple):
    """One action by one seat. ``hand`` and ``table`` are card masks; ``kind``
    is one of the move kinds of :class:`~lld.kinds.EventKind` (plain text
    such as ``"lie"`` compares equal to it)."""

    kind: str
    seat: int
    hand: int = 0
    table: int = 0

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse ``SEAT: ACTION``; raise :class:`NotationError` on malformed text."""
        if not isinstance(text, str):
            raise NotationError(f"a move is text such as '2: 7S x 7H', not {shown(text)}")
        seat_text, sep, action = text.partition(":")
        if not sep:
            raise NotationError(
                f"bad move {_clip(text)!r}: expected 'SEAT: ACTION', as in '2: 7S x 7H'"
            )
        seat_text = seat_text.strip()
        if not (seat_text.isascii() and seat_text.isdigit()):
            raise NotationError(
                f"bad move {_clip(text)!r}: seat {_clip(seat_text)!r} is not a number"
            )
        if len(seat_text) > MAX_SEAT_DIGITS:
            raise NotationError(
                f"bad move {_clip(text)!r}: seat number too long ({len(seat_text)} digits;"
                f" seats are at most {MAX_SEAT_DIGITS} digits)"
            )
        return cls.parse_action(int(seat_text), action)

    @classmethod
    def parse_action(cls, seat: int, action: str) -> Move:
        """Parse the part after ``SEAT:``."""
        words = action.split()
        if not words:
            raise NotationError(f"bad move for seat {seat}: no action given")
        verb = words[0].lower()
        if verb == "lie":
            if len(words) > 1:
                raise NotationError(f"bad move {action.strip()!r}: 'lie' takes no cards")
            return cls(LIE, seat)
        if verb in (LAY, CLAIM):
            cards = parse_cards(" ".join(words[1:]))
            if not cards:
                raise NotationError(f"bad move {action.strip()!r}: '{verb}' needs cards")
            return cls(LAY, seat, cards, 0) if verb == LAY else cls(CLAIM, seat, 0, cards)
        if "+" in action:
            return cls._parse_parts(seat, action)
        lowered = [w.lower() for w in words]
        if lowered.count("x") != 1:
            raise NotationError(
                f"bad move {action.strip()!r}: expected 'lie', 'lay CARDS', 'claim CARDS'"
                " or 'HAND x TABLE' (a capture)"
            )
        i = lowered.index("x")
        hand, table = parse_cards(" ".join(words[:i])), parse_cards(" ".join(words[i + 1 :]))
        if not hand or not table:
            raise NotationError(
                f"bad capture {action.strip()!r}: cards are needed on both sides of 'x'"
            )
        return cls(CAPTURE, seat, hand, table)

    @classmethod
    def _parse_parts(cls, seat: int, action: str) -> Move:
        """A capture of several ranks (R45): ``HAND x TABLE`` parts joined by ``+``,
        each of one rank, no rank twice. The parts are kept as one capture's cards:
        a rank's cards pair with each other, so the parts can be told apart again."""
        shown_action = _clip(action)
        hand = table = 0
        for part in action.split("+"):
            if not part.strip():
                raise NotationError(
                    f"bad capture {shown_action!r}: an empty part beside '+'"
                    " (write 'HAND x TABLE + HAND x TABLE')"
                )
            one = cls.parse_action(seat, part)
            if one.kind != CAPTURE:
                raise NotationError(
                    f"bad capture {shown_action!r}: each part joined by '+' is a capture"
                    f" 'HAND x TABLE', not {_clip(part)!r}"
                )
            rank = rank_of(one.hand.bit_length() - 1)
            if (one.hand | one.table) & ~(15 << (rank << 2)):
                raise NotationError(
                    f"bad capture {shown_action!r}: each part joined by '+' takes cards of"
                    f" one rank, and {_clip(part)!r} does not"
                )
            if (hand | table) & 15 << (rank << 2):
                raise NotationError(
                    f"bad capture {shown_action!r}: a rank appears in two parts; write its"
                    " cards in one part"
                )
            hand, table = hand | one.hand, table | one.table
        return cls(CAPTURE, seat, hand, table)

    def parts(self) -> tuple[Move, ...]:
        """A capture split by rank, lowest rank first (one part for a capture of one
        rank); any other move is its one part.

        >>> [str(p) for p in Move.parse("2: 7S x 7H + KD x KC").parts()]
        ['2: 7S x 7H', '2: KD x KC']
        """
        if self.kind != CAPTURE:
            return (self,)
        return tuple(
            Move(CAPTURE, self.seat, self.hand & mask, self.table & mask)
            for mask in rank_masks(self.hand | self.table)
        )

    @property
    def several_ranks(self) -> bool:
        """Whether the move's cards are of more than one rank: a capture of several
        ranks at once (R45), or a move that is no move at all. Cheaper than
        :meth:`parts`: one shift, no list.

        >>> Move.parse("2: 7S x 7H + KD x KC").several_ranks, Move.parse("2: 7S x 7H").several_ranks
        (True, False)
        """
        cards = self.hand | self.table
        shift = max(cards.bit_length() - 1, 0) & ~3  # the top rank's: cards below it are others
        return cards >> shift << shift != cards

    def action(self) -> str:
        """The move without its seat, as in ``7S x 7H`` (``7S x 7H + KD x KC`` for a
        capture of several ranks, R45)."""
        if self.kind == CAPTURE:
            masks = rank_masks(self.hand | self.table)
            if len(masks) > 1 and all(self.hand & m and self.table & m for m in masks):
                return " + ".join(
                    f"{format_cards(self.hand & m)} x {format_cards(self.table & m)}" for m in masks
                )
            return f"{format_cards(self.hand)} x {format_cards(self.table)}"
        if self.kind == LIE:
            return "lie"
        if self.kind == LAY:
            return f"lay {format_cards(self.hand)}"
        return f"claim {format_cards(self.table)}"

    def __str__(self) -> str:
        return f"{self.seat}: {self.action()}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def cards(self) -> int:
        return self.hand | self.table


def suit_variants(move: Move, hand: int, table: int) -> list[Move]:
    """The same move with every choice of suits from the cards available."""
    if move.kind == LIE:
        return [move]
    if move.kind == CAPTURE and move.several_ranks:
        # R45: a capture of several ranks, every choice of suits in each part.
        out = [Move(CAPTURE, move.seat)]
        for part in move.parts():
            out = [
                Move(CAPTURE, move.seat, m.hand | v.hand, m.table | v.table)
                for m in out
                for v in suit_variants(part, hand, table)
            ]
        return out
    # A claim may take two of three cards of a rank (R24), so it has suit choices too.
    nh, nt = count(move.hand), count(move.table)
    rank = rank_of((move.hand | move.table).bit_length() - 1)
    rank_cards = 15 << (rank << 2)
    hand_choices = combinations(list(iter_cards(hand & rank_cards)), nh)
    table_cards = list(iter_cards(table & rank_cards)) if nt else []
    out = []
    for hs in hand_choices:
        h = sum(1 << c for c in hs)
        for ts in combinations(table_cards, nt):
            out.append(Move(move.kind, move.seat, h, sum(1 << c for c in ts)))
    return out


def one_rank(cards: int, move: Move, rule: str) -> int:
    """The one rank of ``cards``; refuse ``move`` under ``rule`` if they hold none or several."""
    if not cards:
        raise IllegalMoveError(move, "no cards given", rule)
    rank = rank_of(cards.bit_length() - 1)
    if cards & ~(15 << (rank << 2)):
        raise IllegalMoveError(move, "all the cards must be of one rank", rule)
    return rank

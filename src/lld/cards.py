"""Cards, card sets and their notation.

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``. A set of cards is an
``int`` bit mask with bit ``card`` set, so the four cards of one rank sit in one
nibble and "how many sevens are on the table" is a shift, a mask and a lookup.
The playout loop depends on that; everything readable goes through the
functions here.

Notation: rank ``A 2 3 4 5 6 7 8 9 T J Q K`` then suit ``C D H S``.

>>> parse_card("7H")
26
>>> format_card(26)
'7H'
>>> format_cards(parse_cards("TS 7h 7c"))
'7C 7H TS'
>>> count_rank(parse_cards("7C 7H TS"), rank_of(parse_card("7D")))
2
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from lld.errors import NotationError, shown

RANKS = "A23456789TJQK"
SUITS = "CDHS"
NUM_RANKS = 13
NUM_CARDS = 52
FULL_DECK = (1 << NUM_CARDS) - 1

#: Number of cards in a rank nibble, indexed by the nibble's value.
NIBBLE_COUNT = tuple(bin(n).count("1") for n in range(16))
#: One bit at the bottom of every rank nibble.
RANK_BASES = sum(1 << (4 * r) for r in range(NUM_RANKS))

_SUIT_ALIASES = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def card(rank: int, suit: int) -> int:
    """The card of ``rank`` (0 = Ace … 12 = King) and ``suit`` (0 = C … 3 = S)."""
    return rank * 4 + suit


def rank_of(c: int) -> int:
    return c >> 2


def suit_of(c: int) -> int:
    return c & 3


def count_rank(mask: int, rank: int) -> int:
    """How many cards of ``rank`` are in ``mask``."""
    return NIBBLE_COUNT[(mask >> (rank << 2)) & 15]


def rank_mask(rank: int) -> int:
    """All four cards of ``rank``."""
    return 15 << (rank << 2)


def ranks_present(mask: int) -> int:
    """A mask with the bottom bit of each rank nibble set where ``mask`` has that rank."""
    x = mask | (mask >> 1)
    x |= x >> 2
    return x & RANK_BASES


def iter_ranks(presence: int) -> Iterator[int]:
    """The ranks whose bottom nibble bit is set in ``presence`` (see :func:`ranks_present`)."""
    while presence:
        low = presence & -presence
        yield (low.bit_length() - 1) >> 2
        presence ^= low


def rank_masks(cards: int) -> tuple[int, ...]:
    """The masks of the ranks ``cards`` holds, lowest rank first.

    >>> [format_cards(m) for m in rank_masks(parse_cards("KD 7S 7H"))]
    ['7C 7D 7H 7S', 'KC KD KH KS']
    """
    return tuple(map(rank_mask, iter_ranks(ranks_present(cards))))


def _masks_by_presence(ranks: range) -> dict[int, tuple[int, ...]]:
    """For every subset of ``ranks``: its presence mask (as :func:`ranks_present`,
    shifted down to the first rank) and the rank masks of its ranks, lowest first."""
    table: dict[int, tuple[int, ...]] = {}
    base = ranks[0] << 2
    for subset in range(1 << len(ranks)):
        chosen = [r for i, r in enumerate(ranks) if subset >> i & 1]
        table[sum(1 << ((r << 2) - base) for r in chosen)] = tuple(map(rank_mask, chosen))
    return table


# The ranks in two halves, so that a table of every subset of each stays small
# (128 and 64 entries) where one of all 8,192 subsets would not.
RANK_SPLIT = 7 << 2
LOW_PRESENCE = (1 << RANK_SPLIT) - 1
#: The mask of each rank present, lowest first, by presence (as :func:`ranks_present`)
#: of the ranks below the split and, shifted down by ``RANK_SPLIT``, from it:
#: ``RANK_MASKS_LOW[p & LOW_PRESENCE] + RANK_MASKS_HIGH[p >> RANK_SPLIT]``.
RANK_MASKS_LOW = _masks_by_presence(range(7))
RANK_MASKS_HIGH = _masks_by_presence(range(7, NUM_RANKS))


def iter_cards(mask: int) -> Iterator[int]:
    """The cards in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def count(mask: int) -> int:
    """How many cards are in ``mask``."""
    return mask.bit_count()


def parse_card(text: str) -> int:
    """Parse one card such as ``7H``, ``TS``, ``10s`` or ``Q♠``.

    >>> format_card(parse_card("10s"))
    'TS'
    >>> parse_card("7\u017f")  # a long s: only ASCII letters are read as suits
    Traceback (most recent call last):
    ...
    lld.errors.NotationError: bad card '7ſ': expected a rank (A 2 3 4 5 6 7 8 9 T J Q K) ...
    """
    if not isinstance(text, str):
        raise NotationError(f"a card is text such as '7H', not {shown(text)}")
    t = text.strip()
    # Only ASCII letters are upper-cased: "7\u017f" (a long s, which upper-cases
    # to S) is no card, and neither is a full-width letter.
    if len(t) >= 2 and t[:-1].isascii():
        suit = t[-1]
        rank_text = t[:-1].upper()
        suit_text = _SUIT_ALIASES.get(suit, suit.upper() if suit.isascii() else suit)
        if rank_text == "10":
            rank_text = "T"
        if len(rank_text) == 1 and rank_text in RANKS and suit_text in SUITS:
            return RANKS.index(rank_text) * 4 + SUITS.index(suit_text)
    raise NotationError(
        f"bad card {text!r}: expected a rank ({' '.join(RANKS)}) then a suit ({' '.join(SUITS)}),"
        " as in 7H or TS"
    )


def format_card(c: int) -> str:
    """A card number (0 to 51) in notation.

    >>> format_card(51)
    'KS'
    """
    if not 0 <= c < NUM_CARDS:
        raise NotationError("not a card: card numbers go from 0 to 51")
    return RANKS[c >> 2] + SUITS[c & 3]


def parse_cards(text: str) -> int:
    """Parse space- or comma-separated cards into a mask; a repeated card is an error.

    ``-`` alone is the empty set.
    """
    if not isinstance(text, str):
        raise NotationError(f"cards are text such as '7H 7S', not {shown(text)}")
    t = text.replace(",", " ").split()
    if t == ["-"]:
        return 0
    mask = 0
    for token in t:
        c = parse_card(token)
        if mask >> c & 1:
            raise NotationError(f"card {format_card(c)} is given twice in {text.strip()!r}")
        mask |= 1 << c
    return mask


def format_cards(mask: int) -> str:
    """Cards in rank then suit order; ``-`` for no cards."""
    if mask < 0 or mask >> NUM_CARDS:
        raise NotationError("not a set of cards: a mask from 0 to 2**52-1 is needed")
    return " ".join(format_card(c) for c in iter_cards(mask)) or "-"

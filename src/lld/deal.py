"""Deals: from a seed by a documented shuffle, or from explicit cards.

The shuffle is ours and uses nothing from :mod:`random`, whose algorithms
may change between Python versions. For a seed (a whole number below 2**64):

1. hash the seed's 8 bytes, little-endian, with BLAKE2b (64-byte digest,
   personalisation ``lld-deal``; ``lld-cut`` for the cut) and read the digest
   as one little-endian integer ``x``;
2. start from the pack in card order (AC AD AH AS 2C … KS) and, for ``i``
   from 51 down to 1, take ``x, j = divmod(x, i + 1)`` and swap positions
   ``i`` and ``j`` (Fisher–Yates). The 512 bits of ``x`` are far more than the
   226 that 52! needs, so every order is as likely as any other to within
   one part in 2**280.

So a seed gives the same deal on every Python and on Pyodide. It is also
cheaper than seeding a Mersenne Twister, which matters to the analysis.

From a seed: first, if no dealer is given, everyone cuts for the deal (the
cut pack is shuffled as above with ``lld-cut``; seats take cards from its top
in seat order, and those who tie cut again from the cards that follow); then
the pack is dealt one card at a time from eldest (the dealer's left) round to
the dealer, ``hand_size`` rounds, the rest to the table. A widow's-hand deal
goes round ``players + 1`` hands, the widow last, and the widow takes the odd
cards.

>>> from lld.cards import count
>>> d = Deal.from_seed(1, players=5, hand_size=8, dealer=0)
>>> [count(h) for h in d.hands], count(d.table)
([8, 8, 8, 8, 8], 12)
>>> Deal.from_seed(1, players=5, hand_size=8, dealer=0) == d
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from hashlib import blake2b
from typing import Any

from lld.cards import FULL_DECK, NUM_CARDS, format_cards, rank_of
from lld.errors import RulesetError, SetupError, shown

_BITS = tuple(1 << c for c in range(NUM_CARDS))


MAX_SEED = 2**64 - 1


def shuffled_deck(seed: int, purpose: bytes = b"lld-deal") -> list[int]:
    """The 52 cards in the order ``seed`` gives (see the module doc).

    >>> from lld.cards import format_card
    >>> [format_card(c) for c in shuffled_deck(1)[:5]]
    ['3S', 'QH', '6C', '9S', '3C']
    """
    return [bit.bit_length() - 1 for bit in _shuffled_bits(seed, purpose)]


def _shuffled_bits(seed: int, purpose: bytes) -> list[int]:
    """:func:`shuffled_deck` with each card as its one-bit mask (what a deal adds up)."""
    digest = blake2b(seed.to_bytes(8, "little"), digest_size=64, person=purpose).digest()
    return _fisher_yates(int.from_bytes(digest, "little"))


def _radix_chunks() -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """The Fisher–Yates steps (position ``i``, radix ``i + 1``) in chunks whose
    radices multiply to less than 2**30, with each chunk's product."""
    chunks: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    steps: list[tuple[int, int]] = []
    product = 1
    for radix in range(NUM_CARDS, 1, -1):
        if product * radix >= 2**30:
            chunks.append((product, tuple(steps)))
            steps, product = [], 1
        steps.append((radix - 1, radix))
        product *= radix
    chunks.append((product, tuple(steps)))
    return tuple(chunks)


def _write_fisher_yates() -> Callable[[int], list[int]]:
    """The pack shuffled by the digits of ``x`` (step 2 of the module doc), as one
    function with every step written out.

    ``x, j = divmod(x, i + 1)`` for ``i`` = 51 … 1 is done a chunk at a time:
    dividing by a product of radices and then by each radix in turn gives the
    same digits, and chunks stay below 2**30, one CPython digit, where // and %
    are fast. A loop over the 51 steps spends a sixth of the shuffle fetching
    and unpacking each step, and every hand is dealt, so the steps are written
    out here as straight-line code (``j = chunk % 52``, the swap of 51 and
    ``j``, ``chunk //= 52``, and so on), built from :func:`_radix_chunks` once.
    """
    lines = ["def fisher_yates(x):", "    deck = list(BITS)"]
    for product, steps in _radix_chunks():
        lines.append(f"    x, chunk = divmod(x, {product})")
        for i, radix in steps:
            lines.append(f"    j = chunk % {radix}")
            lines.append(f"    deck[{i}], deck[j] = deck[j], deck[{i}]")
            if (i, radix) != steps[-1]:  # the chunk's last digit is its last use
                lines.append(f"    chunk //= {radix}")
    lines.append("    return deck")
    namespace: dict[str, Any] = {"BITS": _BITS}
    exec("\n".join(lines), namespace)
    return namespace["fisher_yates"]  # type: ignore[no-any-return]


_fisher_yates = _write_fisher_yates()


def cut_rank_key(card: int, aces_high: bool) -> int:
    """How a cut card ranks for the deal: Ace, 2, ... King, or 2 ... King, Ace.

    >>> [cut_rank_key(c, False) for c in (0, 4, 48)], [cut_rank_key(c, True) for c in (0, 4, 48)]
    ([0, 1, 12], [12, 0, 11])
    """
    r = rank_of(card)
    return (r - 1) % 13 if aces_high else r


def cut_for_deal(
    seed: int, players: int, low_cut: bool, aces_high: bool | None = None
) -> tuple[int, list[list[int]]]:
    """Everyone cuts; return the dealer and each round of cuts (seat order, ties again).

    Lowest card deals for a low cut, highest for a high cut; equal ranks cut again.
    Aces rank low or high as ``aces_high`` says (R41); unless given, low in a low
    cut and high in a high one.
    """
    if aces_high is None:
        aces_high = not low_cut
    pack = shuffled_deck(seed, b"lld-cut")
    contenders = list(range(players))
    rounds: list[list[int]] = []
    pos = 0
    while True:
        drawn = pack[pos : pos + len(contenders)]
        pos += len(contenders)
        rounds.append(drawn)
        keys = [cut_rank_key(c, aces_high) for c in drawn]
        best = min(keys) if low_cut else max(keys)
        contenders = [s for s, k in zip(contenders, keys, strict=True) if k == best]
        if len(contenders) == 1:
            return contenders[0], rounds


def check_dealer(dealer: object, players: int) -> None:
    """Raise :class:`SetupError` unless ``dealer`` is a seat at a table of ``players``.

    >>> check_dealer(3, 3)
    Traceback (most recent call last):
    lld.errors.SetupError: dealer 3 is not a seat (seats are 0 to 2)
    """
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise SetupError(f"dealer {shown(dealer)} is not a seat (seats are 0 to {players - 1})")


@dataclass(frozen=True)
class Deal:
    """Who holds what before the first move. Card sets are masks.

    ``won`` holds cards already won, so that a position from the middle of a
    hand can be set up too; all 52 cards must be somewhere.
    """

    players: int
    dealer: int
    hands: tuple[int, ...]
    table: int
    won: tuple[int, ...] = ()
    seed: int | None = None

    def __post_init__(self) -> None:
        if not 3 <= self.players <= 8:
            raise RulesetError(f"cannot deal for {self.players} players: the game is for 3 to 8")
        check_dealer(self.dealer, self.players)
        if len(self.hands) != self.players:
            raise SetupError(f"{len(self.hands)} hands given for {self.players} players")
        won = self.won or (0,) * self.players
        if len(won) != self.players:
            raise SetupError(f"{len(won)} won piles given for {self.players} players")
        object.__setattr__(self, "won", tuple(won))
        masks = [*self.hands, self.table, *won]
        if sum(masks) == FULL_DECK and all(m >= 0 for m in masks):
            # Disjoint sets of bits add up to their union: the usual, valid case.
            seen = 0
            for m in masks:
                seen |= m
            if seen == FULL_DECK:
                return
        seen = 0
        places = [f"hand {i}" for i in range(self.players)] + ["the table"]
        places += [f"won pile {i}" for i in range(self.players)]
        for where, mask in zip(places, [*self.hands, self.table, *won], strict=True):
            if type(mask) is not int or mask < 0 or mask & ~FULL_DECK:
                raise SetupError(f"{where} is not a set of cards (a mask from 0 to 2**52-1)")
            twice = seen & mask
            if twice:
                raise SetupError(f"{format_cards(twice)} given twice (again in {where})")
            seen |= mask
        if seen != FULL_DECK:
            raise SetupError(
                f"the deal must place all 52 cards; missing: {format_cards(FULL_DECK & ~seen)}"
            )

    @classmethod
    def from_seed(
        cls,
        seed: int,
        players: int,
        hand_size: int,
        dealer: int | None = None,
        *,
        widow: bool = False,
        low_cut: bool = True,
        aces_high: bool | None = None,
    ) -> Deal:
        """Deal from an integer seed (see the module doc); ``low_cut`` and
        ``aces_high`` as :func:`cut_for_deal` takes them, where no dealer is given."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise SetupError(f"seed must be a whole number from 0 to 2**64-1, not {shown(seed)}")
        if not 3 <= players <= 8:
            raise RulesetError(f"cannot deal for {shown(players)} players: the game is for 3 to 8")
        if dealer is None:
            dealer, _ = cut_for_deal(seed, players, low_cut, aces_high)
        else:
            check_dealer(dealer, players)
        deck = _shuffled_bits(seed, b"lld-deal")
        hands = [0] * players
        ways = players + 1 if widow else players
        dealt = ways * hand_size
        if dealt > NUM_CARDS:
            raise RulesetError(f"cannot deal {hand_size} cards to each of {ways} hands")
        for way in range(players):
            # One card at a time round the table: this hand gets every ways-th card.
            hands[(dealer + 1 + way) % players] = sum(deck[way:dealt:ways])
        # A shuffled pack places every card once by construction, so the checks
        # in __post_init__ (for cards given by hand) are skipped, and the
        # frozen fields are filled in directly: the analysis deals hundreds of
        # thousands of hands.
        deal = object.__new__(cls)
        vars(deal).update(
            players=players, dealer=dealer, hands=tuple(hands), table=FULL_DECK - sum(hands),
            won=(0,) * players, seed=seed,
        )  # fmt: skip
        return deal

"""The ruleset turned into lookup tables, and the bit tricks the game leans on.

The game asks the same questions thousands of times a second ("what may this
hand take from this table?"), so each ruleset is worked out once into tables
indexed by rank nibbles (see :mod:`lld.cards`). Each table says which ruling
it carries.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import NamedTuple

from lld.cards import NIBBLE_COUNT, NUM_CARDS
from lld.concordance import ruling_id
from lld.moves import CAPTURE, Move
from lld.ruleset import OPTIONS, PairAgainstPair, PairRoyalCapture, Ruleset

# Where a dead group of table cards (one nobody can ever mate) came from. Each
# origin is named after the option that decides whether others may claim it.
TABLE_MOURNIVAL = "table_mournival"
PAIR_ROYAL_REMAINDER = "pair_royal_remainder"
LIE_DOWN_PAIR = "lie_down_pair"
MISTAKEN_LIE_DOWN_PAIR = "mistaken_lie_down_pair"
CHOSEN_LIE_DOWN_PAIR = "chosen_lie_down_pair"
_ORIGINS = (
    TABLE_MOURNIVAL, PAIR_ROYAL_REMAINDER, LIE_DOWN_PAIR, MISTAKEN_LIE_DOWN_PAIR,
    CHOSEN_LIE_DOWN_PAIR,
)  # fmt: skip
#: The option deciding whether each kind of dead group may be claimed.
DEAD_OPTION = {origin: origin for origin in _ORIGINS}
#: The ruling of each kind of dead group: its option's, as the registry gives it.
DEAD_RULE = {origin: ruling_id(origin) for origin in _ORIGINS}


class DeadGroup(NamedTuple):
    """Cards of one rank on the table that no hand can mate any more (R11, R15, R24, R36, R37).

    ``origin`` is how they came to be there (``table_mournival``,
    ``pair_royal_remainder``, ``lie_down_pair``, ``mistaken_lie_down_pair``,
    ``chosen_lie_down_pair``), ``offender`` whose oversight
    they are (the dealer's, for a table mournival), and ``opens`` the turn
    from which others may claim them.
    """

    rank: int
    origin: str
    offender: int
    opens: int

    @property
    def rule(self) -> str:
        return DEAD_RULE[self.origin]


#: The ruling behind a capture, by ``from_hand_nibble << 4 | table_nibble_before``:
#: two cards from the hand is a pair against a pair (R16); one card is R12,
#: R13 or R14 as one, two or three of the rank were on the table (four on the
#: table leave none for a hand, so that entry is never used).
_R_CAPTURE = ruling_id("capture")
_BY_TABLE_COUNT = (
    _R_CAPTURE, _R_CAPTURE, ruling_id("one_against_pair_on_table"),
    ruling_id("pair_royal_capture"), _R_CAPTURE,
)  # fmt: skip
_R_PAIR_AGAINST_PAIR = ruling_id("pair_against_pair")
CAPTURE_RULES = tuple(
    _R_PAIR_AGAINST_PAIR
    if NIBBLE_COUNT[index >> 4] == 2
    else _BY_TABLE_COUNT[NIBBLE_COUNT[index & 15]]
    for index in range(256)
)
#: The ruling of the deal and stakes for each number of players (R5-R10): the
#: ruling of its ``deal_N`` option, as the registry gives it.
DEAL_RULE = {
    int(name.removeprefix("deal_")): option.ruling
    for name, option in OPTIONS.items()
    if name.startswith("deal_")
}

#: LOWEST[nibble][n]: the n lowest-suited bits of a rank nibble.
LOWEST = tuple(
    tuple(
        sum(b for b in (1, 2, 4, 8) if nib & b and NIBBLE_COUNT[nib & (b - 1)] < n)
        for n in range(5)
    )
    for nib in range(16)
)


def capture_shapes(rules: Ruleset) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """``shapes[in_hand][on_table]``: the (from hand, from table) captures allowed.

    >>> from lld.presets import ruleset
    >>> capture_shapes(ruleset("parlett"))[2][2]
    ((1, 1), (2, 2))
    >>> capture_shapes(ruleset("sympkyn"))[1][3]
    ((1, 3),)
    >>> capture_shapes(ruleset("parlett", one_against_pair="collects_all"))[2][2]
    ((1, 2), (2, 2))
    """
    table: list[list[tuple[tuple[int, int], ...]]] = [[() for _ in range(5)] for _ in range(5)]
    for in_hand in range(1, 5):
        # R12: one card from the hand mates one on the table.
        table[in_hand][1] = ((1, 1),)
    # R13: one card against a pair on the table takes one of them.
    table[1][2] = ((1, 1),)
    # R16: a pair in hand against a pair on the table.
    table[2][2] = _PAIR_AGAINST_PAIR[rules.pair_against_pair]
    # R14: the fourth card against a pair royal on the table.
    table[1][3] = _PAIR_ROYAL_CAPTURE[rules.pair_royal_capture]
    if rules.one_against_pair == "collects_all":
        # R38: one card from the hand takes every card of its rank on the table.
        for in_hand in range(1, 5):
            for on_table in (2, 3):
                shapes = table[in_hand][on_table]
                whole = tuple((1, on_table) if s == (1, 1) else s for s in shapes)
                table[in_hand][on_table] = tuple(dict.fromkeys(whole))
    return tuple(tuple(row) for row in table)


_R_ONE_AGAINST_PAIR = ruling_id("one_against_pair")


def capture_rules(rules: Ruleset) -> tuple[str, ...]:
    """:data:`CAPTURE_RULES`, with R38 naming one card taking both of a pair on the table.

    >>> from lld.presets import ruleset
    >>> capture_rules(ruleset("parlett", one_against_pair="collects_all"))[0x13]
    'R38'
    """
    if rules.one_against_pair == "takes_one":
        return CAPTURE_RULES
    out = list(CAPTURE_RULES)
    for index in range(256):
        if NIBBLE_COUNT[index >> 4] == 1 and NIBBLE_COUNT[index & 15] == 2:
            out[index] = _R_ONE_AGAINST_PAIR
    return tuple(out)


# Keyed by the options' Literal types, so a misspelt value is a type error.
_PAIR_AGAINST_PAIR: dict[PairAgainstPair, tuple[tuple[int, int], ...]] = {
    "one_at_a_time": ((1, 1),),
    "may_take_four": ((1, 1), (2, 2)),
    "must_take_four": ((2, 2),),
}
_PAIR_ROYAL_CAPTURE: dict[PairRoyalCapture, tuple[tuple[int, int], ...]] = {
    "one_or_three": ((1, 1), (1, 3)),
    "three_only": ((1, 3),),
}

Shapes = tuple[tuple[tuple[tuple[int, int], ...], ...], ...]


class CompiledRules(NamedTuple):
    """A ruleset as the tables and flags the game tests, worked out from the ruleset
    alone (see :func:`compiled`): nothing in it is learned from a hand."""

    #: ``shapes[in_hand][on_table]``: the (from hand, from table) captures allowed (R12-R16).
    shapes: Shapes
    #: ``captures[hand_nibble << 4 | table_nibble]``: those captures as unshifted bits.
    captures: tuple[tuple[tuple[int, int], ...], ...]
    #: Per seat, every capture move, by the key :meth:`lld.game.Game.turn_moves`
    #: makes of a rank's cards in hand and on the table (see :func:`capture_moves`).
    capture_moves: tuple[dict[int, tuple[Move, ...]], ...]
    #: ``capture_rules[from_hand_nibble << 4 | table_nibble_before]``: the ruling of a capture.
    capture_rules: tuple[str, ...]
    #: R22, R35: a player who can capture may not lie down (``lie_down=forced``
    #: with ``lie_down_mistake=refused``).
    forced_lie_down: bool
    #: R35: a lie-down while a capture is possible is played, as a mistake.
    lie_down_mistakes: bool
    #: R20: pairs may be laid at any moment (``hand_pairs_when=any_time``).
    any_time_lays: bool
    #: R20: a pair not laid at once may still be laid on one's own turn
    #: (``hand_pairs_when=promptly_or_own_turn``).
    own_turn_lays: bool
    #: R20: every set is laid by rule the moment it may be, with no move
    #: (``hand_pairs_when=laid_at_once``, strict play).
    lays_at_once: bool
    #: R21: a lay by the seat to play, once play has begun, is his turn.
    lay_is_turn: bool
    #: R18: a pair of a pair royal held in hand may be laid.
    pair_royal_layable: bool
    #: R40: the pair left of such a pair royal, once its third card is played,
    #: stays layable (only where R18 let it be laid in the first place).
    pair_royal_rest_layable: bool
    #: R34: a hand emptied by capturing is out at once.
    out_when_emptied_by_capture: bool
    #: R43: a hand emptied by laying is out at once.
    out_when_emptied_by_laying: bool
    #: R45: a turn's capture may take several ranks at once.
    several_ranks: bool
    #: R25: oversights are claimed only on one's own turn.
    claim_in_rotation: bool
    #: R26: an oversight must be claimed before the next turn.
    claim_next_turn: bool
    #: R11, R15, R24, R36, R37: the kinds of dead group that others may claim.
    claimable_kinds: frozenset[str]
    #: The key masks of the ranks in a presence mask (see :func:`key_masks`).
    key_masks: dict[int, tuple[int, ...]]


@lru_cache(maxsize=64)
def compiled(rules: Ruleset) -> CompiledRules:
    """:func:`compile_rules`, worked out once per ruleset *value* and kept here (a
    ruleset holds nothing but its fields): what a game looks up as it is set up.

    >>> from lld.presets import ruleset
    >>> compiled(ruleset("parlett")) is compiled(ruleset("parlett").replace())
    True
    """
    return compile_rules(rules)


def compile_rules(rules: Ruleset) -> CompiledRules:
    """The ruleset as the tables and flags the playout loop tests (see :func:`compiled`)."""
    claimable = frozenset(
        kind
        for kind, on in (
            (TABLE_MOURNIVAL, rules.table_mournival == "dealer_first"),
            (PAIR_ROYAL_REMAINDER, rules.pair_royal_remainder == "claimable"),
            (LIE_DOWN_PAIR, rules.lie_down_pair == "claimable"),
            (MISTAKEN_LIE_DOWN_PAIR, rules.mistaken_lie_down_pair == "claimable"),
            (CHOSEN_LIE_DOWN_PAIR, rules.chosen_lie_down_pair == "claimable"),
        )
        if on
    )
    shapes = capture_shapes(rules)
    forced = rules.lie_down == "forced"
    # by_nibbles[hand_nibble << 4 | table_nibble]: the captures as unshifted
    # (from hand, from table) bits, lowest suits first, ready for the loop.
    by_nibbles = tuple(
        tuple(
            (LOWEST[hn][nh], LOWEST[tn][nt])
            for nh, nt in shapes[NIBBLE_COUNT[hn]][NIBBLE_COUNT[tn]]
        )
        for hn in range(16)
        for tn in range(16)
    )
    return CompiledRules(
        shapes=shapes,
        captures=by_nibbles,
        capture_moves=capture_moves(by_nibbles),
        capture_rules=capture_rules(rules),
        forced_lie_down=forced and rules.lie_down_mistake == "refused",
        lie_down_mistakes=forced and rules.lie_down_mistake == "allowed_as_mistake",
        any_time_lays=rules.hand_pairs_when == "any_time",
        own_turn_lays=rules.hand_pairs_when == "promptly_or_own_turn",
        lays_at_once=rules.hand_pairs_when == "laid_at_once",
        lay_is_turn=rules.laying_turn == "counts_as_turn",
        pair_royal_layable=rules.hand_pair_royal == "pair_may_be_laid",
        pair_royal_rest_layable=rules.hand_pair_royal == "pair_may_be_laid"
        and rules.broken_pair_royal == "layable",
        out_when_emptied_by_capture=rules.emptied_by_capture == "out_at_once",
        out_when_emptied_by_laying=rules.emptied_by_laying == "out_at_once",
        several_ranks=rules.capture_ranks == "several_ranks",
        claim_in_rotation=rules.claim_priority == "first_in_rotation",
        claim_next_turn=rules.claim_deadline == "next_turn",
        claimable_kinds=claimable,
        key_masks=key_masks(),
    )


@cache
def capture_moves(
    captures: tuple[tuple[tuple[int, int], ...], ...],
) -> tuple[dict[int, tuple[Move, ...]], ...]:
    """Per seat (of eight), every capture move that :data:`CompiledRules.captures
    <CompiledRules>` allows, keyed by the rank's cards in hand and on the table packed
    as ``in_hand << NUM_CARDS | on_table``: a table worked out from the rules alone,
    once for each of the few sets of capture shapes the options give, and shared
    (moves are immutable) by every game, as a hand meets the same moves again and again.

    >>> from lld.cards import parse_cards
    >>> from lld.presets import ruleset
    >>> by_key = compiled(ruleset("parlett")).capture_moves[0]
    >>> [str(m) for m in by_key[parse_cards("7C") << NUM_CARDS | parse_cards("7D 7H")]]
    ['0: 7C x 7D']
    """
    pairs = [
        (hn, tn, captures[hn << 4 | tn])
        for hn in range(1, 16)
        for tn in range(1, 16)
        if not hn & tn
    ]
    new = tuple.__new__
    return tuple(
        {
            hn << shift << NUM_CARDS | tn << shift: tuple(
                new(Move, (CAPTURE, seat, hb << shift, tb << shift)) for hb, tb in shapes
            )
            for shift in range(0, NUM_CARDS, 4)
            for hn, tn, shapes in pairs
        }
        for seat in range(8)
    )


@cache
def key_masks() -> dict[int, tuple[int, ...]]:
    """``masks[presence]``: for each set of ranks as a presence mask (a bit at ``rank
    << 2``, as :func:`~lld.cards.ranks_present` gives), the masks of those ranks in
    the hand's place and the table's (``rank_mask << NUM_CARDS | rank_mask``), lowest
    rank first: all 8,192 sets, worked out once.

    >>> key_masks()[0b10001] == (15 << NUM_CARDS | 15, 15 << 4 << NUM_CARDS | 15 << 4)
    True
    """
    keys = [15 << shift << NUM_CARDS | 15 << shift for shift in range(0, NUM_CARDS, 4)]
    presence = [0] * (1 << len(keys))
    masks: dict[int, tuple[int, ...]] = {0: ()}
    for ranks in range(1, len(presence)):
        low = ranks & -ranks
        rank = low.bit_length() - 1
        rest = presence[ranks ^ low]
        presence[ranks] = rest | 1 << (rank << 2)
        masks[presence[ranks]] = (keys[rank], *masks[rest])
    return masks


def claimable(table: int, rank: int) -> int:
    """R24, R25: the cards of a dead ``rank`` a claim takes from ``table``, lowest suits first.

    Cards are claimed in pairs: all of them, or all but one of an odd number
    (a pair royal whose fourth is won, R24: the third stays for the dealer).

    >>> from lld.cards import format_cards, parse_cards
    >>> format_cards(claimable(parse_cards("7C 7H 7S"), 6))
    '7C 7H'
    """
    nib = table >> (rank << 2) & 15
    return LOWEST[nib][NIBBLE_COUNT[nib] & ~1] << (rank << 2)


#: R17-R19: how many cards may be laid from a rank held so many times (a pair
#: only when it is dead, which the caller checks).
LAY_SIZES: tuple[tuple[int, ...], ...] = ((), (), (2,), (2,), (2, 4))

# Per-nibble constants for SWAR popcounts, wide enough for nine packed masks
# (eight hands and the table) of 52 bits each.
_FIVES = int("5" * 13 * 9, 16)
_THREES = int("3" * 13 * 9, 16)
_ONES = int("1" * 13 * 9, 16)
_FOURS = int("4" * 13 * 9, 16)


def ranks_holding(mask: int, k: int) -> int:
    """The ranks (bit ``r`` for rank ``r``) of which ``mask`` holds ``k`` (3 or 4) cards or more.

    >>> from lld.cards import parse_cards
    >>> bin(ranks_holding(parse_cards("2C 2D 2H 9S KC KD KH KS"), 3))
    '0b1000000000010'
    >>> bin(ranks_holding(parse_cards("2C 2D 2H 9S KC KD KH KS"), 4))
    '0b1000000000000'
    """
    return ranks_holding_each([mask], k)[0]


def ranks_holding_each(masks: list[int], k: int) -> list[int]:
    """:func:`ranks_holding` for each of up to nine masks, all at once.

    The masks are packed side by side into one integer and counted together,
    since most hands hold no pair royal and a loop over them is then wasted.

    >>> from lld.cards import parse_cards
    >>> ranks_holding_each([parse_cards("2C 2D 2H"), 0, parse_cards("AC AD AH AS")], 3)
    [2, 0, 1]
    """
    packed = 0
    for mask in reversed(masks):
        packed = packed << NUM_CARDS | mask
    hits = _nibbles_holding(packed, k)
    found = [0] * len(masks)
    while hits:
        low = hits & -hits
        hits ^= low
        where, bit = divmod(low.bit_length() - 1, NUM_CARDS)
        found[where] |= 1 << (bit >> 2)
    return found


def _nibbles_holding(x: int, k: int) -> int:
    """Bit 2 of each nibble of ``x`` (up to nine masks wide) with ``k`` (3 or 4) bits set or more.

    A per-nibble popcount on the whole integer at once (SWAR).
    """
    x -= (x >> 1) & _FIVES
    x = (x & _THREES) + ((x >> 2) & _THREES)
    return ((x + _ONES) if k == 3 else x) & _FOURS

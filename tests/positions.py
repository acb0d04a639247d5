"""Explicit positions for the rule tests: name the cards that matter, fill in the rest.

A position names some hands and the table; every other card must be placed
somewhere too (a :class:`~lld.deal.Deal` holds all 52). :func:`position` gives
each seat without a named hand one *filler* card of a rank nobody else holds
(so that seat can never capture and lies down when its turn comes), and puts
every card still unplaced into won piles, where it can no longer take part in
play.

>>> from lld.presets import ruleset
>>> g = position(ruleset("parlett"), ["7C 9C"], table="7D", players=4)
>>> g.dealer, g.to_play, [format_cards(h) for h in g.hands]
(3, 0, ['7C 9C', 'KC', 'QC', 'JC'])
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction

import pytest

from lld import Deal, Game, IllegalMoveError, Move, Ruleset, parse_cards
from lld.cards import FULL_DECK, NUM_RANKS, format_cards, iter_cards, rank_mask
from lld.concordance import registry
from lld.events import Event
from lld.ledger import Amount
from lld.moves import CAPTURE, LIE
from lld.playout import play_out

#: Every ruling ID the registry defines.
RULE_IDS = frozenset(r.id for r in registry())
#: The ruling behind the deal and stakes, by number of players.
DEAL_RULE = {3: "R5", 4: "R6", 5: "R7", 6: "R8", 7: "R9", 8: "R10"}


def cards(text: str) -> int:
    """A card mask from notation, as in ``cards("7C 7D")``."""
    return parse_cards(text)


def table_size(rules: Ruleset, wanted: int = 4) -> int:
    """The number of players a rule test uses: ``wanted`` if the reading gives it."""
    return wanted if wanted in rules.players else min(rules.players)


def position(
    rules: Ruleset,
    hands: Sequence[str],
    table: str = "",
    won: Mapping[int, str] | None = None,
    *,
    players: int | None = None,
    dealer: int | None = None,
    won_counts: Mapping[int, int] | None = None,
    rest: int | None = None,
) -> Game:
    """A game from explicit cards.

    ``hands`` names the hands of seats 0, 1, ...; seats after those get one
    filler card each (the club of the highest rank nobody holds, the other
    three of that rank going to the won piles). ``won_counts`` gives a seat
    that many more won cards, the lowest unplaced ones; every card still
    unplaced goes to the won pile of ``rest`` (the dealer by default). The
    dealer is the last seat unless given, so seat 0 is eldest.
    """
    n = table_size(rules) if players is None else players
    dealer = n - 1 if dealer is None else dealer
    hand_masks = [parse_cards(h) for h in hands] + [0] * (n - len(hands))
    table_mask = parse_cards(table)
    won_masks = [0] * n
    for seat, text in (won or {}).items():
        won_masks[seat] = parse_cards(text)
    named = table_mask
    for m in (*hand_masks, *won_masks):
        named |= m
    free_ranks = [r for r in reversed(range(NUM_RANKS)) if not named & rank_mask(r)]
    for seat in range(len(hands), n):
        filler = 1 << (free_ranks.pop(0) * 4)
        hand_masks[seat] = filler
        named |= filler
    pool = FULL_DECK & ~named
    for seat, k in (won_counts or {}).items():
        take = 0
        for c in iter_cards(pool):
            if k == 0:
                break
            take |= 1 << c
            k -= 1
        assert k == 0, "not enough unplaced cards for won_counts"
        won_masks[seat] |= take
        pool &= ~take
    won_masks[dealer if rest is None else rest] |= pool
    deal = Deal(n, dealer, tuple(hand_masks), table_mask, tuple(won_masks))
    return Game.from_deal(rules, deal)


def fillers(game: Game, first: int) -> list[int]:
    """The seats from ``first`` on: those :func:`position` gave a filler card."""
    return list(range(first, game.n))


Snapshot = tuple[object, ...]


def snapshot(game: Game) -> Snapshot:
    """Everything a move may change, to check that a rejected move changed nothing."""
    return (
        tuple(game.hands),
        game.table,
        tuple(game.won),
        game.aside,
        game.to_play,
        game.over,
        game.turns,
        game.last_player,
        tuple(game.out),
        len(game.events),
        len(game.moves),
        tuple(game.ledger.net),
        game.ledger.pot,
    )


def assert_illegal(game: Game, text: str, rule: str, option: str | None = None) -> None:
    """``text`` is rejected, naming ``rule`` and ``option``, and changes nothing."""
    move = Move.parse(text)
    before = snapshot(game)
    assert not game.is_legal(move), f"{text} should be illegal ({rule})"
    assert move not in game.legal_moves(), f"{text} is listed by legal_moves()"
    with pytest.raises(IllegalMoveError) as info:
        game.play(move)
    assert (info.value.rule, info.value.option) == (rule, option), str(info.value)
    assert snapshot(game) == before


def assert_legal(game: Game, text: str) -> Move:
    """``text`` is accepted by is_legal and listed by legal_moves()."""
    move = Move.parse(text)
    assert game.is_legal(move), f"{text} should be legal"
    assert move in game.legal_moves(), f"{text} is legal but legal_moves() leaves it out"
    assert move in game.legal_moves(move.seat)
    return move


def play(game: Game, text: str, rule: str) -> list[Event]:
    """Play a legal move; its event names ``rule``. Return the events it caused."""
    move = assert_legal(game, text)
    start = len(game.events)
    game.play(move)
    new = game.events[start:]
    assert new, f"{text} logged nothing"
    assert new[0].move == move
    assert new[0].rule == rule, f"{text} logged {new[0].rule}, expected {rule}"
    assert game.complete
    assert game.ledger.consistent
    return new


def finish(game: Game) -> None:
    """Play the hand out through the library's one loop: every seat captures when
    it can, else lies down, and lets every free move pass."""

    def turn(seat: int, moves: tuple[Move, ...]) -> Move:
        captures = [m for m in moves if m.kind == CAPTURE]
        return captures[0] if captures else Move(LIE, seat)

    def play(move: Move) -> None:
        game.play(move)
        assert game.complete

    play_out(game, turn, lambda seat, moves: None, play=play)


def random_moves(game: Game, rng: random.Random, limit: int | None = None) -> list[Move]:
    """Play up to ``limit`` random legal moves on ``game`` (to its end if none);
    return them.

    Each is drawn from every move any seat may make now, turn and free alike.
    This is not the library's loop (:func:`lld.playout.play_out`), and is kept
    apart on purpose: a table asks the free seats in rotation before the turn,
    and this plays the moves in orders no table loop makes (a turn while a
    claim waits, a later seat's lay before an earlier one's), so the engine is
    tested for orders the loop never tries.
    """
    played: list[Move] = []
    while not game.over and (limit is None or len(played) < limit):
        options = list(game.turn_moves())
        for seat in game.free_seats():
            options += game.free_moves(seat)
        move = options[int(rng.random() * len(options))]
        game.play(move)
        played.append(move)
    return played


def is_over(game: Game) -> bool:
    """``game.over``, read afresh (so that type checkers do not narrow it)."""
    return game.over


def events_of(game: Game, kind: str) -> list[Event]:
    return [e for e in game.events if e.kind == kind]


def stakes_for(cards_won: int, break_even: int, part_pair: str = "toward_zero") -> Amount:
    """One stake per two cards above or below break-even.

    Written here from the sources (du Coeur: "win one stake for six cards, and
    lose one for four" where break-even is five: a part-pair counts whole), not
    taken from the engine. Against an even break-even an odd distance (R38
    collects_all) is read by R44: the part-pair counts for nothing, as a whole
    pair, or as half a stake.
    """
    diff = cards_won - break_even
    sign, distance = (1 if diff >= 0 else -1), abs(diff)
    if break_even % 2 or part_pair == "away_from_zero":
        return sign * ((distance + 1) // 2)
    if part_pair == "half_stake":
        return Fraction(sign * distance, 2)  # equal to the int where whole
    assert part_pair == "toward_zero", part_pair
    return sign * (distance // 2)


def show(mask: int) -> str:
    return format_cards(mask)

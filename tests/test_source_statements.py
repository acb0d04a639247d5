"""The sources' own sums and statements, played out in whole hands under their presets.

:mod:`test_rules` checks each ruling on a position built for it, and the stakes
tables against the sources' figures. This module takes the sentences in which a
source *adds up* a hand (du Coeur's "11 stakes were wagered upfront ... the
remaining 12 cards, or six stakes ... the five stakes taken by the person who won
the last hand", Parlett's "the 6p left in the pot after 5p has been paid") and
checks that hands dealt and played at random under that source's preset move the
money exactly so: the pot the antes make, what the last player is paid from it,
and what the cards won above and below break-even take from it. The figures are
written here from the sources' words (each checked against the seed text), never
read from the engine's tables.
"""

from __future__ import annotations

import random

import pytest

from lld import PRESETS, Game, Move, Ruleset, ruleset
from lld.cards import count
from lld.concordance import load
from lld.ledger import Amount
from lld.moves import CLAIM
from positions import cards, events_of, play, position, random_moves
from seed_texts import normalise, seed_texts

CONC = load()


@pytest.fixture(scope="module")
def seeds() -> dict[str, str]:
    return seed_texts({s.id: s.author for s in CONC.sources})


def played_out(rules: Ruleset, players: int, seed: int) -> Game:
    """A hand dealt from ``seed`` and played to the end by random legal moves,
    free moves (lays, claims) included."""
    g = Game.new(rules, players, seed)
    random_moves(g, random.Random(seed))
    assert g.complete
    assert g.ledger.consistent
    return g


def money(g: Game, rules: tuple[str, ...]) -> Amount:
    """What the players took from the pot under ``rules``, less what they paid into it."""
    return sum(
        (e.amount if e.payer is None else -e.amount)
        for e in g.ledger.entries
        if e.rule in rules and None in (e.payer, e.payee)
    )


#: (source, its words, preset, players, cards dealt to each, cards to the table, pot
#: made by the antes, paid to the last player, paid for the cards won above
#: break-even): each hand, however played, must be dealt and move the money exactly
#: so, and leave the pot empty.
SUMS = [
    ("du-coeur", "11 stakes were wagered upfront", "du-coeur", 5, 8, 12, 11, 5, 6),
    ("du-coeur", "the remaining 12 cards, or six stakes, will \"win\"", "du-coeur", 5, 8, 12,
     11, 5, 6),
    ("du-coeur", "six go to those who take the extra 12 cards, and three to the winner of the"
     " last trick", "du-coeur", 4, 10, 12, 9, 3, 6),
    ("du-coeur", "Eight stakes go to those sixteen cards, so the winner of the last trick wins"
     " five, making the 13 total", "du-coeur", 6, 6, 16, 13, 5, 8),
    ("du-coeur", "Five stakes go to the 10 leftover cards, so a whopping ten stakes are taken by"
     " the last trick", "du-coeur", 7, 6, 10, 15, 10, 5),
    ("parlett", "This exactly disposes of the 6p left in the pot after 5p has been paid to the"
     " last player left in.", "parlett", 5, 8, 12, 11, 5, 6),
    ("parlett", "Make a pot of 9p (3-2-2-2). Deal 10 each and 12 to the table. Last in hand wins"
     " 3p from the pot.", "parlett", 4, 10, 12, 9, 3, 6),
    ("parlett", "Pot of 10p (4-3-3). Deal 13 each and 13 to the table. Last in hand wins 5p",
     "parlett", 3, 13, 13, 10, 5, 5),
    ("parlett", "Pot of 13p (3-2-2-2-2-2). Deal 7 each and 10 to the table. Last in hand wins 5p",
     "parlett", 6, 7, 10, 13, 5, 8),
    ("sympkyn", "5 | 3 | 2 | 8 | 5 | 4 |", "sympkyn", 5, 8, 12, 11, 5, 6),
    ("sympkyn", "4 | 3 | 2 | 10 | 3 | 5 |", "sympkyn", 4, 10, 12, 9, 3, 6),
]  # fmt: skip


@pytest.mark.parametrize(
    ("source", "words", "preset", "players", "each", "table", "pot", "bonus", "for_cards"),
    SUMS,
    ids=[f"{s[2]}-{s[3]}p-{i}" for i, s in enumerate(SUMS)],
)
def test_R5_to_R9_R30_R31_each_sources_sum_disposes_of_the_pot(
    source: str, words: str, preset: str, players: int, each: int, table: int, pot: int,
    bonus: int, for_cards: int,
) -> None:  # fmt: skip
    rules = PRESETS[preset]
    deal_rule = {3: "R5", 4: "R6", 5: "R7", 6: "R8", 7: "R9"}[players]
    for seed in range(12):
        g = played_out(rules, players, seed)
        assert [count(h) for h in g.deal.hands] == [each] * players
        assert count(g.deal.table) == table
        assert -money(g, (deal_rule,)) == pot  # the antes
        assert g.last_player is not None
        assert [(e.payee, e.amount) for e in g.ledger.entries if e.rule == "R30"] == [
            (g.last_player, bonus)
        ]
        assert money(g, ("R31", "R32")) == for_cards
        assert g.ledger.pot == 0  # Willughby: "everything should come out even"
        assert sum(count(w) for w in g.won) == 52  # every card is someone's at the end


def test_R10_R32_du_coeur_eight_six_stakes_for_the_leftovers_when_as_many_win_as_lose() -> None:
    """du Coeur's eight: 17 in the pot, 11 to the last trick, "Six stakes go to the
    leftover cards". With break-even five everyone wins or loses ("win one stake for
    six cards, and lose one for four"), so the cards take 6 only when four win and
    four lose: one stake more for each loser fewer, one less for each more."""
    rules = PRESETS["du-coeur"]
    met = set()
    for seed in range(40):
        g = played_out(rules, 8, seed)
        assert -money(g, ("R10",)) == 17
        assert [e.amount for e in g.ledger.entries if e.rule == "R30"] == [11]
        losers = sum(count(w) < 5 for w in g.won)
        assert all(count(w) != 5 for w in g.won)  # nobody breaks even
        assert money(g, ("R32",)) == 6 + (4 - losers)
        assert g.ledger.pot == 17 - 11 - (6 + 4 - losers)
        met.add(losers)
    assert len(met) > 1, met  # the sum is checked for more than one count of losers


def test_R5_R6_R7_R23_R31_caidis_the_dealers_stake_to_most_pairs_and_a_stake_per_lie_down() -> None:
    """Compendium Caidis: only the dealer stakes ("he puts up a stake that the winner
    will get"); whoever lies down pays "a stake to all players remaining in the game";
    "the player with the most pairs wins and get the original stake put up by the
    dealer". Worked out here from those words, for every count she plays."""
    rules = PRESETS["caidis"]
    for players in (3, 4, 5):
        for seed in range(10):
            g = played_out(rules, players, seed)
            net = [0] * players
            net[g.dealer] -= 1
            out: set[int] = set()
            for e in g.events:
                seat = e.seat
                if e.kind in ("lie", "out"):  # "out": a hand emptied (R34), owing nothing
                    assert seat is not None
                    out.add(seat)
                    if e.kind == "lie":
                        for s in set(range(players)) - out:  # one to each player still in
                            net[seat] -= 1
                            net[s] += 1
            pairs = [count(w) // 2 for w in g.won]
            best = [s for s, p in enumerate(pairs) if p == max(pairs)]
            if len(best) == 1:
                net[best[0]] += 1
                assert g.ledger.pot == 0
            else:
                assert g.ledger.pot == 1  # a tie: the stake stays (R33)
            assert g.ledger.net == net
            assert not [e for e in g.ledger.entries if e.rule == "R30"]  # no last-player bonus


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_R11_every_mournival_among_the_table_cards_is_the_dealers(preset: str) -> None:
    """du Coeur: "If there are any mournivals in these 12 cards ... the dealer takes them
    all immediately"; Sympkyn: "If there are any mournivals ... the dealer is allowed to
    take them". Two of them on the table: both are his, at once or by his claim."""
    rules = PRESETS[preset]
    both = cards("7C 7D 7H 7S 9C 9D 9H 9S")
    g = position(rules, ["8C 2C", "TC 3C", "JC 4C"], "7C 7D 7H 7S 9C 9D 9H 9S 8D TD JD")
    dealer = g.dealer
    if rules.table_mournival == "dealer_takes":
        assert g.table & both == 0
        assert g.won[dealer] & both == both
        taken = [(e.rule, e.seat, e.table) for e in events_of(g, "take_mournival")]
        assert taken == [
            ("R11", dealer, cards("7C 7D 7H 7S")),
            ("R11", dealer, cards("9C 9D 9H 9S")),
        ]
    elif rules.table_mournival == "dealer_first":
        assert g.table & both == both
        offered = {m for m in g.free_moves(dealer) if m.kind == CLAIM}
        assert offered == {Move.parse(f"{dealer}: claim 7C 7D 7H 7S"),
                           Move.parse(f"{dealer}: claim 9C 9D 9H 9S")}  # fmt: skip
        play(g, f"{dealer}: claim 7C 7D 7H 7S", "R11")
        play(g, f"{dealer}: claim 9C 9D 9H 9S", "R11")
        assert g.won[dealer] & both == both
        assert g.to_play == 0  # claims are not turns: eldest still plays first
    else:
        raise AssertionError(f"no expectation for table_mournival={rules.table_mournival}")


def test_R22_R29_du_coeur_a_lie_down_puts_the_hand_on_the_table_for_others_to_mate() -> None:
    """du Coeur: a player who cannot mate must "place all of the cards in their hand in
    the middle of the table for others to mate with", and "you are not out; the cards
    you have laid by you will count when scoring"."""
    rules = ruleset("du-coeur")
    g = position(rules, ["7C 2C 5C", "8C 9C", "2D 3C"], "7D 8D", players=4)
    play(g, "0: 7C x 7D", "R12")
    play(g, "1: 8C x 8D", "R12")
    play(g, "2: lie", "R22")  # 2D and 3C go to the middle
    play(g, "3: lie", "R22")
    play(g, "0: 2C x 2D", "R12")  # eldest mates a card seat 2 put down
    assert g.won[0] == cards("7C 7D 2C 2D")
    assert g.won[2] == 0
    assert g.out[2]
    # Seat 1 can mate nothing: he lies down, and seat 0 is the one left.
    play(g, "1: lie", "R22")
    assert g.over
    assert g.last_player == 0
    # Seat 1 lay down, yet his pair counts: 2 cards against a break-even of 10, 4 short.
    paid = {e.seat: e.amount for e in events_of(g, "pays")}
    assert paid[1] == 4


#: The words the tests above rest on, besides their tables' (source, words).
QUOTED = [
    ("du-coeur", "17 stakes are in the pot"),
    ("du-coeur", "Six stakes go to the leftover cards, so the last trick takes 11"),
    ("du-coeur", "everyone either wins or loses"),
    ("caidis", "he puts up a stake that the winner will get"),
    ("caidis", "pay a stake to all players remaining in the game"),
    ("caidis",
     "the player with the most pairs wins and get the original stake put up by the dealer"),
    ("du-coeur", "the dealer takes them all immediately"),
    ("sympkyn", "any mournivals with the cards spread on the table"),
    ("du-coeur",
     "place all of the cards in their hand in the middle of the table for others to mate with"),
    ("du-coeur", "the cards you have laid by you will count when scoring"),
]  # fmt: skip


@pytest.mark.parametrize(("source", "words"), sorted({*QUOTED, *((s[0], s[1]) for s in SUMS)}))
def test_the_words_these_tests_rest_on_are_the_sources(
    seeds: dict[str, str], source: str, words: str
) -> None:
    """The quotation half of this module (every hand above plays without the seeds)."""
    assert normalise(words) in seeds[source], f"{words!r} is not in {source}'s text"

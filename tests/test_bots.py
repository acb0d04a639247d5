"""The ``willughby`` bot: one test per piece of the sources' advice, on a position
built for it; legality over many hands under every preset; and a measured
comparison with random bots and with the bot as it was before issue 9."""

from __future__ import annotations

import random

import pytest

from lld import bots
from lld.bots import willughby
from lld.bots.willughby import Advice, WillughbyBot
from lld.cards import count, parse_cards
from lld.game import Game
from lld.hints import hint
from lld.moves import CAPTURE, CLAIM, LAY, LIE, Move
from lld.observation import Observation
from lld.playout import run
from lld.presets import PRESETS, ruleset
from lld.tournament import play_tournament
from old_willughby import OldWillughbyBot
from positions import position
from seed_texts import seed_texts

PARLETT = ruleset("parlett")


def seat0(game: Game) -> Observation:
    return Observation.of(game, 0)


def takes(move: Move, table: str) -> bool:
    return move.kind == CAPTURE and move.table & parse_cards(table) == move.table


# --------------------------------------------------------------- one test per advice


ADVICE = sorted(
    (a for a in vars(willughby).values() if isinstance(a, Advice)), key=lambda a: a.name
)


@pytest.mark.parametrize("advice", ADVICE, ids=lambda a: a.name)
def test_each_advice_quotes_its_source_word_for_word(advice: Advice) -> None:
    """Every reason the bot gives quotes its source exactly (checked against the seeds)."""
    texts = seed_texts({"du Coeur": "du Coeur", "Parlett": "Parlett"})
    author = "du Coeur" if advice.source.startswith("du Coeur") else "Parlett"
    assert advice.source.startswith(author)
    assert " ".join(advice.quote.split()) in texts[author]


def test_simple_mate_taken_at_once_du_coeur() -> None:
    """du Coeur: "if you have a simple mate ... take it as soon as possible": the 7
    (another hand holds a 7) goes before the certain mate in kings."""
    g = position(PARLETT, ["7C KD KH", "7H"], table="7D KS KC")
    for seed in range(10):
        move, reason = WillughbyBot(seed).explain(seat0(g))
        assert takes(move, "7D")
        assert "simple mate" in reason


def test_capture_single_before_somebody_else_parlett() -> None:
    """Parlett: one card on the table and a pair in hand: "capture the table card
    before somebody else does"."""
    g = position(PARLETT, ["9C 9S KD", "9H"], table="9D KS KC")
    move, reason = WillughbyBot(0).explain(seat0(g))
    assert takes(move, "9D")
    assert "before somebody else does" in reason


def test_pair_against_pair_left_for_last_dc54() -> None:
    """DC-54: "the corresponding pair is on the table, leave it"."""
    g = position(PARLETT, ["KD KH 9C", "9H"], table="KS KC 9D")
    assert takes(WillughbyBot(0).choose(seat0(g)), "9D")
    g = position(PARLETT, ["KD KH"], table="KS KC")
    move, reason = WillughbyBot(0).explain(seat0(g))
    assert count(move.table) == 1  # one pair now, the other a play for a later turn
    assert "DC-54" in reason


def test_pair_royal_against_fourth_left_for_last() -> None:
    """du Coeur: a pair royal in hand with the fourth on the table: "leave it for last --
    no one else can take it"."""
    g = position(PARLETT, ["KD KH KS 9C", "9H"], table="KC 9D")
    assert takes(WillughbyBot(0).choose(seat0(g)), "9D")
    g = position(PARLETT, ["KD KH KS"], table="KC")
    assert "no one else can take it" in WillughbyBot(0).explain(seat0(g))[1]


def test_third_against_pair_left_for_last() -> None:
    """du Coeur: a third against a pair on the table: "you are guaranteed one"."""
    g = position(PARLETT, ["KD 9C", "9H"], table="KS KC 9D")
    assert takes(WillughbyBot(0).choose(seat0(g)), "9D")
    g = position(PARLETT, ["KD"], table="KS KC")
    assert "guaranteed one" in WillughbyBot(0).explain(seat0(g))[1]


def test_hold_back_until_no_alternative_parlett() -> None:
    """Parlett: two or three on the table: "hold back until you have no alternative";
    the hold-back gives way when nothing else is left, and the reason says so."""
    g = position(PARLETT, ["KD 9C", "9H"], table="KS KC 9D")
    assert "no alternative" not in WillughbyBot(0).explain(seat0(g))[1]
    g = position(PARLETT, ["KD"], table="KS KC")
    assert "no alternative" in WillughbyBot(0).explain(seat0(g))[1]


def test_fourth_against_pair_royal_take_all_three_dc18() -> None:
    """DC-18: "be sure to take all three"; held back while a simple mate is pressing."""
    g = position(PARLETT, ["KD"], table="KS KC KH")
    move, reason = WillughbyBot(0).explain(seat0(g))
    assert count(move.table) == 3
    assert "DC-18" in reason
    g = position(PARLETT, ["KD 9C", "9H"], table="KS KC KH 9D")
    assert takes(WillughbyBot(0).choose(seat0(g)), "9D")


def test_defer_simple_mate_parameter() -> None:
    """With ``defer_simple_mate`` the simple mate waits like a certain one: it is no
    longer always first."""
    g = position(PARLETT, ["7C KD KH", "7H"], table="7D KS KC")
    chosen = {WillughbyBot(s, defer_simple_mate=True).choose(seat0(g)).table for s in range(30)}
    assert any(takes(Move(CAPTURE, 0, 0, t), "KS KC") for t in chosen)


def test_lay_pairs_as_soon_as_possible_dc25() -> None:
    """DC-25: "as soon as possible": a mournival dealt into the hand is laid at once."""
    g = position(PARLETT, ["KC KD KH KS 7C"], table="7D")
    move = WillughbyBot(0).free(seat0(g))
    assert move is not None
    assert move.kind == LAY
    assert "DC-25" in hint(seat0(g)).reason


def test_claim_oversight_at_once_dc26() -> None:
    """DC-26: an oversight is claimed at once ("claim the pair instead"): in random
    hands, whenever the bot may claim and has nothing to lay, it claims."""
    seen_claims = 0
    for seed in range(300):
        g = Game.new(ruleset("reconstruction"), 4, seed=seed)
        rng = random.Random(seed)
        while not g.over:
            for seat in range(g.n):
                moves = g.free_moves(seat)
                lays = any(m.kind == LAY for m in moves)
                if not lays and any(m.kind == CLAIM for m in moves):
                    move = WillughbyBot(seed).free(Observation.of(g, seat))
                    assert move is not None
                    assert move.kind == CLAIM
                    seen_claims += 1
            free = [m for seat in range(g.n) for m in g.free_moves(seat)]
            if free and rng.random() < 0.5:  # else all pass, so oversights happen
                g.play(free[0])
            else:
                turn = g.turn_moves()
                g.play(turn[int(rng.random() * len(turn))])
    assert seen_claims > 0


def test_must_lie_down_dc27() -> None:
    """DC-27: with no mate the bot lies down, and says why."""
    g = position(PARLETT, ["7C"], table="9D")
    move, reason = WillughbyBot(0).explain(seat0(g))
    assert move.kind == LIE
    assert "DC-27" in reason


def endgame() -> Game:
    """Two players left (seat 2 holds nothing): seat 0 has a pair against a pair and
    a spare card; seat 1 cannot mate the table, so will lie down."""
    return position(PARLETT, ["KD KH 5C", "3C", ""], table="KS KC", players=3)


def test_take_four_when_last_p57() -> None:
    """P-57, Parlett's one reason to win "four at a time": the bot will be the last
    player, and the cards left go to the dealer."""
    move, reason = WillughbyBot(0, look_ahead=0).explain(seat0(endgame()))
    assert count(move.table) == 2
    assert "P-57" in reason
    off = WillughbyBot(0, take_four_when_last=False, look_ahead=0).choose(seat0(endgame()))
    assert count(off.table) == 1


def test_take_four_not_when_it_empties_the_hand_p57() -> None:
    """Taking four with nothing else in hand goes out, leaving the other player last."""
    g = position(PARLETT, ["KD KH", "3C", ""], table="KS KC", players=3)
    assert count(WillughbyBot(0, look_ahead=0).choose(seat0(g)).table) == 1


def test_stay_in_look_ahead_two_player_endgame_dc55() -> None:
    """DC-86 ("stay in as long as possible"): in the two-player endgame the look-ahead
    finds the better move even where the rules of thumb would not."""
    bot = WillughbyBot(0, take_four_when_last=False, look_ahead=12)
    move, reason = bot.explain(seat0(endgame()))
    assert count(move.table) == 2
    assert "DC-86" in reason


def test_hint_is_the_bots_explanation() -> None:
    g = position(PARLETT, ["7C KD KH", "7H"], table="7D KS KC")
    h = hint(seat0(g))
    assert (h.move, h.reason) == WillughbyBot(0).explain(seat0(g))


# --------------------------------------------------------------- legality and strength


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bot_never_makes_an_illegal_move(preset: str) -> None:
    """Every preset, every player count it plays: Game.play raises on an illegal move."""
    rules = PRESETS[preset]
    for players in sorted(rules.players):
        for seed in range(15):
            table = [
                WillughbyBot(seed + s, defer_simple_mate=bool(s % 2), look_ahead=4 * (s % 3))
                for s in range(players)
            ]
            g = run(Game.new(rules, players, seed=seed), table)
            assert g.over


def test_willughby_beats_random_and_matches_the_old_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded, so deterministic: 2,000 Parlett hands each. One bot against four random
    bots: measured 1.566 +- 0.081 stakes per hand (new), 1.507 +- 0.081 (old), the
    random bots -0.25 to -0.52. Head to head (new, old, new, old, random): the new
    bots 0.60 and 0.17, the old 0.24 and 0.18."""
    monkeypatch.setitem(bots.BOTS, "old_willughby", OldWillughbyBot)
    new = play_tournament(PARLETT, ["willughby"] + ["random"] * 4, 2000, 7, workers=1)
    old = play_tournament(PARLETT, ["old_willughby"] + ["random"] * 4, 2000, 7, workers=1)
    n, o = new.by_bot[0], old.by_bot[0]
    randoms = [t.mean_net for t in new.by_bot[1:]]
    assert n.mean_net - max(randoms) > 1.0
    assert n.mean_net >= o.mean_net - (n.standard_error + o.standard_error)
    mixed = ["willughby", "old_willughby", "willughby", "old_willughby", "random"]
    by_bot = play_tournament(PARLETT, mixed, 2000, 7, workers=1).by_bot
    assert by_bot[0].mean_net + by_bot[2].mean_net > by_bot[1].mean_net + by_bot[3].mean_net


def test_the_random_bot_reads_the_moves_it_is_offered() -> None:
    """It reads its two fields by position (for speed): they are the moves offered,
    and it picks among them as pick_turn and pick_free do."""
    from lld.bots import random_bot

    fields = Observation._fields
    assert fields[random_bot._TURN_MOVES] == "turn_moves"
    assert fields[random_bot._FREE_MOVES] == "free_moves"
    game = Game.new(PARLETT, 5, 3)
    checked = 0
    while not game.over:
        seat = game.to_play
        seen = Observation.of(game, seat)
        for s in range(5):
            if game.free_moves(s):
                o = Observation.of(game, s)
                got = random_bot.RandomBot(s).free(o)
                assert got == random_bot.pick_free(o.free_moves, random.Random(s).random)
                checked += 1
        move = random_bot.RandomBot(seat).choose(seen)
        assert move == random_bot.pick_turn(seen.turn_moves, random.Random(seat).random)
        game.play(move)
        checked += 1
    assert checked > 10

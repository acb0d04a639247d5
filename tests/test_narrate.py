"""The hands told in plain words (lld.narrate): a sentence for every kind of event,
players counted from 1 or named, every card of a move named in its sentence."""

from __future__ import annotations

import re

import pytest

import lld
from lld.cards import format_cards, iter_cards, parse_cards
from lld.demonstrate import examples_directory
from lld.errors import Cited, Reason
from lld.events import Event
from lld.kinds import EventKind
from lld.narrate import Table, card_name, cards_phrase, table_of
from lld.record import load_record


@pytest.mark.parametrize("kind", list(EventKind))
def test_every_kind_of_event_has_a_sentence(kind: EventKind) -> None:
    table = Table(players=4, dealer=3)
    sentence = table.event(Event("R1", 0, kind, parse_cards("5C"), parse_cards("5H"), 2))
    assert sentence[0].isupper()
    assert sentence.endswith(".")
    assert "seat" not in sentence  # players are named, never numbered from 0
    assert not re.search(r"\b[2-9TJQKA][CDHS]\b", sentence)  # no notation


def test_players_are_counted_from_one_or_named() -> None:
    assert [Table(3, 0).plain_name(s) for s in range(3)] == ["Player 1", "Player 2", "Player 3"]
    assert Table(3, 0).name(0) == "Player 1 (the dealer)"
    assert Table(3, 2).name(0) == "Player 1 (eldest)"
    assert table_of(3, 0, ("Anne", "Bob", "Cat")).name(2) == "Cat"
    assert table_of(3, 0, ("Anne", "Bob")).plain_name(1) == "Player 2"  # names incomplete


def test_cards_are_named_in_words() -> None:
    assert card_name(0) == "the ace of clubs"
    assert card_name(51) == "the king of spades"
    assert cards_phrase(parse_cards("6C 6D 6H 6S")) == (
        "the mournival of sixes (clubs, diamonds, hearts, spades)"
    )
    assert cards_phrase(parse_cards("TC TH")) == "the pair of tens (clubs, hearts)"


def test_each_move_of_every_example_hand_names_its_cards() -> None:
    directory = examples_directory()
    assert directory is not None
    told = 0
    for path in sorted(directory.glob("*.lld")):
        rec = load_record(str(path))
        played = lld.steps(rec)
        if not played:
            continue
        table = table_of(rec.players, played[0].before.dealer, rec.seats)
        for step in played:
            first = step.events[0]
            put_down = step.after.lie_downs[step.seat]
            sentence = table.event(first, put_down)
            assert sentence.startswith(table.name(step.seat)), sentence
            moved = first.hand | first.table | (put_down if first.kind == "lie" else 0)
            for card in iter_cards(moved):
                name = card_name(card).removeprefix("the ")
                rank, suit = name.split(" of ")
                assert name in sentence or (rank in sentence and suit in sentence), (
                    path.name, str(step.move), sentence,
                )  # fmt: skip
            told += 1
    assert told > 100


# ------------------------------------------------------------------ replays under other readings


def _refused(game: lld.Game, move: str) -> lld.IllegalMoveError:
    with pytest.raises(lld.IllegalMoveError) as refused:
        game.check(lld.Move.parse(move))
    return refused.value


def test_a_refused_move_s_reason_is_told_in_a_reader_s_words() -> None:
    """A refusal keeps the seats, cards and rulings it names apart from its words
    (``IllegalMoveError.why``): the engine's text and a reader's are both filled
    in from them, and nothing reads them back out of the engine's text."""
    game = lld.Game.new(lld.ruleset("parlett"), players=4, seed=1)
    names = ("Anne", "Bob", "Cat", "Dan")
    table = Table(4, game.dealer, names=names)
    now, other = game.to_play, (game.to_play + 1) % 4
    turn = _refused(game, f"{other}: lie")
    assert turn.reason == f"it is seat {now}'s turn, not seat {other}'s"
    assert str(turn.why) == turn.reason
    assert table.refusal(turn.why) == f"it is {names[now]}'s turn, not {names[other]}'s"
    # A rank with no card on the table: a claim of two of it names cards not there.
    rank = next(r for r in range(13) if not game.table >> (4 * r) & 15)
    pair = 3 << (4 * rank)
    absent = _refused(game, f"{now}: claim {format_cards(pair)}")
    assert absent.reason == f"{format_cards(pair)} is not on the table"
    assert Table(4, game.dealer).refusal(absent.why) == f"{cards_phrase(pair)} is not on the table"
    stranger = _refused(game, "7: lie")
    assert stranger.reason == "there is no seat 7 at a table of 4"
    assert table.refusal(stranger.why) == "there is no Player 8 at a table of 4"
    cited = Cited(("R19", "R39"), "dead_pair_trigger=other_pair_won")
    why = Reason.of("laid only so ({cited})", cited=cited)
    assert str(why) == "laid only so (R19 with R39, dead_pair_trigger=other_pair_won)"
    assert Table(4, 0).refusal(why) == "laid only so (R19 with R39)"
    # A reason without places is its words, for a program and a reader alike.
    assert Table(4, 0).refusal(Reason("the hand is over")) == "the hand is over"


def test_a_result_says_who_wins_and_loses_the_last_player_and_the_pot() -> None:
    table = Table(4, 0)
    assert table.result((0, 0, 0, 0), 2, 0) == (
        "nobody wins or loses; Player 3 is the last player left in; the pot is empty"
    )
    assert table.result((-1, 1, 0, 0), None, 2) == (
        "Player 1 loses 1 stake, Player 2 wins 1; nobody is left in last;"
        " 2 stakes are left in the pot"
    )
    assert table.result((3, -1, -1, -1), 0, -1).endswith("the pot is 1 stake short")
    short = Event("R31", None, EventKind.POT_LEFT, 0, 0, -2)
    assert table.event(short) == "The pot is 2 stakes short."


def test_every_kind_of_replay_is_told_without_the_engine_s_words() -> None:
    """Each kind of :func:`lld.replay_under` outcome is told in sentences: players
    from 1, the kind's name and option identifiers never shown."""
    from lld.replay import replay_under

    directory = examples_directory()
    assert directory is not None
    cases: dict[str, tuple[str, dict[str, str | None]]] = {
        "plays_through": ("r22-lie-down-by-choice.lld", {}),
        "illegal": ("r22-lie-down-by-choice.lld", {"lie_down": "forced"}),
        "ends_early": ("r28-last-player-one-more-turn.lld", {"last_player_turn": "none"}),
        "unfinished": ("r28-last-player-no-more-turn.lld", {"last_player_turn": "one_more"}),
        "no_game": ("r05-three-players.lld", {"deal_3": None}),
    }
    told = {}
    for kind, (name, options) in cases.items():
        rec = load_record(str(directory / name))
        outcome = replay_under(rec, **options)
        assert outcome.kind == kind
        table = table_of(rec.players, rec.deal().dealer, rec.seats)
        told[kind] = table.outcome(outcome, rec.move_list)
    for kind, text in told.items():
        assert not re.search(r"\bseat \d|_|=|`|\billegal\b", text), (kind, text)
    assert told["plays_through"].startswith("Plays to the end: ")
    assert told["illegal"] == (
        "Stops at move 1 (Player 1 lies down): not allowed here, because a player who can"
        " capture must do so (R22)."
    )
    assert told["ends_early"].startswith(
        "The hand is over sooner, after move 7 (Player 4 lies down), with 1 move of the record"
        " unplayed: "
    )
    assert told["unfinished"] == (
        "Every move is allowed, but the hand is not over after the last one:"
        " Player 3 still has to play."
    )
    assert told["no_game"] == "No game: this reading has no game for 3 players."

"""The hands told in plain words (lld.narrate): a sentence for every kind of event,
players counted from 1 or named, every card of a move named in its sentence."""

from __future__ import annotations

import re

import pytest

import lld
from lld.cards import iter_cards, parse_cards
from lld.demonstrate import examples_directory
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

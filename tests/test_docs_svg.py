"""The SVG cards (lld.svg): well-formed, named for screen readers, legible without colour."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from lld import svg
from lld.cards import NUM_CARDS, format_card, parse_cards
from lld.errors import NotationError

NS = {"svg": "http://www.w3.org/2000/svg"}


def _parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


@pytest.mark.parametrize("card", range(NUM_CARDS))
def test_every_card_is_well_formed_svg_with_its_name(card: int) -> None:
    root = _parse(svg.card(card))
    name = svg.card_name(card)
    assert root.get("role") == "img"
    assert root.get("aria-label") == name
    assert root.find("svg:title", NS) is not None
    assert root.find("svg:title", NS).text == name  # type: ignore[union-attr]


def test_card_names_read_as_words() -> None:
    assert svg.card_name("7H") == "seven of hearts"
    assert svg.card_name("TC") == "ten of clubs"
    assert svg.card_name("KS") == "king of spades"
    assert svg.card_name(0) == "ace of clubs"


def test_rank_is_written_on_the_card() -> None:
    texts = [t.text for t in _parse(svg.card("TD")).iter("{http://www.w3.org/2000/svg}text")]
    assert "10" in texts
    assert "10D" in texts  # the corner names the suit in a letter too, for print


def test_red_suits_are_outlined_and_black_suits_filled() -> None:
    """Told apart in black-and-white print: red suits are drawn as outlines."""
    for card, outlined in (("7H", True), ("7D", True), ("7S", False), ("7C", False)):
        paths = _parse(svg.card(card)).iter("{http://www.w3.org/2000/svg}path")
        styles = [p.get("style", "") for p in paths]
        assert styles
        assert all(("stroke:" in s) is outlined for s in styles), (card, styles)


def test_colours_are_css_variables_with_fallbacks() -> None:
    """Pages restyle the cards (dark mode, print); notebooks get the fallbacks."""
    markup = svg.row(["7H", "QS"], hidden=1)
    colours = re.findall(r"(?:fill|stroke):([^;\"]+)", markup)
    assert colours
    assert all(c.startswith("var(--lld-card-") or c == "none" for c in colours), colours


def test_row_names_every_card_in_order() -> None:
    root = _parse(svg.row(parse_cards("7C 7H")))
    assert root.get("aria-label") == "seven of clubs, seven of hearts"
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert titles == ["seven of clubs, seven of hearts", "seven of clubs", "seven of hearts"]


def test_row_grows_with_its_cards() -> None:
    widths = [float(_parse(svg.row(["AS"] * n)).get("width", "0")) for n in (1, 2, 5)]
    assert widths[0] < widths[1] < widths[2]


def test_face_down_pile_shows_and_says_its_size() -> None:
    root = _parse(svg.face_down(12))
    assert root.get("aria-label") == "twelve cards face down"
    assert "12" in [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert _parse(svg.face_down(1)).get("aria-label") == "one card face down"
    assert _parse(svg.face_down(40)).get("aria-label") == "40 cards face down"


def test_row_with_hidden_cards_says_how_many() -> None:
    root = _parse(svg.row([], hidden=3))
    assert root.get("aria-label") == "three cards face down"


def test_notebooks_draw_an_svg() -> None:
    drawing = svg.card("QD")
    assert drawing._repr_svg_() == str(drawing)
    assert drawing.startswith("<svg")


def test_a_bad_card_is_a_notation_error() -> None:
    with pytest.raises(NotationError):
        svg.card("1X")


def test_every_card_draws_differently() -> None:
    assert len({svg.card(format_card(c)) for c in range(NUM_CARDS)}) == NUM_CARDS


def test_a_board_is_labelled_in_one_sentence_per_row() -> None:
    """A position's drawing is labelled with its text alternative, its rows joined
    by semicolons after the heading's colon (not "position:; Seat 0")."""
    from html import unescape

    from lld.drawing import board_html, board_text
    from lld.game import Game
    from lld.observation import Observation
    from lld.position import Position
    from lld.presets import ruleset

    game = Game.new(ruleset("parlett"), players=3, seed=2)
    for view, head in (
        (Position.of(game), "The whole position: "),
        (Observation.of(game, 1), "What seat 1 can see: "),
    ):
        label = unescape(re.search(r'aria-label="([^"]*)"', board_html(view)).group(1))  # type: ignore[union-attr]
        assert label.startswith(head + "Seat 0"), label
        assert ":;" not in label
        assert label == board_text(view).replace(":\n", ": ", 1).replace("\n", "; ")

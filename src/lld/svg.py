"""Playing cards drawn as SVG, with nothing but the standard library.

The site draws its cards with these functions at build time, and a notebook
shows them as they are: each function returns an :class:`Svg`, a ``str`` that
notebooks render (``_repr_svg_``). Every drawing carries its own text
alternative (``role="img"``, ``aria-label`` and a ``<title>``).

Legibility without colour: the suits differ by shape, each card also names its
rank in text, and the red suits are drawn outlined while the black ones are
filled, so hearts and diamonds stay apart from spades and clubs in black-and-white
print. The colours are CSS custom properties with fallbacks, so a page can
restyle them (``--lld-card-face``, ``--lld-card-ink``, ``--lld-card-red``,
``--lld-card-back``); a card's face stays light in dark mode, like a real card.

>>> svg = card("7H")
>>> 'aria-label="seven of hearts"' in svg, "<title>seven of hearts</title>" in svg
(True, True)
>>> card_name("TS"), card_name("AD")
('ten of spades', 'ace of diamonds')
>>> 'aria-label="three cards face down"' in face_down(3)
True
>>> 'aria-label="queen of clubs, two of spades"' in row(["QC", "2S"])
True
>>> 'aria-label="no cards"' in row([])
True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from lld.cards import SUITS, format_card, iter_cards, parse_card, rank_of, suit_of

__all__ = [
    "CARD_HEIGHT", "CARD_WIDTH", "Svg", "card", "card_id", "card_name", "defs", "face_down", "row",
    "use_row",
]  # fmt: skip

#: A card's size in SVG user units (the ratio of a real card, 63 by 88 mm).
CARD_WIDTH = 60
CARD_HEIGHT = 84
#: How far apart the cards of a row stand, and the gap around them.
_STEP = CARD_WIDTH + 6
_PAD = 2

_RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king",
)  # fmt: skip
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_COUNT_WORDS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
)  # fmt: skip

# Suit shapes in a 10 by 10 box.
_SUIT_PATHS = (
    # clubs: three leaves and a stem
    "M5 0.6a2.3 2.3 0 1 1-.01 0ZM2.6 3.9a2.3 2.3 0 1 1-.01 0ZM7.4 3.9a2.3 2.3 0 1 1-.01 0Z"
    "M4.4 6 3.5 9.7h3L5.6 6Z",
    # diamonds
    "M5 .3 9 5 5 9.7 1 5Z",
    # hearts
    "M5 9.2C1 6 0 4.2.6 2.6 1.3.8 4 .5 5 2.8 6 .5 8.7.8 9.4 2.6 10 4.2 9 6 5 9.2Z",
    # spades
    "M5 .6C9 3.8 10 5.6 9.4 7.2 8.7 9 6 9.2 5.4 7.2L6.3 9.7H3.7L4.6 7.2C4 9.2 1.3 9 .6 7.2"
    " 0 5.6 1 3.8 5 .6Z",
)
_RED = frozenset({1, 2})  # diamonds, hearts

_FACE = "var(--lld-card-face, #fffdf7)"
_INK = "var(--lld-card-ink, #1b1b1b)"
_RED_INK = "var(--lld-card-red, #b3122a)"
_BACK = "var(--lld-card-back, #2f4f7f)"
_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"


class Svg(str):
    """SVG markup; a notebook draws it (``_repr_svg_``), ``str`` gives the markup."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def _card_int(c: int | str) -> int:
    return parse_card(c) if isinstance(c, str) else c


def card_name(c: int | str) -> str:
    """The card in words: ``"7H"`` is ``"seven of hearts"``."""
    n = _card_int(c)
    return f"{_RANK_NAMES[rank_of(n)]} of {_SUIT_NAMES[suit_of(n)]}"


def _count_words(n: int) -> str:
    return _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)


def _suit(suit: int, x: float, y: float, size: float) -> str:
    scale = size / 10
    if suit in _RED:
        # Outlined: red suits stay apart from black ones without colour.
        paint = f'style="fill:{_FACE};stroke:{_RED_INK}" stroke-width="{1.4 / scale:.2f}"'
    else:
        paint = f'style="fill:{_INK}"'
    return (
        f'<path transform="translate({x:g} {y:g}) scale({scale:g})" '
        f'd="{_SUIT_PATHS[suit]}" {paint}/>'
    )


def _face(c: int, x: float) -> str:
    rank, suit = rank_of(c), suit_of(c)
    ink = _RED_INK if suit in _RED else _INK
    label = _RANK_LABELS[rank]
    name = card_name(c)
    size = 15 if len(label) == 1 else 13
    return (
        f'<g transform="translate({x:g} {_PAD})"><title>{name}</title>'
        f'<rect x=".5" y=".5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="5" '
        f'style="fill:{_FACE};stroke:{_INK}" stroke-width="1"/>'
        f'<text x="5" y="17" font-family="{_FONT}" font-size="{size}" font-weight="700" '
        f'style="fill:{ink}">{label}</text>'
        + _suit(suit, 5, 21, 9)
        + _suit(suit, 17, 32, 26)
        + f'<text x="{CARD_WIDTH - 5}" y="{CARD_HEIGHT - 6}" text-anchor="end" '
        f'font-family="{_FONT}" font-size="{size}" font-weight="700" '
        f'style="fill:{ink}">{label}{SUITS[suit]}</text>'
        "</g>"
    )


def _back(x: float, count: int | None) -> str:
    stripes = "".join(
        f'<line x1="{i}" y1="6" x2="{i - 18}" y2="{CARD_HEIGHT - 6}"/>' for i in range(24, 78, 6)
    )
    label = ""
    if count is not None:
        label = (
            f'<circle cx="{CARD_WIDTH / 2:g}" cy="{CARD_HEIGHT / 2:g}" r="13" '
            f'style="fill:{_FACE};stroke:{_INK}"/>'
            f'<text x="{CARD_WIDTH / 2:g}" y="{CARD_HEIGHT / 2 + 5:g}" text-anchor="middle" '
            f'font-family="{_FONT}" font-size="14" font-weight="700" '
            f'style="fill:{_INK}">{count}</text>'
        )
    return (
        f'<g transform="translate({x:g} {_PAD})">'
        f'<rect x=".5" y=".5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="5" '
        f'style="fill:{_FACE};stroke:{_INK}" stroke-width="1"/>'
        f'<rect x="5" y="5" width="{CARD_WIDTH - 10}" height="{CARD_HEIGHT - 10}" rx="3" '
        f'style="fill:none;stroke:{_BACK}" stroke-width="1.5"/>'
        f'<svg x="5" y="5" width="{CARD_WIDTH - 10}" height="{CARD_HEIGHT - 10}" '
        f'viewBox="5 5 {CARD_WIDTH - 10} {CARD_HEIGHT - 10}">'
        f'<g style="stroke:{_BACK}" stroke-width="1.5">{stripes}</g></svg>'
        f"{label}</g>"
    )


def _svg(width: float, label: str, body: str, css_class: str) -> Svg:
    height = CARD_HEIGHT + 2 * _PAD
    text = escape(label)
    return Svg(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" role="img" '
        f'aria-label="{text}" viewBox="0 0 {width:g} {height}" '
        f'width="{width:g}" height="{height}"><title>{text}</title>{body}</svg>'
    )


def card(c: int | str) -> Svg:
    """One card, face up: ``card("7H")`` or ``card(26)``."""
    n = _card_int(c)
    return _svg(CARD_WIDTH + 2 * _PAD, card_name(n), _face(n, _PAD), "lld-card")


def face_down(count: int | None = None) -> Svg:
    """A face-down card; with ``count``, a pile of that many, its size written on it.

    >>> "12" in face_down(12) and 'aria-label="twelve cards face down"' in face_down(12)
    True
    >>> 'aria-label="a card face down"' in face_down()
    True
    """
    if count is None:
        label = "a card face down"
    else:
        label = f"{_count_words(count)} card{'' if count == 1 else 's'} face down"
    return _svg(CARD_WIDTH + 2 * _PAD, label, _back(_PAD, count), "lld-card lld-card-back")


def _row_label(numbers: list[int], hidden: int) -> str:
    names = [card_name(n) for n in numbers]
    if hidden:
        down = f"{_count_words(hidden)} card{'' if hidden == 1 else 's'} face down"
        names.append(f"and {down}" if names else down)
    return ", ".join(names) if names else "no cards"


def row(cards: Iterable[int | str] | int, hidden: int = 0) -> Svg:
    """Cards side by side: a list of cards or a card mask, then ``hidden`` face down.

    >>> from lld.cards import parse_cards
    >>> row(parse_cards("7H 7C")).count("<title>")  # the row's, then each card's
    3
    >>> 'aria-label="seven of clubs, and two cards face down"' in row(["7C"], hidden=2)
    True
    """
    if isinstance(cards, int):
        cards = [format_card(c) for c in iter_cards(cards)]
    numbers = [_card_int(c) for c in cards]
    label = _row_label(numbers, hidden)
    body = "".join(_face(n, _PAD + i * _STEP) for i, n in enumerate(numbers))
    body += "".join(_back(_PAD + (len(numbers) + i) * _STEP, None) for i in range(hidden))
    slots = max(len(numbers) + hidden, 1)
    width = 2 * _PAD + (slots - 1) * _STEP + CARD_WIDTH
    return _svg(width, label, body, "lld-cards")


# ------------------------------------------------------------------ shared drawings

#: The id of the face-down card among :func:`defs`.
BACK_ID = "lld-card-back"


def card_id(c: int | str) -> str:
    """The id of a card's drawing among :func:`defs`: ``"7H"`` is ``"lld-card-7H"``."""
    return f"lld-card-{format_card(_card_int(c))}"


def defs(cards: Iterable[int | str] | int, back: bool = True) -> Svg:
    """Each card drawn once, for :func:`use_row` to refer to: put it once in a page.

    Only the cards given are drawn, so a page that shows one seat's view names
    no card that seat cannot see.

    >>> d = defs(["7H"], back=False)
    >>> 'id="lld-card-7H"' in d, "seven of hearts" in d, "lld-card-back" in d
    (True, True, False)
    """
    if isinstance(cards, int):
        cards = list(iter_cards(cards))
    numbers = sorted({_card_int(c) for c in cards})
    body = "".join(f'<g id="{card_id(n)}">{_face(n, 0)}</g>' for n in numbers)
    if back:
        body += f'<g id="{BACK_ID}">{_back(0, None)}</g>'
    return Svg(
        '<svg xmlns="http://www.w3.org/2000/svg" class="lld-card-defs" width="0" height="0" '
        f'aria-hidden="true" style="position:absolute"><defs>{body}</defs></svg>'
    )


def use_row(cards: Iterable[int | str] | int, hidden: int = 0) -> Svg:
    """:func:`row`, each card a reference to its drawing in the page's :func:`defs`
    (a few dozen bytes a card instead of a kilobyte), with the same text alternative.

    >>> r = use_row(["7H"], hidden=1)
    >>> 'href="#lld-card-7H"' in r, 'aria-label="seven of hearts, and one card face down"' in r
    (True, True)
    """
    if isinstance(cards, int):
        cards = list(iter_cards(cards))
    numbers = [_card_int(c) for c in cards]
    body = "".join(
        f'<use href="#{card_id(n)}" x="{_PAD + i * _STEP}"/>' for i, n in enumerate(numbers)
    )
    body += "".join(
        f'<use href="#{BACK_ID}" x="{_PAD + (len(numbers) + i) * _STEP}"/>' for i in range(hidden)
    )
    slots = max(len(numbers) + hidden, 1)
    width = 2 * _PAD + (slots - 1) * _STEP + CARD_WIDTH
    return _svg(width, _row_label(numbers, hidden), body, "lld-cards")

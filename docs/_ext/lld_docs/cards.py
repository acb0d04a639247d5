"""``{cards} 7C 7H``: cards drawn with :mod:`lld.svg`, for prose that shows a hand.

The argument is the engine's card notation (each card parsed by :func:`lld.cards.parse_card`);
``:hidden: 3`` adds face-down cards; the content, if any, is the caption.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from lld import svg
from lld.cards import parse_card
from lld.errors import NotationError

from .common import raw_html


class CardsDirective(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "hidden": directives.nonnegative_int,
    }

    def run(self) -> list[nodes.Node]:
        try:
            # In the order written: a hand reads left to right as the page says it.
            cards = [parse_card(word) for word in self.arguments[0].split()]
        except NotationError as error:
            raise self.error(f"{{cards}}: {error}") from None
        figure = nodes.container(classes=["lld-cards-figure"])
        figure += raw_html(str(svg.row(cards, hidden=self.options.get("hidden", 0))))
        if self.content:
            caption = nodes.paragraph(classes=["lld-caption"])
            self.state.nested_parse(self.content, self.content_offset, caption)
            figure += caption.children[0] if len(caption.children) == 1 else caption
        return [figure]

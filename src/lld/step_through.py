"""A hand record step by step as HTML: every step drawn whole, or as one seat saw it.

Step 0 is the deal (:func:`lld.drawing.start_html`), step ``n`` the position
after the ``n``-th move (:func:`lld.drawing.step_html`). With ``seat``, each
step is drawn from that seat's :class:`~lld.observation.Observation`: the other
hands are face-down counts, and a ``shared`` page's card drawings
(:func:`lld.drawing.card_defs`) hold only the cards the seat sees at some step.
The site's pages of example hands are this, drawn with the site's
:class:`~lld.drawing.Page`.

Here, not in :mod:`lld.drawing`: the steps and the seat's views are the
read-model's, and the read-model's classes import :mod:`lld.drawing` to draw
themselves.

>>> from lld.demonstrate import examples_directory
>>> from lld.record import load_record
>>> rec = load_record(str(examples_directory() / "r22-lie-down-by-choice.lld"))
>>> html = hand_html(rec, Page(anchors=True), seat=1)
>>> html.count('class="lld-step"'), 'id="step-0"' in html
(9, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lld.drawing import Page, View, card_defs, start_html, step_html
from lld.observation import Observation
from lld.position import Position
from lld.replay import steps

if TYPE_CHECKING:
    from lld.record.model import HandRecord

__all__ = ["hand_html"]


def hand_html(rec: HandRecord, page: Page | None = None, seat: int | None = None) -> str:
    """Every step of ``rec``, the deal first, drawn whole or as ``seat`` sees it;
    on a ``shared`` page, the drawings of the cards shown come first."""
    page = page or Page()
    played = steps(rec)
    start = played[0].before if played else Position.from_record(rec)
    positions = [start, *(s.after for s in played)]
    views: list[View] = list(positions)
    if seat is not None:
        views = [Observation.of(p.game(), seat) for p in positions]
    total = len(played)
    out = [card_defs(views)] if page.shared else []
    out.append(start_html(start, total, page, views[0]))
    out += [step_html(s, total, page, views[n]) for n, s in enumerate(played, start=1)]
    return "".join(out)

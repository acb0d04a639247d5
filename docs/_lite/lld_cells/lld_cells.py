"""Helpers for the site's in-browser cells: what the engine computes, drawn.

The engine's objects print as text and draw themselves in a notebook
(``_repr_html_``, :mod:`lld.drawing`); these draw them with every ruling linked
to its section on the site, so a reader who switches a reading sees which
rulings applied and can read their sources.

>>> rec = example("r22-lie-down-by-choice.lld")
>>> w = walk(rec)
>>> w.step.move_index, len(w) > 1
(0, True)
"""

from __future__ import annotations

from html import escape

import lld
from lld.demonstrate import examples_directory
from lld.drawing import Page, board_html, outcome_html, step_html
from lld.handout.cite import ruling_anchor
from lld.record import HandRecord, load_record
from lld.replay import Outcome, Step, record_under

__all__ = ["PAGE", "Walk", "example", "html", "ruling_link", "show", "walk"]


def _site_root() -> str:
    """The site's root address, from where the kernel runs (``<root>/lite/...``).

    Absolute, because JupyterLab rewrites relative links in outputs as paths into
    its own file browser."""
    try:
        import js  # type: ignore[import-not-found]  # Pyodide's window on the browser

        here = str(js.location.href)
    except Exception:  # not in a browser: links relative to the site's root
        return "/"
    cut = here.find("/lite/")
    return here[: cut + 1] if cut >= 0 else "/"


def ruling_link(rule: str | None) -> str:
    """``R22`` as a link to its section of the rules (the site's label ``r22``)."""
    if not rule:
        return ""
    href = f"{_site_root()}{ruling_anchor(rule)}"
    return f'<a href="{escape(href)}" target="_top">{escape(rule)}</a>'


#: How the cells draw steps and outcomes (:mod:`lld.drawing`, as a notebook and the
#: site's pages do): each ruling linked to its section of the site's rules, the
#: seats counted from 0 as the code in the cell counts them.
PAGE = Page(link=ruling_link)


def example(name: str) -> HandRecord:
    """An example hand from the site, by file name (``r22-lie-down-by-choice.lld``)."""
    directory = examples_directory()
    if directory is None or not (directory / name).exists():
        raise lld.NotFoundError(f"no example hand {name!r}")
    return load_record(str(directory / name))


def html(obj: object) -> str:
    """HTML for a step, a replay's outcome, a position or a walk."""
    if isinstance(obj, Walk):
        return obj._repr_html_()
    if isinstance(obj, Step):
        return step_html(obj, page=PAGE)
    if isinstance(obj, Outcome):
        return outcome_html(obj, PAGE)
    if isinstance(obj, (lld.Position, lld.Observation)):
        return board_html(obj)
    return f"<pre>{escape(repr(obj))}</pre>"


def show(obj: object) -> None:
    """Display ``obj`` drawn (in a notebook), or print it (elsewhere)."""
    try:
        from IPython.display import display  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        print(obj)
        return
    # A raw bundle, not IPython's HTML(...): that first asks whether the string
    # names a file, which in the browser's kernel is a round trip to the page.
    display({"text/html": html(obj)}, raw=True)


class Walk:
    """A hand stepped through: ``w.next()``, ``w.back()``, ``w.go(n)``; shows the current step."""

    def __init__(self, steps: tuple[Step, ...]) -> None:
        if not steps:
            raise lld.NotFoundError("the hand has no moves to step through")
        self.steps = steps
        self.at = 0

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def step(self) -> Step:
        return self.steps[self.at]

    def go(self, n: int) -> Walk:
        """To move ``n`` (from 1)."""
        self.at = max(0, min(len(self.steps) - 1, n - 1))
        return self

    def next(self) -> Walk:
        return self.go(self.at + 2)

    def back(self) -> Walk:
        return self.go(self.at)

    def _repr_html_(self) -> str:
        return step_html(self.step, len(self.steps), PAGE)

    def __repr__(self) -> str:
        s = self.step
        return f"move {s.move_index + 1} of {len(self)}: {s.move} ({', '.join(s.rulings)})"


def walk(rec: HandRecord, ruleset: str | None = None, **options: str | None) -> Walk:
    """Step through ``rec``, under its own rules or with a preset or options changed
    (:func:`lld.replay.record_under`: the rules :func:`lld.replay_under` replays
    it by); a move the new rules forbid raises the engine's error, naming its
    ruling and option."""
    if ruleset is not None or options:
        rec = record_under(rec, ruleset, **options)
    return Walk(lld.steps(rec))

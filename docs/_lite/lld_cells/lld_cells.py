"""Helpers for the site's in-browser cells: what the engine computes, drawn.

The engine's objects already print as text; these draw them as the site does
(SVG cards) and link every ruling to its section on the site, so a reader who
switches a reading sees which rulings applied and can read their sources.

>>> rec = example("r22-lie-down-by-choice.lld")
>>> w = walk(rec)
>>> w.step.move_index, len(w) > 1
(0, True)
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

import lld
from lld.demonstrate import examples_directory
from lld.drawing import board_html
from lld.handout.cite import ruling_anchor
from lld.record import HandRecord, load_record
from lld.replay import Outcome, Step

__all__ = ["Walk", "example", "html", "ruling_link", "show", "walk"]


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


def example(name: str) -> HandRecord:
    """An example hand from the site, by file name (``r22-lie-down-by-choice.lld``)."""
    directory = examples_directory()
    if directory is None or not (directory / name).exists():
        raise lld.NotFoundError(f"no example hand {name!r}")
    return load_record(str(directory / name))


def _rulings(rules: object) -> str:
    names = dict.fromkeys(r for r in rules if r)  # type: ignore[attr-defined]
    return ", ".join(ruling_link(r) for r in names) or "none"


def _rich(text: str) -> str:
    """The engine's one-line texts as HTML: `backticked` spans as code, as the
    site's pages show them (``lld_docs.common.rich_text``).

    >>> _rich("stops at move 1 `0: lie`: illegal")
    'stops at move 1 <code>0: lie</code>: illegal'
    """
    return "".join(
        f"<code>{escape(part)}</code>" if i % 2 else escape(part)
        for i, part in enumerate(text.split("`"))
    )


def _step_html(step: Step, total: int) -> str:
    events = "".join(f"<li>{_rich(e.describe())} ({ruling_link(e.rule)})</li>" for e in step.events)
    options = f" with <code>{escape(', '.join(step.options))}</code>" if step.options else ""
    return (
        f'<div class="lld-cell-step"><p><strong>Move {step.move_index + 1} of {total}</strong>,'
        f" seat {step.seat}: <code>{escape(str(step.move))}</code>."
        f" Rulings applied: {_rulings(step.rulings)}{options}.</p>"
        f"<ul>{events}</ul>{board_html(step.after)}</div>"
    )


def _outcome_html(outcome: Outcome) -> str:
    stop = ""
    if outcome.kind == "illegal":
        stop = (
            f"<p>Illegal under this reading: {escape(outcome.reason or '')}"
            f" ({ruling_link(outcome.rule)}, <code>{escape(outcome.option or '')}</code>).</p>"
        )
    applied = _rulings([*(e.rule for e in outcome.events), outcome.rule])
    return (
        f'<div class="lld-cell-outcome"><p><strong>{escape(outcome.kind)}</strong>:'
        f" {_rich(outcome.text)}</p>{stop}<p>Rulings applied: {applied}.</p></div>"
    )


def html(obj: object) -> str:
    """HTML for a step, a replay's outcome, a position or a walk."""
    if isinstance(obj, Walk):
        return obj._repr_html_()
    if isinstance(obj, Step):
        return _step_html(obj, obj.move_index + 1)
    if isinstance(obj, Outcome):
        return _outcome_html(obj)
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
        return _step_html(self.step, len(self.steps))

    def __repr__(self) -> str:
        s = self.step
        return f"move {s.move_index + 1} of {len(self)}: {s.move} ({', '.join(s.rulings)})"


def walk(rec: HandRecord, ruleset: str | None = None, **options: str | None) -> Walk:
    """Step through ``rec``, under its own rules or with a preset or options changed
    (as :func:`lld.replay_under` does); a move the new rules forbid raises the
    engine's error, naming its ruling and option."""
    if ruleset is not None or options:
        rec = replace(
            rec, ruleset=ruleset or rec.ruleset,
            options=tuple({**dict(rec.options), **options}.items()), result=None,
        )  # fmt: skip
    return Walk(lld.steps(rec))

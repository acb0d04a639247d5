"""A ruling as a reader sees it: the question, the readings, the words behind each,
each preset's choice, the project's reading, and what the engine does.

>>> r = ruling_report("R3")
>>> r.question
'Who deals the first hand?'
>>> [(v.value, [c.id for c in v.clauses]) for v in r.values]
[('low_cut', ['P-3']), ('high_cut', ['DC-8'])]
>>> [s.source for s in r.sources if s.silent]
['caidis', 'sympkyn']
>>> ruling_report("R1").option is None, ruling_report("R1").behaviour
(True, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lld.presets import EDITORIAL_CHOICES, PRESET_SOURCE, PRESETS

if TYPE_CHECKING:
    # Imported when a report is made: the terminal game imports this package
    # and should not pay for loading the concordance.
    from lld.concordance import Clause, Concordance
    from lld.demonstrate import Demonstration

#: Whose words a clause reports, when the flag ``reports_willughby`` is set.
WILLUGHBY = "Willughby"


@dataclass(frozen=True)
class QuotedClause:
    """A short verbatim quotation from one source, and how the project reads it."""

    id: str
    source: str
    quote: str
    #: ``supports``, ``states``, ``silent``, ``ambiguous``, ``damaged``,
    #: ``self-contradictory`` or ``witnesses``.
    reading: str
    #: The option values it gives (for ``supports``) or allows (``ambiguous``).
    values: tuple[str, ...]
    note: str
    #: The source reports Willughby's own words here (a modern author's report).
    reports_willughby: bool
    #: The clause of another source that this one repeats, if any.
    copies: str | None
    #: For a witness on another game: which game.
    game: str | None
    #: For a clause that witnesses a term: the term.
    term: str | None = None
    #: An optional rule the source offers beside its own, binding not its reading.
    variant: bool = False

    @classmethod
    def of(cls, c: Clause) -> QuotedClause:
        return cls(
            c.id, c.source, c.quote, c.reading, c.values, c.note,
            c.reports == WILLUGHBY, c.copies, c.game, c.term, c.variant,
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "source": self.source,
            "quote": self.quote,
            "reading": self.reading,
            "values": list(self.values),
            "note": self.note,
            "reports_willughby": self.reports_willughby,
            "copies": self.copies,
            "game": self.game,
            "term": self.term,
            "variant": self.variant,
        }


@dataclass(frozen=True)
class ValueReport:
    """One value of a ruling's option: what it means, the clauses behind it, who takes it."""

    value: str
    meaning: str
    #: The clauses that read ``supports`` for this value, in source order.
    clauses: tuple[QuotedClause, ...]
    #: The presets that set this value.
    presets: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "meaning": self.meaning,
            "clauses": [c.to_json() for c in self.clauses],
            "presets": list(self.presets),
        }


@dataclass(frozen=True)
class PresetValue:
    """One preset's value for the ruling's option (``None``: no game for that many players)."""

    preset: str
    #: The source the preset reads (``editorial`` for the reconstruction).
    source: str
    value: str | None
    #: The value is the project's gap-fill, not its source's words, and why.
    editorial: bool
    editorial_reason: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "source": self.source,
            "value": self.value,
            "editorial": self.editorial,
            "editorial_reason": self.editorial_reason,
        }


@dataclass(frozen=True)
class SourceWords:
    """Everything one source says on the ruling; ``silent`` when it says nothing."""

    source: str
    clauses: tuple[QuotedClause, ...]

    @property
    def silent(self) -> bool:
        return not self.clauses

    @property
    def shown(self) -> tuple[QuotedClause, ...]:
        """The clauses a reader is shown on the ruling: all of them, except a book on
        other games' practices (Crowe's Brag and Piquet are no evidence for this
        game); the terms it witnesses are shown."""
        return tuple(c for c in self.clauses if c.game is None or c.term is not None)

    @property
    def speaks(self) -> bool:
        """Whether the source says something on the ruling: a clause shown that does
        more than touch the question without settling it."""
        return any(c.reading != "silent" for c in self.shown)

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "silent": self.silent,
            "clauses": [c.to_json() for c in self.clauses],
        }


@dataclass(frozen=True)
class RulingReport:
    """One ruling of the registry, with the sources' words and the engine's behaviour.

    A ruling without an option (every preset plays it alike) has no ``values``
    and no ``presets``, and ``behaviour`` is ``None``. For one with an
    option, ``behaviour`` holds one :class:`~lld.demonstrate.Demonstration` per
    example that demonstrates it (empty if there is none).
    """

    id: str
    title: str
    question: str
    option: str | None
    values: tuple[ValueReport, ...]
    presets: tuple[PresetValue, ...]
    #: Every source in the project's order, silent ones included.
    sources: tuple[SourceWords, ...]
    #: The project's reading, and its reasons.
    reading: str
    reasons: str
    behaviour: tuple[Demonstration, ...] | None

    def source(self, source: str) -> SourceWords:
        return next(s for s in self.sources if s.source == source)

    def preset(self, name: str) -> PresetValue:
        return next(p for p in self.presets if p.preset == name)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "question": self.question,
            "option": self.option,
            "values": [v.to_json() for v in self.values],
            "presets": [p.to_json() for p in self.presets],
            "sources": [s.to_json() for s in self.sources],
            "reading": self.reading,
            "reasons": self.reasons,
            "behaviour": None if self.behaviour is None else [d.as_dict() for d in self.behaviour],
        }


def ruling_report(
    ruling_id: str,
    concordance: Concordance | None = None,
    examples: Path | None = None,
) -> RulingReport:
    """The report on one ruling (``R14``, ``r14`` or ``14``).

    ``concordance`` defaults to :func:`lld.concordance.load`; ``examples`` is the
    folder of example hands (default: :func:`lld.demonstrate.examples_directory`).
    An unknown ID raises :class:`~lld.errors.RulesetError`.
    """
    from lld.concordance import SOURCE_IDS, load
    from lld.demonstrate import demonstrate

    conc = concordance if concordance is not None else load()
    r = conc.ruling(ruling_id)
    sources = tuple(
        SourceWords(s, tuple(QuotedClause.of(c) for c in conc.clauses_for(r.id, s)))
        for s in SOURCE_IDS
    )
    if r.option is None:
        return RulingReport(
            r.id, r.title, r.question, None, (), (), sources, r.reading, r.reasons, None
        )
    option = r.option
    # Every option of the registry is a Ruleset field (options_from_registry checks).
    chosen: dict[str, str | None] = {
        name: getattr(rules, option) for name, rules in PRESETS.items()
    }
    reasons = EDITORIAL_CHOICES
    values = tuple(
        ValueReport(
            o.value,
            o.meaning,
            tuple(QuotedClause.of(c) for c in conc.supporting(r.id, o.value)),
            tuple(name for name, v in chosen.items() if v == o.value),
        )
        for o in r.options
    )
    presets = tuple(
        PresetValue(
            name,
            PRESET_SOURCE[name],
            value,
            (name, option) in reasons,
            reasons.get((name, option)),
        )
        for name, value in chosen.items()
    )
    behaviour = tuple(demonstrate(r.id, examples))
    return RulingReport(
        r.id, r.title, r.question, option, values, presets, sources, r.reading,
        r.reasons, behaviour,
    )  # fmt: skip

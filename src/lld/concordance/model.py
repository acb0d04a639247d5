"""What the concordance holds: sources, their relations and clauses, the rulings
registry and the published IDs, as immutable records; and the vocabulary of
the data (source IDs, clause prefixes, readings, kinds of relation).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from lld.errors import NotFoundError, shown

#: The sources, in the project's order (the same as ``lld.ruleset.SOURCES``).
SOURCE_IDS: tuple[str, ...] = ("du-coeur", "parlett", "caidis", "sympkyn", "crowe")
#: Clause ID prefix for each source: ``DC-12`` is du Coeur's twelfth clause.
PREFIXES: dict[str, str] = {
    "du-coeur": "DC",
    "parlett": "P",
    "caidis": "CC",
    "sympkyn": "S",
    "crowe": "CR",
}
#: How a clause bears on its rulings.
#:
#: ``supports``: gives the option value(s) in ``value`` (rulings with an engine option);
#: ``states``: states the rule (rulings without an option);
#: ``silent``: touches the question without settling it;
#: ``ambiguous``: can be read more than one way (``value`` may list the readings);
#: ``damaged``: the text that bore on it is lost in this copy;
#: ``self-contradictory``: conflicts with another clause of the same source
#: (``value`` may give what this clause alone would say);
#: ``advises``: gives strategy advice, bearing on no ruling, which the
#: ``willughby`` bot follows (``advice`` names its rules of thumb and parameters);
#: ``witnesses``: gives the meaning of a term (``term`` names it) or, from a book
#: on other games (``game``), a practice of those games: it states no rule of
#: this game and gives no value. Every clause of a book on other games reads so.
READINGS: tuple[str, ...] = (
    "supports",
    "states",
    "silent",
    "ambiguous",
    "damaged",
    "self-contradictory",
    "advises",
    "witnesses",
)
#: How one source relates to another.
RELATION_KINDS: tuple[str, ...] = ("copies", "adapts", "cites")


@dataclass(frozen=True)
class Source:
    """One source text, as it describes itself (our summary in ``notes``)."""

    id: str
    author: str
    title: str
    based_on: str
    collection: str | None = None
    date: str | None = None
    version: str | None = None
    address: str | None = None
    notes: str | None = None
    #: The author as BibTeX reads a name ("Last, First"), so that a bibliography
    #: sorts by surname; None keeps the name whole (a byname such as "of the Moor").
    bibtex_author: str | None = None
    #: Where the text can be read on the web, if we found it there: the address
    #: of the page whose text is the copy quoted here.
    url: str | None = None
    #: The day (ISO 8601) the page at ``url`` was checked against our copy: a
    #: bibliography's "accessed" date.
    accessed: str | None = None
    #: Where, as we read the text, its own label and its content disagree.
    mismatches: tuple[LabelMismatch, ...] = ()


@dataclass(frozen=True)
class LabelMismatch:
    """A place where a source's label and its content disagree, as we read it:
    ``label`` and ``content`` are its words (verbatim, short), ``explanation``
    ours, and ``clauses`` those the reading rests on."""

    clauses: tuple[str, ...]
    label: str
    content: str
    explanation: str


@dataclass(frozen=True)
class Relation:
    """``source`` copies, adapts or cites ``to``; ``quote`` is from ``source``."""

    source: str
    to: str
    kind: str
    evidence: str
    quote: str | None = None


@dataclass(frozen=True)
class Clause:
    """A short verbatim quotation from one source, read against rulings."""

    source: str
    id: str
    quote: str
    rulings: tuple[str, ...]
    reading: str
    note: str
    values: tuple[str, ...] = ()
    #: Whose words the source reports ("Willughby"), where it reports them.
    reports: str | None = None
    #: The clause of another source that this one repeats (nearly) word for word.
    copies: str | None = None
    #: For a witness on another game (Crowe): which game the words are about.
    game: str | None = None
    where: str = field(default="", compare=False)
    #: For an ``advises`` clause: the ``willughby`` bot's rules of thumb and
    #: parameters that follow it (see :mod:`lld.bots.willughby`).
    advice: tuple[str, ...] = ()
    #: For a ``witnesses`` clause that gives a term's meaning: the term.
    term: str | None = None
    #: An optional rule the source offers beside its own ("in some versions"):
    #: its value is the variant's, for those who play it, and does not bind the
    #: source's reading, which plays the source's own rules.
    variant: bool = False

    @property
    def value(self) -> str | None:
        """The single value this clause gives, or ``None``."""
        return self.values[0] if len(self.values) == 1 else None

    @property
    def independent(self) -> bool:
        """Whether this is a witness of its own on the game itself: not a copy of
        another source's words, and not about another game."""
        return self.copies is None and self.game is None

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready view."""
        out: dict[str, object] = {
            "source": self.source,
            "id": self.id,
            "quote": self.quote,
            "rulings": list(self.rulings),
            "reading": self.reading,
            "value": list(self.values) if len(self.values) > 1 else self.value,
            "note": self.note,
        }
        for key in ("reports", "copies", "game", "term"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.advice:
            out["advice"] = list(self.advice)
        if self.variant:
            out["variant"] = True
        return out


@dataclass(frozen=True)
class OptionValue:
    """One value of a ruling's option: its meaning in plain words, the same in a
    few words that fit a table cell (``short``), and, where the engine needs more,
    what the engine does under it (``engine``)."""

    value: str
    meaning: str
    short: str
    engine: str | None = None


@dataclass(frozen=True)
class Ruling:
    """One ruling of the registry, with the clauses each source has on it."""

    id: str
    title: str
    question: str
    option: str | None
    options: tuple[OptionValue, ...]
    reading: str
    reasons: str
    #: (source, clause IDs) for every source; no IDs means the source is silent.
    source_clauses: tuple[tuple[str, tuple[str, ...]], ...]
    where: str = field(default="", compare=False)
    #: The name the engine's code knows the ruling by: its option, or its
    #: registry ``key`` where it has none (see :func:`lld.concordance.ruling_id`).
    key: str = ""

    @property
    def sources(self) -> dict[str, tuple[str, ...]]:
        return dict(self.source_clauses)

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(o.value for o in self.options)

    def is_silent(self, source: str) -> bool:
        return not self.sources[source]


@dataclass(frozen=True)
class Published:
    id: str
    question: str
    sha256: str
    where: str = field(default="", compare=False)


def question_hash(question: str) -> str:
    """The SHA-256 of a ruling's question, as recorded in ``published.toml``."""
    return hashlib.sha256(question.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Concordance:
    """Everything in ``sources/``, checked. Build it with :func:`load`."""

    directory: Path
    sources: tuple[Source, ...]
    relations: tuple[Relation, ...]
    clauses: tuple[Clause, ...]
    rulings: tuple[Ruling, ...]
    published: tuple[Published, ...]

    def source(self, source_id: str) -> Source:
        for s in self.sources:
            if s.id == source_id:
                return s
        raise NotFoundError(f"unknown source {source_id!r} (known: {', '.join(SOURCE_IDS)})")

    def clause(self, clause_id: str) -> Clause:
        for c in self.clauses:
            if c.id == clause_id:
                return c
        raise NotFoundError(f"unknown clause {clause_id!r}")

    def ruling(self, ruling_id: str) -> Ruling:
        """A ruling by ID; ``r3`` and ``3`` are read as ``R3``."""
        if not isinstance(ruling_id, str):
            raise NotFoundError(f"a ruling is named by an ID such as 'R14', not {shown(ruling_id)}")
        key = ruling_id.strip().upper()
        if key.isdigit():
            key = "R" + key
        for r in self.rulings:
            if r.id == key:
                return r
        first, last = self.rulings[0].id, self.rulings[-1].id
        raise NotFoundError(f"unknown ruling {ruling_id!r} (rulings are {first} to {last})")

    def clauses_of(self, source: str) -> tuple[Clause, ...]:
        self.source(source)
        return tuple(c for c in self.clauses if c.source == source)

    def clauses_for(self, ruling: str, source: str | None = None) -> tuple[Clause, ...]:
        """The clauses bearing on ``ruling``, of one source or of all."""
        rid = self.ruling(ruling).id
        return tuple(
            c for c in self.clauses if rid in c.rulings and (source is None or c.source == source)
        )

    def supporting(self, ruling: str, value: str, source: str | None = None) -> tuple[Clause, ...]:
        """The clauses that read ``supports`` for ``value`` of ``ruling``."""
        return tuple(
            c
            for c in self.clauses_for(ruling, source)
            if c.reading == "supports" and value in c.values
        )

    def allowing(self, ruling: str, value: str) -> tuple[str, ...]:
        """The sources whose words on this game read ``ambiguous`` between
        ``value`` and another: their words allow it, though not only it.

        >>> from lld.concordance import load
        >>> load().allowing("R23", "stake_shared_among_remaining")
        ('caidis',)
        """
        backing = {
            c.source
            for c in self.clauses_for(ruling)
            if c.reading == "ambiguous" and value in c.values and c.game is None
        }
        return tuple(s for s in SOURCE_IDS if s in backing)

    def credits(self, ruling: str, value: str) -> tuple[str, ...]:
        """The sources credited with ``value`` of ``ruling``, in the project's order.

        A source is credited when one of its clauses ``supports`` the value and
        speaks of this game (a witness on another game, such as Crowe's Brag,
        is evidence for the reading but not a source that takes it). This is
        the only place credits come from, so they cannot drift from the clauses.
        """
        backing = {c.source for c in self.supporting(ruling, value) if c.game is None}
        return tuple(s for s in SOURCE_IDS if s in backing)

    def value_words(self, clause: Clause) -> tuple[str, ...]:
        """The readings a clause's values name, in a table cell's few words (each
        value's ``short``, looked up in the first of the clause's rulings that
        has it): what a reader sees in place of the option's value names.

        >>> from lld.concordance import load
        >>> load().value_words(load().clause("P-44"))
        ("Parlett's three-hand game: 13 cards each, 13 to the table, a pot of 10",)
        """
        words: list[str] = []
        for value in clause.values:
            for rid in clause.rulings:
                found = [o.short for o in self.ruling(rid).options if o.value == value]
                if found:
                    words.append(found[0])
                    break
            else:
                words.append(value)
        return tuple(words)

    def relations_of(self, source: str) -> tuple[Relation, ...]:
        return tuple(r for r in self.relations if r.source == source)

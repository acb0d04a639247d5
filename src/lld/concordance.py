"""The concordance: what each source says on each ruling, loaded and checked.

The data lives in TOML files in ``sources/`` (installed as ``lld/_sources``):
one file per source (its ``[source]`` description, ``[[relations]]`` to other
sources and ``[[clauses]]``, each a short verbatim quotation read against one
or more rulings), ``rulings.toml`` (the registry of rulings R1 to R34) and
``published.toml`` (the IDs published so far, with a hash of each question).

:func:`load` reads and checks all of it and returns a :class:`Concordance`.
Every problem is a :class:`~lld.errors.SourceDataError` whose ``where`` is
``file:line``.

>>> c = load()
>>> c.ruling("R3").option, c.ruling("r3").reading
('first_dealer', 'low_cut')
>>> [cl.id for cl in c.clauses_for("R3", "parlett")]
['P-3']
>>> c.ruling("R3").is_silent("sympkyn")
True
>>> c.clause("CC-31").copies, c.clause("CC-31").independent
('DC-48', False)
>>> [cl.source for cl in c.supporting("R22", "voluntary")]
['sympkyn']
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from lld.errors import RulesetError, SourceDataError

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, from its backport (a declared dependency)
    import tomli as tomllib

# The checks below are written by hand rather than as a JSON Schema: jsonschema
# would become a runtime dependency of the engine (it is only a test dependency),
# and it validates the parsed data, which has lost its line numbers, so it could
# not say *where* in a TOML file a problem is. These checks point at file:line.

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
#: (``value`` may give what this clause alone would say).
READINGS: tuple[str, ...] = (
    "supports",
    "states",
    "silent",
    "ambiguous",
    "damaged",
    "self-contradictory",
)
#: How one source relates to another.
RELATION_KINDS: tuple[str, ...] = ("copies", "adapts", "cites")
#: The longest quotation allowed: a phrase to one sentence, never a passage.
MAX_QUOTE = 200
RULINGS_FILE = "rulings.toml"
PUBLISHED_FILE = "published.toml"

_RULING_ID = re.compile(r"^R[1-9][0-9]*$")
_CLAUSE_REF = re.compile(r"\b(?:DC|CC|CR|P|S)-[0-9]+\b")
_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column \d+\)")
_VALUE_READINGS = ("supports", "ambiguous", "self-contradictory")


# ------------------------------------------------------------------ records


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
        for key in ("reports", "copies", "game"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out


@dataclass(frozen=True)
class OptionValue:
    value: str
    meaning: str


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
        raise RulesetError(f"unknown source {source_id!r} (known: {', '.join(SOURCE_IDS)})")

    def clause(self, clause_id: str) -> Clause:
        for c in self.clauses:
            if c.id == clause_id:
                return c
        raise RulesetError(f"unknown clause {clause_id!r}")

    def ruling(self, ruling_id: str) -> Ruling:
        """A ruling by ID; ``r3`` and ``3`` are read as ``R3``."""
        key = ruling_id.strip().upper()
        if key.isdigit():
            key = "R" + key
        for r in self.rulings:
            if r.id == key:
                return r
        first, last = self.rulings[0].id, self.rulings[-1].id
        raise RulesetError(f"unknown ruling {ruling_id!r} (rulings are {first} to {last})")

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

    def relations_of(self, source: str) -> tuple[Relation, ...]:
        return tuple(r for r in self.relations if r.source == source)


# ------------------------------------------------------------------ locating


class _File:
    """One data file's text, for turning a problem into ``file:line``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SourceDataError(str(path), "file is missing") from None
        except (OSError, UnicodeDecodeError) as e:
            raise SourceDataError(str(path), f"cannot read: {e}") from None
        self.lines = self.text.splitlines()

    def where(self, line: int) -> str:
        return f"{self.path}:{line}"

    def error(self, line: int, problem: str) -> SourceDataError:
        return SourceDataError(self.where(line), problem)

    def parse(self) -> dict[str, Any]:
        try:
            data: dict[str, Any] = tomllib.loads(self.text)
            return data
        except tomllib.TOMLDecodeError as e:
            message = str(e)
            line = getattr(e, "lineno", None)
            m = _TOML_POSITION.search(message)
            if line is None and m:
                line = int(m.group(1))
            if line is None:  # "at end of document"
                line = max(len(self.lines), 1)
            problem = _TOML_POSITION.sub("", message).replace(" (at end of document)", "")
            raise self.error(line, f"not valid TOML: {problem}") from None

    def header(self, name: str, index: int = 0) -> int:
        """The line of the ``index``-th ``[[name]]`` (or ``[name]``) header."""
        pattern = re.compile(r"^\s*\[\[?\s*" + re.escape(name) + r"\s*\]\]?\s*(#.*)?$")
        seen = 0
        for n, text in enumerate(self.lines, 1):
            if pattern.match(text):
                if seen == index:
                    return n
                seen += 1
        return 1

    def subtable(self, start: int, name: str) -> int:
        """The line of the ``[name]`` header inside the table starting on ``start``."""
        for n in range(start + 1, len(self.lines) + 1):
            stripped = self.lines[n - 1].strip()
            if stripped.startswith("[["):
                break
            if re.match(r"^\[\s*" + re.escape(name) + r"\s*\]", stripped):
                return n
        return start

    def key(self, start: int, key: str, name: str = "") -> int:
        """The line of ``key = ...`` in the table whose header is on ``start``.

        The table runs to the next header that is not one of its own sub-tables
        (``[rulings.sources]`` belongs to the ``[[rulings]]`` above it).
        """
        pattern = re.compile(r'^\s*"?' + re.escape(key) + r'"?\s*=')
        for n in range(start + 1, len(self.lines) + 1):
            text = self.lines[n - 1]
            stripped = text.strip()
            if stripped.startswith("[") and not stripped.startswith(f"[{name}."):
                break
            if pattern.match(text):
                return n
        return start


# ------------------------------------------------------------------ checking


class _Table:
    """One TOML table being checked, with where it is."""

    def __init__(self, file: _File, data: object, line: int, what: str, name: str = "") -> None:
        if not isinstance(data, dict):
            raise file.error(line, f"{what} must be a table")
        self.file = file
        self.data: dict[str, Any] = data
        self.line = line
        self.what = what
        self.name = name

    def at(self, key: str | None = None) -> int:
        return self.line if key is None else self.file.key(self.line, key, self.name)

    def error(self, problem: str, key: str | None = None) -> SourceDataError:
        return self.file.error(self.at(key), f"{self.what}: {problem}")

    def keys(self, required: Iterable[str], optional: Iterable[str] = ()) -> None:
        required = tuple(required)
        allowed = set(required) | set(optional)
        for key in self.data:
            if key not in allowed:
                raise self.error(
                    f"unknown key {key!r} (allowed: {', '.join(sorted(allowed))})", key
                )
        for key in required:
            if key not in self.data:
                raise self.error(f"missing key {key!r}")

    def text(self, key: str, required: bool = True) -> str | None:
        value = self.data.get(key)
        if value is None and not required:
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.error(f"{key} must be a non-empty string", key)
        return value

    def string(self, key: str) -> str:
        value = self.text(key)
        assert value is not None
        return value

    def strings(self, key: str, allow_one: bool = False) -> tuple[str, ...]:
        value = self.data.get(key)
        if allow_one and isinstance(value, str):
            value = [value]
        if (
            not isinstance(value, list)
            or not value
            or not all(isinstance(v, str) and v for v in value)
        ):
            kind = "a string or a list of strings" if allow_one else "a list of strings"
            raise self.error(f"{key} must be {kind}, not empty", key)
        if len(set(value)) != len(value):
            raise self.error(f"{key} lists a value twice", key)
        return tuple(value)


def _array(file: _File, data: dict[str, Any], name: str) -> list[_Table]:
    items = data.get(name, [])
    if not isinstance(items, list):
        raise file.error(file.header(name), f"{name} must be an array of tables ([[{name}]])")
    return [
        _Table(file, item, file.header(name, i), f"{name}[{i}]", name)
        for i, item in enumerate(items)
    ]


def _read_rulings(file: _File) -> list[Ruling]:
    data = file.parse()
    for key in data:
        if key != "rulings":
            raise file.error(file.header(key), f"unknown top-level key {key!r}")
    rulings: list[Ruling] = []
    seen: set[str] = set()
    for t in _array(file, data, "rulings"):
        t.keys(("id", "title", "question", "reading", "reasons", "sources"), ("option", "options"))
        rid = t.string("id")
        t.what = f"ruling {rid}"
        if not _RULING_ID.match(rid):
            raise t.error(f"ID {rid!r} is not of the form R<number>", "id")
        if rid in seen:
            raise t.error("duplicate ruling ID", "id")
        seen.add(rid)
        option = t.text("option", required=False)
        options: list[OptionValue] = []
        if option is None:
            if "options" in t.data:
                raise t.error("options given without an option name", "options")
        else:
            raw = t.data.get("options")
            if not isinstance(raw, list) or not raw:
                raise t.error("an option needs a non-empty options list", "options")
            for i, item in enumerate(raw):
                o = _Table(file, item, t.at("options"), f"ruling {rid} options[{i}]")
                o.keys(("value", "meaning"))
                options.append(OptionValue(o.string("value"), o.string("meaning")))
            values = [o.value for o in options]
            if len(set(values)) != len(values):
                raise t.error("options lists a value twice", "options")
        reading = t.string("reading")
        if option is not None and reading not in {o.value for o in options}:
            raise t.error(f"reading {reading!r} is not one of the option's values", "reading")
        src_line = file.subtable(t.line, "rulings.sources")
        if src_line == t.line:  # written inline: `sources = { ... }`
            src_line = t.at("sources")
        src = _Table(file, t.data["sources"], src_line, f"ruling {rid} sources")
        src.keys(SOURCE_IDS)
        pairs: list[tuple[str, tuple[str, ...]]] = []
        for source in SOURCE_IDS:
            entry = src.data[source]
            if entry == "silent":
                pairs.append((source, ()))
                continue
            if not isinstance(entry, list) or not entry:
                raise src.error(
                    f'{source} must be a non-empty list of clause IDs or "silent"', source
                )
            pairs.append((source, src.strings(source)))
        rulings.append(
            Ruling(
                rid, t.string("title"), t.string("question"), option, tuple(options), reading,
                t.string("reasons"), tuple(pairs), file.where(t.line),
            )
        )  # fmt: skip
    if not rulings:
        raise file.error(1, "no rulings")
    return rulings


def _read_published(file: _File) -> list[Published]:
    data = file.parse()
    for key in data:
        if key != "published":
            raise file.error(file.header(key), f"unknown top-level key {key!r}")
    out: list[Published] = []
    seen: set[str] = set()
    for t in _array(file, data, "published"):
        t.keys(("id", "question", "sha256"))
        pid = t.string("id")
        t.what = f"published {pid}"
        if pid in seen:
            raise t.error("published twice", "id")
        seen.add(pid)
        question, digest = t.string("question"), t.string("sha256")
        if question_hash(question) != digest:
            raise t.error("sha256 is not the hash of the question", "sha256")
        out.append(Published(pid, question, digest, file.where(t.line)))
    return out


_SOURCE_KEYS = ("collection", "date", "version", "address", "notes")
_CLAUSE_KEYS = ("id", "quote", "rulings", "reading", "note")
_CLAUSE_OPTIONAL = ("value", "reports", "copies", "game")


def _read_source(
    file: _File, source_id: str, rulings: Mapping[str, Ruling]
) -> tuple[Source, list[Relation], list[tuple[Clause, _Table]]]:
    data = file.parse()
    for key in data:
        if key not in ("source", "relations", "clauses"):
            raise file.error(file.header(key), f"unknown top-level key {key!r}")
    if "source" not in data:
        raise file.error(1, "missing the [source] table")
    s = _Table(file, data["source"], file.header("source"), "[source]")
    s.keys(("id", "author", "title", "based_on"), _SOURCE_KEYS)
    if s.string("id") != source_id:
        raise s.error(f"id must be {source_id!r}, the name of this file", "id")
    source = Source(
        source_id, s.string("author"), s.string("title"), s.string("based_on"),
        *(s.text(k, required=False) for k in _SOURCE_KEYS),
    )  # fmt: skip
    relations: list[Relation] = []
    for t in _array(file, data, "relations"):
        t.keys(("to", "kind", "evidence"), ("quote",))
        to, kind = t.string("to"), t.string("kind")
        if to not in SOURCE_IDS or to == source_id:
            raise t.error(f"to must be another source ({', '.join(SOURCE_IDS)})", "to")
        if kind not in RELATION_KINDS:
            raise t.error(f"kind must be one of {', '.join(RELATION_KINDS)}", "kind")
        quote = t.text("quote", required=False)
        if quote is not None:
            _check_quote(t, quote)
        relations.append(Relation(source_id, to, kind, t.string("evidence"), quote))
    clauses: list[tuple[Clause, _Table]] = []
    prefix = PREFIXES[source_id]
    for t in _array(file, data, "clauses"):
        t.keys(_CLAUSE_KEYS, _CLAUSE_OPTIONAL)
        cid = t.string("id")
        t.what = f"clause {cid}"
        if not re.fullmatch(re.escape(prefix) + r"-[1-9][0-9]*", cid):
            raise t.error(f"a {source_id} clause ID is {prefix}-<number>", "id")
        quote = t.string("quote")
        _check_quote(t, quote)
        ids = t.strings("rulings")
        for rid in ids:
            if rid not in rulings:
                raise t.error(f"unknown ruling {rid!r}", "rulings")
        reading = t.string("reading")
        if reading not in READINGS:
            raise t.error(f"reading must be one of {', '.join(READINGS)}", "reading")
        values = t.strings("value", allow_one=True) if "value" in t.data else ()
        _check_reading(t, reading, values, [rulings[r] for r in ids])
        clause = Clause(
            source_id, cid, quote, ids, reading, t.string("note"), values,
            t.text("reports", required=False), t.text("copies", required=False),
            t.text("game", required=False), file.where(t.line),
        )  # fmt: skip
        clauses.append((clause, t))
    return source, relations, clauses


def _check_quote(t: _Table, quote: str) -> None:
    if "\n" in quote.strip():
        raise t.error("a quote is one line: a phrase to one sentence", "quote")
    if len(quote) > MAX_QUOTE:
        raise t.error(
            f"quote is {len(quote)} characters; at most {MAX_QUOTE} (a phrase to one sentence)",
            "quote",
        )


def _check_reading(t: _Table, reading: str, values: tuple[str, ...], rulings: list[Ruling]) -> None:
    with_option = [r for r in rulings if r.option is not None]
    if reading == "supports" and len(with_option) != len(rulings):
        raise t.error(
            "'supports' is for rulings with an engine option; use 'states' for "
            + ", ".join(r.id for r in rulings if r.option is None),
            "reading",
        )
    if reading == "states" and with_option:
        raise t.error(
            "'states' is for rulings without an engine option; use 'supports' for "
            + ", ".join(r.id for r in with_option),
            "reading",
        )
    if reading == "supports" and not values:
        raise t.error("a 'supports' clause needs a value", "reading")
    if values and reading not in _VALUE_READINGS:
        raise t.error(f"a {reading!r} clause takes no value", "value")
    for r in rulings if values else ():
        if r.option is None:
            raise t.error(f"{r.id} has no engine option, so no value", "value")
        for v in values:
            if v not in r.values:
                raise t.error(
                    f"{v!r} is not a value of {r.option} ({r.id}: {', '.join(r.values)})",
                    "value",
                )


def _cross_check(
    clauses: list[tuple[Clause, _Table]],
    relations: list[Relation],
    rulings: list[Ruling],
    rulings_file: _File,
) -> None:
    by_id: dict[str, Clause] = {}
    for clause, t in clauses:
        if clause.id in by_id:
            raise t.error("duplicate clause ID", "id")
        by_id[clause.id] = clause
    linked = {(r.source, r.to) for r in relations if r.kind in ("copies", "adapts")}
    for clause, t in clauses:
        if clause.copies is not None:
            original = by_id.get(clause.copies)
            if original is None or original.source == clause.source:
                raise t.error(f"copies {clause.copies!r}, which is not another source's clause",
                              "copies")  # fmt: skip
            if (clause.source, original.source) not in linked:
                raise t.error(
                    f"copies {original.id}, but no [[relations]] entry says {clause.source}"
                    f" copies or adapts {original.source}",
                    "copies",
                )
        for key in ("note",):
            for ref in _CLAUSE_REF.findall(getattr(clause, key)):
                if ref not in by_id:
                    raise t.error(f"{key} refers to unknown clause {ref}", key)
    for i, ruling in enumerate(rulings):
        start = rulings_file.header("rulings", i)
        for ref in _CLAUSE_REF.findall(ruling.reasons):
            if ref not in by_id:
                raise rulings_file.error(
                    rulings_file.key(start, "reasons", "rulings"),
                    f"ruling {ruling.id}: reasons refer to unknown clause {ref}",
                )
        for source, listed in ruling.source_clauses:
            actual = [c.id for c, _ in clauses if c.source == source and ruling.id in c.rulings]
            if set(listed) == set(actual):
                continue
            line = rulings_file.key(start, source, "rulings")
            stray = [x for x in listed if x not in actual]
            if stray:
                what = (
                    "is not a clause of that source"
                    if stray[0] not in by_id or by_id[stray[0]].source != source
                    else f"does not name {ruling.id}"
                )
                raise rulings_file.error(
                    line, f"ruling {ruling.id}: {source} lists {stray[0]}, which {what}"
                )
            missing = [x for x in actual if x not in listed]
            raise rulings_file.error(
                line,
                f"ruling {ruling.id}: {source} omits {', '.join(missing)}, which"
                f" name{'s' if len(missing) == 1 else ''} {ruling.id}"
                + (' (it says "silent")' if not listed else ""),
            )


def _check_published(
    published: list[Published], rulings: list[Ruling], rulings_file: _File, pub_file: _File
) -> None:
    index = {r.id: i for i, r in enumerate(rulings)}
    for j, p in enumerate(published):
        if p.id not in index:
            raise pub_file.error(
                pub_file.header("published", j),
                f"published ruling {p.id} is missing from {RULINGS_FILE}; published IDs"
                " are never removed",
            )
        i = index[p.id]
        if rulings[i].question != p.question:
            raise rulings_file.error(
                rulings_file.key(rulings_file.header("rulings", i), "question", "rulings"),
                f"ruling {p.id}: the question differs from the published one; a published"
                " question never changes (add a new ruling instead)",
            )
    published_ids = {p.id for p in published}
    for i, r in enumerate(rulings):
        if r.id not in published_ids:
            raise rulings_file.error(
                rulings_file.header("rulings", i),
                f"ruling {r.id} is not in {PUBLISHED_FILE}; add it there with the sha256 of"
                " its question",
            )


# ------------------------------------------------------------------ loading


def default_directory() -> Path:
    """``sources/`` of the checkout this module runs from, else the installed copy."""
    checkout = Path(__file__).resolve().parents[2] / "sources"
    if (checkout / RULINGS_FILE).is_file():
        return checkout
    from importlib.resources import files

    return Path(str(files("lld") / "_sources"))


def load(directory: str | os.PathLike[str] | None = None) -> Concordance:
    """Read and check every data file in ``directory`` (default: :func:`default_directory`).

    The default directory's concordance is read once and then shared (it is immutable).
    """
    if directory is None:
        return _load_default()
    return _load(Path(directory))


@cache
def _load_default() -> Concordance:
    return _load(default_directory())


def _load(directory: Path) -> Concordance:
    rulings_file = _File(directory / RULINGS_FILE)
    rulings = _read_rulings(rulings_file)
    # Published IDs first: a ruling removed or reworded is the first thing to report.
    pub_file = _File(directory / PUBLISHED_FILE)
    published = _read_published(pub_file)
    _check_published(published, rulings, rulings_file, pub_file)
    by_id = {r.id: r for r in rulings}
    sources: list[Source] = []
    relations: list[Relation] = []
    clauses: list[tuple[Clause, _Table]] = []
    for source_id in SOURCE_IDS:
        file = _File(directory / f"{source_id}.toml")
        source, rels, cls = _read_source(file, source_id, by_id)
        sources.append(source)
        relations.extend(rels)
        clauses.extend(cls)
    _cross_check(clauses, relations, rulings, rulings_file)
    return Concordance(
        directory, tuple(sources), tuple(relations), tuple(c for c, _ in clauses),
        tuple(rulings), tuple(published),
    )  # fmt: skip


__all__ = [
    "PREFIXES",
    "READINGS",
    "RELATION_KINDS",
    "SOURCE_IDS",
    "Clause",
    "Concordance",
    "OptionValue",
    "Published",
    "Relation",
    "Ruling",
    "Source",
    "default_directory",
    "load",
    "question_hash",
]

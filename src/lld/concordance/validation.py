"""Reading each data file into records, checking it as it goes, then checking the
files against each other. Every problem is a :class:`~lld.errors.SourceDataError`
at ``file:line``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from typing import Any

from lld.concordance.data_file import (
    PUBLISHED_FILE,
    RULINGS_FILE,
    DataFile,
    Table,
    array_of_tables,
)
from lld.concordance.model import (
    PREFIXES,
    READINGS,
    RELATION_KINDS,
    SOURCE_IDS,
    Clause,
    LabelMismatch,
    OptionValue,
    Published,
    Relation,
    Ruling,
    Source,
    question_hash,
)

# The checks below are written by hand rather than as a JSON Schema: jsonschema
# would become a runtime dependency of the engine (it is only a test dependency),
# and it validates the parsed data, which has lost its line numbers, so it could
# not say *where* in a TOML file a problem is. These checks point at file:line.

#: The longest quotation allowed: a phrase to one sentence, never a passage.
MAX_QUOTE = 200
#: The longest short form of an option value: it must fit a table cell.
MAX_SHORT = 80

_RULING_ID = re.compile(r"^R[1-9][0-9]*$")
_KEY = re.compile(r"^[a-z][a-z0-9_]*$")
_CLAUSE_REF = re.compile(r"\b(?:DC|CC|CR|P|S)-[0-9]+\b")
_VALUE_READINGS = ("supports", "ambiguous", "self-contradictory")


def read_rulings(file: DataFile) -> list[Ruling]:
    data = file.parse()
    for key in data:
        if key != "rulings":
            raise file.error(file.header(key), f"unknown top-level key {key!r}")
    rulings: list[Ruling] = []
    seen: set[str] = set()
    keys: set[str] = set()
    for t in array_of_tables(file, data, "rulings"):
        t.keys(
            ("id", "title", "question", "reading", "reasons", "sources"),
            ("option", "options", "key"),
        )
        rid = t.string("id")
        t.what = f"ruling {rid}"
        if not _RULING_ID.match(rid):
            raise t.error(f"ID {rid!r} is not of the form R<number>", "id")
        if rid in seen:
            raise t.error("duplicate ruling ID", "id")
        seen.add(rid)
        option = t.text("option", required=False)
        key = _key(t, option, keys)
        options: list[OptionValue] = []
        if option is None:
            if "options" in t.data:
                raise t.error("options given without an option name", "options")
        else:
            raw = t.data.get("options")
            if not isinstance(raw, list) or not raw:
                raise t.error("an option needs a non-empty options list", "options")
            for i, item in enumerate(raw):
                o = Table(file, item, t.at("options"), f"ruling {rid} options[{i}]")
                if isinstance(o.data.get("value"), str):  # point at its own line
                    o.line = _option_line(file, o.line, o.data["value"])
                o.keys(("value", "meaning", "short"), ("engine",))
                options.append(
                    OptionValue(
                        o.string("value"),
                        o.string("meaning"),
                        _short(o),
                        o.text("engine", required=False),
                    )
                )
            values = [o.value for o in options]
            if len(set(values)) != len(values):
                raise t.error("options lists a value twice", "options")
            shorts = [o.short for o in options]
            if len(set(shorts)) != len(shorts):
                raise t.error("options gives two values the same short form", "options")
        reading = t.string("reading")
        if option is not None and reading not in {o.value for o in options}:
            raise t.error(f"reading {reading!r} is not one of the option's values", "reading")
        src_line = file.subtable(t.line, "rulings.sources")
        if src_line == t.line:  # written inline: `sources = { ... }`
            src_line = t.at("sources")
        src = Table(file, t.data["sources"], src_line, f"ruling {rid} sources")
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
                t.string("reasons"), tuple(pairs), file.where(t.line), key,
            )
        )  # fmt: skip
    if not rulings:
        raise file.error(1, "no rulings")
    return rulings


def _key(t: Table, option: str | None, seen: set[str]) -> str:
    """The ruling's key: its option, or its own ``key`` where it has no option.

    The engine's code finds a ruling by it (:func:`lld.concordance.ruling_id`),
    so it is an identifier, and unique among the rulings' options and keys.
    """
    own = t.text("key", required=False)
    if option is not None and own is not None:
        raise t.error("a ruling with an option is known by it: give no key", "key")
    if option is None and own is None:
        raise t.error("a ruling without an option needs a key (the engine's name for it)")
    key = own if own is not None else option
    assert key is not None  # one of the two, as checked above
    if not _KEY.match(key):
        field = "key" if own is not None else "option"
        raise t.error(f"{key!r} is not a name (lower-case letters, digits, _)", field)
    if key in seen:
        raise t.error(f"another ruling is already known as {key!r}", "key" if own else "option")
    seen.add(key)
    return key


def _option_line(file: DataFile, start: int, value: str) -> int:
    """The line of the option value ``value`` in the ``options`` list from ``start``."""
    needle = re.compile(r"\bvalue\s*=\s*\"" + re.escape(value) + r"\"")
    for n in range(start, len(file.lines) + 1):
        text = file.lines[n - 1]
        if needle.search(text):
            return n
        if n > start and text.lstrip().startswith(("[", "reading")):
            break
    return start


def _short(o: Table) -> str:
    """An option value's short form: plain words for a table cell, one line, no
    option identifiers (an identifier has ``_``; an assignment has ``=``)."""
    short = o.string("short")
    if "\n" in short.strip():
        raise o.error("short is one line", "short")
    if len(short) > MAX_SHORT:
        raise o.error(f"short is {len(short)} characters; at most {MAX_SHORT}", "short")
    if re.search(r"[_=`]", short):
        raise o.error(
            f"short {short!r} is not plain words: no option identifiers (no _, = or `)", "short"
        )
    return short


def read_published(file: DataFile) -> list[Published]:
    data = file.parse()
    for key in data:
        if key != "published":
            raise file.error(file.header(key), f"unknown top-level key {key!r}")
    out: list[Published] = []
    seen: set[str] = set()
    for t in array_of_tables(file, data, "published"):
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


_SOURCE_KEYS = (
    "collection", "date", "version", "address", "notes", "bibtex_author", "url", "accessed",
)  # fmt: skip
_CLAUSE_KEYS = ("id", "quote", "reading", "note")
_CLAUSE_OPTIONAL = ("rulings", "value", "reports", "copies", "game", "advice", "term", "variant")


def _check_web_address(s: Table, source: Source) -> None:
    """A source's ``url`` is an http(s) address, given with the day it was checked."""
    if (source.url is None) != (source.accessed is None):
        raise s.error("url and accessed go together: give both or neither", "url")
    if source.url is not None and not re.fullmatch(r"https?://[^\s/]+\.[^\s/]+/\S*", source.url):
        raise s.error(f"url must be an http(s) address, not {source.url!r}", "url")
    if source.accessed is not None:
        try:
            date.fromisoformat(source.accessed)
        except ValueError:
            raise s.error(
                f"accessed must be a date as YYYY-MM-DD, not {source.accessed!r}", "accessed"
            ) from None


def read_source(
    file: DataFile, source_id: str, rulings: Mapping[str, Ruling]
) -> tuple[Source, list[Relation], list[tuple[Clause, Table]]]:
    data = file.parse()
    for key in data:
        if key not in ("source", "relations", "clauses", "mismatches"):
            raise file.error(file.header(key), f"unknown top-level key {key!r}")
    if "source" not in data:
        raise file.error(1, "missing the [source] table")
    s = Table(file, data["source"], file.header("source"), "[source]")
    s.keys(("id", "author", "title", "based_on"), _SOURCE_KEYS)
    if s.string("id") != source_id:
        raise s.error(f"id must be {source_id!r}, the name of this file", "id")
    optional: dict[str, Any] = {k: s.text(k, required=False) for k in _SOURCE_KEYS}
    source = Source(
        source_id, s.string("author"), s.string("title"), s.string("based_on"), **optional
    )
    _check_web_address(s, source)
    relations: list[Relation] = []
    for t in array_of_tables(file, data, "relations"):
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
    clauses: list[tuple[Clause, Table]] = []
    prefix = PREFIXES[source_id]
    for t in array_of_tables(file, data, "clauses"):
        t.keys(_CLAUSE_KEYS, _CLAUSE_OPTIONAL)
        cid = t.string("id")
        t.what = f"clause {cid}"
        if not re.fullmatch(re.escape(prefix) + r"-[1-9][0-9]*", cid):
            raise t.error(f"a {source_id} clause ID is {prefix}-<number>", "id")
        quote = t.string("quote")
        _check_quote(t, quote)
        reading = t.string("reading")
        if reading not in READINGS:
            raise t.error(f"reading must be one of {', '.join(READINGS)}", "reading")
        # Advice bears on no ruling: it names what the willughby bot does with it.
        advises = reading == "advises"
        if advises != ("advice" in t.data):
            raise t.error("an 'advises' clause, and only one, names its advice", "advice")
        if advises == ("rulings" in t.data):
            raise t.error("a clause names rulings, or is an 'advises' clause", "rulings")
        ids = t.strings("rulings") if not advises else ()
        for rid in ids:
            if rid not in rulings:
                raise t.error(f"unknown ruling {rid!r}", "rulings")
        advice = t.strings("advice") if advises else ()
        for name in advice:
            if not re.fullmatch(r"[a-z][a-z_]*", name):
                raise t.error(f"advice {name!r} is not a name (lower case and _)", "advice")
        values = t.strings("value", allow_one=True) if "value" in t.data else ()
        _check_reading(t, reading, values, [rulings[r] for r in ids])
        game, term = t.text("game", required=False), t.text("term", required=False)
        _check_witness(t, reading, game, term)
        variant = t.data.get("variant", False)
        if not isinstance(variant, bool) or (variant and reading != "supports"):
            raise t.error("variant is true only on a clause that supports a value", "variant")
        clause = Clause(
            source_id, cid, quote, ids, reading, t.string("note"), values,
            t.text("reports", required=False), t.text("copies", required=False),
            game, file.where(t.line), advice, term, variant,
        )  # fmt: skip
        clauses.append((clause, t))
    own = {clause.id for clause, _t in clauses}
    found: list[LabelMismatch] = []
    for t in array_of_tables(file, data, "mismatches"):
        t.keys(("clauses", "label", "content", "explanation"))
        ids = t.data["clauses"]
        if not isinstance(ids, list) or not all(isinstance(c, str) for c in ids):
            raise t.error("clauses must be a list of this source's clause IDs", "clauses")
        for cid in ids:
            if cid not in own:
                raise t.error(f"unknown clause {cid!r} (not in this file)", "clauses")
        for key in ("label", "content"):
            _check_quote(t, t.string(key))
        found.append(
            LabelMismatch(
                tuple(ids), t.string("label"), t.string("content"),
                t.string("explanation").strip(),
            )
        )  # fmt: skip
    return replace(source, mismatches=tuple(found)), relations, clauses


def _check_quote(t: Table, quote: str) -> None:
    if "\n" in quote.strip():
        raise t.error("a quote is one line: a phrase to one sentence", "quote")
    if len(quote) > MAX_QUOTE:
        raise t.error(
            f"quote is {len(quote)} characters; at most {MAX_QUOTE} (a phrase to one sentence)",
            "quote",
        )


def _check_witness(t: Table, reading: str, game: str | None, term: str | None) -> None:
    """A book on other games witnesses terms and practices, never a rule of this game;
    and a ``witnesses`` clause says what it witnesses."""
    if game is not None and reading != "witnesses":
        raise t.error(
            f"a clause about another game ({game}) witnesses a term or practice: its"
            " reading is 'witnesses', never a rule of this game",
            "reading",
        )
    if reading == "witnesses" and game is None and term is None:
        raise t.error("a 'witnesses' clause names its term, or the other game it is about",
                      "reading")  # fmt: skip
    if term is not None and reading != "witnesses":
        raise t.error("only a 'witnesses' clause names a term", "term")


def _check_reading(t: Table, reading: str, values: tuple[str, ...], rulings: list[Ruling]) -> None:
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


def cross_check(
    clauses: list[tuple[Clause, Table]],
    relations: list[Relation],
    rulings: list[Ruling],
    rulings_file: DataFile,
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


def check_published(
    published: list[Published], rulings: list[Ruling], rulings_file: DataFile, pub_file: DataFile
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

"""``lld sources``, ``lld ruling`` and ``lld audit``: the evidence behind the rules.

* ``lld sources [SOURCE]``: the sources, how they relate, and their clauses;
  ``--json`` prints every clause (``source``, ``id``, ``quote``, ``rulings``,
  ``reading``, ``value``, ``note``).
* ``lld ruling ID``: one ruling, each source's own words on it (or "silent"),
  the project's reading, and each preset's setting.
* ``lld audit``: the arithmetic audit of every stakes table.

Bad input (an unknown ID, a malformed data file) is one line on stderr and
exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from typing import Any

from lld.errors import LldError

#: Exit status for bad input, as for every ``lld`` command.
BAD_INPUT = 2


def register(sub: Any) -> None:
    p = sub.add_parser("sources", help="list the sources and their quoted clauses")
    p.add_argument(
        "source", nargs="?", help="one source: du-coeur, parlett, caidis, sympkyn or crowe"
    )
    _common(p, "print every clause as JSON")
    p.set_defaults(func=run_sources)

    p = sub.add_parser("ruling", help="show one ruling: the question, each source's words")
    p.add_argument("id", metavar="ID", help="a ruling ID, R1 to R34")
    _common(p, "print the ruling as a JSON object")
    p.set_defaults(func=run_ruling)

    p = sub.add_parser("audit", help="the arithmetic audit of every stakes table")
    _common(p, "print the findings and mismatches as JSON")
    p.set_defaults(func=run_audit)


def _common(p: argparse.ArgumentParser, json_help: str) -> None:
    p.add_argument("--json", action="store_true", help=json_help)
    p.add_argument(
        "--sources-dir", metavar="DIR", default=None,
        help="read the data files from DIR (default: the package's own)",
    )  # fmt: skip


def _fail(error: LldError) -> int:
    print(f"lld: {error}", file=sys.stderr)
    return BAD_INPUT


def _print_json(data: object) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _wrap(text: str, indent: str) -> str:
    return textwrap.fill(" ".join(text.split()), 96, initial_indent=indent,
                         subsequent_indent=indent)  # fmt: skip


# ------------------------------------------------------------------ sources


def run_sources(args: argparse.Namespace) -> int:
    from lld.concordance import load

    try:
        conc = load(args.sources_dir)
        chosen = conc.sources if args.source is None else (conc.source(args.source),)
    except LldError as error:
        return _fail(error)
    ids = {s.id for s in chosen}
    clauses = [c for c in conc.clauses if c.source in ids]
    if args.json:
        _print_json([c.as_dict() for c in clauses])
        return 0
    out: list[str] = []
    for s in chosen:
        mine = [c for c in clauses if c.source == s.id]
        when = s.date or s.version or "undated"
        out.append(f"{s.id}: {s.author}, {s.title} ({when}); {len(mine)} clauses")
        if s.collection:
            out.append(f"    in: {s.collection}")
        if s.address:
            out.append(_wrap(f"address: {s.address}", "    "))
        out.append(_wrap(f"based on: {s.based_on}", "    "))
        for r in conc.relations_of(s.id):
            out.append(_wrap(f"{r.kind} {r.to}: {r.evidence}", "    "))
        if args.source is not None:
            if s.notes:
                out.append(_wrap(s.notes, "    "))
            out.append("")
            for c in mine:
                out.append(f"  {c.id:6} {', '.join(c.rulings):12} {_reading(c.reading, c.values)}")
                out.append(_wrap(f'"{c.quote}"', "         "))
                out.append(_wrap(c.note, "         "))
        out.append("")
    if args.source is None:
        out.append("'lld sources NAME' lists a source's clauses; 'lld ruling ID' shows a ruling.")
    print("\n".join(out).rstrip())
    return 0


def _reading(reading: str, values: tuple[str, ...]) -> str:
    return f"{reading} {'/'.join(values)}" if values else reading


# ------------------------------------------------------------------ ruling


def ruling_data(ruling_id: str, sources_dir: str | None = None) -> dict[str, object]:
    """Everything ``lld ruling`` shows, as a JSON-ready object."""
    from lld.concordance import SOURCE_IDS, load
    from lld.presets import PRESETS

    conc = load(sources_dir)
    r = conc.ruling(ruling_id)
    sources: dict[str, object] = {}
    for source in SOURCE_IDS:
        found = conc.clauses_for(r.id, source)
        sources[source] = [c.as_dict() for c in found] if found else "silent"
    presets = (
        {name: getattr(rules, r.option) for name, rules in PRESETS.items()}
        if r.option is not None
        else None
    )
    return {
        "id": r.id,
        "title": r.title,
        "question": r.question,
        "option": r.option,
        "options": [{"value": o.value, "meaning": o.meaning} for o in r.options],
        "sources": sources,
        "reading": r.reading,
        "reasons": r.reasons,
        "presets": presets,
    }


def run_ruling(args: argparse.Namespace) -> int:
    try:
        data = ruling_data(args.id, args.sources_dir)
    except LldError as error:
        return _fail(error)
    if args.json:
        _print_json(data)
        return 0
    out = [f"{data['id']}  {data['title']}", _wrap(f"Question: {data['question']}", "")]
    options: list[dict[str, str]] = data["options"]  # type: ignore[assignment]
    if data["option"] is not None:
        out.append(f"Engine option: {data['option']}")
        width = max(len(o["value"]) for o in options)
        for o in options:
            out.append(f"  {o['value']:{width}}  {o['meaning']}")
    else:
        out.append("Engine option: none (every preset plays it the same way)")
    out += ["", "What the sources say:"]
    sources: dict[str, Any] = data["sources"]  # type: ignore[assignment]
    for source, found in sources.items():
        if found == "silent":
            out.append(f"  {source}: silent")
            continue
        out.append(f"  {source}:")
        for c in found:
            tags = [_reading(c["reading"], _as_tuple(c["value"]))]
            tags += [f"{k} {c[k]}" for k in ("reports", "copies", "game") if k in c]
            out.append(f"    {c['id']} [{'; '.join(tags)}]")
            out.append(_wrap(f'"{c["quote"]}"', "      "))
            out.append(_wrap(c["note"], "      "))
    out += ["", f"The project's reading: {data['reading']}", _wrap(str(data["reasons"]), "  ")]
    presets: dict[str, str | None] | None = data["presets"]  # type: ignore[assignment]
    if presets is not None:
        out += ["", "The engine under each preset:"]
        out += [f"  {name:14} {option_value}" for name, option_value in presets.items()]
    print("\n".join(out))
    return 0


def _as_tuple(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    return (str(value),)


# ------------------------------------------------------------------ audit


def run_audit(args: argparse.Namespace) -> int:
    from lld.audit import audit, mismatches, report
    from lld.concordance import load

    try:
        conc = load(args.sources_dir)
    except LldError as error:
        return _fail(error)
    findings, found = audit(conc), mismatches(conc)
    if args.json:
        _print_json(
            {
                "findings": [f.as_dict() for f in findings],
                "mismatches": [m.as_dict() for m in found],
            }
        )
        return 0
    print(report(findings, found))
    return 0

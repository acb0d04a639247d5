"""``lld sources``, ``lld ruling`` and ``lld audit``: the evidence behind the rules.

* ``lld sources [SOURCE]``: the sources, how they relate, and their clauses;
  ``--json`` prints every clause (``source``, ``id``, ``quote``, ``rulings``,
  ``reading``, ``value``, ``note``).
* ``lld ruling ID``: one ruling, each source's own words on it (or "silent"),
  the project's reading, each preset's setting, and what the engine does under
  each setting, replaying the examples that demonstrate the ruling (see
  :mod:`lld.demonstrate`); ``--json`` gives the same, the last under ``behaviour``.
* ``lld audit``: the arithmetic audit of every stakes table.

Bad input (an unknown ID, a malformed data file) is one line on stderr and
exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from typing import TYPE_CHECKING, Any

from lld.cli.common import BAD_INPUT, one_line
from lld.concordance import ruling_id
from lld.errors import LldError
from lld.ruleset import format_assignment

if TYPE_CHECKING:
    from lld.reports import RulingReport


def register(sub: Any) -> None:
    p = sub.add_parser("sources", help="list the sources and their quoted clauses")
    p.add_argument(
        "source", nargs="?", help="one source: du-coeur, parlett, caidis, sympkyn or crowe"
    )
    _common(p, "print every clause as JSON")
    p.set_defaults(func=run_sources)

    p = sub.add_parser("ruling", help="show one ruling: the question, each source's words")
    p.add_argument(
        "id", metavar="ID", help=f"a ruling ID from the registry, such as {ruling_id('lie_down')}"
    )
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
    print(f"lld: {one_line(str(error))}", file=sys.stderr)
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
        if s.url:
            out.append(_wrap(f"on the web: {s.url} (accessed {s.accessed})", "    "))
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


def run_ruling(args: argparse.Namespace) -> int:
    from lld.concordance import load
    from lld.reports import ruling_report

    try:
        report = ruling_report(args.id, load(args.sources_dir))
    except LldError as error:
        return _fail(error)
    if args.json:
        _print_json(report.to_json())
        return 0
    print("\n".join(ruling_lines(report)))
    return 0


def ruling_lines(r: RulingReport) -> list[str]:
    """``lld ruling``'s text."""
    out = [f"{r.id}  {r.title}", _wrap(f"Question: {r.question}", "")]
    if r.option is not None:
        out.append(f"Engine option: {r.option}")
        width = max(len(v.value) for v in r.values)
        out += [f"  {v.value:{width}}  {v.meaning}" for v in r.values]
    else:
        out.append("Engine option: none (every preset plays it the same way)")
    out += ["", "What the sources say:"]
    for words in r.sources:
        if words.silent:
            out.append(f"  {words.source}: silent")
            continue
        out.append(f"  {words.source}:")
        for c in words.clauses:
            tags = [_reading(c.reading, c.values)]
            if c.reports_willughby:
                tags.append("reports Willughby")
            marks = (("copies", c.copies), ("game", c.game), ("term", c.term))
            tags += [f"{k} {v}" for k, v in marks if v]
            out.append(f"    {c.id} [{'; '.join(tags)}]")
            out.append(_wrap(f'"{c.quote}"', "      "))
            out.append(_wrap(c.note, "      "))
    out += ["", f"The project's reading: {r.reading}", _wrap(r.reasons, "  ")]
    if r.presets:
        out += ["", "The engine under each preset:"]
        for p in r.presets:
            line = f"  {p.preset:14} {_show(p.value)}"
            out.append(line + (" (editorial)" if p.editorial else ""))
            if p.editorial_reason:
                out.append(_wrap(p.editorial_reason, " " * 17))
    out += _behaviour_lines(r)
    return out


def _behaviour_lines(r: RulingReport) -> list[str]:
    """The "What the engine does" section of ``lld ruling``."""
    if r.behaviour is None:
        return ["", "What the engine does: the same under every preset (no engine option)."]
    if not r.behaviour:
        from lld.demonstrate import examples_directory

        where = examples_directory()
        if where is None:
            why = "no examples are installed with this copy of lld"
        else:
            why = f"no example in {where} lists {r.id} in its 'rulings:' line"
        return ["", f"What the engine does: not shown; {why}."]
    out: list[str] = []
    for d in r.behaviour:
        title = f', "{d.title}"' if d.title else ""
        out += ["", f"What the engine does (example {d.example}{title}):"]
        rules = ", ".join([d.ruleset, *(format_assignment(k, v) for k, v in d.options)])
        also = any(b.unused_values for b in d.behaviours)
        out.append(
            f"  (its rules: {rules}; {d.option} as each preset sets it"
            + (", and each value no preset takes)" if also else ")")
        )
        # One line per behaviour, however long: each is one setting's whole story.
        out += [f"  {b.label}: {b.outcome.text}" for b in d.behaviours]
    return out


def _show(value: object) -> str:
    return "none" if value is None else str(value)


# ------------------------------------------------------------------ audit


def run_audit(args: argparse.Namespace) -> int:
    from lld.audit import audit, coverage, coverage_report, mismatches, pending_options, report
    from lld.concordance import load

    try:
        conc = load(args.sources_dir)
    except LldError as error:
        return _fail(error)
    findings, found = audit(conc), mismatches(conc)
    covered, pending = coverage(conc), pending_options(conc)
    if args.json:
        _print_json(
            {
                "findings": [f.as_dict() for f in findings],
                "mismatches": [m.as_dict() for m in found],
                "coverage": [c.as_dict() for c in covered],
                "pending_options": [{"ruling": r, "option": o} for r, o in pending],
            }
        )
        return 0
    print(report(findings, found))
    print()
    print(coverage_report(covered, pending))
    return 0

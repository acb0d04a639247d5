"""``lld rules`` and ``lld stakes``: renderers of :class:`~lld.reports.PresetReport`
and :class:`~lld.reports.StakesReport`."""

from __future__ import annotations

import argparse
from typing import Any

from lld.cli.common import add_json, add_option, dump, whole_number
from lld.errors import ConfigError
from lld.reports import (
    PresetReport,
    StakesReport,
    preset_report,
    preset_rules,
    preset_summaries,
    stakes_report,
)


def register(sub: Any) -> None:
    names = ", ".join(name for name, _, _ in preset_summaries())
    p = sub.add_parser("rules", help="list the rulesets, or show one ruleset's options")
    p.add_argument("name", nargs="?", help=f"a ruleset: {names}")
    add_option(p)
    add_json(p)
    p.set_defaults(func=run_rules)

    p = sub.add_parser("stakes", help="the stakes table and balance check")
    p.add_argument("--ruleset", default="reconstruction", metavar="NAME", help=names)
    p.add_argument(
        "--players", type=whole_number, metavar="N", help="one player count (default: all)"
    )
    add_option(p)
    add_json(p)
    p.set_defaults(func=run_stakes)


def run_rules(args: argparse.Namespace) -> int:
    if args.name is None:
        if args.option:  # the listing shows no options: say so rather than drop them
            raise ConfigError(
                f"--option {args.option[0]} changes one ruleset: name it, as in"
                f" 'lld rules parlett --option {args.option[0]}'"
            )
        if args.strict:
            raise ConfigError(
                "--strict changes one ruleset: name it, as in 'lld rules parlett --strict'"
            )
        rows = preset_summaries()
        if args.json:
            dump([{"name": n, "source": s, "players": list(p)} for n, s, p in rows])
        else:
            for name, source, players in rows:
                print(f"{name:<15} {source:<10} players {', '.join(map(str, players))}")
        return 0
    report = preset_report(preset_rules(args.name, args.option, strict_play=args.strict))
    if args.json:
        dump(report.to_json())
    else:
        print("\n".join(rules_lines(report)))
    return 0


def rules_lines(r: PresetReport) -> list[str]:
    changed = "".join(f", {k}={'none' if v is None else v}" for k, v in r.overrides)
    out = [f"{r.name}{changed} (reads {r.source}); players {', '.join(map(str, r.players))}"]
    for o in r.options:
        mark = " (changed)" if o.overridden else " (editorial)" if o.editorial else ""
        out.append(f"\n{o.ruling:<4} {o.option} = {'none' if o.value is None else o.value}{mark}")
        out.append(f"     {o.question}")
        out.append(f"     {o.meaning}")
        out.append(f"     sources: {', '.join(o.sources) or 'none (editorial)'}")
        if o.editorial_reason:
            out.append(f"     editorial: {o.editorial_reason}")
    return out


def run_stakes(args: argparse.Namespace) -> int:
    rules = preset_rules(args.ruleset, args.option, strict_play=args.strict)
    counts = [args.players] if args.players is not None else list(rules.players)
    reports = [stakes_report(rules, n) for n in counts]
    if args.json:
        dump({"ruleset": rules.name, "settlement": rules.settlement,
              "tables": [s.to_json() for s in reports]})  # fmt: skip
        return 0
    print(f"{rules.name}: settlement by {rules.settlement.replace('_', ' ')}")
    print("players  table               antes  pot  each  table  bonus  break-even  balances")
    for s in reports:
        print(stakes_row(s))
    print("\nThe arithmetic:")
    for s in reports:
        print(f"  {s.players} players ({s.table}): {s.balance.text}")
        for step in s.balance.arithmetic:
            print(f"    {step.name} = {step.expression} = {step.value:g}")
    return 0


def stakes_row(s: StakesReport) -> str:
    antes = f"{s.dealer_ante}/{s.other_ante}"
    be = "-" if s.break_even is None else str(s.break_even)
    yes = "yes" if s.balance.balances else "no"
    return (
        f"{s.players:>7}  {s.table:<18}  {antes:>5}  {s.pot:>3}  {s.hand_size:>4}"
        f"  {s.table_cards:>5}  {s.last_player_bonus:>5}  {be:>10}  {yes}: {s.balance.verdict}"
    )

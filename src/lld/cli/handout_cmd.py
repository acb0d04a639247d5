"""``lld handout``: a printable handout (PDF) for a reading of one's own."""

from __future__ import annotations

import argparse
from typing import Any

from lld.cli.common import add_option


def register(sub: Any) -> None:
    from lld.handout import PAPERS
    from lld.presets import PRESETS

    p = sub.add_parser(
        "handout",
        help="a one-sheet PDF handout of a ruleset, perhaps with options changed",
        description="Write a printable handout (two sides at most) a class can play from:"
        " the ruleset's rules in the order of play, in plain words with each ruling's"
        " number, its stakes, a worked example, its sources and how to cite it. The rules"
        " changed with --option are listed at the top and marked where they are stated."
        " Needs WeasyPrint (pip install 'lld[handout]').",
    )
    p.add_argument(
        "--ruleset", default="reconstruction", metavar="NAME",
        help=f"one of {', '.join(sorted(PRESETS))} (default reconstruction)",
    )  # fmt: skip
    add_option(p)
    p.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="default a4")
    p.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help="the PDF to write")
    p.set_defaults(func=run_handout)


def run_handout(args: argparse.Namespace) -> int:
    from lld.handout import write_pdf
    from lld.reports import preset_rules

    rules = preset_rules(args.ruleset, args.option, strict_play=args.strict)
    out = write_pdf(rules, args.paper, args.output)
    print(f"wrote {out}")
    return 0

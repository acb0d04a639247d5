"""What every ``lld`` command shares: the game arguments, JSON output, the seed."""

from __future__ import annotations

import argparse
import json
import os
import re

from lld.errors import NotationError, shown
from lld.ruleset import format_assignment

#: Exit status for bad input (an unknown option, a malformed record, …).
BAD_INPUT = 2


def one_line(text: str) -> str:
    """``text`` with anything unprintable (a line break inside an argument) escaped."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


#: A number on the command line, as records and the game prompt write one: ASCII
#: digits, perhaps after a minus sign (each argument's own check says which
#: values it takes). ``int()`` alone would take any Unicode digit and underscores.
_WHOLE = re.compile(r"-?[0-9]+")


def whole_number(text: str) -> int:
    """argparse ``type`` of every number argument; argparse names the argument."""
    if not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"expected a whole number written with the digits 0-9, not {shown(text)}"
        )
    try:
        return int(text)
    except ValueError:  # past Python's 4,300-digit limit
        raise argparse.ArgumentTypeError(f"a number of {len(text):,} digits is too long") from None


def add_json(p: argparse.ArgumentParser, text: str = "print JSON") -> None:
    p.add_argument("--json", action="store_true", help=text)


def add_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help=f"override one ruling, e.g. {format_assignment('lie_down', 'voluntary')} (repeatable)",
    )  # fmt: skip
    p.add_argument(
        "--strict", action="store_true",
        help="strict play, for beginners: every duty kept for the players, so no oversight"
        " arises and nothing is claimed (--option still overrides)",
    )  # fmt: skip


def add_game_args(p: argparse.ArgumentParser, players_default: int | None = 5) -> None:
    from lld.presets import PRESETS

    p.add_argument(
        "--ruleset", default="reconstruction", metavar="NAME",
        help=f"one of {', '.join(sorted(PRESETS))} (default reconstruction)",
    )  # fmt: skip
    p.add_argument("--players", type=whole_number, default=players_default, metavar="N")
    p.add_argument(
        "--seed", type=whole_number, metavar="N", help="fixes the deal (default: a new one)"
    )
    p.add_argument("--dealer", type=whole_number, metavar="SEAT", help="default: cut for the deal")
    add_option(p)


def seed_of(args: argparse.Namespace) -> int:
    """``--seed``, or a fresh one."""
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    if seed < 0:
        raise NotationError(f"--seed must be 0 or more, not {seed}")
    return int(seed)


def dump(obj: object) -> None:
    print(json.dumps(obj, indent=2, ensure_ascii=False))

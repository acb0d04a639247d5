"""Setting up ``lld play``'s table from its arguments, or from a saved hand.

Every argument given is either used or refused in one line saying why: with
``--resume`` the record fixes the rules and the deal (and, for a hand saved at
the prompt, who sits where); with ``--bots`` nobody sits at the terminal.
"""

from __future__ import annotations

import argparse
import os

from lld.bots import BOTS, Bot, make_bot
from lld.cli.common import seed_of
from lld.errors import ConfigError, RulesetError
from lld.game import Game
from lld.session import Table

YOU = "you"
#: The defaults of the arguments that a resumed record or ``--bots`` overrules; they
#: are ``None`` in the parser, so that an argument given can be told from one left out.
DEFAULTS = {"ruleset": "reconstruction", "players": 5, "seat": 0, "opponents": "willughby"}
#: What a record fixes, so that ``--resume`` refuses these.
_FIXED_BY_RECORD = ("ruleset", "option", "strict", "players", "seed", "dealer")
_SEATING = ("seat", "opponents", "bots")


def _flag(name: str) -> str:
    return f"--{name}"


def _given(args: argparse.Namespace, name: str) -> bool:
    value = getattr(args, name)
    # A flag left out is False; 0 (a seat, a seed) is given, though it equals False.
    return value is not False and value not in (None, [])


def set_up(args: argparse.Namespace) -> tuple[Table, list[str], int | None, int | None]:
    """The table, the seat names, your seat (``None``: bots only) and the deal's seed."""
    if args.save:
        # Found out now, not after a whole hand has been played and cannot be kept.
        folder = os.path.dirname(os.path.abspath(args.save))
        if not os.path.isdir(folder):
            raise ConfigError(f"--save {args.save}: there is no directory {folder}")
    if args.bots is not None:
        if not args.bots.strip():  # '--bots ""' was read as no --bots at all
            raise ConfigError(f"--bots names no bot (known: {', '.join(sorted(BOTS))})")
        make_bot(args.bots)
        for name in ("seat", "opponents"):
            if _given(args, name):
                raise ConfigError(
                    f"{_flag(name)} is for a table you play at; with --bots every seat is a bot"
                )
    if args.resume:
        return _resume(args)
    for name, value in DEFAULTS.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    from lld.presets import ruleset_with

    rules_seed = seed_of(args)
    rules = ruleset_with(args.ruleset, args.option, strict_play=args.strict)
    n = args.players
    rules.stakes(n)
    if args.dealer is not None and not 0 <= args.dealer < n:
        raise RulesetError(f"--dealer {args.dealer} is not a seat (0 to {n - 1})")
    names = _names(args, n)
    you = names.index(YOU) if YOU in names else None
    game = Game.new(rules, n, rules_seed, args.dealer)
    return Table(game, _bots(names, args.bots)), names, you, rules_seed


def _resume(args: argparse.Namespace) -> tuple[Table, list[str], int | None, int | None]:
    from lld.hand_files import load_hand

    for name in _FIXED_BY_RECORD:
        if _given(args, name):
            raise ConfigError(
                f"{_flag(name)} cannot be given with --resume: the record fixes the rules"
                " and the deal"
            )
    rec = load_hand(args.resume)
    # A record saved by 'save FILE' names its seats 'you' and 'willughby 2' ...;
    # any other record is played with --seat, --opponents and --bots.
    names = list(rec.seats)
    if names and all(name == YOU or _bot_named(name) for name in names):
        for name in _SEATING:
            if _given(args, name):
                raise ConfigError(
                    f"{_flag(name)} cannot be given with --resume {args.resume}: the saved"
                    " hand names who sits where"
                )
    else:
        for name in ("seat", "opponents"):
            if getattr(args, name) is None:
                setattr(args, name, DEFAULTS[name])
        names = _names(args, rec.players)
    you = names.index(YOU) if YOU in names else None
    return Table.resume(rec, _bots(names, args.bots)), names, you, rec.seed


def _names(args: argparse.Namespace, n: int) -> list[str]:
    """Seat names as the record keeps them: ``you`` and ``willughby 1`` ..."""
    if args.bots is not None:
        return [f"{args.bots.strip().lower()} {s}" for s in range(n)]
    if not 0 <= args.seat < n:
        raise RulesetError(f"--seat {args.seat} is not a seat (0 to {n - 1})")
    make_bot(args.opponents)
    return [YOU if s == args.seat else f"{args.opponents.strip().lower()} {s}" for s in range(n)]


def _bot_named(name: str) -> bool:
    """Whether ``name`` is a bot's seat name as ``_names`` writes it (``willughby 2``,
    or a bot with parameters: make_bot reads them, so it is asked, not restated)."""
    kind, _, seat = name.rpartition(" ")
    if not (kind and seat.isascii() and seat.isdigit()):
        return False
    try:
        make_bot(kind)
    except ConfigError:
        return False
    return True


def _bots(names: list[str], fallback: str | None) -> list[Bot]:
    """A bot for every seat not played by you (yours is replaced by the terminal)."""
    bots: list[Bot] = []
    for seat, name in enumerate(names):
        kind = (fallback or "willughby") if name == YOU else name.rpartition(" ")[0]
        bots.append(make_bot(kind, seat))
    return bots

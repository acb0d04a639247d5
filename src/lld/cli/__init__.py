"""The ``lld`` command line.

Each command lives in its own module with a ``register(subparsers)`` function;
this module only builds the parser and turns every expected error into one
line on stderr and a non-zero exit.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from lld.cli.common import BAD_INPUT, one_line
from lld.errors import LldError


class _Parser(argparse.ArgumentParser):
    """argparse, but its usage errors are one line like every other error."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(BAD_INPUT, f"lld: {one_line(message)} (see 'lld {self._command()}--help')\n")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        # A command's parser refuses what it does not know itself, so the error points
        # to that command's --help (the top parser would point to 'lld --help').
        if extras and self._command():
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras

    def _command(self) -> str:
        words = self.prog.split()[1:]
        return " ".join(words) + " " if words else ""


def build_parser() -> argparse.ArgumentParser:
    from lld import __version__
    from lld.cli import (
        deal_cmd,
        handout_cmd,
        play_cmd,
        replay_cmd,
        rules_cmd,
        simulate_cmd,
        sources_cmd,
    )

    parser = _Parser(
        prog="lld",
        description="Laugh and Lie Down: every source's reading of the rules, playable.",
    )
    parser.add_argument("--version", action="version", version=f"lld {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    rules_cmd.register(sub)
    deal_cmd.register(sub)
    play_cmd.register(sub)
    simulate_cmd.register(sub)
    replay_cmd.register(sub)
    sources_cmd.register(sub)
    handout_cmd.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except LldError as error:
        print(f"lld: {one_line(str(error))}", file=sys.stderr)
        return BAD_INPUT
    except KeyboardInterrupt:
        print("lld: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (as with `lld rules | head`): not an error of ours.
        sys.stderr.close()
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())

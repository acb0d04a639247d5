"""``lld play``: a hand in the terminal, against bots or among bots only.

The hand is played by :class:`lld.session.Table`; this module reads the
player's input and draws the table with :mod:`lld.cli.play_view`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import Any, TextIO

from lld.cli import play_view
from lld.cli.common import add_game_args, add_json, dump, whole_number
from lld.cli.play_setup import YOU, set_up
from lld.errors import IllegalMoveError, LldError, NotationError
from lld.moves import LIE, TURN_KINDS, Move
from lld.observation import Observation
from lld.reports import preset_summaries, stakes_report
from lld.session import Played, Table

#: A typed move number longer than this is no move number (and is never turned into an int).
MAX_NUMBER_DIGITS = 4


class Quit(Exception):
    """The player left the table (``q`` or the end of input)."""


def register(sub: Any) -> None:
    lines = [f"  {n:<15} {s:<10} players {', '.join(map(str, p))}" for n, s, p in
             preset_summaries()]  # fmt: skip
    p = sub.add_parser(
        "play",
        help="play a hand in the terminal, against bots or bots only",
        description="Play one hand at a table of bots (or watch bots play, with --bots).",
        epilog="rulesets (--ruleset) and the player counts (--players) each gives:\n"
        + "\n".join(lines)
        + "\n\nAt the table: 'help' explains the moves, 'hint' asks the willughby bot,"
        " 'save FILE' saves the hand (resume it with --resume FILE; 'save! FILE' replaces"
        " a file that exists), 'q' quits.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_args(p)
    # None, so that an argument given can be told from one left out (see play_setup).
    p.set_defaults(ruleset=None, players=None)
    p.add_argument("--bots", metavar="NAME", help="bots only: every seat is this bot")
    p.add_argument("--seat", type=whole_number, metavar="N", help="the seat you play (default 0)")
    p.add_argument(
        "--opponents", metavar="NAME",
        help="the bot at every other seat (default willughby)",
    )  # fmt: skip
    p.add_argument(
        "--save", metavar="FILE",
        help="write the hand record to FILE at the end, or when you leave the table",
    )  # fmt: skip
    p.add_argument(
        "--resume", metavar="FILE",
        help="go on with a hand saved with 'save FILE' (its record fixes rules and deal)",
    )  # fmt: skip
    add_json(p, "print the hand as JSON on stdout (the table, if you play, goes to stderr)")
    p.set_defaults(func=run_play)


def run_play(args: argparse.Namespace) -> int:
    out: TextIO = sys.stderr if args.json else sys.stdout
    table, names, you, seed = set_up(args)
    game = table.game
    show = out if (you is not None or not args.json) else None  # bots only + --json: silent
    stakes = stakes_report(game.rules, game.n)
    if show is not None:
        view = Observation.of(game, you if you is not None else 0)
        print("\n".join(play_view.opening_lines(view, stakes, names, you, seed)), file=show)
        if args.resume:
            print(f"Resumed from {args.resume} after move {len(game.moves)}:", file=show)
        # Everything public so far: the deal and the antes, and any moves of a saved hand.
        for event in game.events:
            seat = event.seat
            put_down = table.lie_downs.get(seat, 0) if event.kind == LIE and seat is not None else 0
            print(play_view.event_line(event, names, you, put_down), file=show)

        def announce(played: Played) -> None:
            print("\n".join(play_view.played_lines(played, names, you)), file=show)

        table.listener = announce
    if you is not None:
        assert show is not None
        table.players[you] = TerminalPlayer(show, names, you, table, sys.stdin.readline)
    try:
        table.play()
    except Quit as stop:
        print(f"\n{stop} Hand left unfinished at move {len(game.moves)}.", file=out)
        if args.save:  # asked for a record: an unfinished one can be resumed
            _save(table, names, args.save)
            print(f"Saved to {args.save}; go on with: lld play --resume {args.save}", file=out)
        return 0
    if show is not None:
        view = Observation.of(game, you if you is not None else 0)
        lines = play_view.result_lines(
            view, game.ledger.net, game.last_player, game.ledger.pot, stakes, names, you
        )
        print("\n".join(lines), file=show)
    if args.save:
        _save(table, names, args.save)
    if args.json:
        from lld.summary import summarize

        dump(summarize(game, names))
    return 0


def _save(table: Table, names: list[str], path: str) -> str:
    from lld.record import format_record, to_json

    # The form load_record will read it back in (JSON if the name ends .json), so
    # a hand saved as FILE.json can be resumed and replayed.
    record = table.record(names)
    if path.lower().endswith(".json"):
        text = json.dumps(to_json(record), indent=2, ensure_ascii=False) + "\n"
    else:
        text = format_record(record)
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as error:
        raise LldError(f"{path}: cannot write the record ({error.strerror})") from None
    return path


class TerminalPlayer:
    """A person at the terminal, playing one seat from its view only."""

    name = YOU

    def __init__(
        self, out: TextIO, names: list[str], seat: int, table: Table, read: Callable[[], str]
    ) -> None:
        self.out, self.names, self.seat, self.table, self.read = out, names, seat, table, read

    def choose(self, view: Observation) -> Move:
        move = self._ask(view, [*view.turn_moves, *view.free_moves], turn=True)
        assert move is not None  # a turn cannot be passed
        return move

    def free(self, view: Observation) -> Move | None:
        moves = list(view.free_moves)
        return self._ask(view, moves, turn=False) if moves else None

    def _say(self, *lines: str) -> None:
        print("\n".join(lines), file=self.out)

    def _ask(self, view: Observation, offered: list[Move], turn: bool) -> Move | None:
        names, you = self.names, self.seat
        self._say("", *play_view.status_lines(view, names, you))
        # Captures of several ranks at once (R45) can number in the thousands: they
        # are not listed, but said to be there, and taken when typed (checked below).
        moves = [m for m in offered if not m.several_ranks]
        self._say(*play_view.move_lines(moves, several=len(offered) - len(moves)))
        while True:
            print(play_view.prompt(view, names, you, turn), end="", file=self.out)
            self.out.flush()
            line = self.read()
            if not line:
                raise Quit("Input ended: you left the table.")
            text = line.strip()
            word, _, rest = text.partition(" ")
            if text.lower() in ("q", "quit"):
                raise Quit("You left the table.")
            if text.lower() in ("?", "help"):
                self._say(play_view.HELP)
                continue
            if text.lower() == "hint":
                self._hint(view)
                continue
            if word.lower() in ("save", "save!"):
                self._save(rest.strip(), replace=word.endswith("!"))
                continue
            if not text:
                if not turn:
                    return None
                self._say("  it is your turn: choose a move (a turn cannot be passed)")
                continue
            try:
                move = read_move(text, view.seat, moves)
                view.check(move)
            except (NotationError, IllegalMoveError) as error:
                self._say(f"  {error}")
                continue
            if turn or move.kind not in TURN_KINDS:
                return move
            self._say(f"  {move.action()} is a turn; only a free move (lay or claim) now")

    def _hint(self, view: Observation) -> None:
        from lld.hints import hint

        h = hint(view)
        what = "pass" if h.move is None else h.move.action()
        self._say(f"  the willughby bot would: {what}", f"  because: {h.reason}")

    def _save(self, path: str, replace: bool) -> None:
        if not path:
            self._say("  save where? type 'save FILE'")
            return
        # No shell reads the prompt, so '~' is expanded here, as it would be in
        # 'lld play --resume ~/hand.lld'.
        given, path = path, os.path.expanduser(path)
        if not replace and os.path.lexists(path) and not os.path.isdir(path):
            self._say(f"  {path} exists: 'save! {given}' replaces it, or save under another name")
            return
        try:
            _save(self.table, self.names, path)
        except LldError as error:
            self._say(f"  {error}")
            return
        self._say(f"  saved to {path}; go on with: lld play --resume {path}")


def read_move(text: str, seat: int, moves: list[Move]) -> Move:
    """A move typed at the prompt: its number in ``moves``, or the move itself."""
    if text.isascii() and text.isdigit():
        if len(text) > MAX_NUMBER_DIGITS or not 1 <= int(text) <= len(moves):
            shown = text if len(text) <= 12 else text[:12] + "…"
            raise NotationError(f"there is no move number {shown} (choose 1 to {len(moves)})")
        return moves[int(text) - 1]
    if ":" in text:
        seat_text = text.partition(":")[0].strip()
        if len(seat_text) > MAX_NUMBER_DIGITS:
            raise NotationError(f"bad move: seat {seat_text[:12]}… is not a seat")
        return Move.parse(text)
    return Move.parse_action(seat, text)

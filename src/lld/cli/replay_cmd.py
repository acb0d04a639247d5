"""``lld replay FILE``: play a hand record through the engine and show or check it.

What it shows is :func:`lld.replay.replayed`: each step (the move with the events it
caused), from one replay that also checks the result.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, NamedTuple

from lld.cards import count, format_cards
from lld.events import Event
from lld.game import Game
from lld.hand_files import load_hand
from lld.ledger import format_amount
from lld.moves import KINDS, LIE
from lld.record import HandRecord
from lld.replay import Step, replayed
from lld.ruleset import describe_reading
from lld.summary import summarize


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "replay",
        help="replay a hand record, checking every move and the result",
        description="Replay a hand record or a position (text, or JSON if FILE ends in .json):"
        " every move"
        " is checked against the record's ruleset, and the record's result, if it gives one,"
        " against the replay.",
    )
    p.add_argument("file", metavar="FILE", help="a hand record or a position (.lld text or .json)")
    p.add_argument("--json", action="store_true", help="print the replayed hand as JSON")
    p.set_defaults(func=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    rec = load_hand(args.file)
    game, walk = replayed(rec)  # every move and the result checked, played once
    if args.json:
        print(json.dumps(replay_json(rec, game, walk), indent=2, ensure_ascii=False))
    else:
        print(replay_text(rec, game, walk), end="")
    return 0


def replay_json(rec: HandRecord, game: Game, walk: tuple[Step, ...]) -> dict[str, Any]:
    """The replayed hand as one JSON object: what ``lld play --json`` prints, plus the
    record's title, its options as written, and its comment on each move."""
    out: dict[str, Any] = {} if rec.title is None else {"title": rec.title}
    out.update(summarize(game, rec.seats))
    out["options"] = dict(rec.options)
    out["result_checked"] = rec.result is not None
    out["events"] = [_event_json(r) for r in _events_by_step(rec, game, walk)]
    return out


def _event_json(row: _Row) -> dict[str, Any]:
    entry = row.event.to_json()
    if row.put_down:
        entry["put_down"] = format_cards(row.put_down)
    if row.comment:
        entry["comment"] = row.comment
    return entry


class _Row(NamedTuple):
    """An event as the replay shows it."""

    event: Event
    #: The record's comment on the event's move (on the move's own event only).
    comment: str = ""
    #: The comment lines before the move.
    before: tuple[str, ...] = ()
    #: For a lie-down, the cards it put on the table (the position's ``lie_downs``).
    put_down: int = 0


def _events_by_step(rec: HandRecord, game: Game, walk: tuple[Step, ...]) -> list[_Row]:
    """Every event, with the record's comment on its move and the comment lines
    before it (for the event that is the move itself)."""
    first = walk[0].before.events if walk else tuple(game.events)
    out = [_Row(e) for e in first]
    for step in walk:
        line = rec.moves[step.move_index]
        move_event, *rest = step.events
        put_down = step.after.lie_downs[step.seat] if move_event.kind == LIE else 0
        out.append(_Row(move_event, step.comment, line.before, put_down))
        out.extend(_Row(e) for e in rest)
    return out


def replay_text(rec: HandRecord, game: Game, walk: tuple[Step, ...]) -> str:
    """A readable move-by-move replay, each event with the ruling behind it."""
    lines = []
    if rec.title:
        lines.append(rec.title)
        lines.append("=" * min(len(rec.title), 78))
    if rec.note:
        lines.extend(rec.note.split("\n"))
    if lines:
        lines.append("")
    lines.append(describe_reading(rec.ruleset, dict(rec.options)))
    deal = f"seed {rec.seed}" if rec.seed is not None else "cards as given"
    lines.append(
        f"{game.n} players; {rec.name_of(game.dealer)} deals ({deal})"
        + (", everyone cutting for the deal" if rec.dealer is None else "")
    )
    for seat in range(game.n):
        won = game.deal.won[seat]
        extra = f"   already won: {format_cards(won)}" if won else ""
        hand = format_cards(game.deal.hands[seat])
        lines.append(f"  {rec.name_of(seat) + ':':<16} {hand}{extra}")
    lines.append(f"  {'table:':<16} {format_cards(game.deal.table)}")
    lines.append("")
    for event, comment, before_lines, put_down in _events_by_step(rec, game, walk):
        text = event.describe()
        for before in before_lines:
            lines.append(f"         # {before}")
        if put_down:
            text = f"{text}, putting {format_cards(put_down)} on the table"
        if event.kind in KINDS and event.seat is not None and rec.seats:
            text = f"{text}  ({rec.seats[event.seat]})"
        row = f"  {event.rule:<4} {text}"
        if comment:
            row = f"{row:<44} ; {comment}"
        lines.append(row)
    for c in rec.trailing:
        lines.append(f"         # {c}")
    lines.append("")
    if game.over:
        lines.append("result:")
        for seat in range(game.n):
            won = game.won[seat]
            lines.append(
                f"  {rec.name_of(seat) + ':':<16} {count(won):>2} cards, net"
                f" {format_amount(game.ledger.net[seat], signed=True)}"
            )
        last = "nobody" if game.last_player is None else rec.name_of(game.last_player)
        lines.append(f"  last player: {last}; left in the pot: {game.ledger.pot}")
        if rec.result is not None:
            lines.append("  (matches the record's result)")
    else:
        lines.append(f"the record stops here; {rec.name_of(game.to_play)} is to play")
    return "\n".join(lines) + "\n"

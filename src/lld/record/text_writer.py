"""Writing the canonical text form of a hand record (described in :mod:`lld.record`)."""

from __future__ import annotations

from lld.cards import format_cards
from lld.ledger import Amount, format_amount
from lld.record.model import HandRecord

#: The first line :func:`format_record` writes; optional when reading.
MAGIC = "# lld hand record"
#: Move lines with a comment are padded to this width before the ``;``.
_COMMENT_COLUMN = 20


def signed(n: Amount) -> str:
    """A net as the record writes it: ``+2``, ``-1``, ``0``, ``+1/3``."""
    return format_amount(n, signed=True)


def _option_value(value: str | None) -> str:
    return "none" if value is None else value


def format_record(rec: HandRecord) -> str:
    """The record in canonical text form (see :mod:`lld.record`)."""
    out = [MAGIC]
    if rec.title is not None:
        out.append(f"title: {rec.title}".rstrip())
    if rec.note is not None:
        out.extend(f"note: {line}".rstrip() for line in rec.note.split("\n"))
    if rec.rulings:
        out.append(f"rulings: {' '.join(rec.rulings)}")
    out.append(f"ruleset: {rec.ruleset}")
    out.extend(f"option: {k}={_option_value(v)}" for k, v in rec.options)
    out.append(f"players: {rec.players}")
    if rec.seats:
        out.append(f"seats: {', '.join(rec.seats)}")
    out.append(f"dealer: {'cut' if rec.dealer is None else rec.dealer}")
    if rec.seed is not None:
        out.append(f"seed: {rec.seed}")
    else:
        out.extend(f"hand {s}: {format_cards(h)}" for s, h in enumerate(rec.hands))
        out.append(f"table: {format_cards(rec.table)}")
        out.extend(f"won {s}: {format_cards(w)}" for s, w in enumerate(rec.won) if w)
    out.append("")
    out.extend(_comment(c) for c in rec.comments)
    out.append("moves:")
    for move, comment, before in rec.moves:
        out.extend(_comment(c) for c in before)
        text = str(move)
        if comment:
            text = f"{text:<{_COMMENT_COLUMN}} ; {comment}"
        out.append(text)
    out.extend(_comment(c) for c in rec.trailing)
    if rec.result is not None:
        net, last, pot = rec.result
        out += [
            "",
            "result:",
            f"net: {' '.join(signed(x) for x in net)}",
            f"last_player: {'none' if last is None else last}",
            f"pot_left: {format_amount(pot)}",
        ]
    return "\n".join(out) + "\n"


def _comment(text: str) -> str:
    return f"# {text}" if text else "#"

"""The JSON form of a hand record: writing it, and the JSON Schema that describes it."""

from __future__ import annotations

import json
from typing import Any

from lld.cards import format_cards
from lld.record.model import HandRecord

#: The ``format`` value of the JSON form.
JSON_FORMAT = "lld-hand-record/1"
#: Where the JSON Schema of the JSON form lives, inside the package.
SCHEMA_RESOURCE = ("schema", "hand-record.schema.json")


def to_json(rec: HandRecord) -> dict[str, Any]:
    """The record as JSON-ready data (see ``schema/hand-record.schema.json``)."""
    obj: dict[str, Any] = {"format": JSON_FORMAT}
    if rec.title is not None:
        obj["title"] = rec.title
    if rec.note is not None:
        obj["note"] = rec.note
    if rec.rulings:
        obj["rulings"] = list(rec.rulings)
    obj["ruleset"] = rec.ruleset
    if rec.options:
        obj["options"] = dict(rec.options)
    obj["players"] = rec.players
    if rec.seats:
        obj["seats"] = list(rec.seats)
    obj["dealer"] = "cut" if rec.dealer is None else rec.dealer
    if rec.seed is not None:
        obj["deal"] = {"seed": rec.seed}
    else:
        deal: dict[str, Any] = {
            "hands": [format_cards(h) for h in rec.hands],
            "table": format_cards(rec.table),
        }
        if any(rec.won):
            deal["won"] = [format_cards(w) for w in rec.won]
        obj["deal"] = deal
    if rec.comments:
        obj["comments"] = list(rec.comments)
    moves: list[Any] = []
    for move, comment, before in rec.moves:
        if comment or before:
            entry: dict[str, Any] = {"move": str(move)}
            if comment:
                entry["comment"] = comment
            if before:
                entry["before"] = list(before)
            moves.append(entry)
        else:
            moves.append(str(move))
    obj["moves"] = moves
    if rec.trailing:
        obj["trailing"] = list(rec.trailing)
    if rec.result is not None:
        net, last, pot = rec.result
        obj["result"] = {"net": list(net), "last_player": last, "pot_left": pot}
    return obj


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the JSON form."""
    from importlib.resources import files

    resource = files("lld")
    for part in SCHEMA_RESOURCE:
        resource = resource.joinpath(part)
    loaded: dict[str, Any] = json.loads(resource.read_text(encoding="utf-8"))
    return loaded

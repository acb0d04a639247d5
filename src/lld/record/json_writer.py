"""The JSON form of a hand record: writing it, and the JSON Schema that describes it."""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from lld.cards import format_cards
from lld.errors import LldError
from lld.ledger import json_amount
from lld.record.model import HandRecord

#: The ``format`` value of the JSON form.
JSON_FORMAT = "lld-hand-record/1"
#: Where the JSON Schema of the JSON form lives, inside the package.
SCHEMA_RESOURCE = ("schema", "hand-record.schema.json")


def to_json(rec: HandRecord) -> dict[str, Any]:
    """The record as JSON-ready data (its JSON Schema is :func:`schema`)."""
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
        obj["result"] = {
            "net": [json_amount(x) for x in net], "last_player": last, "pot_left": json_amount(pot)
        }  # fmt: skip
    return obj


#: The key that marks a node of the schema file as filled in when it is loaded,
#: and names what fills it (see :func:`fill_derived`).
DERIVED = "x-lld-derived"


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the JSON form.

    The schema file names neither the presets nor the options: the preset
    names come from :data:`lld.presets.PRESETS`, and the option names and values
    from the rulings registry (:data:`lld.ruleset.OPTIONS`, read from
    ``sources/rulings.toml``), so the schema accepts exactly what the engine does.

    >>> s = schema()
    >>> s["properties"]["options"]["properties"]["lie_down"]
    {'enum': ['forced', 'voluntary']}
    >>> None in s["properties"]["options"]["properties"]["deal_3"]["enum"]
    True
    """
    from importlib.resources import files

    from lld.presets import PRESETS
    from lld.ruleset import NULLABLE, OPTIONS

    resource = files("lld")
    for part in SCHEMA_RESOURCE:
        resource = resource.joinpath(part)
    loaded: dict[str, Any] = json.loads(resource.read_text(encoding="utf-8"))
    options = {name: spec.allowed for name, spec in OPTIONS.items()}
    return fill_derived(loaded, tuple(PRESETS), options, NULLABLE)


def fill_derived(
    raw: dict[str, Any],
    presets: Sequence[str],
    options: Mapping[str, Sequence[str]],
    nullable: Collection[str],
) -> dict[str, Any]:
    """``raw`` (the schema file's data) with each node marked :data:`DERIVED` filled in:
    ``presets`` with the preset names, ``options`` with each option's name and values
    (``null`` too for those in ``nullable``). Each mark must be used exactly once."""
    fills: dict[str, dict[str, Any]] = {
        "presets": {"enum": list(presets)},
        "options": {
            "propertyNames": {"enum": list(options)},
            "properties": {
                name: {"enum": [*values, *([None] if name in nullable else [])]}
                for name, values in options.items()
            },
        },
    }
    used: list[str] = []

    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(item) for item in node]
        if not isinstance(node, dict):
            return node
        out = {key: walk(value) for key, value in node.items() if key != DERIVED}
        if DERIVED in node:
            mark = node[DERIVED]
            if mark not in fills:
                raise LldError(f"hand-record schema: unknown {DERIVED} {mark!r}")
            used.append(mark)
            out.update(fills[mark])
        return out

    filled: dict[str, Any] = walk(raw)
    if sorted(used) != sorted(fills):
        raise LldError(
            f"hand-record schema: {DERIVED} marks {used}, expected each of {list(fills)} once"
        )
    return filled

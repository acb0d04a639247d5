"""Reading a hand from a file: a hand record, or a position, in either notation.

A position's text notation is a hand record under its own first line, so
``lld.record.load_record`` reads it already; its JSON notation adds a
``state`` that ``Position.from_json`` checks against the
replay, and the record reader (which sits below the positions) does not know.

>>> import json, tempfile, os
>>> from lld.game import Game
>>> from lld.presets import ruleset
>>> g = Game.new(ruleset("parlett"), players=5, seed=1)
>>> g.play(g.turn_moves()[0])
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "p.json")
>>> with open(path, "w") as f:
...     _ = f.write(json.dumps(Position.of(g).to_json()))
>>> rec = load_hand(path)
>>> rec.seed, len(rec.moves)
(1, 1)
"""

from __future__ import annotations

import json

from lld.position import JSON_FORMAT, Position
from lld.record.json_reader import parse_json_record
from lld.record.loading import load_record, read_record_file
from lld.record.model import HandRecord


def load_hand(path: str) -> HandRecord:
    """The hand in a record file or a position file (JSON if its name ends ``.json``,
    else text), as a record of its deal and moves. A bad file raises an
    :class:`~lld.errors.LldError` naming the file and what is wrong."""
    if not path.lower().endswith(".json"):
        return load_record(path)
    text = read_record_file(path)
    if _format_of(text) == JSON_FORMAT:
        return Position.from_json(text, where=path).record()
    return parse_json_record(text, path)


def _format_of(text: str) -> object:
    """The ``format`` a JSON object names, or ``None`` (the readers say what else is wrong)."""
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return obj.get("format") if isinstance(obj, dict) else None


__all__ = ["load_hand"]

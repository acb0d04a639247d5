"""The JSON Schemas (draft 2020-12) of the reports' JSON forms, shipped in the package.

>>> sorted(SCHEMAS)  # doctest: +NORMALIZE_WHITESPACE
['differences-report', 'preset-listing', 'preset-report', 'ruling-report', 'stakes-listing',
 'stakes-report']
>>> schema("stakes-report")["$schema"]
'https://json-schema.org/draft/2020-12/schema'
"""

from __future__ import annotations

import json
from typing import Any

from lld.errors import LldError

#: Report name -> the schema file in ``lld/schema``.
SCHEMAS = {
    "ruling-report": "ruling-report.schema.json",
    "preset-report": "preset-report.schema.json",
    "stakes-report": "stakes-report.schema.json",
    "differences-report": "differences-report.schema.json",
    # The command line's own wrappers: ``lld rules --json`` and ``lld stakes --json``.
    "preset-listing": "preset-listing.schema.json",
    "stakes-listing": "stakes-listing.schema.json",
}


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of one report's JSON form (``ruling-report``, ``preset-report``,
    ``stakes-report``, ``differences-report``)."""
    from importlib.resources import files

    try:
        filename = SCHEMAS[name]
    except KeyError:
        raise LldError(f"no schema called {name!r} (known: {', '.join(SCHEMAS)})") from None
    loaded: dict[str, Any] = json.loads(
        files("lld").joinpath("schema").joinpath(filename).read_text(encoding="utf-8")
    )
    return loaded

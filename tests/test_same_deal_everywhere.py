"""The same seed deals the same cards on CPython and on Pyodide (WebAssembly).

``pyodide/run.sh`` computes :func:`deals_everywhere.deals` on the host's CPython
and passes the result to the run inside Pyodide as ``LLD_CPYTHON_DEALS``; there
this test recomputes it and compares (and fails if the variable is missing).
Under CPython it is skipped: it is the WebAssembly build's check. (The golden
playthroughs, ``tests/test_golden.py``, also replay seeded hands under both.)
"""

from __future__ import annotations

import json
import os
import sys

import pytest

from deals_everywhere import deals


@pytest.mark.skipif(
    sys.platform != "emscripten", reason="Pyodide's check (pyodide/run.sh passes CPython's deals)"
)
def test_same_seed_same_deal_as_cpython() -> None:
    given = os.environ.get("LLD_CPYTHON_DEALS")
    assert given, "LLD_CPYTHON_DEALS is not set: run the suite with pyodide/run.sh"
    expected = json.loads(given)
    got = deals()
    assert len(got) == len(expected) > 100
    assert got == expected

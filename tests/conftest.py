"""Test configuration: the helper modules beside the tests are importable.

pytest runs with ``--import-mode=importlib``, which does not put ``tests/`` on
``sys.path``; the rule and property tests import :mod:`positions` and
:mod:`strategies` from here. The browser tests import ``browser_support`` from
``docs/``, which they share with the site's benchmarks (``docs/measure.py``,
``docs/bench_cells.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

_HERE = Path(__file__).resolve().parent
for _path in (str(_HERE.parent / "docs"), str(_HERE)):
    if _path not in sys.path:
        sys.path.insert(0, _path)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for every browser test (Playwright is imported only
    by the browser session, which installs it)."""
    from browser_support import headless_chromium

    with headless_chromium() as b:
        yield b

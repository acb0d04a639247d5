"""Test configuration: the helper modules beside the tests are importable.

pytest runs with ``--import-mode=importlib``, which does not put ``tests/`` on
``sys.path``; the rule and property tests import :mod:`positions` and
:mod:`strategies` from here.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

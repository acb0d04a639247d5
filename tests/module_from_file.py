"""Load a module from a file path: the tools the tests exercise (``tools/*.py``)
are scripts, not an importable package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_module(path: Path, name: str) -> ModuleType:
    """The module in ``path``, run under ``name`` and registered in ``sys.modules``
    (a dataclass looks its module up there while it is being defined)."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load a module from {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module

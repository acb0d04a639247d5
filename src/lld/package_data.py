"""Where the project's data folders are: in the checkout, or inside the package.

``sources/`` and ``examples/`` live at the top of the repository; a built wheel
carries them inside the package as ``lld/_sources`` and ``lld/_examples``.
"""

from __future__ import annotations

from pathlib import Path


def data_directory(name: str, marker: str) -> Path:
    """The folder ``name``: the checkout's (when it holds ``marker``), else the installed one.

    ``marker`` is a file name or glob that only a real copy of the folder holds,
    so that an unrelated folder of the same name is never taken for it.
    """
    # This file is src/lld/package_data.py in a checkout.
    checkout = Path(__file__).resolve().parents[2] / name
    if any(checkout.glob(marker)):
        return checkout
    from importlib.resources import files

    return Path(str(files("lld") / f"_{name}"))

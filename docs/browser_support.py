"""What the browser tests and the site's benchmarks share: the built site served
on 127.0.0.1 by ``docs/serve.py`` (gzip, as ``nox -s serve`` serves it) and
Debian's Chromium, headless, driven by Playwright.

Imported by ``tests/browser`` (its conftest puts ``docs/`` on ``sys.path``),
``docs/measure.py`` and ``docs/bench_cells.py`` (run as scripts from ``docs/``).
Playwright is imported only by :func:`headless_chromium`, so the serving half
works without it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from serve import make_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser


class NoChromium(RuntimeError):
    """Neither ``LLD_CHROMIUM`` nor a ``chromium`` on PATH."""


def find_chromium() -> str:
    """``LLD_CHROMIUM`` (``nox -s browser`` sets it) or ``chromium`` on PATH.

    Debian's Chromium, never Playwright's own download (``playwright install``
    would fetch it from outside the package registries).
    """
    found = os.environ.get("LLD_CHROMIUM") or shutil.which("chromium")
    if not found:
        raise NoChromium("no chromium on PATH: `nox -s browser` installs Debian's (apt-get)")
    return found


@contextlib.contextmanager
def served(site: Path) -> Iterator[str]:
    """Serve ``site`` on 127.0.0.1 (any free port) while in the block; its base URL."""
    server = make_server(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def headless_chromium() -> Iterator[Browser]:
    """Debian's Chromium, headless, under Playwright, closed after the block."""
    from playwright.sync_api import sync_playwright

    executable = find_chromium()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable)
        try:
            yield browser
        finally:
            browser.close()

"""The built site, served on 127.0.0.1 by the tests, in Debian's headless Chromium.

Run by ``nox -s browser``, which installs Playwright (from PyPI) and Chromium
(with apt-get, never ``playwright install``), builds the site and sets
``LLD_DOCS_BUILT`` and ``LLD_CHROMIUM``. Every page a test opens fails the
test on a console error or on a request to anywhere but the test's server.
"""

from __future__ import annotations

import functools
import os
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytest.importorskip("playwright", reason="the browser tests run in `nox -s browser`")

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site_dir() -> Path:
    built = Path(os.environ.get("LLD_DOCS_BUILT", ROOT / "docs" / "_build" / "html"))
    if not (built / "rules.html").exists():
        pytest.fail(f"no built site in {built}: build it first (nox -s docs)")
    return built


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(site_dir))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    chromium = os.environ.get("LLD_CHROMIUM") or shutil.which("chromium")
    if not chromium:
        pytest.fail("no chromium on PATH: `nox -s browser` installs Debian's")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium)
        yield b
        b.close()


class Watched:
    """A fresh browser context (empty storage) whose pages are watched."""

    def __init__(self, context: BrowserContext, base_url: str) -> None:
        self.context = context
        self.base_url = base_url
        self.errors: list[str] = []
        self.outside: list[str] = []
        context.route("**/*", self._route)

    def _route(self, route: Any) -> None:
        host = urlsplit(route.request.url).hostname
        if host != "127.0.0.1":
            self.outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    def open(self, path: str, **kwargs: Any) -> Page:
        page = self.context.new_page(**kwargs)
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.goto(self.base_url + path, wait_until="load")
        return page


@pytest.fixture
def site(browser: Browser, base_url: str) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watched = Watched(context, base_url)
    yield watched
    context.close()
    assert watched.outside == [], f"requests left 127.0.0.1: {watched.outside}"
    assert watched.errors == [], f"console errors: {watched.errors}"

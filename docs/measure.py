"""Measure the site (a benchmark, not a test): what a first visit to a page
transfers (nothing cached) from ``docs/serve.py``, the server ``nox -s serve``
runs, which gzips text; and the same files uncompressed.

    python docs/measure.py [DOCS_BUILT] [page ...]
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import threading
from pathlib import Path

from playwright.sync_api import Response, sync_playwright

ROOT = Path(__file__).resolve().parents[1]


def measure(site: Path, pages: list[str]) -> None:
    spec = importlib.util.spec_from_file_location("lld_site_server", ROOT / "docs" / "serve.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    server = module.make_server(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    chromium = os.environ.get("LLD_CHROMIUM") or shutil.which("chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium)
        for path in pages:
            context = browser.new_context()
            page = context.new_page()
            responses: list[Response] = []
            page.on("response", lambda r, seen=responses: seen.append(r))
            page.goto(base + path, wait_until="networkidle")
            wire = sum(int(r.all_headers().get("content-length", "0")) for r in responses)
            raw = sum(len(r.body()) for r in responses)
            context.close()
            print(
                f"{path}: {len(responses)} requests, {wire / 1024:.0f} KiB transferred,"
                f" {raw / 1024:.0f} KiB uncompressed"
            )
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    args = sys.argv[1:]
    site = Path(args.pop(0)) if args else ROOT / "docs" / "_build" / "html"
    measure(site, args or ["rules.html", "contested/r22.html", "examples.html"])

"""Measure the site (a benchmark, not a test): what a first visit to a page
transfers (nothing cached) from ``docs/serve.py``, the server ``nox -s serve``
runs, which gzips text; and the same files uncompressed.

    python docs/measure.py [DOCS_BUILT] [page ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

from browser_support import headless_chromium, served
from playwright.sync_api import Response

ROOT = Path(__file__).resolve().parents[1]


def measure(site: Path, pages: list[str]) -> None:
    with served(site) as base, headless_chromium() as browser:
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


if __name__ == "__main__":
    args = sys.argv[1:]
    site = Path(args.pop(0)) if args else ROOT / "docs" / "_build" / "html"
    measure(site, args or ["rules.html", "contested/r22.html", "examples.html"])

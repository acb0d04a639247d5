"""Benchmark the in-browser cells (not a test): click to the engine's first output.

    python docs/bench_cells.py [DOCS_BUILT] [--page contested/r22.html] [--runs 3]

Serves the built site with ``docs/serve.py`` (gzip, as ``nox -s serve`` does) and
drives headless Chromium (``LLD_CHROMIUM`` or ``chromium`` on PATH):

* **cold**: a fresh browser profile (nothing cached), page loaded, then the
  cell's button clicked; the time to the first output in the cell.
* **warm**: the same profile again (the browser's cache filled by the cold run).
* **phases** of the cold start, from the requests' timings: the JupyterLite app
  (click to the request for ``pyodide.mjs``), the Pyodide runtime's start and its
  packages (to the last wheel read: Pyodide fetches them while it starts), and
  the kernel's start with the engine's import and run (to the first output).
  The app's phase is split once more where the app asks for the kernel's
  worker script: before it, the app's own start (its scripts, plugins and
  settings); after it, the worker's start until it asks for Pyodide.
* **drive round trips**: requests from the kernel's worker to the page's file
  drive (``lite/api/drive``) before the first output. Each is a synchronous
  round trip through the page; Python's imports made about 90 of them when ""
  was first on sys.path, about 20 when it was last (``pyodide/start.mjs`` drops it).
* **CPU seconds** that the browser's processes spent from the click to the
  first output (user and system time, from ``/proc``): on a machine shared
  with other work this moves far less than the wall-clock time does.
* **weight**: bytes transferred by the page before the click and after Python
  has started; the site's total size on disk, by part.

Runs in the ``browser`` nox session's environment (Playwright):
``.nox/browser/bin/python docs/bench_cells.py``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from browser_support import NoChromium, find_chromium, served
from playwright.sync_api import Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SITE = ROOT / "docs" / "_build" / "html"


@dataclass
class Run:
    seconds: float
    before_bytes: int
    after_bytes: int
    phases: dict[str, float] = field(default_factory=dict)
    biggest: list[tuple[int, str]] = field(default_factory=list)
    drive_trips: int = 0
    cpu_seconds: float = float("nan")


def _browser_cpu(profile: Path) -> float:
    """CPU seconds used so far by the browser started on ``profile`` and its
    child processes (Linux ``/proc``; ``nan`` elsewhere). Children that have
    exited count through their parent's ``cutime``/``cstime``."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    stats: dict[int, tuple[int, list[str]]] = {}
    root = None
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if root is None and f"--user-data-dir={profile}".encode() in (
                entry / "cmdline"
            ).read_bytes().split(b"\0"):
                root = int(entry.name)
        except OSError:
            continue
        stats[int(entry.name)] = (int(fields[1]), fields)
    if root is None:
        return float("nan")
    family, grew = {root}, True
    while grew:
        more = {pid for pid, (ppid, _) in stats.items() if ppid in family} - family
        family |= more
        grew = bool(more)
    total = 0
    for pid in family:
        fields = stats[pid][1]
        # utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the name.
        total += sum(int(x) for x in fields[11:15])
    return total / ticks


def _one(page: Page, url: str, profile: Path) -> Run:
    sizes: list[tuple[float, str, int]] = []  # (finished at, url, bytes on the wire)
    started: dict[str, float] = {}

    drive: list[float] = []

    def on_request(request: Any) -> None:
        started.setdefault(request.url.split("?")[0], time.monotonic())
        if request.url.split("?")[0].endswith("/api/drive"):
            drive.append(time.monotonic())

    def on_finished(request: Any) -> None:
        # The body's length as served (the site's server always sends it; gzipped
        # text counts compressed). Requests from the kernel's worker count too.
        response = request.response()
        length = response.headers.get("content-length", "0") if response else "0"
        sizes.append((time.monotonic(), request.url.split("?")[0], int(length)))

    page.on("request", on_request)
    page.on("requestfinished", on_finished)
    page.goto(url, wait_until="networkidle")
    before = sum(s for _, _, s in sizes)
    started.clear()
    cpu = _browser_cpu(profile)
    click = time.monotonic()
    page.locator(".lld-cell .jupyterlite_sphinx_try_it_button").click()
    frame = page.frame_locator(".lld-cell iframe")
    frame.locator(".jp-OutputArea-output").first.wait_for(timeout=180_000)
    first = time.monotonic() - click
    cpu = _browser_cpu(profile) - cpu
    trips = sum(1 for t in drive if click <= t <= click + first)
    page.wait_for_load_state("networkidle")
    time.sleep(1)
    after = sum(s for _, _, s in sizes)
    since = [(t - click, u, s) for t, u, s in sizes if t >= click]
    mjs = min((started[u] - click for u in started if u.endswith("/pyodide.mjs")), default=None)
    wheels_done = [t for t, u, _ in since if u.endswith(".whl")]
    phases: dict[str, float] = {}
    if mjs is not None and wheels_done:
        # Pyodide fetches the wheels while its runtime starts, and reads them
        # after: the middle phase is the runtime's start and the packages together.
        phases = {
            "JupyterLite app (click to pyodide.mjs requested)": mjs,
            "Pyodide runtime and packages (to the last wheel read)": max(wheels_done) - mjs,
            "kernel start: import IPython and the kernel, run the cell (to first output)": first
            - max(wheels_done),
        }
    worker = min(
        (started[u] - click for u in started if u.rsplit("/", 1)[-1].startswith("comlink.worker")),
        default=None,
    )
    if phases and worker is not None and mjs is not None:
        app, *rest = phases.items()
        phases = dict([
            app,
            ("  of which the app's start (to the kernel's worker script requested)", worker),
            ("  of which the worker's start (to pyodide.mjs requested)", mjs - worker),
            *rest,
        ])  # fmt: skip
    biggest = sorted(((s, u.rsplit("/", 1)[-1]) for _, u, s in since), reverse=True)[:6]
    return Run(first, before, after, phases, biggest, trips, cpu)


def _browser_run(p: Playwright, chromium: str, profile: Path, url: str) -> Run:
    context = p.chromium.launch_persistent_context(
        str(profile), executable_path=chromium, headless=True,
        viewport={"width": 1280, "height": 1000},
    )  # fmt: skip
    try:
        page = context.new_page()
        return _one(page, url, profile)
    finally:
        context.close()


def _size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", type=Path, default=DEFAULT_SITE)
    parser.add_argument("--page", default="contested/r22.html")
    parser.add_argument("--runs", type=int, default=3, help="cold runs (each a fresh profile)")
    args = parser.parse_args(argv)
    if not (args.site / "lite" / "static" / "pyodide").is_dir():
        print(
            f"bench_cells: no built site with cells in {args.site} (nox -s docs)", file=sys.stderr
        )
        return 2
    try:
        chromium = find_chromium()
    except NoChromium as error:
        print(f"bench_cells: {error}", file=sys.stderr)
        return 2
    start_load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    colds: list[Run] = []
    warms: list[Run] = []
    with served(args.site) as base, sync_playwright() as p:
        url = base + args.page
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as profile:
                colds.append(_browser_run(p, chromium, Path(profile), url))
                warms.append(_browser_run(p, chromium, Path(profile), url))
    kb = 1024
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"page: {args.page}, {args.runs} runs, headless Chromium, site on 127.0.0.1")
    print(f"load average at the end (1, 5, 15 min): {load}; at the start: {start_load}")
    cold = [r.seconds for r in colds]
    warm = [r.seconds for r in warms]
    print(f"cold click to first output: median {statistics.median(cold):.2f} s"
          f" (runs {', '.join(f'{s:.2f}' for s in cold)}); target 4 s")  # fmt: skip
    print(f"warm click to first output: median {statistics.median(warm):.2f} s"
          f" (runs {', '.join(f'{s:.2f}' for s in warm)})")  # fmt: skip
    cpu_cold = [r.cpu_seconds for r in colds]
    cpu_warm = [r.cpu_seconds for r in warms]
    cold_cpu, warm_cpu = statistics.median(cpu_cold), statistics.median(cpu_warm)
    cpu = f"cold median {cold_cpu:.2f} s, warm median {warm_cpu:.2f} s"
    print(f"browser CPU from click to first output: {cpu}")
    print("cold start by phase (first run):")
    for name, seconds in colds[0].phases.items():
        print(f"  {name}: {seconds:.2f} s")
    print(f"drive round trips before the first output: {colds[0].drive_trips}")
    print("largest transfers after the click (first cold run):")
    for size, name in colds[0].biggest:
        print(f"  {size / kb:8.0f} KB  {name}")
    print(f"page weight before Python: {colds[0].before_bytes / kb:.0f} KB transferred;"
          f" after Python started: {colds[0].after_bytes / kb:.0f} KB")  # fmt: skip
    lite = args.site / "lite"
    parts = {
        "Pyodide and the wheels (lite/static/pyodide)": _size(lite / "static" / "pyodide"),
        "JupyterLite apps and extensions (rest of lite/)": _size(lite)
        - _size(lite / "static" / "pyodide"),
        "the Sphinx pages and their assets": _size(args.site) - _size(lite),
    }
    print(f"site size on disk: {_size(args.site) / kb / kb:.1f} MB")
    for name, size in parts.items():
        print(f"  {size / kb / kb:6.1f} MB  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

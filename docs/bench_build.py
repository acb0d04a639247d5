"""Time a clean build of the site, phase by phase (a benchmark, not a test).

    python docs/bench_build.py [OUTPUT_DIR]

Run it with the docs environment's Python (``.nox/docs/bin/python`` after
``./run nox -s docs``). It builds everything afresh into ``OUTPUT_DIR`` (default:
a temporary directory), on every core as ``nox -s docs`` does, and prints the
seconds each phase took and the total against the target of three minutes:

* set-up: loading the configuration and the extensions, and writing the
  generated step-through pages (before Sphinx reads anything);
* read: parsing every page, where the directives run the engine;
* write: writing the HTML;
* handouts: the PDF handouts written when the build has finished.

Sphinx reports no phase times of its own, so the phases are timed from its
events; the set-up is the time Sphinx takes to be ready to build.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

DOCS = Path(__file__).resolve().parent
TARGET_SECONDS = 180.0


def build(out: Path) -> dict[str, float]:
    """Build the site into ``out`` from nothing; the seconds of each phase."""
    marks: dict[str, float] = {"start": time.perf_counter()}

    def mark(name: str) -> Any:
        def handler(*_: object) -> None:
            marks.setdefault(name, time.perf_counter())

        return handler

    app = Sphinx(
        srcdir=DOCS, confdir=DOCS, outdir=out / "html", doctreedir=out / "doctrees",
        buildername="html", status=None, warning=sys.stderr, freshenv=True,
        warningiserror=True, parallel=os.cpu_count() or 1, keep_going=True,
    )  # fmt: skip
    marks["ready"] = time.perf_counter()
    app.connect("env-before-read-docs", mark("read"), priority=0)
    app.connect("env-updated", mark("write"), priority=0)
    # The handouts are written in a build-finished handler of the default priority.
    app.connect("build-finished", mark("handouts"), priority=0)
    app.connect("build-finished", mark("end"), priority=1000)
    app.build(force_all=True)
    if app.statuscode:
        raise SystemExit(f"bench_build: the build failed (status {app.statuscode})")
    return {
        "set-up": marks["ready"] - marks["start"],
        "read": marks["write"] - marks["read"],
        "write": marks["handouts"] - marks["write"],
        "handouts": marks["end"] - marks["handouts"],
        "total": marks["end"] - marks["start"],
    }


def main(argv: list[str]) -> int:
    sys.path[:0] = [str(DOCS.parent / "src"), str(DOCS / "_ext")]
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(argv[0]) if argv else Path(scratch)
        phases = build(out)
    for name, seconds in phases.items():
        print(f"{name:<9} {seconds:7.1f} s")
    met = "met" if phases["total"] <= TARGET_SECONDS else "NOT met"
    print(f"target: a clean build in at most {TARGET_SECONDS:.0f} s: {met}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

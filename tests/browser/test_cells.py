"""The in-browser cells (JupyterLite on Pyodide), in a real browser, offline.

For a contested ruling, an example hand and the API reference: click the cell's
button, let it run the engine in the browser, and check its output under two
sources' readings against what the same engine computed while the site was
built (the cell's ``data-lld-expect``). Every request must stay on 127.0.0.1
(others are refused and fail the test) and no console message may be an error.
Each test prints the time from the click to the first output (docs/bench_cells.py
is the benchmark).

Run by ``nox -s browser`` (see test_site.py for what it installs).
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytest.importorskip("playwright", reason="the browser tests run in `nox -s browser`")

from browser_support import served
from playwright.sync_api import Browser, FrameLocator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
#: Generous: a cold start on a loaded 2-core machine; the benchmark measures the real figure.
START_MS = 120_000
RUN_MS = 30_000


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    built = Path(os.environ.get("LLD_DOCS_BUILT", ROOT / "docs" / "_build" / "html"))
    if not (built / "lite" / "static" / "pyodide" / "pyodide-lock.json").exists():
        pytest.fail(f"no built site with cells in {built}: build it first (nox -s docs)")
    with served(built) as url:
        yield url


class Cell:
    """A page with a cell, in a fresh browser context, watched for requests and errors."""

    def __init__(self, browser: Browser, url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 1000})
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page: Page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(url, wait_until="load")
        head = self.page.locator(".lld-cell-head")
        assert head.count() == 1, "one cell (one kernel) per page"
        self.expect: dict[str, Any] = json.loads(head.get_attribute("data-lld-expect") or "{}")
        self.frame: FrameLocator = self.page.frame_locator(".lld-cell iframe")

    def _route(self, route: Any) -> None:
        if urlsplit(route.request.url).hostname != "127.0.0.1":
            self.outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    def _console(self, message: Any) -> None:
        # Chromium warns of a preloaded script left unused: the app's pages preload
        # what their start needs (docs/_ext/lld_docs/lite_app.py), and nothing else.
        if message.type == "error" or "preloaded using link preload but not used" in message.text:
            self.errors.append(message.text)

    def start(self) -> float:
        """Click the button; seconds until the first output appears."""
        assert self.page.locator(".lld-cell iframe").count() == 0, "nothing loads before the click"
        began = time.monotonic()
        self.page.locator(".lld-cell .jupyterlite_sphinx_try_it_button").click()
        self.frame.locator(".jp-OutputArea-output").first.wait_for(timeout=START_MS)
        return time.monotonic() - began

    def wait_for_text(self, text: str) -> None:
        self.frame.locator(".jp-CodeConsole-content").get_by_text(text, exact=False).first.wait_for(
            timeout=RUN_MS
        )

    def run(self, code: str) -> None:
        """Type ``code`` into the console's prompt and run it."""
        prompt = self.frame.locator(".jp-CodeConsole-promptCell .cm-content")
        prompt.click()
        prompt.fill(code)
        prompt.press("Shift+Enter")

    def close(self) -> None:
        self.context.close()
        assert self.outside == [], f"requests left 127.0.0.1: {self.outside}"
        assert self.errors == [], f"console errors: {self.errors}"


@pytest.fixture
def open_cell(browser: Browser, base_url: str) -> Iterator[Any]:
    opened: list[Cell] = []

    def open_(path: str) -> Cell:
        cell = Cell(browser, base_url + path)
        opened.append(cell)
        return cell

    yield open_
    for cell in opened:
        cell.close()


def _report(capsys: pytest.CaptureFixture[str], what: str, seconds: float) -> None:
    """Print the time from the click to the first output, past pytest's capture."""
    with capsys.disabled():
        print(f"\n{what}: click to first output {seconds:.1f} s", flush=True)


def test_contested_ruling_cell_replays_under_two_readings(
    open_cell: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    cell = open_cell("contested/r22.html")
    first, second = cell.expect["readings"]
    assert {"sympkyn"} <= {*first["presets"], *second["presets"]}
    _report(capsys, "contested/r22", cell.start())
    # The cell opens on the position where the readings part, drawn as cards ...
    assert cell.frame.locator(".jp-OutputArea-output .lld-board svg").count() >= 1
    # ... and replays under the first reading, naming the rulings with links.
    cell.wait_for_text(first["text"])
    link = cell.frame.locator(".lld-outcome a", has_text="R22").first
    assert (link.get_attribute("href") or "").endswith("/rules.html#r22")
    # The line that switches the reading, with the other value.
    cell.run(second["line"])
    cell.wait_for_text(second["text"])
    assert first["text"] != second["text"]
    hints = cell.frame.locator("link[rel=preload][as=script]:not([main])")
    assert hints.count() > 40, "the REPL's page preloads the scripts its start needs"


def test_example_hand_cell_steps_and_replays_under_another_preset(
    open_cell: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    cell = open_cell("hands/r14-pair-royal-one-of-three.html")
    own, other = cell.expect["readings"]
    _report(capsys, "hands/r14-pair-royal-one-of-three", cell.start())
    cell.wait_for_text(cell.expect["first"])
    cell.wait_for_text(other["text"])
    # Step forwards and back with plain calls.
    cell.run("show(w.next())")
    cell.wait_for_text("Step 2 of")
    cell.run("show(w.back())")
    # Back at step 1: a second drawing of it, after the first one and step 2's.
    cell.frame.locator(".lld-step", has_text="Step 1 of").nth(1).wait_for(timeout=RUN_MS)
    # Under the record's own preset.
    cell.run(f'show(lld.replay_under(rec, "{own["value"]}"))')
    cell.wait_for_text(own["text"])


def test_api_example_cell_runs_the_docstring_examples(
    open_cell: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    cell = open_cell("reference/api.html")
    _report(capsys, "reference/api", cell.start())
    cell.wait_for_text(cell.expect["last"])
    # The same example under two sources' presets: the deal is the engine's, seeded.
    cell.run('lld.Position.of(lld.Game.new(lld.ruleset("parlett"), players=5, seed=1)).hand_sizes')
    cell.wait_for_text("(8, 8, 8, 8, 8)")
    cell.run('lld.Position.of(lld.Game.new(lld.ruleset("sympkyn"), players=5, seed=1)).hand_sizes')
    cell.wait_for_text("8, 8, 8, 8")


#: The hand page the notebooks are opened from, and how many moves its record has
#: (the step-through counts its steps by them).
NOTEBOOK_HAND = ROOT / "examples" / "r14-pair-royal-one-of-three.lld"
NOTEBOOK_HAND_MOVES = len(re.findall(r"^\d+: ", NOTEBOOK_HAND.read_text("utf-8"), re.M))


@pytest.mark.parametrize(
    ("notebook", "shows"),
    [
        ("step-through.ipynb", f"Step 2 of {NOTEBOOK_HAND_MOVES}"),
        ("replay-under.ipynb", "pair_royal_capture=three_only"),
    ],
)
def test_example_notebook_runs_from_the_hand_page(
    browser: Browser, base_url: str, notebook: str, shows: str
) -> None:
    cell = Cell(browser, base_url + "hands/r14-pair-royal-one-of-three.html")
    try:
        link = cell.page.locator(f'.lld-cell-head a[href*="{notebook}"]')
        cell.page.goto(base_url + "hands/" + (link.get_attribute("href") or ""), wait_until="load")
        cells = cell.page.locator(".jp-Notebook .jp-Cell")
        cells.first.wait_for(timeout=START_MS)
        outputs = cell.page.locator(".jp-Notebook .jp-OutputArea-output")
        # Run > Run All Cells, as a reader would. On a loaded machine the menu can
        # take the click before the notebook is wired to its kernel, and nothing
        # runs (seen once in CI): a reader would ask again, and so does the test.
        # JupyterLab may also open a dialog first (seen once in CI, under load,
        # covering the menu): a reader answers it with the button it offers, and
        # so does the test, keeping its words for the failure message.
        dialogs: list[str] = []
        for attempt in range(3):
            try:
                dialog = cell.page.locator(".jp-Dialog")
                if dialog.count() and dialog.first.is_visible():
                    dialogs.append(dialog.first.inner_text())
                    dialog.first.locator(".jp-Dialog-button.jp-mod-accept").first.click()
                menu = cell.page.locator(".lm-MenuBar-itemLabel", has_text="Run").first
                menu.click(timeout=10_000)
                run_all = cell.page.locator(".lm-Menu-itemLabel", has_text="Run All Cells")
                run_all.first.click(timeout=10_000)
                outputs.get_by_text(shows, exact=False).first.wait_for(timeout=START_MS // 2)
                break
            except PlaywrightTimeoutError:
                if attempt == 2:
                    raise AssertionError(
                        f"{notebook} showed no {shows!r} after three runs; dialogs: {dialogs}"
                    ) from None
        assert cell.page.locator(".jp-OutputArea-output[data-mime-type*='error']").count() == 0
    finally:
        cell.close()


def test_a_page_opened_from_disk_says_to_serve_it_and_loads_nothing(browser: Browser) -> None:
    built = Path(os.environ.get("LLD_DOCS_BUILT", ROOT / "docs" / "_build" / "html"))
    page = browser.new_page()
    try:
        page.goto((built / "contested" / "r22.html").resolve().as_uri(), wait_until="load")
        note = page.locator(".lld-cell-file")
        assert note.is_visible()
        assert "python3 -m http.server" in note.inner_text()
        page.locator(".lld-cell .jupyterlite_sphinx_try_it_button").click()
        page.wait_for_timeout(300)
        assert page.locator(".lld-cell iframe").count() == 0
    finally:
        page.close()


def test_a_served_page_does_not_show_the_disk_note(open_cell: Any) -> None:
    cell = open_cell("contested/r22.html")
    assert not cell.page.locator(".lld-cell-file").is_visible()


def test_what_the_kernel_start_leaves_out_or_puts_off_still_works(open_cell: Any) -> None:
    """jedi is not served, and pyodide/start.mjs puts off IPython's terminal
    shell and piplite: completion (IPython's own), ``IPython.embed``'s module and
    ``%pip`` still answer, piplite with the settings the kernel gave it (no PyPI)."""
    cell = open_cell("contested/r22.html")
    cell.start()
    cell.run(
        "import sys\n"
        "print('put off:', 'prompt_toolkit' not in sys.modules, 'micropip' not in sys.modules)\n"
        "print('completes:', get_ipython().complete('lld.ste'))"
    )
    cell.wait_for_text("put off: True True")
    cell.wait_for_text("completes: ('.ste', ['.steps'])")
    cell.run(
        "from IPython.terminal.embed import InteractiveShellEmbed\n"
        "print('embed:', InteractiveShellEmbed.__name__, 'prompt_toolkit' in sys.modules)"
    )
    cell.wait_for_text("embed: InteractiveShellEmbed True")
    cell.run("%pip install lld")
    cell.run(
        "real = sys.modules['piplite.piplite']\n"
        "print('piplite:', hasattr(real, '__file__'), real._PIPLITE_DISABLE_PYPI,"
        " 'micropip' in sys.modules)"
    )
    cell.wait_for_text("piplite: True True True")

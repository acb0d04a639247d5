"""The site in a real browser: synced source tabs, ?source= links, print, no
console errors and no request leaving 127.0.0.1 (checked on every page by the
``site`` fixture).

The built site, served on 127.0.0.1 by the tests, in Debian's headless Chromium.

Run by ``nox -s browser``, which installs Playwright (from PyPI) and Chromium
(with apt-get, never ``playwright install``), builds the site and sets
``LLD_DOCS_BUILT`` and ``LLD_CHROMIUM``. Every page a test opens fails the
test on a console error or on a request to anywhere but the test's server.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import pytest

pytest.importorskip("playwright", reason="the browser tests run in `nox -s browser`")

from browser_support import served
from playwright.sync_api import Browser, BrowserContext, Page

from lld.concordance import load

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site_dir() -> Path:
    built = Path(os.environ.get("LLD_DOCS_BUILT", ROOT / "docs" / "_build" / "html"))
    if not (built / "rules.html").exists():
        pytest.fail(f"no built site in {built}: build it first (nox -s docs)")
    return built


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    with served(site_dir) as url:
        yield url


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

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def open(self, path: str, **kwargs: Any) -> Page:
        page = self.context.new_page(**kwargs)
        page.on("console", self._console)
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


HAND_PAGE = "hands/r14-pair-royal-one-of-three.html"

PAGES = [
    "index.html", "rules.html", "contested/index.html", "contested/r22.html",
    "sources/index.html", "sources/parlett.html", "stakes.html", "examples.html",
    "glossary.html", "reference/cli.html", "reference/api.html", HAND_PAGE,
    "hands/r14-pair-royal-one-of-three/seat-0.html", "contested/r14.html",
]  # fmt: skip


def _checked_sources(page: Page) -> list[str]:
    """The source of the checked tab in every tab set of the page, in order."""
    return page.evaluate(  # type: ignore[no-any-return]
        """() => [...document.querySelectorAll('.sd-tab-set')].map(set => {
            const input = set.querySelector(':scope > input:checked');
            return input ? input.nextElementSibling.dataset.syncId : null;
        })"""
    )


@pytest.mark.parametrize("path", PAGES)
def test_page_loads_cleanly(site: Watched, path: str) -> None:
    page = site.open(path)
    assert page.title()


def _tabs() -> list[list[str]]:
    """The sources with a tab, for each ruling that has any (a source has a tab
    only where it says something on the ruling)."""
    from lld.reports import ruling_report

    conc = load()
    out = []
    for r in conc.rulings:
        tabs = [w.source for w in ruling_report(r.id, conc).sources if w.speaks]
        if tabs:
            out.append(tabs)
    return out


def _expected(chosen: str) -> list[str]:
    """Every tab set shows ``chosen`` where it has that source's tab, else its first."""
    return [chosen if chosen in tabs else tabs[0] for tabs in _tabs()]


def test_synced_tabs_switch_together_and_persist(site: Watched) -> None:
    page = site.open("rules.html")
    assert _checked_sources(page) == [tabs[0] for tabs in _tabs()]
    page.locator("#r22 label.sd-tab-label", has_text="Sympkyn").click()
    assert _checked_sources(page) == _expected("sympkyn")
    assert page.locator("#r22 .sd-tab-content:visible").inner_text().count("S-19") >= 1
    # The choice persists across pages and visits.
    again = site.open("rules.html")
    assert _checked_sources(again) == _expected("sympkyn")


def test_source_query_selects_its_source(site: Watched) -> None:
    page = site.open("rules.html?source=parlett#r22")
    assert _checked_sources(page) == _expected("parlett")
    visible = page.locator("#r22 .sd-tab-content:visible").inner_text()
    assert "P-9" in visible
    assert "As the project reads Parlett" in visible
    page.wait_for_function(
        "() => Math.abs(document.getElementById('r22').getBoundingClientRect().top) < 80"
    )


def test_a_link_to_a_ruling_lands_on_it_at_once(site: Watched) -> None:
    """A citation's link (``rules.html#r30``, far down the page) is on its ruling when
    the page has loaded, not still scrolling there from the top."""
    page = site.open("rules.html#r30")
    top = page.evaluate("() => document.getElementById('r30').getBoundingClientRect().top")
    assert abs(top) < 80, top


def test_printed_ruling_shows_every_source_under_its_label(site: Watched, tmp_path: Path) -> None:
    page = site.open("rules.html")
    pdf = tmp_path / "rules.pdf"
    page.pdf(path=str(pdf), format="A4")
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    flat = " ".join(text.split())
    concordance = load()
    for clause_id in ("DC-27", "P-9", "CC-17", "CC-38", "S-19"):
        clause = concordance.clause(clause_id)
        assert clause_id in flat
        assert " ".join(clause.quote.split()[:4]) in flat, clause_id
    for label in ("du Coeur", "Parlett", "Compendium Caidis", "Sympkyn", "Crowe"):
        assert label in flat
    assert "As the project reads Sympkyn" in flat
    assert "As the project reads Parlett" in flat
    # No navigation chrome on paper: the sidebar's search box and the page's contents list.
    assert "Search" not in flat
    assert "On this page" not in flat
    # The footer's version stays, so the paper says which version it shows; not the credits.
    assert "lld version" in flat
    assert "Made with" not in flat


# ------------------------------------------------------------------ step-throughs

HAND = HAND_PAGE


def _visible_steps(page: Page) -> list[str]:
    return page.evaluate(  # type: ignore[no-any-return]
        "() => [...document.querySelectorAll('.lld-step')]"
        ".filter(s => s.offsetParent !== null).map(s => s.id)"
    )


def _step_count() -> int:
    from lld.demonstrate import examples_directory
    from lld.record import load_record
    from lld.replay import steps

    directory = examples_directory()
    assert directory is not None
    return len(steps(load_record(str(directory / Path(HAND).with_suffix(".lld").name))))


def test_step_through_steps_by_button_and_by_keyboard(site: Watched) -> None:
    page = site.open(HAND)
    last = _step_count()
    assert _visible_steps(page) == ["step-0"]
    assert page.locator(".lld-step-prev").is_disabled()
    page.locator(".lld-step-next").click()
    page.locator(".lld-step-next").click()
    assert _visible_steps(page) == ["step-2"]
    assert page.url.endswith("#step-2")
    page.locator(".lld-step-prev").click()
    assert _visible_steps(page) == ["step-1"]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert _visible_steps(page) == ["step-3"]
    page.keyboard.press("ArrowLeft")
    assert _visible_steps(page) == ["step-2"]
    # The arrow keys step the hand; they do not leave the page (the theme's keys).
    assert page.url.split("#")[0].endswith(HAND)
    for _ in range(last + 3):
        page.keyboard.press("ArrowRight")
    assert _visible_steps(page) == [f"step-{last}"]
    assert page.locator(".lld-step-next").is_disabled()
    assert page.locator(".lld-step-where").inner_text() == f"Step {last} of {last}"


def test_a_step_link_opens_its_step(site: Watched) -> None:
    page = site.open(HAND + "#step-4")
    assert _visible_steps(page) == ["step-4"]
    page.locator("#step-4 a.lld-step-link").click()
    assert _visible_steps(page) == ["step-4"]
    page.evaluate("() => { window.location.hash = '#step-1'; }")
    page.wait_for_function("() => document.getElementById('step-1').offsetParent !== null")
    assert _visible_steps(page) == ["step-1"]


def test_a_seat_view_steps_too(site: Watched) -> None:
    page = site.open("hands/r14-pair-royal-one-of-three/seat-2.html")
    page.keyboard.press("ArrowRight")
    assert _visible_steps(page) == ["step-1"]
    assert "Player 3 (this player)" in page.locator("#step-1").inner_text()


def test_printed_step_through_shows_every_step(site: Watched, tmp_path: Path) -> None:
    page = site.open(HAND + "#step-3")
    pdf = tmp_path / "hand.pdf"
    page.pdf(path=str(pdf), format="A4")
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    flat = " ".join(text.split())
    last = _step_count()
    for n in range(last + 1):
        assert f"Step {n} of {last}" in flat, n
    assert "Previous" not in flat  # no step buttons on paper
    assert not re.search(r"Step \d+ of \d+ — [^\n]*#", text)  # nor the steps' own links


def _luminance(css_colour: str) -> float:
    """0 (black) to 1 (white), from a computed ``rgb(…)``/``rgba(…)`` colour."""
    red, green, blue = (int(v) for v in re.findall(r"\d+", css_colour)[:3])
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


def _cell_shade(site: Watched, scheme: Literal["dark", "light"], theme: str) -> float:
    """Open R22's cell with the page in ``scheme`` and wait for JupyterLite to show
    ``theme``; how light the console's cells area (the bulk of the frame) is, 0 to 1."""
    page = site.open("contested/r22.html")
    page.emulate_media(color_scheme=scheme)
    page.locator(".lld-cell .jupyterlite_sphinx_try_it_button").click()
    frame = page.frame_locator(".lld-cell iframe")
    # JupyterLite may first apply the theme it last showed, then the one asked for.
    frame.locator(f'body[data-jp-theme-name="{theme}"]').wait_for(state="attached", timeout=60_000)
    # The frame is shown once themed (it is hidden until then).
    page.locator(".lld-cell iframe").wait_for(state="visible", timeout=10_000)
    console = frame.locator(".jp-CodeConsole-content").first
    console.wait_for(timeout=60_000)
    shade = _luminance(console.evaluate("e => getComputedStyle(e).backgroundColor"))
    page.close()
    return shade


def test_a_cell_opens_in_the_pages_colour_scheme(site: Watched) -> None:
    """On a dark page the cell is no white block: JupyterLite opens in its dark
    theme; and then on a light page in its light one (JupyterLite remembers the
    theme it last showed, in the same browser)."""
    assert _cell_shade(site, "dark", "JupyterLab Dark") < 0.3
    assert _cell_shade(site, "light", "JupyterLab Light") > 0.7


def test_an_open_cell_follows_a_switch_of_the_sites_colour_scheme(site: Watched) -> None:
    """The reader opens a cell on a dark page, then switches the site to light
    with the theme's own button: the open cell turns light too."""
    page = site.open("contested/r22.html")
    page.emulate_media(color_scheme="dark")
    page.locator(".lld-cell .jupyterlite_sphinx_try_it_button").click()
    frame = page.frame_locator(".lld-cell iframe")
    frame.locator('body[data-jp-theme-name="JupyterLab Dark"]').wait_for(
        state="attached", timeout=60_000
    )
    page.locator(".lld-cell iframe").wait_for(state="visible", timeout=10_000)
    # Furo's button cycles auto (dark here) -> light -> dark.
    page.locator(".theme-toggle").locator("visible=true").first.click()
    assert page.evaluate("document.body.dataset.theme") == "light"
    frame.locator('body[data-jp-theme-name="JupyterLab Light"]').wait_for(
        state="attached", timeout=30_000
    )
    page.close()


def test_the_notebook_links_open_in_the_sites_colour_scheme(site: Watched) -> None:
    """The example notebooks open in JupyterLite's dark theme from a dark page,
    and in its light one once the reader switches the site to light."""
    page = site.open("hands/r22-lie-down-by-choice.html")
    page.emulate_media(color_scheme="dark")
    links = page.locator('a[href*="lite/notebooks/index.html"]')
    assert links.count() >= 2
    hrefs = links.evaluate_all("as => as.map(a => a.getAttribute('href'))")
    assert all(h.endswith("theme=JupyterLab%20Dark") for h in hrefs), hrefs
    page.locator(".theme-toggle").locator("visible=true").first.click()
    hrefs = links.evaluate_all("as => as.map(a => a.getAttribute('href'))")
    assert all(h.endswith("theme=JupyterLab%20Light") for h in hrefs), hrefs
    assert all(h.count("theme=") == 1 for h in hrefs), hrefs
    page.close()


_SCROLL_STOPS_MATCH = (
    "() => [...document.querySelectorAll('pre')]"
    ".every(p => (p.scrollWidth > p.clientWidth) === (p.getAttribute('tabindex') === '0'))"
)


def test_a_code_block_that_scrolls_takes_the_keyboard(site: Watched) -> None:
    """On a phone the API page's code blocks scroll sideways: each that does is a
    tab stop (one that fits is not), and its arrow keys scroll it rather than turn
    the page (the theme's keys)."""
    page = site.open("reference/api.html")
    page.set_viewport_size({"width": 375, "height": 800})
    page.wait_for_function(_SCROLL_STOPS_MATCH)
    stops = page.locator("pre[tabindex='0']")
    narrow = stops.count()
    block = stops.first.element_handle()
    for _ in range(300):
        page.keyboard.press("Tab")
        if block.evaluate("e => e === document.activeElement"):
            break
    else:
        pytest.fail("the keyboard never reached the first code block that scrolls")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("e => e.scrollLeft > 0", arg=block, timeout=5_000)
    assert page.url.split("#")[0].endswith("reference/api.html")
    # Wider, most blocks fit again: those are no tab stops any more.
    page.set_viewport_size({"width": 1600, "height": 800})
    page.wait_for_function(_SCROLL_STOPS_MATCH)
    assert stops.count() < narrow

"""Accessibility: axe-core finds no WCAG 2.1 A or AA violation on any kind of page of
the site, in its light colour scheme and in its dark one.

axe-core comes from npm, pinned exactly by ``tests/browser/axe/package-lock.json``
and installed there by ``nox -s browser`` (``npm ci``) before pytest runs. Each page
is opened with the theme's scheme chosen as a reader chooses it (the theme keeps
the choice in ``localStorage["theme"]`` and sets ``data-theme`` on ``<body>``),
the system's setting emulated to match, and axe-core is injected into the page and
run on its whole document with the WCAG 2.0 and 2.1 A and AA rules, none left out.

The in-page JupyterLite app (``lite/``, opened in a frame by a cell's button) is
third-party and not in scope: axe checks the site's own page, the cell's button
and its frame element included, not inside the frame.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest

pytest.importorskip("playwright", reason="the browser tests run in `nox -s browser`")

from browser_support import served
from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
AXE_PROJECT = Path(__file__).resolve().parent / "axe"
AXE = AXE_PROJECT / "node_modules" / "axe-core" / "axe.min.js"
#: The WCAG 2.0 and 2.1 levels A and AA: the site's target.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

#: One page of every kind the site has.
PAGES = [
    "index.html",  # home
    "how-to-play.html",
    "rules.html",
    "contested/index.html",  # the contested index, with the differences table
    "contested/r22.html",  # a contested ruling, with a cell
    "sources/index.html",
    "sources/parlett.html",  # a source
    "glossary.html",
    "citing.html",
    "handouts.html",
    "stakes.html",
    "examples.html",
    "hands/r14-pair-royal-one-of-three.html",  # a hand's step-through
    "hands/r14-pair-royal-one-of-three/seat-0.html",  # one seat's view of it
    "history.html",
    "reference/api.html",
    "reference/cli.html",
    "building.html",
    "v/0.3.0/rules.html",  # a frozen version's page, with its banner
]
SCHEMES: list[Literal["light", "dark"]] = ["light", "dark"]
#: A desktop window, and a phone's (where the theme's layout changes, and code
#: blocks and tables scroll sideways).
WIDE, PHONE = 1280, 375
PHONE_PAGES = [
    "rules.html",
    "contested/index.html",
    "handouts.html",
    "reference/api.html",
    "hands/r14-pair-royal-one-of-three.html",
]

_RUN = f"""async () => {{
    const results = await axe.run(document, {{
        runOnly: {{ type: "tag", values: {WCAG_TAGS!r} }},
        // The site's pages only: not inside JupyterLite's frame (third-party).
        iframes: false,
    }});
    return {{
        passes: results.passes.length,
        violations: results.violations.map(v => ({{
            id: v.id,
            impact: v.impact,
            help: v.help,
            targets: v.nodes.map(n => n.target.join(" ")),
        }})),
    }};
}}"""


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    built = Path(os.environ.get("LLD_DOCS_BUILT", ROOT / "docs" / "_build" / "html"))
    if not (built / "rules.html").exists():
        pytest.fail(f"no built site in {built}: build it first (nox -s docs)")
    with served(built) as url:
        yield url


@pytest.fixture(scope="module")
def axe_script() -> Path:
    if not AXE.is_file():
        pytest.fail(
            f"axe-core is not installed in {AXE_PROJECT}: run `npm ci` there (nox -s browser does)"
        )
    return AXE


def _violations(
    browser: Browser, base_url: str, path: str, scheme: str, width: int, axe: Path
) -> list[dict[str, Any]]:
    """What axe-core finds on ``path`` shown in ``scheme`` in a window ``width`` wide."""
    context = browser.new_context(
        viewport={"width": width, "height": 900}, color_scheme=scheme, reduced_motion="reduce"
    )
    try:
        # Chosen as the theme's button chooses it, before the theme's script reads it.
        context.add_init_script(f"localStorage.setItem('theme', {scheme!r});")
        page = context.new_page()
        page.goto(base_url + path, wait_until="load")
        assert page.evaluate("document.body.dataset.theme") == scheme
        page.add_script_tag(path=str(axe))
        found = page.evaluate(_RUN)
        assert found["passes"] > 0, "axe-core ran no rule"
        return found["violations"]  # type: ignore[no-any-return]
    finally:
        context.close()


def _check(browser: Browser, base_url: str, path: str, scheme: str, width: int, axe: Path) -> None:
    found = _violations(browser, base_url, path, scheme, width, axe)
    report = "\n".join(
        f"  {v['id']} ({v['impact']}): {v['help']}\n"
        + "\n".join(f"    {target}" for target in v["targets"])
        for v in found
    )
    assert not found, f"axe-core: WCAG violations on {path} ({scheme}, {width}px):\n{report}"


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("path", PAGES)
def test_no_wcag_violation(
    browser: Browser, base_url: str, axe_script: Path, path: str, scheme: str
) -> None:
    _check(browser, base_url, path, scheme, WIDE, axe_script)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("path", PHONE_PAGES)
def test_no_wcag_violation_on_a_phone(
    browser: Browser, base_url: str, axe_script: Path, path: str, scheme: str
) -> None:
    """The pages whose layout changes most on a phone: code blocks and tables
    that then scroll sideways, the sources' tabs, a step-through's buttons."""
    _check(browser, base_url, path, scheme, PHONE, axe_script)

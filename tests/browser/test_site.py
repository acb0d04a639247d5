"""The site in a real browser: synced source tabs, ?source= links, print, no
console errors and no request leaving 127.0.0.1 (checked on every page by the
``site`` fixture, a ``conftest.Watched``)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from lld.concordance import load

PAGES = [
    "index.html", "rules.html", "contested/index.html", "contested/r22.html",
    "sources/index.html", "sources/parlett.html", "stakes.html", "examples.html",
    "glossary.html", "reference/cli.html", "reference/api.html",
]  # fmt: skip


def _checked_sources(page: object) -> list[str]:
    """The source of the checked tab in every tab set of the page, in order."""
    return page.evaluate(  # type: ignore[attr-defined, no-any-return]
        """() => [...document.querySelectorAll('.sd-tab-set')].map(set => {
            const input = set.querySelector(':scope > input:checked');
            return input ? input.nextElementSibling.dataset.syncId : null;
        })"""
    )


@pytest.mark.parametrize("path", PAGES)
def test_page_loads_cleanly(site: Any, path: str) -> None:
    page = site.open(path)
    assert page.title()


def test_synced_tabs_switch_together_and_persist(site: Any) -> None:
    page = site.open("rules.html")
    rulings = len(load().rulings)
    assert _checked_sources(page) == ["du-coeur"] * rulings
    page.locator("#r22 label.sd-tab-label", has_text="Sympkyn").click()
    assert _checked_sources(page) == ["sympkyn"] * rulings
    assert page.locator("#r22 .sd-tab-content:visible").inner_text().count("S-19") >= 1
    # The choice persists across pages and visits.
    again = site.open("rules.html")
    assert _checked_sources(again) == ["sympkyn"] * rulings


def test_source_query_selects_its_source(site: Any) -> None:
    page = site.open("rules.html?source=parlett#r22")
    assert set(_checked_sources(page)) == {"parlett"}
    visible = page.locator("#r22 .sd-tab-content:visible").inner_text()
    assert "P-9" in visible
    assert "Preset parlett" in visible
    page.wait_for_function(
        "() => Math.abs(document.getElementById('r22').getBoundingClientRect().top) < 80"
    )


def test_printed_ruling_shows_every_source_under_its_label(site: Any, tmp_path: Path) -> None:
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
    assert "Preset sympkyn" in flat
    assert "Preset parlett" in flat
    # No navigation chrome on paper: the sidebar's search box and the page's contents list.
    assert "Search" not in flat
    assert "On this page" not in flat

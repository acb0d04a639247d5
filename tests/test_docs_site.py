"""The built site: links and anchors resolve, every ruling and example is on it,
nothing is fetched from elsewhere, and a page whose ``:expect:`` is wrong fails
the build.

Run by ``nox -s docs`` (Python 3.13, after building with ``-W -n``), which sets
``LLD_DOCS_BUILT``. Without Sphinx (the engine's own test sessions) it is skipped:
the docs session is where it runs.
"""

from __future__ import annotations

import html as html_module
import importlib
import json
import os
import re
import subprocess
import sys
import tarfile
import textwrap
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

pytest.importorskip("sphinx", reason="the site's checks run in `nox -s docs`")

from lld import svg
from lld.cards import format_card, iter_cards
from lld.cli import build_parser
from lld.concordance import load
from lld.demonstrate import examples_directory
from lld.record import load_record
from lld.replay import steps
from lld.ruleset import OPTIONS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


class _Page(HTMLParser):
    """The ids a page defines, the links it follows and the resources it loads."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.loads: list[tuple[str, str]] = []
        self.icons: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "link" and "icon" in a.get("rel", "").split():
            self.icons.append(a.get("href", ""))
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        for attr in ("src", "href"):
            if attr in a and tag in ("link", "script", "img", "iframe", "source", "embed"):
                self.loads.append((tag, a[attr]))
                if tag != "a":
                    self.links.append(a[attr])


@pytest.fixture(scope="session")
def site() -> Path:
    built = os.environ.get("LLD_DOCS_BUILT")
    if built:
        return Path(built).resolve()
    out = ROOT / "docs" / "_build" / "html"
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q",
           "-d", str(out.parent / "doctrees"), str(DOCS), str(out)]  # fmt: skip
    subprocess.run(cmd, check=True)
    return out


@pytest.fixture(scope="session")
def pages(site: Path) -> dict[Path, _Page]:
    out = {}
    for path in sorted(site.rglob("*.html")):
        page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
        out[path] = page
    return out


def _is_external(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.scheme or parts.netloc)


def test_every_internal_link_and_anchor_resolves(site: Path, pages: dict[Path, _Page]) -> None:
    broken = []
    for path, page in pages.items():
        for url in page.links:
            if _is_external(url) or url.startswith(("mailto:", "javascript:")):
                continue
            parts = urlsplit(url)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{path.relative_to(site)}: {url} (no file)")
                continue
            fragment = unquote(parts.fragment)
            if fragment and target.suffix == ".html" and fragment not in pages[target].ids:
                broken.append(f"{path.relative_to(site)}: {url} (no anchor)")
    assert not broken, "\n".join(broken)


def test_every_page_names_its_icon(site: Path, pages: dict[Path, _Page]) -> None:
    """A page without ``<link rel="icon">`` makes the browser ask for /favicon.ico,
    which the site does not have: a console error on the first page a reader opens."""
    # lite/ is JupyterLite's own app (the cells' frames and notebooks), not a page of ours.
    missing = [
        rel
        for p, page in pages.items()
        if not page.icons and not (rel := p.relative_to(site).as_posix()).startswith("lite/")
    ]
    assert not missing, missing
    for path, page in pages.items():
        for icon in page.icons:
            assert (path.parent / urlsplit(icon).path).resolve().is_file(), (path, icon)


def test_no_request_leaves_the_site(site: Path, pages: dict[Path, _Page]) -> None:
    """Scripts, styles, images and frames all come from the site itself."""
    external = [
        f"{path.relative_to(site)}: <{tag}> {url}"
        for path, page in pages.items()
        for tag, url in page.loads
        if _is_external(url)
    ]
    for css in site.rglob("*.css"):
        text = css.read_text(encoding="utf-8")
        for scheme in ("http://", "https://", "//fonts"):
            if f"url({scheme}" in text or f'url("{scheme}' in text or "@import url(http" in text:
                external.append(f"{css.relative_to(site)}: {scheme}")
    assert not external, "\n".join(external)


def _ruling_sections(site: Path) -> dict[str, str]:
    """Each ruling's section of the rules page, by ruling ID (``R14``)."""
    html = (site / "rules.html").read_text(encoding="utf-8")
    parts = re.split(r'(?=<section class="lld-ruling" id="r\d+">)', html)[1:]
    out = {}
    for part in parts:
        found = re.match(r'<section class="lld-ruling" id="r(\d+)">', part)
        assert found is not None
        out[f"R{found.group(1)}"] = part
    return out


def test_every_ruling_has_its_stable_anchor_and_a_tab_for_each_source_that_speaks(
    pages: dict[Path, _Page], site: Path
) -> None:
    """A source has a tab on a ruling exactly where it says something on it: no
    "X is silent on this" tabs, and Crowe only where he witnesses a term."""
    from lld.reports import ruling_report

    rules = site / "rules.html"
    concordance = load()
    sections = _ruling_sections(site)
    assert set(sections) == {r.id for r in concordance.rulings}
    for ruling in concordance.rulings:
        assert ruling.id.lower() in pages[rules].ids, ruling.id
        part = sections[ruling.id]
        report = ruling_report(ruling.id, concordance)
        assert not re.search(r"<em>[^<]* is silent on this\.</em>", part), ruling.id
        for words in report.sources:
            tabs = part.count(f'data-sync-group="source" data-sync-id="{words.source}"')
            tabs += part.count(f'data-sync-id="{words.source}" data-sync-group="source"')
            assert tabs == (1 if words.speaks else 0), (ruling.id, words.source)
            if words.source == "crowe" and words.speaks:
                assert all(c.term for c in words.shown), ruling.id
            for clause in words.shown:
                assert f"#{clause.id.lower()}" in part, (ruling.id, clause.id)
    crowe = [
        r.id for r in concordance.rulings if ruling_report(r.id, concordance).source("crowe").speaks
    ]
    assert crowe == ["R4", "R17", "R18"]


# ------------------------------------------------------------------ the rules page reads as rules

#: What the reading text of the rules page never shows: an engine option by name or
#: as ``name=value``, an identifier with underscores, the engine's class names, the
#: words "preset" and "the engine", a command line.
_ENGINE_WORDS = re.compile(
    r"\b[a-z_0-9]+=[^\s]+"  # name=value
    r"|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"  # deal_3, one_or_three, lie_down_pair
    r"|IllegalMoveError|RulesetError|\bRuleset\b|\bpresets?\b|\bthe engine\b|--option"
    r"|\blld (?:ruling|replay|play|rules|deal|handout|stakes|sources|simulate)\b",
    re.IGNORECASE,
)


class _ReadingText(HTMLParser):
    """The text of the page's main article outside the folded engine parts
    (``<details>``) and code (``<code>``, ``<pre>``)."""

    def __init__(self) -> None:
        super().__init__()
        self.article = 0
        self.hidden = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.article += 1
        if tag in ("details", "code", "pre", "script", "style"):
            self.hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.article -= 1
        if tag in ("details", "code", "pre", "script", "style"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if self.article and not self.hidden:
            self.parts.append(data)


def _engine_words_in_reading_text(html: str) -> list[str]:
    parser = _ReadingText()
    parser.feed(html)
    text = " ".join(" ".join(parser.parts).split())
    text = re.sub(r"https?://\S+", "", text)  # an address is the web's, not the engine's
    names = [n for n in OPTIONS if "_" in n]
    found = [m.group(0) for m in _ENGINE_WORDS.finditer(text)]
    found += [n for n in names if re.search(rf"\b{n}\b", text)]
    return sorted(set(found))


def test_the_rules_page_reading_text_names_no_engine_option_or_engine_word(site: Path) -> None:
    """Each ruling reads as rules: option and value names, the engine's names and
    command lines appear only in the folded engine part (or as code)."""
    html = (site / "rules.html").read_text(encoding="utf-8")
    assert _engine_words_in_reading_text(html) == []


def test_the_reading_text_check_can_fail() -> None:
    caught = _engine_words_in_reading_text(
        "<article><p>Played by the reconstruction preset: deal_3=parlett; the engine"
        " raises IllegalMoveError (lie_down, one_or_three).</p>"
        "<details><summary>Replayed</summary><p>deal_3 settlement=break_even preset</p>"
        "</details><p><code>lie_down_pair=to_dealer</code></p></article>"
        "<nav>preset deal_4</nav>"
    )
    assert caught == sorted(
        {
            "deal_3",
            "deal_3=parlett;",
            "preset",
            "the engine",
            "IllegalMoveError",
            "lie_down",
            "one_or_three",
        }
    ), caught


#: What a contested page's reading text never shows, besides the engine words above:
#: a preset's ID used as a name (``du-coeur, parlett (none)``), a seat counted from
#: 0, a kind of replay, the engine's one-line summary of a result. ("The project's
#: reconstruction" is the game's words, as in an example's title.)
_CONTESTED_ENGINE_WORDS = re.compile(
    r"\b(?:du-coeur|caidis|sympkyn|parlett)\b|(?<!project's )\breconstruction(?:,| \()"
    r"|\b[Ss]eat \d|\b(?:plays_through|illegal|ends_early|unfinished|no_game)\b"
    r"|\bseat nets\b|\bnet stakes by seat\b|\bpot left \d"
)


def _reading_text(html: str) -> str:
    parser = _ReadingText()
    parser.feed(html)
    return re.sub("[‘’]", "'", " ".join(" ".join(parser.parts).split()))


def _contested_engine_words(html: str) -> list[str]:
    found = _engine_words_in_reading_text(html)
    found += [m.group(0) for m in _CONTESTED_ENGINE_WORDS.finditer(_reading_text(html))]
    return sorted(set(found))


def test_the_contested_pages_read_in_plain_words(site: Path) -> None:
    """A contested ruling's page names the readings by their sources and their
    answers in words, and tells what each does with the players counted from 1:
    identifiers appear only as code, beside the words."""
    contested = sorted((site / "contested").glob("r*.html"))
    assert len(contested) >= 20
    found = {
        p.stem: words
        for p in contested
        if (words := _contested_engine_words(p.read_text(encoding="utf-8")))
    }
    assert found == {}
    html = (site / "contested" / "r23.html").read_text(encoding="utf-8")
    text = _reading_text(html)
    assert "replayed under Compendium Caidis's reading and under each answer to this ruling" in text
    assert (
        "Plays to the end: nobody wins or loses; Player 3 is the last player left in;"
        " the pot is empty." in text
    )
    assert (
        "du Coeur, Parlett, Sympkyn and the project's reading (nothing) — Parts at move 11"
        " (Player 2 lies down): it goes differently. As recorded: Player 2 (eldest) pays 1"
        " stake to each player still in. Under this reading, that does not happen." in text
    )
    _, code = _article(html)
    assert "lie_down_payment=none" in code  # beside the words, for programs


def test_the_contested_check_can_fail() -> None:
    caught = _contested_engine_words(
        "<article><p>du-coeur, parlett, sympkyn, reconstruction (none): plays_through plays"
        " through: seat nets 0 0 0; last player seat 2; pot left 0</p>"
        "<p><code>lie_down_payment=none</code></p></article>"
    )
    for word in ("du-coeur", "parlett", "sympkyn", "reconstruction (", "plays_through",
                 "seat nets", "seat 2", "pot left 0"):  # fmt: skip
        assert word in caught, word
    assert (
        _contested_engine_words(
            "<article><p>A whole hand on the project’s reconstruction (the example).</p>"
            "<p>du Coeur, Parlett and the project's reading: nothing.</p>"
            "<p><code>lie_down_payment=none</code></p></article>"
        )
        == []
    )


class _FoldedText(_ReadingText):
    """The text of the page's main article inside its folded parts (``<details>``),
    outside code."""

    def __init__(self) -> None:
        super().__init__()
        self.folded = 0
        self.code = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        super().handle_starttag(tag, attrs)
        self.folded += tag == "details"
        self.code += tag in ("code", "pre", "script", "style")

    def handle_endtag(self, tag: str) -> None:
        super().handle_endtag(tag)
        self.folded -= tag == "details"
        self.code -= tag in ("code", "pre", "script", "style")

    def handle_data(self, data: str) -> None:
        if self.article and self.folded and not self.code:
            self.parts.append(data)


def _folded_text(html: str) -> str:
    parser = _FoldedText()
    parser.feed(html)
    return re.sub("[‘’]", "'", " ".join(" ".join(parser.parts).split()))


#: The pages written for readers, besides the contested ones (not the API reference,
#: the cells or the frozen copies of earlier versions).
_READER_PAGES = (
    "rules.html", "examples.html", "stakes.html", "handouts.html", "sources/*.html",
    "hands/*.html",
)  # fmt: skip


def _reader_page_words(html: str) -> list[str]:
    """What a reader page shows that is the engine's, not the game's: in its reading
    text, the engine words and the contested pages' (preset IDs as names, seats
    counted from 0, kinds of replay, the engine's one-line results); in its folded
    parts (where option names may stand as plain text beside their words), the
    contested pages' words."""
    found = _contested_engine_words(html)
    found += [m.group(0) for m in _CONTESTED_ENGINE_WORDS.finditer(_folded_text(html))]
    # "Illegal" is the game's word in an example's note ("'0: lie' is illegal"); as
    # a kind of replay it comes with the engine's other words, which are caught.
    return sorted(set(found) - {"illegal"})


def test_the_reader_pages_read_in_plain_words(site: Path) -> None:
    """The rules, examples, stakes and handouts pages, the sources' pages and each
    example hand's page name the readings by their sources and tell the players
    counted from 1 (or by the record's names), in the folded replays too; the
    identifiers stand only as code, beside the words."""
    pages = sorted({p for pattern in _READER_PAGES for p in site.glob(pattern)})
    assert len(pages) > 40
    found = {
        str(p.relative_to(site)): words
        for p in pages
        if (words := _reader_page_words(p.read_text(encoding="utf-8")))
    }
    assert found == {}
    rules = (site / "rules.html").read_text(encoding="utf-8")
    assert "handout of the project's reading : A4" in _reading_text(rules)
    assert (  # the code beside the name (sympkyn) is left out of the text
        "Sympkyn's reading ( ): Plays to the end: Player 1 loses 2 stakes , Player 2"
        " loses 1, Player 4 wins 3; Player 4 is the last player left in; the pot is empty."
        in _folded_text(rules)
    )
    examples = _reading_text((site / "examples.html").read_text(encoding="utf-8"))
    assert "or as one player saw it: Anne , Bob , Cat , Dan , Eve ." in examples
    assert "on the project's reading (" in examples
    assert "Result: Player 1 loses 1 stake, Player 2 wins 1" in examples
    stakes = _reading_text((site / "stakes.html").read_text(encoding="utf-8"))
    assert (
        "Parlett, Sympkyn; Parlett's, Sympkyn's and the project's readings; settled by"
        " break-even: a stake for every two cards above or below it" in stakes
    )
    handouts = _reading_text((site / "handouts.html").read_text(encoding="utf-8"))
    assert "Parlett's reading Parlett 3, 4, 5, 6" in handouts  # the ID in code, beside
    parlett = _reading_text((site / "sources" / "parlett.html").read_text(encoding="utf-8"))
    assert "Printable handout of Parlett's reading (one sheet)" in parlett


def test_the_reader_page_check_can_fail() -> None:
    """The old wording of each reader page is caught."""
    old = {
        "examples": "<p>Step through it: every hand shown, or as one seat saw it: seat 0,"
        " seat 1.</p><p>Result: net stakes by seat -1 +1 +3 -3; last player seat 2; pot"
        " left 0.</p><p>r05.lld: ruleset <code>parlett</code>, <code>deal_3=widow</code></p>",
        "stakes": "<p>Parlett, Sympkyn; presets parlett, sympkyn, reconstruction (settled by"
        " break_even)</p><p>Balance check of <code>parlett</code> (caidis; most_pairs)</p>",
        "handouts": "<p>Printable handout of parlett (one sheet)</p>"
        "<table><tr><td>du-coeur</td><td>du-coeur</td></tr></table>",
        "rules": "<details><summary>Replayed</summary><p>The project's reconstruction"
        " (reconstruction): ok.</p><p>du-coeur (none): plays through: seat nets -2 -3;"
        " last player seat 2; pot left 0.</p></details>",
        "hands": "<p>the hand ends; seat 2 is the last player with cards</p>",
    }
    caught = {page: _reader_page_words(f"<article>{text}</article>") for page, text in old.items()}
    for page, word in [
        ("examples", "seat 0"), ("examples", "net stakes by seat"), ("examples", "pot left 0"),
        ("stakes", "presets"), ("stakes", "parlett"), ("stakes", "break_even"),
        ("stakes", "most_pairs"), ("stakes", "caidis"), ("handouts", "parlett"),
        ("handouts", "du-coeur"), ("rules", "du-coeur"), ("rules", "seat nets"),
        ("rules", "seat 2"), ("rules", "pot left 0"), ("hands", "seat 2"),
    ]:  # fmt: skip
        assert word in caught[page], (page, word, caught[page])
    new = (
        "<article><p>Step through it: every hand shown, or as one player saw it: Player 1,"
        " Player 2.</p><p>Result: Player 1 loses 1 stake; Player 3 is the last player left in;"
        " the pot is empty.</p><p>A whole hand on the project's reconstruction.</p>"
        "<p>Printable handout of the project's reading (one sheet)</p><details><p>Parlett's"
        " reading (<code>parlett</code>): Plays to the end.</p></details></article>"
    )
    assert _reader_page_words(new) == []


def test_each_ruling_reads_question_reading_words_why_then_the_folded_engine(site: Path) -> None:
    for rid, part in _ruling_sections(site).items():
        order = [
            part.find('class="lld-question"'),
            part.find('class="lld-reading"'),
            part.find('class="lld-words"'),
            part.find('class="lld-why"'),
        ]
        assert all(i >= 0 for i in order), (rid, order)
        assert order == sorted(order), (rid, order)
        engine = part.find("<details")
        if load().ruling(rid).option is None:
            assert engine == -1, rid
            continue
        assert engine > order[-1], rid
        details = part[engine : part.index("</details>", engine)]
        assert " open" not in details[: details.index(">")], rid  # closed by default
        assert "Replayed under each reading" in details, rid
        assert '<code class="docutils literal notranslate"><span class="pre">' in details
        # The engine's lines are all inside the fold.
        assert part.count('class="lld-engine') == details.count('class="lld-engine'), rid


def test_each_replay_names_the_reading_run_and_is_that_readings_whole_hand(site: Path) -> None:
    """Under each reading the replay of a hand is that reading's (issue 22): a "no
    game" names it, and the same hand under the same reading reads the same under
    every ruling (R23 and R28 once gave du Coeur different nets for one hand)."""
    from lld.presets import PRESETS, reading_name

    seen: dict[tuple[str, str], str] = {}
    lines = 0
    for rid, part in _ruling_sections(site).items():
        for m in re.finditer(
            r'<p class="lld-engine lld-([a-z_]+) lld-preset-([a-z-]+) lld-example-([a-z0-9-]+)">'
            r"(.*?)</p>",
            part,
            re.S,
        ):
            kind, preset, example, inner = m.groups()
            assert preset in PRESETS, (rid, preset)
            text = re.sub("[‘’]", "'", html_module.unescape(re.sub(r"<[^>]+>", "", inner)))
            lines += 1
            # The reading by its source's name, its identifier beside it in code.
            head = f"{reading_name(preset, start=True)} ({preset}): "
            assert text.startswith(head), (rid, preset, example, text)
            body = text.removeprefix(head)
            if kind == "no_game":
                assert body.startswith("No game: this reading "), (rid, preset, text)
            # Told for a reader: no option, no seat counted from 0, nothing cut short.
            assert "option" not in body, (rid, text)
            assert not re.search(r"\bseat \d", body), (rid, text)
            assert text.count("(") == text.count(")"), (rid, text)
            assert seen.setdefault((example, preset), body) == body, (rid, example, preset)
    assert lines > 100


def test_every_contested_ruling_has_its_page(pages: dict[Path, _Page], site: Path) -> None:
    for ruling in load().rulings:
        if ruling.option is None:
            continue
        page = site / "contested" / f"{ruling.id.lower()}.html"
        assert page.exists(), ruling.id
        assert f"contested-{ruling.id.lower()}" in pages[page].ids


class _Table(HTMLParser):
    """The rows of the first ``<table>`` whose class names ``css``: each row's cells'
    text (whitespace collapsed) and the links in it."""

    def __init__(self, css: str) -> None:
        super().__init__()
        self.css = css
        self.depth = 0  # tables open inside the one we read (0: not in it)
        self.done = False
        self.rows: list[tuple[list[str], list[str]]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        inside = self.depth or self.css in a.get("class", "").split()
        if tag == "table" and not self.done and inside:
            self.depth += 1
        if not self.depth:
            return
        if tag == "tr":
            self.rows.append(([], []))
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "a" and "href" in a:
            self.rows[-1][1].append(a["href"])

    def handle_endtag(self, tag: str) -> None:
        if not self.depth:
            return
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1][0].append(re.sub(r"\s+", " ", "".join(self._cell)).strip())
            self._cell = None
        elif tag == "table":
            self.depth -= 1
            self.done = not self.depth

    def handle_data(self, data: str) -> None:
        if self.depth and self._cell is not None:
            self._cell.append(data)


def _option_identifiers(text: str) -> list[str]:
    """Option identifiers in ``text``: an option's name, ``name=value``, or any word
    with an underscore (every value identifier that is not a plain word has one)."""
    from lld.ruleset import OPTIONS

    found = [name for name in OPTIONS if re.search(rf"\b{re.escape(name)}\b", text)]
    found += re.findall(r"\b\w+=\w+", text)
    found += re.findall(r"\b\w*_\w*\b", text)
    return found


def test_the_contested_index_says_where_the_sources_differ_in_plain_words(
    site: Path, pages: dict[Path, _Page]
) -> None:
    """The contested rulings' index has a table: a row per contested page, linked
    to it, a column per source and one for the project's reading, and no option
    identifier anywhere in it; a source that is silent reads as silent, with the
    project's choice marked as the project's."""
    from lld.reports import differences_report

    index = site / "contested" / "index.html"
    table = _Table("lld-differ-table")
    table.feed(index.read_text(encoding="utf-8"))
    (head, _), *rows = table.rows
    assert head == ["Ruling", "du Coeur", "Parlett", "Compendium Caidis", "Sympkyn",
                    "The project’s reading"]  # fmt: skip
    contested = sorted(p.stem for p in (site / "contested").glob("r*.html"))
    assert len(contested) >= 20
    assert len(rows) == len(contested)
    linked = [{urlsplit(href).path for href in links} for _, links in rows]
    for page in contested:
        assert sum(f"{page}.html" in hrefs for hrefs in linked) == 1, page
        assert f"{page}.html" in pages[index].links
    report = differences_report()
    for (shown, _), row in zip(rows, report.rows, strict=True):
        cells = [re.sub("[‘’]", "'", cell) for cell in shown]  # Sphinx's curly quotes
        assert cells[0] == f"{row.id}. {row.title}", cells[0]
        assert len(cells) == 2 + len(report.sources)
        for text, cell in zip(cells[1:-1], row.cells, strict=True):
            assert text.startswith(cell.lead or cell.words), (row.id, cell.source, text)
            assert cell.words in text
        assert cells[-1].startswith(row.project.words)
    text = " ".join(" ".join(cells) for cells, _ in table.rows)
    assert "the project fills in" in text
    assert "Not played" in text
    assert not _option_identifiers(text), _option_identifiers(text)


def test_every_quoted_clause_has_its_anchor_on_its_source_page(
    pages: dict[Path, _Page], site: Path
) -> None:
    for clause in load().clauses:
        page = site / "sources" / f"{clause.source}.html"
        assert clause.id.lower() in pages[page].ids, clause.id


def test_every_example_hand_appears(pages: dict[Path, _Page], site: Path) -> None:
    directory = examples_directory()
    assert directory is not None
    names = sorted(p.stem for p in directory.glob("*.lld"))
    assert names
    ids = pages[site / "examples.html"].ids
    assert [n for n in names if f"example-{n}" not in ids] == []


def _hands() -> list[Path]:
    directory = examples_directory()
    assert directory is not None
    found = sorted(directory.glob("*.lld"))
    assert found
    return found


def test_every_example_hand_has_a_step_through_with_every_step_and_seat(
    pages: dict[Path, _Page], site: Path
) -> None:
    for path in _hands():
        rec = load_record(str(path))
        wanted = {f"step-{n}" for n in range(len(steps(rec)) + 1)}
        views = [site / "hands" / f"{path.stem}.html"]
        views += [site / "hands" / path.stem / f"seat-{s}.html" for s in range(rec.players)]
        for page in views:
            assert page in pages, page
            assert wanted <= pages[page].ids, (page, sorted(wanted - pages[page].ids))
            assert f"step-{len(wanted)}" not in pages[page].ids, page
            # Each step links to itself.
            assert {f"#{w}" for w in wanted} <= set(pages[page].links), page


_VOID = ("br", "img", "input", "meta", "link", "hr", "use", "path", "rect")


class _Steps(HTMLParser):
    """Everything each ``step-N`` div holds (text and attribute values), and the rest."""

    def __init__(self) -> None:
        super().__init__()
        self.steps: dict[str, list[str]] = {}
        self.outside: list[str] = []
        self._open: list[str | None] = []  # the step each open element belongs to

    def _sink(self) -> list[str]:
        step = next((s for s in reversed(self._open) if s), None)
        return self.steps[step] if step else self.outside

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        step = a.get("id") if (a.get("id") or "").startswith("step-") else None
        if step:
            self.steps[step] = []
        if tag not in _VOID:
            self._open.append(step)
        self._sink().extend(v for v in a.values() if v)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._sink().extend(v for _, v in attrs if v)

    def handle_endtag(self, tag: str) -> None:
        if tag not in _VOID and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        self._sink().append(data)


def _mentions(text: str, c: int) -> bool:
    """Whether ``text`` names card ``c``: its notation, its name, or its drawing's id."""
    note = format_card(c)
    return bool(
        re.search(rf"(?<![A-Za-z0-9]){note}(?![A-Za-z0-9])", text)
        or svg.card_name(c) in text
        or svg.card_id(c) in text
    )


def test_a_seat_view_never_holds_a_card_hidden_from_that_seat(site: Path) -> None:
    """Parse each seat's page: no step names a card then in another hand, and no
    card still in another hand at the end is named anywhere in the page."""
    checked = 0
    for path in _hands():
        rec = load_record(str(path))
        played = steps(rec)
        positions = [played[0].before, *(s.after for s in played)] if played else []
        for seat in range(rec.players):
            page = site / "hands" / path.stem / f"seat-{seat}.html"
            parsed = _Steps()
            parsed.feed(page.read_text(encoding="utf-8"))
            assert len(parsed.steps) == len(positions), page
            for n, position in enumerate(positions):
                hidden = [
                    c for s, hand in enumerate(position.hands) if s != seat
                    for c in iter_cards(hand)
                ]  # fmt: skip
                text = " ".join(parsed.steps[f"step-{n}"])
                shown = [format_card(c) for c in hidden if _mentions(text, c)]
                assert not shown, f"{page.name} of {path.stem}, step {n}: {shown}"
                checked += len(hidden)
            never = [
                c for s, hand in enumerate(positions[-1].hands) if s != seat
                for c in iter_cards(hand)
            ]  # fmt: skip
            rest = " ".join(parsed.outside)
            assert not [format_card(c) for c in never if _mentions(rest, c)], page
    assert checked > 1000  # the check saw hidden cards, many


def test_the_whole_view_draws_every_hand(site: Path) -> None:
    """The counterpart of the seat test: the page showing every hand names them,
    so the seat test's parser does find cards where they are drawn."""
    path = _hands()[0]
    played = steps(load_record(str(path)))
    parsed = _Steps()
    parsed.feed((site / "hands" / f"{path.stem}.html").read_text(encoding="utf-8"))
    first = " ".join(parsed.steps["step-0"])
    cards = [c for hand in played[0].before.hands for c in iter_cards(hand)]
    assert cards
    assert all(_mentions(first, c) for c in cards)


def test_every_command_has_its_section(pages: dict[Path, _Page], site: Path) -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.choices and a.dest == "command")
    assert sub.choices
    ids = pages[site / "reference" / "cli.html"].ids
    assert [c for c in sub.choices if f"cli-{c}" not in ids] == []


def test_glossary_has_the_period_spellings(site: Path) -> None:
    html = (site / "glossary.html").read_text(encoding="utf-8")
    for term in ("mournival", "pair royal", "préal", "prial", "mate", "lie down", "eldest"):
        assert f">{term}<" in html, term


def test_pages_rerun_when_the_data_or_the_engine_changes(site: Path) -> None:
    """An incremental build rereads a page when a file its directives read changes
    (the doctrees are beside the site: ``nox -s docs`` builds with ``-d``)."""
    import pickle

    with (site.parent / "doctrees" / "environment.pickle").open("rb") as f:
        env = pickle.load(f)
    for page in ("rules", "contested/r22", "sources/parlett", "stakes", "examples"):
        deps = {Path(d).name for d in env.dependencies[page]}
        for name in ("rulings.toml", "parlett.toml", "demonstrate.py", "stakes.py", "game.py"):
            assert name in deps, (page, name)
    assert "r22-lie-down-by-choice.lld" in {Path(d).name for d in env.dependencies["rules"]}


# ------------------------------------------------------------------ glossary

#: Elements whose words are not running text: headings, code, links, tab labels,
#: scripts, drawings, and the API's signatures (``dt``).
_NOT_PROSE = ("a", "code", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "label", "script",
              "style", "svg", "title", "dt")  # fmt: skip
#: HTML's void elements (no end tag) and SVG's empty ones.
_EMPTY = ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
          "track", "wbr", "use", "path", "rect")  # fmt: skip


class _Prose(HTMLParser):
    """A page's running text in its main article (outside the elements above),
    and the glossary entries it links to."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.linked: set[str] = set()
        self._open: list[tuple[bool, bool]] = []  # (in the article, skipped) per open element

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "a" and re.search(r"(^|/)glossary\.html#term-", a.get("href", "")):
            self.linked.add(a["href"].rpartition("#")[2])
        if tag in _EMPTY:
            return
        article, skipped = self._open[-1] if self._open else (False, False)
        article = article or tag == "article"
        # A citation is copied as it stands (a link inside it would be copied as
        # text): its ruling's title is not prose that links its terms.
        classes = a.get("class", "")
        skipped = skipped or tag in _NOT_PROSE or "headerlink" in classes
        skipped = skipped or "lld-cite-plain" in classes.split()
        self._open.append((article, skipped))

    def handle_endtag(self, tag: str) -> None:
        if tag not in _EMPTY and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        if self._open and self._open[-1] == (True, False):
            self.text.append(data)


def _glossary_terms(site: Path) -> dict[str, str]:
    """The glossary's terms as the built glossary page lists them: text to anchor."""
    html = (site / "glossary.html").read_text(encoding="utf-8")
    found = {
        text.strip().lower().replace("’", "'"): anchor
        for anchor, text in re.findall(r'<dt id="(term-[^"]+)">([^<]+)', html)
    }
    assert {"mournival", "pair royal", "prial", "mate", "lie down", "eldest"} <= set(found)
    return found


def _glossary_module() -> Any:
    """The site extension's ``glossary`` module (``docs/_ext`` is not on the tests' path)."""
    if str(DOCS / "_ext") not in sys.path:
        sys.path.insert(0, str(DOCS / "_ext"))
    return importlib.import_module("lld_docs.glossary")


def _unlinked_terms(html: str, terms: dict[str, str]) -> tuple[set[str], list[str]]:
    """The glossary terms ``html`` uses in running text (a term or its plural;
    longer terms first, so "eldest hand" counts once, as itself), and those of
    them it does not link to their entries."""
    words = sorted(terms, key=len, reverse=True)
    spelt = "|".join(r"[\s-]+".join(map(re.escape, re.split(r"[\s-]+", t))) for t in words)
    regex = re.compile(rf"(?<![\w-])({spelt})(?:e?s)?(?![\w-])".replace("'", "['’]"), re.I)
    prose = _Prose()
    prose.feed(html)
    text = re.sub(r"\s+", " ", " ".join(prose.text)).replace("’", "'")
    # The game's name, and phrases where a term's word means something else: the
    # glossary links leave them alone (NOT_TERMS), and so does this check.
    for phrase in _glossary_module().NOT_TERMS:
        text = re.sub(r"[\s-]+".join(map(re.escape, phrase.split())), "", text, flags=re.I)
    used = {re.sub(r"[\s-]+", " ", m.group(1).lower()) for m in regex.finditer(text)}
    used = {u if u in terms else u.replace(" ", "-") for u in used}
    return used, sorted(u for u in used if terms[u] not in prose.linked)


def test_every_page_that_uses_a_glossary_term_links_it(
    site: Path, pages: dict[Path, _Page]
) -> None:
    """A term in a page's running text, quotations included, is linked from that
    page to its glossary entry."""
    terms = _glossary_terms(site)
    missing: list[str] = []
    checked = 0
    for path in pages:
        rel = path.relative_to(site).as_posix()
        if rel in ("glossary.html", "genindex.html", "search.html") or rel.startswith("v/"):
            continue
        used, unlinked = _unlinked_terms(path.read_text(encoding="utf-8"), terms)
        checked += len(used)
        missing += [f"{rel}: {u}" for u in unlinked]
    assert checked > 200  # the terms are found where they are used
    assert not missing, "\n".join(missing)


def test_every_ruling_links_the_terms_it_uses(site: Path) -> None:
    """A reader sent to one ruling (rules.html#r14) finds its terms linked there."""
    terms = _glossary_terms(site)
    html = (site / "rules.html").read_text(encoding="utf-8")
    parts = re.split(r'(?=<section class="lld-ruling" id="r\d+">)', html)[1:]
    assert len(parts) == len(load().rulings)
    missing = []
    for part in parts:
        ruling = re.match(r'<section class="lld-ruling" id="(r\d+)">', part)
        assert ruling is not None
        _, unlinked = _unlinked_terms(f"<article>{part}</article>", terms)
        missing += [f"{ruling.group(1)}: {u}" for u in unlinked]
    assert not missing, "\n".join(missing)


# ------------------------------------------------------------------ How to play

#: Names that belong to the engine, not to the game: a page for players never
#: uses them (nor counts seats from 0; it counts no seats at all).
ENGINE_NAMES = ("IllegalMoveError", "Ruleset", "preset", "the engine", "seat 0")
#: How each source is named where a page quotes it.
SOURCE_NAMES = {"du-coeur": "du Coeur", "parlett": "Parlett", "caidis": "Caidis",
                "sympkyn": "Sympkyn", "crowe": "Crowe"}  # fmt: skip


class _Article(HTMLParser):
    """Everything a reader reads in a page's article (headings, links and code
    included; drawings and scripts not), and, apart, the text of its code."""

    _UNREAD = ("script", "style", "svg")

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.code: list[str] = []
        self._open: list[tuple[bool, bool, bool]] = []  # (in the article, unread, code)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _EMPTY:
            return
        article, unread, code = self._open[-1] if self._open else (False, False, False)
        self._open.append(
            (article or tag == "article", unread or tag in self._UNREAD,
             code or tag in ("code", "pre", "kbd", "samp"))
        )  # fmt: skip

    def handle_endtag(self, tag: str) -> None:
        if tag not in _EMPTY and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        if self._open and self._open[-1][0] and not self._open[-1][1]:
            self.text.append(data)
            if self._open[-1][2]:
                self.code.append(data)


def _article(html: str) -> tuple[str, str]:
    """A page's article as a reader reads it, and the text of its code, each with
    whitespace runs as one space."""
    parser = _Article()
    parser.feed(html)
    return (re.sub(r"\s+", " ", "".join(parser.text)), re.sub(r"\s+", " ", " ".join(parser.code)))


def _engine_words(html: str) -> list[str]:
    """The option identifiers and engine names in a page's article: an option's
    name or value written as code (``lie_down``, ``all_to_dealer``; plain words
    such as "leftovers" only as code), any ``name=value``, and :data:`ENGINE_NAMES`."""
    from lld.ruleset import OPTIONS

    text, code = _article(html)
    found = [f"{m.group(0)!r} (name=value)" for m in re.finditer(r"[\w-]+=[\w-]+", text)]
    identifiers = {*OPTIONS, *(v.value for spec in OPTIONS.values() for v in spec.values)}
    for word in sorted(identifiers):
        where = text if "_" in word else code
        if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", where):
            found.append(f"{word!r} (an option's name or value)")
    for name in ENGINE_NAMES:
        if re.search(rf"\b{re.escape(name)}", text, re.IGNORECASE):
            found.append(f"{name!r} (the engine's)")
    return found


def test_how_to_play_names_no_option_and_nothing_of_the_engine(site: Path) -> None:
    html = (site / "how-to-play.html").read_text(encoding="utf-8")
    text, _ = _article(html)
    assert "How to play" in text  # the article was read
    assert "Settling up" in text
    assert _engine_words(html) == []


def test_the_engine_words_check_finds_them() -> None:
    """The check above can fail: each kind of engine word is found."""
    page = (
        "<article><p>With lie_down=forced the dealer keeps the leftovers; seat 0 plays"
        " first, and all_to_dealer is the reconstruction preset's.</p>"
        "<p><code>settlement</code> is raised as IllegalMoveError by the engine.</p></article>"
    )  # fmt: skip
    found = " ".join(_engine_words(page))
    for word in ("'lie_down=forced'", "'lie_down'", "'all_to_dealer'", "'settlement'",
                 "'preset'", "'the engine'", "'seat 0'", "'IllegalMoveError'"):  # fmt: skip
        assert word in found, word
    assert "'leftovers'" not in found  # a plain word in running text is the game's
    assert _engine_words("<article><p>The leftovers go to the dealer.</p></article>") == []


def test_how_to_play_quotes_its_sources_exactly_and_names_them(site: Path) -> None:
    """Every quotation on the page (in curly quotes) is a phrase or a sentence
    found word for word in a source text, and names near it a source that has
    it; Willughby's words are only ever reported."""
    from seed_texts import normalise, seed_texts

    def plain(text: str) -> str:
        return normalise(text.translate(str.maketrans("‘’“”", "''\"\"")))

    texts = {k: plain(v) for k, v in seed_texts({s.id: s.author for s in load().sources}).items()}
    text, _ = _article((site / "how-to-play.html").read_text(encoding="utf-8"))
    assert not re.search(r"Willughby (says|writes|tells)", text)
    quotes = list(re.finditer(r"“([^”]+)”", text))
    assert len(quotes) >= 10
    problems = []
    for m in quotes:
        quote = plain(m.group(1))
        if len(quote.split()) > 30:
            problems.append(f"too long to be brief: {quote!r}")
        having = [k for k, t in texts.items() if quote in t]
        near = text[max(0, m.start() - 200) : m.end() + 80]
        if not having:
            problems.append(f"in no source: {quote!r}")
        elif not any(SOURCE_NAMES[k] in near for k in having):
            problems.append(f"{quote!r} names none of {having} near it")
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------ citations and frozen copies


def _cited(html: str, address: str) -> list[str]:
    """The addresses on the published site (at ``address``) that a page's citations give."""
    return re.findall(rf"{re.escape(address)}[^\s<\"}}]*", html)


def _resolves(site: Path, pages: dict[Path, _Page], url: str, address: str) -> bool:
    rel, _, anchor = url.removeprefix(address).partition("#")
    page = (site / (rel or "index.html")).resolve()
    if page.is_dir():
        page = page / "index.html"
    return page in pages and (not anchor or anchor in pages[page].ids)


def test_every_citation_resolves_in_the_built_site(site: Path, pages: dict[Path, _Page]) -> None:
    """The cite boxes and the citing page give addresses of this site, each a
    page and anchor that exist: the frozen copy's once this version has one.
    While the site has no address, each says so instead of giving one."""
    from lld import __version__
    from lld.handout.cite import LOCAL_BUILD, TITLE, frozen_site, site_url

    rulings = load().rulings
    address = site_url()
    if address is None:
        for name in ("rules.html", "citing.html"):
            text = html_module.unescape((site / name).read_text(encoding="utf-8"))
            plain = re.findall(r'class="lld-cite-plain">([^<]*)<', text)
            # The site's and the rulings' own (not the sources', which cite no address).
            given = [g for g in plain if g.startswith(('"R', TITLE))]
            assert len(given) >= len(rulings), name
            assert all(g.lower().endswith(f"{LOCAL_BUILD}.") for g in given), name
        return
    cited = []
    for name in ("rules.html", "citing.html"):
        cited += _cited((site / name).read_text(encoding="utf-8"), address)
    assert len(cited) >= 2 * len(rulings)
    assert [u for u in cited if not _resolves(site, pages, u, address)] == []
    if (DOCS / "releases" / f"{__version__}.tar.xz").exists():
        # Every citation but the citing page's list of the other frozen versions.
        citing = (site / "citing.html").read_text(encoding="utf-8")
        listed = re.search(r'<section id="frozen-versions".*?</section>', citing, re.S)
        assert listed is not None
        cited = _cited((site / "rules.html").read_text(encoding="utf-8"), address)
        cited += _cited(citing.replace(listed.group(0), ""), address)
        assert len(cited) >= 2 * len(rulings)
        frozen = frozen_site(__version__)
        assert frozen is not None
        assert all(u.startswith(frozen) for u in cited)


def test_every_frozen_copy_is_served_with_its_banner(site: Path, pages: dict[Path, _Page]) -> None:
    """Each stored copy is at v/VERSION/, every page of it under a banner naming
    its version, and the citations it gives resolve in it."""
    from lld.handout.cite import is_release, site_url

    stored = sorted(p.name.removesuffix(".tar.xz") for p in (DOCS / "releases").glob("*.tar.xz"))
    assert all(is_release(v) for v in stored), stored
    served = sorted(p.name for p in (site / "v").iterdir()) if (site / "v").exists() else []
    assert served == stored
    address = site_url()
    for version in stored:
        copy = site / "v" / version
        assert 'id="r1"' in (copy / "rules.html").read_text(encoding="utf-8")
        for page in copy.rglob("*.html"):
            html = page.read_text(encoding="utf-8")
            assert f"<strong>Version {version}</strong>" in html, page
            if address is not None:
                cited = _cited(html, address)
                assert [u for u in cited if not _resolves(site, pages, u, address)] == [], page


def test_no_made_up_address_anywhere_in_the_built_site(site: Path) -> None:
    """No page, script, data file or PDF's text (the handouts', the frozen copies')
    gives an address in a domain reserved for examples, nor the placeholder
    ``lld.example.org`` that copies cut before the address setting were built with."""
    from site_scan import made_up_in_site

    assert made_up_in_site(site) == {}
    pdfs = list(site.glob("handouts/*.pdf"))
    assert len(pdfs) >= 10  # the scan read the handouts


#: Pages with a cell (one of each kind: a contested ruling, a hand, the API).
CELL_PAGES = ("contested/r22.html", "hands/r14-pair-royal-one-of-three.html", "reference/api.html")
#: What a cell's button is (jupyterlite-sphinx's), on a page as built.
CELL_BUTTON = "jupyterlite_sphinx_try_it_button"


def _releases_module() -> Any:
    """The site extension's ``releases`` module (``docs/_ext`` is not on the tests' path)."""
    if str(DOCS / "_ext") not in sys.path:
        sys.path.insert(0, str(DOCS / "_ext"))
    return importlib.import_module("lld_docs.releases")


def test_no_frozen_page_has_a_cell_that_cannot_run(site: Path) -> None:
    """The served frozen copies have no cell button (they leave the in-browser Python out)."""
    frozen = list((site / "v").rglob("*.html")) if (site / "v").exists() else []
    assert [p for p in frozen if CELL_BUTTON in p.read_text(encoding="utf-8")] == []


@pytest.mark.parametrize("how", ["cut now", "cut with its cells"])
def test_a_frozen_copy_links_the_live_cells_instead_of_a_dead_button(
    site: Path, tmp_path: Path, how: str
) -> None:
    """Where the page has a cell, its frozen copy has a line linking the same page
    on the current site instead: in a copy cut now (``freeze``), and in one cut
    with the cells still in it, once served (``unpack``)."""
    releases = _releases_module()
    built = tmp_path / "built"
    for rel in CELL_PAGES:
        (built / rel).parent.mkdir(parents=True, exist_ok=True)
        (built / rel).write_bytes((site / rel).read_bytes())
        assert CELL_BUTTON in (built / rel).read_text(encoding="utf-8"), rel
    archive = tmp_path / "releases" / "9.0.0.tar.xz"
    if how == "cut now":
        releases.freeze(built, "9.0.0", "2030-01-02", archive)
        with tarfile.open(archive, "r:xz") as tar:
            for rel in CELL_PAGES:
                member = tar.extractfile(rel)
                assert member is not None
                assert CELL_BUTTON not in member.read().decode("utf-8"), rel
    else:
        archive.parent.mkdir()
        with tarfile.open(archive, "w:xz") as tar:
            manifest = json.dumps({"version": "9.0.0", "date": "2030-01-02", "left_out": []})
            tar.add(_file(tmp_path / "FROZEN.json", manifest), "FROZEN.json")
            for rel in CELL_PAGES:
                tar.add(built / rel, rel)
    live = tmp_path / "live"
    for rel in CELL_PAGES:
        (live / rel).parent.mkdir(parents=True, exist_ok=True)
        (live / rel).write_text("the current page", encoding="utf-8")
    copy = releases.unpack(archive, live, "9.1.0")
    for rel in CELL_PAGES:
        html = (copy / rel).read_text(encoding="utf-8")
        assert CELL_BUTTON not in html, rel
        assert 'class="lld-cell ' not in html, rel
        link = "../" * (rel.count("/") + 2) + rel
        notes = re.findall(r'<div class="lld-frozen-cells".*?</div>', html, re.S)
        assert len(notes) == 1, rel
        assert f'href="{link}"' in notes[0], rel
        assert (copy / rel).parent.joinpath(link).resolve() == (live / rel).resolve()
        assert "live cells" in notes[0]


def _file(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ :expect:


def _scratch(
    tmp_path: Path, expect: str, directive: str = "demonstration"
) -> subprocess.CompletedProcess[str]:
    """Build a one-page site whose page claims ``expect`` about R22."""
    return _scratch_page(
        tmp_path,
        f"""
        ```{{{directive}}} R22
        :example: r22-lie-down-by-choice.lld
        :expect: {expect}
        ```
        """,
    )


def _scratch_page(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    """Build a one-page site whose page is ``body`` (dedented) under a title."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "conf.py").write_text(
        textwrap.dedent(f"""
            import sys
            sys.path[:0] = [{str(ROOT / "src")!r}, {str(DOCS / "_ext")!r}]
            extensions = ["myst_parser", "sphinx_design", "lld_docs"]
        """),
        encoding="utf-8",
    )
    (tmp_path / "scratch.md").write_text("# Scratch\n\n" + textwrap.dedent(body), encoding="utf-8")
    cmd = [sys.executable, "-m", "sphinx", "-q", "-b", "html", "-D", "root_doc=scratch",
           str(tmp_path), str(tmp_path / "_build")]  # fmt: skip
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


@pytest.mark.parametrize("directive", ["demonstration", "ruling"])
def test_a_wrong_expect_fails_the_build_naming_page_ruling_and_preset(
    tmp_path: Path, directive: str
) -> None:
    done = _scratch(tmp_path, "sympkyn=plays_through parlett=plays_through", directive)
    assert done.returncode != 0
    assert "scratch" in done.stderr
    assert "R22" in done.stderr
    assert "preset parlett" in done.stderr
    assert "expects plays_through, but the engine gives illegal" in done.stderr


@pytest.mark.parametrize("directive", ["demonstration", "ruling"])
def test_a_right_expect_builds(tmp_path: Path, directive: str) -> None:
    done = _scratch(tmp_path, "sympkyn=plays_through parlett=illegal", directive)
    assert done.returncode == 0, done.stderr


def test_a_malformed_expect_fails_the_build(tmp_path: Path) -> None:
    done = _scratch(tmp_path, "parlett:illegal")
    assert done.returncode != 0
    assert "bad :expect: item 'parlett:illegal'" in done.stderr


# ------------------------------------------------------------------ a player's page's claims


def _extension(name: str) -> Any:
    """A module of the site's extension, ``lld_docs.NAME``."""
    _releases_module()  # puts docs/_ext on the path
    return importlib.import_module(f"lld_docs.{name}")


#: A page for players states the project's reading in its own words; each claim
#: it makes with a ruling's number fails the build when the engine disagrees.
#: (ruling, claim): what the error says.
WRONG_CLAIMS = {
    ("R29", "pairs_to_dealer"): "R29: the page states the reading pairs_to_dealer, but the"
    " reconstruction preset plays leftovers=all_to_dealer",
    ("R29", "most_pairs"): "'most_pairs' is not a value of R29's option leftovers",
    ("R3", "editorial"): "the page calls R3's reading editorial, but a source gives it (parlett)",
    ("R25", "chosen"): "the page calls R25's reading the project's choice, but every source",
    ("R12", "one_or_three"): "R12 has no option",
}  # fmt: skip


@pytest.mark.parametrize(("ruling", "claim"), list(WRONG_CLAIMS))
def test_a_wrong_reading_claim_is_refused(ruling: str, claim: str) -> None:
    reading, expect = _extension("reading"), _extension("expect")
    with pytest.raises(expect.ExpectationError) as caught:
        reading.check_claim(load().ruling(ruling), claim, load(), "page:7")
    assert str(caught.value).startswith("page:7: ")
    assert WRONG_CLAIMS[ruling, claim] in str(caught.value)


def test_the_right_reading_claims_hold() -> None:
    reading = _extension("reading")
    conc = load()
    claims = [("R29", "all_to_dealer"), ("R34", "out_at_once"), ("R35", "editorial"),
              ("R3", "chosen"), ("R34", "chosen"), ("R16", "one_at_a_time")]  # fmt: skip
    for ruling, claim in claims:
        reading.check_claim(conc.ruling(ruling), claim, conc, "page:1")
    editorial = [r.id for r in conc.rulings if reading.is_editorial(r, conc)]
    # R37: the audit found Sympkyn silent on it (S-63), so no source gives the reading.
    # R42 and R43 (issue 25): du Coeur's "not out" and Parlett's "laid (or lain) down"
    # read either way, so the project's readings there are its own. R44: no source
    # prices a part-pair at all. R34 is no longer one: with its option (issue 25)
    # Parlett's "has any cards left in hand" gives the project's reading.
    assert editorial == ["R33", "R35", "R37", "R42", "R43", "R44"]


def test_a_players_stakes_table_checks_its_pots() -> None:
    stakes, expect = _extension("stakes"), _extension("expect")
    table = stakes.compact_table((4, 5, 6), "balances", "page:3")
    assert "6 players" in table.astext()
    assert "Break-even" in table.astext()
    with pytest.raises(expect.ExpectationError, match=r"page:3: .* 8-player pot"):
        stakes.compact_table((5, 8), "balances", "page:3")
    with pytest.raises(expect.ExpectationError, match="bad :expect:"):
        stakes.compact_table((5,), "balanced", "page:3")


def test_a_wrong_claim_fails_the_build_and_right_ones_build(tmp_path: Path) -> None:
    """On a page, the claims are checked while it is built: a wrong one stops the
    build naming the page; right ones (a reading, a replay, a stakes table) build."""
    done = _scratch_page(tmp_path / "wrong", "The leftovers ({reading}`R29 pairs_to_dealer`).\n")
    assert done.returncode != 0
    assert "scratch:3: R29: the page states the reading pairs_to_dealer" in done.stderr
    done = _scratch_page(
        tmp_path / "right",
        """
        The leftovers go to the dealer ({reading}`R29 all_to_dealer`); out of play
        when the hand is empty ({reading}`R34 out_at_once`).

        ```{replay-check} R22
        :example: r22-lie-down-by-choice.lld
        :expect: reconstruction=illegal
        ```

        ```{stakes}
        :players: 4 5 6
        :expect: balances
        ```
        """,
    )
    assert done.returncode == 0, done.stderr
    html = (tmp_path / "right" / "_build" / "scratch.html").read_text(encoding="utf-8")
    assert "R29" in html
    assert "6 players" in html

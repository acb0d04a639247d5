"""The history page and the glossary against the seed texts and the registry.

On ``docs/history.md`` and ``docs/glossary.md`` a quotation is text in curly
double quotes (“…”), and only that: their prose has no straight double quotes and
no single curly quotes, so no quotation escapes the check. Each quotation names its
source in one of two ways, read here from the page's own Markdown:

* a parenthesis right after it that names a source (the first source named
  there counts: “…” (Willughby, as Parlett quotes him));
* failing that, the last source named before it in its paragraph (a list item
  and a glossary entry are paragraphs): Parlett writes “…”.

The checks:

* every quotation is word for word (whitespace aside) in the seed text of the
  source it names (without the seeds this skips, as every quotation check does);
* a clause number in that parenthesis is one of that source's clauses, and
  quotes the same words (one contains the other);
* the history page gives no web address the registry does not hold (the
  registry holds none for the four write-ups: none is invented);
* the glossary keeps the game's words and the site's own in two lists, and has
  the terms the rules use;
* the home page's table of contents has the history page after the sources.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from lld.concordance import PREFIXES, SOURCE_IDS, load
from seed_texts import normalise, seed_texts

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = ("history.md", "glossary.md")
CONC = load()

#: How the pages name each source.
NAMES: dict[str, tuple[str, ...]] = {
    "du-coeur": ("du Coeur",),
    "parlett": ("Parlett",),
    "caidis": ("Compendium Caidis", "Caimbuel"),
    "sympkyn": ("Sympkyn",),
    "crowe": ("Crowe",),
}
_NAME = re.compile("|".join(re.escape(n) for names in NAMES.values() for n in names))
_SOURCE_OF = {n: source for source, names in NAMES.items() for n in names}
_QUOTE = re.compile(r"“([^“”]+)”")
_CLAUSE = re.compile(r"\b(?:" + "|".join(PREFIXES.values()) + r")-\d+\b")

#: The game's words the rules use, which the players' glossary must define.
PLAYERS_TERMS = {
    "ante", "break-even", "capture", "claim", "cut", "lift", "dead pair", "dealer",
    "eldest", "hand", "last player", "last trick", "lay down", "lie down", "mate",
    "mournival", "oversight", "pair royal", "prial", "préal", "pence", "play down",
    "pot", "settlement", "stake", "table", "widow's hand", "won pile",
}  # fmt: skip
#: The site's own words, kept in a list of their own.
SITE_TERMS = {"ruling", "reading", "preset", "option", "clause", "editorial"}


@dataclass(frozen=True)
class Quotation:
    page: str
    words: str
    source: str | None  # None: the page names no source for it
    clauses: tuple[str, ...]  # clause numbers in the parenthesis after it

    def __str__(self) -> str:
        return f"{self.page}: “{self.words}”"


def _paragraphs(text: str) -> list[str]:
    """Blocks of Markdown: split at blank lines and at the start of list items."""
    blocks = re.split(r"\n\s*\n|\n(?=\s*(?:[-*]|\d+\.)\s)", text)
    return [b for b in blocks if b.strip()]


def _attribution(paragraph: str, start: int, end: int) -> tuple[str | None, tuple[str, ...]]:
    """The source a quotation at ``start:end`` of ``paragraph`` names, and the
    clause numbers in the parenthesis right after it."""
    masked = _QUOTE.sub(lambda m: " " * len(m.group(0)), paragraph)
    after = re.match(r"\s*\(([^()]*)\)", masked[end:])
    if after:
        clauses = tuple(_CLAUSE.findall(after.group(1)))
        named = _NAME.search(after.group(1))
        if named:
            return _SOURCE_OF[named.group(0)], clauses
    else:
        clauses = ()
    before = _NAME.findall(masked[:start])
    return (_SOURCE_OF[before[-1]] if before else None), clauses


def quotations(page: str) -> list[Quotation]:
    text = (DOCS / page).read_text("utf-8")
    found = []
    for paragraph in map(normalise, _paragraphs(text)):
        for m in _QUOTE.finditer(paragraph):
            source, clauses = _attribution(paragraph, m.start(), m.end())
            found.append(Quotation(page, normalise(m.group(1)), source, clauses))
    return found


ALL = [q for page in PAGES for q in quotations(page)]


@pytest.fixture(scope="module")
def seeds() -> dict[str, str]:
    return seed_texts({s.id: s.author for s in CONC.sources})


def test_the_names_cover_the_sources() -> None:
    assert set(NAMES) == set(SOURCE_IDS)


@pytest.mark.parametrize("page", PAGES)
def test_every_quotation_is_marked_one_way(page: str) -> None:
    """Only “…” marks a quotation: a straight or single-quoted one would escape
    the checks below. (Apostrophes are typed straight; Sphinx curls them.)"""
    text = (DOCS / page).read_text("utf-8")
    assert '"' not in text, f"{page}: a straight double quote; quote with “…”"
    assert "‘" not in text, f"{page}: a single curly quote; quote with “…”"
    assert text.count("“") == text.count("”"), f"{page}: unbalanced quotation marks"
    assert len(quotations(page)) >= 20, page  # the parser finds them


@pytest.mark.parametrize("quote", ALL, ids=str)
def test_every_quotation_names_its_source(quote: Quotation) -> None:
    assert quote.source is not None, f"{quote}: no source named before it or after it"


@pytest.mark.parametrize("quote", [q for q in ALL if q.clauses], ids=str)
def test_a_clause_number_beside_a_quotation_is_that_source_s(quote: Quotation) -> None:
    for clause_id in quote.clauses:
        clause = CONC.clause(clause_id)
        assert clause.source == quote.source, f"{quote}: {clause_id} is {clause.source}'s"
        theirs = normalise(clause.quote)
        assert theirs in quote.words or quote.words in theirs, (
            f"{quote}: {clause_id} quotes {clause.quote!r}"
        )


@pytest.mark.parametrize("quote", ALL, ids=str)
def test_every_quotation_is_verbatim_in_its_source(seeds: dict[str, str], quote: Quotation) -> None:
    assert quote.source is not None
    assert quote.words in seeds[quote.source], f"{quote} is not in {quote.source}'s text" + "".join(
        f"; it is in {s}'s" for s, t in seeds.items() if quote.words in t
    )


def test_the_laughing_is_parlett_s() -> None:
    """Issue 22: the glossary gave Parlett's words on the game's name to du Coeur."""
    laughs = [q for q in ALL if "laughs at you" in q.words]
    assert laughs
    assert all(q.source == "parlett" for q in laughs)


def test_the_history_page_invents_no_address() -> None:
    """Any web address on the history page is one the registry records."""
    registry = " ".join(p.read_text("utf-8") for p in (ROOT / "sources").glob("*.toml"))
    text = (DOCS / "history.md").read_text("utf-8")
    addresses = re.findall(r"(?:https?://|www\.)[^\s)>\]]+", text)
    assert [a for a in addresses if a not in registry] == []
    # The registry has no web address for any write-up, and the page says so.
    assert [s.id for s in CONC.sources if "://" in (s.address or "")] == []
    assert "no web address" in text


def _glossary_blocks() -> list[set[str]]:
    """The terms of each ``{glossary}`` block of the glossary page, in order."""
    text = (DOCS / "glossary.md").read_text("utf-8")
    blocks = re.findall(r"```\{glossary\}\n(.*?)\n```", text, re.S)
    return [
        {line.strip().lower() for line in block.splitlines() if line and not line[0].isspace()}
        for block in blocks
    ]


def test_the_glossary_keeps_the_game_s_words_and_the_site_s_apart() -> None:
    blocks = _glossary_blocks()
    assert len(blocks) == 2
    players, site = blocks
    assert players >= PLAYERS_TERMS, sorted(PLAYERS_TERMS - players)
    assert site >= SITE_TERMS, sorted(SITE_TERMS - site)
    assert not players & site


def test_the_history_page_follows_the_sources_in_the_contents() -> None:
    index = (DOCS / "index.md").read_text("utf-8")
    toctree = re.search(r"```\{toctree\}\n(.*?)```", index, re.S)
    assert toctree is not None
    entries = [line.strip() for line in toctree.group(1).splitlines()]
    assert entries[entries.index("sources/index") + 1] == "history"

"""Handouts and citation: the sheets hold what the read-model says, fit one sheet,
render, and cite anchors that exist; the citations and the bibliography parse.

The PDF tests need WeasyPrint and poppler's pdftotext/pdftoppm (the docs session,
``nox -s docs``, installs both); without them those tests are skipped. The
anchor test reads the built site (``LLD_DOCS_BUILT``, set by ``nox -s docs``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lld import __version__
from lld.cli import main
from lld.concordance import load
from lld.handout import PAPERS, HandoutError, handout_content, handout_html, write_pdf
from lld.handout.cite import (
    LOCAL_BUILD,
    ruling_bibtex,
    ruling_citation,
    site_bibtex,
    site_url,
    source_bibtex,
    source_citation,
    sources_bibtex,
)
from lld.presets import PRESETS
from lld.reports import StakesReport, preset_report, preset_rules

ROOT = Path(__file__).resolve().parents[1]
DATE = "2026-11-23"


def _have_pdf_tools() -> bool:
    try:
        import weasyprint  # noqa: F401
    except ImportError:
        return False
    return all(shutil.which(tool) for tool in ("pdftotext", "pdftoppm", "pdfinfo"))


needs_pdf = pytest.mark.skipif(
    not _have_pdf_tools(), reason="needs WeasyPrint and poppler-utils (nox -s docs installs them)"
)


def _text(pdf: Path, layout: bool = False) -> str:
    args = ["pdftotext", *(["-layout"] if layout else []), str(pdf), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def _pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    found = re.search(r"^Pages:\s+(\d+)", info.stdout, re.M)
    assert found, info.stdout
    return int(found.group(1))


@pytest.fixture(scope="module")
def handouts(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """Every preset's handout on every paper, as PDF."""
    if not _have_pdf_tools():
        pytest.skip("needs WeasyPrint and poppler-utils")
    out = tmp_path_factory.mktemp("handouts")
    return {
        (name, paper): write_pdf(rules, paper, out / f"{name}-{paper}.pdf", date=DATE)
        for name, rules in PRESETS.items()
        for paper in PAPERS
    }


# ------------------------------------------------------------------ content (no PDF tools)


def test_handout_states_every_ruling_with_its_number() -> None:
    rules = preset_rules("reconstruction")
    h = handout_content(rules, DATE)
    assert [line.ruling for line in h.rules] == [r.id for r in load().rulings]
    report = preset_report(rules)
    for o in report.options:
        line = next(x for x in h.rules if x.ruling == o.ruling)
        assert line.text == o.meaning
        assert line.setting == f"{o.option}={'none' if o.value is None else o.value}"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_stakes_figure_a_handout_states_comes_from_its_own_table(preset: str) -> None:
    """A handout's player counts (R2), last-player bonus (R30) and odd break-even
    (R32) are its own stakes table's, never the reconstruction's: the Compendium
    Caidis sheet once promised "five for five players" beside a table paying 0."""
    h = handout_content(preset_rules(preset), DATE)
    figures = {str(n) for s in h.stakes for n in (s.players, s.last_player_bonus)}
    figures |= {str(n) for s in h.stakes if s.break_even is not None
                for n in (s.break_even - 1, s.break_even, s.break_even + 1)}  # fmt: skip
    words = {"one", "two", "three", "four", "five", "six", "seven", "eight", "ten", "eleven"}
    for line in h.rules:
        if line.ruling not in ("R2", "R30", "R32"):
            continue
        # Willughby's six, as du Coeur reads it, is named only beside a table paying five.
        text = line.text.replace("Willughby's six for the last trick", "")
        text = text.replace("six in place of the one stake the last pair would earn, so five extra",
                            "")  # fmt: skip
        text = re.sub(r"\bwins? one stake\b|\blose one\b|\ba whole one\b", "", text)
        assert set(re.findall(r"\d+", text)) <= figures, (preset, line.ruling, line.text)
        assert not words & set(re.findall(r"[a-z]+", text.lower())), (preset, line.ruling, text)
    bonus = next(x for x in h.rules if x.ruling == "R30").text
    if not any(s.last_player_bonus for s in h.stakes):
        assert bonus.startswith("No bonus"), bonus
    if "Willughby's six" in bonus:
        assert any(s.players == 5 and s.last_player_bonus == 5 for s in h.stakes)


def test_the_caidis_handout_promises_no_bonus_its_table_does_not_pay() -> None:
    h = handout_content(preset_rules("caidis"), DATE)
    assert all(s.last_player_bonus == 0 for s in h.stakes)
    bonus = next(x for x in h.rules if x.ruling == "R30").text
    assert "five" not in bonus
    assert "5" not in bonus


def test_handout_html_marks_the_options_changed() -> None:
    html = handout_html(preset_rules("parlett", ["lie_down=voluntary"]), "a4", DATE)
    assert "<code>lie_down=voluntary</code> (R22)" in html
    assert html.count('class="mark changed"') == 1
    plain = handout_html(preset_rules("parlett"), "a4", DATE)
    assert 'class="mark changed"' not in plain
    assert 'class="changed-list"' not in plain


def test_handout_html_has_the_paper_size_version_date_and_site() -> None:
    for paper, size in PAPERS.items():
        html = handout_html(preset_rules("sympkyn"), paper, DATE)
        assert f"size: {size};" in html
        where = site_url() or "a local build, no public address"
        assert f"lld {__version__} · {DATE} · {where}" in html


def test_unknown_paper_is_a_handout_error() -> None:
    with pytest.raises(HandoutError, match="unknown paper 'a5'"):
        handout_html(preset_rules("parlett"), "a5")


def test_worked_example_is_drawn_with_svg_cards() -> None:
    h = handout_content(preset_rules("caidis"), DATE)
    assert h.example is not None
    assert h.example.record == "whole-hand-caidis-four.lld"
    html = handout_html(preset_rules("caidis"), "a4", DATE)
    assert html.count('class="lld-cards"') == 2
    assert "var(--" not in html  # the cards' colours resolved for print


# ------------------------------------------------------------------ the PDFs


@needs_pdf
def test_each_handout_holds_every_ruling_number_and_the_version(
    handouts: dict[tuple[str, str], Path],
) -> None:
    ids = {r.id for r in load().rulings}
    for (name, paper), pdf in handouts.items():
        text = _text(pdf)
        found = set(re.findall(r"\bR\d+\b", text))
        assert ids <= found, (name, paper, sorted(ids - found))
        assert f"lld {__version__}" in text, (name, paper)
        assert DATE in text, (name, paper)


def _stakes_line(s: StakesReport) -> re.Pattern[str]:
    be = "most pairs" if s.break_even is None else str(s.break_even)
    return re.compile(
        rf"^\s*{s.players}\s+{re.escape(s.table)}\s+{s.dealer_ante}\s*/\s*{s.other_ante}"
        rf"\s+{s.pot}\s+{s.hand_size} \+ {s.table_cards}\b.*?\s{s.last_player_bonus}\s+"
        rf"{re.escape(be)}\s+{re.escape(s.balance.text.split()[0])}",
        re.M,
    )


@needs_pdf
def test_each_handout_holds_the_stakes_report_figures(
    handouts: dict[tuple[str, str], Path],
) -> None:
    for (name, paper), pdf in handouts.items():
        text = _text(pdf, layout=True)
        for s in preset_report(PRESETS[name]).stakes:
            assert _stakes_line(s).search(text), (name, paper, s.players)


@needs_pdf
def test_each_handout_fits_one_sheet(handouts: dict[tuple[str, str], Path]) -> None:
    for key, pdf in handouts.items():
        assert 1 <= _pages(pdf) <= 2, key


@needs_pdf
def test_each_handout_renders_to_png(handouts: dict[tuple[str, str], Path], tmp_path: Path) -> None:
    for (name, paper), pdf in handouts.items():
        for gray in (False, True):
            stem = tmp_path / f"{name}-{paper}-{'gray' if gray else 'colour'}"
            cmd = ["pdftoppm", "-r", "40", "-png", *(["-gray"] if gray else []), str(pdf)]
            subprocess.run([*cmd, str(stem)], check=True, capture_output=True)
            pngs = sorted(tmp_path.glob(f"{stem.name}*.png"))
            assert len(pngs) == _pages(pdf)
            for png in pngs:
                data = png.read_bytes()
                assert data[:8] == b"\x89PNG\r\n\x1a\n", png
                assert len(data) > 5000, png  # not a blank page


@needs_pdf
def test_every_ruling_number_on_a_handout_is_an_anchor_on_the_site(
    handouts: dict[tuple[str, str], Path],
) -> None:
    built = os.environ.get("LLD_DOCS_BUILT")
    if not built:
        pytest.skip("needs the built site (nox -s docs sets LLD_DOCS_BUILT)")
    rules_page = (Path(built) / "rules.html").read_text(encoding="utf-8")
    anchors = set(re.findall(r'\bid="(r\d+)"', rules_page))
    for key, pdf in handouts.items():
        numbers = {n.lower() for n in re.findall(r"\bR\d+\b", _text(pdf))}
        assert numbers, key
        assert numbers <= anchors, (key, sorted(numbers - anchors))
    for name in PRESETS:
        for paper in PAPERS:
            assert (Path(built) / "handouts" / f"{name}-{paper}.pdf").stat().st_size > 0


# ------------------------------------------------------------------ lld handout


@needs_pdf
def test_cli_handout_for_a_reading_of_ones_own(tmp_path: Path) -> None:
    out = tmp_path / "own.pdf"
    options = ["--option", "lie_down=voluntary", "--option", "claim_priority=first_in_rotation"]
    argv = ["handout", "--ruleset", "parlett", *options, "--paper", "letter", "-o", str(out)]
    assert main(argv) == 0
    text = _text(out)
    assert "lie_down=voluntary (R22)" in text
    assert "claim_priority=first_in_rotation (R25)" in text
    assert _pages(out) <= 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ruleset", "nope"], "unknown ruleset 'nope'"),
        (["--option", "lie_down=bogus"], "option lie_down cannot be 'bogus'"),
        (["--option", "nonsense"], "'nonsense' is not of the form name=value"),
        (["--option", "no_such_option=1"], "no_such_option"),
        (
            ["--option", "lie_down=voluntary", "--option", "lie_down=forced"],
            "option lie_down is given twice, as voluntary and forced",
        ),
        (
            [a for n in range(3, 9) for a in ("--option", f"deal_{n}=none")],
            "the reading gives no game for any number of players",
        ),
        (["--paper", "a5"], "invalid choice: 'a5'"),
    ],
)
def test_cli_handout_bad_options_are_one_line(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.pdf"
    with pytest.raises(SystemExit) if "--paper" in args else _no_raise():
        status = main(["handout", *args, "-o", str(out)])
        assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith("lld: "), err
    assert message in err, err
    assert not out.exists()


def test_cli_handout_without_weasyprint_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # import fails
    out = tmp_path / "x.pdf"
    assert main(["handout", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "handouts need WeasyPrint" in err, err
    assert not out.exists()


class _no_raise:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


# ------------------------------------------------------------------ citation


def test_ruling_citation_names_number_version_and_anchor() -> None:
    """Chicago style: the ruling as a titled part of the site, then the version,
    the year and the address (no full stop after it, which a copy would take in)."""
    text = ruling_citation(
        "R22", site="https://lld.github.io/lld/", version="9.9", date="2031-02-03"
    )
    assert text.startswith('"R22: Lying down: forced or chosen." In Laugh and Lie Down')
    assert text.endswith(". Version 9.9. 2031. https://lld.github.io/lld/rules.html#r22")


def test_a_source_citation_names_its_collection_once() -> None:
    """Compendium Caidis's address names its collection more fully: the citation
    gives that once, not the collection and then the address repeating it."""
    collected = [s for s in load().sources if s.collection]
    assert collected
    for source in collected:
        text = source_citation(source)
        assert text.count(source.collection or "") == 1, text
        fields = dict(re.findall(r"^  (\w+) = \{(.*)\},$", source_bibtex(source), re.M))
        named = [v for k, v in fields.items() if source.collection in v and k != "title"]
        assert len(named) == 1, (source.id, fields)
    caidis = source_citation(load().source("caidis"))
    assert caidis == 'Caimbuel, Meala. "Laugh and Lie Down." Compendium Caidis (SCA wiki).', caidis


def test_sources_bib_is_generated_from_the_registry() -> None:
    text = (ROOT / "docs" / "sources.bib").read_text(encoding="utf-8")
    assert text.split("\n\n", 1)[1] == sources_bibtex()


def test_every_bibtex_entry_parses() -> None:
    pybtex = pytest.importorskip("pybtex.database", reason="pybtex comes with the docs group")
    conc = load()
    entries = [site_bibtex(), *(ruling_bibtex(r.id) for r in conc.rulings)]
    entries += [source_bibtex(s) for s in conc.sources]
    entries.append((ROOT / "docs" / "sources.bib").read_text(encoding="utf-8"))
    for entry in entries:
        data = pybtex.parse_string(entry, "bibtex")
        assert data.entries, entry
    whole = pybtex.parse_string("\n".join(entries[:-1]), "bibtex")
    assert len(whole.entries) == 1 + len(conc.rulings) + len(conc.sources)
    r14 = whole.entries["lld-r14"]
    if site_url() is None:
        assert "url" not in r14.fields
        assert r14.fields["note"].lower() == LOCAL_BUILD
    else:
        assert r14.fields["url"].endswith("rules.html#r14")


def test_citation_cff_is_valid() -> None:
    beside = Path(sys.executable).with_name("check-jsonschema")
    exe = str(beside) if beside.exists() else shutil.which("check-jsonschema") or str(beside)
    if not Path(exe).exists():
        pytest.skip("check-jsonschema comes with the docs group (nox -s docs)")
    cff = ROOT / "CITATION.cff"
    done = subprocess.run(
        [exe, "--builtin-schema", "vendor.citation-file-format", str(cff)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def test_citation_cff_names_this_version_and_the_site() -> None:
    text = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert re.search(rf"^version: {re.escape(__version__)}$", text, re.M)
    urls = re.findall(r'^url: "([^"]*)"$', text, re.M)
    assert urls == ([] if site_url() is None else [site_url()])


def test_changelog_records_the_rulings_changed() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## Unreleased" in text
    assert f"## {__version__}" in text
    for ruling in ("R24", "R35", "R36", "R37", "R38", "R39", "R40"):
        assert ruling in text

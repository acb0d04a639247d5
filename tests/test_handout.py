"""Handouts and citation: the sheets hold what the read-model says, fit one sheet,
render, and cite anchors that exist; the citations and the bibliography parse.

The PDF tests need WeasyPrint and poppler's pdftotext/pdftoppm (the docs session,
``nox -s docs``, installs both); without them those tests are skipped. The
anchor test reads the built site (``LLD_DOCS_BUILT``, set by ``nox -s docs``).
"""

from __future__ import annotations

import dataclasses
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
from lld.handout import (
    PAPERS,
    Handout,
    HandoutError,
    handout_content,
    handout_html,
    uses,
    worked_example,
    write_pdf,
)
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
from lld.handout.content import sentence
from lld.handout.example import EXAMPLE, SHOWS
from lld.handout.order import PARTS
from lld.presets import PRESETS
from lld.reports import StakesReport, preset_report, preset_rules
from lld.ruleset import OPTIONS, VALUES, Ruleset

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
    """Every preset's handout and a reading of one's own, on every paper, as PDF."""
    if not _have_pdf_tools():
        pytest.skip("needs WeasyPrint and poppler-utils")
    out = tmp_path_factory.mktemp("handouts")
    return {
        (name, paper): write_pdf(rules, paper, out / f"{name}-{paper}.pdf", date=DATE)
        for name, rules in READINGS.items()
        for paper in PAPERS
    }


# ------------------------------------------------------------------ the readings

#: A reading of one's own, as a teacher makes it.
OWN = ("parlett", ("lie_down=voluntary", "claim_priority=first_in_rotation"))


def _readings() -> dict[str, Ruleset]:
    """Every preset, and a reading of one's own."""
    return {**PRESETS, "own": preset_rules(OWN[0], list(OWN[1]))}


READINGS = _readings()

#: Words of the engine, never on a sheet.
ENGINE_WORDS = re.compile(
    r"IllegalMoveError|RulesetError|\w+Error\b|\bRuleset\b|\bpresets?\b|\bthe engine\b"
    r"|\bengine[’']s\b|\bbehaviour\b|\blld\.\w+",
    re.IGNORECASE,
)
_NUMBERS = {"three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_COUNT = r"(?:[3-8]|three|four|five|six|seven|eight)"
#: A number of players, or a list of them: "5 players", "3, 4 or 5 players", "four-player".
PLAYER_COUNTS = re.compile(
    rf"\b((?:{_COUNT}(?:, | or | and | to ))*{_COUNT})[- ](?:players?|hands?)\b", re.IGNORECASE
)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


def identifiers_and_engine_words(text: str) -> list[str]:
    """Option identifiers (names, ``name=value``, values with ``_``) and engine words.

    The sources' web addresses are left out, wherever a PDF's lines break them: a
    cited address is not reading text (Compendium Caidis's ends
    ``?title=Laugh_and_Lie_Down``).
    """
    for source in load().sources:
        if source.url:
            text = re.sub(r"\s*".join(map(re.escape, source.url)), " ", text)
    found = [m.group(0) for m in re.finditer(r"\b\w+=\w+", text)]
    found += [m.group(0) for m in re.finditer(r"\b[a-z]+_[a-z0-9_]+\b", text)]
    found += [name for name in OPTIONS if "_" not in name and f"{name}=" in text]
    found += [m.group(0) for m in ENGINE_WORDS.finditer(text)]
    return found


def counts_not_played(text: str, rules: Ruleset) -> list[str]:
    """Every mention of a number of players that ``rules`` gives no game for."""
    bad = []
    for m in PLAYER_COUNTS.finditer(text):
        numbers = {_number(w) for w in re.findall(_COUNT, m.group(1), re.IGNORECASE)}
        if numbers - set(rules.players):
            bad.append(m.group(0))
    return bad


def figures_disagreeing(h: Handout) -> list[str]:
    """Each figure of the sheet's text that its own stakes table does not give."""
    stakes = {row.report.players: row.report for row in h.stakes}
    bad: list[str] = []
    text = " ".join(h.text.split())
    # "five for five players", "3 stakes with 4 players": a figure of that table.
    for m in re.finditer(
        rf"\b(\d+|{'|'.join(_NUMBERS)}) (?:stakes? )?(?:for|with) ({_COUNT}) players", text
    ):
        s = stakes.get(_number(m.group(2)))
        figures = {s.dealer_ante, s.other_ante, s.pot, s.hand_size, s.table_cards,
                   s.last_player_bonus, s.break_even} if s else set()  # fmt: skip
        if _number(m.group(1)) not in figures:
            bad.append(m.group(0))
    # The last player's bonus (R30), for each number of players.
    if "R30" in h.rulings:
        said = h.rule("R30").text.split(":", 1)[1]
        for group in said.split(";"):
            amount = re.search(r"(\d+) stakes?|nothing", group)
            assert amount is not None, group
            bonus = int(amount.group(1)) if amount.group(1) else 0
            for n in re.findall(r"\d+", group.split("with", 1)[1]):
                if stakes[int(n)].last_player_bonus != bonus:
                    bad.append(f"R30: {group.strip()}")
    else:
        assert all(s.last_player_bonus == 0 for s in stakes.values())
    # An odd break-even (R32).
    for n, be, up, down in re.findall(
        r"with (\d) players the break-even is (\d+), so (\d+) won cards take \d+ stakes? and (\d+)",
        text,
    ):
        if (
            stakes[int(n)].break_even != int(be)
            or int(up) != int(be) + 1
            or int(down) != int(be) - 1
        ):
            bad.append(f"R32: {n} players, break-even {be}")
    # The worked example: the antes, the bonus and the break-even of its table.
    ex = h.example
    if ex is not None:
        s = stakes[ex.players]
        for told in ex.deal:
            paid = re.search(r"puts (\d+) stakes? into the pot", told.text)
            if paid:
                ante = s.dealer_ante if "(the dealer)" in told.text else s.other_ante
                if int(paid.group(1)) != ante:
                    bad.append(told.text)
        for m in re.finditer(r"takes (\d+) stakes? from the pot as the last player", text):
            if int(m.group(1)) != s.last_player_bonus:
                bad.append(m.group(0))
        for m in re.finditer(rf"break-even with ({_COUNT}) players is (\d+)", text):
            if stakes[_number(m.group(1))].break_even != int(m.group(2)):
                bad.append(m.group(0))
    return bad


# ------------------------------------------------------------------ content (no PDF tools)


def test_every_ruling_has_one_place_in_the_order_of_play() -> None:
    placed = [r for part in PARTS for r in part.rulings]
    assert sorted(placed) == sorted(r.id for r in load().rulings)
    assert len(placed) == len(set(placed))
    headings = [p.heading for p in PARTS]
    order = (
        "The pack", "The cut for first dealer", "The ante and the deal",
        "A mournival on the table", "Your turn", "Laying pairs", "Lying down",
        "Oversights and claims", "The end of the hand", "The leftovers", "Settling",
    )  # fmt: skip
    for start in order:
        assert sum(h.startswith(start) for h in headings) == 1, start
    # In the order of play.
    assert [next(i for i, h in enumerate(headings) if h.startswith(s)) for s in order] == sorted(
        range(len(order))
    )


@pytest.mark.parametrize("name", sorted(READINGS))
def test_a_sheet_states_the_rulings_its_reading_uses_and_no_others(name: str) -> None:
    rules = READINGS[name]
    h = handout_content(rules, DATE)
    assert h.rulings == uses(rules)
    cited = set(re.findall(r"\bR\d+\b", h.text))
    assert cited <= uses(rules), sorted(cited - uses(rules))
    assert h.example is not None
    assert set(h.example.rulings) <= uses(rules)
    assert [row.report.players for row in h.stakes] == list(rules.players)


def test_what_a_reading_does_not_use_is_left_out() -> None:
    forced, chosen = (
        handout_content(PRESETS["parlett"], DATE),
        handout_content(PRESETS["sympkyn"], DATE),
    )
    assert "R35" in forced.rulings
    assert "R37" not in forced.rulings
    assert "R37" in chosen.rulings
    assert "R35" not in chosen.rulings
    # Sympkyn: all three of a pair royal, and nothing can ever be claimed.
    assert not {"R15", "R25", "R26", "R27"} & chosen.rulings
    assert "oversight" not in chosen.text.lower()
    caidis = handout_content(PRESETS["caidis"], DATE)
    assert "R30" not in caidis.rulings
    assert "R33" in caidis.rulings
    assert "R32" in handout_content(PRESETS["du-coeur"], DATE).rulings  # eight players
    assert "R32" not in forced.rulings


@pytest.mark.parametrize("name", sorted(READINGS))
def test_each_rule_is_the_registry_s_in_plain_words(name: str) -> None:
    rules = READINGS[name]
    h = handout_content(rules, DATE)
    conc = load()
    report = preset_report(rules)
    for o in report.options:
        if o.ruling not in h.rulings or o.option.startswith("deal_"):
            continue
        rule = h.rule(o.ruling)
        ruling = conc.ruling(o.ruling)
        if rule.rulings[0] != o.ruling:
            continue  # stated with another ruling (R38 with R13)
        assert rule.question == ruling.question
        short = next(v.short for v in ruling.options if v.value == o.value)
        assert rule.text == sentence(short), (o.ruling, rule.text)
    for ruling in conc.rulings:
        if (
            ruling.option is None
            and ruling.id in h.rulings
            and ruling.id not in {"R2", "R30", "R32"}
        ):
            assert h.rule(ruling.id).question == ruling.question
    assert identifiers_and_engine_words(h.text) == []


@pytest.mark.parametrize("name", sorted(READINGS))
def test_no_player_count_the_reading_does_not_play(name: str) -> None:
    rules = READINGS[name]
    h = handout_content(rules, DATE)
    assert counts_not_played(h.text, rules) == []
    assert counts_not_played(_visible(handout_html(rules, "a4", DATE)), rules) == []


def test_the_player_count_check_finds_what_it_should() -> None:
    caidis = PRESETS["caidis"]
    assert counts_not_played("For 3, 4, 5 or 6 players.", caidis) == ["3, 4, 5 or 6 players"]
    assert counts_not_played("No game for seven players.", caidis) == ["seven players"]
    assert counts_not_played("A hand for four players.", caidis) == []


@pytest.mark.parametrize("name", sorted(READINGS))
def test_every_figure_agrees_with_the_sheet_s_stakes_table(name: str) -> None:
    h = handout_content(READINGS[name], DATE)
    assert figures_disagreeing(h) == []


def test_the_figure_check_catches_a_bonus_the_table_does_not_give() -> None:
    """The Compendium Caidis sheet once promised "five for five players" to the last
    player, beside its own stakes table's 0."""
    h = handout_content(PRESETS["caidis"], DATE)
    wrong = dataclasses.replace(h, balance=(*h.balance, "The bonus: five for five players."))
    assert figures_disagreeing(wrong) == ["five for five players"]
    rec = handout_content(PRESETS["reconstruction"], DATE)
    r30 = rec.rule("R30")
    text = r30.text.replace("3 stakes with 4 players", "5 stakes with 4 players")
    sections = tuple(
        dataclasses.replace(s, rules=tuple(dataclasses.replace(r, text=text) if r is r30 else r
                                           for r in s.rules))
        for s in rec.sections
    )  # fmt: skip
    assert figures_disagreeing(dataclasses.replace(rec, sections=sections))


@pytest.mark.parametrize("name", sorted(READINGS))
def test_the_worked_example_narrates_a_capture_a_set_a_lie_down_and_the_settlement(
    name: str,
) -> None:
    rules = READINGS[name]
    ex = handout_content(rules, DATE).example
    assert ex is not None
    assert ex.shows == frozenset(SHOWS)
    said = " ".join(ex.sentences)
    assert re.search(r"takes the \w+ of \w+ with the", said)  # a capture
    assert "pair royal" in said or "mournival" in said
    assert " lies down" in said
    assert re.search(r"(takes|pays) \d+ stakes? (from|into) the pot for the cards", said)
    assert not re.search(r"\bseat \d", said, re.IGNORECASE)  # players are named
    assert ex.players in rules.players


def test_the_worked_example_is_told_under_each_reading() -> None:
    """The same hand, replayed: under Compendium Caidis lying down costs a stake to
    each player still in, and the last player has one more turn."""
    rec = worked_example(PRESETS["reconstruction"])
    caidis = worked_example(PRESETS["caidis"])
    assert rec is not None
    assert caidis is not None
    assert rec.record == caidis.record == EXAMPLE
    assert "Cat pays 1 stake to each player still in." in caidis.sentences
    assert not any("to each player still in" in s for s in rec.sentences)
    assert caidis.moves[-1].added
    assert not rec.moves[-1].added
    # A reading with no game for four players tells another hand.
    five = worked_example(preset_rules("reconstruction", ["deal_4=none"]))
    assert five is not None
    assert five.players != 4


def test_the_caidis_handout_promises_no_bonus_its_table_does_not_pay() -> None:
    """Compendium Caidis pays the last player nothing: its sheet states no bonus
    (no R30 line), and its text names no bonus figure (the figures' agreement with
    every sheet's table is test_every_figure_agrees_with_the_sheet_s_stakes_table)."""
    h = handout_content(preset_rules("caidis"), DATE)
    assert all(s.last_player_bonus == 0 for s in preset_report(PRESETS["caidis"]).stakes)
    html = handout_html(preset_rules("caidis"), "a4", DATE)
    assert "(R30)" not in html
    assert not re.search(r"five for five|bonus of \d", html)
    assert figures_disagreeing(h) == []


def test_handout_html_marks_the_options_changed() -> None:
    html = handout_html(preset_rules("parlett", ["lie_down=voluntary"]), "a4", DATE)
    assert 'Lying down: forced or chosen <span class="rid">(R22)</span>: chosen: whenever' in html
    assert html.count('class="mark changed"') == 1
    assert "lie_down" not in html
    assert "voluntary" not in html
    plain = handout_html(preset_rules("parlett"), "a4", DATE)
    assert 'class="mark changed"' not in plain
    assert 'class="changed-list"' not in plain


def test_a_change_that_does_not_arise_is_not_stated() -> None:
    rules = preset_rules("parlett", ["chosen_lie_down_pair=claimable"])  # lying down is forced
    h = handout_content(rules, DATE)
    assert h.changes == ()
    assert h.moot_changes == 1
    assert "R37" not in h.rulings


def test_the_sheet_says_where_its_reading_differs_from_the_reconstruction() -> None:
    recon = PRESETS["reconstruction"]
    assert handout_content(recon, DATE).differences == ()
    for name, rules in READINGS.items():
        h = handout_content(rules, DATE)
        used = uses(rules)
        expected = {
            OPTIONS[o].ruling
            for o, v in rules.options().items()
            if v != getattr(recon, o) and OPTIONS[o].ruling in used
        }
        if rules.players != recon.players:
            expected.add("R2")
        named = {r for d in h.differences for r in d.rulings}
        assert named == expected, name
        html = handout_html(rules, "a4", DATE)
        assert ("Where it differs from the project’s reconstruction:" in html) == bool(named)
    sympkyn = handout_content(PRESETS["sympkyn"], DATE)
    assert "lying down: forced or chosen" in [d.label for d in sympkyn.differences]


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
    assert h.example.record == EXAMPLE
    html = handout_html(preset_rules("caidis"), "a4", DATE)
    # Each hand and the table.
    assert html.count('class="lld-cards"') == h.example.players + 1
    assert "var(--" not in html  # the cards' colours resolved for print


def _visible(html: str) -> str:
    """The text of a sheet's HTML, less its stylesheet, the cards' drawings and tags."""
    html = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


# ------------------------------------------------------------------ the PDFs


@needs_pdf
def test_each_handout_holds_the_rulings_its_reading_uses_and_the_version(
    handouts: dict[tuple[str, str], Path],
) -> None:
    for (name, paper), pdf in handouts.items():
        text = _text(pdf)
        found = set(re.findall(r"\bR\d+\b", text))
        assert found == uses(READINGS[name]), (name, paper, sorted(found ^ uses(READINGS[name])))
        assert f"lld {__version__}" in text, (name, paper)
        assert DATE in text, (name, paper)


@needs_pdf
def test_no_handout_holds_an_option_identifier_an_engine_word_or_a_count_it_does_not_play(
    handouts: dict[tuple[str, str], Path],
) -> None:
    for (name, paper), pdf in handouts.items():
        text = " ".join(_text(pdf).split())
        assert identifiers_and_engine_words(text) == [], (name, paper)
        assert counts_not_played(text, READINGS[name]) == [], (name, paper)


def _stakes_line(s: StakesReport) -> re.Pattern[str]:
    be = "none" if s.break_even is None else str(s.break_even)
    return re.compile(
        rf"(?:^|\s\s){s.players}\s+{s.dealer_ante}\s*/\s*{s.other_ante}\s+{s.pot}\s+{s.hand_size}"
        rf"\s+{s.table_cards}\s+{s.last_player_bonus}\s+{be}\s+\(R\d+\)",
        re.M,
    )


@needs_pdf
def test_each_handout_holds_the_stakes_report_figures(
    handouts: dict[tuple[str, str], Path],
) -> None:
    for (name, paper), pdf in handouts.items():
        text = _text(pdf, layout=True)
        flat = " ".join(_text(pdf).split())
        for s in preset_report(READINGS[name]).stakes:
            assert _stakes_line(s).search(text), (name, paper, s.players)
            assert s.balance.text in flat, (name, paper, s.players)


@needs_pdf
def test_no_player_s_name_is_cut_from_his_role_at_a_line_break(
    handouts: dict[tuple[str, str], Path],
) -> None:
    """A ruling's number in a span after "Dan (the dealer) takes …" made WeasyPrint
    break the line after "Dan"; the example's numbers are plain text."""
    for key, pdf in handouts.items():
        cut = re.search(r"^\W*(?:\d+\.\s*)?[A-Z]\w+\n\((?:the dealer|eldest)\)", _text(pdf), re.M)
        assert cut is None, (key, cut.group(0) if cut else None)


@needs_pdf
def test_each_handout_fits_one_sheet(handouts: dict[tuple[str, str], Path]) -> None:
    for key, pdf in handouts.items():
        assert 1 <= _pages(pdf) <= 2, key


@needs_pdf
def test_a_reading_that_changes_every_rule_still_fits_one_sheet(tmp_path: Path) -> None:
    """The more a teacher changes, the more the sheet says: it is set smaller."""
    base = PRESETS["reconstruction"]
    changed = {
        n: next(v for v in VALUES[n] if v != getattr(base, n))
        for n in VALUES
        if not n.startswith("deal_")
    }
    changed["settlement"] = "most_pairs"
    rules = base.replace(**changed)
    h = handout_content(rules, DATE)
    assert len(h.changes) > 15
    for paper in PAPERS:
        pdf = write_pdf(rules, paper, tmp_path / f"every-{paper}.pdf", date=DATE)
        assert _pages(pdf) <= 2, paper
        text = " ".join(_text(pdf).split())
        assert identifiers_and_engine_words(text) == [], paper
        assert set(re.findall(r"\bR\d+\b", text)) == uses(rules), paper


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
    text = " ".join(_text(out).split())
    assert "Lying down: forced or chosen (R22): chosen: whenever he likes on his turn." in text
    assert "Who may claim an oversight (R25): only a player on his own turn" in text
    assert text.count("Changed here") == 3  # the list's heading, and each rule
    assert identifiers_and_engine_words(text) == []
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
            "gives no game at all: every deal_N is none (keep one, e.g. deal_5=",
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
    assert caidis.startswith('Caimbuel, Meala. "Laugh and Lie Down." Compendium Caidis (SCA wiki).')


def test_a_source_found_on_the_web_is_cited_with_its_address_and_access_date() -> None:
    """Chicago style: "Accessed <Month D, YYYY>. <address>" after the publication
    details; BibTeX: ``url`` and ``urldate``. A source with no address found
    (Sympkyn's page, Crowe's book) gives neither."""
    conc = load()
    caidis = conc.source("caidis")
    assert caidis.url == "https://caidwiki.org/index.php?title=Laugh_and_Lie_Down"
    assert source_citation(caidis).endswith(
        " (SCA wiki). Accessed November 27, 2026. " + caidis.url
    )
    fields = dict(re.findall(r"^  (\w+) = \{(.*)\},$", source_bibtex(caidis), re.M))
    assert (fields["url"], fields["urldate"]) == (caidis.url, "2026-11-27")
    for sid in ("sympkyn", "crowe"):
        source = conc.source(sid)
        assert source.url is None
        assert "Accessed" not in source_citation(source)
        assert "url" not in source_bibtex(source)


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

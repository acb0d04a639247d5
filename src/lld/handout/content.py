"""What a handout says, gathered from the read-model and nothing else.

:func:`handout_content` turns a reading (a preset, perhaps with options
changed) into a :class:`Handout`: the rules it uses, in the order a hand is
played (:mod:`lld.handout.order`), each in plain words with its ruling's
number; the words of the game it uses, glossed once; the stakes for each
number of players it plays (:class:`~lld.reports.StakesReport`); what the
reader changed, and where the reading differs from the project's
reconstruction; a worked example told by the engine
(:mod:`lld.handout.example`); the sources and the citation.

Every rule's words are the registry's: the ruling's question, answered by the
reading's value in its plain form (each value's ``short``), or for a ruling
without an option by the project's reading. The figures (antes, the pot, the
bonus, the break-even) come from the sheet's own stakes reports, so no rule can
promise a figure its stakes table does not give.

>>> from lld.reports import preset_rules
>>> h = handout_content(preset_rules("caidis"), date="2026-01-01")
>>> h.players, "R30" in h.rulings, "R37" in h.rulings
((3, 4, 5), False, False)
>>> rule = h.rule("R22")
>>> rule.question
'Must a player lie down only when unable to capture, or may he choose to?'
>>> rule.text
'Forced: only and always when he cannot capture.'
>>> own = handout_content(preset_rules("parlett", ["lie_down=voluntary"]), date="2026-01-01")
>>> [(c.ruling, c.text) for c in own.changes]
[('R22', 'chosen: whenever he likes on his turn')]
>>> own.rule("R22").changed, own.rule("R14").changed
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from lld.concordance import ruling_id
from lld.handout.cite import (
    NO_ADDRESS,
    build_date,
    ruling_url,
    site_citation,
    site_url,
    source_citation,
)
from lld.handout.example import Example, worked_example
from lld.handout.order import (
    BRIEF,
    DEAL_RULINGS,
    NO_CLAIMS,
    PARTS,
    SAME_RULE,
    Part,
    Word,
    uses,
    words_used,
)
from lld.presets import PRESETS
from lld.reports import PresetReport, StakesReport, preset_report
from lld.ruleset import OPTIONS, Ruleset
from lld.stakes import stakes_for_cards

if TYPE_CHECKING:
    from lld.concordance import Concordance, Ruling

#: The reading the sheets compare themselves with.
RECONSTRUCTION = "reconstruction"

# The rulings a sheet words by hand (the players, the bonus, an odd break-even)
# or by their presence (a claim), by their names in the registry.
_R_PLAYERS = ruling_id("players")
_R_BONUS = ruling_id("last_player_bonus")
_R_ODD_BREAK_EVEN = ruling_id("odd_break_even")
_R_CLAIM = ruling_id("claim_priority")


@dataclass(frozen=True)
class Rule:
    """One rule as the sheet states it, with the number of the ruling behind it."""

    #: The rulings it states (two where one rule answers both: R13 and R38).
    rulings: tuple[str, ...]
    #: The question it answers, the registry's (``""`` for a rule stated outright).
    question: str
    #: The rule in plain words: a sentence.
    text: str
    #: The reader changed it (``--option``).
    changed: bool
    #: The first ruling's address on the site; ``None`` while the site has no address.
    url: str | None


@dataclass(frozen=True)
class Section:
    """One part of a hand, in the order of play, with the rules stated under it."""

    key: str
    heading: str
    #: What the part says before its rules (the deal's; ``""`` for most).
    intro: str
    rules: tuple[Rule, ...]


@dataclass(frozen=True)
class StakesRow:
    """One number of players' deal and stakes, with its ruling."""

    ruling: str
    report: StakesReport
    changed: bool


@dataclass(frozen=True)
class Change:
    """An option the reader changed, in plain words: the ruling, its title, the new rule."""

    ruling: str
    title: str
    text: str


@dataclass(frozen=True)
class Difference:
    """A ruling on which the reading and the project's reconstruction part."""

    rulings: tuple[str, ...]
    #: The ruling in plain words (its title).
    label: str


@dataclass(frozen=True)
class Handout:
    name: str
    #: What the sheet is: "the project's reconstruction", "as David Parlett gives it" …
    title: str
    source: str
    source_name: str
    players: tuple[int, ...]
    #: The options changed from the preset, as ``(option, value)`` (not shown on the sheet).
    overrides: tuple[tuple[str, str | None], ...]
    #: The changes in plain words, each shown; and how many change nothing here.
    changes: tuple[Change, ...]
    moot_changes: int
    #: Where the reading differs from the reconstruction (empty for the reconstruction).
    differences: tuple[Difference, ...]
    words: tuple[Word, ...]
    sections: tuple[Section, ...]
    stakes: tuple[StakesRow, ...]
    #: Whether the pot comes out even, a sentence per verdict.
    balance: tuple[str, ...]
    example: Example | None
    sources: tuple[tuple[str, str], ...]  # (source id, citation)
    version: str
    date: str
    #: The address the handout cites; ``None`` while the site has none (a local build).
    site: str | None
    citation: str

    def rule(self, ruling: str) -> Rule:
        """The rule stating ``ruling``."""
        return next(r for s in self.sections for r in s.rules if ruling in r.rulings)

    @property
    def rulings(self) -> frozenset[str]:
        """Every ruling the sheet states (its rules and its stakes table)."""
        stated = {r for s in self.sections for rule in s.rules for r in rule.rulings}
        return frozenset(stated | {row.ruling for row in self.stakes})

    @property
    def text(self) -> str:
        """Every sentence the sheet says of the game, for checking (not the citations)."""
        parts = [self.title, BRIEF, *(c.text for c in self.changes)]
        parts += [d.label for d in self.differences]
        parts += [f"{w.term}: {w.meaning}" for w in self.words]
        for s in self.sections:
            parts += [s.heading, s.intro, *(f"{r.question} {r.text}" for r in s.rules)]
        parts += self.balance
        if self.example is not None:
            parts += self.example.sentences
        return "\n".join(p for p in parts if p)


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first, a full stop last."""
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def count_list(numbers: Sequence[object], last: str = "or") -> str:
    """``3, 4, 5 or 6``."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _plain(text: str) -> str:
    """A reading without the project's notes on it ("(editorial, after Parlett)")."""
    return re.sub(r"\s*\(editorial[^)]*\)", "", text).strip()


def _label(title: str) -> str:
    """A ruling's title as a phrase inside a sentence."""
    first = title.split(" ", 1)[0]
    label = title if first.endswith("'s") else title[:1].lower() + title[1:]
    return label.replace(";", ":")


def handout_content(rules: Ruleset, date: str | None = None, site: str | None = None) -> Handout:
    """What the handout of ``rules`` says; ``site`` is the address it cites (the
    live site's setting unless given: the site's build gives a released version's
    frozen copy; :data:`~lld.handout.cite.NO_ADDRESS` cites none)."""
    from lld import __version__
    from lld.concordance import load

    conc = load()
    report = preset_report(rules, conc)
    site = site_url() if site is None else site or None
    day = date or build_date()
    used = uses(rules)
    changed = {o.ruling for o in report.options if o.overridden}
    base_players = PRESETS[rules.name].players
    if base_players != rules.players:
        changed.add(_R_PLAYERS)
    sections = tuple(_section(part, report, used, changed, conc, site) for part in PARTS)
    rows = tuple(
        StakesRow(DEAL_RULINGS[s.players], s, DEAL_RULINGS[s.players] in changed)
        for s in report.stakes
    )
    example = worked_example(rules)
    changes, moot = _changes(report, used, conc, base_players)
    title = _title(report, conc)
    draft = Handout(
        name=report.name,
        title=title,
        source=report.source,
        source_name=_source_name(report.source, conc),
        players=report.players,
        overrides=report.overrides,
        changes=changes,
        moot_changes=moot,
        differences=_differences(rules, used, conc),
        words=(),
        sections=sections,
        stakes=rows,
        balance=_balance(report.stakes),
        example=example,
        sources=_sources(report, used, conc),
        version=__version__,
        date=day,
        site=site,
        citation=site_citation(site or NO_ADDRESS, __version__, day),
    )
    # The words of the game the sheet uses, each glossed once at its top.
    return replace(draft, words=words_used(draft.text))


def _source_name(source: str, conc: Concordance) -> str:
    known = {s.id for s in conc.sources}
    return conc.source(source).author if source in known else "the project’s reconstruction"


def _title(report: PresetReport, conc: Concordance) -> str:
    known = {s.id for s in conc.sources}
    if report.source in known:
        s = conc.source(report.source)
        who = s.author + (f" ({s.collection})" if s.collection else "")
    else:
        who = "the project’s reconstruction"
    if report.overrides:
        return f"a reading of one’s own, after {who}"
    if report.source not in known:
        return who
    return f"as {s.author} gives it" + (f" ({s.collection})" if s.collection else "")


def _answer(ruling: Ruling, value: str) -> str:
    return next(o.short for o in ruling.options if o.value == value)


def _section(
    part: Part,
    report: PresetReport,
    used: frozenset[str],
    changed: set[str],
    conc: Concordance,
    site: str | None,
) -> Section:
    stated: list[Rule] = []
    for rid in part.rulings:
        if rid not in used or rid in DEAL_RULINGS.values():
            continue
        # A ruling whose answer is another's, stated with it.
        if any(rid == b and a in used for a, b in SAME_RULE):
            continue
        together = tuple(b for a, b in SAME_RULE if a == rid and b in used)
        question, text = _rule_words(rid, report, conc)
        ids = (rid, *together)
        stated.append(
            Rule(
                ids,
                question,
                text,
                any(r in changed for r in ids),
                ruling_url(rid, site or NO_ADDRESS),
            )
        )
    intro = _deal_intro(report.stakes) if part.key == "deal" else ""
    heading = part.heading
    if part.key == "oversights" and _R_CLAIM not in used:
        heading = NO_CLAIMS  # nothing can be claimed: no word of oversights
    return Section(part.key, heading, intro, tuple(stated))


def _rule_words(rid: str, report: PresetReport, conc: Concordance) -> tuple[str, str]:
    """The question a ruling answers and the reading's answer, in plain words."""
    ruling = conc.ruling(rid)
    if rid == _R_PLAYERS:
        return "", sentence(f"for {count_list(report.players)} players")
    if rid == _R_BONUS:
        return "", _bonus(report.stakes)
    if rid == _R_ODD_BREAK_EVEN:
        return ruling.question, _odd_break_even(report.stakes)
    if ruling.option is None:
        return ruling.question, sentence(_plain(ruling.reading))
    value = report.option(ruling.option).value
    assert value is not None  # only a deal_N option is ever None, and those are rows
    return ruling.question, sentence(_answer(ruling, value))


def _groups(stakes: tuple[StakesReport, ...], key: object) -> dict[object, list[int]]:
    out: dict[object, list[int]] = {}
    for s in stakes:
        out.setdefault(key(s), []).append(s.players)  # type: ignore[operator]
    return out


def _bonus(stakes: tuple[StakesReport, ...]) -> str:
    """R30 from the stakes reports: the last player's bonus for each number of players."""
    groups = _groups(stakes, lambda s: s.last_player_bonus)
    said = []
    for bonus, counts in groups.items():
        amount = "nothing" if bonus == 0 else f"{bonus} stake{'' if bonus == 1 else 's'}"
        said.append(f"{amount} with {count_list(counts)} players")
    return sentence(
        "the last player takes a bonus from the pot, on top of what his won cards earn: "
        + "; ".join(said)
    )


def _odd_break_even(stakes: tuple[StakesReport, ...]) -> str:
    """R32 from the stakes reports: each odd break-even, and what a part-pair counts."""
    said = []
    for s in stakes:
        be = s.break_even
        if be is None or be % 2 == 0:
            continue
        win, lose = stakes_for_cards(be + 1, be), -stakes_for_cards(be - 1, be)
        said.append(
            f"with {s.players} players the break-even is {be}, so {be + 1} won cards take"
            f" {win} stake{'' if win == 1 else 's'} and {be - 1} pay {lose}"
        )
    return sentence(
        "a part-pair counts as a whole one: " + "; ".join(said) + ". The pot is then used up"
        " exactly only when as many players win as lose"
    )


def _deal_intro(stakes: tuple[StakesReport, ...]) -> str:
    widows = [s.players for s in stakes if s.widow]
    text = (
        "Before each deal the dealer and the other players put their antes into the pot,"
        " as the table below gives them. The dealer then deals each player a hand, and"
        " the rest of the pack face up in the middle: the table."
    )
    if widows:
        text += (
            f" With {count_list(widows)} players the rest go first to a widow, a spare hand,"
            " which is then turned face up to be the table."
        )
    return text


def _balance(stakes: tuple[StakesReport, ...]) -> tuple[str, ...]:
    groups = _groups(stakes, lambda s: s.balance.text)
    return tuple(
        sentence(f"with {count_list(counts)} players the stakes table {text}")
        for text, counts in groups.items()
    )


def _changes(
    report: PresetReport, used: frozenset[str], conc: Concordance, base_players: tuple[int, ...]
) -> tuple[tuple[Change, ...], int]:
    """The reader's changes in plain words, and how many of them change nothing here."""
    out: list[Change] = []
    moot = 0
    if base_players != report.players:
        out.append(
            Change(
                _R_PLAYERS, "Number of players", f"for {count_list(report.players)} players only"
            )
        )
    for option, value in report.overrides:
        setting = report.option(option)
        ruling = conc.ruling(setting.ruling)
        if value is None:
            continue  # a number of players dropped: said once, above
        if ruling.id not in used:
            moot += 1
            continue
        out.append(Change(ruling.id, ruling.title, _answer(ruling, value)))
    return tuple(out), moot


def _differences(rules: Ruleset, used: frozenset[str], conc: Concordance) -> tuple[Difference, ...]:
    """The rulings, among those the sheet states, where ``rules`` and the
    reconstruction take different values: the deals as one item."""
    theirs = PRESETS[RECONSTRUCTION].options()
    mine = rules.options()
    out: list[Difference] = []
    if rules.players != PRESETS[RECONSTRUCTION].players:
        out.append(Difference((_R_PLAYERS,), "the numbers of players it plays for"))
    deals = [
        n
        for n, rid in DEAL_RULINGS.items()
        if rid in used and mine[f"deal_{n}"] != theirs[f"deal_{n}"]
    ]
    for option, value in mine.items():
        ruling = conc.ruling(OPTIONS[option].ruling)
        if option.startswith("deal_"):
            if deals and option == f"deal_{deals[0]}":
                out.append(
                    Difference(
                        tuple(DEAL_RULINGS[n] for n in deals),
                        f"the deal and stakes for {count_list(deals, 'and')} players",
                    )
                )
            continue
        if ruling.id in used and value != theirs[option]:
            out.append(Difference((ruling.id,), _label(ruling.title)))
    return tuple(out)


def _sources(
    report: PresetReport, used: frozenset[str], conc: Concordance
) -> tuple[tuple[str, str], ...]:
    """The sources behind the rules the sheet states, the reading's own first."""
    cited = dict.fromkeys(s for o in report.options if o.ruling in used for s in o.sources)
    cited.update(dict.fromkeys(s for st in report.stakes for s in st.sources))
    known = {s.id for s in conc.sources}
    if report.source in known:
        cited = {report.source: None, **cited}
    order = [s for s in conc.sources if s.id in cited]
    order.sort(key=lambda s: s.id != report.source)
    return tuple((s.id, source_citation(s)) for s in order)


__all__ = [
    "Change",
    "Difference",
    "Handout",
    "Rule",
    "Section",
    "StakesRow",
    "count_list",
    "handout_content",
    "sentence",
]

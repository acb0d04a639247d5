"""What a handout says, gathered from the read-model and nothing else.

:func:`handout_content` turns a reading (a preset, perhaps with options
changed) into a :class:`Handout`: each ruling of the registry in plain words
with its number (an option's meaning from :class:`~lld.reports.PresetReport`,
a ruling without an option by the project's reading), the stakes for each player count
(:class:`~lld.reports.StakesReport`), a worked example from an example hand's
first capture (:func:`lld.replay.steps`), the sources cited and the citation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lld.events import Event
from lld.handout.cite import (
    NO_ADDRESS,
    build_date,
    ruling_url,
    site_citation,
    site_url,
    source_citation,
)
from lld.reports import PresetReport, StakesReport, preset_report
from lld.ruleset import Ruleset

if TYPE_CHECKING:
    from lld.concordance import Concordance


@dataclass(frozen=True)
class RuleLine:
    """One ruling as the handout states it."""

    ruling: str
    title: str
    #: The rule in plain words: the value's meaning, or the project's reading.
    text: str
    #: ``option=value`` for a ruling with an option, else ``None``.
    setting: str | None
    #: ``changed`` (the reader's --option), ``editorial`` (the project's gap-fill) or ``""``.
    mark: str
    sources: tuple[str, ...]
    #: The ruling's address on the site; ``None`` while the site has no address.
    url: str | None


@dataclass(frozen=True)
class Example:
    """A worked example: the table and one hand before a move, and what it did."""

    title: str
    record: str
    seat_name: str
    table: int
    hand: int
    move: str
    events: tuple[tuple[str, str], ...]  # (ruling, what happened)
    comment: str


@dataclass(frozen=True)
class Handout:
    name: str
    source: str
    source_name: str
    overrides: tuple[tuple[str, str | None], ...]
    players: tuple[int, ...]
    rules: tuple[RuleLine, ...]
    stakes: tuple[StakesReport, ...]
    settlement: str
    example: Example | None
    sources: tuple[tuple[str, str], ...]  # (source id, citation)
    version: str
    date: str
    #: The address the handout cites; ``None`` while the site has none (a local build).
    site: str | None
    citation: str


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
    lines = [_rule_line(report, ruling.id, conc, site) for ruling in conc.rulings]
    cited = dict.fromkeys(s for line in lines for s in line.sources)
    cited.update(dict.fromkeys(s for st in report.stakes for s in st.sources))
    if report.source in {s.id for s in conc.sources}:
        cited = {report.source: None, **cited}
    sources = tuple((s.id, source_citation(s)) for s in conc.sources if s.id in cited)
    source_name = (
        conc.source(report.source).author
        if report.source in {s.id for s in conc.sources}
        else "the project's reconstruction"
    )
    return Handout(
        name=report.name,
        source=report.source,
        source_name=source_name,
        overrides=report.overrides,
        players=report.players,
        rules=tuple(lines),
        stakes=report.stakes,
        settlement=rules.settlement,
        example=_example(rules),
        sources=sources,
        version=__version__,
        date=day,
        site=site,
        citation=site_citation(site or NO_ADDRESS, __version__, day),
    )


def _rule_line(
    report: PresetReport, ruling_id: str, conc: Concordance, site: str | None
) -> RuleLine:
    ruling = conc.ruling(ruling_id)
    url = ruling_url(ruling_id, site or NO_ADDRESS)
    if ruling.option is None:
        from_stakes = _FROM_STAKES.get(ruling_id)
        text = ruling.reading if from_stakes is None else from_stakes(report.stakes)
        return RuleLine(ruling_id, ruling.title, text, None, "", (), url)
    # Every option of the registry is a Ruleset field, so the preset report has it.
    setting = next(o for o in report.options if o.ruling == ruling_id)
    value = "none" if setting.value is None else setting.value
    mark = "changed" if setting.overridden else "editorial" if setting.editorial else ""
    return RuleLine(
        ruling_id, ruling.title, setting.meaning, f"{setting.option}={value}", mark,
        setting.sources, url,
    )  # fmt: skip


# The rulings whose reading gives figures of the stakes tables. The registry's
# reading gives the reconstruction's (five for five players); a handout states
# the figures of its own stakes table, which it prints beside them.


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _player_counts(stakes: tuple[StakesReport, ...]) -> str:
    """R2: the player counts this reading gives a game for."""
    counts = _listed([str(s.players) for s in stakes])
    return f"This reading plays with {counts} players, as the stakes table below gives them."


def _last_player_bonus(stakes: tuple[StakesReport, ...]) -> str:
    """R30: the bonus of each stakes table, and du Coeur's reading of Willughby's six
    only where the five-player table pays that bonus."""
    if not any(s.last_player_bonus for s in stakes):
        return "No bonus: the stakes table below pays the last player left in nothing."
    each = _listed([f"{s.last_player_bonus} with {s.players} players" for s in stakes])
    text = f"The last player left in wins the bonus of the stakes table below: {each}."
    if any(s.players == 5 and s.last_player_bonus == 5 for s in stakes):
        text += (
            " Willughby's six for the last trick, as du Coeur reads it, is six in place of"
            " the one stake the last pair would earn, so five extra."
        )
    return text


def _odd_break_even(stakes: tuple[StakesReport, ...]) -> str:
    """R32: the rule for an odd break-even, with the figures of a table that has one."""
    odd = [s for s in stakes if s.break_even is not None and s.break_even % 2]
    if not odd:
        if all(s.break_even is None for s in stakes):
            return "Does not arise: this reading settles by most pairs, with no break-even."
        return "Does not arise: no stakes table below has an odd break-even."
    each = _listed(
        [
            f"with break-even {s.break_even} ({s.players} players), {s.break_even + 1} cards"
            f" win one stake and {s.break_even - 1} lose one"
            for s in odd
            if s.break_even is not None
        ]
    )
    return (
        f"A part-pair counts as a whole one: {each}. The pot is then used up exactly only"
        " when as many players win as lose."
    )


_FROM_STAKES: dict[str, Callable[[tuple[StakesReport, ...]], str]] = {
    "R2": _player_counts,
    "R30": _last_player_bonus,
    "R32": _odd_break_even,
}


def _example_records() -> list[Path]:
    from lld.package_data import data_directory

    return sorted(data_directory("examples", "README.md").glob("*.lld"))


def _example(rules: Ruleset) -> Example | None:
    """The first capture of an example hand played under this reading's preset
    (a whole hand first), else of the reconstruction's whole hand."""
    from lld.record import load_record
    from lld.replay import steps

    records = [(p, load_record(str(p))) for p in _example_records()]
    wanted = [rules.name, "reconstruction"]
    for name in wanted:
        chosen = [(p, r) for p, r in records if r.ruleset == name and not r.options]
        chosen.sort(key=lambda pr: (not pr[0].name.startswith("whole-hand"), pr[0].name))
        for path, rec in chosen:
            for step in steps(rec):
                if step.move.kind != "capture":
                    continue
                seat = step.seat
                seat_name = rec.seats[seat] if rec.seats else f"seat {seat}"
                return Example(
                    title=rec.title or path.stem,
                    record=path.name,
                    seat_name=seat_name,
                    table=step.before.table,
                    hand=step.before.hands[seat],
                    move=str(step.move),
                    events=tuple((e.rule, _describe(e, rec.seats)) for e in step.events),
                    comment=step.comment,
                )
    return None


def _describe(event: Event, seats: tuple[str, ...]) -> str:
    """An event in words: a capture names its player and cards, others as the engine says."""
    from lld.cards import iter_cards
    from lld.svg import card_name

    if event.kind != "capture" or event.seat is None:
        return event.describe()
    who = seats[event.seat] if seats else f"seat {event.seat}"
    taken = " and the ".join(card_name(c) for c in iter_cards(event.table))
    played = " and the ".join(card_name(c) for c in iter_cards(event.hand))
    return f"{who} plays the {played} and takes the {taken} from the table ({event.describe()})"

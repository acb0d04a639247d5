"""A reading of the rules (a preset, perhaps with options changed) as a reader sees it.

>>> p = preset_report(preset_rules("sympkyn"))
>>> p.source, p.players
('sympkyn', (3, 4, 5, 6))
>>> o = p.option("hand_pairs_when")
>>> o.ruling, o.value, o.editorial
('R20', 'any_time', True)
>>> q = preset_report(preset_rules("parlett", ["lie_down=voluntary"]))
>>> q.overrides, q.option("lie_down").overridden
((('lie_down', 'voluntary'),), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lld.errors import RulesetError, shown
from lld.presets import EDITORIAL_CHOICES, PRESET_SOURCE, PRESETS, ruleset_with
from lld.reports.stakes import StakesReport, stakes_report
from lld.ruleset import OPTIONS, Ruleset

if TYPE_CHECKING:
    from lld.concordance import Concordance


def preset_rules(
    name: str, assignments: Sequence[str] = (), *, strict_play: bool = False
) -> Ruleset:
    """A preset by name with ``name=value`` overrides, as the command line gives them
    (``strict_play``: under strict play, see :func:`lld.presets.strict`)."""
    return ruleset_with(name, list(assignments), strict_play=strict_play)


@dataclass(frozen=True)
class OptionSetting:
    """One option of a reading: its ruling, its value and where the value comes from."""

    option: str
    ruling: str
    question: str
    #: ``None`` for a ``deal_N`` option where the reading gives no game for N.
    value: str | None
    meaning: str
    #: The sources with a clause on this game that supports the value.
    sources: tuple[str, ...]
    #: The value was changed from the preset's (``--option``).
    overridden: bool
    #: The preset's value is the project's gap-fill, not its source's words, and why.
    editorial: bool
    editorial_reason: str | None
    #: Every value the option may take.
    allowed: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "option": self.option,
            "ruling": self.ruling,
            "question": self.question,
            "value": self.value,
            "meaning": self.meaning,
            "sources": list(self.sources),
            "overridden": self.overridden,
            "editorial": self.editorial,
            "editorial_reason": self.editorial_reason,
            "allowed": list(self.allowed),
        }


@dataclass(frozen=True)
class PresetReport:
    """A reading: the preset it starts from, its source, every option, its player
    counts and the stakes for each."""

    name: str
    #: The source the preset reads (``editorial`` for the reconstruction).
    source: str
    players: tuple[int, ...]
    #: The options changed from the preset, as ``(option, value)``.
    overrides: tuple[tuple[str, str | None], ...]
    options: tuple[OptionSetting, ...]
    stakes: tuple[StakesReport, ...]

    def option(self, name: str) -> OptionSetting:
        return next(o for o in self.options if o.option == name)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "source": self.source,
            "players": list(self.players),
            "overrides": [{"option": k, "value": v} for k, v in self.overrides],
            "options": [o.to_json() for o in self.options],
            "stakes": [s.to_json() for s in self.stakes],
        }


def preset_report(rules: Ruleset, concordance: Concordance | None = None) -> PresetReport:
    """The report on ``rules`` (a preset, or a preset with options changed)."""
    if not isinstance(rules, Ruleset):
        raise RulesetError(
            f"a report is on a Ruleset, such as lld.ruleset('parlett'), not {shown(rules)}"
        )
    from lld.concordance import load

    conc = concordance if concordance is not None else load()
    base = PRESETS[rules.name]
    overrides = rules.overrides_from(base)
    source = PRESET_SOURCE[rules.name]
    settings = []
    for name, spec in OPTIONS.items():
        ruling = conc.ruling(spec.ruling)
        value = getattr(rules, name)
        meanings = {o.value: o.meaning for o in ruling.options}
        backers: tuple[str, ...] = ()
        if value is None:
            meaning = f"no game for {name.removeprefix('deal_')} players"
        else:
            # The registry's words; the engine's own while the two are still kept apart.
            meaning = meanings.get(value) or spec.value(value).meaning
            # Witnesses on other games (Crowe) inform a reading but do not back a value.
            backers = tuple(
                dict.fromkeys(c.source for c in conc.supporting(ruling.id, value) if c.game is None)
            )
        editorial = name not in overrides and (rules.name, name) in EDITORIAL_CHOICES
        reason = EDITORIAL_CHOICES.get((rules.name, name)) if editorial else None
        settings.append(
            OptionSetting(
                option=name,
                ruling=ruling.id,
                question=ruling.question,
                value=value,
                meaning=meaning,
                sources=backers,
                overridden=name in overrides,
                editorial=editorial,
                editorial_reason=reason,
                allowed=tuple(meanings),
            )
        )
    return PresetReport(
        rules.name,
        source,
        rules.players,
        tuple(overrides.items()),
        tuple(settings),
        tuple(stakes_report(rules, n) for n in rules.players),
    )


def preset_summaries() -> tuple[tuple[str, str, tuple[int, ...]], ...]:
    """Every preset as ``(name, source, player counts)``, by name."""
    return tuple(
        (name, PRESET_SOURCE[name], rules.players) for name, rules in sorted(PRESETS.items())
    )

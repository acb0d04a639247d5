"""The ruleset: one frozen object whose fields are the contested rulings.

Each field is one ruling from the registry (``sources/rulings.toml``); its
:class:`OptionSpec` in :data:`OPTIONS` names the ruling ID, the allowed values
and the sources that take each value. The engine branches on these fields,
never on a source's name.

>>> from lld.presets import ruleset
>>> r = ruleset("parlett", lie_down="voluntary")
>>> r.lie_down, r.name
('voluntary', 'parlett')
>>> r
ruleset('parlett', lie_down='voluntary')
>>> OPTIONS["lie_down"].ruling
'R22'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from lld.errors import RulesetError
from lld.stakes import TABLES, StakesTable, table_for

T = TypeVar("T")

#: The sources, by the short names used everywhere in the project.
SOURCES = ("du-coeur", "parlett", "caidis", "sympkyn", "crowe")
#: A value no source gives, chosen by this project; its reason is in the registry.
EDITORIAL = "editorial"


@dataclass(frozen=True)
class ValueSpec:
    value: str
    meaning: str
    sources: tuple[str, ...]


@dataclass(frozen=True)
class OptionSpec:
    """One ruleset field: which ruling it is and what each value means."""

    name: str
    ruling: str
    question: str
    values: tuple[ValueSpec, ...]

    def value(self, text: str) -> ValueSpec:
        for v in self.values:
            if v.value == text:
                return v
        allowed = ", ".join(v.value for v in self.values)
        raise RulesetError(f"option {self.name} cannot be {text!r} (allowed: {allowed})")

    @property
    def allowed(self) -> tuple[str, ...]:
        return tuple(v.value for v in self.values)


def _option(name: str, ruling: str, question: str, *values: tuple[str, str, str]) -> OptionSpec:
    specs = tuple(
        ValueSpec(v, meaning, tuple(s for s in srcs.split() if s)) for v, meaning, srcs in values
    )
    return OptionSpec(name, ruling, question, specs)


def _deal_option(players: int, ruling: str) -> OptionSpec:
    values = tuple(ValueSpec(t.name, t.summary, t.sources) for t in TABLES[players].values())
    return OptionSpec(
        f"deal_{players}", ruling,
        f"How are the cards dealt and the stakes set for {players} players?", values,
    )  # fmt: skip


_OPTIONS: tuple[OptionSpec, ...] = (
    _option(
        "first_dealer", "R3", "Who deals the first hand?",
        ("low_cut", "everyone cuts; the lowest card deals, Aces low", "parlett"),
        ("high_cut", "everyone cuts; the highest card deals (du Coeur does not rank the Aces;"
         " here they count high)", "du-coeur"),
    ),
    _deal_option(3, "R5"),
    _deal_option(4, "R6"),
    _deal_option(5, "R7"),
    _deal_option(6, "R8"),
    _deal_option(7, "R9"),
    _deal_option(8, "R10"),
    _option(
        "table_mournival", "R11",
        "What happens to a mournival (four of a kind) among the table cards at the deal?",
        ("dealer_takes", "the dealer takes it at once, before play", "sympkyn"),
        ("dealer_first", "the dealer may take it; once eldest has played, anyone may claim it"
         " as an oversight", "du-coeur caidis"),
    ),
    _option(
        "pair_royal_capture", "R14",
        "Holding one card of a rank of which three are on the table, what may you take?",
        ("one_or_three", "one of them (a pair) or all three (a mournival)",
         "du-coeur parlett caidis"),
        ("three_only", "all three", "sympkyn"),
    ),
    _option(
        "pair_royal_remainder", "R15",
        "If a player takes only one of a pair royal on the table, may others claim the pair left?",
        ("claimable", "yes: the pair left is an oversight others may claim", "du-coeur caidis"),
        ("to_dealer", "no: it stays on the table and goes to the dealer at the end", ""),
    ),
    _option(
        "pair_against_pair", "R16",
        "Holding a pair of a rank of which a pair is on the table, may you take all four at once?",
        ("one_at_a_time", "no: one card from the hand takes one from the table",
         "du-coeur caidis"),
        ("may_take_four", "yes, or one at a time", "parlett sympkyn"),
        ("must_take_four", "yes, and you must (take as many as possible)", "sympkyn"),
    ),
    _option(
        "hand_pairs_when", "R20",
        "When may pairs be laid down from the hand (a mournival, a pair of a pair royal,"
        " a pair that can no longer be mated)?",
        ("any_time", "at any moment, in turn or out of it", "du-coeur caidis"),
        ("promptly_or_own_turn", "at once (before play, or just after the play that makes"
         " the pair dead), or later only on one's own turn", "parlett"),
    ),
    _option(
        "lie_down", "R22",
        "Must a player lie down only when unable to capture, or may he choose to?",
        ("forced", "only and always when no capture is possible", "du-coeur parlett caidis"),
        ("voluntary", "whenever he likes on his turn", "sympkyn"),
    ),
    _option(
        "lie_down_payment", "R23", "Does lying down cost anything?",
        ("none", "no", "du-coeur parlett sympkyn"),
        ("stake_to_each_remaining", "one stake to each player still in", "caidis"),
    ),
    _option(
        "lie_down_pair", "R24",
        "If lying down leaves a pair on the table that nobody can mate, may others claim it?",
        ("claimable", "yes, as an oversight", "du-coeur"),
        ("to_dealer", "no: it goes to the dealer at the end", ""),
    ),
    _option(
        "claim_priority", "R25",
        "Who may claim an oversight: first in time, or first in rotation?",
        ("first_in_time", "anyone, at any moment, the first to claim wins it",
         "du-coeur parlett caidis sympkyn"),
        ("first_in_rotation", "only a player on his own turn, so the next in rotation"
         " has the first chance (a reading Parlett raises and sets aside)", ""),
    ),
    _option(
        "claim_deadline", "R26", "Until when may an oversight be claimed?",
        ("end_of_hand", "until the hand ends", "caidis"),
        ("next_turn", "only until the next turn after it is open to claim", ""),
    ),
    _option(
        "last_player_turn", "R28",
        "When everyone else has lain down, does the last player get one more turn?",
        ("none", "no: the hand ends at once", "du-coeur parlett sympkyn"),
        ("one_more", "yes, one last turn", "caidis"),
    ),
    _option(
        "leftovers", "R29", "Who gets the cards left at the end of the hand?",
        ("all_to_dealer", "the dealer, all of them", "du-coeur parlett sympkyn"),
        ("pairs_to_dealer", "the dealer takes the pairs among them; odd cards are set aside",
         "caidis"),
    ),
    _option(
        "settlement", "R31", "How is the hand settled?",
        ("break_even", "one stake per two cards above or below break-even, to or from the pot",
         "du-coeur parlett sympkyn"),
        ("most_pairs", "whoever won most pairs takes what is left in the pot", "caidis"),
    ),
)  # fmt: skip

OPTIONS: dict[str, OptionSpec] = {o.name: o for o in _OPTIONS}


def _f(name: str) -> Any:
    return field(metadata={"ruling": OPTIONS[name].ruling})


@dataclass(frozen=True)
class Ruleset:
    """A complete reading of the rules. Build one with :func:`lld.presets.ruleset`.

    ``name`` is the preset it started from; the ``deal_N`` fields name a
    :class:`~lld.stakes.StakesTable` or are ``None`` where the reading gives
    no game for N players.
    """

    name: str
    first_dealer: str = _f("first_dealer")
    deal_3: str | None = _f("deal_3")
    deal_4: str | None = _f("deal_4")
    deal_5: str | None = _f("deal_5")
    deal_6: str | None = _f("deal_6")
    deal_7: str | None = _f("deal_7")
    deal_8: str | None = _f("deal_8")
    table_mournival: str = _f("table_mournival")
    pair_royal_capture: str = _f("pair_royal_capture")
    pair_royal_remainder: str = _f("pair_royal_remainder")
    pair_against_pair: str = _f("pair_against_pair")
    hand_pairs_when: str = _f("hand_pairs_when")
    lie_down: str = _f("lie_down")
    lie_down_payment: str = _f("lie_down_payment")
    lie_down_pair: str = _f("lie_down_pair")
    claim_priority: str = _f("claim_priority")
    claim_deadline: str = _f("claim_deadline")
    last_player_turn: str = _f("last_player_turn")
    leftovers: str = _f("leftovers")
    settlement: str = _f("settlement")

    def __post_init__(self) -> None:
        for spec in _OPTIONS:
            value = getattr(self, spec.name)
            if value is None and spec.name.startswith("deal_"):
                continue
            spec.value(value)
        if self.settlement == "break_even":
            for n in self.players:
                if self.stakes(n).break_even is None:
                    raise RulesetError(
                        f"settlement=break_even needs a break-even, and deal_{n}="
                        f"{getattr(self, f'deal_{n}')} gives none (use settlement=most_pairs)"
                    )

    @property
    def players(self) -> tuple[int, ...]:
        """The player counts this reading gives a game for."""
        return tuple(n for n in range(3, 9) if getattr(self, f"deal_{n}") is not None)

    def stakes(self, players: int) -> StakesTable:
        """The deal and stakes for ``players`` players under this reading."""
        if not 3 <= players <= 8:
            raise RulesetError(
                f"cannot play with {players} players: the sources give games for 3 to 8"
            )
        name = getattr(self, f"deal_{players}")
        if name is None:
            supported = ", ".join(map(str, self.players))
            raise RulesetError(
                f"ruleset {self.name} gives no game for {players} players"
                f" (it gives {supported}; choose a table with --option deal_{players}=NAME)"
            )
        return table_for(players, name)

    def compiled(self, compile: Callable[[Ruleset], T]) -> T:
        """``compile(self)``, worked out once per ruleset object and kept.

        The engine turns the options into lookup tables; hashing all the fields
        to find them again in a cache would cost more than a short hand.
        """
        cache = self.__dict__.setdefault("_compiled", {})
        try:
            return cache[compile]  # type: ignore[no-any-return]
        except KeyError:
            result = cache[compile] = compile(self)
            return result

    def replace(self, **overrides: str | None) -> Ruleset:
        """A copy with some options changed; values are checked."""
        for key in overrides:
            if key not in OPTIONS:
                raise RulesetError(f"unknown option {key!r} (known: {', '.join(OPTIONS)})")
        return dataclasses.replace(self, **overrides)  # type: ignore[arg-type]

    def options(self) -> dict[str, str | None]:
        """Every option's value, in ruling order."""
        return {o.name: getattr(self, o.name) for o in _OPTIONS}

    def overrides_from(self, base: Ruleset) -> dict[str, str | None]:
        """The options where this ruleset differs from ``base``."""
        mine, theirs = self.options(), base.options()
        return {k: v for k, v in mine.items() if theirs[k] != v}

    def __repr__(self) -> str:
        from lld.presets import PRESETS

        base = PRESETS.get(self.name)
        diff = self.overrides_from(base) if base else self.options()
        args = "".join(f", {k}={v!r}" for k, v in diff.items())
        return f"ruleset({self.name!r}{args})"


def parse_assignments(assignments: list[str] | tuple[str, ...]) -> dict[str, str | None]:
    """Parse ``name=value`` strings; ``deal_N=none`` removes a player count."""
    out: dict[str, str | None] = {}
    for text in assignments:
        key, sep, value = text.partition("=")
        key, value = key.strip().replace("-", "_"), value.strip()
        if not sep or not key or not value:
            raise RulesetError(f"option {text!r} is not of the form name=value")
        if key not in OPTIONS:
            raise RulesetError(f"unknown option {key!r} (known: {', '.join(OPTIONS)})")
        if key.startswith("deal_") and value.lower() == "none":
            out[key] = None
            continue
        out[key] = OPTIONS[key].value(value).value
    return out


__all__ = [
    "EDITORIAL",
    "OPTIONS",
    "SOURCES",
    "OptionSpec",
    "Ruleset",
    "StakesTable",
    "ValueSpec",
    "parse_assignments",
]

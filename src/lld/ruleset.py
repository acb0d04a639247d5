"""The ruleset: one frozen object whose fields are the contested rulings.

Each field is one ruling's engine option, its values a ``Literal`` type, so a
misspelt value fails when the ruleset is built and under mypy. What an option
*means* is written once, in the registry (``sources/rulings.toml``, read by
:mod:`lld.concordance`): :data:`OPTIONS` is derived from it on first use, each
value's sources are the concordance's ``supports`` clauses grouped by source,
and the registry's values must be exactly the engine's. The engine branches
on these fields, never on a source's name.

>>> from lld.presets import ruleset
>>> r = ruleset("parlett", lie_down="voluntary")
>>> r.lie_down, r.name
('voluntary', 'parlett')
>>> r
ruleset('parlett', lie_down='voluntary')
>>> OPTIONS["lie_down"].ruling
'R22'
>>> OPTIONS["lie_down"].value("voluntary").sources
('sympkyn',)
>>> ruleset("parlett", lie_down="volontary")
Traceback (most recent call last):
lld.errors.RulesetError: option lie_down cannot be 'volontary' (allowed: forced, voluntary)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_type_hints

from lld.errors import RulesetError, SourceDataError, shown
from lld.stakes import StakesTable, table_for

#: A value no source gives, chosen by this project; its reason is in the registry.
EDITORIAL = "editorial"

# The values of each option, as the engine implements them. The registry must
# give exactly these (checked when OPTIONS is built); their meanings are there.
FirstDealer = Literal["low_cut", "high_cut"]
Deal3 = Literal["parlett", "widow"]
Deal4 = Literal["willughby", "willughby_literal", "parlett_alternative", "widow"]
Deal5 = Literal["willughby", "willughby_literal", "sympkyn_flat", "widow"]
Deal6 = Literal["du_coeur", "parlett"]
Deal7 = Literal["du_coeur"]
Deal8 = Literal["du_coeur", "du_coeur_reduced"]
TableMournival = Literal["dealer_takes", "dealer_first"]
PairRoyalCapture = Literal["one_or_three", "three_only"]
PairRoyalRemainder = Literal["claimable", "to_dealer"]
PairAgainstPair = Literal["one_at_a_time", "may_take_four", "must_take_four"]
HandPairRoyal = Literal["pair_may_be_laid", "kept_in_hand"]
HandPairsWhen = Literal["any_time", "promptly_or_own_turn", "promptly_only", "laid_at_once"]
LayingTurn = Literal["not_a_turn", "counts_as_turn"]
LieDown = Literal["forced", "voluntary"]
LieDownPayment = Literal["none", "stake_to_each_remaining", "stake_shared_among_remaining"]
LieDownPair = Literal["claimable", "to_dealer"]
ClaimPriority = Literal["first_in_time", "first_in_rotation"]
ClaimDeadline = Literal["end_of_hand", "next_turn"]
LastPlayerTurn = Literal["none", "one_more"]
Leftovers = Literal["all_to_dealer", "pairs_to_dealer"]
Settlement = Literal["break_even", "most_pairs"]
LieDownMistake = Literal["refused", "allowed_as_mistake"]
MistakenLieDownPair = Literal["claimable", "to_dealer"]
ChosenLieDownPair = Literal["to_dealer", "claimable"]
OneAgainstPair = Literal["takes_one", "collects_all"]
DeadPairTrigger = Literal["unmateable", "other_pair_won", "never"]
BrokenPairRoyal = Literal["layable", "by_dead_rule"]
CutAces = Literal["low", "high"]
LainDownClaims = Literal["may_claim", "may_not_claim"]
EmptiedByLaying = Literal["out_at_once", "lies_down_at_turn"]
EmptiedByCapture = Literal["out_at_once", "lies_down_at_turn"]
PartPair = Literal["toward_zero", "away_from_zero", "half_stake"]
CaptureRanks = Literal["one_rank", "several_ranks"]


@dataclass(frozen=True)
class ValueSpec:
    """One value of an option: what it means and which sources take it."""

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
        raise RulesetError(_bad_value(self.name, text))

    @property
    def allowed(self) -> tuple[str, ...]:
        return tuple(v.value for v in self.values)


@dataclass(frozen=True)
class Ruleset:
    """A complete reading of the rules. Build one with :func:`lld.presets.ruleset`.

    ``name`` is the preset it started from; the ``deal_N`` fields name a
    :class:`~lld.stakes.StakesTable` or are ``None`` where the reading gives
    no game for N players. The fields after ``name`` are in ruling order.

    A ruleset is a value and nothing else: frozen, hashable, equal to another
    exactly when its name and every option are the same, and holding nothing
    besides its fields (the engine's tables compiled from it are kept by
    ``lld.rule_tables.compiled()``, keyed by the ruleset's value). A ruleset
    built field by field with a preset's name and options *is* that preset:
    equal, with the same hash and repr. The same options under another name
    are another reading (a hand record names its reading), so not equal.

    >>> from lld.presets import PRESETS, ruleset
    >>> import dataclasses
    >>> twin = Ruleset(**dataclasses.asdict(PRESETS["parlett"]))
    >>> twin == ruleset("parlett"), hash(twin) == hash(ruleset("parlett")), twin
    (True, True, ruleset('parlett'))
    >>> dataclasses.replace(twin, name="mine") == twin
    False
    """

    name: str
    first_dealer: FirstDealer
    deal_3: Deal3 | None
    deal_4: Deal4 | None
    deal_5: Deal5 | None
    deal_6: Deal6 | None
    deal_7: Deal7 | None
    deal_8: Deal8 | None
    table_mournival: TableMournival
    pair_royal_capture: PairRoyalCapture
    pair_royal_remainder: PairRoyalRemainder
    pair_against_pair: PairAgainstPair
    hand_pair_royal: HandPairRoyal
    hand_pairs_when: HandPairsWhen
    laying_turn: LayingTurn
    lie_down: LieDown
    lie_down_payment: LieDownPayment
    lie_down_pair: LieDownPair
    claim_priority: ClaimPriority
    claim_deadline: ClaimDeadline
    last_player_turn: LastPlayerTurn
    leftovers: Leftovers
    settlement: Settlement
    emptied_by_capture: EmptiedByCapture
    lie_down_mistake: LieDownMistake
    mistaken_lie_down_pair: MistakenLieDownPair
    chosen_lie_down_pair: ChosenLieDownPair
    one_against_pair: OneAgainstPair
    dead_pair_trigger: DeadPairTrigger
    broken_pair_royal: BrokenPairRoyal
    cut_aces: CutAces
    lain_down_claims: LainDownClaims
    emptied_by_laying: EmptiedByLaying
    part_pair: PartPair
    capture_ranks: CaptureRanks

    def __post_init__(self) -> None:
        for name in VALUES:
            check_option(name, getattr(self, name))
        if not self.players:
            raise RulesetError(
                f"ruleset {self.name} gives no game at all: every deal_N is none (keep one,"
                f" e.g. {format_assignment('deal_5', VALUES['deal_5'][0])})"
            )
        if self.settlement == "break_even":
            # Every table without a break-even is named: the reading fails for each
            # of those player counts, not only for the first.
            lacking = [n for n in self.players if self.stakes(n).break_even is None]
            if lacking:
                raise RulesetError(no_break_even_problem(self.options(), lacking))

    @property
    def cut(self) -> dict[str, bool]:
        """How everyone cuts for the first deal (R3, R41), as
        ``lld.deal.Deal.from_seed`` takes it: ``low_cut`` and ``aces_high``.

        >>> from lld.presets import ruleset
        >>> ruleset("du-coeur").cut, ruleset("du-coeur", cut_aces="low").cut
        ({'low_cut': False, 'aces_high': True}, {'low_cut': False, 'aces_high': False})
        """
        return {"low_cut": self.first_dealer == "low_cut", "aces_high": self.cut_aces == "high"}

    @property
    def players(self) -> tuple[int, ...]:
        """The player counts this reading gives a game for."""
        return tuple(n for n in range(3, 9) if getattr(self, f"deal_{n}") is not None)

    def stakes(self, players: int) -> StakesTable:
        """The deal and stakes for ``players`` players under this reading.

        >>> from lld.presets import ruleset
        >>> ruleset("parlett").stakes("5")
        Traceback (most recent call last):
        lld.errors.RulesetError: the number of players must be a whole number from 3 to 8, not '5'
        """
        if type(players) is not int:
            raise RulesetError(
                f"the number of players must be a whole number from 3 to 8, not {shown(players)}"
            )
        if not 3 <= players <= 8:
            raise RulesetError(
                f"cannot play with {shown(players)} players: the sources give games for 3 to 8"
            )
        name = getattr(self, f"deal_{players}")
        if name is None:
            raise RulesetError(no_game_problem(self.described(), players, self.players))
        return table_for(players, name)

    def replace(self, **overrides: str | None) -> Ruleset:
        """A copy with some options changed; values are checked."""
        for key in overrides:
            if key not in VALUES:
                raise RulesetError(_unknown_option(key))
        return dataclasses.replace(self, **overrides)  # type: ignore[arg-type]

    def named_reading(self) -> Ruleset | None:
        """The named reading (a preset, see :func:`register_readings`) this ruleset's
        ``name`` names, or ``None``: what ``repr()`` and :meth:`described` list
        this ruleset's options against.

        >>> from lld.presets import PRESETS, ruleset
        >>> ruleset("parlett", lie_down="voluntary").named_reading() is PRESETS["parlett"]
        True
        """
        return _READINGS.get(self.name)

    def options(self) -> dict[str, str | None]:
        """Every option's value, in ruling order."""
        return {name: getattr(self, name) for name in VALUES}

    def described(self) -> str:
        """The reading in a message: ``ruleset parlett``, or ``ruleset caidis with
        deal_3=none`` where options were changed from the named reading (so that
        a message about the reading names the one actually in play).

        >>> from lld.presets import ruleset
        >>> ruleset("caidis", deal_3=None).described()
        'ruleset caidis with deal_3=none'
        """
        base = self.named_reading()
        diff = {} if base is None else self.overrides_from(base)
        return describe_reading(self.name, diff)

    def overrides_from(self, base: Ruleset) -> dict[str, str | None]:
        """The options where this ruleset differs from ``base``."""
        mine, theirs = self.options(), base.options()
        return {k: v for k, v in mine.items() if theirs[k] != v}

    def __repr__(self) -> str:
        base = self.named_reading()
        diff = self.options() if base is None else self.overrides_from(base)
        args = "".join(f", {k}={v!r}" for k, v in diff.items())
        return f"ruleset({self.name!r}{args})"


#: The named readings, by name (:data:`lld.presets.PRESETS`, put here by
#: :func:`register_readings` when :mod:`lld.presets` is imported, since this
#: module imports nothing above it).
_READINGS: dict[str, Ruleset] = {}


def register_readings(readings: Mapping[str, Ruleset]) -> None:
    """Name ``readings`` (name -> ruleset, each under its own name): a ruleset of one
    of those names is then shown by ``repr()`` and :meth:`Ruleset.described` as
    that reading with what it changes. :mod:`lld.presets` registers the presets."""
    for name, rules in readings.items():
        if not isinstance(rules, Ruleset) or rules.name != name:
            raise RulesetError(f"reading {name!r} must be a Ruleset named {name!r}")
    _READINGS.update(readings)


def _literal_values(hint: Any) -> tuple[str, ...]:
    """The strings of a ``Literal[...]`` type, or of ``Literal[...] | None``."""
    args = get_args(hint)
    if args and all(isinstance(a, str) for a in args):
        return args
    return tuple(v for a in args for v in _literal_values(a))


_HINTS = get_type_hints(Ruleset)
#: Each option's values, in ruling order, as the engine implements them
#: (from the field's ``Literal`` type): all a ruleset needs to check itself,
#: without reading the registry.
VALUES: dict[str, tuple[str, ...]] = {
    f.name: _literal_values(_HINTS[f.name]) for f in dataclasses.fields(Ruleset) if f.name != "name"
}
#: The options that may be ``None`` (no game for that many players).
NULLABLE = frozenset(name for name in VALUES if type(None) in get_args(_HINTS[name]))
del _HINTS


def _bad_value(name: str, value: object) -> str:
    return f"option {name} cannot be {value!r} (allowed: {', '.join(VALUES[name])})"


def check_option(name: str, value: object) -> None:
    """Raise :class:`~lld.errors.RulesetError` unless ``name`` is an option and ``value``
    one of its values."""
    if name not in VALUES:
        raise RulesetError(_unknown_option(name))
    if value not in VALUES[name] and not (value is None and name in NULLABLE):
        raise RulesetError(_bad_value(name, value))


def format_assignment(name: str, value: str | None) -> str:
    """An option's ``name=value``, as :func:`parse_assignments` reads it back
    (``none`` for a player count a reading does not play).

    >>> format_assignment("lie_down", "forced"), format_assignment("deal_8", None)
    ('lie_down=forced', 'deal_8=none')
    >>> parse_assignments([format_assignment("deal_8", None)])
    {'deal_8': None}
    """
    return f"{name}={'none' if value is None else value}"


def setting(rules: Ruleset, name: str) -> str:
    """``name=value`` for the option ``name`` as ``rules`` sets it: how a refusal
    names the option behind it.

    >>> from lld.presets import ruleset
    >>> setting(ruleset("parlett"), "lie_down")
    'lie_down=forced'
    """
    value: str | None = getattr(rules, name)
    return format_assignment(name, value)


def describe_reading(name: str, changed: Mapping[str, str | None]) -> str:
    """``ruleset NAME``, with ``with option=value, ...`` for each option changed from it."""
    if not changed:
        return f"ruleset {name}"
    shown_values = ", ".join(format_assignment(k, v) for k, v in changed.items())
    return f"ruleset {name} with {shown_values}"


def no_game_problem(reading: str, players: int, supported: tuple[int, ...]) -> str:
    """Why ``reading`` (as :meth:`Ruleset.described` names it) sets up no hand for
    ``players``: it has no table for that many."""
    counts = ", ".join(map(str, supported)) or "none at all"
    return (
        f"{reading} gives no game for {players} players"
        f" (it gives {counts}; choose a table with --option deal_{players}=NAME)"
    )


def no_break_even_problem(options: Mapping[str, str | None], players: list[int]) -> str:
    """Why break-even settlement fails for these player counts: their tables have none."""
    tables = [f"deal_{n}={options[f'deal_{n}']}" for n in players]
    listed = tables[0] if len(tables) == 1 else ", ".join(tables[:-1]) + " and " + tables[-1]
    verb = "gives" if len(tables) == 1 else "give"
    return (
        f"settlement=break_even needs a break-even, and {listed} {verb} none"
        " (use settlement=most_pairs)"
    )


def _unknown_option(key: str) -> str:
    return f"unknown option {key!r} (known: {', '.join(VALUES)})"


class _Options(Mapping[str, OptionSpec]):
    """:data:`OPTIONS`: the engine's options described from the registry.

    Built on first use, so ``import lld`` reads no data file; keys and their
    order (ruling order) are the :class:`Ruleset` fields'.
    """

    def __init__(self) -> None:
        self._specs: dict[str, OptionSpec] | None = None

    def _built(self) -> dict[str, OptionSpec]:
        if self._specs is None:
            self._specs = options_from_registry()
        return self._specs

    def __getitem__(self, name: str) -> OptionSpec:
        return self._built()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(VALUES)

    def __len__(self) -> int:
        return len(VALUES)

    def __contains__(self, name: object) -> bool:
        return name in VALUES

    def __repr__(self) -> str:
        return f"<OPTIONS: {', '.join(VALUES)}>"


def options_from_registry(directory: str | None = None) -> dict[str, OptionSpec]:
    """Every option's :class:`OptionSpec`, from the concordance in ``directory``.

    Raise :class:`~lld.errors.SourceDataError` where the registry and the engine
    disagree: an option the engine lacks or lacks in the registry, or other values.
    """
    from lld.concordance import load

    conc = load(directory)
    specs: dict[str, OptionSpec] = {}
    for r in conc.rulings:
        if r.option is None:
            continue
        allowed = VALUES.get(r.option)
        if allowed is None:
            raise SourceDataError(
                r.where, f"ruling {r.id}: option {r.option!r} is not an engine option"
                f" (the Ruleset's fields are {', '.join(VALUES)})",
            )  # fmt: skip
        if set(r.values) != set(allowed):
            raise SourceDataError(
                r.where, f"ruling {r.id}: option {r.option} has values {', '.join(r.values)};"
                f" the engine's are {', '.join(allowed)}",
            )  # fmt: skip
        if r.option in specs:
            raise SourceDataError(r.where, f"ruling {r.id}: option {r.option} is decided twice")
        specs[r.option] = OptionSpec(
            r.option, r.id, r.question,
            tuple(ValueSpec(o.value, o.meaning, conc.credits(r.id, o.value)) for o in r.options),
        )  # fmt: skip
    missing = [name for name in VALUES if name not in specs]
    if missing:
        where = conc.rulings[-1].where
        raise SourceDataError(where, f"no ruling decides the engine option {missing[0]}")
    return {name: specs[name] for name in VALUES}


#: Every option, by name, in ruling order: its ruling, question and values, each
#: with its meaning and sources, all from the registry (read on first use).
OPTIONS: Mapping[str, OptionSpec] = _Options()


def __getattr__(name: str) -> object:
    # SOURCES comes from the concordance's vocabulary, imported only when asked
    # for: `import lld` must stay light.
    if name == "SOURCES":
        from lld.concordance.model import SOURCE_IDS

        return SOURCE_IDS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parse_assignments(assignments: list[str] | tuple[str, ...]) -> dict[str, str | None]:
    """Parse ``name=value`` strings; ``deal_N=none`` removes a player count."""
    out: dict[str, str | None] = {}
    for text in assignments:
        key, sep, value = text.partition("=")
        key, value = key.strip().replace("-", "_"), value.strip()
        if not sep or not key or not value:
            raise RulesetError(f"option {text!r} is not of the form name=value")
        if key not in VALUES:
            raise RulesetError(_unknown_option(key))
        chosen: str | None
        if key in NULLABLE and value.lower() == "none":
            chosen = None
        elif value in VALUES[key]:
            chosen = value
        else:
            raise RulesetError(_bad_value(key, value))
        # Two values for one option would leave one silently unused.
        if key in out and out[key] != chosen:
            raise RulesetError(
                f"option {key} is given twice, as {out[key] or 'none'} and {chosen or 'none'}"
            )
        out[key] = chosen
    return out


__all__ = [
    "EDITORIAL",
    "NULLABLE",
    "OPTIONS",
    "VALUES",
    "OptionSpec",
    "Ruleset",
    "StakesTable",
    "ValueSpec",
    "check_option",
    "describe_reading",
    "format_assignment",
    "no_break_even_problem",
    "no_game_problem",
    "options_from_registry",
    "parse_assignments",
    "register_readings",
    "setting",
]

"""What kind of wrong: every error the engine raises is one of these.

All are ``ValueError`` subclasses, so a caller that only wants "bad input" can
catch ``LldError``; one that cares can tell malformed text from a well-formed
move that the rules forbid.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple


def shown(value: object) -> str:
    """``repr(value)`` for an error message. An int past Python's 4,300-digit limit
    cannot be turned into text at all (``ValueError``), so a huge one is described
    by its size instead, and the message about it still gets written."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        digits = int(value.bit_length() * 0.30103) + 1  # log10(2): no str() needed
        return f"a number of about {digits} digits"
    return repr(value)


class LldError(ValueError):
    """Base of every error this package raises on purpose."""


class NotationError(LldError):
    """Text that is not well-formed notation (a card, a move, an option, a record line)."""


class RulesetError(LldError):
    """An unknown ruleset or option, a bad option value, or an unsupported player count."""


class SetupError(LldError):
    """A hand that cannot be set up as asked: a dealer who is not a seat, for one."""


class PositionError(LldError):
    """A :class:`~lld.position.Position` built directly whose state is not what its
    ruleset, deal and moves reach, or whose ruleset, deal or moves are not those types."""


class ConfigError(LldError):
    """A setting outside the rules: an unknown bot, a bad command-line argument."""


class NotFoundError(LldError, LookupError):
    """A name, ID or seat looked up that does not exist: a ruling, clause or
    source the registry does not hold, a seat the table does not have. Also a
    :class:`LookupError`, as a failed lookup is."""


class Seat(NamedTuple):
    """A seat a refusal names: ``seat 2`` to a program, a player to a reader."""

    number: int

    def __str__(self) -> str:
        return f"seat {self.number}"


class Cards(NamedTuple):
    """Cards a refusal names: their mask, and their notation (``KD KH``)."""

    mask: int
    notation: str

    def __str__(self) -> str:
        return self.notation or "nothing"


class Cited(NamedTuple):
    """Rulings a refusal cites in its words (``R19 with R39``), and the option
    (``name=value``) behind them, which only a program is shown."""

    rules: tuple[str, ...]
    option: str | None = None

    def __str__(self) -> str:
        said = " with ".join(self.rules)
        return f"{said}, {self.option}" if self.option else said


#: What fills a place in a :class:`Reason`'s words.
Named = Seat | Cards | Cited


class Reason(NamedTuple):
    """Why a move is refused: words with named places (``{seat} does not hold
    {cards}``) and what fills each, so that each reader words the seats, cards and
    rulings its own way (:meth:`lld.narrate.Table.refusal`); ``str()`` is the
    engine's words.

    >>> why = Reason.of("{seat} does not hold {cards}", seat=Seat(1), cards=Cards(0, "KD"))
    >>> str(why), why.told(lambda v: "Anne" if isinstance(v, Seat) else str(v))
    ('seat 1 does not hold KD', 'Anne does not hold KD')
    """

    words: str
    places: tuple[tuple[str, Named], ...] = ()

    @classmethod
    def of(cls, words: str, **places: Named) -> Reason:
        return cls(words, tuple(places.items()))

    def told(self, word: Callable[[Named], str]) -> str:
        """The words, each place filled with ``word`` of what fills it."""
        if not self.places:
            return self.words
        return self.words.format_map({name: word(value) for name, value in self.places})

    def __str__(self) -> str:
        return self.told(str)


class IllegalMoveError(LldError):
    """A well-formed move that the rules forbid in this position.

    ``rule`` is the ruling ID that forbids it and ``option`` the ruleset option
    (``name=value``) behind that ruling, or ``None`` where no option changes it.
    ``reason`` says why in the engine's words; ``why`` is the same
    :class:`Reason` with the seats, cards and rulings it names kept apart, for a
    reader's words.
    """

    def __init__(
        self, move: object, reason: str | Reason, rule: str, option: str | None = None
    ) -> None:
        self.move = move = str(move)
        self.why = reason if isinstance(reason, Reason) else Reason(reason)
        self.reason = reason = str(self.why)
        self.rule = rule
        self.option = option
        because = f"{rule}, {option}" if option else rule
        super().__init__(f"illegal move {move!r}: {reason} ({because})")


class RecordError(LldError):
    """A hand record that cannot be read: ``where`` names the file and line."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


class SourceDataError(LldError):
    """A malformed file in ``sources/``: ``where`` names the file and line."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")

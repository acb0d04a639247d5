"""What kind of wrong: every error the engine raises is one of these.

All are ``ValueError`` subclasses, so a caller that only wants "bad input" can
catch ``LldError``; one that cares can tell malformed text from a well-formed
move that the rules forbid.
"""

from __future__ import annotations


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


class IllegalMoveError(LldError):
    """A well-formed move that the rules forbid in this position.

    ``rule`` is the ruling ID that forbids it and ``option`` the ruleset option
    (``name=value``) behind that ruling, or ``None`` where no option changes it.
    """

    def __init__(self, move: object, reason: str, rule: str, option: str | None = None) -> None:
        self.move = move = str(move)
        self.reason = reason
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

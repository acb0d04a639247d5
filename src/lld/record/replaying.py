"""Replaying a hand record through the engine, checking every move and the result.

The replay itself is :mod:`lld.replay`'s, the one implementation every front
end uses; a refused move is a :class:`~lld.replay.RefusedMoveError`, a
:class:`~lld.errors.RecordError` that keeps the rule and option as attributes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lld.replay import RefusedMoveError, check_result, replay_record

if TYPE_CHECKING:
    from lld.game import Game
    from lld.record.model import HandRecord


def replay(rec: HandRecord) -> Game:
    """Play the record's moves from its deal, checking each and the result.

    Raises :class:`~lld.errors.RecordError` at the move that is illegal (a
    :class:`~lld.replay.RefusedMoveError`, whose message and attributes keep the
    rule and option that forbid it), at a move made after the hand is over, or
    at the result line that does not match.
    """
    return replay_record(rec)


__all__ = ["RefusedMoveError", "check_result", "replay"]

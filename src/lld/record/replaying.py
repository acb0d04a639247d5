"""Replaying a hand record through the engine, checking every move and the result.

The one replay implementation every front end uses (:mod:`lld.replay` builds
its steps and its replays under other options on it). A refused move is a
:class:`RefusedMoveError`, a :class:`~lld.errors.RecordError` that keeps the
rule and option as attributes. It sits below the read-model (positions,
steps), which it does not import.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lld.errors import IllegalMoveError, RecordError
from lld.record.model import Result
from lld.record.text_writer import signed

if TYPE_CHECKING:
    from lld.game import Game
    from lld.moves import Move
    from lld.record.model import HandRecord


class RefusedMoveError(RecordError):
    """A record's move that the rules forbid: the message names the record's line,
    and ``rule``, ``option``, ``reason``, ``why``, ``move`` and ``index`` (from 0)
    stay attributes, as on :class:`~lld.errors.IllegalMoveError`."""

    def __init__(self, where: str, error: IllegalMoveError, index: int) -> None:
        super().__init__(where, str(error))
        self.move = error.move
        self.reason = error.reason
        self.why = error.why
        self.rule = error.rule
        self.option = error.option
        self.index = index


def replay_record(rec: HandRecord) -> Game:
    """Play the record's moves from its deal, checking each and the result.

    Raises :class:`RefusedMoveError` at a move the rules forbid, and
    :class:`~lld.errors.RecordError` at a move made after the hand is over or
    at a result that does not match.
    """
    game = rec.new_game()
    for i, line in enumerate(rec.moves):
        play_line(rec, game, i, line.move)
    if rec.result is not None:
        check_result(rec, game)
    return game


def play_line(rec: HandRecord, game: Game, i: int, move: Move) -> None:
    if game.over:
        when = f"with move {i}: {rec.moves[i - 1].move}" if i else "at the deal"
        raise RecordError(
            rec.move_location(i), f"move {move} comes after the hand is over (it ended {when})"
        )
    try:
        game.play(move)
    except IllegalMoveError as error:
        raise RefusedMoveError(rec.move_location(i), error, i) from error


def check_result(rec: HandRecord, game: Game) -> None:
    """Raise :class:`~lld.errors.RecordError` if the record's result is not the game's."""
    given = rec.result
    if given is None:
        return
    if not game.over:
        raise RecordError(
            rec.result_location(0),
            f"a result is given but the hand is not over after the last move"
            f" ({rec.name_of(game.to_play)} is to play)",
        )
    actual = Result.of(game)
    mismatches = (
        (given.net != actual.net, 0, "net is given as {}, the replay gives {}",
         " ".join(map(signed, given.net)), " ".join(map(signed, actual.net))),
        (given.last_player != actual.last_player, 1,
         "the last player is given as {}, the replay gives {}",
         _seat_or_none(given.last_player), _seat_or_none(actual.last_player)),
        (given.pot_left != actual.pot_left, 2, "pot_left is given as {}, the replay leaves {}",
         given.pot_left, actual.pot_left),
    )  # fmt: skip
    for differs, line, text, given_text, actual_text in mismatches:
        if differs:
            raise RecordError(
                rec.result_location(line),
                "the result does not match the replay: " + text.format(given_text, actual_text),
            )


def _seat_or_none(seat: int | None) -> str:
    return "none" if seat is None else str(seat)


def replay(rec: HandRecord) -> Game:
    """Play the record's moves from its deal, checking each and the result.

    Raises :class:`~lld.errors.RecordError` at the move that is illegal (a
    :class:`RefusedMoveError`, whose message and attributes keep the
    rule and option that forbid it), at a move made after the hand is over, or
    at the result line that does not match.
    """
    return replay_record(rec)


__all__ = ["RefusedMoveError", "check_result", "play_line", "replay", "replay_record"]

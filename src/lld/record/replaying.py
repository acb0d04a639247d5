"""Replaying a hand record through the engine, checking every move and the result."""

from __future__ import annotations

from lld.errors import IllegalMoveError, RecordError
from lld.game import Game
from lld.record.model import HandRecord, Result
from lld.record.text_writer import signed


def replay(rec: HandRecord) -> Game:
    """Play the record's moves from its deal, checking each and the result.

    Raises :class:`RecordError` at the move that is illegal (the message keeps
    the rule and option that forbid it), at a move made after the hand is
    over, or at the result line that does not match.
    """
    game = rec.new_game()
    for i, line in enumerate(rec.moves):
        if game.over:
            when = f"with move {i}: {rec.moves[i - 1].move}" if i else "at the deal"
            raise RecordError(
                rec.move_location(i),
                f"move {line.move} comes after the hand is over (it ended {when})",
            )
        try:
            game.play(line.move)
        except IllegalMoveError as error:
            raise RecordError(rec.move_location(i), str(error)) from error
    if rec.result is not None:
        check_result(rec, game)
    return game


def check_result(rec: HandRecord, game: Game) -> None:
    """Raise :class:`RecordError` if the record's result is not the game's."""
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
    if given.net != actual.net:
        raise RecordError(
            rec.result_location(0),
            f"the result does not match the replay: net is given as"
            f" {' '.join(map(signed, given.net))}, the replay gives"
            f" {' '.join(map(signed, actual.net))}",
        )
    if given.last_player != actual.last_player:
        raise RecordError(
            rec.result_location(1),
            f"the result does not match the replay: the last player is given as"
            f" {_seat_or_none(given.last_player)}, the replay gives"
            f" {_seat_or_none(actual.last_player)}",
        )
    if given.pot_left != actual.pot_left:
        raise RecordError(
            rec.result_location(2),
            f"the result does not match the replay: pot_left is given as {given.pot_left},"
            f" the replay leaves {actual.pot_left}",
        )


def _seat_or_none(seat: int | None) -> str:
    return "none" if seat is None else str(seat)

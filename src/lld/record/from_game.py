"""Making a hand record of a game as played."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lld.errors import LldError
from lld.game import Game
from lld.presets import PRESETS
from lld.record.model import HandRecord, MoveLine, Result, deal_from_seed


def record_from_game(
    game: Game,
    *,
    title: str | None = None,
    seats: Sequence[str] = (),
    notes: str | None = None,
    rulings: Sequence[str] = (),
    comments: Mapping[int, str] | None = None,
) -> HandRecord:
    """A record of ``game`` as played so far, with its result if the hand is over.

    A deal from a seed is recorded as the seed where the seed gives the same
    deal again (with the dealer named, or ``cut`` if only the cut gives it);
    otherwise the cards are written out. ``comments`` maps move indexes (from
    0) to a comment on that move.
    """
    rules = game.rules
    base = PRESETS.get(rules.name)
    if base is None:
        # A ruleset built by hand: write it as every option changed from the reconstruction.
        base = PRESETS["reconstruction"]
    options = tuple(rules.overrides_from(base).items())
    deal = game.deal
    seed: int | None = None
    dealer: int | None = deal.dealer
    if deal.seed is not None:
        for d in (deal.dealer, None):
            try:
                again = deal_from_seed(rules, deal.players, deal.seed, d)
            except LldError:
                continue
            if again == deal:
                seed, dealer = deal.seed, d
                break
    notes_map = dict(comments or {})
    moves = tuple(MoveLine(m, notes_map.get(i, "")) for i, m in enumerate(game.moves))
    return HandRecord(
        ruleset=base.name,
        options=options,
        players=deal.players,
        dealer=dealer,
        seed=seed,
        hands=() if seed is not None else deal.hands,
        table=0 if seed is not None else deal.table,
        won=() if seed is not None else deal.won,
        seats=tuple(seats),
        title=title,
        note=notes,
        rulings=tuple(rulings),
        moves=moves,
        result=Result.of(game) if game.over else None,
    )

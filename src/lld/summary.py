"""A played hand as plain data: what ``--json`` prints and the site shows.

>>> from lld.game import Game
>>> from lld.presets import ruleset
>>> g = Game.new(ruleset("parlett"), players=5, seed=1)
>>> while not g.over:
...     g.play(g.turn_moves()[0])
>>> s = summarize(g)
>>> s["ruleset"], s["players"], s["pot_left"], sorted(s["seats"][0])
('parlett', 5, 0, ['cards', 'net', 'seat', 'won'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lld.cards import count, format_cards
from lld.game import Game
from lld.ledger import json_amount
from lld.presets import PRESETS


def summarize(game: Game, names: Sequence[str] = ()) -> dict[str, Any]:
    """The hand's ruleset, deal, each seat's won cards and net, the pot and the log."""
    rules = game.rules
    base = PRESETS.get(rules.name)
    overrides = rules.overrides_from(base) if base else rules.options()
    seats: list[dict[str, Any]] = []
    for seat in range(game.n):
        entry: dict[str, Any] = {
            "seat": seat,
            "won": format_cards(game.won[seat]),
            "cards": count(game.won[seat]),
            "net": json_amount(game.ledger.net[seat]),
        }
        if seat < len(names):
            entry["name"] = names[seat]
        seats.append(entry)
    return {
        "ruleset": rules.name,
        "options": overrides,
        "players": game.n,
        "dealer": game.dealer,
        "seed": game.deal.seed,
        "over": game.over,
        "seats": seats,
        "last_player": game.last_player,
        "pot_left": json_amount(game.ledger.pot),
        "balanced": game.ledger.balanced,
        "set_aside": format_cards(game.aside),
        "events": [e.to_json() for e in game.events],
    }

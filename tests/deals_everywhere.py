"""The deals that must be the same on CPython and on Pyodide (WebAssembly).

``python tests/deals_everywhere.py`` prints them as JSON: ``pyodide/run.sh``
runs it on the host's CPython and passes the result into Pyodide, where
``tests/test_same_deal_everywhere.py`` compares. No pytest here: the host's
Python needs only the engine.
"""

from __future__ import annotations

import json

from lld.errors import RulesetError
from lld.game import Game
from lld.position import Position
from lld.presets import PRESETS, ruleset

#: A spread of seeds, including large ones (the engine's own shuffle must not
#: depend on the platform's integer or float sizes).
SEEDS = (0, 1, 7, 42, 2**31 - 1, 2**32 + 5, 2**63 + 11)


def deals() -> dict[str, str]:
    """Each preset's deal for each seed and player count: the dealer, the table's
    cards and each hand's, in card notation."""
    out = {}
    for preset in PRESETS:
        for players in range(3, 9):
            for seed in SEEDS:
                try:
                    game = Game.new(ruleset(preset), players=players, seed=seed)
                except RulesetError:  # no game for this many: the same everywhere too
                    out[f"{preset}/{players}/{seed}"] = "no game"
                    continue
                state = Position.of(game).state_json()
                out[f"{preset}/{players}/{seed}"] = f"dealer {game.dealer}: " + " | ".join(
                    [state["table"], *state["hands"]]
                )
    return out


if __name__ == "__main__":
    print(json.dumps(deals(), sort_keys=True))

"""``lld deal``: deal a hand and show it."""

from __future__ import annotations

import argparse
from typing import Any

from lld.cards import format_cards
from lld.cli.common import add_game_args, add_json, dump, seed_of
from lld.errors import RulesetError
from lld.game import Game
from lld.presets import ruleset_with


def register(sub: Any) -> None:
    p = sub.add_parser("deal", help="deal a hand and show it")
    add_game_args(p)
    add_json(p)
    p.set_defaults(func=run_deal)


def run_deal(args: argparse.Namespace) -> int:
    rules = ruleset_with(args.ruleset, args.option, strict_play=args.strict)
    rules.stakes(args.players)  # a player count the ruleset has no game for is refused first
    if args.dealer is not None and not 0 <= args.dealer < args.players:
        raise RulesetError(f"--dealer {args.dealer} is not a seat (0 to {args.players - 1})")
    game = Game.new(rules, args.players, seed_of(args), args.dealer)
    deal = game.deal
    if args.json:
        dump(
            {
                "ruleset": game.rules.name,
                "players": game.n,
                "seed": deal.seed,
                "dealer": deal.dealer,
                "hands": [format_cards(h) for h in deal.hands],
                "table": format_cards(deal.table),
                "events": [e.to_json() for e in game.events],
            }
        )
        return 0
    print(f"{game.rules.name}, {game.n} players, seed {deal.seed}, seat {deal.dealer} deals")
    for seat, hand in enumerate(deal.hands):
        print(f"hand {seat}: {format_cards(hand)}")
    print(f"table:  {format_cards(deal.table)}")
    return 0

"""The order of play a handout follows, and which rulings a reading uses.

A sheet states the rules as a hand is played: the pack, the first dealer, the
ante and the deal, a mournival on the table, a turn, laying pairs from the
hand, lying down, oversights and claims, the end of the hand, the leftovers and
settling up. :data:`PARTS` gives each part its heading and the rulings it
states, in that order; every ruling of the registry is in exactly one part.

:func:`uses` says which rulings can come up in a hand a reading plays: a sheet
states those and no others (no rule about a lie-down by choice where lying
down is forced, no deal for a number of players the reading does not play, no
claims where nothing can ever be claimed).

:data:`WORDS` glosses the game's words, each once at the top of a sheet that
uses it. The words are the same under every reading; what the rules do with
them is the registry's.

>>> from lld.presets import ruleset
>>> used = uses(ruleset("reconstruction"))
>>> "R22" in used, "R37" in used, "R33" in used, "R9" in used
(True, False, False, True)
>>> sorted(uses(ruleset("sympkyn")) & {"R15", "R25", "R35", "R37"})
['R37']
>>> sorted(uses(ruleset("caidis")) & {"R30", "R33", "R36", "R8"})
['R33', 'R36']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lld.concordance import ruling_id
from lld.rule_tables import DEAL_RULE
from lld.ruleset import Ruleset


def _ids(*keys: str) -> tuple[str, ...]:
    """The IDs of the rulings the registry knows by ``keys`` (their options or keys)."""
    return tuple(map(ruling_id, keys))


@dataclass(frozen=True)
class Part:
    """One part of the order of play: a heading and the rulings stated under it."""

    key: str
    heading: str
    rulings: tuple[str, ...]


#: The parts of a hand, in the order it is played.
PARTS: tuple[Part, ...] = (
    Part("pack", "The pack and the players", _ids("pack", "players")),
    Part(
        "first-dealer",
        "The cut for first dealer, and who plays first",
        _ids("first_dealer", "cut_aces", "rotation"),
    ),
    Part(
        "deal",
        "The ante and the deal",
        _ids("deal_3", "deal_4", "deal_5", "deal_6", "deal_7", "deal_8"),
    ),
    Part("table-mournival", "A mournival on the table", _ids("table_mournival")),
    Part(
        "turn",
        "Your turn: capturing",
        _ids(
            "capture",
            "one_against_pair_on_table",
            "one_against_pair",
            "pair_royal_capture",
            "pair_against_pair",
            "capture_ranks",
        ),
    ),
    Part(
        "laying",
        "Laying pairs from the hand",
        _ids(
            "hand_mournival",
            "hand_pair_royal",
            "dead_pair",
            "dead_pair_trigger",
            "broken_pair_royal",
            "hand_pairs_when",
            "laying_turn",
        ),
    ),
    Part(
        "lying-down",
        "Lying down",
        _ids(
            "lie_down",
            "lie_down_mistake",
            "lie_down_payment",
            "emptied_by_capture",
            "emptied_by_laying",
        ),
    ),
    Part(
        "oversights",
        "Oversights and claims",
        _ids(
            "pair_royal_remainder",
            "lie_down_pair",
            "mistaken_lie_down_pair",
            "chosen_lie_down_pair",
            "claim_priority",
            "lain_down_claims",
            "claim_deadline",
            "claiming_is_no_turn",
        ),
    ),
    Part("end", "The end of the hand", _ids("last_player_turn")),
    Part("leftovers", "The leftovers", _ids("leftovers")),
    Part(
        "settling",
        "Settling up",
        _ids("last_player_bonus", "settlement", "odd_break_even", "part_pair", "most_pairs_tie"),
    ),
)

#: A hand in three sentences, true under every reading (what the rules decide is below
#: it on each sheet).
BRIEF = (
    "The dealer deals each player a hand and the rest of the pack face up to the table."
    " Beginning with eldest, each player in turn captures table cards with cards of the"
    " same rank from his hand and keeps them as won cards; a player who cannot capture"
    " lies down. Play goes round until only one player is left in, and then the"
    " hand is settled by the cards each player has won."
)

#: The oversights' heading where nothing can ever be claimed.
NO_CLAIMS = "Cards nobody can mate"

#: Rulings stated as one rule: under ``takes_one`` (R38) the answer is R13's.
SAME_RULE = {(ruling_id("one_against_pair_on_table"), ruling_id("one_against_pair"))}

#: The deal's rulings, one per number of players (the registry's, through the engine).
DEAL_RULINGS = DEAL_RULE


def can_claim(rules: Ruleset) -> bool:
    """Whether anything can ever be claimed as an oversight under ``rules``."""
    return (
        rules.table_mournival == "dealer_first"
        or (
            rules.pair_royal_capture == "one_or_three" and rules.pair_royal_remainder == "claimable"
        )
        or rules.lie_down_pair == "claimable"
        or (
            rules.lie_down == "forced"
            and rules.lie_down_mistake == "allowed_as_mistake"
            and rules.mistaken_lie_down_pair == "claimable"
        )
        or (rules.lie_down == "voluntary" and rules.chosen_lie_down_pair == "claimable")
    )


def uses(rules: Ruleset) -> frozenset[str]:
    """The rulings that can come up in a hand played under ``rules``."""
    tables = [rules.stakes(n) for n in rules.players]
    takes_one = rules.one_against_pair == "takes_one"
    forced = rules.lie_down == "forced"
    when = {
        # The deal of each number of players the reading plays.
        **{r: getattr(rules, f"deal_{n}") is not None for n, r in DEAL_RULINGS.items()},
        # "One of them": not where one card collects a pair (R38 says what it does
        # there; R12, the capture, stands with its exceptions R14, R16 and R38).
        ruling_id("one_against_pair_on_table"): takes_one,
        # The pair left of a pair royal taken singly: only where one may be taken.
        ruling_id("pair_royal_remainder"): rules.pair_royal_capture == "one_or_three",
        # A pair that can no longer be mated is laid only where such pairs are.
        ruling_id("dead_pair"): rules.dead_pair_trigger != "never",
        # Only where a pair of a pair royal could be laid in the first place (R18).
        ruling_id("broken_pair_royal"): rules.hand_pair_royal == "pair_may_be_laid"
        and not (rules.broken_pair_royal == "by_dead_rule" and rules.dead_pair_trigger == "never"),
        # A mistaken lie-down is one only where lying down is forced.
        ruling_id("lie_down_mistake"): forced,
        ruling_id("mistaken_lie_down_pair"): forced
        and rules.lie_down_mistake == "allowed_as_mistake",
        ruling_id("chosen_lie_down_pair"): not forced,
        # Who may claim, until when, and that a claim is no turn: only where a
        # claim can be made.
        ruling_id("claim_priority"): can_claim(rules),
        ruling_id("lain_down_claims"): can_claim(rules),
        ruling_id("claim_deadline"): can_claim(rules),
        ruling_id("claiming_is_no_turn"): can_claim(rules),
        ruling_id("last_player_bonus"): any(t.last_player_bonus for t in tables),
        ruling_id("odd_break_even"): rules.settlement == "break_even"
        and any((t.break_even or 0) % 2 for t in tables),
        ruling_id("most_pairs_tie"): rules.settlement == "most_pairs",
        # Only a capture of three makes a part-pair, and only a break-even prices it.
        ruling_id("part_pair"): rules.settlement == "break_even"
        and rules.one_against_pair == "collects_all"
        and any(t.break_even is not None and t.break_even % 2 == 0 for t in tables),
    }
    return frozenset(r for part in PARTS for r in part.rulings if when.get(r, True))


@dataclass(frozen=True)
class Word:
    """A word of the game and what it means, as a sheet glosses it."""

    term: str
    meaning: str
    #: The forms of the word that count as a use of it (a regular expression).
    forms: str


#: The game's words, in the order a sheet glosses them.
WORDS: tuple[Word, ...] = (
    Word("pair", "two cards of one rank (only the ranks matter, never the suits)", r"pairs?"),
    Word("pair royal", "three cards of one rank", r"pairs? royal"),
    Word("mournival", "all four cards of one rank", r"mournivals?"),
    Word("eldest", "the player on the dealer’s left", r"eldest"),
    Word(
        "the table",
        "the cards face up in the middle, which everyone can see",
        r"the table",
    ),
    Word(
        "mate, capture",
        "to take a card of the table with a card of the same rank from your hand",
        r"mat(?:e|es|ed|ing)|captur(?:e|es|ed|ing)",
    ),
    Word(
        "won cards",
        "the cards you have captured or laid down, kept face up in front of you: the"
        " hand is settled by them",
        r"won",
    ),
    Word(
        "lay down",
        "to put a pair from your hand among your won cards",
        r"la(?:y|ys|ying|id) (?:\w+ )?down|laying pairs|laid",
    ),
    Word(
        "lie down",
        "to put your whole hand face up on the table when you give up: you play no more"
        " this hand, but your won cards still count",
        r"li(?:e|es|ying) down|lain down|lie-down",
    ),
    Word(
        "oversight",
        "cards on the table that nobody can ever mate, which another player may claim"
        " for his won cards",
        r"oversights?",
    ),
    Word(
        "last player",
        "the one player left in when all the others have lain down or are out",
        r"last player",
    ),
    Word("stake", "one counter: a bean, a token or a coin", r"stakes?"),
    Word(
        "ante, pot",
        "what each player puts in before the deal, and the heap it makes",
        r"antes?|pot",
    ),
    Word(
        "widow",
        "a spare hand dealt with the others, then turned face up to be the table",
        r"widow",
    ),
    Word(
        "break-even",
        "the number of won cards at which a player neither takes nor pays",
        r"break-even",
    ),
    Word(
        "leftovers",
        "the cards still on the table or in the last player’s hand when the hand ends",
        r"leftovers?|cards left",
    ),
)


def words_used(text: str) -> tuple[Word, ...]:
    """The words of :data:`WORDS` that ``text`` uses, in their order."""
    return tuple(
        w for w in WORDS if re.search(rf"\b(?:{w.forms})\b", text, re.IGNORECASE) is not None
    )


__all__ = [
    "DEAL_RULINGS",
    "NO_CLAIMS",
    "PARTS",
    "SAME_RULE",
    "WORDS",
    "Part",
    "Word",
    "can_claim",
    "uses",
    "words_used",
]

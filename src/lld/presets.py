"""The five readings: one per source, plus the project's own reconstruction.

A preset value that no clause of its source gives is *editorial*, and
:data:`EDITORIAL_CHOICES` says why it was chosen. The tests check that every
other value is one its source takes (see ``OPTIONS`` in :mod:`lld.ruleset`),
and the concordance checks the same against the quoted clauses.

>>> sorted(PRESETS)
['caidis', 'du-coeur', 'parlett', 'reconstruction', 'sympkyn']
>>> ruleset("du-coeur").players
(4, 5, 6, 7, 8)
"""

from __future__ import annotations

from collections.abc import Sequence

from lld.errors import RulesetError, shown
from lld.ruleset import Ruleset, parse_assignments, register_readings

PRESETS: dict[str, Ruleset] = {
    "du-coeur": Ruleset(
        name="du-coeur",
        first_dealer="high_cut",
        deal_3=None, deal_4="willughby", deal_5="willughby", deal_6="du_coeur",
        deal_7="du_coeur", deal_8="du_coeur",
        table_mournival="dealer_first",
        pair_royal_capture="one_or_three",
        pair_royal_remainder="claimable",
        pair_against_pair="one_at_a_time",
        hand_pairs_when="any_time",
        lie_down="forced",
        lie_down_payment="none",
        lie_down_pair="claimable",
        claim_priority="first_in_time",
        claim_deadline="end_of_hand",
        last_player_turn="none",
        leftovers="all_to_dealer",
        settlement="break_even",
        lie_down_mistake="refused",
        mistaken_lie_down_pair="claimable",
        chosen_lie_down_pair="to_dealer",
        one_against_pair="takes_one",
        dead_pair_trigger="unmateable",
        broken_pair_royal="by_dead_rule",
    ),
    "parlett": Ruleset(
        name="parlett",
        first_dealer="low_cut",
        deal_3="parlett", deal_4="willughby", deal_5="willughby", deal_6="parlett",
        deal_7=None, deal_8=None,
        table_mournival="dealer_takes",
        pair_royal_capture="one_or_three",
        pair_royal_remainder="claimable",
        pair_against_pair="may_take_four",
        hand_pairs_when="promptly_or_own_turn",
        lie_down="forced",
        lie_down_payment="none",
        lie_down_pair="claimable",
        claim_priority="first_in_time",
        claim_deadline="end_of_hand",
        last_player_turn="none",
        leftovers="all_to_dealer",
        settlement="break_even",
        lie_down_mistake="refused",
        mistaken_lie_down_pair="claimable",
        chosen_lie_down_pair="to_dealer",
        one_against_pair="takes_one",
        dead_pair_trigger="other_pair_won",
        broken_pair_royal="layable",
    ),
    "caidis": Ruleset(
        name="caidis",
        first_dealer="low_cut",
        deal_3="widow", deal_4="widow", deal_5="widow", deal_6=None, deal_7=None, deal_8=None,
        table_mournival="dealer_first",
        pair_royal_capture="one_or_three",
        pair_royal_remainder="claimable",
        pair_against_pair="one_at_a_time",
        hand_pairs_when="any_time",
        lie_down="forced",
        lie_down_payment="stake_to_each_remaining",
        lie_down_pair="claimable",
        claim_priority="first_in_time",
        claim_deadline="end_of_hand",
        last_player_turn="one_more",
        leftovers="pairs_to_dealer",
        settlement="most_pairs",
        lie_down_mistake="allowed_as_mistake",
        mistaken_lie_down_pair="claimable",
        chosen_lie_down_pair="to_dealer",
        one_against_pair="takes_one",
        dead_pair_trigger="other_pair_won",
        broken_pair_royal="by_dead_rule",
    ),
    "sympkyn": Ruleset(
        name="sympkyn",
        first_dealer="low_cut",
        deal_3="parlett", deal_4="willughby", deal_5="willughby", deal_6="parlett",
        deal_7=None, deal_8=None,
        table_mournival="dealer_takes",
        pair_royal_capture="three_only",
        pair_royal_remainder="claimable",
        pair_against_pair="may_take_four",
        hand_pairs_when="any_time",
        lie_down="voluntary",
        lie_down_payment="none",
        lie_down_pair="to_dealer",
        claim_priority="first_in_time",
        claim_deadline="end_of_hand",
        last_player_turn="none",
        leftovers="all_to_dealer",
        settlement="break_even",
        lie_down_mistake="refused",
        mistaken_lie_down_pair="to_dealer",
        chosen_lie_down_pair="to_dealer",
        one_against_pair="takes_one",
        dead_pair_trigger="unmateable",
        broken_pair_royal="by_dead_rule",
    ),
    "reconstruction": Ruleset(
        name="reconstruction",
        first_dealer="low_cut",
        deal_3="parlett", deal_4="willughby", deal_5="willughby", deal_6="du_coeur",
        deal_7="du_coeur", deal_8="du_coeur",
        table_mournival="dealer_first",
        pair_royal_capture="one_or_three",
        pair_royal_remainder="claimable",
        pair_against_pair="one_at_a_time",
        hand_pairs_when="any_time",
        lie_down="forced",
        lie_down_payment="none",
        lie_down_pair="claimable",
        claim_priority="first_in_time",
        claim_deadline="end_of_hand",
        last_player_turn="none",
        leftovers="all_to_dealer",
        settlement="break_even",
        lie_down_mistake="refused",
        mistaken_lie_down_pair="claimable",
        chosen_lie_down_pair="to_dealer",
        one_against_pair="takes_one",
        dead_pair_trigger="unmateable",
        broken_pair_royal="layable",
    ),
}  # fmt: skip
register_readings(PRESETS)  # each preset's repr is its name (see Ruleset.__repr__)

#: How a reader names each preset: by its source's author (or its collection),
#: and the reconstruction as the project's ("du Coeur's reading", "the project's
#: reading").
PRESET_NAMES = {
    "du-coeur": "du Coeur",
    "parlett": "Parlett",
    "caidis": "Compendium Caidis",
    "sympkyn": "Sympkyn",
    "reconstruction": "the project",
}


def reading_name(preset: str, *, start: bool = False) -> str:
    """``du Coeur's reading``, ``the project's reading``: a preset in a reader's words;
    ``start``: to begin a sentence or a line (du Coeur's "du" stays small).

    >>> reading_name("reconstruction", start=True), reading_name("du-coeur", start=True)
    ("The project's reading", "du Coeur's reading")
    """
    name = f"{PRESET_NAMES.get(preset, preset)}'s reading"
    return name[:1].upper() + name[1:] if start and not name.startswith("du ") else name


def readings_named(presets: Sequence[str]) -> str:
    """Several presets in a reader's words: ``Parlett's, Sympkyn's and the project's
    readings``, ``Compendium Caidis's reading``, or ``no source's reading``.

    >>> readings_named(["parlett", "sympkyn", "reconstruction"])
    "Parlett's, Sympkyn's and the project's readings"
    """
    if not presets:
        return "no source's reading"
    names = [f"{PRESET_NAMES.get(p, p)}'s" for p in presets]
    said = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    return f"{said} reading" + ("s" if len(names) > 1 else "")


#: Which source each preset reads. The reconstruction reads them all.
PRESET_SOURCE = {
    "du-coeur": "du-coeur",
    "parlett": "parlett",
    "caidis": "caidis",
    "sympkyn": "sympkyn",
    "reconstruction": "editorial",
}

_FORCED = (
    "Moot: lying down is forced for {who} ({clause}), so no lie-down is made by choice;"
    " and a lawful lie-down is no oversight."
)

#: Preset values that the preset's own source does not give, and why we chose them.
#: (The reconstruction's choices are argued ruling by ruling in sources/rulings.toml.)
EDITORIAL_CHOICES: dict[tuple[str, str], str] = {
    ("caidis", "first_dealer"): "Compendium Caidis does not say who deals; Parlett's low cut is"
    " the only explicit rule in the sources on the game.",
    ("sympkyn", "first_dealer"): "Sympkyn does not say who deals; Parlett's low cut is the only"
    " explicit rule, and Sympkyn follows Parlett elsewhere.",
    ("parlett", "table_mournival"): "Parlett's text says nothing of it (his list of oversights,"
    " where du Coeur's begins with this case, is lost in this copy); his untaken table cards go"
    " to the dealer"
    " anyway, so giving them to him at once changes no count.",
    ("parlett", "pair_royal_remainder"): "Parlett says oversights win pairs, but his list of"
    " examples is lost in this copy; we supply du Coeur's, which is what a pair royal taken"
    " singly leaves on the table.",
    ("sympkyn", "pair_royal_remainder"): "Sympkyn's fourth card takes all three of a pair royal"
    " on the table (R14), so the case never arises; the value follows the 'whatever is"
    " overseen' note he copies from Parlett.",
    ("parlett", "lie_down_pair"): "Parlett's list of oversights is lost in this copy; we"
    " supply du Coeur's and Compendium Caidis's.",
    ("sympkyn", "lie_down_pair"): "Sympkyn lets a player lie down by choice (S-19), so a pair"
    " his lawful lie-down leaves on the board is no oversight (R37), and he names no oversight"
    " of a set not laid, giving no rule for laying pairs from the hand at all; his remaining"
    " table cards go to the dealer (S-21). Claimable would punish a move his words allow.",
    ("caidis", "lie_down_pair"): "Compendium Caidis names only the pair a mistaken lie-down"
    " leaves (CC-36, R36), not a set its player failed to lay (R24); she copies du Coeur's"
    " laying rules and his remark that others may profit from a mistake (CC-30), and du Coeur"
    " makes such a set claimable (DC-26).",
    ("parlett", "lie_down_payment"): "Parlett names no payment for laying down: the player"
    " throws his hand in and ceases play, and is laughed at (P-9, P-10); his money moves by the"
    " last player's 5p and the count of won cards (P-29, P-31, P-32). No payment is the reading"
    " of his silence.",
    ("du-coeur", "claim_deadline"): "du Coeur gives no deadline; a slip left unclaimed goes to"
    " the dealer at the end.",
    ("parlett", "claim_deadline"): "Parlett gives no deadline; a slip left unclaimed goes to"
    " the dealer at the end.",
    ("sympkyn", "claim_deadline"): "Sympkyn gives no deadline; a slip left unclaimed goes to"
    " the dealer at the end.",
    ("sympkyn", "hand_pairs_when"): "Sympkyn's objective names pairs won 'from the table and"
    " hand' but gives no rule for laying them; du Coeur's is the simplest.",
    ("du-coeur", "lie_down_mistake"): "du Coeur says only that a player who cannot mate must"
    " lie down (DC-27) and names no lie-down made early, nor any consequence for one; his"
    " rules are played as lawful moves only.",
    ("parlett", "lie_down_mistake"): "Parlett says only that a player who can no longer"
    " capture must lie down (P-9) and names no lie-down made early; his list of oversights"
    " is lost in this copy (P-25).",
    ("sympkyn", "lie_down_mistake"): "Moot: Sympkyn lets a player lie down by choice (S-19),"
    " so no lie-down is a mistake and the ruling changes nothing.",
    ("du-coeur", "mistaken_lie_down_pair"): "Moot while R35 refuses such a lie-down. Were one"
    " made, du Coeur lets others profit from another's mistake (DC-47) and makes the pairs"
    " he names claimable (DC-26, DC-51).",
    ("parlett", "mistaken_lie_down_pair"): "Moot while R35 refuses such a lie-down. Parlett"
    " says oversights win pairs (P-24); his list of them is lost in this copy (P-25).",
    ("sympkyn", "mistaken_lie_down_pair"): "Moot: no lie-down is a mistake under his"
    " voluntary lying down (S-19); he names no oversight, and his table cards go to the"
    " dealer (S-21).",
    ("du-coeur", "chosen_lie_down_pair"): _FORCED.format(who="du Coeur", clause="DC-27"),
    ("parlett", "chosen_lie_down_pair"): _FORCED.format(who="Parlett", clause="P-9"),
    ("caidis", "chosen_lie_down_pair"): _FORCED.format(who="Compendium Caidis", clause="CC-17"),
    ("sympkyn", "chosen_lie_down_pair"): "Sympkyn lets a player lie down by choice (S-19) but"
    " says nothing of claiming a pair his lie-down leaves on the board; his remaining table"
    " cards go to the dealer at the end (S-63), and a lawful lie-down is no oversight.",
    ("sympkyn", "dead_pair_trigger"): "Sympkyn gives no rule for laying a pair from the hand,"
    " but his objective names pairs won 'from the table and hand' (S-7), so never would go"
    " against his hint; du Coeur's principle (DC-80), the widest trigger, fills the gap.",
    ("du-coeur", "broken_pair_royal"): "du Coeur does not reach the case; his laying rules"
    " boil down to one principle, that a pair may be laid once it can never be mated (DC-80),"
    " and his reason for the pair royal's is that only one of its cards can ever be paired"
    " from the table (DC-24). Once the third is played the principle alone decides, and"
    " under it (his reading of R39) the two left are dead: both readings play alike.",
    ("caidis", "broken_pair_royal"): "Compendium Caidis does not reach the case. Her"
    " conditions for playing down out of turn are each in the present tense ('If you have a"
    " pair royal in your hand', CC-29), without du Coeur's principle behind them: once the"
    " third card is played none holds, the other two being the player's own, not 'someone"
    " else's' (CC-27); read as the whole list, the pair is laid only as a dead pair.",
    ("sympkyn", "broken_pair_royal"): "Sympkyn gives no rule for laying a pair from the hand"
    " (S-7), so none for the pair left of a pair royal; laying it only as a dead pair grants"
    " no right beyond the dead pair's, and under the reading of R39 taken for him (du"
    " Coeur's principle) it plays as keeping the right would.",
}


def ruleset(name: str = "reconstruction", **overrides: str | None) -> Ruleset:
    """A preset by name, with options overridden by keyword.

    >>> ruleset("parlett", pair_against_pair="one_at_a_time").pair_against_pair
    'one_at_a_time'
    """
    if not isinstance(name, str):
        raise RulesetError(f"a ruleset is named by text, such as 'parlett', not {shown(name)}")
    key = name.strip().lower().replace("_", "-")
    if key == "ducoeur":
        key = "du-coeur"
    try:
        base = PRESETS[key]
    except KeyError:
        raise RulesetError(
            f"unknown ruleset {name!r} (known: {', '.join(sorted(PRESETS))})"
        ) from None
    return base.replace(**overrides) if overrides else base


def ruleset_with(name: str, assignments: list[str] | tuple[str, ...] = ()) -> Ruleset:
    """A preset with ``name=value`` overrides, as given on the command line."""
    return ruleset(name, **parse_assignments(assignments))

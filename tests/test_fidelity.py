"""Fidelity: the sources' own words against the registry, the presets and the engine.

* every clause's quotation is found word for word in its source's seed text;
* every preset, at every player count it plays, takes for each option a value
  its own source's clauses support, or one marked editorial with a reason, and
  an editorial gap-fill never goes against what its source's clauses say;
* one test per option value, named after its ruling, on a position built for
  that value (the ``check_Rn`` positions of :mod:`test_rules`), each carrying
  the clause it rests on. A value that no source gives says so, and the test
  checks that no clause claims it.

Only the quotation checks read the seed texts (found by :mod:`seed_texts`):
without them those skip (under CI they fail), and every check of the registry,
the presets and the engine still runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

import test_rules as rules_tests
from lld.concordance import Concordance, load
from lld.errors import RulesetError
from lld.presets import (
    EDITORIAL_CHOICES,
    PRESET_SOURCE,
    PRESETS,
    STRICT,
    ruleset,
    strict,
)
from lld.ruleset import OPTIONS, Ruleset
from seed_texts import normalise, seed_texts

CONC = load()
SOURCE_PRESETS = [p for p in PRESETS if PRESET_SOURCE[p] in {s.id for s in CONC.sources}]


@pytest.fixture(scope="module")
def seeds() -> dict[str, str]:
    return seed_texts({s.id: s.author for s in CONC.sources})


# ------------------------------------------------------------------ every clause


@pytest.mark.parametrize("clause", [c.id for c in CONC.clauses])
def test_clause_is_verbatim(seeds: dict[str, str], clause: str) -> None:
    c = CONC.clause(clause)
    assert normalise(c.quote) in seeds[c.source], f"{c.id}: {c.quote!r} is not in the seed"


# ------------------------------------------------------------------ presets


def _values_allowed(conc: Concordance, ruling: str, source: str) -> set[str]:
    """Every value some clause of ``source`` supports or allows on ``ruling``."""
    return {
        v
        for c in conc.clauses_for(ruling, source)
        if c.reading in ("supports", "ambiguous", "self-contradictory")
        for v in c.values
    }


def _check_value(
    conc: Concordance, preset: str, option: str, ruling: str, value: str, reason: str | None
) -> None:
    source = PRESET_SOURCE[preset]
    backed = conc.supporting(ruling, value, source)
    where = f"{preset}: {option}={value} ({ruling})"
    assert backed or reason, f"{where}: no clause of {source} supports it and no reason is given"
    assert not (backed and reason), f"{where}: editorial, yet {backed[0].id} supports it"
    if reason is None:
        return
    # A gap-fill never goes against the source: the source supports no value of
    # this ruling, and where its clauses allow readings, the gap-fill is one of them.
    # A variant the source offers beside its own rules (S-29) binds not its reading.
    supported = {v for c in conc.clauses_for(ruling, source)
                 if c.reading == "supports" and not c.variant for v in c.values}  # fmt: skip
    assert not supported, f"{where}: editorial, but {source} supports {sorted(supported)}"
    allowed = _values_allowed(conc, ruling, source)
    assert not allowed or value in allowed, f"{where}: {source}'s words allow only {allowed}"


def _preset_counts() -> list[object]:
    return [pytest.param(p, n, id=f"{p}-{n}") for p in SOURCE_PRESETS for n in PRESETS[p].players]


@pytest.mark.parametrize(("preset", "players"), _preset_counts())
def test_preset_agrees_with_its_source(preset: str, players: int) -> None:
    rules = PRESETS[preset]
    rules.stakes(players)  # the reading gives a game for this count
    for name, spec in OPTIONS.items():
        if name.startswith("deal_") and name != f"deal_{players}":
            continue
        value = getattr(rules, name)
        assert value is not None
        _check_value(CONC, preset, name, spec.ruling, value, EDITORIAL_CHOICES.get((preset, name)))


def test_editorial_reasons_cite_real_clauses() -> None:
    ids = {c.id for c in CONC.clauses}
    for reason in EDITORIAL_CHOICES.values():
        for ref in re.findall(r"\b(?:DC|CC|CR|P|S)-[0-9]+\b", reason):
            assert ref in ids, f"{ref} in {reason!r}"


def test_no_value_credits_a_silent_source() -> None:
    """A value's supporting clauses come only from sources the ruling does not list as silent."""
    for r in CONC.rulings:
        for c in CONC.clauses:
            if c.reading == "supports" and r.id in c.rulings:
                assert not r.is_silent(c.source), (r.id, c.id)


# ------------------------------------------------------------------ option values


def rests_on(clause: str, ruling: str, value: str) -> None:
    """The clause gives the value (that its quotation is the source's own words is
    :func:`test_clause_is_verbatim`'s check, which alone needs the seed texts)."""
    c = CONC.clause(clause)
    assert ruling in c.rulings, f"{c.id} does not bear on {ruling}"
    assert value in c.values, f"{c.id} does not give {value}"
    assert c.reading in ("supports", "ambiguous", "self-contradictory"), c.id


def no_source_gives(ruling: str, value: str) -> None:
    """A reading the project keeps for comparison: no clause of any source gives it."""
    assert value in CONC.ruling(ruling).values
    assert not [c.id for c in CONC.clauses_for(ruling) if value in c.values], (ruling, value)


def variant(option: str, value: str) -> Ruleset:
    """The reconstruction with ``option`` set to ``value`` (with the settlement a
    widow's deal needs), else the first preset that takes that value."""
    try:
        rules = ruleset("reconstruction", **{option: value})
    except RulesetError:
        rules = next(r for r in PRESETS.values() if getattr(r, option) == value)
    assert getattr(rules, option) == value
    return rules


def test_R3_low_cut_lowest_card_deals() -> None:
    rests_on("P-3", "R3", "low_cut")
    rules_tests.check_R3(variant("first_dealer", "low_cut"))


def test_R3_high_cut_highest_card_deals() -> None:
    rests_on("DC-8", "R3", "high_cut")
    rules_tests.check_R3(variant("first_dealer", "high_cut"))


DEALS = [
    ("R5", 3, "parlett", "P-44"),
    ("R5", 3, "widow", "CC-13"),
    ("R6", 4, "willughby", "P-37"),
    ("R6", 4, "willughby_literal", "DC-58"),
    ("R6", 4, "parlett_alternative", "P-42"),
    ("R6", 4, "widow", "CC-13"),
    ("R7", 5, "willughby", "DC-5"),
    ("R7", 5, "willughby_literal", "DC-34"),
    ("R7", 5, "sympkyn_flat", "S-6"),
    ("R7", 5, "widow", "CC-13"),
    ("R8", 6, "du_coeur", "DC-64"),
    ("R8", 6, "parlett", "P-48"),
    ("R9", 7, "du_coeur", "DC-67"),
    ("R10", 8, "du_coeur", "DC-71"),
    ("R10", 8, "du_coeur_reduced", "DC-75"),
]


def test_every_deal_value_has_its_test() -> None:
    tested = {(f"deal_{n}", v) for _, n, v, _ in DEALS}
    every = {(o, v) for o, spec in OPTIONS.items() if o.startswith("deal_") for v in spec.allowed}
    assert tested == every


@pytest.mark.parametrize(
    ("ruling", "players", "value", "clause"),
    [pytest.param(*d, id=f"{d[0]}_{d[2]}") for d in DEALS],
)
def test_R5_to_R10_deal_and_stakes(ruling: str, players: int, value: str, clause: str) -> None:
    rests_on(clause, ruling, value)
    rules = variant(f"deal_{players}", value)
    rules_tests.check_deal(rules, players)
    # The quotation's numbers are the table's: each figure quoted is one of the table's.
    t = rules.stakes(players)
    figures = {t.pot, t.dealer_ante, t.other_ante, t.hand_size, t.table_cards,
               t.last_player_bonus, t.break_even, t.players, t.players + 1}  # fmt: skip
    words = {"eight": 8, "ten": 10, "six": 6, "five": 5, "three": 3, "four": 4}
    quoted = [int(x) for x in re.findall(r"\d+", CONC.clause(clause).quote)]
    quoted += [n for w, n in words.items() if re.search(rf"\b{w}\b", CONC.clause(clause).quote)]
    assert all(q in figures for q in quoted), (clause, quoted, figures)


def test_R11_dealer_takes_the_table_mournival_at_once() -> None:
    rests_on("S-12", "R11", "dealer_takes")
    rules_tests.check_R11(variant("table_mournival", "dealer_takes"))


def test_R11_dealer_first_then_anyone_who_notices() -> None:
    rests_on("DC-48", "R11", "dealer_first")
    rests_on("CC-31", "R11", "dealer_first")
    rules_tests.check_R11(variant("table_mournival", "dealer_first"))


def test_R14_one_or_three_against_a_pair_royal() -> None:
    rests_on("P-19", "R14", "one_or_three")
    rules_tests.check_R14(variant("pair_royal_capture", "one_or_three"))


def test_R14_three_only_the_fourth_card_takes_all_three() -> None:
    rests_on("S-17", "R14", "three_only")
    rules_tests.check_R14(variant("pair_royal_capture", "three_only"))


def test_R15_claimable_pair_left_of_a_pair_royal() -> None:
    rests_on("DC-51", "R15", "claimable")
    rules_tests.check_R15(variant("pair_royal_remainder", "claimable"))


def test_R15_to_dealer_is_no_source_reading() -> None:
    no_source_gives("R15", "to_dealer")
    rules_tests.check_R15(variant("pair_royal_remainder", "to_dealer"))


def test_R16_one_at_a_time_pair_against_pair() -> None:
    rests_on("CC-21", "R16", "one_at_a_time")
    rules_tests.check_R16(variant("pair_against_pair", "one_at_a_time"))


def test_R16_may_take_four_pair_against_pair() -> None:
    rests_on("P-8", "R16", "may_take_four")
    rules_tests.check_R16(variant("pair_against_pair", "may_take_four"))


def test_R16_must_take_four_pair_against_pair() -> None:
    rests_on("S-29", "R16", "must_take_four")
    rules_tests.check_R16(variant("pair_against_pair", "must_take_four"))


def test_R20_any_time_pairs_laid_out_of_turn() -> None:
    rests_on("CC-24", "R20", "any_time")
    rests_on("DC-21", "R20", "any_time")
    rules_tests.check_R20(variant("hand_pairs_when", "any_time"))


def test_R20_promptly_or_own_turn() -> None:
    rests_on("P-16", "R20", "promptly_or_own_turn")
    # Before play, and at once for a dead pair, both readings allow: only the later
    # chance, 'at any other turn', sets Parlett's apart.
    assert CONC.clause("P-13").reading == CONC.clause("P-22").reading == "silent"
    rules_tests.check_R20(variant("hand_pairs_when", "promptly_or_own_turn"))


def test_R22_forced_lie_down() -> None:
    rests_on("DC-27", "R22", "forced")
    rules_tests.check_R22(variant("lie_down", "forced"))


def test_R22_voluntary_lie_down() -> None:
    rests_on("S-19", "R22", "voluntary")
    rules_tests.check_R22(variant("lie_down", "voluntary"))


def test_R23_none_no_payment_for_lying_down() -> None:
    rests_on("S-32", "R23", "none")
    rules_tests.check_R23(variant("lie_down_payment", "none"))


def test_R23_stake_to_each_remaining() -> None:
    rests_on("CC-18", "R23", "stake_to_each_remaining")
    rules_tests.check_R23(variant("lie_down_payment", "stake_to_each_remaining"))


def the_other_reading_of_ambiguous_words(
    clause: str, ruling: str, preset: str, option: str, value: str, check: Callable[[Ruleset], None]
) -> None:
    """``clause`` reads two ways; ``preset`` takes the other (editorial, argued),
    and ``value``, which its words also allow, plays under that preset and alone."""
    assert CONC.clause(clause).reading == "ambiguous"
    rests_on(clause, ruling, value)
    assert (preset, option) in EDITORIAL_CHOICES
    assert getattr(ruleset(preset), option) != value
    check(ruleset(preset, **{option: value}))
    check(variant(option, value))


def test_R23_stake_shared_among_remaining_reads_caidis_word_for_word() -> None:
    # 'pay a stake to all players remaining': one stake, to all of them together.
    the_other_reading_of_ambiguous_words(
        "CC-18", "R23", "caidis", "lie_down_payment", "stake_shared_among_remaining",
        rules_tests.check_R23,
    )  # fmt: skip


def test_R24_claimable_set_not_laid() -> None:
    rests_on("DC-26", "R24", "claimable")
    rules_tests.check_R24(variant("lie_down_pair", "claimable"))


def test_R24_to_dealer_is_no_source_reading() -> None:
    no_source_gives("R24", "to_dealer")
    rules_tests.check_R24(variant("lie_down_pair", "to_dealer"))


def test_R25_first_in_time() -> None:
    rests_on("DC-49", "R25", "first_in_time")
    rests_on("P-53", "R25", "first_in_time")
    rules_tests.check_R25(variant("claim_priority", "first_in_time"))


def test_R25_first_in_rotation() -> None:
    # Parlett names it and sets it aside: the clause allows it, none supports it.
    rests_on("P-52", "R25", "first_in_rotation")
    assert not CONC.supporting("R25", "first_in_rotation")
    rules_tests.check_R25(variant("claim_priority", "first_in_rotation"))


def test_R26_end_of_hand() -> None:
    rests_on("CC-37", "R26", "end_of_hand")
    rules_tests.check_R26(variant("claim_deadline", "end_of_hand"))


def test_R26_next_turn_is_no_source_reading() -> None:
    no_source_gives("R26", "next_turn")
    rules_tests.check_R26(variant("claim_deadline", "next_turn"))


def test_R28_none_no_last_turn() -> None:
    rests_on("DC-31", "R28", "none")
    rules_tests.check_R28(variant("last_player_turn", "none"))


def test_R28_one_more_last_turn() -> None:
    rests_on("CC-19", "R28", "one_more")
    rules_tests.check_R28(variant("last_player_turn", "one_more"))


def test_R29_all_to_dealer() -> None:
    rests_on("DC-38", "R29", "all_to_dealer")
    rests_on("P-28", "R29", "all_to_dealer")
    rules_tests.check_R29(variant("leftovers", "all_to_dealer"))


def test_R29_pairs_to_dealer() -> None:
    rests_on("CC-20", "R29", "pairs_to_dealer")
    rules_tests.check_R29(variant("leftovers", "pairs_to_dealer"))


def test_R31_break_even() -> None:
    rests_on("DC-40", "R31", "break_even")
    rules_tests.check_R31(variant("settlement", "break_even"))


def test_R31_most_pairs() -> None:
    rests_on("CC-39", "R31", "most_pairs")
    rules_tests.check_R31(variant("settlement", "most_pairs"))


def test_R35_refused_is_no_source_reading() -> None:
    no_source_gives("R35", "refused")
    rules_tests.check_R35(variant("lie_down_mistake", "refused"))


def test_R35_allowed_as_mistake() -> None:
    rests_on("CC-38", "R35", "allowed_as_mistake")
    rules_tests.check_R35(variant("lie_down_mistake", "allowed_as_mistake"))


def test_R36_claimable_pair_left_by_a_mistake() -> None:
    rests_on("CC-36", "R36", "claimable")
    rules_tests.check_R36(variant("mistaken_lie_down_pair", "claimable"))


def test_R36_to_dealer_is_no_source_reading() -> None:
    no_source_gives("R36", "to_dealer")
    rules_tests.check_R36(variant("mistaken_lie_down_pair", "to_dealer"))


def test_R37_to_dealer_is_no_source_reading() -> None:
    # Sympkyn's remaining table cards go to the dealer at the end (S-63), but no
    # source says whether a pair left by a lie-down by choice may be claimed first.
    no_source_gives("R37", "to_dealer")
    assert CONC.clause("S-63").reading == "silent"
    rules_tests.check_R37(variant("chosen_lie_down_pair", "to_dealer"))


def test_R37_claimable_is_no_source_reading() -> None:
    no_source_gives("R37", "claimable")
    rules_tests.check_R37(variant("chosen_lie_down_pair", "claimable"))


def test_R38_takes_one_of_a_pair() -> None:
    rests_on("DC-79", "R38", "takes_one")
    rests_on("S-66", "R38", "takes_one")
    rules_tests.check_R38(variant("one_against_pair", "takes_one"))


def test_R38_collects_all() -> None:
    rests_on("S-65", "R38", "collects_all")
    rests_on("S-16", "R38", "collects_all")  # self-contradictory, read literally
    rules_tests.check_R38(variant("one_against_pair", "collects_all"))


def test_R39_unmateable_principle() -> None:
    rests_on("DC-80", "R39", "unmateable")
    rules_tests.check_R39(variant("dead_pair_trigger", "unmateable"))


def test_R39_other_pair_won() -> None:
    rests_on("P-21", "R39", "other_pair_won")
    rests_on("CC-27", "R39", "other_pair_won")
    rules_tests.check_R39(variant("dead_pair_trigger", "other_pair_won"))


def test_R39_never_is_no_source_reading() -> None:
    # Sympkyn's silence read at its narrowest: no clause gives it.
    no_source_gives("R39", "never")
    rules_tests.check_R39(variant("dead_pair_trigger", "never"))


def test_R40_layable_at_any_other_turn() -> None:
    # Parlett's own preset: his trigger (other_pair_won) leaves the pair alive, so
    # only R40 lets him lay it, 'at any other turn' (R20, promptly_or_own_turn).
    rests_on("P-63", "R40", "layable")
    rules_tests.check_R40(ruleset("parlett"))
    rules_tests.check_R40(variant("broken_pair_royal", "layable"))


def test_R40_by_dead_rule_is_no_source_reading() -> None:
    # Compendium Caidis's present tense and du Coeur's principle, read by the project:
    # no clause gives it. Under other_pair_won, where it differs from layable.
    no_source_gives("R40", "by_dead_rule")
    rules_tests.check_R40(ruleset("caidis"))
    rules_tests.check_R40(variant("broken_pair_royal", "by_dead_rule"))


def test_R41_low_as_parlett_ranks_the_aces() -> None:
    # Parlett's '(Ace low)', in the only cut the sources spell out.
    rests_on("P-64", "R41", "low")
    rules_tests.check_R41(ruleset("parlett"))
    rules_tests.check_R41(variant("cut_aces", "low"))


def test_R41_high_is_du_coeurs_words_read_one_way() -> None:
    # du Coeur's high card, with the Aces unranked: his reading plays both, the
    # engine keeps Aces high for him (editorial, argued), and no clause gives it.
    assert CONC.clause("DC-88").reading == "silent"
    assert ("du-coeur", "cut_aces") in EDITORIAL_CHOICES
    no_source_gives("R41", "high")
    rules_tests.check_R41(ruleset("du-coeur"))
    rules_tests.check_R41(ruleset("du-coeur", cut_aces="low"))
    rules_tests.check_R41(variant("cut_aces", "high"))


def test_R42_may_not_claim_as_parlett_and_sympkyn_end_all_play() -> None:
    # Parlett's 'ceasing play' and Sympkyn's 'and stop playing': no claim after lying down.
    rests_on("P-65", "R42", "may_not_claim")
    rests_on("S-67", "R42", "may_not_claim")
    rules_tests.check_R42(ruleset("parlett"))
    rules_tests.check_R42(ruleset("sympkyn"))
    rules_tests.check_R42(variant("lain_down_claims", "may_not_claim"))


def test_R42_may_claim_reads_du_coeurs_not_out() -> None:
    # du Coeur's 'but you are not out' reads either way; his preset and the
    # reconstruction let the player claim (editorial for him, argued).
    rests_on("DC-89", "R42", "may_claim")
    assert CONC.clause("DC-89").reading == "ambiguous"
    assert ("du-coeur", "lain_down_claims") in EDITORIAL_CHOICES
    rules_tests.check_R42(ruleset("du-coeur"))
    rules_tests.check_R42(ruleset("du-coeur", lain_down_claims="may_not_claim"))
    rules_tests.check_R42(variant("lain_down_claims", "may_claim"))


def test_R18_pair_may_be_laid_as_du_coeur_parlett_and_caidis_say() -> None:
    rests_on("DC-24", "R18", "pair_may_be_laid")
    rests_on("P-15", "R18", "pair_may_be_laid")
    rests_on("CC-29", "R18", "pair_may_be_laid")
    rules_tests.check_R18(variant("hand_pair_royal", "pair_may_be_laid"))


def test_R18_kept_in_hand_reads_sympkyn_as_he_writes_it() -> None:
    # Sympkyn's objective names 'pairs and mournivals' won from the hand, not
    # the pair royal, and his turn has no lay: his words allow both answers.
    the_other_reading_of_ambiguous_words(
        "S-68", "R18", "sympkyn", "hand_pair_royal", "kept_in_hand", rules_tests.check_R18
    )


def r44_no_source_gives(value: str) -> None:
    # Only pairs are placed by a player (DC-41): no source meets an odd won pile,
    # so no clause gives any value and every preset's is editorial.
    assert not CONC.clauses_for("R44")
    no_source_gives("R44", value)
    for preset in ("du-coeur", "parlett", "caidis", "sympkyn"):
        assert (preset, "part_pair") in EDITORIAL_CHOICES
    rules_tests.check_R44(variant("part_pair", value))
    rules_tests.check_R44(ruleset("sympkyn", part_pair=value))


def test_R44_toward_zero_only_whole_pairs_are_paid() -> None:
    r44_no_source_gives("toward_zero")


def test_R44_away_from_zero_the_odd_card_counts_as_a_pair() -> None:
    r44_no_source_gives("away_from_zero")


def test_R44_half_stake_for_every_card() -> None:
    r44_no_source_gives("half_stake")


def test_R45_one_rank_as_each_source_describes_a_turn() -> None:
    # One card from the hand and the cards of its rank: du Coeur's 'Take the
    # one(s)', Parlett's 'matching one card', Compendium Caidis's 'must mate a card'.
    rests_on("DC-91", "R45", "one_rank")
    rests_on("P-68", "R45", "one_rank")
    rests_on("CC-42", "R45", "one_rank")
    for preset in ("du-coeur", "parlett", "caidis"):
        assert CONC.supporting("R45", "one_rank", PRESET_SOURCE[preset]), preset
        assert PRESETS[preset].capture_ranks == "one_rank"
        rules_tests.check_R45(PRESETS[preset])
    # Sympkyn's 'Match cards' reads either way; his preset plays his examples.
    assert CONC.clause("S-69").reading == "ambiguous"
    assert ("sympkyn", "capture_ranks") in EDITORIAL_CHOICES
    rules_tests.check_R45(ruleset("sympkyn"))
    rules_tests.check_R45(variant("capture_ranks", "one_rank"))


def test_R45_several_ranks_reads_the_plurals() -> None:
    # Parlett's 'one or more table cards' and Sympkyn's 'Match cards' allow it;
    # no source supports it, and no source's reading plays it.
    for clause in ("P-67", "S-69"):
        assert CONC.clause(clause).reading == "ambiguous"
        rests_on(clause, "R45", "several_ranks")
    assert not [c.id for c in CONC.clauses_for("R45") if c.reading == "supports"
                and "several_ranks" in c.values]  # fmt: skip
    assert {PRESETS[p].capture_ranks for p in PRESETS} == {"one_rank"}
    rules_tests.check_R45(variant("capture_ranks", "several_ranks"))
    rules_tests.check_R45(ruleset("sympkyn", capture_ranks="several_ranks"))


def test_R43_lies_down_at_turn_reads_du_coeur_word_for_word() -> None:
    # du Coeur's hand ends when 'all the other have laid down': only lying down
    # puts a player out, so an empty hand waits for its turn to lie down.
    rests_on("DC-90", "R43", "lies_down_at_turn")
    rules_tests.check_R43(ruleset("du-coeur"))
    rules_tests.check_R43(variant("emptied_by_laying", "lies_down_at_turn"))


def test_R43_out_at_once_reads_parletts_cards_in_hand() -> None:
    # Parlett's 'has any cards left in hand' (P-12) beside his 'laid (or lain)
    # down' (P-60, ambiguous): his preset reads the first (editorial, argued).
    assert CONC.clause("P-60").reading == "ambiguous"
    rests_on("P-60", "R43", "out_at_once")
    assert ("parlett", "emptied_by_laying") in EDITORIAL_CHOICES
    rules_tests.check_R43(ruleset("parlett"))
    rules_tests.check_R43(variant("emptied_by_laying", "out_at_once"))


def test_R34_out_at_once_as_parletts_cards_in_hand() -> None:
    # Parlett's play ceases when only one player 'has any cards left in hand'
    # (P-12): a hand emptied by capturing is out. Sympkyn's 'taken all their
    # tricks' (S-3) allows either; his preset reads it so (editorial, argued).
    rests_on("P-12", "R34", "out_at_once")
    rests_on("S-3", "R34", "out_at_once")
    assert ("sympkyn", "emptied_by_capture") in EDITORIAL_CHOICES
    assert ("caidis", "emptied_by_capture") in EDITORIAL_CHOICES
    for name in ("parlett", "caidis", "sympkyn", "reconstruction"):
        assert ruleset(name).emptied_by_capture == "out_at_once"
        rules_tests.check_R34(ruleset(name))


def test_R34_lies_down_at_turn_reads_du_coeur_word_for_word() -> None:
    # du Coeur's hand ends when 'all the other have laid down' (DC-81): only lying
    # down puts a player out, so a hand emptied by capturing waits for its turn to
    # lie down, as R43 reads the same words for a hand emptied by laying.
    rests_on("DC-81", "R34", "lies_down_at_turn")
    rests_on("S-3", "R34", "lies_down_at_turn")
    assert ruleset("du-coeur").emptied_by_capture == "lies_down_at_turn"
    assert ("du-coeur", "emptied_by_capture") not in EDITORIAL_CHOICES
    rules_tests.check_R34(ruleset("du-coeur"))


def test_R21_not_a_turn_as_parlett_says_twice() -> None:
    # Parlett: laying 'does not count as a capture', and the player is 'still
    # required to make a matching capture': every source's reading takes it.
    rests_on("P-17", "R21", "not_a_turn")
    rests_on("P-23", "R21", "not_a_turn")
    for name in ("du-coeur", "parlett", "caidis", "sympkyn"):
        rules_tests.check_R21(ruleset(name))


def test_R21_counts_as_turn_where_the_sources_are_silent() -> None:
    # Compendium Caidis's 'out-of-turn' leaves a lay on one's own turn open
    # (ambiguous); du Coeur and Sympkyn are silent. No preset takes it.
    rests_on("CC-25", "R21", "counts_as_turn")
    assert not [p for p, r in PRESETS.items() if r.laying_turn == "counts_as_turn"]
    rules_tests.check_R21(variant("laying_turn", "counts_as_turn"))


def test_R20_promptly_only_reads_immediately_as_a_deadline() -> None:
    # du Coeur's 'immediately' (DC-21) and 'as soon as possible' (DC-25) read as a
    # deadline: at once or never. No preset takes it: the loss he names for waiting
    # is a claim by others (DC-26), so his reading keeps laying open (editorial).
    rests_on("DC-21", "R20", "promptly_only")
    rests_on("DC-25", "R20", "promptly_only")
    assert ("du-coeur", "hand_pairs_when") in EDITORIAL_CHOICES
    rules_tests.check_R20(ruleset("du-coeur", hand_pairs_when="promptly_only"))
    rules_tests.check_R20(variant("hand_pairs_when", "promptly_only"))


def test_R20_laid_at_once_is_strict_play_and_no_source_reading() -> None:
    # Every source gives laying as a right: du Coeur's 'you may immediately place
    # it' (DC-21) is a permission. No clause gives laying as a duty the table keeps
    # for the player, and no preset takes it; strict play does (sources/readings.toml).
    no_source_gives("R20", "laid_at_once")
    assert not [p for p, r in PRESETS.items() if r.hand_pairs_when == "laid_at_once"]
    assert STRICT["hand_pairs_when"] == "laid_at_once"
    for name in PRESETS:
        rules_tests.check_R20(strict(ruleset(name)))


def test_every_engine_option_value_has_a_named_test() -> None:
    names = {n for n in globals() if n.startswith("test_R")}
    for option, spec in OPTIONS.items():
        if option.startswith("deal_"):
            continue
        for v in spec.allowed:
            assert any(n.startswith(f"test_{spec.ruling}_{v}") for n in names), (option, v)


# ------------------------------------------------------------------ presets in play


def test_R22_sympkyn_a_lawful_lie_down_is_not_punished() -> None:
    """Sympkyn lets a player lie down by choice; the pair it leaves is nobody's to claim."""
    rests_on("S-19", "R22", "voluntary")
    assert ("sympkyn", "chosen_lie_down_pair") in EDITORIAL_CHOICES  # S-63 is silent on it
    from positions import assert_illegal, cards, play, position

    rules = PRESETS["sympkyn"]
    g = position(rules, ["7C 9C", "8C 2C", "TC 3C"], "7D 8D", won={3: "7H 7S"})
    assert any(m.kind == "capture" for m in g.turn_moves())  # he could capture ...
    play(g, "0: lie", "R22")  # ... and lies down by choice
    assert g.table & rules_tests.SEVENS == cards("7C 7D")
    for seat in (1, 2, 3):
        assert_illegal(g, f"{seat}: claim 7C 7D", "R37", "chosen_lie_down_pair=to_dealer")


# ------------------------------------------------------------------ the bot's advice


def _bot_advice() -> dict[str, object]:
    """The willughby bot's rules of thumb, by the name an ``advises`` clause uses."""
    from lld.bots import willughby

    return {
        name.lower(): value
        for name, value in vars(willughby).items()
        if isinstance(value, willughby.Advice)
    }


def _bot_parameters() -> set[str]:
    import inspect

    from lld.bots.willughby import WillughbyBot

    return set(inspect.signature(WillughbyBot).parameters) - {"seed"}


def test_every_advises_clause_maps_to_the_bot() -> None:
    """Each piece of strategy advice quoted in the sources names what the bot does with
    it: a rule of thumb that cites that very clause, or a parameter of the bot."""
    advice, parameters = _bot_advice(), _bot_parameters()
    advising = [c for c in CONC.clauses if c.reading == "advises"]
    assert advising
    for c in advising:
        assert not c.rulings, c.id
        assert c.advice, c.id
        for name in c.advice:
            assert name in advice or name in parameters, (c.id, name)
            if name in advice:
                assert advice[name].clause == c.id, (c.id, name)  # type: ignore[attr-defined]


def test_every_rule_of_thumb_cites_a_clause_that_backs_it() -> None:
    """The bot's advice is all in the clause files: no rule of thumb without a clause,
    and a rule of thumb citing an ``advises`` clause is named by it."""
    for name, a in _bot_advice().items():
        clause = CONC.clause(a.clause)  # type: ignore[attr-defined]
        if clause.reading == "advises":
            assert name in clause.advice, (name, clause.id)
    named = {p for c in CONC.clauses for p in c.advice if p in _bot_parameters()}
    assert named == {"defer_simple_mate", "look_ahead"}


# ------------------------------------------------------------------ the sources' own examples

#: Each source's worked example of settlement, as (source, its words, preset, players,
#: cards won, stakes won or paid): the engine's settlement must give the source's figure.
SETTLEMENT_EXAMPLES = [
    ("du-coeur", "if you have ten cards (two extra), you gain one stake", "du-coeur", 5, 10, 1),
    ("du-coeur", "if you have six cards (two few), you lose one stake", "du-coeur", 5, 6, -1),
    ("du-coeur", "If you have eight cards by you, you have broken even", "du-coeur", 5, 8, 0),
    ("du-coeur", "win one stake if you have 12", "du-coeur", 4, 12, 1),
    ("du-coeur", "lose one stake if you have 8", "du-coeur", 4, 8, -1),
    ("du-coeur", "you win one stake for six cards", "du-coeur", 8, 6, 1),
    ("du-coeur", "and lose one for four", "du-coeur", 8, 4, -1),
    ("parlett", "1p for every two cards he won in excess of that eight", "parlett", 5, 12, 2),
    ("parlett", "1p for every two cards he won short of the eight", "parlett", 5, 2, -3),
    ("parlett", "above or below fourteen", "parlett", 3, 16, 1),
    ("parlett", "above or below fourteen", "parlett", 3, 12, -1),
    ("parlett", "above or below six", "parlett", 6, 4, -1),
    ("sympkyn", "only won 4 cards they must pay 2 coins to the pot", "sympkyn", 5, 4, -2),
    ("sympkyn", "won 10 cards they gain a coin from the pot", "sympkyn", 5, 10, 1),
]


@pytest.mark.parametrize(
    ("source", "words", "preset", "players", "won", "stakes"),
    SETTLEMENT_EXAMPLES,
    ids=[f"{e[2]}-{e[3]}p-{e[4]}cards" for e in SETTLEMENT_EXAMPLES],
)
def test_R31_R32_settlement_gives_each_sources_worked_example(
    source: str, words: str, preset: str, players: int, won: int, stakes: int,
) -> None:  # fmt: skip
    from lld.cards import mask_of
    from lld.ledger import Ledger
    from lld.settlement import settle

    rules = PRESETS[preset]
    piles = [mask_of(range(won))] + [0] * (players - 1)
    ledger = Ledger(players)
    settle(rules, rules.stakes(players), piles, None, ledger, lambda _entry: None)
    paid = sum(e.amount for e in ledger.entries if e.payee == 0) - sum(
        e.amount for e in ledger.entries if e.payer == 0
    )
    assert paid == stakes


#: Each source's worked example of a capture: (source, its words, preset, the hand,
#: the table, the captures the engine must offer, exactly).
CAPTURE_EXAMPLES = [
    ("sympkyn", "You hold a 7 and there are three 7s on the board – you take all four 7s.",
     "sympkyn", "7C 2C", "7D 7H 7S", {"0: 7C x 7D 7H 7S"}),
    ("sympkyn", "You hold a 7 and there are two 7s on the board – you take one of the 7s.",
     "sympkyn", "7C 2C", "7D 7H", {"0: 7C x 7D"}),
    ("du-coeur", "If there is a pair royal on the table, and you have the fourth",
     "du-coeur", "7C 2C", "7D 7H 7S", {"0: 7C x 7D", "0: 7C x 7D 7H 7S"}),
    ("caidis", "a pair royal on the table can be gathered all at once",
     "caidis", "7C 2C", "7D 7H 7S", {"0: 7C x 7D", "0: 7C x 7D 7H 7S"}),
    ("caidis", "A pair face-up, on the table must be mated one-by-one",
     "caidis", "7C 7D 2C", "7H 7S", {"0: 7C x 7H"}),
    ("parlett", "matching one card from your hand with one or three cards",
     "parlett", "7C 2C", "7D 7H 7S", {"0: 7C x 7D", "0: 7C x 7D 7H 7S"}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("source", "words", "preset", "hand", "table", "captures"),
    CAPTURE_EXAMPLES,
    ids=[f"{e[2]}-{e[3]}-x-{e[4]}" for e in CAPTURE_EXAMPLES],
)
def test_R12_to_R16_captures_follow_each_sources_worked_example(
    source: str, words: str, preset: str, hand: str, table: str, captures: set[str],
) -> None:  # fmt: skip
    from lld.moves import CAPTURE
    from positions import position

    g = position(PRESETS[preset], [hand], table)
    # Suits never matter: the lowest-suited choice stands for each shape.
    offered = {str(m) for m in g.turn_moves() if m.kind == CAPTURE}
    assert offered == captures


@pytest.mark.parametrize(
    ("source", "words"),
    sorted({(e[0], e[1]) for e in (*SETTLEMENT_EXAMPLES, *CAPTURE_EXAMPLES)}),
)
def test_the_worked_examples_are_the_sources_words(
    seeds: dict[str, str], source: str, words: str
) -> None:
    """The quotation half of the worked-example tests above (which run without the seeds)."""
    assert normalise(words) in seeds[source], f"{words!r} is not in {source}'s text"

"""``{strict-play}``: strict play's settings, and a check that it leaves nothing to claim.

The summary and what each setting spares the table come from ``[strict]`` in
``sources/readings.toml`` (:data:`lld.presets.STRICT_PLAY`); each setting is
listed under its ruling, linked. Then the directive plays random hands under
strict play for every reading (:func:`lld.playout.tally_free_moves`) and fails
the build if any hand offered a claim or a lay as a move, so the page's "nothing
is ever claimed" is a result, not a promise.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from lld.concordance import ruling_id
from lld.playout import tally_free_moves
from lld.presets import PRESETS, STRICT, STRICT_PLAY, readings_named, strict

from .common import concordance, note_engine_dependencies, para, ruling_label, xref
from .expect import ExpectationError

#: Random hands played for each reading while the page is built.
HANDS = 200


class StrictPlayDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        conc = concordance()
        why = dict(STRICT_PLAY.why)
        listing = nodes.bullet_list()
        for option in STRICT:
            ruling = conc.ruling(ruling_id(option))
            item = nodes.list_item()
            item += para(
                xref(ruling_label(ruling.id), text=ruling.id),
                f" ({ruling.title}): {why[option]}",
            )
            listing += item
        laid = 0
        for preset, rules in PRESETS.items():
            players = 5 if 5 in rules.players else rules.players[0]
            tally = tally_free_moves(strict(rules), players, HANDS)
            if tally.claims_offered or tally.lays_offered:
                raise ExpectationError(
                    f"{self.get_location()}: strict play under {preset} offered"
                    f" {tally.claims_offered} claims and {tally.lays_offered} lays in"
                    f" {HANDS} random hands; it must offer none"
                )
            laid += tally.sets_laid_at_once
        check = para(
            f"Checked as this page was built: {HANDS} hands dealt and played at random"
            f" under each of {readings_named(list(PRESETS))}, all in strict play,"
            f" offered nobody a claim or a lay, and {laid} sets went down at once"
            " by themselves.",
            classes=["lld-computed"],
        )
        return [para(STRICT_PLAY.summary), listing, check]

"""A page's plain words about the project's reading, checked against the engine.

A page written for players (How to play) states the rules in its own words, so
no directive renders them from the registry. Each statement carries its
ruling's number instead, and the number carries the page's claim, checked while
the site is built:

* ``{reading}`R29``` renders ``R29``, linked to the ruling (as ``{ref}`R29 <r29>```
  does).
* ``{reading}`R29 all_to_dealer``` also fails the build unless the project's
  reading (the ``reconstruction`` preset) gives R29's option that value.
* ``{reading}`R34 editorial``` fails it unless no source gives the project's
  reading: the registry calls the reading editorial, the preset marks its value
  so (:data:`lld.presets.EDITORIAL_CHOICES`), or no clause supports the value.
* ``{reading}`R3 chosen``` fails it unless the project chose among the sources:
  some source's clauses support another value of the ruling's option, or the
  reading is editorial. A page says "the project's choice" only with it.
* ``{replay-check} R22``, with ``:example:`` and ``:expect: reconstruction=illegal``,
  renders nothing and fails the build unless the ruling's example replays so
  (the ``:expect:`` of :mod:`.expect`, beside the sentence it checks).
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.util.docutils import SphinxRole

from lld.concordance import Concordance, Ruling
from lld.errors import NotFoundError
from lld.presets import EDITORIAL_CHOICES, PRESETS

from .common import RulingClaimDirective, concordance, note_engine_dependencies, ruling_label, xref
from .expect import ExpectationError

#: The preset that plays the project's reading.
READING = "reconstruction"
#: The claims that are not an option's value.
KINDS = ("editorial", "chosen")

_EDITORIAL = re.compile(r"\beditorial\b", re.IGNORECASE)


def reading_value(ruling: Ruling) -> str | None:
    """The project's value of the ruling's option (``None`` for a ruling without one)."""
    if ruling.option is None:
        return None
    value = getattr(PRESETS[READING], ruling.option)
    return None if value is None else str(value)


def is_editorial(ruling: Ruling, conc: Concordance) -> bool:
    """No source gives the project's reading of ``ruling``."""
    value = reading_value(ruling)
    if ruling.option is None or value is None:
        return bool(_EDITORIAL.search(ruling.reading))
    return (READING, ruling.option) in EDITORIAL_CHOICES or not conc.credits(ruling.id, value)


def is_chosen(ruling: Ruling, conc: Concordance) -> bool:
    """The project chose among the sources (some take another value), or filled a gap."""
    if is_editorial(ruling, conc):
        return True
    value = reading_value(ruling)
    return any(conc.credits(ruling.id, v) for v in ruling.values if v != value)


def check_claim(ruling: Ruling, claim: str, conc: Concordance, where: str) -> None:
    """Fail the build unless ``claim`` (a value, ``editorial`` or ``chosen``) holds."""
    if claim == "editorial":
        if not is_editorial(ruling, conc):
            raise ExpectationError(
                f"{where}: the page calls {ruling.id}'s reading editorial, but a source"
                f" gives it ({', '.join(conc.credits(ruling.id, reading_value(ruling) or ''))})"
            )
        return
    if claim == "chosen":
        if not is_chosen(ruling, conc):
            raise ExpectationError(
                f"{where}: the page calls {ruling.id}'s reading the project's choice, but"
                " every source that speaks gives it and none gives another"
            )
        return
    if ruling.option is None:
        raise ExpectationError(
            f"{where}: {ruling.id} has no option, so {claim!r} is no value of it"
            f" (claims: {', '.join(KINDS)})"
        )
    if claim not in ruling.values:
        raise ExpectationError(
            f"{where}: {claim!r} is not a value of {ruling.id}'s option {ruling.option}"
            f" (values: {', '.join(ruling.values)}; claims: {', '.join(KINDS)})"
        )
    actual = reading_value(ruling)
    if actual != claim:
        raise ExpectationError(
            f"{where}: {ruling.id}: the page states the reading {claim}, but the"
            f" {READING} preset plays {ruling.option}={actual}"
        )


class ReadingRole(SphinxRole):
    """``{reading}`R29 all_to_dealer```: the ruling's number, linked, its claims checked."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        note_engine_dependencies(self.env)
        where = f"{self.env.docname}:{self.lineno}"
        words = self.text.split()
        if not words:
            raise ExpectationError(f"{where}: {{reading}} needs a ruling, as in R29")
        conc = concordance()
        try:
            ruling = conc.ruling(words[0])
        except NotFoundError as error:
            raise ExpectationError(f"{where}: {error}") from None
        for claim in words[1:]:
            check_claim(ruling, claim, conc, where)
        return [xref(ruling_label(ruling.id), text=ruling.id)], []


class ReplayCheckDirective(RulingClaimDirective):
    """``{replay-check} R22`` with ``:example:`` and ``:expect:``: renders nothing."""

    def run(self) -> list[nodes.Node]:
        if not self.options.get("expect"):
            raise self.error("{replay-check} checks nothing without :expect:")
        self.checked_report()
        return []

"""The concordance: what each source says on each ruling, loaded and checked.

The data lives in TOML files in ``sources/`` (installed as ``lld/_sources``):
one file per source (its ``[source]`` description, ``[[relations]]`` to other
sources and ``[[clauses]]``, each a short verbatim quotation read against one
or more rulings), ``rulings.toml`` (the registry of rulings, R1 and on) and
``published.toml`` (the IDs published so far, with a hash of each question).

:func:`load` reads and checks all of it and returns a :class:`Concordance`.
Every problem is a :class:`~lld.errors.SourceDataError` whose ``where`` is
``file:line``.

>>> c = load()
>>> c.ruling("R3").option, c.ruling("r3").reading
('first_dealer', 'low_cut')
>>> [cl.id for cl in c.clauses_for("R3", "parlett")]
['P-3']
>>> c.ruling("R3").is_silent("sympkyn")
True
>>> c.clause("CC-31").copies, c.clause("CC-31").independent
('DC-48', False)
>>> [cl.source for cl in c.supporting("R22", "voluntary")]
['sympkyn']
>>> c.credits("R22", "forced")
('du-coeur', 'parlett', 'caidis')

The modules, by concern: :mod:`~lld.concordance.model` (the records and the
data's vocabulary), :mod:`~lld.concordance.data_file` (a TOML file and its
tables, with line numbers), :mod:`~lld.concordance.validation` (reading each
file and checking it, then checking the files together) and
:mod:`~lld.concordance.loading` (the data directory, and :func:`load`).
"""

from __future__ import annotations

from lld.concordance.data_file import PUBLISHED_FILE as PUBLISHED_FILE
from lld.concordance.data_file import RULINGS_FILE as RULINGS_FILE
from lld.concordance.loading import default_directory, load, registry, ruling_id
from lld.concordance.model import (
    PREFIXES,
    READINGS,
    RELATION_KINDS,
    SOURCE_IDS,
    Clause,
    Concordance,
    LabelMismatch,
    OptionValue,
    Published,
    Relation,
    Ruling,
    Source,
    question_hash,
)
from lld.concordance.validation import MAX_QUOTE as MAX_QUOTE

__all__ = [
    "PREFIXES",
    "READINGS",
    "RELATION_KINDS",
    "SOURCE_IDS",
    "Clause",
    "Concordance",
    "LabelMismatch",
    "OptionValue",
    "Published",
    "Relation",
    "Ruling",
    "Source",
    "default_directory",
    "load",
    "question_hash",
    "registry",
    "ruling_id",
]

"""Finding the data directory and loading the concordance from it."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from lld.concordance.data_file import PUBLISHED_FILE, RULINGS_FILE, DataFile, Table
from lld.concordance.model import SOURCE_IDS, Clause, Concordance, Relation, Ruling, Source
from lld.concordance.validation import (
    check_published,
    cross_check,
    read_published,
    read_rulings,
    read_source,
)
from lld.errors import NotFoundError
from lld.package_data import data_directory


def default_directory() -> Path:
    """``sources/`` of the checkout this module runs from, else the installed copy."""
    return data_directory("sources", RULINGS_FILE)


def registry(directory: str | os.PathLike[str] | None = None) -> tuple[Ruling, ...]:
    """The rulings registry alone (``rulings.toml``), read and checked.

    Cheaper than :func:`load` (one file, no clauses), for a caller that only
    needs the rulings' IDs, questions and option values. The default
    directory's registry is read once and then shared.
    """
    if directory is None:
        return _registry_default()
    return tuple(read_rulings(DataFile(Path(directory) / RULINGS_FILE)))


@cache
def _registry_default() -> tuple[Ruling, ...]:
    return registry(default_directory())


def ruling_id(key: str) -> str:
    """The ID of the ruling the engine's code knows as ``key``: its option, or its
    registry ``key`` where it has none.

    The engine writes no ruling ID in its code: each module finds the IDs of
    the rulings it carries out here, once, when it is imported, so the
    registry is their one home (a test fails on an ID written anywhere else).

    >>> ruling_id("capture"), ruling_id("pair_against_pair")
    ('R12', 'R16')
    """
    ids = _ids_by_key()
    try:
        return ids[key]
    except KeyError:
        raise NotFoundError(
            f"no ruling is known as {key!r} (the registry's keys and options: {', '.join(ids)})"
        ) from None


@cache
def _ids_by_key() -> dict[str, str]:
    return {r.key: r.id for r in _registry_default()}


def load(directory: str | os.PathLike[str] | None = None) -> Concordance:
    """Read and check every data file in ``directory`` (default: :func:`default_directory`).

    The default directory's concordance is read once and then shared (it is immutable).
    """
    if directory is None:
        return _load_default()
    return _load(Path(directory))


@cache
def _load_default() -> Concordance:
    return _load(default_directory())


def _load(directory: Path) -> Concordance:
    rulings_file = DataFile(directory / RULINGS_FILE)
    rulings = read_rulings(rulings_file)
    # Published IDs first: a ruling removed or reworded is the first thing to report.
    pub_file = DataFile(directory / PUBLISHED_FILE)
    published = read_published(pub_file)
    check_published(published, rulings, rulings_file, pub_file)
    by_id = {r.id: r for r in rulings}
    sources: list[Source] = []
    relations: list[Relation] = []
    clauses: list[tuple[Clause, Table]] = []
    for source_id in SOURCE_IDS:
        file = DataFile(directory / f"{source_id}.toml")
        source, rels, cls = read_source(file, source_id, by_id)
        sources.append(source)
        relations.extend(rels)
        clauses.extend(cls)
    cross_check(clauses, relations, rulings, rulings_file)
    return Concordance(
        directory, tuple(sources), tuple(relations), tuple(c for c, _ in clauses),
        tuple(rulings), tuple(published),
    )  # fmt: skip

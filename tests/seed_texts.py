"""Finding the seed texts (the sources' own words) for the tests that check quotations.

The seeds live in ``shared/seeds`` beside the checkout: ``../shared/seeds`` from the
main checkout, and further up from a worktree nested deeper (``/work/wt/NAME`` finds
``/work/shared/seeds``). ``LLD_SEEDS`` names the directory outright. Where the seeds
are absent the quotation tests skip with a message saying so, except under CI (the
environment variable ``CI`` set), where their absence is a failure: a CI run that
checks no quotation must not pass.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def seeds_directory() -> Path | None:
    """The seed directory, or ``None`` if there is none to be found."""
    named = os.environ.get("LLD_SEEDS")
    if named:
        return Path(named)
    for parent in ROOT.parents:
        candidate = parent / "shared" / "seeds"
        if (candidate / "README.md").is_file():
            return candidate
    return None


def require_seeds() -> Path:
    """The seed directory; skip (or, under CI, fail) when it is absent."""
    found = seeds_directory()
    if found is None or not (found / "README.md").is_file():
        where = found or ROOT.parent / "shared" / "seeds"
        message = f"the seed texts are not here ({where} is absent): quotations not checked"
        if os.environ.get("CI"):
            pytest.fail(message + " (CI is set, so this is a failure, not a skip)")
        pytest.skip(message)
    return found


def normalise(text: str) -> str:
    """Whitespace runs as one space: the only normalisation a quotation gets."""
    return " ".join(text.split())


def seed_texts(authors: dict[str, str]) -> dict[str, str]:
    """Each source's seed text, normalised, found by its author in the README's table.

    ``authors`` maps a source ID to its author as the concordance names him.
    """
    directory = require_seeds()
    readme = (directory / "README.md").read_text("utf-8")
    rows = re.findall(r"^\|\s*`([^`]+)`\s*\|(.*)\|\s*$", readme, re.M)
    texts: dict[str, str] = {}
    for source, author in authors.items():
        files = [name for name, description in rows if author in description]
        assert len(files) == 1, f"{source}: the README names {files or 'no file'} for it"
        texts[source] = normalise((directory / files[0]).read_text("utf-8"))
    assert len(set(texts.values())) == len(texts), "two sources mapped to one file"
    return texts

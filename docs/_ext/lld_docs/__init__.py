"""The lld site's Sphinx extension: small directives that render the engine's data.

Each directive lives in its own module and formats what the engine gives (the
concordance, the presets, :func:`lld.demonstrate.demonstrate`, the stakes
tables, the example records, the command-line parser); none computes a rule.
Each notes the sources' data, the examples and the engine's modules as
dependencies, so an incremental build reruns it when any of them changes.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from .a11y import setup_a11y
from .cards import CardsDirective
from .cells import setup_cells
from .cli import CommandLineDirective
from .demonstration import DemonstrationDirective
from .differ import SourcesDifferDirective
from .examples import ExampleHandsDirective
from .glossary import setup_glossary_links
from .handouts import setup_handouts
from .matrix import ConcordanceMatrixDirective
from .reading import ReadingRole, ReplayCheckDirective
from .releases import setup_releases
from .ruling import RuleBookDirective, RulingDirective
from .source import SourceDirective
from .stakes import StakesDirective
from .steps import StepThroughDirective, write_pages
from .strict import StrictPlayDirective


def _source_version() -> int:
    """A number that changes whenever this extension's code does. As the
    extension's ``env_version``, it makes Sphinx reread every page after a
    change here: the glossary links are added to pages that run no directive
    of ours, which would otherwise keep the last build's output."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.read_bytes())
    return int(digest.hexdigest()[:12], 16)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("cards", CardsDirective)
    app.add_directive("ruling", RulingDirective)
    app.add_directive("rule-book", RuleBookDirective)
    app.add_directive("demonstration", DemonstrationDirective)
    app.add_directive("concordance-matrix", ConcordanceMatrixDirective)
    app.add_directive("sources-differ", SourcesDifferDirective)
    app.add_directive("source", SourceDirective)
    app.add_directive("stakes", StakesDirective)
    app.add_directive("command-line", CommandLineDirective)
    app.add_directive("example-hands", ExampleHandsDirective)
    app.add_directive("strict-play", StrictPlayDirective)
    app.add_role("reading", ReadingRole())
    app.add_directive("replay-check", ReplayCheckDirective)
    setup_handouts(app)
    setup_glossary_links(app)
    setup_releases(app)
    setup_cells(app)
    setup_a11y(app)
    app.add_directive("step-through", StepThroughDirective)
    # The site's conf.py turns on the generated step-through pages; a scratch site does not.
    app.add_config_value("lld_hand_pages", False, "env", bool)
    app.connect("builder-inited", write_pages)
    return {
        "version": "1",
        "env_version": _source_version(),
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }

"""``{demonstration} R22``: the ruling's examples replayed under every preset.

Formats :func:`lld.demonstrate.demonstrate`: for each example, a table of the
settings that behave alike and what the replay does under them. The page's
``:expect:`` claims are checked against it (see :mod:`.expect`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from lld.demonstrate import demonstrate, examples_directory
from lld.record import load_record

from .common import (
    concordance,
    emphasis,
    literal,
    note_engine_dependencies,
    para,
    rich_text,
    ruling_label,
    strong,
    table,
    term_linked,
    xref,
)
from .examples import deal_figure
from .ruling import check_ruling_claims


class DemonstrationDirective(SphinxDirective):
    required_arguments = 1
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "expect": directives.unchanged_required,
        "example": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        ruling = concordance().ruling(self.arguments[0])
        demos = demonstrate(ruling.id)
        check_ruling_claims(self, ruling.id, demos)
        out: list[nodes.Node] = [para(strong("Question: "), *term_linked(ruling.question))]
        if not demos:
            out.append(para(emphasis("No example hand demonstrates this ruling yet.")))
        for demo in demos:
            box = nodes.container(classes=["lld-demonstration"])
            box += para(
                strong(demo.title or demo.example),
                " (",
                xref("example-" + demo.example.removesuffix(".lld"), text=demo.example),
                "), replayed with ",
                literal(demo.setting),
                " and each setting of ",
                literal(demo.option),
                ":",
            )
            directory = examples_directory()
            if directory is not None:
                box += para(strong("The deal:"))
                box += deal_figure(load_record(str(directory / demo.example)))
            rows = [
                (b.label, para(literal(b.outcome.kind), " ", *rich_text(b.outcome.text)))
                for b in demo.behaviours
            ]  # fmt: skip
            box += table(["Setting", "What the replay does"], rows, widths=[2, 5])
            if not demo.presets_differ:
                box += para(emphasis("Every preset plays this example the same way."))
            out.append(box)
        out.append(para("The sources' words: ", xref(ruling_label(ruling.id), text=ruling.id), "."))
        return out

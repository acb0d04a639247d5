"""``{sources-differ}``: where the sources differ, a row per contested ruling.

Renders :func:`lld.reports.differences_report`: for each ruling with an engine
option, its number and title linked to its page of replayed hands, then each
source's reading in plain words (the registry's short form of its preset's
value), marked where the project fills a gap the source leaves or where the
source plays no game for that many players, and the project's reading with
the sources whose words give it. Nothing is decided here: the cells' words,
leads and notes are the report's.

The rows must be the contested pages beside the page the table is on: a page
without a row, or a row without a page, fails the build.
"""

from __future__ import annotations

import posixpath

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from lld.reports import DifferenceRow, ProjectCell, SourceCell, differences_report

from .common import (
    concordance,
    emphasis,
    note_engine_dependencies,
    para,
    ruling_label,
    source_label,
    strong,
    table,
    xref,
)

PROJECT = "The project's reading"


def contested_label(ruling_id: str) -> str:
    """The label of a ruling's contested page: ``R11`` is ``contested-r11``."""
    return f"contested-{ruling_label(ruling_id)}"


def _ruling_cell(row: DifferenceRow) -> nodes.Node:
    """The row's head: the ruling's number and title, linked to its page."""
    return para(xref(contested_label(row.id), text=f"{row.id}. {row.title}"))


def _source_cell(cell: SourceCell) -> nodes.Node:
    box = nodes.container(classes=["lld-differ-cell", f"lld-differ-{cell.kind.replace('_', '-')}"])
    words: list[nodes.Node | str] = []
    if cell.lead is not None:
        words += [emphasis(cell.lead + ":"), " "]
    words.append(cell.words)
    box += para(*words)
    for note in cell.notes:
        box += para(note, classes=["lld-note"])
    return box


def _names(sources: tuple[str, ...]) -> str:
    names = [source_label(s) for s in sources]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _project_cell(cell: ProjectCell) -> nodes.Node:
    box = nodes.container(classes=["lld-differ-cell", "lld-differ-project"])
    box += para(strong(cell.words))
    if cell.follows:
        box += para(f"As {_names(cell.follows)}.", classes=["lld-note"])
    else:
        box += para("No source gives it: the project's own choice.", classes=["lld-note"])
    return box


class SourcesDifferDirective(SphinxDirective):
    """``{sources-differ}``: the table, with a legend above it."""

    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        report = differences_report(concordance())
        self._check_pages([row.id for row in report.rows])
        headers = ["Ruling", *(source_label(s) for s in report.sources), PROJECT]
        rows = [
            [_ruling_cell(row), *(_source_cell(c) for c in row.cells), _project_cell(row.project)]
            for row in report.rows
        ]
        legend = para(
            "Each row is a ruling the sources read differently; follow its number to its page."
            " Each source's column says what that source does, in plain words. ",
            emphasis("Silent; the project fills in:"),
            " the source says nothing on the point (or its words are unclear or lost), so the"
            " words after it are the project's choice for that source's reading, not the"
            " source's own. ",
            emphasis("Not played:"),
            " the source gives no game for that many players. A note under a reading says"
            " where the source's words also support or allow another reading, contradict each"
            " other, or are lost."
            f" The last column, {PROJECT.lower()}, is the reconstruction's, with the sources"
            " whose words give it.",
            classes=["lld-differ-legend"],
        )
        grid = table(headers, rows, classes=["lld-differ-table"])
        # The ruling's column heads each row (a <th>), for screen readers and print.
        next(iter(grid.findall(nodes.colspec)))["stub"] = 1
        box = nodes.container(classes=["lld-differ"])
        box += grid
        return [legend, box]

    def _check_pages(self, ruling_ids: list[str]) -> None:
        """The rows are exactly the contested pages in this page's folder."""
        folder = posixpath.dirname(self.env.docname)
        prefix = f"{folder}/" if folder else ""
        pages = {
            d.removeprefix(prefix)
            for d in self.env.found_docs
            if d.startswith(prefix) and d != self.env.docname and "/" not in d.removeprefix(prefix)
        }
        rows = {ruling_label(r) for r in ruling_ids}
        if pages != rows:
            missing = ", ".join(sorted(pages - rows)) or "none"
            extra = ", ".join(sorted(rows - pages)) or "none"
            raise self.error(
                f"the table's rows are not this folder's pages: pages without a row: {missing};"
                f" rows without a page: {extra}"
            )

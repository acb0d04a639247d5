"""``{ruling}`` and ``{rule-book}``: a ruling, each source's words beside the engine.

``{ruling} R22`` renders a section with the stable explicit label ``r22``: the
question, the option's values, a tab per source (synchronised site-wide in the
``source`` group, so ``?source=parlett`` selects Parlett everywhere) holding that
source's quoted clauses, its preset's value and what the engine does under that
preset in the ruling's example, then the project's reading and its reasons.
``{rule-book}`` renders every ruling of the registry in order, so a new ruling
appears on the site by itself.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective
from sphinx_design.shared import create_component

from lld.concordance import Clause
from lld.reports import RulingReport, ruling_report
from lld.reports.ruling import WILLUGHBY, PresetValue, QuotedClause

from .common import (
    RulingClaimDirective,
    concordance,
    emphasis,
    linked_text,
    literal,
    note_engine_dependencies,
    para,
    rich_text,
    ruling_label,
    source_label,
    strong,
    target,
    xref,
)

SYNC_GROUP = "source"


def clause_paragraph(clause: QuotedClause | Clause) -> nodes.paragraph:
    """``DC-27`` (supports ``forced``): “quote”, with whose words it reports."""
    head: list[nodes.Node | str] = [xref(clause.id.lower(), strong(clause.id))]
    reading = clause.reading
    if clause.values:
        reading += " " + " / ".join(clause.values)
    head.append(f" ({reading}): ")
    reports = clause.reports_willughby if isinstance(clause, QuotedClause) else clause.reports
    if reports:
        who = WILLUGHBY if isinstance(clause, QuotedClause) else clause.reports
        head.append(f"{source_label(clause.source)} reports {who}: ")
    quote = nodes.inline(classes=["lld-quote"])
    quote += nodes.Text(f"“{clause.quote}”")
    head.append(quote)
    if clause.copies:
        head += [" — copies ", xref(clause.copies.lower(), text=clause.copies)]
    if clause.game:
        head.append(f" (about {clause.game})")
    return para(*head, classes=["lld-clause"])


def _preset_for(report: RulingReport, source: str) -> PresetValue | None:
    return next((p for p in report.presets if p.source == source), None)


def _engine_lines(report: RulingReport, preset: PresetValue) -> list[nodes.Node]:
    """The preset's value, its editorial note, and what the engine does under it
    in each example."""
    out: list[nodes.Node] = []
    meanings = {v.value: v.meaning for v in report.values}
    shown = "none (no game)" if preset.value is None else preset.value
    head = f"Preset {preset.preset}: "
    out.append(
        para(
            strong(head),
            literal(f"{report.option}={shown}"),
            f" — {meanings[preset.value]}" if preset.value in meanings else "",
            classes=["lld-preset"],
        )
    )
    if preset.editorial and preset.editorial_reason:
        out.append(para(emphasis("Not in the source (editorial): "), preset.editorial_reason))
    for demo in report.behaviour or ():
        for behaviour in demo.behaviours:
            if any(p == preset.preset for p, _ in behaviour.presets):
                out.append(
                    para(
                        strong("Engine: "),
                        xref(_example_label(demo.example), text=demo.example),
                        " ",
                        *rich_text(behaviour.outcome.text),
                        ".",
                        classes=["lld-engine", f"lld-{behaviour.outcome.kind}"],
                    )
                )
    return out


def _example_label(file_name: str) -> str:
    return "example-" + file_name.removesuffix(".lld")


def source_tabs(report: RulingReport) -> nodes.container:
    """One tab per source: its clauses, its preset's value, the engine under it."""
    tab_set = create_component("tab-set", classes=["sd-tab-set", "lld-sources"])
    for words in report.sources:
        item = create_component("tab-item", classes=["sd-tab-item"], selected=False)
        name = source_label(words.source)
        label = nodes.rubric(name, name, classes=["sd-tab-label"])
        label["sync_id"] = words.source
        label["sync_group"] = SYNC_GROUP
        item += label
        content = create_component("tab-content", classes=["sd-tab-content"])
        if words.silent:
            content += para(emphasis(f"{name} is silent on this."))
        for clause in words.clauses:
            content += clause_paragraph(clause)
        preset = _preset_for(report, words.source)
        if report.option is None:
            pass
        elif preset is None:
            content += para(emphasis(f"No preset reads {name}."))
        else:
            content.extend(_engine_lines(report, preset))
        item += content
        tab_set += item
    return tab_set


def ruling_body(report: RulingReport) -> list[nodes.Node]:
    out: list[nodes.Node] = [para(strong("Question: "), report.question, classes=["lld-question"])]
    if report.option is None:
        out.append(para("No engine option: every preset plays this rule the same way."))
    else:
        values = nodes.bullet_list(classes=["lld-values"])
        for value in report.values:
            values += nodes.list_item("", para(literal(value.value), f": {value.meaning}"))
        out.append(para("Engine option ", literal(report.option), ", with the values:"))
        out.append(values)
    out.append(source_tabs(report))
    reading = nodes.container(classes=["lld-reading"])
    meanings = {v.value: v.meaning for v in report.values}
    if report.reading in meanings:
        reading += para(
            strong("The project's reading: "),
            literal(report.reading),
            f": {meanings[report.reading]}.",
        )
    else:
        reading += para(strong("The project's reading: "), *linked_text(report.reading))
    reading += para(strong("Why: "), *linked_text(report.reasons))
    if report.option is not None:
        reading += para(
            "Played by the ",
            literal("reconstruction"),
            " preset. See how each reading plays: ",
            xref(f"contested-{ruling_label(report.id)}", text=f"{report.id} contested"),
            ".",
        )
    out.append(reading)
    return out


class RulingDirective(RulingClaimDirective):
    """``{ruling} R22``, optionally with ``:expect: parlett=illegal …``."""

    def run(self) -> list[nodes.Node]:
        return [ruling_section(self.checked_report(), self.state.document)]


def ruling_section(report: RulingReport, doc: nodes.document) -> nodes.section:
    label = ruling_label(report.id)
    section = nodes.section(ids=[label], names=[label], classes=["lld-ruling"])
    doc.note_explicit_target(section)
    title = f"{report.id}. {report.title}"
    section += nodes.title(title, title)
    section.extend(ruling_body(report))
    return section


class RuleBookDirective(SphinxDirective):
    """``{rule-book}``: every ruling of the registry, in order."""

    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        doc = self.state.document
        conc = concordance()
        return [ruling_section(ruling_report(r.id, conc), doc) for r in conc.rulings]


__all__ = ["RuleBookDirective", "RulingDirective", "clause_paragraph", "target"]

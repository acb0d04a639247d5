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

from collections.abc import Callable
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective
from sphinx_design.shared import create_component

from lld.concordance import Clause, Ruling
from lld.demonstrate import Demonstration, demonstrate
from lld.presets import EDITORIAL_CHOICES, PENDING_VALUES, PRESET_SOURCE, PRESETS

from .common import (
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
    term_linked,
    xref,
)
from .expect import check_expect, parse_expect

SYNC_GROUP = "source"


def clause_paragraph(clause: Clause) -> nodes.paragraph:
    """``DC-27`` (supports ``forced``): “quote”, with whose words it reports."""
    head: list[nodes.Node | str] = [xref(clause.id.lower(), strong(clause.id))]
    reading = clause.reading
    if clause.values:
        reading += " " + " / ".join(clause.values)
    head.append(f" ({reading}): ")
    if clause.reports:
        head.append(f"{source_label(clause.source)} reports {clause.reports}: ")
    quote = nodes.inline(classes=["lld-quote"])
    quote += nodes.Text(f"“{clause.quote}”")
    head.append(quote)
    if clause.copies:
        head += [" — copies ", xref(clause.copies.lower(), text=clause.copies)]
    if clause.game:
        head.append(f" (about {clause.game})")
    return para(*head, classes=["lld-clause"])


def _preset_for(source: str) -> str | None:
    for preset, reads in PRESET_SOURCE.items():
        if reads == source:
            return preset
    return None


def _engine_lines(ruling: Ruling, preset: str, demos: list[Demonstration]) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    option = ruling.option
    assert option is not None
    # A ruling decided before the engine plays its option (R35 on): the planned value.
    value = {**PENDING_VALUES.get(preset, {}), **PRESETS[preset].options()}.get(option)
    meanings = {o.value: o.meaning for o in ruling.options}
    shown = "none (no game)" if value is None else value
    line = para(
        strong(f"Preset {preset}: "),
        literal(f"{option}={shown}"),
        f" — {meanings[value]}" if value in meanings else "",
        classes=["lld-preset"],
    )
    out.append(line)
    editorial = EDITORIAL_CHOICES.get((preset, option))
    if editorial:
        out.append(para(emphasis("Not in the source (editorial): "), editorial))
    for demo in demos:
        for behaviour in demo.behaviours:
            if any(p == preset for p, _ in behaviour.presets):
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


def source_tabs(ruling: Ruling, demos: list[Demonstration]) -> nodes.container:
    """One tab per source: its clauses, its preset's value, the engine under it."""
    c = concordance()
    tab_set = create_component("tab-set", classes=["sd-tab-set", "lld-sources"])
    for source in c.sources:
        item = create_component("tab-item", classes=["sd-tab-item"], selected=False)
        name = source_label(source.id)
        label = nodes.rubric(name, name, classes=["sd-tab-label"])
        label["sync_id"] = source.id
        label["sync_group"] = SYNC_GROUP
        item += label
        content = create_component("tab-content", classes=["sd-tab-content"])
        clause_ids = ruling.sources[source.id]
        if not clause_ids:
            content += para(emphasis(f"{name} is silent on this."))
        for clause_id in clause_ids:
            content += clause_paragraph(c.clause(clause_id))
        preset = _preset_for(source.id)
        if ruling.option is None:
            pass
        elif preset is None:
            content += para(emphasis(f"No preset reads {name}."))
        else:
            content.extend(_engine_lines(ruling, preset, demos))
        item += content
        tab_set += item
    return tab_set


def ruling_body(ruling: Ruling, demos: list[Demonstration]) -> list[nodes.Node]:
    out: list[nodes.Node] = [
        para(strong("Question: "), *term_linked(ruling.question), classes=["lld-question"])
    ]
    if ruling.option is None:
        out.append(para("No engine option: every preset plays this rule the same way."))
    else:
        values = nodes.bullet_list(classes=["lld-values"])
        for option in ruling.options:
            values += nodes.list_item("", para(literal(option.value), f": {option.meaning}"))
        out.append(para("Engine option ", literal(ruling.option), ", with the values:"))
        out.append(values)
    out.append(source_tabs(ruling, demos))
    reading = nodes.container(classes=["lld-reading"])
    meanings = {o.value: o.meaning for o in ruling.options}
    if ruling.reading in meanings:
        reading += para(
            strong("The project's reading: "),
            literal(ruling.reading),
            f": {meanings[ruling.reading]}.",
        )
    else:
        reading += para(strong("The project's reading: "), *linked_text(ruling.reading, True))
    reading += para(strong("Why: "), *linked_text(ruling.reasons, True))
    if ruling.option is not None:
        reading += para(
            "Played by the ",
            literal("reconstruction"),
            " preset. See how each reading plays: ",
            xref(f"contested-{ruling_label(ruling.id)}", text=f"{ruling.id} contested"),
            ".",
        )
    out.append(reading)
    return out


class RulingDirective(SphinxDirective):
    """``{ruling} R22``, optionally with ``:expect: parlett=illegal …``."""

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
        return [ruling_section(ruling, demos, self.state.document)]


def check_ruling_claims(
    directive: SphinxDirective, ruling_id: str, demos: list[Demonstration]
) -> None:
    """Check the directive's ``:expect:`` against the chosen (or first) example."""
    where = f"{directive.env.docname}:{directive.lineno}"
    claims = parse_expect(directive.options.get("expect", ""), where)
    example = directive.options.get("example")
    chosen = [d for d in demos if example is None or d.example == example]
    if example is not None and not chosen:
        names = ", ".join(d.example for d in demos) or "none"
        raise directive.error(f"{ruling_id} has no example {example!r} (it has: {names})")
    check_expect(claims, chosen[0] if chosen else None, ruling_id, where)


def ruling_section(
    ruling: Ruling, demos: list[Demonstration], doc: nodes.document
) -> nodes.section:
    label = ruling_label(ruling.id)
    section = nodes.section(ids=[label], names=[label], classes=["lld-ruling"])
    doc.note_explicit_target(section)
    title = f"{ruling.id}. {ruling.title}"
    section += nodes.title(title, title)
    section.extend(ruling_body(ruling, demos))
    return section


class RuleBookDirective(SphinxDirective):
    """``{rule-book}``: every ruling of the registry, in order."""

    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        doc = self.state.document
        return [ruling_section(r, demonstrate(r.id), doc) for r in concordance().rulings]


__all__ = ["RuleBookDirective", "RulingDirective", "clause_paragraph", "target"]

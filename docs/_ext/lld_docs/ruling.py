"""``{ruling}`` and ``{rule-book}``: a ruling as rules first, the engine folded away.

``{ruling} R22`` renders a section with the stable explicit label ``r22``, in
the order a reader needs: the question; the project's reading in plain words;
the sources' words, a tab per source that says something on the ruling
(synchronised site-wide in the ``source`` group, so ``?source=parlett`` selects
Parlett everywhere), each with that source's reading in plain words and its
quoted clauses, their tags in plain words; and why the project reads it so.
Then, for a ruling with an engine option, a disclosure ("Replayed under each
reading", a ``<details>`` element, closed) holds the engine's part: the option
and its values by name, each source's value, and each example hand replayed
under each source's whole reading. Option and value names appear only there,
in code form beside the plain words. ``{rule-book}`` renders every ruling of
the registry in order, so a new ruling appears on the site by itself.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective
from sphinx_design.shared import create_component

from lld.concordance import Clause
from lld.demonstrate import ReadingReplay, replay_readings
from lld.presets import reading_name
from lld.reports import RulingReport, ruling_report
from lld.reports.ruling import WILLUGHBY, PresetValue, QuotedClause, SourceWords

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
    site_page,
    source_label,
    strong,
    target,
    told_html,
    xref,
)

SYNC_GROUP = "source"
#: The title of the folded engine part of a ruling.
ENGINE_SUMMARY = "Replayed under each reading"


def clause_paragraph(clause: QuotedClause | Clause) -> nodes.paragraph:
    """``DC-27`` (supports: *lying down is forced*): “quote”, with whose words it
    reports (the sources' pages, where the tags are given by name)."""
    head: list[nodes.Node | str] = [xref(clause.id.lower(), strong(clause.id))]
    reading = clause.reading
    if clause.values:
        c = concordance()
        base = clause if isinstance(clause, Clause) else c.clause(clause.id)
        reading += ": " + " / ".join(c.value_words(base))
    if clause.term:
        reading += f" the term “{clause.term}”"
    head.append(f" ({reading}): ")
    head += _speaker_and_quote(clause)
    return para(*head, classes=["lld-clause"])


def _speaker_and_quote(clause: QuotedClause | Clause) -> list[nodes.Node | str]:
    out: list[nodes.Node | str] = []
    reports = clause.reports_willughby if isinstance(clause, QuotedClause) else clause.reports
    if reports:
        who = WILLUGHBY if isinstance(clause, QuotedClause) else clause.reports
        out.append(f"{source_label(clause.source)} reports {who}: ")
    quote = nodes.inline(classes=["lld-quote"])
    quote += nodes.Text(f"“{clause.quote}”")
    out.append(quote)
    if clause.copies:
        original = concordance().clause(clause.copies).source
        out += [
            f" — copies {source_label(original)}'s ",
            xref(clause.copies.lower(), text=clause.copies),
        ]
    if clause.game:
        out.append(f" (in his {clause.game})")
    return out


# ------------------------------------------------------------------ plain words


def _meanings(report: RulingReport) -> dict[str | None, str]:
    out: dict[str | None, str] = {v.value: v.meaning for v in report.values}
    if report.option is not None and report.option.startswith("deal_"):
        out[None] = f"no game for {report.option.removeprefix('deal_')} players"
    return out


def short(meaning: str) -> str:
    """A value's meaning, shortened where it answers yes or no: ``yes, and it must``
    for ``yes, and it must: a card from the hand takes ...`` (the question says the
    rest)."""
    head, colon, _ = meaning.partition(":")
    if colon and re.match(r"(yes|no)\b", head):
        return head
    return meaning


def _said(report: RulingReport, values: tuple[str, ...]) -> list[nodes.Node | str]:
    """The readings ``values`` give, each in italics: *X* or *Y*."""
    meanings = _meanings(report)
    out: list[nodes.Node | str] = []
    for v in values:
        if v in meanings:
            out += [" or " if out else "", emphasis(short(meanings[v]))]
    return out


def plain_tag(
    clause: QuotedClause, report: RulingReport, own: str | None
) -> list[nodes.Node | str]:
    """How the clause bears on the ruling, in words (``own``: the tab's reading)."""
    reading = clause.reading
    said = _said(report, clause.values)
    if reading == "supports":
        if own is not None and own in clause.values:
            return ["supports this reading"]
        return ["supports another reading: ", *said]
    if reading == "ambiguous":
        if len(clause.values) == 1:
            return ["unclear; the project reads it as: ", *said]
        return ["can be read more than one way: ", *said] if said else ["can be read more than"
                                                                        " one way"]  # fmt: skip
    if reading == "self-contradictory":
        if said:
            return ["contradicts the source elsewhere; alone it would give: ", *said]
        return ["contradicts the source elsewhere"]
    if reading == "witnesses":
        return [f"witnesses the term “{clause.term}”" if clause.term else "witnesses a practice"]
    return [
        {
            "states": "says so",
            "silent": "touches the question without settling it",
            "damaged": "damaged in this copy",
        }.get(reading, reading)
    ]


def plain_reading(report: RulingReport) -> str:
    """The project's reading in plain words: its value's meaning, or its words."""
    if report.option is None:
        return report.reading
    text = _meanings(report)[report.reading]
    return _capital(text) + ("" if text.endswith(".") else ".")


def _capital(text: str) -> str:
    """The first letter a capital, except in du Coeur's name."""
    return text if text.startswith("du Coeur") else text[:1].upper() + text[1:]


def _preset_for(report: RulingReport, source: str) -> PresetValue | None:
    return next((p for p in report.presets if p.source == source), None)


# ------------------------------------------------------------------ the sources' words


def _source_reading(report: RulingReport, preset: PresetValue) -> nodes.paragraph:
    """``As the project reads Parlett: pot 10 ...``: the preset's value in words (every
    preset is the project's reading of its source), marked where it is the
    project's gap-fill, with the reason."""
    meaning = _meanings(report).get(preset.value, "")
    name = source_label(preset.source)
    out: list[nodes.Node | str] = [strong(f"As the project reads {name}: ")]
    if preset.value == report.reading:
        out.append(f"{short(meaning)} — the project's reading too.")
    else:
        out.append(meaning + ("" if meaning.endswith(".") else "."))
    if preset.editorial:
        out += [" ", emphasis("Not in the source's words: the project's gap-fill.")]
        if preset.editorial_reason:
            out += [" ", *linked_text(preset.editorial_reason)]
    return para(*out, classes=["lld-source-reading"])


def source_tabs(report: RulingReport) -> nodes.container | None:
    """One tab per source that says something on the ruling: that source's reading,
    then its clauses; ``None`` if no source does."""
    tab_set = create_component("tab-set", classes=["sd-tab-set", "lld-sources"])
    for words in report.sources:
        if not words.speaks:
            continue
        item = create_component("tab-item", classes=["sd-tab-item"], selected=False)
        name = source_label(words.source)
        label = nodes.rubric(name, name, classes=["sd-tab-label"])
        label["sync_id"] = words.source
        label["sync_group"] = SYNC_GROUP
        item += label
        content = create_component("tab-content", classes=["sd-tab-content"])
        preset = _preset_for(report, words.source)
        own = preset.value if preset is not None else None
        if report.option is not None and preset is not None:
            content += _source_reading(report, preset)
        for clause in words.shown:
            head: list[nodes.Node | str] = [
                xref(clause.id.lower(), strong(clause.id)),
                " (", *plain_tag(clause, report, own), "): ",
                *_speaker_and_quote(clause),
            ]  # fmt: skip
            content += para(*head, classes=["lld-clause"])
        item += content
        tab_set += item
    return tab_set if tab_set.children else None


# ------------------------------------------------------------------ the engine, folded


def _folded(title: str, *children: nodes.Node) -> nodes.container:
    """A ``<details>`` element, closed, titled ``title`` (sphinx-design's dropdown)."""
    box = create_component(
        "dropdown", opened=False, type="dropdown", has_title=True, icon=None, chevron=None,
        container_classes=["sd-mb-3", "lld-engine-part"], title_classes=[], body_classes=[],
    )  # fmt: skip
    box += nodes.rubric(title, title)
    for child in children:
        box += child
    return box


def _value_items(report: RulingReport) -> nodes.bullet_list:
    values = nodes.bullet_list(classes=["lld-values"])
    engine = {o.value: o.engine for o in concordance().ruling(report.id).options}
    for value in report.values:
        item: list[nodes.Node | str] = [literal(value.value), f": {value.meaning}"]
        if engine.get(value.value):
            item += [" (the engine: ", *rich_text(engine[value.value] or ""), ")"]
        values += nodes.list_item("", para(*item))
    return values


def _preset_items(report: RulingReport) -> nodes.bullet_list:
    """Each reading's value by name, beside its meaning in words."""
    out = nodes.bullet_list(classes=["lld-presets"])
    meanings = _meanings(report)
    for p in report.presets:
        shown = "none" if p.value is None else p.value
        item: list[nodes.Node | str] = [
            reading_name(p.preset, start=True), " (", literal(p.preset), "): ", literal(shown),
            f" — {short(meanings.get(p.value, ''))}",
        ]  # fmt: skip
        if p.editorial:
            item.append(" (the project's gap-fill)")
        out += nodes.list_item("", para(*item, classes=["lld-preset"]))
    return out


def _replay_items(env: BuildEnvironment, replays: list[ReadingReplay]) -> nodes.bullet_list:
    out = nodes.bullet_list(classes=["lld-replays"])
    page = site_page(env)
    for r in replays:
        item = para(
            r.reading, " (", literal(r.preset), "): ", told_html(env, page, r.outcome, r.told),
            classes=["lld-engine", f"lld-{r.outcome.kind}", f"lld-preset-{r.preset}",
                     f"lld-example-{r.example.removesuffix('.lld')}"],
        )  # fmt: skip
        out += nodes.list_item("", item)
    return out


def engine_part(env: BuildEnvironment, report: RulingReport) -> nodes.container:
    """The folded part: the option by name, each reading's value, and the example
    hands replayed under each source's whole reading."""
    assert report.option is not None
    out: list[nodes.Node] = [
        para("In the engine and the cells this ruling is the option ", literal(report.option),
             ", with the values:"),
        _value_items(report),
        para("Each reading's value:"),
        _preset_items(report),
    ]  # fmt: skip
    replays = replay_readings(report.id)
    examples = list(dict.fromkeys(r.example for r in replays))
    for example in examples:
        mine = [r for r in replays if r.example == example]
        out.append(
            para(
                strong(mine[0].title or example), " (",
                xref(_example_label(example), text="the example"), ": ", literal(example),
                "), replayed under each reading of the whole hand, every ruling as that"
                " reading has it:",
            )
        )  # fmt: skip
        out.append(_replay_items(env, mine))
    if not examples:
        out.append(para(emphasis("No example hand shows this ruling yet.")))
    out.append(
        para(
            "This ruling alone changed, on each example hand's own rules: ",
            xref(f"contested-{ruling_label(report.id)}", text=f"{report.id} contested"),
            ".",
        )
    )
    return _folded(ENGINE_SUMMARY, *out)


def _example_label(file_name: str) -> str:
    return "example-" + file_name.removesuffix(".lld")


# ------------------------------------------------------------------ the section


def ruling_body(env: BuildEnvironment, report: RulingReport) -> list[nodes.Node]:
    out: list[nodes.Node] = [
        para(strong("Question: "), report.question, classes=["lld-question"]),
        para(strong("The project's reading: "), *linked_text(plain_reading(report)),
             classes=["lld-reading"]),
    ]  # fmt: skip
    tabs = source_tabs(report)
    if tabs is None:
        out.append(para(emphasis("No source settles this question."), classes=["lld-words"]))
    else:
        out += [para(strong("The sources' words:"), classes=["lld-words"]), tabs]
    out.append(para(strong("Why: "), *linked_text(report.reasons), classes=["lld-why"]))
    if report.option is not None:
        out.append(engine_part(env, report))
    return out


class RulingDirective(RulingClaimDirective):
    """``{ruling} R22``, optionally with ``:expect: parlett=illegal …``."""

    def run(self) -> list[nodes.Node]:
        return [ruling_section(self.env, self.checked_report(), self.state.document)]


def ruling_section(
    env: BuildEnvironment, report: RulingReport, doc: nodes.document
) -> nodes.section:
    label = ruling_label(report.id)
    section = nodes.section(ids=[label], names=[label], classes=["lld-ruling"])
    doc.note_explicit_target(section)
    title = f"{report.id}. {report.title}"
    section += nodes.title(title, title)
    section.extend(ruling_body(env, report))
    return section


class RuleBookDirective(SphinxDirective):
    """``{rule-book}``: every ruling of the registry, in order."""

    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        doc = self.state.document
        conc = concordance()
        return [ruling_section(self.env, ruling_report(r.id, conc), doc) for r in conc.rulings]


__all__ = [
    "ENGINE_SUMMARY",
    "RuleBookDirective",
    "RulingDirective",
    "SourceWords",
    "clause_paragraph",
    "plain_tag",
    "target",
]

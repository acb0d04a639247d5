"""A handout as one HTML document with its print stylesheet (A4 or US Letter).

Everything on it comes from a :class:`~lld.handout.content.Handout`; the cards
are :mod:`lld.svg`'s, with their colours resolved to the fallbacks (a PDF has
no page stylesheet to restyle them, and the fallbacks are the print colours).
"""

from __future__ import annotations

import re
from html import escape

from lld import svg
from lld.handout.cite import LOCAL_BUILD, NO_ADDRESS, ruling_citation
from lld.handout.content import Example, Handout, RuleLine
from lld.reports import StakesReport

#: The paper sizes a handout is made for, as CSS ``@page`` sizes.
PAPERS = {"a4": "A4", "letter": "letter"}

_MARKS = {
    "changed": "changed here",
    "editorial": "editorial: not in the source’s words",
}

_CSS = """
@page {
  size: %(size)s;
  margin: 11mm 12mm 13mm 12mm;
  @bottom-left { content: "%(footer)s"; font: 6.5pt sans-serif; color: #333; }
  @bottom-right { content: "page " counter(page) " of " counter(pages);
                  font: 6.5pt sans-serif; color: #333; }
}
html { font: 7.6pt/1.28 "DejaVu Serif", Georgia, serif; color: #111; }
body { margin: 0; }
h1 { font: bold 14pt/1.1 "DejaVu Sans", sans-serif; margin: 0 0 1mm; }
h2 { font: bold 9pt "DejaVu Sans", sans-serif; margin: 2.2mm 0 1mm;
     border-bottom: 0.6pt solid #111; break-after: avoid; }
.lead { margin: 0 0 1.5mm; }
.changed-list { border: 1pt solid #111; padding: 1mm 2mm; margin: 1mm 0 2mm; }
.rules { columns: 2; column-gap: 5mm; }
.rule { margin: 0 0 1.1mm; break-inside: avoid; padding-left: 7.5mm; text-indent: -7.5mm; }
.rid { display: inline-block; width: 7mm; text-indent: 0; font: bold 7.6pt "DejaVu Sans",
       sans-serif; }
.title { font-weight: bold; }
.setting { font: 6.6pt "DejaVu Sans Mono", monospace; color: #333; }
.mark { font: italic 6.6pt "DejaVu Sans", sans-serif; border: 0.5pt solid #555;
        padding: 0 0.6mm; }
.mark.changed { border-width: 1.2pt; font-weight: bold; font-style: normal; }
.who { font: 6.6pt "DejaVu Sans", sans-serif; color: #333; }
table { border-collapse: collapse; width: 100%%; font: 7pt "DejaVu Sans", sans-serif; }
th, td { border-bottom: 0.4pt solid #777; padding: 0.6mm 1mm; text-align: right;
         vertical-align: top; }
th { border-bottom: 0.9pt solid #111; }
tr { break-inside: avoid; }
td.l, th.l { text-align: left; }
.example { break-inside: avoid; }
.cards svg { height: 15mm; width: auto; display: block; margin: 0.5mm 0 1mm; }
.cards-label { font: bold 7pt "DejaVu Sans", sans-serif; }
.cite { font: 6.8pt "DejaVu Sans Mono", monospace; white-space: pre-wrap;
        border: 0.5pt solid #777; padding: 1mm; margin: 0.6mm 0 1.2mm; }
.sources li { margin-bottom: 0.5mm; }
ul { margin: 0; padding-left: 4mm; }
"""


def _card_svg(markup: str) -> str:
    """The SVG with each ``var(--name, fallback)`` replaced by its fallback."""
    return re.sub(r"var\(--[\w-]+,\s*([^)]+)\)", r"\1", markup)


def _rule(line: RuleLine) -> str:
    mark = f' <span class="mark {line.mark}">{_MARKS[line.mark]}</span>' if line.mark else ""
    setting = f' <span class="setting">{escape(line.setting)}</span>' if line.setting else ""
    who = f' <span class="who">({", ".join(line.sources)})</span>' if line.sources else ""
    return (
        f'<p class="rule" id="{line.ruling.lower()}"><span class="rid">{line.ruling}</span>'
        f'<span class="title">{escape(line.title)}.</span> {escape(_sentence(line.text))}'
        f"{setting}{who}{mark}</p>"
    )


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."


def _stakes_row(s: StakesReport) -> str:
    be = "most pairs" if s.break_even is None else str(s.break_even)
    deal = f"{s.hand_size} + {s.table_cards}" + (" widow" if s.widow else "")
    return (
        f'<tr><td>{s.players}</td><td class="l">{escape(s.table)}</td>'
        f"<td>{s.dealer_ante} / {s.other_ante}</td><td>{s.pot}</td>"
        f'<td class="l">{deal}</td><td>{s.last_player_bonus}</td><td>{be}</td>'
        f'<td class="l">{escape(s.balance.text)}</td></tr>'
    )


def _stakes(h: Handout) -> str:
    rows = "".join(_stakes_row(s) for s in h.stakes)
    settle = h.settlement.replace("_", " ")
    return (
        f"<h2>Stakes (R5–R10, R30, R31: settled by {escape(settle)})</h2>"
        '<table><thead><tr><th>players</th><th class="l">table</th>'
        "<th>ante dealer / others</th><th>pot</th>"
        '<th class="l">each + table</th><th>last-player bonus</th><th>break-even</th>'
        f'<th class="l">balance</th></tr></thead><tbody>{rows}</tbody></table>'
    )


def _example(ex: Example | None) -> str:
    if ex is None:
        return ""
    events = "".join(f"<li><b>{escape(rule)}</b>: {escape(what)}</li>" for rule, what in ex.events)
    comment = f" ({escape(ex.comment)})" if ex.comment else ""
    return (
        '<div class="example"><h2>A worked example</h2>'
        f"<p>From the example hand “{escape(ex.title)}” (<code>{escape(ex.record)}</code>):"
        f" {escape(ex.seat_name)} is to play.</p>"
        f'<div class="cards"><span class="cards-label">The table</span>'
        f"{_card_svg(svg.row(ex.table))}"
        f'<span class="cards-label">{escape(ex.seat_name)}’s hand</span>'
        f"{_card_svg(svg.row(ex.hand))}</div>"
        f"<p>The move <code>{escape(ex.move)}</code>{comment}. What happened, with the"
        f" ruling the engine names for each:</p><ul>{events}</ul></div>"
    )


def _sources(h: Handout) -> str:
    items = "".join(f"<li><b>{escape(sid)}</b>: {escape(text)}</li>" for sid, text in h.sources)
    return f'<h2>Sources cited</h2><ul class="sources">{items}</ul>'


def _cite(h: Handout) -> str:
    example = next((r for r in h.rules if r.ruling == "R14"), h.rules[0])
    site = h.site or NO_ADDRESS
    ruling = ruling_citation(example.ruling, site, h.version, date=h.date)
    where = f"{h.site}citing.html" if h.site else f"the site’s “How to cite” page ({LOCAL_BUILD})"
    return (
        "<h2>How to cite</h2><p>This handout and the site:</p>"
        f'<div class="cite">{escape(h.citation)}</div>'
        "<p>A ruling, by its number (numbers never change meaning; each has an anchor on"
        " the site):</p>"
        f'<div class="cite">{escape(ruling)}</div>'
        f"<p>Every ruling, every source and BibTeX entries: {escape(where)}</p>"
    )


def _ruling_of(h: Handout, option: str) -> str:
    """The ruling that ``option`` decides, as the handout lists it."""
    return next(r.ruling for r in h.rules if (r.setting or "").startswith(option + "="))


def _title(h: Handout) -> str:
    if h.overrides:
        return f"a reading of one’s own, from {h.name}"
    if h.name == "reconstruction":
        return "the project’s reconstruction"
    return f"{h.name} (as {h.source_name} reads it)"


def handout_html(h: Handout, paper: str = "a4") -> str:
    """The handout as a standalone HTML document for ``paper`` (``a4`` or ``letter``)."""
    changed = ""
    if h.overrides:
        items = ", ".join(
            f"<code>{escape(k)}={escape('none' if v is None else v)}</code> ({_ruling_of(h, k)})"
            for k, v in h.overrides
        )
        changed = (
            '<p class="changed-list"><b>A reading of one’s own.</b> Changed from the preset'
            f" {escape(h.name)}: {items}. Each is marked “changed here” below.</p>"
        )
    footer = f"lld {h.version} · {h.date} · {h.site or 'a local build, no public address'}"
    anchors = f"{h.site}rules.html#r1 and so on" if h.site else "its rules page"
    css = _CSS % {"size": PAPERS[paper], "footer": footer.replace('"', "'")}
    players = ", ".join(map(str, h.players))
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>Laugh and Lie Down: {escape(_title(h))}</title><style>{css}</style></head><body>"
        f"<h1>Laugh and Lie Down: {escape(_title(h))}</h1>"
        f'<p class="lead">The rules for {players} players, one ruling to a line; the number'
        " beside each (R1…) is its permanent number on the site"
        f" ({escape(anchors)}). In brackets: the sources that give it."
        f" lld version {h.version}, made {h.date}.</p>{changed}"
        f'<h2>The rules</h2><div class="rules">{"".join(_rule(r) for r in h.rules)}</div>'
        f"{_stakes(h)}{_example(h.example)}{_sources(h)}{_cite(h)}</body></html>"
    )

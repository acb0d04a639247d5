"""A handout as one HTML document with its print stylesheet (A4 or US Letter).

Everything on it comes from a :class:`~lld.handout.content.Handout`; the cards
are :mod:`lld.svg`'s, with their colours resolved to the fallbacks (a PDF has
no page stylesheet to restyle them, and the fallbacks are the print colours).
The sheet reads top to bottom in two columns: what it is, the words of the
game, the rules in the order of play, a worked example, the sources and how to
cite it.
"""

from __future__ import annotations

import re
from html import escape

from lld import svg
from lld.concordance import ruling_id
from lld.handout.cite import LOCAL_BUILD, NO_ADDRESS, ruling_anchor, ruling_citation
from lld.handout.content import Handout, Rule, Section, count_list, sentence
from lld.handout.example import Example
from lld.handout.order import BRIEF
from lld.narrate import table_of

#: The paper sizes a handout is made for, as CSS ``@page`` sizes.
PAPERS = {"a4": "A4", "letter": "letter"}

#: The sizes of a sheet's text, in points, largest first: a sheet is set in the
#: largest that keeps it to :data:`MOST_PAGES` pages (see :func:`lld.handout.write_pdf`).
FONT_SIZES = (8.2, 7.7, 7.2, 6.7)
#: One leaf: two sides.
MOST_PAGES = 2

#: What marks a rule the reader changed.
CHANGED = "Changed here"

_CSS = """
@page {
  size: %(size)s;
  margin: 10mm 11mm 12mm 11mm;
  @bottom-left { content: "%(footer)s"; font: 6.5pt sans-serif; color: #333; }
  @bottom-right { content: "page " counter(page) " of " counter(pages);
                  font: 6.5pt sans-serif; color: #333; }
}
html { font: %(font)spt/1.3 "DejaVu Serif", Georgia, serif; color: #111; }
body { margin: 0; }
h1 { font: bold 15pt/1.1 "DejaVu Sans", sans-serif; margin: 0; }
.sub { font: bold 9.5pt/1.2 "DejaVu Sans", sans-serif; margin: 0.6mm 0 1.2mm; }
h2 { font: bold 8.6pt "DejaVu Sans", sans-serif; margin: 2mm 0 0.8mm;
     border-bottom: 0.6pt solid #111; break-after: avoid; }
p { margin: 0 0 1mm; }
.lead { margin: 0 0 1.2mm; }
.changed-list { border: 1.2pt solid #111; padding: 1mm 2mm; margin: 0 0 1.2mm; }
.changed-list ul { margin: 0.3mm 0 0; }
.differs { margin: 0 0 1.2mm; }
.flow { columns: 2; column-gap: 5mm; }
.words p { margin: 0 0 0.5mm; padding-left: 3mm; text-indent: -3mm; }
.term { font-weight: bold; }
.rule { margin: 0 0 1mm; break-inside: avoid; }
.q { font-weight: bold; }
.rid { font: bold 6.8pt "DejaVu Sans", sans-serif; }
.mark { font: bold 6.6pt "DejaVu Sans", sans-serif; border: 1.1pt solid #111;
        padding: 0 0.6mm; }
table { border-collapse: collapse; width: 100%%; font: 6.9pt "DejaVu Sans", sans-serif;
        margin: 0.5mm 0 1mm; break-inside: avoid; }
th, td { border-bottom: 0.4pt solid #777; padding: 0.5mm 0.7mm; text-align: right;
         vertical-align: bottom; }
th { border-bottom: 0.9pt solid #111; font-weight: bold; }
tr { break-inside: avoid; }
td.l, th.l { text-align: left; }
.balance { font-size: 7.2pt; }
.board { margin: 0.5mm 0 1mm; }
.keep { break-inside: avoid; }
.seat { display: inline-block; margin: 0 2.5mm 0.6mm 0; vertical-align: top; }
.seat-label { display: block; font: bold 6.6pt "DejaVu Sans", sans-serif; }
.seat svg { height: 12mm; width: auto; display: block; }
.moves { margin: 0 0 1mm; padding-left: 4.5mm; }
.moves li, .ending li { margin: 0 0 0.5mm; break-inside: avoid; }
.ending { margin: 0 0 1mm; }
.then { color: #222; }
.cite { font: 6.6pt "DejaVu Sans Mono", monospace; white-space: pre-wrap;
        border: 0.5pt solid #777; padding: 0.8mm; margin: 0.4mm 0 1mm; }
.sources p { margin: 0 0 0.5mm; padding-left: 3mm; text-indent: -3mm; font-size: 7.2pt; }
ul { margin: 0; padding-left: 4mm; }
"""

#: The ruling a sheet cites as its example (the rules page's own: the fourth card
#: against a pair royal), by its name in the registry.
_CITED_EXAMPLE = ruling_id("pair_royal_capture")


def _card_svg(markup: str) -> str:
    """The SVG with each ``var(--name, fallback)`` replaced by its fallback."""
    return re.sub(r"var\(--[\w-]+,\s*([^)]+)\)", r"\1", markup)


#: A space no line breaks at.
_NBSP = "\u00a0"


def _rids(rulings: tuple[str, ...]) -> str:
    """The rulings' numbers, `` (R13, R38)``, after a space (a no-break space before
    the span throws WeasyPrint's line breaking off)."""
    return f' <span class="rid">({("," + _NBSP).join(rulings)})</span>'


def _said(rulings: tuple[str, ...]) -> str:
    """The rulings' numbers after a sentence of the example, as plain text: a span
    after "Dan (the dealer) takes …" makes WeasyPrint break the line after "Dan"."""
    return f" ({', '.join(rulings)})"


def _mark(changed: bool) -> str:
    return f' <span class="mark changed">{CHANGED.replace(" ", _NBSP)}</span>' if changed else ""


def _rule(rule: Rule) -> str:
    question = f'<span class="q">{escape(rule.question)}</span> ' if rule.question else ""
    return (
        f'<p class="rule" id="{rule.rulings[0].lower()}">{question}{escape(rule.text)}'
        f"{_rids(rule.rulings)}{_mark(rule.changed)}</p>"
    )


def _stakes(h: Handout) -> str:
    rows = []
    for row in h.stakes:
        s = row.report
        be = "none" if s.break_even is None else str(s.break_even)
        table = str(s.table_cards)
        rows.append(
            f"<tr><td>{s.players}</td><td>{s.dealer_ante} / {s.other_ante}</td>"
            f"<td>{s.pot}</td><td>{s.hand_size}</td><td>{table}</td>"
            f"<td>{s.last_player_bonus}</td><td>{be}</td>"
            f'<td class="l">{_rids((row.ruling,))}{_mark(row.changed)}</td></tr>'
        )
    balance = " ".join(escape(b) for b in h.balance)
    return (
        "<table><thead><tr><th>players</th><th>antes: dealer / each other</th><th>pot</th>"
        "<th>cards each</th><th>to the table</th><th>last player’s bonus</th>"
        f'<th>break-even</th><th class="l"></th></tr></thead><tbody>{"".join(rows)}</tbody>'
        f'</table><p class="balance">{balance}</p>'
    )


def _section(s: Section, h: Handout) -> str:
    if not s.rules and s.key != "deal":
        return ""
    intro = f"<p>{escape(s.intro)}</p>" if s.intro else ""
    table = _stakes(h) if s.key == "deal" else ""
    head = f"<h2>{escape(s.heading)}</h2>{intro}{table}"
    if table:  # the deal's heading, its words and its table in one column
        head = f'<div class="keep">{head}</div>'
    return head + "".join(_rule(r) for r in s.rules)


def _words(h: Handout) -> str:
    items = "".join(
        f'<p><span class="term">{escape(w.term)}</span>: {escape(w.meaning)}.</p>' for w in h.words
    )
    return (
        f"<h2>A hand in brief</h2><p>{escape(BRIEF)}</p>"
        f'<div class="words"><h2>The words of the game</h2>{items}</div>'
    )


_NUMBER_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _example(ex: Example | None) -> str:
    if ex is None:
        return ""
    table = table_of(ex.players, ex.dealer, ex.names)
    deal = " ".join(escape(t.text) for t in ex.deal)
    deal_rulings = tuple(dict.fromkeys(t.ruling for t in ex.deal))
    won = sum(ex.won_before)
    seats = "".join(
        f'<div class="seat"><span class="seat-label">{escape(table.name(s))}</span>'
        f"{_card_svg(svg.row(ex.hands[s]))}</div>"
        for s in range(ex.players)
    )
    seats += (
        f'<div class="seat"><span class="seat-label">The table</span>'
        f"{_card_svg(svg.row(ex.table))}</div>"
    )
    piles = count_list([f"{ex.names[s]} {n}" for s, n in enumerate(ex.won_before)], "and")
    if won:
        later = (
            f"Later in the hand {won} of the 52 cards have been won ({piles}). These are"
            f" left, and {escape(table.name(ex.to_play))} is to play:"
        )
    else:
        later = "The hands and the table:"
    moves = []
    ending: list[str] = []
    for m in ex.moves:
        first, *then = m.told
        text = f"{escape(first.text)}{_said((first.ruling,))}"
        if m is ex.moves[-1]:
            # What ends the hand, a line each: the last player, the leftovers, the stakes.
            ending = [f"<li>{escape(t.text)}{_said((t.ruling,))}</li>" for t in then]
        elif then:
            text += (
                ' <span class="then">'
                + " ".join(f"{escape(t.text)}{_said((t.ruling,))}" for t in then)
                + "</span>"
            )
        moves.append(f"<li>{text}</li>")
    end_list = f'<p>Then:</p><ul class="ending">{"".join(ending)}</ul>' if ending else ""
    if ex.break_even is not None:
        after = count_list([f"{ex.names[s]} {n}" for s, n in enumerate(ex.won_after)], "and")
        end = (
            f"Won cards at the end: {after}; the break-even with {_NUMBER_WORDS[ex.players]}"
            f" players is {ex.break_even}"
        )
    else:  # most pairs takes the pot: the pairs are what count
        pairs = [f"{ex.names[s]} {n // 2}" for s, n in enumerate(ex.won_after)]
        end = f"Pairs won at the end: {count_list(pairs, 'and')}"
    return (
        "<h2>A worked example</h2>"
        f"<p>A hand for {_NUMBER_WORDS[ex.players]} players, played by the rules on this"
        f" sheet. {deal}{_said(deal_rulings)}</p>"
        f'<div class="keep"><p>{later}</p><div class="board">{seats}</div></div>'
        f'<ol class="moves">{"".join(moves)}</ol>{end_list}'
        f"<p>{escape(sentence(end))}</p>"
    )


def _sources(h: Handout) -> str:
    items = "".join(f"<p>{escape(text)}</p>" for _, text in h.sources)
    return f'<div class="sources"><h2>Sources</h2>{items}</div>'


def _cite(h: Handout) -> str:
    # The rules page's own example of a citation (R14, the fourth card against
    # a pair royal), if the sheet states it.
    example = _CITED_EXAMPLE if _CITED_EXAMPLE in h.rulings else min(h.rulings)
    site = h.site or NO_ADDRESS
    ruling = ruling_citation(example, site, h.version, date=h.date)
    where = f"{h.site}citing.html" if h.site else f"the site’s “How to cite” page ({LOCAL_BUILD})"
    return (
        "<h2>How to cite</h2><p>This handout and the site:</p>"
        f'<div class="cite">{escape(h.citation)}</div>'
        "<p>A ruling, by its number (numbers never change meaning; each has an anchor on"
        " the site):</p>"
        f'<div class="cite">{escape(ruling)}</div>'
        f"<p>Every ruling, every source and BibTeX entries: {escape(where)}</p>"
    )


def _head(h: Handout) -> str:
    first = ruling_id("pack")  # the first ruling, as the sheet's example of the numbers
    anchors = f"{h.site}{ruling_anchor(first)} and so on" if h.site else "its rules page"
    lead = (
        f'<p class="lead">The rules in the order a hand is played, for'
        f" {count_list(h.players)} players. The number beside each rule ({first} …) is its"
        f" ruling’s permanent number on the site ({escape(anchors)}), where each source’s"
        f" own words are quoted with the reasons for the reading. lld version {h.version},"
        f" made {h.date}.</p>"
    )
    changed = ""
    if h.changes or h.moot_changes:
        items = "".join(
            f"<li>{escape(c.title)}{_rids((c.ruling,))}: {escape(c.text)}.</li>" for c in h.changes
        )
        moot = ""
        if h.moot_changes:
            moot = (
                f"<p>{h.moot_changes} other change{'' if h.moot_changes == 1 else 's'}"
                " makes no difference under these rules, and is not shown.</p>"
            )
        changed = (
            '<div class="changed-list"><b>Changed by the teacher</b>, each marked'
            f" “{CHANGED}” below:<ul>{items}</ul>{moot}</div>"
        )
    differs = ""
    if h.differences:
        said = "; ".join(f"{escape(d.label)}{_rids(d.rulings)}" for d in h.differences)
        differs = (
            '<p class="differs"><b>Where it differs from the project’s reconstruction:</b>'
            f" {said}.</p>"
        )
    elif h.name == "reconstruction" and not h.changes:
        differs = ""
    return lead + changed + differs


def handout_html(h: Handout, paper: str = "a4", size: float = FONT_SIZES[0]) -> str:
    """The handout as a standalone HTML document for ``paper`` (``a4`` or ``letter``),
    its text ``size`` points."""
    footer = f"lld {h.version} · {h.date} · {h.site or 'a local build, no public address'}"
    css = _CSS % {"size": PAPERS[paper], "footer": footer.replace('"', "'"), "font": f"{size:g}"}
    title = f"Laugh and Lie Down: {h.title}"
    body = "".join(_section(s, h) for s in h.sections)
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{css}</style></head><body>"
        f'<h1>Laugh and Lie Down</h1><p class="sub">{escape(sentence(h.title))}</p>'
        f"{_head(h)}"
        f'<div class="flow">{_words(h)}{body}{_example(h.example)}{_sources(h)}'
        f"{_cite(h)}</div></body></html>"
    )

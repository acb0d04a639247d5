"""The arithmetic audit: does each source's deal and money add up?

Willughby, as du Coeur and Parlett report him, promises that "everything
should come out even". For every stakes table the engine has
(:data:`lld.stakes.TABLES`), and for the tables as a source literally prints
them where that differs from the engine's reading, the audit checks:

1. **cards**: the hands and the table cards make 52;
2. **claim**: the pot equals the last player's bonus plus one stake for every
   two cards above everyone's break-even (the sum each source does);
3. **disposal**: over *every* way the 52 cards can end up won (in pairs), the
   pot is used up exactly. It reports the range of what is left (negative:
   the pot paid out more than it held).

It also lists the places where a source's label says one thing and its
content another (:func:`mismatches`), and maps every quoted clause of every
source to what it decides (:func:`coverage`): the option values it supports or
allows, the fixed rulings it states, the rulings on which it records the
source's silence or damage, and any clause that maps to nothing.

>>> found = {f.key: f for f in audit()}
>>> found["willughby/5"].status, found["willughby/5"].pot_left
('passes', (0, 0))
>>> f = found["du_coeur/8"]
>>> f.status, f.claim_ok, f.pot_left
('fails', True, (-4, 3))
>>> found["parlett/3"].status, found["parlett/3"].notes[0][:36]
('notable', 'break-even 14 is not the 13 cards de')
>>> sorted(k for k, f in found.items() if f.status == "fails")[:3]
['du_coeur/8', 'du_coeur_reduced/8', 'sympkyn_flat/5']
>>> cov = {c.source: c for c in coverage()}
>>> [u.clause for u in cov["parlett"].unmapped]
[]
>>> ("first_dealer", "low_cut") in cov["parlett"].option_values
True
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lld.cards import NUM_CARDS
from lld.concordance import ruling_id
from lld.stakes import TABLES, StakesTable, stakes_for_cards

if TYPE_CHECKING:
    from lld.concordance import Concordance

#: How a case settles: by break-even (:func:`lld.stakes.stakes_for_cards`), by
#: break-even with winners paying in as well (Sympkyn's words taken literally),
#: or by most pairs (Compendium Caidis).
BREAK_EVEN, BOTH_PAY, MOST_PAIRS = "break_even", "both_pay", "most_pairs"
ENGINE, AS_PRINTED = "engine", "as printed"


@dataclass(frozen=True)
class Case:
    """One table to audit: an engine table, or one as a source prints it."""

    name: str
    players: int
    sources: tuple[str, ...]
    reading: str
    dealer_ante: int
    other_ante: int
    hand_size: int
    table_cards: int
    last_player_bonus: int
    break_even: int | None
    scoring: str
    #: The clauses that give these numbers (for an engine table, those supporting it).
    clauses: tuple[str, ...] = ()
    description: str = ""

    @property
    def key(self) -> str:
        return f"{self.name}/{self.players}"

    # The pot and the cards dealt are worked out here again, not borrowed from
    # StakesTable: the audit checks the engine's arithmetic, so it must not share it.
    @property
    def pot(self) -> int:
        return self.dealer_ante + self.other_ante * (self.players - 1)

    @property
    def cards_dealt(self) -> int:
        return self.players * self.hand_size + self.table_cards

    @classmethod
    def from_table(cls, t: StakesTable) -> Case:
        scoring = BREAK_EVEN if t.break_even is not None else MOST_PAIRS
        return cls(
            t.name, t.players, t.sources, ENGINE, t.dealer_ante, t.other_ante, t.hand_size,
            t.table_cards, t.last_player_bonus, t.break_even, scoring, (), t.summary,
        )  # fmt: skip


@dataclass(frozen=True)
class Finding:
    """What the audit found for one :class:`Case`."""

    case: Case
    cards_ok: bool
    #: Whether pot = bonus + stakes for the surplus cards; ``None`` without a break-even.
    claim_ok: bool | None
    #: Every amount the pot can be left with after settlement, lowest first.
    pot_left_values: tuple[int, ...]
    notes: tuple[str, ...]
    explanation: str

    @property
    def key(self) -> str:
        return self.case.key

    @property
    def surplus_cards(self) -> int | None:
        """Cards above everyone's break-even: 52 less players x break-even."""
        be = self.case.break_even
        return None if be is None else NUM_CARDS - self.case.players * be

    @property
    def owed(self) -> float | None:
        """Bonus plus one stake per two surplus cards: what the pot is meant to hold."""
        surplus = self.surplus_cards
        return None if surplus is None else self.case.last_player_bonus + surplus / 2

    @property
    def pot_left(self) -> tuple[int, int]:
        return self.pot_left_values[0], self.pot_left_values[-1]

    @property
    def disposed(self) -> bool:
        """The pot is used up exactly, whatever the play."""
        return self.pot_left_values == (0,)

    @property
    def passes(self) -> bool:
        return self.cards_ok and self.claim_ok is not False and self.disposed

    @property
    def status(self) -> str:
        """``fails``, ``notable`` (passes, with something worth saying) or ``passes``."""
        if not self.passes:
            return "fails"
        return "notable" if self.notes else "passes"

    def as_dict(self) -> dict[str, object]:
        c = self.case
        owed = self.owed
        return {
            "key": self.key,
            "table": c.name,
            "players": c.players,
            "sources": list(c.sources),
            "reading": c.reading,
            "clauses": list(c.clauses),
            "dealer_ante": c.dealer_ante,
            "other_ante": c.other_ante,
            "pot": c.pot,
            "hand_size": c.hand_size,
            "table_cards": c.table_cards,
            "cards_dealt": c.cards_dealt,
            "last_player_bonus": c.last_player_bonus,
            "break_even": c.break_even,
            "surplus_cards": self.surplus_cards,
            "owed": int(owed) if owed is not None and owed == int(owed) else owed,
            "pot_left": list(self.pot_left),
            "pot_left_values": list(self.pot_left_values),
            "checks": {"cards": self.cards_ok, "claim": self.claim_ok, "disposal": self.disposed},
            "status": self.status,
            "notes": list(self.notes),
            "explanation": self.explanation,
        }


@dataclass(frozen=True)
class Mismatch:
    """A place where a source's label and its content disagree.

    ``label`` and ``content`` are the source's own words (verbatim, short);
    ``explanation`` is ours.
    """

    source: str
    clauses: tuple[str, ...]
    label: str
    content: str
    explanation: str

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.source,
            "clauses": list(self.clauses),
            "label": self.label,
            "content": self.content,
            "explanation": self.explanation,
        }


# ------------------------------------------------------------------ arithmetic


def _scorer(case: Case) -> Callable[[int], int]:
    be = case.break_even
    assert be is not None
    if case.scoring == BOTH_PAY:
        return lambda cards: -abs(int(stakes_for_cards(cards, be)))
    # The audit's cases hold only pairs (even piles), so every payment is whole,
    # whatever R44 reads a part-pair as.
    return lambda cards: int(stakes_for_cards(cards, be))


def outcomes(case: Case) -> set[tuple[int, int]]:
    """Every (pot left, winners less losers) a hand can end with.

    Won cards come in pairs (captures and laid pairs are two or four cards,
    and the dealer's leftovers are 52 less the rest), so each player ends
    with an even number from 0 to 52 and the counts add to 52. The last
    player's bonus is always paid: the hand ends when one player is left.

    >>> case = Case.from_table(TABLES[5]["willughby"])
    >>> sorted({left for left, _ in outcomes(case)})
    [0]
    """
    if case.scoring == MOST_PAIRS:
        # The pot goes to the single player with most pairs. With two or more
        # players a tie is possible (say, one pair each for two and none for the
        # rest), and then nobody takes it.
        tie_possible = case.players >= 2
        return {(0, 0), (case.pot, 0)} if tie_possible else {(0, 0)}
    score = _scorer(case)
    # reach[cards] = {(stakes paid out of the pot, winners - losers)}
    reach: dict[int, set[tuple[int, int]]] = {0: {(0, 0)}}
    for _ in range(case.players):
        nxt: dict[int, set[tuple[int, int]]] = {}
        for cards, states in reach.items():
            for won in range(0, NUM_CARDS - cards + 1, 2):
                s = score(won)
                d = (s > 0) - (s < 0)
                nxt.setdefault(cards + won, set()).update((p + s, w + d) for p, w in states)
        reach = nxt
    left_after_bonus = case.pot - case.last_player_bonus
    return {(left_after_bonus - paid, diff) for paid, diff in reach.get(NUM_CARDS, set())}


def check(case: Case) -> Finding:
    """Audit one case."""
    c = case
    cards_ok = c.cards_dealt == NUM_CARDS
    results = outcomes(c)
    values = tuple(sorted({left for left, _ in results}))
    parts = [
        f"{c.players} x {c.hand_size} + {c.table_cards} = {c.cards_dealt} cards"
        + ("" if cards_ok else f", not {NUM_CARDS}")
    ]
    notes: list[str] = []
    claim_ok: bool | None = None
    if c.break_even is None:
        parts.append(
            f"the pot is the dealer's {c.pot} and goes whole to the player with most pairs;"
            f" a tie for most leaves it undisposed (pot left {values[0]} or {values[-1]})"
        )
    else:
        surplus = NUM_CARDS - c.players * c.break_even
        owed = c.last_player_bonus + surplus / 2
        claim_ok = owed == c.pot
        owed_text = f"{owed:g}"
        if surplus < 0:
            parts.append(
                f"break-even {c.break_even} x {c.players} players = {-surplus + NUM_CARDS}"
                f" cards, more than the {NUM_CARDS} in the pack: nobody can break even, so"
                " everyone pays in and only the last player is paid"
            )
        else:
            parts.append(
                f"bonus {c.last_player_bonus} + {surplus / 2:g} stakes for the {surplus} cards"
                f" above break-even {c.break_even} = {owed_text}"
                + (f", the pot of {c.pot}" if claim_ok else f", but the pot is {c.pot}")
            )
        if c.scoring == BOTH_PAY:
            parts.append(
                "winners pay into the pot as losers do, so only the last player is paid from it"
            )
        if c.break_even % 2:
            balanced_iff_even = all((2 * left == -diff) for left, diff in results)
            parts.append(
                f"break-even {c.break_even} is odd, so nobody breaks even"
                + (
                    " and the pot is used up only when as many players win as lose"
                    if balanced_iff_even
                    else ""
                )
            )
        if c.hand_size != c.break_even and cards_ok and claim_ok and values == (0,):
            notes.append(
                f"break-even {c.break_even} is not the {c.hand_size} cards dealt to each"
                " player, though the sum still balances"
            )
    if c.scoring != MOST_PAIRS:  # (most pairs: said above)
        parts.append(_left_text(values))
    explanation = "; ".join(parts) + "."
    return Finding(case, cards_ok, claim_ok, values, tuple(notes), explanation)


def _left_text(values: tuple[int, ...]) -> str:
    if values == (0,):
        return "the pot is used up exactly whatever the play"
    if len(values) == 1:
        return f"the pot always ends {abs(values[0])} {'short' if values[0] < 0 else 'over'}"
    return f"the pot ends anywhere from {values[0]} to {values[-1]}"


# ------------------------------------------------------------------ the cases

#: A row of Sympkyn's variants table: six numbers between bars.
_ROW = re.compile(r"^\s*" + r"\s*\|\s*".join([r"(\d+)"] * 6) + r"\s*\|?\s*$")
_PAIRS_HEADER = "Break even(pairs)"


@dataclass(frozen=True)
class _Row:
    clause: str
    players: int
    dealer_ante: int
    other_ante: int
    hand_size: int
    bonus: int
    printed: int


def _sympkyn_table(conc: Concordance) -> tuple[str | None, tuple[_Row, ...]]:
    """Sympkyn's variants table, parsed from the quoted rows: (header clause, rows)."""
    header = None
    rows = []
    for clause in conc.clauses_of("sympkyn"):
        if _PAIRS_HEADER in clause.quote:
            header = clause.id
        m = _ROW.match(clause.quote)
        if m:
            n = tuple(int(x) for x in m.groups())
            rows.append(_Row(clause.id, *n))
    return header, tuple(rows)


def _engine_match(row: _Row) -> StakesTable | None:
    """The engine table Sympkyn's row gives (same antes, deal and bonus)."""
    for t in TABLES.get(row.players, {}).values():
        if "sympkyn" in t.sources and (
            (t.dealer_ante, t.other_ante, t.hand_size, t.last_player_bonus)
            == (row.dealer_ante, row.other_ante, row.hand_size, row.bonus)
        ):
            return t
    return None


def cases(conc: Concordance | None = None) -> tuple[Case, ...]:
    """Every engine table, then each table as literally printed where that differs."""
    if conc is None:
        from lld.concordance import load

        conc = load()
    out = [
        dataclasses.replace(
            Case.from_table(t),
            clauses=tuple(c.id for c in conc.supporting(ruling_id(f"deal_{n}"), t.name)),
        )
        for n in sorted(TABLES)
        for t in TABLES[n].values()
    ]
    # Sympkyn's table, with its break-even column read as pairs, as its header says.
    header, rows = _sympkyn_table(conc)
    for row in rows:
        engine = _engine_match(row)
        literal = 2 * row.printed
        if engine is not None and engine.break_even == literal:
            continue
        out.append(
            Case(
                "sympkyn_table_as_printed", row.players, ("sympkyn",), AS_PRINTED,
                row.dealer_ante, row.other_ante, row.hand_size,
                NUM_CARDS - row.players * row.hand_size, row.bonus, literal, BREAK_EVEN,
                tuple(c for c in (header, row.clause) if c),
                f"Sympkyn's table row, its break-even of {row.printed} read as pairs"
                f" ({literal} cards), as the column header says; the table cards are not"
                " printed and are taken as the rest of the pack",
            )
        )  # fmt: skip
    # Sympkyn's text: a flat one-coin ante, and "takes 1 coin to the pot" for
    # pairs over eight, taken at its word.
    flat = TABLES[5]["sympkyn_flat"]
    out.append(
        Case(
            "sympkyn_text_as_printed", 5, ("sympkyn",), AS_PRINTED, flat.dealer_ante,
            flat.other_ante, flat.hand_size, flat.table_cards, flat.last_player_bonus,
            flat.break_even, BOTH_PAY, ("S-6", "S-22", "S-24", "S-25", "S-26"),
            "Sympkyn's text: one coin each, 5 to the last player, and one coin per pair"
            " away from eight paid *to* the pot both under and over",
        )
    )  # fmt: skip
    out.sort(key=lambda c: c.players)
    return tuple(out)


def audit(conc: Concordance | None = None) -> tuple[Finding, ...]:
    """Audit every case; see the module docstring."""
    return tuple(check(c) for c in cases(conc))


# ------------------------------------------------------------------ mismatches


def mismatches(conc: Concordance | None = None) -> tuple[Mismatch, ...]:
    """Every place a source's label disagrees with its content.

    The Sympkyn table's and Parlett's are found from the numbers; the rest are
    the project's reading of the texts, kept in each source's file in ``sources/``.
    """
    if conc is None:
        from lld.concordance import load

        conc = load()
    out: list[Mismatch] = []
    header, rows = _sympkyn_table(conc)
    for row in rows:
        engine = _engine_match(row)
        if engine is None or engine.break_even is None:
            continue
        if 2 * row.printed != engine.break_even and row.printed == engine.break_even:
            out.append(
                Mismatch(
                    "sympkyn", tuple(c for c in (header, row.clause) if c), _PAIRS_HEADER,
                    conc.clause(row.clause).quote,
                    f"The column is labelled in pairs, and the other rows are pairs, but for"
                    f" {row.players} players {row.printed} is cards (the copied variant's"
                    f" break-even of {engine.break_even}, with {row.hand_size} dealt); as pairs"
                    f" it would be {2 * row.printed} cards each,"
                    f" {2 * row.printed * row.players} in all.",
                )
            )  # fmt: skip
        flat = TABLES[row.players].get("sympkyn_flat")
        if flat is not None and (flat.dealer_ante, flat.other_ante) != (
            row.dealer_ante,
            row.other_ante,
        ):
            out.append(
                Mismatch(
                    "sympkyn", ("S-6", row.clause), "antes 1 coin",
                    conc.clause(row.clause).quote,
                    f"The text antes {flat.dealer_ante} coin from everyone (a pot of {flat.pot});"
                    f" the table's row for {row.players} players has the dealer ante"
                    f" {row.dealer_ante} and the others {row.other_ante} (a pot of"
                    f" {row.dealer_ante + row.other_ante * (row.players - 1)}).",
                )
            )  # fmt: skip
    # Parlett's break-even is "the eight he started with" in the five-player
    # game; in his three- and six-player versions it is not what was dealt.
    for n in sorted(TABLES):
        for t in TABLES[n].values():
            if "parlett" not in t.sources or t.break_even is None:
                continue
            if t.break_even != t.hand_size:
                deal = next(c for c in conc.clauses_for(ruling_id(f"deal_{n}"), "parlett")
                            if c.quote.startswith("Deal "))  # fmt: skip
                limit = next(c for c in conc.clauses_for(ruling_id(f"deal_{n}"), "parlett")
                             if "above or below" in c.quote)  # fmt: skip
                out.append(
                    Mismatch(
                        "parlett", ("P-31", deal.id, limit.id), "the eight he started with",
                        limit.quote,
                        f"For five players Parlett's break-even is the cards each player"
                        f" started with; in his {n}-player version {t.hand_size} are dealt"
                        f" but the break-even is {t.break_even}. The sum still balances (it"
                        " counts the table cards, not the deal), but a player who ends with"
                        " what he was dealt does not break even. Sympkyn copies it.",
                    )
                )  # fmt: skip
    # The rest are the project's reading of the texts, kept with each source
    # (its file's [[mismatches]]).
    out.extend(
        Mismatch(s.id, m.clauses, m.label, m.content, m.explanation)
        for s in conc.sources
        for m in s.mismatches
    )
    return tuple(out)


# ------------------------------------------------------------------ clause coverage

_VALUE_READINGS = ("ambiguous", "self-contradictory")
_NOTE_READINGS = ("silent", "damaged", "witnesses")


def _ruling_order(rid: str) -> int:
    return int(rid[1:])


@dataclass(frozen=True)
class ClauseUse:
    """What one clause maps to.

    A clause maps to something on each ruling it names when it supports an
    option value, allows values (an ambiguous or self-contradictory clause with
    its readings), states or bears on a fixed ruling, or records the source's
    silence or damage there, or a term or another game's practice it witnesses
    (no rule of this game). On a ruling with an option, a clause that gives no
    value and is not silent, damaged or a witness maps to nothing: it says the
    words bear on the question without saying which way.
    """

    clause: str
    source: str
    reading: str
    rulings: tuple[str, ...]
    #: (ruling, option, value) for each value the clause supports.
    supports: tuple[tuple[str, str, str], ...]
    #: (ruling, option, value) for each reading an ambiguous or self-contradictory clause allows.
    allows: tuple[tuple[str, str, str], ...]
    #: Rulings without an option that the clause states or bears on.
    fixed: tuple[str, ...]
    #: Rulings on which the clause records the source's silence or damage, or a witness.
    silent_or_damaged: tuple[str, ...]
    #: Rulings with an option on which the clause gives nothing.
    unmapped_rulings: tuple[str, ...]
    #: For strategy advice: the willughby bot's rules of thumb and parameters it maps to.
    advice: tuple[str, ...] = ()

    @property
    def mapped(self) -> bool:
        return not self.unmapped_rulings and bool(self.rulings or self.advice)

    def as_dict(self) -> dict[str, object]:
        return {
            "clause": self.clause,
            "source": self.source,
            "reading": self.reading,
            "rulings": list(self.rulings),
            "supports": [list(x) for x in self.supports],
            "allows": [list(x) for x in self.allows],
            "fixed": list(self.fixed),
            "silent_or_damaged": list(self.silent_or_damaged),
            "unmapped_rulings": list(self.unmapped_rulings),
            "advice": list(self.advice),
            "mapped": self.mapped,
        }


@dataclass(frozen=True)
class SourceCoverage:
    """One source's clauses and what they map to."""

    source: str
    clauses: tuple[ClauseUse, ...]

    @property
    def rulings(self) -> tuple[str, ...]:
        """Every ruling some clause of the source bears on."""
        found = {r for c in self.clauses for r in c.rulings}
        return tuple(sorted(found, key=_ruling_order))

    @property
    def rulings_decided(self) -> tuple[str, ...]:
        """Rulings the source decides: a value supported, or a fixed rule stated."""
        found = {r for c in self.clauses for r, _, _ in c.supports}
        found |= {r for c in self.clauses if c.reading == "states" for r in c.fixed}
        return tuple(sorted(found, key=_ruling_order))

    @property
    def option_values(self) -> tuple[tuple[str, str], ...]:
        """(option, value) for every value some clause of the source supports."""
        return tuple(sorted({(o, v) for c in self.clauses for _, o, v in c.supports}))

    @property
    def advice(self) -> tuple[str, ...]:
        """The bot's rules of thumb and parameters some clause of the source maps to."""
        return tuple(sorted({a for c in self.clauses for a in c.advice}))

    @property
    def unmapped(self) -> tuple[ClauseUse, ...]:
        return tuple(c for c in self.clauses if not c.mapped)

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.source,
            "clauses": len(self.clauses),
            "rulings": list(self.rulings),
            "rulings_decided": list(self.rulings_decided),
            "option_values": [list(x) for x in self.option_values],
            "advice": list(self.advice),
            "unmapped": [c.clause for c in self.unmapped],
            "by_clause": [c.as_dict() for c in self.clauses],
        }


def _use(conc: Concordance, clause_id: str) -> ClauseUse:
    c = conc.clause(clause_id)
    supports: list[tuple[str, str, str]] = []
    allows: list[tuple[str, str, str]] = []
    fixed: list[str] = []
    noted: list[str] = []
    unmapped: list[str] = []
    for rid in c.rulings:
        option = conc.ruling(rid).option
        if c.reading in _NOTE_READINGS:
            noted.append(rid)
        elif option is None:
            fixed.append(rid)
        elif c.reading == "supports":
            supports.extend((rid, option, v) for v in c.values)
        elif c.reading in _VALUE_READINGS and c.values:
            allows.extend((rid, option, v) for v in c.values)
        else:
            unmapped.append(rid)
    return ClauseUse(
        c.id, c.source, c.reading, c.rulings, tuple(supports), tuple(allows), tuple(fixed),
        tuple(noted), tuple(unmapped), c.advice,
    )  # fmt: skip


def coverage(conc: Concordance | None = None) -> tuple[SourceCoverage, ...]:
    """Every source's clauses, each with what it maps to, in the sources' order."""
    if conc is None:
        from lld.concordance import load

        conc = load()
    return tuple(
        SourceCoverage(s.id, tuple(_use(conc, c.id) for c in conc.clauses_of(s.id)))
        for s in conc.sources
    )


def pending_options(conc: Concordance | None = None) -> tuple[tuple[str, str], ...]:
    """(ruling, option) for every option the registry decides that the engine lacks."""
    from lld.ruleset import OPTIONS

    if conc is None:
        from lld.concordance import load

        conc = load()
    return tuple((r.id, r.option) for r in conc.rulings if r.option and r.option not in OPTIONS)


def coverage_report(
    found: tuple[SourceCoverage, ...], pending: tuple[tuple[str, str], ...] = ()
) -> str:
    """The clause coverage as text: per source, then every clause that maps to nothing."""
    lines = ["Clause coverage (what each quoted clause maps to)", ""]
    for s in found:
        lines.append(
            f"{s.source:9} {len(s.clauses):3} clauses  bear on {len(s.rulings):2} rulings,"
            f" decide {len(s.rulings_decided):2}  support {len(s.option_values):2} option values"
            f"  advise the bot {len(s.advice)}  unmapped {len(s.unmapped)}"
        )
        for u in s.unmapped:
            lines.append(f"{'':9} unmapped: {u.clause} ({u.reading}) on"
                         f" {', '.join(u.unmapped_rulings)}")  # fmt: skip
    total = sum(len(s.unmapped) for s in found)
    lines += ["", f"{sum(len(s.clauses) for s in found)} clauses, {total} unmapped."]
    if pending:
        lines.append(
            "Options decided in the registry and not yet in the engine: "
            + ", ".join(f"{o} ({r})" for r, o in pending)
            + "."
        )
    return "\n".join(lines)


# ------------------------------------------------------------------ reporting


def report(findings: tuple[Finding, ...], found: tuple[Mismatch, ...]) -> str:
    """The audit as text."""
    lines = ["Arithmetic audit (pot left: what remains after settlement; negative = short)", ""]
    width = max(len(f.key) for f in findings)
    for f in findings:
        c = f.case
        low, high = f.pot_left
        left = f"{low}" if low == high else f"{low}..{high}"
        lines.append(
            f"{f.status.upper():8} {f.key:{width}}  {c.reading:10}  pot {c.pot:>2}"
            f"  bonus {c.last_player_bonus:>2}  break-even {c.break_even!s:>4}"
            f"  pot left {left:>6}  ({', '.join(c.sources)})"
        )
        lines.append(f"{'':8} {f.explanation}")
        for note in f.notes:
            lines.append(f"{'':8} note: {note}")
    lines += ["", "Label and content mismatches", ""]
    for m in found:
        lines.append(f"{m.source}: {m.label!r} / {m.content!r}" + (
            f"  [{', '.join(m.clauses)}]" if m.clauses else ""))  # fmt: skip
        lines.append(f"    {m.explanation}")
    failed = sum(1 for f in findings if not f.passes)
    lines += ["", f"{len(findings)} tables audited, {failed} fail; {len(found)} mismatches."]
    return "\n".join(lines)


__all__ = [
    "AS_PRINTED",
    "ENGINE",
    "Case",
    "ClauseUse",
    "Finding",
    "Mismatch",
    "SourceCoverage",
    "audit",
    "cases",
    "check",
    "coverage",
    "coverage_report",
    "mismatches",
    "outcomes",
    "pending_options",
    "report",
]

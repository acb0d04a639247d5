"""Golden playthroughs: each example hand, step by step, as every seat saw it.

For each example record (``examples/*.lld``) and each preset there is one
transcript in ``tests/golden/`` (the format is described in
``tests/golden/README.md`` and in the first line of every file). This module
writes them from the engine's public read-model alone (:func:`lld.steps`,
:class:`lld.Position`, :class:`lld.Observation`, :func:`lld.replay_under`): it
works out nothing of the rules itself, so a change in the engine's behaviour
shows up as a change in a transcript, for a person to review.

``python tools/golden.py --write`` rewrites the files and ``--check`` compares
them; ``tests/test_golden.py`` compares them and never rewrites them.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from lld.cards import RANKS, format_cards
from lld.errors import RecordError
from lld.events import Event
from lld.moves import Move
from lld.observation import Observation
from lld.position import Position
from lld.presets import PRESETS
from lld.record import HandRecord, load_record
from lld.replay import Outcome, replay_under, steps

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
GOLDEN = ROOT / "tests" / "golden"
SUFFIX = ".txt"
#: The first line of every transcript: what it is, and how to read it.
HEADER = (
    "# lld golden playthrough, format 1: one fact a line, 'STEP FACT: VALUE'; step 0 is"
    " the deal, step N follows the record's Nth move; 'seat S ...' is only seat S's to see,"
    " every other fact every seat's; see tests/golden/README.md"
)


def examples(directory: Path = EXAMPLES) -> list[Path]:
    """The example records, by name."""
    return sorted(directory.glob("*.lld"))


def golden_name(example: Path, preset: str) -> str:
    """The transcript's file name: ``r14-pair-royal-one-of-three.parlett.txt``."""
    return f"{example.stem}.{preset}{SUFFIX}"


def expected_files(directory: Path = EXAMPLES) -> dict[str, tuple[Path, str]]:
    """Every transcript there should be: its file name, and its example and preset."""
    return {
        golden_name(path, preset): (path, preset)
        for path in examples(directory)
        for preset in PRESETS
    }


# ------------------------------------------------------------------ the variant played


def variant(rec: HandRecord, preset: str) -> HandRecord:
    """The record as it is played for ``preset``.

    Under its own preset a record is played as written, its ``option:`` lines
    included. Under any other preset its deal (the seed or the cards) and moves
    are played under that preset alone, the record's options dropped: each
    transcript then shows one source's reading, never a mixture no source
    reads. Raises :class:`~lld.errors.RecordError` if the preset gives no game
    for the record (for that many players, say).
    """
    if preset == rec.ruleset:
        return replace(rec, result=None)
    return replace(rec, ruleset=preset, options=(), result=None)


def _played_under(rec: HandRecord, preset: str) -> str:
    if preset == rec.ruleset:
        options = " ".join(f"{k}={v}" for k, v in rec.options)
        return f"{preset}, the record as written" + (f" (options {options})" if options else "")
    return f"{preset} alone, the record's options dropped"


# ------------------------------------------------------------------ the transcript


def transcript(example: Path, preset: str) -> str:
    """The transcript of ``example`` (a record's path) under ``preset``."""
    rec = load_record(str(example))
    lines = [
        HEADER,
        f"example: {example.name}",
        f"preset: {preset}",
        f"played under: {_played_under(rec, preset)}",
        f"players: {rec.players}",
    ]
    try:
        played = variant(rec, preset)
    except RecordError as error:
        lines.append(f"end no_game: {error.problem}")
        return "\n".join(lines) + "\n"
    outcome = replay_under(played)
    if outcome.kind == "no_game":
        lines.append(f"end no_game: {outcome.text}")
        return "\n".join(lines) + "\n"
    # Up to the refusal or the early end, every move is legal: walk those.
    legal = len(played.moves)
    if outcome.kind == "illegal":
        legal = (outcome.move_number or 1) - 1
    elif outcome.kind == "ends_early":
        legal = outcome.move_number or 0  # None: the hand was over at the deal
    walked = replace(played, moves=played.moves[:legal])
    lines.extend(_steps(walked))
    lines.append(_end(outcome))
    return "\n".join(lines) + "\n"


def _steps(rec: HandRecord) -> Iterator[str]:
    start = Position.of(rec.new_game())
    yield from _events(0, start.events)
    yield from _state(0, start)
    for step in steps(rec):
        n = step.move_index + 1
        yield f"{n} move: {step.move}"
        yield from _events(n, step.events)
        if step.options:
            yield f"{n} options: {' '.join(step.options)}"
        yield from _state(n, step.after)


def _events(n: int, events: tuple[Event, ...]) -> Iterator[str]:
    for e in events:
        yield f"{n} event {e.rule}: {e.describe()}"


def _state(n: int, position: Position) -> Iterator[str]:
    """Every seat's observation of ``position``: the facts all seats share once,
    then what each seat alone sees."""
    game = position.game()
    seen = [Observation.of(game, seat) for seat in range(position.players)]
    public = [_public(o) for o in seen]
    for fact, value in public[0]:
        if all((fact, value) in facts for facts in public[1:]):
            yield f"{n} {fact}: {value}"
    for seat, o in enumerate(seen):
        # A public fact that some seat sees otherwise would be a leak or a slip:
        # it is written under each seat, where a reviewer sees it.
        for fact, value in public[seat]:
            if not all((fact, value) in facts for facts in public):
                yield f"{n} seat {seat} sees {fact}: {value}"
        for fact, value in _private(o):
            yield f"{n} seat {seat} {fact}: {value}"


def _public(o: Observation) -> list[tuple[str, str]]:
    """What an observation holds that every seat sees, as ``(fact, value)`` pairs
    in a fixed order."""
    facts = [
        ("dealer", str(o.dealer)),
        ("to_play", "-" if o.over else str(o.to_play)),
        ("turns", str(o.turns)),
        ("over", "yes" if o.over else "no"),
    ]
    if o.last_player is not None:
        facts.append(("last_player", str(o.last_player)))
    facts.append(("table", _cards(o.table)))
    facts.extend((f"won {s}", _cards(w)) for s, w in enumerate(o.won))
    if o.aside:
        facts.append(("aside", _cards(o.aside)))
    facts.append(("hand_sizes", " ".join(map(str, o.hand_sizes))))
    facts.append(("out", " ".join(how or "-" for how in o.out)))
    facts.extend((f"lay_down {s}", _cards(c)) for s, c in enumerate(o.lie_downs) if c)
    facts.extend(
        (f"dead {RANKS[g.rank]}", f"{g.origin} ({g.rule}), offender {g.offender}, opens {g.opens}")
        for g in o.dead
    )
    facts.append(("pot", str(o.pot)))
    facts.append(("net", " ".join(f"{x:+d}" if x else "0" for x in o.net)))
    return facts


def _private(o: Observation) -> list[tuple[str, str]]:
    """What only the observing seat sees: its hand, its fresh pairs, its moves."""
    facts = [("hand", _cards(o.hand))]
    if o.fresh:
        facts.append(("fresh", " ".join(RANKS[r] for r in o.fresh)))
    if o.turn_moves:
        facts.append(("turn", _moves(o.turn_moves)))
    if o.free_moves:
        facts.append(("free", _moves(o.free_moves)))
    return facts


def _cards(mask: int) -> str:
    return format_cards(mask) if mask else "-"


def _moves(moves: tuple[Move, ...]) -> str:
    return " | ".join(m.action() for m in moves)


def _end(outcome: Outcome) -> str:
    if outcome.kind == "illegal":
        return (
            f"end illegal: move {outcome.move_number} `{outcome.move}` is refused:"
            f" rule {outcome.rule}, option {outcome.option or '-'}, reason: {outcome.reason}"
        )
    return f"end {outcome.kind}: {outcome.text}"


# ------------------------------------------------------------------ comparing


def mismatch(name: str, expected: str, actual: str) -> str:
    """A unified diff from the file's text to the engine's, or ``""`` if equal."""
    if expected == actual:
        return ""
    return "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            f"tests/golden/{name} (file)",
            f"tests/golden/{name} (engine now)",
        )
    )

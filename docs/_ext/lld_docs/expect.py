"""``:expect:``: a page's claim about the engine, checked while the site is built.

``:expect: parlett=illegal, sympkyn=plays_through`` says how each preset's
replay of the ruling's example ends (the kinds are
:data:`lld.demonstrate.Kind`). If the engine disagrees, the build fails with a
message naming the page, the ruling and the preset.
"""

from __future__ import annotations

from typing import get_args

from sphinx.errors import SphinxError

from lld.demonstrate import Demonstration, Kind
from lld.presets import PRESETS

KINDS: tuple[str, ...] = get_args(Kind)


class ExpectationError(SphinxError):
    category = "The engine disagrees with a page"


def parse_expect(text: str, where: str) -> list[tuple[str, str]]:
    """``"parlett=illegal, sympkyn=plays_through"`` as ``(preset, kind)`` pairs."""
    claims: list[tuple[str, str]] = []
    for part in text.replace(",", " ").split():
        preset, sep, kind = part.partition("=")
        if not sep or preset not in PRESETS or kind not in KINDS:
            raise ExpectationError(
                f"{where}: bad :expect: item {part!r} (write preset=kind; presets: "
                f"{', '.join(PRESETS)}; kinds: {', '.join(KINDS)})"
            )
        claims.append((preset, kind))
    return claims


def check_expect(
    claims: list[tuple[str, str]], demonstration: Demonstration | None, ruling: str, where: str
) -> None:
    """Fail the build unless every ``(preset, kind)`` claim is what the engine does."""
    if not claims:
        return
    if demonstration is None:
        raise ExpectationError(
            f"{where}: {ruling} has :expect: but no example demonstrates it"
            " (see examples/README.md)"
        )
    for preset, kind in claims:
        for behaviour in demonstration.behaviours:
            if any(p == preset for p, _ in behaviour.presets):
                actual = behaviour.outcome
                break
        else:  # every preset is in some behaviour: demonstrate() replays them all
            raise ExpectationError(f"{where}: {ruling}: no replay under preset {preset}")
        if actual.kind != kind:
            raise ExpectationError(
                f"{where}: {ruling}, preset {preset}: the page expects {kind}, but the engine"
                f" gives {actual.kind} in {demonstration.example} ({actual.text})"
            )

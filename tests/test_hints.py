"""The ``hint`` command's wording: it never says "leave it" of the move it recommends."""

from __future__ import annotations

import pytest

from lld.hints import hint
from lld.moves import CAPTURE
from lld.observation import Observation
from lld.presets import ruleset
from positions import position

ADVICE_ON_IT = "the advice on it: "


@pytest.mark.parametrize(
    ("hands", "table", "advice"),
    [
        (["KD KH 5C", "7H 8H 9S"], "KS KC 2D", "DC-54"),  # a pair against a pair
        (["KD 5C", "7H 8H"], "KS KC 2D", "DC-84"),  # a third against a pair
    ],
)
def test_a_hint_to_take_a_capture_the_advice_would_leave_does_not_say_leave_it(
    hands: list[str], table: str, advice: str
) -> None:
    # It said "...: leave it (DC-54) ..." and recommended taking that very capture.
    h = hint(Observation.of(position(ruleset("parlett"), hands, table=table), 0))
    assert h.move is not None
    assert h.move.kind == CAPTURE
    said, _, quoted = h.reason.partition(ADVICE_ON_IT)
    assert quoted, h.reason  # the advice is still quoted, after what the hint says
    assert advice in quoted
    assert "leave" in quoted
    assert "leave" not in said
    assert "hold back" not in said
    assert "a turn must be played" in said


def test_a_pressing_capture_is_hinted_with_its_advice_alone() -> None:
    h = hint(Observation.of(position(ruleset("parlett"), ["7C KD", "7H"], table="7D 2S"), 0))
    assert h.move is not None
    assert ADVICE_ON_IT not in h.reason
    assert "DC-85" in h.reason or "P-61" in h.reason

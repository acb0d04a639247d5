"""The README's Python examples run, and say what the engine does (a changed
answer fails here, so the README cannot drift from the engine)."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_examples_run() -> None:
    text = README.read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(README), 0)
    assert len(test.examples) > 20  # the read-model's examples are there to run
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []

    def out(text: str) -> None:
        failures.append(text)

    result = runner.run(test, out=out)
    assert result.failed == 0, "".join(failures)

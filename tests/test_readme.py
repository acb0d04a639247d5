"""The README's Python examples run, and say what the engine does (a changed
answer fails here, so the README cannot drift from the engine); and the README
stays short enough to read in a minute (the rest is on the site, in
``docs/building.md`` and in ``benchmarks/README.md``)."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"

#: The most lines the README may have: its first screen says what the project is
#: and gives its two commands, and the details live elsewhere.
MOST_LINES = 150


def test_the_readme_examples_run() -> None:
    text = README.read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(README), 0)
    # The read-model, the replay and the reports: 23 examples today. The position's
    # text notation and the tournament moved to the doctests of lld.position and
    # lld.tournament, which pytest runs with the rest of src/lld.
    assert len(test.examples) >= 23
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []

    def out(text: str) -> None:
        failures.append(text)

    result = runner.run(test, out=out)
    assert result.failed == 0, "".join(failures)


def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MOST_LINES, f"README.md has {len(lines)} lines; at most {MOST_LINES}"


def test_the_first_screen_gives_the_two_commands() -> None:
    first_screen = "\n".join(README.read_text(encoding="utf-8").splitlines()[:25])
    for command in ("./run site", "./run test"):
        assert command in first_screen, f"{command} is not on the README's first screen"

"""The data files, read as TOML with a line number for every problem.

:class:`DataFile` turns a problem into ``file:line``; :class:`Table` checks one
TOML table's keys and values and reports where in the file each one is.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from lld.errors import SourceDataError

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, from its backport (a declared dependency)
    import tomli as tomllib

RULINGS_FILE = "rulings.toml"
PUBLISHED_FILE = "published.toml"
_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column \d+\)")


class DataFile:
    """One data file's text, for turning a problem into ``file:line``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SourceDataError(str(path), "file is missing") from None
        except (OSError, UnicodeDecodeError) as e:
            raise SourceDataError(str(path), f"cannot read: {e}") from None
        self.lines = self.text.splitlines()

    def where(self, line: int) -> str:
        return f"{self.path}:{line}"

    def error(self, line: int, problem: str) -> SourceDataError:
        return SourceDataError(self.where(line), problem)

    def parse(self) -> dict[str, Any]:
        try:
            data: dict[str, Any] = tomllib.loads(self.text)
            return data
        except tomllib.TOMLDecodeError as e:
            message = str(e)
            line = getattr(e, "lineno", None)
            m = _TOML_POSITION.search(message)
            if line is None and m:
                line = int(m.group(1))
            if line is None:  # "at end of document"
                line = max(len(self.lines), 1)
            problem = _TOML_POSITION.sub("", message).replace(" (at end of document)", "")
            raise self.error(line, f"not valid TOML: {problem}") from None

    def header(self, name: str, index: int = 0) -> int:
        """The line of the ``index``-th ``[[name]]`` (or ``[name]``) header."""
        pattern = re.compile(r"^\s*\[\[?\s*" + re.escape(name) + r"\s*\]\]?\s*(#.*)?$")
        seen = 0
        for n, text in enumerate(self.lines, 1):
            if pattern.match(text):
                if seen == index:
                    return n
                seen += 1
        return 1

    def subtable(self, start: int, name: str) -> int:
        """The line of the ``[name]`` header inside the table starting on ``start``."""
        for n in range(start + 1, len(self.lines) + 1):
            stripped = self.lines[n - 1].strip()
            if stripped.startswith("[["):
                break
            if re.match(r"^\[\s*" + re.escape(name) + r"\s*\]", stripped):
                return n
        return start

    def key(self, start: int, key: str, name: str = "") -> int:
        """The line of ``key = ...`` in the table whose header is on ``start``.

        The table runs to the next header that is not one of its own sub-tables
        (``[rulings.sources]`` belongs to the ``[[rulings]]`` above it).
        """
        pattern = re.compile(r'^\s*"?' + re.escape(key) + r'"?\s*=')
        for n in range(start + 1, len(self.lines) + 1):
            text = self.lines[n - 1]
            stripped = text.strip()
            if stripped.startswith("[") and not stripped.startswith(f"[{name}."):
                break
            if pattern.match(text):
                return n
        return start


class Table:
    """One TOML table being checked, with where it is."""

    def __init__(self, file: DataFile, data: object, line: int, what: str, name: str = "") -> None:
        if not isinstance(data, dict):
            raise file.error(line, f"{what} must be a table")
        self.file = file
        self.data: dict[str, Any] = data
        self.line = line
        self.what = what
        self.name = name

    def at(self, key: str | None = None) -> int:
        return self.line if key is None else self.file.key(self.line, key, self.name)

    def error(self, problem: str, key: str | None = None) -> SourceDataError:
        return self.file.error(self.at(key), f"{self.what}: {problem}")

    def keys(self, required: Iterable[str], optional: Iterable[str] = ()) -> None:
        required = tuple(required)
        allowed = set(required) | set(optional)
        for key in self.data:
            if key not in allowed:
                raise self.error(
                    f"unknown key {key!r} (allowed: {', '.join(sorted(allowed))})", key
                )
        for key in required:
            if key not in self.data:
                raise self.error(f"missing key {key!r}")

    def text(self, key: str, required: bool = True) -> str | None:
        value = self.data.get(key)
        if value is None and not required:
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.error(f"{key} must be a non-empty string", key)
        return value

    def string(self, key: str) -> str:
        value = self.text(key)
        assert value is not None
        return value

    def strings(self, key: str, allow_one: bool = False) -> tuple[str, ...]:
        value = self.data.get(key)
        if allow_one and isinstance(value, str):
            value = [value]
        if (
            not isinstance(value, list)
            or not value
            or not all(isinstance(v, str) and v for v in value)
        ):
            kind = "a string or a list of strings" if allow_one else "a list of strings"
            raise self.error(f"{key} must be {kind}, not empty", key)
        if len(set(value)) != len(value):
            raise self.error(f"{key} lists a value twice", key)
        return tuple(value)


def array_of_tables(file: DataFile, data: dict[str, Any], name: str) -> list[Table]:
    """The tables of the ``[[name]]`` array in ``data`` (none if it is absent)."""
    items = data.get(name, [])
    if not isinstance(items, list):
        raise file.error(file.header(name), f"{name} must be an array of tables ([[{name}]])")
    return [
        Table(file, item, file.header(name, i), f"{name}[{i}]", name)
        for i, item in enumerate(items)
    ]

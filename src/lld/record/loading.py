"""Reading a hand record file, text or JSON."""

from __future__ import annotations

from lld.errors import RecordError
from lld.record.json_reader import parse_json_record
from lld.record.model import HandRecord
from lld.record.text_reader import parse_record

#: The most characters a record file may hold. A whole hand with a comment on
#: every move is a few kilobytes; without a bound, a device such as /dev/zero or
#: a huge file named by mistake is read until memory runs out.
MAX_RECORD_CHARS = 4_000_000


def load_record(path: str) -> HandRecord:
    """Read a record file: JSON if its name ends ``.json``, else text."""
    text = read_record_file(path)
    if path.lower().endswith(".json"):
        return parse_json_record(text, path)
    return parse_record(text, path)


def read_record_file(path: str) -> str:
    """A record file's text, refused in one :class:`RecordError` if it cannot be a record."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(MAX_RECORD_CHARS + 1)
    except FileNotFoundError:
        raise RecordError(path, "no such file") from None
    except IsADirectoryError:
        raise RecordError(path, "is a directory, not a record file") from None
    except UnicodeDecodeError as error:
        raise RecordError(path, f"not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise RecordError(path, f"cannot read the file ({error.strerror})") from None
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(
            path, f"too large for a hand record (over {MAX_RECORD_CHARS:,} characters)"
        )
    return text

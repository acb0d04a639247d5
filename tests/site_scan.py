"""Finding made-up addresses: in a built site (its pages, scripts and data, and the
text of its PDFs) or in any text.

A made-up address is one in a domain reserved for examples and tests (RFC 2606,
RFC 6761: ``example.com``, ``example.org``, ``example.net``, ``.example``,
``.test``, ``.invalid``), or the placeholder ``lld.example.org`` the project
once shipped, written with or without its scheme.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

_URL = re.compile(r"""https?://([A-Za-z0-9.-]+)[^\s"'<>(){}\\]*""")
_RESERVED_HOST = re.compile(r"(^|\.)(example\.(com|net|org)|example|test|invalid)$", re.I)
#: The placeholder, however it is written (a PDF's text may break it across lines).
_PLACEHOLDER = re.compile(r"lld\s*\.\s*example\s*\.\s*org", re.I)
#: Files read as text; the rest (images, fonts, WebAssembly, wheels) hold no address
#: a reader sees.
TEXT_SUFFIXES = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".txt", ".bib", ".cff", ".toml", ".xml",
     ".ipynb", ".md", ".svg", ".map", ".lld"}
)  # fmt: skip


def made_up(text: str) -> list[str]:
    """The made-up addresses in ``text``."""
    found = [m.group(0) for m in _URL.finditer(text) if _RESERVED_HOST.search(m.group(1))]
    found += [m.group(0) for m in _PLACEHOLDER.finditer(text) if m.group(0) not in "".join(found)]
    return found


def pdf_text(pdf: Path) -> str:
    """The text of ``pdf``, by poppler's pdftotext."""
    exe = shutil.which("pdftotext")
    assert exe is not None, "pdftotext is missing (SYSTEM_PACKAGES: poppler-utils)"
    done = subprocess.run([exe, str(pdf), "-"], capture_output=True, text=True, check=True)
    return done.stdout


#: JupyterLite's own application bundles: third-party code, never shown to a reader
#: (a JupyterLab source comment gives ``https://example.com/path/to/file``). Only
#: the project's placeholder is looked for in them.
THIRD_PARTY_BUNDLES = re.compile(r"^lite/build/[^/]+\.js$")


def made_up_in_site(site: Path) -> dict[str, list[str]]:
    """Every file of ``site`` that gives a made-up address, with the addresses
    (in :data:`THIRD_PARTY_BUNDLES`, only the project's placeholder counts)."""
    found: dict[str, list[str]] = {}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        if path.suffix == ".pdf":
            text = pdf_text(path)
        elif path.suffix in TEXT_SUFFIXES:
            text = path.read_text(encoding="utf-8", errors="replace")
        else:
            continue
        rel = path.relative_to(site).as_posix()
        if THIRD_PARTY_BUNDLES.match(rel):
            addresses = [m.group(0) for m in _PLACEHOLDER.finditer(text)]
        else:
            addresses = made_up(text)
        if addresses:
            found[rel] = sorted(set(addresses))[:5]
    return found

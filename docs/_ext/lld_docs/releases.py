"""Frozen copies of released versions: a citation to version N shows what N said.

``tools/release.py VERSION`` builds the site as that version and stores its
pages, compressed, as ``docs/releases/VERSION.tar.xz`` (:func:`freeze`). Every
build of the site unpacks each stored copy into ``v/VERSION/`` of the built
site (:func:`unpack_all`), with a banner on every page saying which version it
is and linking the current one. A copy leaves the in-browser Python out, so its
cells could not run: each is replaced, when the copy is cut and again when it is
served (copies cut before that still have theirs), by a line linking the live
cells on the current version's page (:func:`without_cells`). The copy's bytes
are otherwise as built.

Citations (the "cite this ruling" boxes, the "How to cite" page, the handouts)
give the frozen copy's address, ``<site>v/VERSION/rules.html#r14``, whenever
this version has one (or is being frozen: ``-D lld_release=VERSION``, which the
release tool passes), and the live site's otherwise (:func:`cite_site`).
"""

from __future__ import annotations

import io
import json
import lzma
import re
import shutil
import sys
import tarfile
from dataclasses import dataclass
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.docutils import SphinxDirective

from lld.handout.cite import (
    FROZEN_PATH,
    LOCAL_BUILD,
    NO_ADDRESS,
    SETTING_FILE,
    frozen_site,
    is_release,
    release_key,
    site_url,
)

from .common import para

#: Where the frozen copies are kept, under ``docs/``.
RELEASES = "releases"
#: The copy's description, inside the archive: its version and release date.
MANIFEST = "FROZEN.json"
#: What a frozen copy leaves out of the built site: the earlier frozen copies,
#: Sphinx's build bookkeeping, the pages' sources (not pages), and the in-browser
#: Python (``lite``: some 40 MB of runtime and wheels, not what a version said; a
#: frozen page's computed rulings stay readable without it). Files larger than
#: :data:`MAX_FILE` are left out too and listed in the manifest.
LEFT_OUT = (FROZEN_PATH, ".buildinfo", "_sources", ".doctrees", "lite")
MAX_FILE = 2 * 1024 * 1024


def archive_path(docs: Path, version: str) -> Path:
    return docs / RELEASES / f"{version}.tar.xz"


def frozen_versions(docs: Path) -> list[str]:
    """The versions whose frozen copy is stored, oldest first."""
    found = [p.name.removesuffix(".tar.xz") for p in (docs / RELEASES).glob("*.tar.xz")]
    return sorted((v for v in found if is_release(v)), key=release_key)


def cite_site(config: Config, docs: Path) -> str:
    """The address citations give: the frozen copy of this version if it has one
    (or is being made now), else the live site; :data:`NO_ADDRESS` while the site
    has no public address."""
    version = str(config.release)
    if config.lld_release == version or archive_path(docs, version).exists():
        return frozen_site(version) or NO_ADDRESS
    return site_url() or NO_ADDRESS


def warn_without_address(app: Sphinx) -> None:
    """Say once, at the start of the build, that citations will give no address.

    Printed, not a Sphinx warning: the build runs with -W (every warning fails it),
    and a build with no address set is a good build, only not one to publish.
    """
    if site_url() is None:
        print(
            f"lld: warning: the site has no public address (url in sources/{SETTING_FILE}):"
            " citations say the pages come from a local build",
            file=sys.stderr,
        )


@dataclass(frozen=True)
class Frozen:
    path: Path
    files: int
    bytes_in: int
    bytes_out: int
    left_out: tuple[str, ...]


def _kept(site: Path) -> tuple[list[Path], list[str]]:
    kept, left = [], []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site)
        if rel.parts[0] in LEFT_OUT:
            continue
        if path.stat().st_size > MAX_FILE:
            left.append(rel.as_posix())
        else:
            kept.append(path)
    return kept, left


def freeze(site: Path, version: str, date: str, out: Path) -> Frozen:
    """Store the built ``site`` as ``out`` (tar, xz): the same bytes on every run
    for the same pages (sorted, no owners, the release date as every time)."""
    kept, left = _kept(site)
    # The address its citations give: a copy served under another one is readdressed.
    manifest = {"version": version, "date": date, "left_out": left, "site": site_url()}
    mtime = int(_dt_epoch(date))
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:

        def add(name: str, data: bytes) -> None:
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), mtime, 0o644
            tar.addfile(info, io.BytesIO(data))

        add(MANIFEST, (json.dumps(manifest, indent=1) + "\n").encode())
        for path in kept:
            rel = path.relative_to(site).as_posix()
            data = path.read_bytes()
            if path.suffix == ".html":
                # The same page on the live site, where the cells run.
                live = _up(rel) + rel
                data = without_cells(data.decode("utf-8"), version, live).encode("utf-8")
            add(rel, data)
    raw = buffer.getvalue()
    out.parent.mkdir(parents=True, exist_ok=True)
    # xz at its strongest: the pages repeat each other (the step-throughs most).
    out.write_bytes(lzma.compress(raw, preset=9 | lzma.PRESET_EXTREME))
    return Frozen(out, len(kept), len(raw), out.stat().st_size, tuple(left))


def _dt_epoch(date: str) -> float:
    import datetime as dt

    day = dt.date.fromisoformat(date)
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc).timestamp()


def read_manifest(archive: Path) -> dict[str, object]:
    with tarfile.open(archive, mode="r:xz") as tar:
        member = tar.extractfile(MANIFEST)
        if member is None:
            raise ValueError(f"{archive}: no {MANIFEST}")
        data: dict[str, object] = json.load(member)
    return data


def _up(rel: str) -> str:
    """From a page of a frozen copy (``rel`` inside it) up to the live site's root."""
    return "../" * (rel.count("/") + 2)


#: The class of a cell's block (``lld_docs/cells.py``) and of the line that stands
#: in for it in a frozen copy.
CELL_CLASS = "lld-cell"
FROZEN_CELL_CLASS = "lld-frozen-cells"
#: A quick look for either, before parsing a page (most pages have neither).
_BLOCK_CLASS = re.compile(rf'class="(?:{CELL_CLASS}|{FROZEN_CELL_CLASS})[ "]')


class _CellBlocks(HTMLParser):
    """Where a page's cell blocks (and lines standing in for them) start and end.

    html.parser, not a regular expression: a block is a ``<div>`` with divs
    nested in it, and only a parser finds its own closing tag.
    """

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=False)
        self._html = html
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", html)]
        self._start: int | None = None
        self._depth = 0
        self.spans: list[tuple[int, int]] = []
        self.feed(html)
        self.close()

    def _offset(self) -> int:
        line, column = self.getpos()
        return self._line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "div":
            return
        if self._start is not None:
            self._depth += 1
            return
        classes = (dict(attrs).get("class") or "").split()
        if CELL_CLASS in classes or FROZEN_CELL_CLASS in classes:
            self._start, self._depth = self._offset(), 1

    def handle_endtag(self, tag: str) -> None:
        if tag != "div" or self._start is None:
            return
        self._depth -= 1
        if self._depth == 0:
            end = self._html.index(">", self._offset()) + 1
            self.spans.append((self._start, end))
            self._start = None


def frozen_cells_note(version: str, live: str) -> str:
    """What stands in for a cell on a frozen page. Styled inline, like the banner."""
    style = (
        "margin:1.5em 0;padding:0.5em 0.9em;border-left:4px solid #8a6d00;"
        "font-size:0.95em;line-height:1.45"
    )
    return (
        f'<div class="{FROZEN_CELL_CLASS}" role="note" style="{style}"><p style="margin:0">'
        f"The live cells, which run the engine in your browser, are on"
        f' <a href="{escape(live)}">the current version\'s page</a>: this frozen copy of'
        f" version {escape(version)} leaves the in-browser Python out.</p></div>"
    )


def without_cells(html: str, version: str, live: str) -> str:
    """``html`` with each cell (or the line already standing in for one) replaced
    by :func:`frozen_cells_note`, linking ``live``."""
    if not _BLOCK_CLASS.search(html):
        return html  # no cell on the page: no need to parse it
    spans = _CellBlocks(html).spans
    for start, end in reversed(spans):
        html = html[:start] + frozen_cells_note(version, live) + html[end:]
    return html


_ARTICLE = re.compile(r'(<article\b[^>]*role="main"[^>]*>)')
_BODY = re.compile(r"(<body\b[^>]*>)")


def banner(version: str, date: str, current: str, here: str) -> str:
    """The notice on every page of a frozen copy. Styled inline: the copy keeps
    the stylesheet it was built with, which knows nothing of it."""
    style = (
        "display:flow-root;margin:0 0 1.2em;padding:0.6em 0.9em;border:2px solid #8a6d00;"
        "border-radius:0.3em;background:#fff4c7;color:#2b2200;font-size:0.95em;line-height:1.45"
    )
    return (
        f'<aside class="lld-frozen" role="note" style="{style}"><strong>Version {escape(version)}'
        f"</strong>, frozen when it was released ({escape(date)}): this page says what version"
        f" {escape(version)} said, for citations to it. The current version is"
        f' {escape(current)}: <a href="{escape(here)}" style="color:#003a8c">this page now</a>.'
        "</aside>"
    )


#: The made-up address that copies cut before the address setting (0.2.0, 0.3.0)
#: were built with: their manifests name no ``site``. Never served as it is.
PLACEHOLDER = "https://lld.example.org/"
#: What ends an address inside a page's text or a BibTeX entry.
_URL_TAIL = r"""[^\s<>"'}]*"""


def readdress(html: str, built_with: str, address: str | None) -> str:
    """``html`` citing ``address`` (``None``: no public address) where it cited ``built_with``.

    >>> readdress('version 0.3.0, https://a.org/v/0.3.0/</p>', 'https://a.org/', None)
    'version 0.3.0 (pages from a local build; no public address is set)</p>'
    >>> readdress('  url = {https://a.org/v/1/rules.html#r1},', 'https://a.org/', 'https://b.net/')
    '  url = {https://b.net/v/1/rules.html#r1},'
    """
    if built_with == address or built_with not in html:
        return html
    if address is not None:
        return html.replace(built_with, address)
    old = re.escape(built_with) + _URL_TAIL
    note = LOCAL_BUILD[0].upper() + LOCAL_BUILD[1:]
    html = re.sub(rf"\burl = \{{{old}\}}", f"note = {{{note}}}", html)
    html = re.sub(rf", {old}", f" ({LOCAL_BUILD})", html)
    return re.sub(old, f"({LOCAL_BUILD})", html)


def _withheld_note(here_handouts: str) -> str:
    return (
        " Its printable handouts are not kept: they were printed with a placeholder"
        f' address. <a href="{escape(here_handouts)}" style="color:#003a8c">The current'
        " handouts</a>."
    )


def unpack(archive: Path, site: Path, current: str) -> Path:
    """Unpack ``archive`` into ``site``/v/VERSION/ with the banner on every page.

    A copy built under another address than the site's now is readdressed
    (:func:`readdress`). A copy built with the :data:`PLACEHOLDER` keeps no PDF:
    a PDF's text cannot be rewritten, so its handouts are withheld, and the links
    to them lead to the current handouts page.
    """
    manifest = read_manifest(archive)
    version, date = str(manifest["version"]), str(manifest["date"])
    built_with = manifest.get("site") or PLACEHOLDER
    placeholder = "site" not in manifest
    address = site_url()
    dest = site / FROZEN_PATH / version
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tarfile.open(archive, mode="r:xz") as tar:
        tar.extractall(dest, filter="data")
    (dest / MANIFEST).unlink()
    pdfs = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*.pdf"))
    withheld = pdfs if placeholder else []
    for rel in withheld:
        (dest / rel).unlink()
    for page in dest.rglob("*.html"):
        rel = page.relative_to(dest).as_posix()
        # The same page in the current site, or its home page if the page is gone.
        here = _up(rel) + (rel if (site / rel).exists() else "index.html")
        html = without_cells(page.read_text(encoding="utf-8"), version, here)
        # A copy's own list of frozen versions links v/OTHER/ from its root, which is
        # v/VERSION/ once served: point those links at the live site's v/ instead.
        root = "../" * rel.count("/")
        html = html.replace(f'href="{root}{FROZEN_PATH}/', f'href="{_up(rel)}{FROZEN_PATH}/')
        html = readdress(html, str(built_with), address)
        note = banner(version, date, current, here)
        if withheld:
            handouts = _up(rel) + "handouts.html"
            for pdf in withheld:
                html = html.replace(f'href="{root}{pdf}"', f'href="{handouts}"')
            note = note.replace("</aside>", _withheld_note(handouts) + "</aside>")
        found = _ARTICLE.search(html) or _BODY.search(html)
        if found is not None:
            html = html[: found.end()] + note + html[found.end() :]
        page.write_text(html, encoding="utf-8")
    return dest


def unpack_all(app: Sphinx, exception: Exception | None) -> None:
    """Put every stored frozen copy into the built site (HTML builds only)."""
    if exception is not None or app.builder.format != "html":
        return
    docs = Path(app.srcdir)
    site = Path(app.outdir)
    wanted = set(frozen_versions(docs))
    for old in (site / FROZEN_PATH).glob("*") if (site / FROZEN_PATH).exists() else []:
        if old.name not in wanted:
            shutil.rmtree(old)
    for version in sorted(wanted, key=release_key):
        unpack(archive_path(docs, version), site, str(app.config.release))


class ReleasesDirective(SphinxDirective):
    """``{releases}``: each frozen version, with its date and its address."""

    def run(self) -> list[nodes.Node]:
        docs = Path(self.env.srcdir)
        # Reread when a copy is added: the directory's time changes with its entries.
        self.env.note_dependency(str(docs / RELEASES))
        versions = frozen_versions(docs)
        if not versions:
            return [para("No version has a frozen copy yet.")]
        items = nodes.bullet_list()
        up = "../" * self.env.docname.count("/")
        for version in reversed(versions):
            date = str(read_manifest(archive_path(docs, version))["date"])
            link = nodes.reference(
                "", f"version {version}", refuri=f"{up}{FROZEN_PATH}/{version}/index.html"
            )
            where = frozen_site(version)
            address: list[nodes.Node | str] = [": ", nodes.literal(where, where)] if where else []
            items += nodes.list_item("", para(link, f", released {date}", *address))
        return [items]


def version_in_footer(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    """Every page's footer names the version it was built as (the theme shows the
    copyright line there)."""
    context["copyright"] = f"{context.get('copyright', '')} · lld version {app.config.release}"


def setup_releases(app: Sphinx) -> None:
    # The version being frozen by tools/release.py (-D lld_release=VERSION).
    app.add_config_value("lld_release", "", "env", str)
    app.add_directive("releases", ReleasesDirective)
    app.connect("builder-inited", warn_without_address)
    app.connect("build-finished", unpack_all)
    app.connect("html-page-context", version_in_footer)


__all__ = [
    "cite_site",
    "freeze",
    "frozen_versions",
    "setup_releases",
    "unpack",
    "without_cells",
]

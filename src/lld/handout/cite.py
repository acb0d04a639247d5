"""How to cite the site, a ruling or a source: plain text and BibTeX, from the registry.

The site's public address is one setting, ``url`` in ``sources/site.toml``
(:func:`site_url`; the environment variable ``LLD_SITE_URL`` overrides it, and
an empty value means none). The site's build, the handouts, ``CITATION.cff``,
``pyproject.toml`` (written by ``tools/site_setting.py``) and ``tools/release.py``
all read it. Until an address is set, a citation gives the version and says that
the pages come from a local build: it never shows a made-up address. A released
version's pages stay on the site, frozen, under :func:`frozen_site`
(``v/VERSION/``): a citation given there shows what that version said for as
long as the site exists.

>>> site = "https://lld.github.io/lld/"
>>> cited = ruling_citation("R14", site=site, version="0.1.0", date="2026-12-01")
>>> cited.startswith('"R14: The fourth card against a pair royal on the table." In Laugh')
True
>>> cited.endswith(". Version 0.1.0. 2026. https://lld.github.io/lld/rules.html#r14")
True
>>> frozen_site("0.2.0", site=site)
'https://lld.github.io/lld/v/0.2.0/'
>>> ruling_citation("R14", site=NO_ADDRESS, version="0.1.0")[-51:]
'Pages from a local build; no public address is set.'
>>> ruling_key("R14")
'lld-r14'
"""

from __future__ import annotations

import datetime as _dt
import functools
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from lld.errors import ConfigError

if TYPE_CHECKING:
    from lld.concordance import Concordance, Source

#: The setting's file, in ``sources/`` (shipped inside the package with it).
SETTING_FILE = "site.toml"
#: The environment variable that overrides the setting (a host's build sets it).
SITE_URL_VARIABLE = "LLD_SITE_URL"
#: What a citation says in place of an address while none is set.
LOCAL_BUILD = "pages from a local build; no public address is set"
#: Passed as ``site``: cite with no address, whatever the setting says.
NO_ADDRESS: Final = ""

#: Domains reserved for examples and tests (RFC 2606, RFC 6761): never a site's address.
_RESERVED = re.compile(r"(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$")
_ADDRESS = re.compile(r"https?://([A-Za-z0-9.-]+\.[A-Za-z]{2,})(:\d+)?(/[^\s\"'<>{}|\\^`]*)?")


class SiteSettingError(ConfigError):
    """The site's address is not one a citation can give, in one line."""


def check_address(url: str, where: str) -> str:
    """``url`` as the site's address (ending in ``/``), or :class:`SiteSettingError`.

    >>> check_address("https://lld.github.io/lld", "here")
    'https://lld.github.io/lld/'
    >>> check_address("https://games.test/lld/", "LLD_SITE_URL")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lld.handout.cite.SiteSettingError: LLD_SITE_URL: 'https://games.test/lld/' is a placeholder...
    """
    found = _ADDRESS.fullmatch(url)
    if found is None:
        raise SiteSettingError(f"{where}: {url!r} is not a web address (https://HOST/PATH/)")
    host = found.group(1).lower()
    reserved = _RESERVED.search(host)
    if reserved is not None:
        domain = reserved.group(2)
        raise SiteSettingError(
            f"{where}: {url!r} is a placeholder ({domain} is a domain reserved for"
            " examples), not the site's address"
        )
    return url if url.endswith("/") else url + "/"


@dataclass(frozen=True)
class Editor:
    """Who answers for the reconstruction, as citations name them."""

    given: str
    family: str

    @property
    def name(self) -> str:
        """As a sentence gives it: ``Jane Doe``."""
        return f"{self.given} {self.family}".strip()

    @property
    def inverted(self) -> str:
        """As a bibliography sorts it: ``Doe, Jane``."""
        return f"{self.family}, {self.given}" if self.given else self.family


@dataclass(frozen=True)
class SiteSetting:
    """What ``sources/site.toml`` sets: the address (empty while there is none),
    where that line stands (``file:line``), and the editor."""

    url: str
    url_where: str
    editor: Editor | None


def read_setting(path: str | os.PathLike[str]) -> SiteSetting:
    """A ``site.toml`` read and checked; a problem is a
    :class:`~lld.errors.SourceDataError` naming its ``file:line``.

    The address is returned as written: :func:`check_address` judges it.
    """
    from lld.concordance.data_file import DataFile

    file = DataFile(Path(path))
    data = file.parse()

    def line_of(prefix: str) -> int:
        return next((n for n, text in enumerate(file.lines, 1) if text.startswith(prefix)), 1)

    unknown = sorted(set(data) - {"url", "editor"})
    if unknown:
        raise file.error(line_of(unknown[0]), f"unknown setting {unknown[0]!r} (url, editor)")
    url = data.get("url", "")
    if not isinstance(url, str):
        raise file.error(line_of("url"), "url must be a string (empty while there is none)")
    names = data.get("editor", {})
    if (
        not isinstance(names, dict)
        or set(names) - {"given", "family"}
        or not all(isinstance(v, str) for v in names.values())
    ):
        raise file.error(line_of("[editor]"), "[editor] holds two strings, given and family")
    given, family = names.get("given", "").strip(), names.get("family", "").strip()
    if given and not family:
        raise file.error(line_of("given"), "an editor's family name is needed with a given name")
    editor = Editor(given, family) if family else None
    return SiteSetting(url.strip(), file.where(line_of("url")), editor)


@functools.cache
def _setting_file() -> SiteSetting:
    """The package's ``sources/site.toml``, read once."""
    from lld.package_data import data_directory

    return read_setting(data_directory("sources", "rulings.toml") / SETTING_FILE)


def editor() -> Editor | None:
    """The reconstruction's editor, as ``sources/site.toml`` names them (``None``: unnamed)."""
    return _setting_file().editor


def site_url() -> str | None:
    """The site's public address, ending in ``/``; ``None`` while none is set.

    ``LLD_SITE_URL``, when set, overrides ``sources/site.toml`` (empty: no address).
    A malformed or placeholder address is a :class:`SiteSettingError`.
    """
    if SITE_URL_VARIABLE in os.environ:
        url, where = os.environ[SITE_URL_VARIABLE].strip(), SITE_URL_VARIABLE
    else:
        setting = _setting_file()
        url, where = setting.url, setting.url_where
    return check_address(url, where) if url else None


def _site(site: str | None) -> str | None:
    """The address to cite: ``site`` if given (:data:`NO_ADDRESS`: none), else the setting's."""
    if site is None:
        return site_url()
    return site or None


#: Where a released version's frozen pages are, under the site: ``v/VERSION/``.
FROZEN_PATH = "v"


_RELEASE = re.compile(r"\d+\.\d+\.\d+(?:(?:a|b|rc)\d+)?")


def is_release(version: str) -> bool:
    """A release number as the project writes them: ``1.2.0``, ``1.3.0rc1``."""
    return _RELEASE.fullmatch(version) is not None


def release_key(version: str) -> tuple[tuple[int, str], ...]:
    """Orders release numbers: ``0.10.0`` after ``0.9.0``, ``1.0.0rc1`` before ``1.0.0``."""
    parts = [(int(p), "") if p.isdigit() else (-1, p) for p in re.findall(r"\d+|[a-z]+", version)]
    # A final release sorts after its candidates (``1.0.0`` > ``1.0.0rc1``).
    return (*parts, (0, "~")) if not re.search(r"[a-z]", version) else tuple(parts)


def frozen_site(version: str, site: str | None = None) -> str | None:
    """The address of ``version``'s frozen copy of the site, ending in ``/``
    (``None`` while the site has no address)."""
    found = _site(site)
    return None if found is None else f"{found}{FROZEN_PATH}/{version}/"


def _conc(concordance: Concordance | None) -> Concordance:
    from lld.concordance import load

    return concordance if concordance is not None else load()


def _version(version: str | None) -> str:
    if version is not None:
        return version
    from lld import __version__

    return __version__


#: The site's page of rulings; each ruling is a section of it.
RULES_PAGE: Final = "rules.html"


def ruling_fragment(ruling_id: str) -> str:
    """A ruling's label on the site, the fragment of its address: ``R14`` is ``r14``.

    The one home of the scheme: the site's sections, the citations, the
    handouts and the notebook cells all link through it, and released copies
    keep it, so it never changes.
    """
    return ruling_id.lower()


def ruling_anchor(ruling_id: str) -> str:
    """The page and anchor of a ruling on the site: ``rules.html#r14``."""
    return f"{RULES_PAGE}#{ruling_fragment(ruling_id)}"


def ruling_key(ruling_id: str) -> str:
    return f"lld-{ruling_id.lower()}"


def source_key(source_id: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", source_id.lower())


#: The site as a work: its title (as ``CITATION.cff`` gives it).
TITLE = "Laugh and Lie Down: Willughby's Card Game, Its Sources Compared, and a Reconstruction"


def _where(url: str | None) -> str:
    """How a plain citation ends: the address, or the local build said in words.

    No full stop after an address: a reader copies it whole, and the stop would
    become part of the link."""
    return url if url is not None else LOCAL_BUILD[0].upper() + LOCAL_BUILD[1:] + "."


def _address_field(url: str | None) -> dict[str, str]:
    """The BibTeX field that says where: ``url``, or a ``note`` while there is none."""
    return {"url": url} if url is not None else {"note": LOCAL_BUILD[0].upper() + LOCAL_BUILD[1:]}


def build_date() -> str:
    """Today (UTC), or the day ``SOURCE_DATE_EPOCH`` names, for a reproducible build."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        day = _dt.datetime.fromtimestamp(int(epoch), tz=_dt.timezone.utc).date()
    else:
        day = _dt.datetime.now(tz=_dt.timezone.utc).date()
    return day.isoformat()


_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


def long_date(iso: str | None) -> str:
    """``2026-11-27`` as Chicago writes it, ``November 27, 2026``.

    Spelt out here rather than with ``strftime("%B")``, whose month names follow
    the machine's locale.
    """
    day = _dt.date.fromisoformat(iso or build_date())
    return f"{_MONTHS[day.month - 1]} {day.day}, {day.year}"


def _year_built(date: str | None) -> str:
    """The year of ``date`` (``YYYY-MM-DD``), or of the build's date."""
    return (date or build_date())[:4]


def site_citation(
    site: str | None = None, version: str | None = None, date: str | None = None
) -> str:
    """The site in the Chicago style (a bibliography entry): editor (when the
    setting names one), title, version, year, address.

    >>> site_citation("https://lld.github.io/lld/", "0.4.0", "2026-12-01")[-65:]
    'a Reconstruction. Version 0.4.0. 2026. https://lld.github.io/lld/'
    """
    named = editor()
    by = f"{named.inverted}, ed. " if named else ""
    return f"{by}{TITLE}. Version {_version(version)}. {_year_built(date)}. {_where(_site(site))}"


def _editor_field() -> dict[str, str]:
    named = editor()
    return {"editor": f"{{{named.inverted}}}"} if named else {}


def site_bibtex(
    site: str | None = None, version: str | None = None, date: str | None = None
) -> str:
    return _bibtex(
        "misc",
        "lld",
        {
            **_editor_field(),
            "title": f"{{{TITLE}}}",
            "version": _version(version),
            "year": _year_built(date),
            **_address_field(_site(site)),
        },
    )


def ruling_url(ruling_id: str, site: str | None = None) -> str | None:
    """A ruling's address on the site (``None`` while the site has no address)."""
    found = _site(site)
    return None if found is None else found + ruling_anchor(ruling_id)


def _ruling(
    ruling_id: str, site: str | None, concordance: Concordance | None
) -> tuple[str, str | None]:
    """A ruling's title and its address on the site."""
    return _conc(concordance).ruling(ruling_id).title, ruling_url(ruling_id, site)


def ruling_citation(
    ruling_id: str,
    site: str | None = None,
    version: str | None = None,
    concordance: Concordance | None = None,
    date: str | None = None,
) -> str:
    """A ruling in the Chicago style, as a part of the site: its number and
    title, the site (with its editor when the setting names one), the version,
    the year and the ruling's anchor (or the local build said in words)."""
    title, url = _ruling(ruling_id, site, concordance)
    named = editor()
    by = f", edited by {named.name}" if named else ""
    return (
        f'"{ruling_id}: {title}." In {TITLE}{by}. Version {_version(version)}.'
        f" {_year_built(date)}. {_where(url)}"
    )


def ruling_bibtex(
    ruling_id: str,
    site: str | None = None,
    version: str | None = None,
    concordance: Concordance | None = None,
    date: str | None = None,
) -> str:
    title, url = _ruling(ruling_id, site, concordance)
    return _bibtex(
        "misc",
        ruling_key(ruling_id),
        {
            **_editor_field(),
            "title": f"{{{ruling_id}: {title}}}",
            "howpublished": f"In {TITLE}",
            "version": _version(version),
            "year": _year_built(date),
            **_address_field(url),
        },
    )


def _published(source: Source) -> tuple[str | None, str | None]:
    """Where a source was published: its collection and its place.

    The registry's address is a place, then a colon and its description. An
    address that names the collection (``Compendium Caidis (SCA wiki)``) is the
    collection named more fully, not a place: it stands for the collection.
    """
    place = source.address.split(":")[0].strip() if source.address else None
    if place and source.collection and source.collection in place:
        return place, None
    return source.collection, place


def source_citation(source: Source) -> str:
    """A source as a bibliography gives it, in the Chicago style: the author (family
    name first, where the registry gives one), the title, then the collection,
    edition, date and place.

    >>> from lld.concordance import load
    >>> source_citation(load().source("caidis"))[:68]
    'Caimbuel, Meala. "Laugh and Lie Down." Compendium Caidis (SCA wiki).'
    >>> source_citation(load().source("caidis"))[68:]
    ' Accessed November 27, 2026. https://caidwiki.org/index.php?title=Laugh_and_Lie_Down'
    """
    collection, place = _published(source)
    author = (source.bibtex_author or source.author).rstrip(".")
    rest = ", ".join(p for p in (collection, source.version, source.date, place) if p)
    web = f" Accessed {long_date(source.accessed)}. {source.url}" if source.url else ""
    return f'{author}. "{source.title}."' + (f" {rest}." if rest else "") + web


@dataclass(frozen=True)
class Primary:
    """The primary source: Willughby's notes in their modern edition (``sources/primary.toml``)."""

    author_family: str
    author_given: str
    title: str
    editors: str
    place: str
    publisher: str
    year: str


@functools.cache
def primary() -> Primary:
    from lld.concordance.data_file import DataFile
    from lld.package_data import data_directory

    file = DataFile(data_directory("sources", "rulings.toml") / "primary.toml")
    data = file.parse().get("primary")
    fields = set(Primary.__dataclass_fields__)
    if not isinstance(data, dict) or set(data) != fields:
        raise file.error(1, f"[primary] must give exactly {', '.join(sorted(fields))}")
    if not all(isinstance(v, str) and v for v in data.values()):
        raise file.error(1, "[primary]: every field is a non-empty string")
    return Primary(**data)


def primary_citation() -> str:
    """The primary source in the Chicago style.

    >>> primary_citation()[:60]
    "Willughby, Francis. Francis Willughby's Book of Games: A Sev"
    """
    p = primary()
    return (
        f"{p.author_family}, {p.author_given}. {p.title}. Edited by {p.editors}."
        f" {p.place}: {p.publisher}, {p.year}."
    )


def primary_bibtex() -> str:
    p = primary()
    editors = p.editors.replace(",", " and").replace(" and and ", " and ")
    return _bibtex(
        "book",
        "willughby-" + p.year,
        {
            "author": f"{p.author_family}, {p.author_given}",
            "title": "{" + p.title + "}",
            "editor": editors,
            "publisher": p.publisher,
            "address": p.place,
            "year": p.year,
        },
    )


def source_bibtex(source: Source) -> str:
    author = source.bibtex_author or "{" + source.author + "}"
    fields = {"author": author, "title": "{" + source.title + "}"}
    collection, place = _published(source)
    if collection:
        fields["howpublished"] = collection
    if source.version:
        fields["edition"] = source.version
    if source.date:
        year = _year(source.date)
        fields["year"] = year or source.date
        if year != source.date:
            fields["note"] = source.date
    if place:
        fields["address"] = place
    if source.url:
        fields["url"] = source.url
        fields["urldate"] = source.accessed or ""
    return _bibtex("misc", source_key(source.id), fields)


def sources_bibtex(concordance: Concordance | None = None) -> str:
    """The primary source and every source in the registry as one BibTeX file
    (``docs/sources.bib``)."""
    return "\n".join([primary_bibtex(), *(source_bibtex(s) for s in _conc(concordance).sources)])


def _year(date: str) -> str | None:
    found = re.search(r"\b(1[5-9]|20)\d\d\b", date)
    return found.group(0) if found else None


def _bibtex(kind: str, key: str, fields: dict[str, str]) -> str:
    lines = [f"@{kind}{{{key},"]
    # A URL stays as it is (the url field is read verbatim); other fields are escaped.
    lines += [
        f"  {name} = {{{value if name == 'url' else _escape(value)}}},"
        for name, value in fields.items()
    ]
    lines.append("}")
    return "\n".join(lines) + "\n"


def _escape(value: str) -> str:
    # BibTeX reads % as a comment and & / # / _ as TeX specials: escape them;
    # braces are kept for the protected author names.
    return re.sub(r"([%&#_$])", r"\\\1", value)

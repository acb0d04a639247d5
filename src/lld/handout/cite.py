"""How to cite the site, a ruling or a source: plain text and BibTeX, from the registry.

The site's address is a project setting (:data:`DEFAULT_SITE_URL`), overridden
by the environment variable ``LLD_SITE_URL``; the handouts and the site's
"how to cite" page both read it through :func:`site_url`. A released version's
pages stay on the site, frozen, under :func:`frozen_site` (``v/VERSION/``): a
citation given there shows what that version said for as long as the site exists.

>>> ruling_citation("R14", site="https://lld.example.org/", version="0.1.0")
'lld R14, "The fourth card against a pair royal on the table", version 0.1.0, https://lld.example.org/rules.html#r14'
>>> frozen_site("0.2.0", site="https://lld.example.org/")
'https://lld.example.org/v/0.2.0/'
>>> ruling_key("R14")
'lld-r14'
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lld.concordance import Concordance, Source

#: Where the site is published. A placeholder in a reserved domain until the
#: project has its own: set ``LLD_SITE_URL`` (or change this line) to publish.
DEFAULT_SITE_URL = "https://lld.example.org/"


def site_url() -> str:
    """The site's address, ending in ``/``."""
    url = os.environ.get("LLD_SITE_URL") or DEFAULT_SITE_URL
    return url if url.endswith("/") else url + "/"


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


def frozen_site(version: str, site: str | None = None) -> str:
    """The address of ``version``'s frozen copy of the site, ending in ``/``."""
    return f"{site or site_url()}{FROZEN_PATH}/{version}/"


def _conc(concordance: Concordance | None) -> Concordance:
    from lld.concordance import load

    return concordance if concordance is not None else load()


def _version(version: str | None) -> str:
    if version is not None:
        return version
    from lld import __version__

    return __version__


def ruling_anchor(ruling_id: str) -> str:
    """The page and anchor of a ruling on the site: ``rules.html#r14``."""
    return f"rules.html#{ruling_id.lower()}"


def ruling_key(ruling_id: str) -> str:
    return f"lld-{ruling_id.lower()}"


def source_key(source_id: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", source_id.lower())


#: The site as a work: its authors and title (as ``CITATION.cff`` gives them).
AUTHORS = "lld developers"
TITLE = "Laugh and Lie Down: every source's reading as an executable rules engine"


def site_citation(site: str | None = None, version: str | None = None) -> str:
    return f"{AUTHORS}, {TITLE}, version {_version(version)}, {site or site_url()}"


def site_bibtex(site: str | None = None, version: str | None = None) -> str:
    return _bibtex(
        "misc",
        "lld",
        {
            "author": f"{{{AUTHORS}}}",
            "title": f"{{{TITLE}}}",
            "version": _version(version),
            "url": site or site_url(),
        },
    )


def _ruling(ruling_id: str, site: str | None, concordance: Concordance | None) -> tuple[str, str]:
    """A ruling's title and its address on the site."""
    title = _conc(concordance).ruling(ruling_id).title
    return title, (site or site_url()) + ruling_anchor(ruling_id)


def ruling_citation(
    ruling_id: str,
    site: str | None = None,
    version: str | None = None,
    concordance: Concordance | None = None,
) -> str:
    """``lld R14, "title", version X, <url>#r14``."""
    title, url = _ruling(ruling_id, site, concordance)
    return f'lld {ruling_id}, "{title}", version {_version(version)}, {url}'


def ruling_bibtex(
    ruling_id: str,
    site: str | None = None,
    version: str | None = None,
    concordance: Concordance | None = None,
) -> str:
    title, url = _ruling(ruling_id, site, concordance)
    return _bibtex(
        "misc",
        ruling_key(ruling_id),
        {
            "author": f"{{{AUTHORS}}}",
            "title": f"{{{ruling_id}: {title}}}",
            "howpublished": "Laugh and Lie Down, the lld rules site",
            "version": _version(version),
            "url": url,
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
    """A source as a bibliography gives it: author, title, collection, edition, date, place.

    >>> from lld.concordance import load
    >>> source_citation(load().source("caidis"))
    'Meala Caimbuel, "Laugh and Lie Down", Compendium Caidis (SCA wiki)'
    """
    collection, place = _published(source)
    parts = [source.author, f'"{source.title}"']
    parts += [p for p in (collection, source.version, source.date, place) if p]
    return ", ".join(parts)


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
    return _bibtex("misc", source_key(source.id), fields)


def sources_bibtex(concordance: Concordance | None = None) -> str:
    """Every source in the registry as one BibTeX file (``docs/sources.bib``)."""
    return "\n".join(source_bibtex(s) for s in _conc(concordance).sources)


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

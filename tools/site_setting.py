"""Set the site's public address and editor: ``tools/site_setting.py URL --editor GIVEN FAMILY``.

The address is one setting, ``url`` in ``sources/site.toml``: the site's build,
the handouts, the citations and ``tools/release.py`` read it there (through
:func:`lld.handout.cite.site_url`). Two files carry it for readers that cannot
ask the package: ``CITATION.cff`` (its ``url``) and ``pyproject.toml`` (the
``Documentation`` entry of ``[project.urls]``). This tool writes all three at
once; ``--check`` says, in one line each, where a copy disagrees with the
setting (a test runs it, and so does the release tool). ``--check-host URL``
is for a host's build: it fails if the setting names an address other than
the one the host serves the site at.

    python tools/site_setting.py https://OWNER.github.io/REPO/
    python tools/site_setting.py --editor Jane Doe      # given name, family name
    python tools/site_setting.py --none --no-editor
    python tools/site_setting.py --check

With no address set, ``CITATION.cff`` has no ``url`` and ``pyproject.toml`` no
``[project.urls]``: nothing gives a made-up one.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lld.handout.cite import SiteSetting

ROOT = Path(__file__).resolve().parents[1]
SETTING = Path("sources") / "site.toml"
CITATION = Path("CITATION.cff")
PYPROJECT = Path("pyproject.toml")

# Reading goes through lld.handout.cite.read_setting; writing edits the lines in
# place, so that the file's comments survive (tomllib reads TOML but cannot write it).
_SETTING_LINE = re.compile(r'^url = "[^"\n]*"$', re.M)
_EDITOR_LINES = {
    "given": re.compile(r'^given = "[^"\n]*"$', re.M),
    "family": re.compile(r'^family = "[^"\n]*"$', re.M),
}
_CFF_AUTHORS = re.compile(r"^authors:\n(?:^  [^\n]*\n)+", re.M)
#: CITATION.cff's author while no editor is named (the file format needs one).
UNNAMED_AUTHOR = "lld developers"
_CFF_URL = re.compile(r'^url: "[^"\n]*"\n', re.M)
_CFF_BEFORE = re.compile(r"^license: .*\n", re.M)
#: ``[project.urls]`` with its comment lines, up to the next table.
_URLS_TABLE = re.compile(r"(?:^#[^\n]*\n)*^\[project\.urls\]\n(?:^(?!\[)[^\n]*\n)*", re.M)
_URLS_BEFORE = re.compile(r"^\[project\.scripts\]\n", re.M)


class SettingError(Exception):
    """What stops the tool, in one line."""


def _check_address(root: Path, url: str) -> str:
    if str(root / "src") not in sys.path:
        sys.path.insert(0, str(root / "src"))
    from lld.handout.cite import SiteSettingError, check_address

    try:
        return check_address(url, "address")
    except SiteSettingError as error:
        raise SettingError(str(error)) from None


def _read(root: Path) -> SiteSetting:
    """``sources/site.toml`` as the package reads it (one parser for both)."""
    if str(root / "src") not in sys.path:
        sys.path.insert(0, str(root / "src"))
    from lld.errors import SourceDataError
    from lld.handout.cite import read_setting

    try:
        return read_setting(root / SETTING)
    except SourceDataError as error:
        raise SettingError(str(error)) from None


def setting(root: Path = ROOT) -> str | None:
    """The address ``sources/site.toml`` sets (ending in ``/``), or ``None``."""
    url = _read(root).url
    return _check_address(root, url) if url else None


def editor(root: Path = ROOT) -> tuple[str, str] | None:
    """The editor ``sources/site.toml`` names, as (given, family), or ``None``."""
    named = _read(root).editor
    return (named.given, named.family) if named else None


def _cff_authors(named: tuple[str, str] | None) -> str:
    if named is None:
        return f'authors:\n  - name: "{UNNAMED_AUTHOR}"\n'
    given, family = named
    lines = [f'  - family-names: "{family}"'] + ([f'    given-names: "{given}"'] if given else [])
    return "authors:\n" + "\n".join(lines) + "\n"


def new_texts(
    root: Path, url: str | None, named: tuple[str, str] | str | None = "keep"
) -> dict[Path, str]:
    """The setting and its two copies with ``url`` set (``None``: no address) and
    the editor ``named`` (``None``: none; ``"keep"``: as the setting has it)."""
    named = editor(root) if named == "keep" else named
    assert not isinstance(named, str)
    texts = {p: (root / p).read_text(encoding="utf-8") for p in (SETTING, CITATION, PYPROJECT)}
    texts[SETTING], n = _SETTING_LINE.subn(f'url = "{url or ""}"', texts[SETTING], count=1)
    if n != 1:
        raise SettingError(f"{SETTING}: no line 'url = \"...\"' to write the address in")
    for key, value in zip(("given", "family"), named or ("", ""), strict=True):
        texts[SETTING] = _EDITOR_LINES[key].sub(f'{key} = "{value}"', texts[SETTING], count=1)
    cff, n = _CFF_AUTHORS.subn(_cff_authors(named), texts[CITATION], count=1)
    if n != 1:
        raise SettingError(f"{CITATION}: no 'authors:' list to write the editor in")
    cff = _CFF_URL.sub("", cff)
    if url is not None:
        cff, n = _CFF_BEFORE.subn(lambda m: f'{m.group(0)}url: "{url}"\n', cff, count=1)
        if n != 1:
            raise SettingError(f"{CITATION}: no 'license:' line to put the url after")
    texts[CITATION] = cff
    toml = _URLS_TABLE.sub("", texts[PYPROJECT])
    if url is not None:
        table = (
            "# The site's address: written by tools/site_setting.py from sources/site.toml.\n"
            f'[project.urls]\nDocumentation = "{url}"\n\n'
        )
        toml, n = _URLS_BEFORE.subn(lambda m: table + m.group(0), toml, count=1)
        if n != 1:
            raise SettingError(f"{PYPROJECT}: no [project.scripts] table to put the URLs before")
    texts[PYPROJECT] = toml
    return {root / p: t for p, t in texts.items()}


def problems(root: Path = ROOT) -> list[str]:
    """Where a copy of the setting disagrees with it, one line each."""
    url = setting(root)
    return [
        f"{path.relative_to(root)} does not carry the site's address and editor as"
        f" sources/site.toml sets them: run tools/site_setting.py --sync"
        for path, text in new_texts(root, url).items()
        if path.read_text(encoding="utf-8") != text
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    which = parser.add_mutually_exclusive_group()
    which.add_argument("url", nargs="?", help="the site's public address")
    which.add_argument("--none", action="store_true", help="no public address (a local build)")
    which.add_argument("--check", action="store_true", help="check the copies agree")
    which.add_argument("--check-host", metavar="URL", help="fail if the setting names another")
    which.add_argument("--sync", action="store_true", help="write the copies from the setting")
    named = parser.add_mutually_exclusive_group()
    named.add_argument("--editor", nargs=2, metavar=("GIVEN", "FAMILY"), help="name the editor")
    named.add_argument("--no-editor", action="store_true", help="name no editor")
    args = parser.parse_args(argv)
    if not (args.url or args.none or args.check or args.check_host or args.sync) and not (
        args.editor or args.no_editor
    ):
        parser.error("give an address, --none, --editor, --sync, --check or --check-host")
    try:
        if args.check:
            found = problems()
            for line in found:
                print(f"site_setting: {line}", file=sys.stderr)
            return 1 if found else 0
        if args.check_host:
            host, set_here = _check_address(ROOT, args.check_host), setting()
            if set_here is not None and set_here != host:
                raise SettingError(
                    f"the host serves the site at {host}, but sources/site.toml sets {set_here}"
                )
            return 0
        url = None if args.none else _check_address(ROOT, args.url) if args.url else setting()
        who: tuple[str, str] | str | None = "keep"
        if args.no_editor:
            who = None
        elif args.editor:
            given, family = (name.strip() for name in args.editor)
            if not family or '"' in given + family:
                raise SettingError(f"bad editor name {args.editor!r}: a family name is needed")
            who = (given, family)
        for path, text in new_texts(ROOT, url, who).items():
            path.write_text(text, encoding="utf-8")
        named_now = editor()
    except (SettingError, OSError) as error:
        print(f"site_setting: {error}", file=sys.stderr)
        return 1
    done = f"the site's address is {url}" if url else "the site has no public address"
    by = f"{named_now[1]}, {named_now[0]}" if named_now else "no one"
    print(f"{done}; its editor: {by}. Written in {SETTING}, {CITATION} and {PYPROJECT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Set the site's public address: ``tools/site_setting.py URL`` (or ``--none``).

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
    python tools/site_setting.py --none
    python tools/site_setting.py --check

With no address set, ``CITATION.cff`` has no ``url`` and ``pyproject.toml`` no
``[project.urls]``: nothing gives a made-up one.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETTING = Path("sources") / "site.toml"
CITATION = Path("CITATION.cff")
PYPROJECT = Path("pyproject.toml")

_SETTING_LINE = re.compile(r'^url = "[^"\n]*"$', re.M)
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


def setting(root: Path = ROOT) -> str | None:
    """The address ``sources/site.toml`` sets (ending in ``/``), or ``None``."""
    text = (root / SETTING).read_text(encoding="utf-8")
    found = re.findall(r'^url = "([^"\n]*)"$', text, re.M)
    if len(found) != 1:
        raise SettingError(f"{SETTING}: no single line 'url = \"...\"' to read")
    return _check_address(root, found[0]) if found[0].strip() else None


def new_texts(root: Path, url: str | None) -> dict[Path, str]:
    """The setting and its two copies, as they are with ``url`` set (``None``: no address)."""
    texts = {p: (root / p).read_text(encoding="utf-8") for p in (SETTING, CITATION, PYPROJECT)}
    texts[SETTING], n = _SETTING_LINE.subn(f'url = "{url or ""}"', texts[SETTING], count=1)
    if n != 1:
        raise SettingError(f"{SETTING}: no line 'url = \"...\"' to write the address in")
    cff = _CFF_URL.sub("", texts[CITATION])
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
    """Where a copy of the address disagrees with the setting, one line each."""
    url = setting(root)
    return [
        f"{path.relative_to(root)} does not carry the site's address as sources/site.toml sets"
        f" it ({url or 'none'}): run tools/site_setting.py {url or '--none'}"
        for path, text in new_texts(root, url).items()
        if path.read_text(encoding="utf-8") != text
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("url", nargs="?", help="the site's public address")
    which.add_argument("--none", action="store_true", help="no public address (a local build)")
    which.add_argument("--check", action="store_true", help="check the copies agree")
    which.add_argument("--check-host", metavar="URL", help="fail if the setting names another")
    args = parser.parse_args(argv)
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
        url = None if args.none else _check_address(ROOT, args.url)
        for path, text in new_texts(ROOT, url).items():
            path.write_text(text, encoding="utf-8")
    except (SettingError, OSError) as error:
        print(f"site_setting: {error}", file=sys.stderr)
        return 1
    done = f"the site's address is {url}" if url else "the site has no public address"
    print(f"{done}: written in {SETTING}, {CITATION} and {PYPROJECT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

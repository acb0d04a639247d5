"""Cut a release: ``tools/release.py VERSION [--date YYYY-MM-DD]``.

Run it with the site's environment (after ``./run nox -s docs``)::

    .nox/docs/bin/python tools/release.py 0.2.0

It refuses, in one line, while the site has no public address (``url`` in
``sources/site.toml``, set with ``tools/site_setting.py``): a release's
citations give its frozen copy's address. Otherwise it

1. dates the changelog's "Unreleased" section as ``VERSION (DATE)`` and opens a
   new, empty "Unreleased" section above it;
2. sets the version everywhere it is written (:data:`VERSION_FILES`:
   ``pyproject.toml``, ``lld.__version__``, ``CITATION.cff`` with its release date);
3. builds the site as that version (``-W -n``, citations giving the frozen
   copy's address, the handouts dated DATE);
4. stores the built pages, compressed, as ``docs/releases/VERSION.tar.xz``: the
   frozen copy that every later build of the site serves at ``v/VERSION/``. It
   leaves the in-browser Python out, so each cell is stored as a line linking
   the live cells on the current site's page, never as a button that cannot run.

If the build fails, the files are put back as they were and nothing is stored.
It commits nothing: review the diff, then commit it with the archive.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

#: Every file that states the version: (path, the line's pattern, its new text).
#: ``{v}`` is the version and ``{d}`` the release date.
VERSION_FILES = (
    ("pyproject.toml", r'^version = "[^"]*"$', 'version = "{v}"'),
    ("src/lld/__init__.py", r'^__version__ = "[^"]*"$', '__version__ = "{v}"'),
    ("CITATION.cff", r"^version: .*$", "version: {v}"),
    ("CITATION.cff", r'^date-released: "[^"]*"$', 'date-released: "{d}"'),
)
UNRELEASED = "## Unreleased\n"


class ReleaseError(Exception):
    """What stops a release, in one line."""


def current_version(root: Path = ROOT) -> str:
    text = (root / "src" / "lld" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]*)"$', text, re.M)
    if found is None:
        raise ReleaseError("src/lld/__init__.py: no __version__ line")
    return found.group(1)


def new_texts(root: Path, version: str, date: str) -> dict[Path, str]:
    """Each file the release changes, with its new text."""
    out: dict[Path, str] = {}
    for rel, pattern, line in VERSION_FILES:
        path = root / rel
        text = out.get(path) or path.read_text(encoding="utf-8")
        new, n = re.subn(pattern, line.format(v=version, d=date), text, count=1, flags=re.M)
        if n != 1:
            raise ReleaseError(f"{rel}: no line like {pattern!r} to set the version in")
        out[path] = new
    log = root / "CHANGELOG.md"
    text = log.read_text(encoding="utf-8")
    if re.search(rf"^## {re.escape(version)}\b", text, re.M):
        raise ReleaseError(f"CHANGELOG.md already has a section for {version}")
    if text.count(UNRELEASED) != 1:
        raise ReleaseError("CHANGELOG.md: no '## Unreleased' section to date")
    head, rest = text.split(UNRELEASED)
    body = rest.split("\n## ", 1)[0]
    if not body.strip():
        raise ReleaseError("CHANGELOG.md: the Unreleased section is empty: nothing to release")
    out[log] = f"{head}{UNRELEASED}\n## {version} ({date})\n{rest}"
    return out


def _check(root: Path, version: str, date: str) -> None:
    """Refuse a bad version or date, an old version, or one already frozen."""
    from lld.handout.cite import is_release, release_key

    if not is_release(version):
        raise ReleaseError(f"bad version {version!r}: write it as 1.2.0 (or 1.2.0rc1)")
    try:
        dt.date.fromisoformat(date)
    except ValueError:
        raise ReleaseError(f"bad date {date!r}: write it as YYYY-MM-DD") from None
    now = current_version(root)
    if release_key(version) <= release_key(now):
        raise ReleaseError(f"version {version} is not after the current version {now}")
    if (root / "docs" / "releases" / f"{version}.tar.xz").exists():
        raise ReleaseError(f"{version} already has a frozen copy")
    _check_address(root)


def _check_address(root: Path) -> None:
    """A release's citations give its frozen copy's address: refuse one without an
    address, or with copies of it (CITATION.cff, pyproject.toml) that disagree."""
    from lld.handout.cite import SITE_URL_VARIABLE, SiteSettingError, check_address

    tool = load_site_setting(root)
    try:
        url = tool.setting(root)
        problems = tool.problems(root)
        override = os.environ.get(SITE_URL_VARIABLE)
        if override is not None and check_address(override, SITE_URL_VARIABLE) != url:
            problems.append(f"{SITE_URL_VARIABLE} overrides sources/site.toml: unset it")
    except (tool.SettingError, SiteSettingError) as error:
        raise ReleaseError(str(error)) from None
    if url is None:
        raise ReleaseError(
            "the site has no public address (url in sources/site.toml), and a release's"
            " citations must give one: set it with tools/site_setting.py URL"
        )
    if problems:
        raise ReleaseError(problems[0])


def load_site_setting(root: Path) -> Any:
    """``tools/site_setting.py`` of ``root``, as a module."""
    path = root / "tools" / "site_setting.py"
    spec = importlib.util.spec_from_file_location("lld_site_setting", path)
    if spec is None or spec.loader is None:
        raise ReleaseError(f"{path}: cannot load it")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _site_tools() -> Any:
    """The site extension's release module (it needs Sphinx: the docs environment)."""
    try:
        return importlib.import_module("lld_docs.releases")
    except ImportError as error:
        raise ReleaseError(
            f"the site's tools are missing ({error.name}): run ./run nox -s docs once, then"
            " .nox/docs/bin/python tools/release.py VERSION"
        ) from None


def release(root: Path, version: str, date: str, build_args: list[str]) -> str:
    """Cut the release in ``root``; a summary of what was done."""
    sys.path[:0] = [str(root / "docs" / "_ext"), str(root / "src")]
    _check(root, version, date)
    releases = _site_tools()

    changed = new_texts(root, version, date)
    before = {path: path.read_text(encoding="utf-8") for path in changed}
    for path, text in changed.items():
        path.write_text(text, encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="lld-release-") as tmp:
        site = Path(tmp) / "html"
        epoch = dt.datetime.fromisoformat(date).replace(tzinfo=dt.timezone.utc).timestamp()
        cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-j", "auto",
               "-D", f"lld_release={version}", "-d", str(Path(tmp) / "doctrees"),
               *build_args, str(root / "docs"), str(site)]  # fmt: skip
        env = {**os.environ, "SOURCE_DATE_EPOCH": str(int(epoch))}
        if subprocess.run(cmd, env=env, check=False).returncode != 0:
            for path, text in before.items():
                path.write_text(text, encoding="utf-8")
            raise ReleaseError("the site's build failed (see above): the files are as they were")
        frozen = releases.freeze(site, version, date, releases.archive_path(root / "docs", version))
    files = ", ".join(sorted({p.relative_to(root).as_posix() for p in changed}))
    left = f"; left out (too large): {', '.join(frozen.left_out)}" if frozen.left_out else ""
    return (
        f"released {version} ({date}): set in {files}; frozen copy"
        f" {frozen.path.relative_to(root).as_posix()}: {frozen.files} files,"
        f" {frozen.bytes_in / 2**20:.1f} MiB as built, {frozen.bytes_out / 2**10:.0f} KiB"
        f" compressed{left}. Review the diff, then commit it with the archive."
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("version", help="the new version, such as 0.2.0")
    parser.add_argument("--date", default=dt.date.today().isoformat(), help="YYYY-MM-DD")
    parser.add_argument(
        "--build-arg", action="append", default=[], metavar="ARG",
        help="one more argument for sphinx-build (repeatable)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    try:
        print(release(ROOT, args.version, args.date, args.build_arg))
    except (ReleaseError, OSError) as error:
        print(f"release: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

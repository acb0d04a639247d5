"""Versions and releases: the version agrees everywhere it is written, and
``tools/release.py`` cuts a release end to end (on a scratch copy of the
repository, with a scratch version: never a real release).

The end-to-end test builds the site twice (the release's build, then an
ordinary one that must serve the frozen copy), so it needs Sphinx: it runs in
``nox -s docs`` and is skipped elsewhere. The rest runs everywhere.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from types import ModuleType

import pytest

import lld
from lld.handout.cite import frozen_site, is_release, release_key
from module_from_file import load_module
from site_scan import made_up_in_site, pdf_text

ROOT = Path(__file__).resolve().parents[1]
SCRATCH_VERSION = "90.0.0"
SCRATCH_DATE = "2030-01-02"
#: A frozen copy is kept in the repository for good: it must stay small.
MAX_ARCHIVE = 3 * 2**20
#: The address the scratch copy is given (a release needs one). No hyphen in it:
#: pdftotext drops a hyphen where a handout's line breaks after one.
ADDRESS = "https://lldgames.github.io/lld/"


def versions_written(root: Path) -> dict[str, str]:
    """Every place the version is written, read independently of the release tool."""
    text = {n: (root / n).read_text(encoding="utf-8") for n in ("pyproject.toml", "CITATION.cff")}
    init = (root / "src" / "lld" / "__init__.py").read_text(encoding="utf-8")
    project = text["pyproject.toml"].split("[project]", 1)[1].split("\n[", 1)[0]
    found = {
        "pyproject.toml": re.findall(r'^version = "([^"]+)"$', project, re.M),
        "lld.__version__": re.findall(r'^__version__ = "([^"]+)"$', init, re.M),
        "CITATION.cff": re.findall(r"^version: (\S+)$", text["CITATION.cff"], re.M),
    }
    assert all(len(v) == 1 for v in found.values()), found
    return {k: v[0] for k, v in found.items()}


def released_on(root: Path, version: str) -> tuple[str | None, str | None]:
    """The changelog's date for ``version`` and CITATION.cff's release date."""
    log = (root / "CHANGELOG.md").read_text(encoding="utf-8")
    dated = re.search(rf"^## {re.escape(version)} \((\d{{4}}-\d\d-\d\d)\)$", log, re.M)
    cff = (root / "CITATION.cff").read_text(encoding="utf-8")
    cited = re.search(r'^date-released: "([^"]+)"$', cff, re.M)
    return (dated.group(1) if dated else None), (cited.group(1) if cited else None)


def test_the_version_is_the_same_everywhere() -> None:
    found = versions_written(ROOT)
    assert set(found.values()) == {lld.__version__}, found
    changelog, citation = released_on(ROOT, lld.__version__)
    assert changelog is not None, "the changelog has no dated section for this version"
    assert changelog == citation


def test_release_numbers_order() -> None:
    assert all(is_release(v) for v in ("0.1.0", "1.20.3", "2.0.0rc1"))
    assert not any(is_release(v) for v in ("1.2", "v1.2.0", "1.2.0-dev", ""))
    ordered = ["0.9.0", "0.10.0", "1.0.0a1", "1.0.0rc1", "1.0.0", "1.0.1"]
    shuffled = ["1.0.0", "0.10.0", "1.0.1", "1.0.0a1", "0.9.0", "1.0.0rc1"]
    assert sorted(shuffled, key=release_key) == ordered
    assert frozen_site("1.0.0", "https://x.test/") == "https://x.test/v/1.0.0/"


def _scratch(tmp_path: Path) -> Path:
    """A copy of the repository's files a release reads and writes."""
    root = tmp_path / "repo"
    skip = shutil.ignore_patterns("_build", "hands", "__pycache__", ".mypy_cache", "*.egg-info")
    for name in ("docs", "src", "sources", "examples", "tools"):
        shutil.copytree(ROOT / name, root / name, ignore=skip)
    # The cells' build reads pyodide/'s npm pins (its packages are cached under docs/).
    shutil.copytree(
        ROOT / "pyodide", root / "pyodide", ignore=shutil.ignore_patterns("node_modules")
    )
    for name in ("pyproject.toml", "CHANGELOG.md", "CITATION.cff", "README.md"):
        shutil.copy2(ROOT / name, root / name)
    # A release needs the site's address: the scratch copy gets one, set as a
    # maintainer sets it (sources/site.toml, CITATION.cff, pyproject.toml), by the
    # tool's own function (Pyodide cannot start the tool as a process).
    tool = load_module(root / "tools" / "site_setting.py", "site_setting_scratch")
    for path, text in tool.new_texts(root, ADDRESS).items():
        path.write_text(text, encoding="utf-8")
    # Right after a real release the Unreleased section is empty, and a release
    # of nothing is refused: the scratch copy gets a change of its own to release.
    log = root / "CHANGELOG.md"
    log.write_text(
        log.read_text(encoding="utf-8").replace(
            "## Unreleased\n", "## Unreleased\n\n- A scratch change, released by the tests.\n", 1
        ),
        encoding="utf-8",
    )
    return root


def _run_tool(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, str(root / "tools" / "release.py"), *args]
    return subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=root)


def _tool(root: Path) -> ModuleType:
    return load_module(root / "tools" / "release.py", "release_tool")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1.2"], "bad version '1.2'"),
        ([lld.__version__], f"is not after the current version {lld.__version__}"),
        ([SCRATCH_VERSION, "--date", "2030-13-01"], "bad date '2030-13-01'"),
    ],
)
@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start a process")
def test_the_release_tool_refuses_bad_input_in_one_line(
    tmp_path: Path, args: list[str], message: str
) -> None:
    root = _scratch(tmp_path)
    before = versions_written(root)
    done = _run_tool(root, *args)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("release: "), done.stderr
    assert message in done.stderr
    assert versions_written(root) == before


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start a process")
@pytest.mark.parametrize(
    ("unset", "message"),
    [
        ("--none", "the site has no public address (url in sources/site.toml)"),
        ("copy", "CITATION.cff does not carry the site's address"),
    ],
)
def test_the_release_tool_refuses_without_an_address_in_one_line(
    tmp_path: Path, unset: str, message: str
) -> None:
    root = _scratch(tmp_path)
    if unset == "--none":
        tool = load_module(root / "tools" / "site_setting.py", "site_setting_scratch")
        for path, text in tool.new_texts(root, None).items():
            path.write_text(text, encoding="utf-8")
    else:  # the address taken out of one copy by hand
        cff = root / "CITATION.cff"
        cff.write_text(re.sub(r"^url: .*\n", "", cff.read_text(encoding="utf-8"), flags=re.M))
    before = {p: p.read_bytes() for p in (root / "CHANGELOG.md", root / "CITATION.cff")}
    done = _run_tool(root, SCRATCH_VERSION, "--date", SCRATCH_DATE)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("release: ")
    assert message in done.stderr
    assert versions_written(root) == versions_written(ROOT)
    assert {p: p.read_bytes() for p in before} == before
    assert not list((root / "docs" / "releases").glob(f"{SCRATCH_VERSION}*"))


def test_a_release_of_nothing_is_refused(tmp_path: Path) -> None:
    root = _scratch(tmp_path)
    log = root / "CHANGELOG.md"
    text = log.read_text(encoding="utf-8")
    head, rest = text.split("## Unreleased\n", 1)
    log.write_text(head + "## Unreleased\n\n## " + rest.split("\n## ", 1)[1], encoding="utf-8")
    tool = _tool(root)
    with pytest.raises(tool.ReleaseError, match="Unreleased section is empty: nothing to release"):
        tool.new_texts(root, SCRATCH_VERSION, SCRATCH_DATE)
    assert log.read_text(encoding="utf-8").count("## Unreleased\n") == 1


def test_the_changelog_is_dated_and_a_new_unreleased_section_opened(tmp_path: Path) -> None:
    root = _scratch(tmp_path)
    old = (root / "CHANGELOG.md").read_text(encoding="utf-8")
    texts = _tool(root).new_texts(root, SCRATCH_VERSION, SCRATCH_DATE)
    log = texts[root / "CHANGELOG.md"]
    assert log.index("## Unreleased\n") < log.index(f"## {SCRATCH_VERSION} ({SCRATCH_DATE})\n")
    # What was unreleased is now under the version, word for word.
    unreleased = old.split("## Unreleased\n", 1)[1].split("\n## ", 1)[0]
    assert f"## {SCRATCH_VERSION} ({SCRATCH_DATE})\n{unreleased}" in log
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
    assert set(versions_written(root).values()) == {SCRATCH_VERSION}
    assert released_on(root, SCRATCH_VERSION) == (SCRATCH_DATE, SCRATCH_DATE)


def _resolves(site: Path, url: str) -> bool:
    """Whether an address on the published site is a page and anchor of ``site``."""
    rel, _, anchor = url.removeprefix(ADDRESS).partition("#")
    page = site / (rel or "index.html")
    if page.is_dir():
        page = page / "index.html"
    if not page.is_file():
        return False
    return not anchor or f'id="{anchor}"' in page.read_text(encoding="utf-8")


def test_a_release_end_to_end_on_a_scratch_version(tmp_path: Path) -> None:
    """Cut a scratch release in a copy of the repository, then build the site as
    a reader gets it: the frozen copy is served under v/VERSION/ with its banner,
    and the citations give addresses in it that resolve."""
    pytest.importorskip("sphinx", reason="the release builds the site: nox -s docs")
    root = _scratch(tmp_path)
    done = _run_tool(root, SCRATCH_VERSION, "--date", SCRATCH_DATE)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"released {SCRATCH_VERSION}" in done.stdout
    assert set(versions_written(root).values()) == {SCRATCH_VERSION}
    assert released_on(root, SCRATCH_VERSION) == (SCRATCH_DATE, SCRATCH_DATE)

    archive = root / "docs" / "releases" / f"{SCRATCH_VERSION}.tar.xz"
    assert 0 < archive.stat().st_size <= MAX_ARCHIVE
    with tarfile.open(archive, "r:xz") as tar:
        names = set(tar.getnames())
        manifest = json.load(tar.extractfile("FROZEN.json"))  # type: ignore[arg-type]
        cut = tar.extractfile("contested/r22.html").read().decode()  # type: ignore[union-attr]
    assert manifest["version"] == SCRATCH_VERSION
    assert manifest["date"] == SCRATCH_DATE
    assert {"index.html", "rules.html", "citing.html", "_static/lld.css"} <= names
    assert not any(n.startswith(("v/", "_sources/", ".buildinfo")) for n in names)
    # The copy leaves the in-browser Python out: no cell's button, which could not run.
    assert "jupyterlite_sphinx_try_it_button" not in cut
    assert not any(n.startswith("lite/") for n in names)

    site = root / "docs" / "_build" / "html"
    build = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-j", "auto",
             "-d", str(site.parent / "doctrees"), str(root / "docs"), str(site)]  # fmt: skip
    built = subprocess.run(build, capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr

    frozen = site / "v" / SCRATCH_VERSION
    rules = (frozen / "rules.html").read_text(encoding="utf-8")
    assert 'id="r14"' in rules
    assert f"<strong>Version {SCRATCH_VERSION}</strong>" in rules
    assert '<a href="../../rules.html" style=' in rules  # "this page now"
    assert f"lld version {SCRATCH_VERSION}" in (frozen / "index.html").read_text(encoding="utf-8")
    pages = list(frozen.rglob("*.html"))
    assert len(pages) > 20
    assert all('class="lld-frozen"' in p.read_text(encoding="utf-8") for p in pages)
    # Instead of the cell, a line linking the live one on the current page.
    r22 = (frozen / "contested" / "r22.html").read_text(encoding="utf-8")
    assert "jupyterlite_sphinx_try_it_button" not in r22
    assert '<a href="../../../contested/r22.html">the current version' in r22

    # The live site cites the frozen copy, and every such address resolves.
    base = frozen_site(SCRATCH_VERSION, ADDRESS)
    assert base is not None
    cited = []
    for page in ("rules.html", "citing.html"):
        html = (site / page).read_text(encoding="utf-8")
        cited += re.findall(rf"{re.escape(base)}[^\s<\"}}]*", html)
    assert f"{base}rules.html#r14" in cited
    assert f"{base}rules.html#r39" in cited
    assert [u for u in cited if not _resolves(site, u)] == []
    citing = (site / "citing.html").read_text(encoding="utf-8")
    assert f'href="v/{SCRATCH_VERSION}/index.html"' in citing

    # The configured address reaches everything that cites: the BibTeX, the
    # handouts' text, the frozen copies cut before the setting (readdressed), the
    # release's own manifest, CITATION.cff and pyproject.toml; nothing made up.
    assert f"url = {{{base}rules.html#r14}}," in citing
    assert manifest["site"] == ADDRESS
    for pdf in ("reconstruction-a4.pdf", "caidis-letter.pdf"):
        text = " ".join(pdf_text(site / "handouts" / pdf).split())
        assert f"{base}rules.html#r14" in text.replace(" ", ""), pdf
        # The footer (the handouts are the ordinary build's, dated the day it ran).
        assert re.search(rf"lld {SCRATCH_VERSION} · [0-9-]+ · {re.escape(base)} ", text), pdf
    for old in ("0.2.0", "0.3.0"):
        html = (site / "v" / old / "rules.html").read_text(encoding="utf-8")
        assert f"{ADDRESS}v/{old}/rules.html#r14" in html
        assert _resolves(site, f"{ADDRESS}v/{old}/rules.html#r14")
        assert not list((site / "v" / old).rglob("*.pdf"))  # printed with the placeholder
    assert f'url: "{ADDRESS}"' in (root / "CITATION.cff").read_text(encoding="utf-8")
    assert f'Documentation = "{ADDRESS}"' in (root / "pyproject.toml").read_text(encoding="utf-8")
    assert made_up_in_site(site) == {}

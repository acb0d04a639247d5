"""The site's public address is one setting (``sources/site.toml``): the citations,
the handouts, ``CITATION.cff`` and ``pyproject.toml`` read it; while it is empty,
nothing gives an address, and nothing ever gives a made-up one.

The built site's side (every page, script and PDF) is checked in
``test_docs_site.py``; a configured address reaching a whole build, its
handouts and its frozen copy, in ``test_releases.py``'s scratch release.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from lld.cli import main
from lld.concordance import load
from lld.handout import handout_html
from lld.handout.cite import (
    LOCAL_BUILD,
    SiteSettingError,
    frozen_site,
    ruling_bibtex,
    ruling_citation,
    site_bibtex,
    site_citation,
    site_url,
)
from lld.reports import preset_rules
from module_from_file import load_module
from site_scan import made_up

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
#: An address a maintainer could set (a GitHub Pages project site).
ADDRESS = "https://lld-project.github.io/lld/"
needs_processes = pytest.mark.skipif(
    sys.platform == "emscripten", reason="Pyodide cannot start a process"
)


def _tool() -> ModuleType:
    return load_module(ROOT / "tools" / "site_setting.py", "site_setting")


def test_no_address_citations_say_the_pages_come_from_a_local_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LLD_SITE_URL", "")
    assert site_url() is None
    assert frozen_site("0.3.0") is None
    local = f"{LOCAL_BUILD[0].upper()}{LOCAL_BUILD[1:]}."
    for text in (site_citation(version="0.4.0"), ruling_citation("R14", version="0.4.0")):
        assert re.search(rf"Version 0\.4\.0\. \d{{4}}\. {re.escape(local)}$", text), text
        assert "http" not in text
    for entry in (site_bibtex(), ruling_bibtex("R14")):
        assert "url =" not in entry
        assert f"note = {{{LOCAL_BUILD[0].upper()}{LOCAL_BUILD[1:]}}}," in entry
    html = handout_html(preset_rules("parlett"), "a4", "2026-11-27")
    # The sheet cites the sources at their own addresses; the site's is what is absent.
    parlett = load().source("parlett").url
    assert parlett
    assert parlett in html
    html = html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    for source in load().sources:
        html = html.replace(source.url or "\0", "")
    assert "https://" not in html
    assert "http://" not in html
    assert "a local build, no public address" in html  # the footer
    # The site's and a ruling's citations, the citing page's, the footer's.
    assert html.lower().count(LOCAL_BUILD) == 3


def test_a_configured_address_reaches_every_citation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LLD_SITE_URL", ADDRESS.rstrip("/"))
    assert site_url() == ADDRESS
    assert frozen_site("0.3.0") == f"{ADDRESS}v/0.3.0/"
    assert site_citation(version="0.4.0", date="2026-12-01").endswith(
        f"Version 0.4.0. 2026. {ADDRESS}"
    )
    assert ruling_citation("R14").endswith(f". {ADDRESS}rules.html#r14")
    assert f"url = {{{ADDRESS}}}," in site_bibtex()
    assert f"url = {{{ADDRESS}rules.html#r14}}," in ruling_bibtex("R14")
    html = handout_html(preset_rules("parlett"), "a4", "2026-11-27")
    for where in (f"{ADDRESS}rules.html#r1 and so on", f"{ADDRESS}citing.html",
                  f"2026-11-27 · {ADDRESS}", f"{ADDRESS}rules.html#r14"):  # fmt: skip
        assert where in html, where
    assert LOCAL_BUILD not in html


def test_without_the_variable_the_setting_file_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LLD_SITE_URL", raising=False)
    assert site_url() == _tool().setting(ROOT)


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("https://lld.example.org/", "is a placeholder (example.org is a domain reserved"),
        ("https://games.test/lld/", "is a placeholder (test is a domain reserved"),
        ("http://lld.invalid", "is a placeholder (invalid is a domain reserved"),
        ("ftp://lld.github.io/", "is not a web address"),
        ("lld.github.io/lld/", "is not a web address"),
        ("https://lld.github.io/a b/", "is not a web address"),
    ],
)
def test_a_made_up_or_malformed_address_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], url: str, problem: str
) -> None:
    monkeypatch.setenv("LLD_SITE_URL", url)
    with pytest.raises(SiteSettingError, match=re.escape(problem)):
        site_url()
    capsys.readouterr()
    assert main(["stakes", "--ruleset", "parlett", "--players", "5"]) == 0  # no citation
    assert main(["handout", "--ruleset", "parlett", "-o", "never-written.pdf"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(f"lld: LLD_SITE_URL: {url!r} ")
    assert not Path("never-written.pdf").exists()


def test_the_copies_of_the_address_agree_with_the_setting() -> None:
    """CITATION.cff and pyproject.toml carry what sources/site.toml sets, and no
    citation file of the repository gives a made-up address."""
    assert _tool().problems(ROOT) == []
    for name in ("CITATION.cff", "pyproject.toml", "sources/site.toml", "docs/sources.bib"):
        assert made_up((ROOT / name).read_text(encoding="utf-8")) == [], name


def _scratch(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    for name in ("sources/site.toml", "CITATION.cff", "pyproject.toml", "tools/site_setting.py"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes((ROOT / name).read_bytes())
    return root


def test_the_tool_writes_the_address_and_takes_it_away(tmp_path: Path) -> None:
    tool, root = _tool(), _scratch(tmp_path)
    for url in (ADDRESS, None, ADDRESS):
        for path, text in tool.new_texts(root, url).items():
            path.write_text(text, encoding="utf-8")
        assert tool.setting(root) == url
        assert tool.problems(root) == []
        project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
        cff = (root / "CITATION.cff").read_text(encoding="utf-8")
        if url is None:
            assert "urls" not in project["project"]
            assert not re.search(r"^url:", cff, re.M)
        else:
            assert project["project"]["urls"] == {"Documentation": url}
            assert re.findall(r'^url: "([^"]*)"$', cff, re.M) == [url]
    # The rest of each file is as it was.
    for name in ("CITATION.cff", "pyproject.toml"):
        unset = tool.new_texts(root, None)[root / name]
        assert unset == tool.new_texts(ROOT, None)[ROOT / name]


@needs_processes
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["https://lld.example.org/"], "is a placeholder"),
        (["not an address"], "is not a web address"),
        (["--check-host", "https://other.github.io/lld/"], "the host serves the site at"),
    ],
)
def test_the_tool_refuses_in_one_line_and_changes_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    root = _scratch(tmp_path)
    tool = root / "tools" / "site_setting.py"
    # The scratch copy has an address, so that another host's is a disagreement.
    subprocess.run([sys.executable, str(tool), ADDRESS], check=True, capture_output=True)
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    done = subprocess.run([sys.executable, str(tool), *args], capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("site_setting: ")
    assert message in done.stderr
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before
    # A copy edited by hand is found by --check, one line for each.
    cff = root / "CITATION.cff"
    cff.write_text(cff.read_text(encoding="utf-8").replace(ADDRESS, "https://x.github.io/"))
    check = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True, text=True)
    assert check.returncode == 1
    assert check.stderr.startswith("site_setting: CITATION.cff does not carry the site's address")


@needs_processes
@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('family = ""', 'family = ""\ncolour = "blue"', "[editor] holds two strings"),
        ('url = "', 'url = 3\n#"', "url must be a string"),
    ],
)
def test_the_tool_reads_the_setting_as_the_package_does(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    """One parser: a malformed ``site.toml`` is refused by the tool in the
    package's own words, naming the file and line."""
    root = _scratch(tmp_path)
    path = root / "sources" / "site.toml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    tool = root / "tools" / "site_setting.py"
    done = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"site_setting: {path}:")
    assert message in done.stderr


def test_the_publishing_workflow_builds_with_the_readme_command_at_the_hosts_address() -> None:
    """GitHub Pages' workflow is valid (check-jsonschema's copy of the workflow
    schema: no network), builds with ``./run site --build``, gives the build the
    host's address, checks it against the setting and publishes the built site."""
    workflow = ROOT / ".github" / "workflows" / "pages.yml"
    text = workflow.read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "./run site --build" in readme
    assert "run: ./run site --build" in text
    assert "LLD_SITE_URL: ${{ steps.pages.outputs.base_url }}/" in text
    assert 'tools/site_setting.py --check-host "${{ steps.pages.outputs.base_url }}/"' in text
    assert "path: docs/_build/html" in text
    beside = Path(sys.executable).with_name("check-jsonschema")
    if not beside.exists():
        pytest.skip("check-jsonschema comes with the docs group (nox -s docs)")
    done = subprocess.run(
        [str(beside), "--builtin-schema", "vendor.github-workflows", str(workflow)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def test_citation_cff_gives_the_title_the_citations_give() -> None:
    from lld.handout.cite import TITLE

    cff = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert re.findall(r'^title: "([^"]*)"$', cff, re.M) == [TITLE]

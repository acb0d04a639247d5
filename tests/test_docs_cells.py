"""The built site's cells, checked without a browser (``nox -s docs`` runs this).

The lite site must serve everything the kernel loads: Pyodide from npm at the
version the kernel expects, a lock listing exactly the served wheels with their
real hashes, settings that preload the engine and never fall back to PyPI, and
one cell (one kernel) on every contested ruling, example hand and the API page,
loaded only on a click. tests/browser/test_cells.py runs the cells themselves.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("LLD_DOCS_BUILT", ROOT / "docs" / "_build" / "html"))
LITE = SITE / "lite"
PYODIDE = LITE / "static" / "pyodide"

pytestmark = pytest.mark.skipif(
    not (PYODIDE / "pyodide-lock.json").exists(), reason="needs the built site (nox -s docs)"
)


def _lock() -> dict[str, object]:
    return json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_the_lock_lists_exactly_the_served_wheels_with_their_hashes() -> None:
    packages: dict[str, dict[str, object]] = _lock()["packages"]  # type: ignore[assignment]
    listed = {str(p["file_name"]) for p in packages.values()}
    served = {p.name for p in PYODIDE.glob("*.whl")}
    assert listed == served
    for name, package in packages.items():
        digest = hashlib.sha256((PYODIDE / str(package["file_name"])).read_bytes()).hexdigest()
        assert digest == package["sha256"], name
        for dep in package["depends"]:  # type: ignore[attr-defined]
            assert dep in packages, f"{name} depends on {dep}, which is not served"
        assert "://" not in str(package["file_name"])


def test_pyodide_is_the_npm_version_the_kernel_expects() -> None:
    npm = json.loads((ROOT / "pyodide" / "package.json").read_text())["dependencies"]["pyodide"]
    kernel = pytest.importorskip("jupyterlite_pyodide_kernel.constants")
    assert npm == kernel.PYODIDE_VERSION
    served = (PYODIDE / "pyodide.mjs").read_text(encoding="utf-8")
    assert npm in served
    for core in ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip"):
        assert (PYODIDE / core).exists()


def test_the_kernel_preloads_the_engine_and_never_asks_pypi() -> None:
    config = json.loads((LITE / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    assert settings["disablePyPIFallback"] is True
    # Pyodide's own, loaded through the site's start module, which loads ./pyodide.mjs.
    assert settings["pyodideUrl"] == "./static/pyodide/start.mjs"
    start = (PYODIDE / "start.mjs").read_text(encoding="utf-8")
    assert 'from "./pyodide.mjs"' in start
    assert "export async function loadPyodide" in start
    preload = settings["loadPyodideOptions"]["packages"]
    assert {"lld", "lld-cells", "pyodide-kernel", "ipython"} <= set(preload)
    # jedi is named for the kernel to skip it (start.mjs drops it): it is not served.
    not_served = settings["loadPyodideOptions"]["lldNotServed"]
    assert not_served == ["jedi"]
    assert "lldNotServed" in start
    lock: dict[str, dict[str, object]] = _lock()["packages"]  # type: ignore[assignment]
    assert set(preload) - set(not_served) <= set(lock)
    assert not {"jedi", "parso"} & set(lock)
    assert "jedi" not in lock["ipython"]["depends"]  # type: ignore[operator]


def test_the_kernel_imports_nothing_it_must_compile() -> None:
    """The standard library and the kernel's packages are served as Pyodide's
    bytecode (the engine and its helpers keep their sources beside it)."""
    with zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as stdlib:
        names = stdlib.namelist()
    assert "asyncio/__init__.pyc" in names
    assert [n for n in names if n.endswith(".py")] == []
    with zipfile.ZipFile(PYODIDE / _wheel("ipython")) as ipython:
        names = ipython.namelist()
    assert "IPython/core/interactiveshell.pyc" in names
    assert [n for n in names if n.endswith(".py")] == []
    with zipfile.ZipFile(PYODIDE / _wheel("lld")) as lld:
        names = lld.namelist()
    assert {"lld/__init__.py", "lld/__pycache__/__init__.cpython-314.pyc"} <= set(names)


def _wheel(name: str) -> str:
    return str(_lock()["packages"][name]["file_name"])  # type: ignore[index]


def test_no_lite_config_names_a_cdn() -> None:
    for path in LITE.rglob("jupyter-lite.json"):
        text = path.read_text(encoding="utf-8")
        assert "http://" not in text, path
        assert "https://" not in text, path


def _cells(page: Path) -> int:
    return page.read_text(encoding="utf-8").count('class="lld-cell-head"')


def test_one_cell_per_contested_ruling_hand_and_api_page_loaded_on_click() -> None:
    contested = list((SITE / "contested").glob("r*.html"))
    with_demo = [p for p in contested if "lld-demonstration" in p.read_text(encoding="utf-8")]
    assert with_demo
    for page in with_demo:
        assert _cells(page) == 1, page.name
    hands = sorted((SITE / "hands").glob("*.html"))
    assert hands
    for page in hands:
        assert _cells(page) == 1, page.name
    for seat in (SITE / "hands").glob("*/seat-*.html"):
        assert _cells(seat) == 0, seat
    api = SITE / "reference" / "api.html"
    assert _cells(api) == 1
    # Nothing of JupyterLite loads before the click: the frame is made by the button.
    for page in [*with_demo, *hands, api]:
        text = page.read_text(encoding="utf-8")
        assert "<iframe" not in text, page.name
        assert "jupyterlite_sphinx_try_it_button" in text
        assert "fonts.googleapis" not in text


def _expect_and_code(page: Path) -> tuple[dict[str, Any], str]:
    text = page.read_text(encoding="utf-8")
    found = re.search(r'data-lld-expect="([^"]+)"', text)
    code = re.search(r"[?&]code=([^'&]+)", text)
    assert found is not None, page
    assert code is not None, page
    return json.loads(html.unescape(found.group(1))), unquote(code.group(1))


def test_every_contested_cell_opens_on_the_switch_between_two_readings() -> None:
    pages = [p for p in sorted((SITE / "contested").glob("r*.html")) if _cells(p)]
    assert pages
    for page in pages:
        expect, code = _expect_and_code(page)
        values = [r["value"] for r in expect["readings"]]
        assert len(values) == 2, page.name
        assert values[0] != values[1], page.name
        # The cell runs the first reading's line; the second's is the switch.
        assert code.rstrip().splitlines()[-1] == expect["readings"][0]["line"], page.name
        assert f"{expect['option']}=" in expect["readings"][1]["line"], page.name
    expect, _ = _expect_and_code(SITE / "contested" / "r22.html")
    assert expect["option"] == "lie_down"
    assert any("sympkyn" in r["presets"] for r in expect["readings"])


def test_the_notebooks_are_served() -> None:
    for name in ("step-through.ipynb", "replay-under.ipynb"):
        assert (LITE / "files" / name).exists()


def test_the_serve_script_lets_a_reload_revalidate_its_gzipped_files() -> None:
    import importlib.util
    import threading
    import urllib.error
    import urllib.request

    spec = importlib.util.spec_from_file_location("lld_site_server", ROOT / "docs" / "serve.py")
    assert spec is not None
    assert spec.loader is not None
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    server = serve.make_server(SITE)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/lite/static/pyodide/pyodide-lock.json"
    gzip_only = {"Accept-Encoding": "gzip"}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=gzip_only)) as first:
            assert first.headers["Content-Encoding"] == "gzip"
            etag = first.headers["ETag"]
            assert etag
            modified = first.headers["Last-Modified"]
            assert modified
        again = urllib.request.Request(url, headers={**gzip_only, "If-None-Match": etag})
        with pytest.raises(urllib.error.HTTPError) as revalidated:
            urllib.request.urlopen(again)
        revalidated.value.close()
        assert revalidated.value.code == 304
        # Chromium sends the date alone.
        by_date = urllib.request.Request(url, headers={**gzip_only, "If-Modified-Since": modified})
        with pytest.raises(urllib.error.HTTPError) as revalidated:
            urllib.request.urlopen(by_date)
        revalidated.value.close()
        assert revalidated.value.code == 304
        stale = urllib.request.Request(url, headers={**gzip_only, "If-None-Match": '"0-0"'})
        with urllib.request.urlopen(stale) as fresh:
            assert fresh.status == 200
            assert fresh.headers["ETag"] == etag
    finally:
        server.shutdown()
        server.server_close()


def test_the_apps_preload_the_scripts_their_start_needs() -> None:
    # docs/_ext/lld_docs/lite_app.py reads them from each app's bundle.js; the
    # browser test checks that the page then asks for no other script before
    # the kernel starts.
    for app in ("repl", "notebooks"):
        page = (LITE / app / "index.html").read_text(encoding="utf-8")
        hrefs = re.findall(r'<link rel="preload" href="\.\./build/([^"]+)" as="script">', page)
        assert len(hrefs) > 40, app
        assert any(h.startswith("jlab_core.") for h in hrefs), app
        assert len(set(hrefs)) == len(hrefs), app
        for href in hrefs:
            assert (LITE / "build" / href).is_file(), href
        assert page.count("lld: preload") == 2, "one block, replaced on each build"


def test_the_apps_load_no_unused_extension() -> None:
    config = json.loads((LITE / "jupyter-lite.json").read_text(encoding="utf-8"))
    names = [e["name"] for e in config["jupyter-config-data"]["federated_extensions"]]
    assert names == ["@jupyterlite/pyodide-kernel-extension"]


def test_the_serve_script_compresses_a_changed_file_again(tmp_path: Path) -> None:
    import gzip
    import importlib.util
    import threading
    import urllib.request

    spec = importlib.util.spec_from_file_location("lld_site_server", ROOT / "docs" / "serve.py")
    assert spec is not None
    assert spec.loader is not None
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    page = tmp_path / "index.html"
    server = serve.make_server(tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"

    def body() -> bytes:
        request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            return gzip.decompress(response.read())

    try:
        page.write_text("<p>first</p>")
        assert body() == b"<p>first</p>"
        assert body() == b"<p>first</p>"
        page.write_text("<p>second, longer</p>")
        assert body() == b"<p>second, longer</p>"
    finally:
        server.shutdown()
        server.server_close()


def test_the_pyodide_build_runs_on_its_own_outside_sphinx(tmp_path: Path) -> None:
    """``docs/_ext/lite_build.py`` (which the site's extension calls) builds the
    kernel's Pyodide into any folder without Sphinx, from the cache the site's
    build left: the same files, and a lock that lists exactly them."""
    import subprocess
    import sys

    pytest.importorskip("pyodide_lock")
    script = ROOT / "docs" / "_ext" / "lite_build.py"
    out = tmp_path / "pyodide"
    code = (
        "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]);"
        " import lite_build; lite_build.prepare(Path(sys.argv[2]));"
        " assert 'sphinx' not in sys.modules, 'lite_build imported Sphinx'"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(script.parent), str(out)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    built = {p.name: p.read_bytes() for p in out.iterdir()}
    served = {p.name: p.read_bytes() for p in PYODIDE.iterdir() if p.name in built}
    assert set(built) - {"pyodide-lock.json"} <= {p.name for p in PYODIDE.iterdir()}
    assert {n: b for n, b in built.items() if n != "pyodide-lock.json"} == {
        n: b for n, b in served.items() if n != "pyodide-lock.json"
    }
    lock = json.loads(built["pyodide-lock.json"])
    assert {p["file_name"] for p in lock["packages"].values()} == {
        n for n in built if n.endswith(".whl")
    }


def test_the_pyodide_build_imports_nothing_from_sphinx() -> None:
    import ast

    tree = ast.parse((ROOT / "docs" / "_ext" / "lite_build.py").read_text("utf-8"))
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        (node.module or "").split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    }
    assert not imported & {"sphinx", "docutils", "lld_docs"}

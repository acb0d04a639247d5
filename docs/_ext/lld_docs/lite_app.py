"""Post-processing of the built JupyterLite apps, so that a cell's first start
(a fresh browser, nothing cached) waits less before the kernel starts.

* **Preload hints.** A JupyterLite app's page loads ``config-utils.js``, then
  six configuration files, then its ``bundle.js``, which loads the federated
  extensions' entry points, and only then asks for the ~50 scripts of its
  ``index.js`` (1.5 MB gzipped): a chain of round trips before the bulk of the
  download even starts. :func:`add_preload_hints` lists those scripts in the
  page's ``<head>`` as ``<link rel="preload">``, so that the browser fetches
  and parses them while the chain runs.
* **No unused extension.** The Sphinx environment installs
  ``jupyterlab_pygments`` (a dependency of nbconvert), and the lite build
  serves every extension it finds there; it styles Pygments' HTML, which no
  cell prints (code is highlighted by CodeMirror), and costs each app start a
  script, its share-scope setup and a stylesheet. :func:`drop_extensions`
  takes it out of ``jupyter-lite.json``.
* **No service worker for the cells** (``docs/_lite/repl/jupyter-lite.json``
  disables its plugin in the REPL app). JupyterLite's service worker lets the
  kernel see the site's file drive (the example notebooks) and answer
  ``input()``: neither is what a cell is for, and with it each of the kernel's
  file look-ups at start (about 20) is a synchronous round trip through the
  page, which is busy drawing the app just then. Without it the kernel mounts
  no drive (it says so in the browser's console, as a warning). The notebooks'
  app keeps it.

The scripts to preload are read from the app's ``bundle.js``, the rspack
(webpack-compatible) runtime of jupyterlite-core's prebuilt apps: no tool
reads a bundle's chunk graph, so :func:`critical_scripts` does it by hand, and
fails the build, saying so, if the pinned jupyterlite-core's format changes.
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.errors import ExtensionError

#: The apps the site opens: ``replite`` cells and the example notebooks.
APPS = ("repl", "notebooks")
#: Federated extensions the cells do not use (see the module's docstring).
UNUSED_EXTENSIONS = ("jupyterlab_pygments",)
#: Marks the lines :func:`add_preload_hints` writes, so that a rebuild replaces them.
MARK = "<!-- lld: preload the app's scripts -->"

_CHUNK = re.compile(r"\.e\((\d+)\)")
#: ``await Promise.all([t.e(5531), ...]).then(t.bind(t, 52830))).main``: index.js's chunks.
_MAIN = re.compile(
    r"await Promise\.all\(\[((?:\w\.e\(\d+\),?)+)\]\)\.then\(\w\.bind\(\w,\d+\)\)\)\.main"
)
#: The chunks' file names: ``"" + (5531 === e ? "jlab_core" : e) + "." + {id: hash}[e] + ".js"``
_NAMES = re.compile(
    r'__webpack_require__\.u=e=>""\+\((\d+)===e\?"(\w+)":e\)\+"\."\+\((\{[^}]*\})\)\[e\]\+"\.js"'
)
#: Each chunk's shared modules (module federation's "consumes").
_CONSUMES = re.compile(
    r"consumesLoadingData=\{chunkMapping:\{(.*?)\},moduleIdToConsumeDataMapping:\{", re.S
)
_CONSUME = re.compile(
    r'(\d+):\{shareScope:"default",shareKey:"([^"]+)".*?fallback:\(\)=>(.*?)\.then\(\(\)=>\(\)=>'
)
#: The shared modules the bundle provides, each with the chunks its factory loads.
_PROVIDE = re.compile(r'\{name:"([^"]+)",version:"[^"]+",factory:\(\)=>(.*?)\.then\(\(\)=>\(\)=>')


def _ids(code: str) -> list[int]:
    return [int(x) for x in _CHUNK.findall(code)]


def critical_scripts(bundle: str) -> list[str]:
    """The file names of the scripts an app's ``bundle.js`` loads before its
    ``main()`` runs: ``index.js``'s chunks and, for each shared module they
    consume, the chunks of the bundle's own provider of it (or of the
    fallback, where the bundle provides none or several versions)."""
    main, names, consumes = _MAIN.search(bundle), _NAMES.search(bundle), _CONSUMES.search(bundle)
    if not (main and names and consumes):
        raise ExtensionError(
            "cells: the JupyterLite app's bundle.js is not laid out as jupyterlite-core 0.8.6's"
            " (docs/_ext/lld_docs/lite_app.py reads it): update the patterns there"
        )
    special = {int(names.group(1)): names.group(2)}
    hashes = {int(k): v for k, v in re.findall(r'(\d+):"(\w+)"', names.group(3))}
    chunk_modules = {
        int(k): re.findall(r'"(\d+)"', v)
        for k, v in re.findall(r"(\d+):\[([^\]]*)\]", consumes.group(1))
    }
    shared = {
        m.group(1): (m.group(2), _ids(m.group(3)))
        for m in _CONSUME.finditer(bundle, consumes.end())
    }
    provided: dict[str, list[list[int]]] = {}
    for m in _PROVIDE.finditer(bundle):
        provided.setdefault(m.group(1), []).append(_ids(m.group(2)))
    seen: list[int] = []
    todo = _ids(main.group(1))
    while todo:
        chunk = todo.pop(0)
        if chunk in seen:
            continue
        seen.append(chunk)
        for module in chunk_modules.get(chunk, []):
            key, fallback = shared[module]
            own = provided.get(key, [])
            todo += own[0] if len(own) == 1 else fallback
    # Chunks with no file of their own only gather shared modules.
    return [f"{special.get(c, c)}.{hashes[c]}.js" for c in seen if c in hashes]


def add_preload_hints(lite: Path) -> None:
    """Preload each app's critical scripts from its ``index.html`` (see the module's docstring)."""
    for app in APPS:
        page = lite / app / "index.html"
        bundle = lite / "build" / app / "bundle.js"
        html = page.read_text(encoding="utf-8")
        html = re.sub(rf"\n *{re.escape(MARK)}.*?{re.escape(MARK)}", "", html, flags=re.S)
        # After the app's own preload of its bundle, which config-utils.js then runs.
        anchor = re.search(r'<link id="jupyter-lite-main"[^>]*>', html)
        if anchor is None:
            raise ExtensionError(f"cells: {page} has no jupyter-lite-main link to preload beside")
        links = "".join(
            f'\n    <link rel="preload" href="../build/{name}" as="script">'
            for name in critical_scripts(bundle.read_text(encoding="utf-8"))
        )
        block = f"\n    {MARK}{links}\n    {MARK}"
        html = html[: anchor.end()] + block + html[anchor.end() :]
        page.write_text(html, encoding="utf-8")


def drop_extensions(config: dict[str, object]) -> None:
    """Take :data:`UNUSED_EXTENSIONS` out of a ``jupyter-lite.json``'s settings."""
    data = config.get("jupyter-config-data")
    if isinstance(data, dict) and isinstance(data.get("federated_extensions"), list):
        data["federated_extensions"] = [
            e for e in data["federated_extensions"] if e.get("name") not in UNUSED_EXTENSIONS
        ]

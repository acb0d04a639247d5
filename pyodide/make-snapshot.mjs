#!/usr/bin/env node
// Make the memory snapshot that the cells' kernel starts from (pyodide/start.mjs).
//
//   node make-snapshot.mjs DIR
//
// DIR is the site's Pyodide folder as served (runtime, precompiled standard
// library, wheels). This starts that very Pyodide, unpacks every wheel in DIR
// into site-packages, imports what the kernel's start imports that holds no
// JavaScript object (IPython, jedi, prompt_toolkit, pygments, traitlets, comm,
// the engine), and writes Pyodide's memory snapshot, gzipped, to
// DIR/snapshot.bin.gz. The kernel then skips CPython's start and those imports.
//
// A snapshot is the WebAssembly heap only: Pyodide's file system is not in it,
// so the kernel still installs its wheels as before (the modules imported here
// are found in sys.modules; what they import later, and package metadata, come
// from the files). micropip, which piplite imports, holds JavaScript objects and
// cannot be snapshotted ("Can't serialize object"). The snapshot only fits the
// exact pyodide.asm.wasm it was made with (Pyodide checks its build id).
// Nothing is downloaded: `fetch` throws.

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const IMPORTS = `
import sys
while "" in sys.path:
    sys.path.remove("")
import IPython, IPython.core.interactiveshell, IPython.core.completer, IPython.display
import jedi, prompt_toolkit, pygments, traitlets, comm
import lld, lld_cells
`;

const dir = process.argv[2];
if (!dir || !fs.existsSync(path.join(dir, "pyodide.mjs"))) {
  console.error("usage: node make-snapshot.mjs DIR (the site's Pyodide folder, with pyodide.mjs)");
  process.exit(64);
}
globalThis.fetch = async (url) => {
  throw new Error(`make-snapshot: no downloads (asked for ${url})`);
};
const { loadPyodide } = await import(path.resolve(dir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.resolve(dir) + "/", _makeSnapshot: true });
for (const name of fs.readdirSync(dir).filter((f) => f.endsWith(".whl")).sort()) {
  const bytes = new Uint8Array(fs.readFileSync(path.join(dir, name)));
  pyodide.unpackArchive(bytes, "wheel", { extractDir: pyodide._api.sitePackages });
}
pyodide.runPython(IMPORTS);
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(path.join(dir, "snapshot.bin.gz"), zlib.gzipSync(snapshot, { level: 6 }));

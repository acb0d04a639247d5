// The cells' kernel loads Pyodide through this module (the kernel's
// `pyodideUrl`, set by docs/_ext/lld_docs/cells.py): Pyodide's own
// `loadPyodide`, started from a memory snapshot, then one change to sys.path
// before the kernel starts.
//
// The snapshot (snapshot.bin.gz beside this file, made at the docs build by
// make-snapshot.mjs from these very files) holds CPython already started with
// IPython, jedi and the engine imported: the kernel's start skips both, about a
// second of a cold start (docs/bench_cells.py). `_loadSnapshot` is a private
// option of Pyodide 314; two things it lacks are done here. Pyodide sizes the
// heap before copying the snapshot in, but the runtime ignores that size and the
// copy fails for a snapshot larger than the initial 30 MB (pyodide/pyodide
// issue 6254): the heap is grown first, through `createPyodideModule`. And the
// snapshot fixes `random`'s state, the same in every reader's kernel: reseeded.
//
// Pyodide puts "" (the working directory) first on sys.path, and the kernel
// makes its working directory the browser's file drive, where each `stat` is a
// synchronous round trip from the kernel's worker to the page and back. Python
// stats every entry of sys.path at each import it has not done yet, and
// importlib.metadata at each look-up of the installed packages: about 90 round
// trips while the kernel imports IPython, and more at a cell's first
// `import lld`, about a second in all; with "" last, still about 20
// (docs/bench_cells.py). So "" goes, as Python's own `-P` option drops it: the
// standard library and the served packages are found without asking the page.
// A reader who saves a module in the drive and wants to import it runs
// `sys.path.insert(0, "")` first. No option of `loadPyodide` does this: `-P` or
// PYTHONSAFEPATH leave Pyodide's "" where it is.
import { loadPyodide as loadPyodideItself } from "./pyodide.mjs";
import createPyodideModule from "./pyodide.asm.mjs";

export * from "./pyodide.mjs";

async function snapshot() {
  const response = await fetch(new URL("snapshot.bin.gz", import.meta.url));
  if (!response.ok) {
    throw new Error(`cannot load the kernel's snapshot: ${response.status} ${response.url}`);
  }
  // Gzipped on disk, a quarter of its size: any static host serves it as is.
  const body = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(body).arrayBuffer());
}

export async function loadPyodide(options) {
  const bytes = snapshot();
  const pyodide = await loadPyodideItself({
    ...options,
    _loadSnapshot: bytes,
    createPyodideModule: async (settings) => {
      const module = await createPyodideModule(settings);
      module._emscripten_resize_heap((await bytes).length);
      return module;
    },
  });
  pyodide.runPython(`
import random, sys
while "" in sys.path:
    sys.path.remove("")
random.seed()
`);
  return pyodide;
}

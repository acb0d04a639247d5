// The cells' kernel loads Pyodide through this module (the kernel's
// `pyodideUrl`, set by docs/_ext/lld_docs/cells.py): Pyodide's own
// `loadPyodide`, then one change to sys.path before the kernel starts.
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

export * from "./pyodide.mjs";

export async function loadPyodide(options) {
  const pyodide = await loadPyodideItself(options);
  pyodide.runPython(`
import sys
while "" in sys.path:
    sys.path.remove("")
`);
  return pyodide;
}

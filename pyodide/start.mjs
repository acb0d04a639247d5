// The cells' kernel loads Pyodide through this module (the kernel's
// `pyodideUrl`, set by docs/_ext/lld_docs/cells.py): Pyodide's own
// `loadPyodide`, then one change to sys.path before the kernel starts.
//
// Pyodide puts "" (the working directory) first on sys.path, and the kernel
// makes its working directory the browser's file drive, where each `stat` is a
// round trip from the kernel's worker to the page and back. Python stats the
// first entry of sys.path at every import it has not done yet: about 90 round
// trips while the kernel imports IPython, more at a cell's first `import lld`,
// about a second in all (docs/bench_cells.py). With "" moved to the end, the
// standard library and the served packages are found without asking the page,
// and a module saved in the drive can still be imported (unless it shadows one
// of theirs). No option of `loadPyodide` does this: `-P` or PYTHONSAFEPATH
// leave Pyodide's "" where it is.
import { loadPyodide as loadPyodideItself } from "./pyodide.mjs";

export * from "./pyodide.mjs";

export async function loadPyodide(options) {
  const pyodide = await loadPyodideItself(options);
  pyodide.runPython(`
import sys
if "" in sys.path:
    sys.path.remove("")
    sys.path.append("")
`);
  return pyodide;
}

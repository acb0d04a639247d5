// The cells' kernel loads Pyodide through this module (the kernel's
// `pyodideUrl`, set by docs/_ext/lld_docs/cells.py): Pyodide's own
// `loadPyodide`, then changes to sys.path and sys.modules before the kernel
// starts.
//
// The kernel passes its `loadPyodideOptions` on to `loadPyodide`, and reads
// their `packages` itself: it installs with piplite each of its requirements
// that the list does not name. `lldNotServed` names those that the site does
// not serve (jedi: see NOT_SERVED in docs/_ext/lite_build.py), listed only
// for the kernel to skip them; they are taken out here, before Pyodide looks
// them up.
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
//
// And two modules are put off until they are used, each for a stand-in module
// that imports the real one the first time anything in it is asked for:
// * `IPython.terminal.embed`, which IPython's `__init__` imports for
//   `IPython.embed()`, IPython's terminal shell embedded, of no use in a
//   browser's kernel: it brings in that shell, its debugger and prompt_toolkit,
//   about a third of the kernel's imports (0.2 s of CPU). Calling
//   `IPython.embed` or importing any name from the module (`from
//   IPython.terminal.embed import InteractiveShellEmbed`) loads it.
// * `piplite.piplite`, which the kernel imports at its start to give it its
//   settings (the site's package index, no PyPI), and which imports micropip,
//   its vendored packaging and unittest.mock (0.1 s of CPU). `%pip` or
//   `piplite.install` loads it, with the settings given to the stand-in.
// (Measured in Pyodide under Node.js and with docs/bench_cells.py: see
// benchmarks/README.md.) Last, once the kernel has started, IPython's completer is told that
// jedi is not served.
import { loadPyodide as loadPyodideItself } from "./pyodide.mjs";

export * from "./pyodide.mjs";

export async function loadPyodide({ lldNotServed = [], ...options }) {
  if (options.packages) {
    options.packages = options.packages.filter((name) => !lldNotServed.includes(name));
  }
  const pyodide = await loadPyodideItself(options);
  pyodide.runPython(`
import sys
while "" in sys.path:
    sys.path.remove("")


def _put_off(name, names, bind=False):
    """A stand-in for the module name until one of its attributes is asked for:
    names are functions that load it and call the real ones; bind puts the
    stand-in on its package, as importing it would."""
    import importlib
    import importlib.util
    import types

    if importlib.util.find_spec(name.partition(".")[0]) is None:
        return  # not installed: nothing to put off

    def load():
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]
            real = importlib.import_module(name)
            # What was set on the stand-in meanwhile (piplite's settings) carries over.
            for key, value in vars(stand_in).items():
                if key not in own:
                    setattr(real, key, value)
        return importlib.import_module(name)

    def later(attribute):
        def call(*args, **kwargs):
            return getattr(load(), attribute)(*args, **kwargs)

        call.__name__ = attribute
        return call

    def attribute_of_real(attribute):
        # Not for the import system's questions (__path__, __spec__ ...).
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        return getattr(load(), attribute)

    stand_in = types.ModuleType(name, "Imported when first used (see pyodide/start.mjs).")
    stand_in.__getattr__ = attribute_of_real
    for attribute in names:
        setattr(stand_in, attribute, later(attribute))
    own = set(vars(stand_in))
    sys.modules[name] = stand_in
    if bind:
        package, _, child = name.rpartition(".")
        setattr(importlib.import_module(package), child, stand_in)


_put_off("IPython.terminal.embed", ["embed"])
_put_off("piplite.piplite", ["install"], bind=True)


def _once_imported(name, action):
    """Run action(module) right after the module name is first imported."""
    import importlib.util

    class Finder:
        @staticmethod
        def find_spec(fullname, path=None, target=None):
            if fullname != name:
                return None
            sys.meta_path.remove(Finder)
            spec = importlib.util.find_spec(fullname)
            run = spec.loader.exec_module

            def exec_module(module):
                run(module)
                action(module)

            spec.loader.exec_module = exec_module
            return spec

    sys.meta_path.insert(0, Finder)


# pyodide-kernel turns jedi on in IPython's completer whether it is there or
# not; without it each completion fails (a NameError). IPython's own matchers
# complete without it.
_once_imported(
    "pyodide_kernel", lambda kernel: setattr(kernel.ipython_shell.Completer, "use_jedi", False)
)
del _once_imported
del _put_off
`);
  return pyodide;
}

#!/usr/bin/env node
// Precompile pure-Python wheels, and Pyodide's standard library, to Pyodide's
// bytecode, so that the browser imports them without compiling (IPython and
// jedi's sources took about 3 s to compile at every kernel start, and the
// standard library, which npm's pyodide ships as sources only, as long again;
// see docs/bench_cells.py).
//
//   node compile-wheels.mjs --out DIR [--keep-source NAME ...] [--stdlib ZIP] WHEEL...
//
// Each WHEEL is written to DIR under the same name with every module compiled
// by the Pyodide that serves the site (the same CPython 3.14, so the same
// bytecode format). By default each `x.py` is replaced by `x.pyc`, as Pyodide's
// own distribution ships its packages; a wheel whose project is named by
// --keep-source keeps its sources and gets `__pycache__/x.cpython-314.pyc`
// beside them instead (unchecked-hash pycs: valid whatever the files' times).
// RECORD is rewritten with the new files' hashes. A module that does not
// compile under 3.14 is left as source. --stdlib ZIP writes DIR/<ZIP's name>
// with each `x.py` replaced by `x.pyc` (zipimport loads sourceless modules).
//
// Why not pyodide-build's `pyodide py-compile`: it compiles with the host's
// Python, which must be the same version as Pyodide's (3.14); this machine has
// none, but it has Pyodide itself. Nothing is downloaded: `fetch` throws.

import fs from "node:fs";
import path from "node:path";

function parseArgs(argv) {
  const opts = { out: null, keep: [], wheels: [], stdlib: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--out") opts.out = argv[++i];
    else if (argv[i] === "--keep-source") opts.keep.push(argv[++i]);
    else if (argv[i] === "--stdlib") opts.stdlib = argv[++i];
    else opts.wheels.push(argv[i]);
  }
  if (!opts.out || (opts.wheels.length === 0 && !opts.stdlib)) {
    console.error(
      "usage: node compile-wheels.mjs --out DIR [--keep-source NAME ...] [--stdlib ZIP] WHEEL...",
    );
    process.exit(64);
  }
  return opts;
}

const COMPILE = `
import base64, hashlib, importlib.util, io, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

TAG = importlib.util.cache_from_source("x.py").rsplit(".", 2)[-2]  # cpython-314
FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # reproducible archives


def _pyc(name, body):
    """Unchecked-hash bytecode for a module's source, or None if 3.14 does not compile it."""
    try:
        code = compile(body, name, "exec", dont_inherit=True)
    except SyntaxError:
        return None
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(body), False))


def compile_stdlib(data):
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data.to_bytes())) as zin:
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
            for info in zin.infolist():
                name, body = info.filename, zin.read(info)
                pyc = _pyc(name, body) if name.endswith(".py") else None
                if pyc is None:
                    zout.writestr(zipfile.ZipInfo(name, FIXED_TIME), body, zipfile.ZIP_DEFLATED)
                else:
                    zout.writestr(zipfile.ZipInfo(name + "c", FIXED_TIME), pyc, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def compile_wheel(data, keep_source):
    files = []
    with zipfile.ZipFile(io.BytesIO(data.to_bytes())) as zin:
        for info in zin.infolist():
            if info.is_dir() or info.filename.endswith(".dist-info/RECORD"):
                continue
            name, body = info.filename, zin.read(info)
            if name.endswith(".py") and ".data/" not in name.split("/", 1)[0]:
                pyc = _pyc(name, body)
                if pyc is None:
                    files.append((name, body))
                    continue
                if keep_source:
                    head, _, base = name.rpartition("/")
                    cached = f"{head}/__pycache__/{base[:-3]}.{TAG}.pyc".lstrip("/")
                    files += [(name, body), (cached, pyc)]
                else:
                    files.append((name[:-3] + ".pyc", pyc))
            else:
                files.append((name, body))
    dist_info = next(n.split("/")[0] for n, _ in files if n.split("/")[0].endswith(".dist-info"))
    record = [
        f"{n},sha256={base64.urlsafe_b64encode(hashlib.sha256(b).digest()).rstrip(b'=').decode()},{len(b)}"
        for n, b in files
    ]
    record.append(f"{dist_info}/RECORD,,")
    files.append((f"{dist_info}/RECORD", ("\\n".join(record) + "\\n").encode()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for n, b in files:
            zout.writestr(zipfile.ZipInfo(n, FIXED_TIME), b, zipfile.ZIP_DEFLATED)
    return out.getvalue()
`;

const opts = parseArgs(process.argv.slice(2));
globalThis.fetch = async (url) => {
  throw new Error(`compile-wheels.mjs: network access attempted (${url})`);
};
const { loadPyodide } = await import("pyodide");
const pyodide = await loadPyodide();
pyodide.runPython(COMPILE);
const compileWheel = pyodide.globals.get("compile_wheel");
fs.mkdirSync(opts.out, { recursive: true });
const keep = new Set(opts.keep.map((n) => n.toLowerCase().replace(/[-_.]+/g, "_")));
for (const wheel of opts.wheels) {
  const base = path.basename(wheel);
  const project = base.split("-")[0].toLowerCase();
  const bytes = new Uint8Array(fs.readFileSync(wheel));
  const result = compileWheel(bytes, keep.has(project));
  fs.writeFileSync(path.join(opts.out, base), result.toJs());
  result.destroy();
}
compileWheel.destroy();
if (opts.stdlib) {
  const compileStdlib = pyodide.globals.get("compile_stdlib");
  const result = compileStdlib(new Uint8Array(fs.readFileSync(opts.stdlib)));
  fs.writeFileSync(path.join(opts.out, path.basename(opts.stdlib)), result.toJs());
  result.destroy();
  compileStdlib.destroy();
}

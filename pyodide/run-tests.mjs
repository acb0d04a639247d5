#!/usr/bin/env node
// Run lld's test suite (tests/ and the doctests of the installed package) inside
// Pyodide (CPython 3.14 compiled to WebAssembly) in Node.js, offline.
//
//   node run-tests.mjs --wheel DIST/lld-X-py3-none-any.whl [options] [-- pytest args...]
//
//   --wheel PATH      the lld wheel to test (required)
//   --wheels DIR      the test wheels listed in wheels.txt (default: .cache/wheels here)
//   --repo DIR        the checkout whose tests/ and pyproject.toml are used (default: ..)
//   --check-wheels    only check that every wheel in wheels.txt is in --wheels with
//                     its sha256, print what is missing, and exit 0 or 65
//
// Arguments after "--" go to pytest. If some of them name test files or node IDs
// (relative to the checkout), they replace the default targets, tests/ and the
// installed package. The exit status is pytest's (0 passed, 1 failed,
// 2 interrupted, 3 internal error, 4 usage error, 5 no tests); a problem before
// pytest starts exits 64 (usage), 65 (missing or altered wheel) or 70 (other).
//
// Nothing is downloaded: `fetch` is replaced by one that throws, and every
// wheel is unpacked straight into site-packages (no micropip, no lock file).
// The checkout is mounted at its own absolute path, so paths relative to it
// (the seed texts in ../shared/seeds) resolve as they do under CPython. The
// mount is writable in principle; the run keeps it clean by writing no
// bytecode, no pytest cache and no Hypothesis database there.

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const EX_USAGE = 64;
const EX_DATAERR = 65;
const EX_SOFTWARE = 70;

class SetupError extends Error {
  constructor(message, status = EX_SOFTWARE) {
    super(message);
    this.status = status;
  }
}

function parseArgs(argv) {
  const opts = {
    wheel: null,
    wheels: path.join(HERE, ".cache", "wheels"),
    repo: path.resolve(HERE, ".."),
    checkWheels: false,
    pytestArgs: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new SetupError(`${arg} needs a value`, EX_USAGE);
      return argv[++i];
    };
    if (arg === "--") {
      opts.pytestArgs = argv.slice(i + 1);
      break;
    } else if (arg === "--wheel") opts.wheel = path.resolve(value());
    else if (arg === "--wheels") opts.wheels = path.resolve(value());
    else if (arg === "--repo") opts.repo = path.resolve(value());
    else if (arg === "--check-wheels") opts.checkWheels = true;
    else if (arg === "-h" || arg === "--help") {
      const head = fs.readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n");
      const end = head.findIndex((l, n) => n > 0 && !l.startsWith("//"));
      console.log(head.slice(1, end).map((l) => l.replace(/^\/\/ ?/, "")).join("\n"));
      process.exit(0);
    } else throw new SetupError(`unknown argument ${arg} (see --help)`, EX_USAGE);
  }
  if (!opts.checkWheels && !opts.wheel) throw new SetupError("--wheel is required", EX_USAGE);
  return opts;
}

/** The pinned test wheels: [{name, version, sha256}] from wheels.txt (pip's hash-checking format). */
function readWheelList() {
  const file = path.join(HERE, "wheels.txt");
  const wanted = [];
  for (const raw of fs.readFileSync(file, "utf8").split("\n")) {
    const line = raw.replace(/#.*/, "").trim();
    if (!line) continue;
    const m = /^([A-Za-z0-9._-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})$/.exec(line);
    if (!m) throw new SetupError(`wheels.txt: cannot read line: ${raw}`, EX_DATAERR);
    wanted.push({ name: m[1], version: m[2], sha256: m[3] });
  }
  return wanted;
}

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
// A wheel's file name starts with the project name, normalized with "_" (PEP 427/491).
const wheelPrefix = (name, version) => `${name.toLowerCase().replace(/[-_.]+/g, "_")}-${version}-`;

/** Each listed wheel's bytes, found in `dir` by name and checked against its sha256. */
function findWheels(dir, wanted) {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".whl")) : [];
  const found = [];
  const problems = [];
  for (const w of wanted) {
    const prefix = wheelPrefix(w.name, w.version);
    const candidates = files.filter((f) => f.toLowerCase().startsWith(prefix));
    if (candidates.length === 0) {
      problems.push(`missing: ${w.name}==${w.version}`);
      continue;
    }
    const matching = candidates.filter((f) => {
      const bytes = fs.readFileSync(path.join(dir, f));
      if (sha256(bytes) === w.sha256) {
        found.push({ ...w, file: path.join(dir, f), bytes });
        return true;
      }
      return false;
    });
    if (matching.length === 0) problems.push(`sha256 differs: ${candidates.join(", ")}`);
  }
  return { found, problems };
}

/** Make every attempt to download something fail loudly. */
function disableNetwork() {
  const refuse = (what) => {
    throw new Error(`run-tests.mjs: network access attempted (${what}); the run must be offline`);
  };
  globalThis.fetch = async (resource) => refuse(`fetch ${resource}`);
  globalThis.XMLHttpRequest = class {
    open(method, url) {
      refuse(`XMLHttpRequest ${url}`);
    }
  };
}

/** Bytes written by Python go straight to the process's stream (copied: the buffer is wasm memory). */
const writer = (stream) => ({
  isatty: Boolean(stream.isTTY),
  write(buffer) {
    stream.write(Buffer.from(buffer));
    return buffer.length;
  },
});

/** Mount host directory `hostDir` inside Pyodide at `guestDir` (default: the same path). */
function mount(pyodide, hostDir, guestDir = hostDir) {
  pyodide.FS.mkdirTree(guestDir);
  pyodide.mountNodeFS(guestDir, fs.realpathSync(hostDir));
}

/** Whether a pytest argument names tests (a path or node ID) rather than being an option or its value. */
function namesTests(arg, repo) {
  if (arg.startsWith("-")) return false;
  const file = arg.split("::")[0];
  return arg.includes("::") || fs.existsSync(path.resolve(repo, file));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { found, problems } = findWheels(opts.wheels, readWheelList());
  if (opts.checkWheels || problems.length) {
    for (const p of problems) console.error(`run-tests.mjs: ${p} (in ${opts.wheels})`);
    if (problems.length) throw new SetupError("test wheels missing or altered: run run.sh, which downloads them", EX_DATAERR);
    return 0;
  }
  if (!fs.existsSync(opts.wheel)) throw new SetupError(`no such wheel: ${opts.wheel}`, EX_USAGE);
  const repo = fs.realpathSync(opts.repo);
  for (const need of ["pyproject.toml", "tests"]) {
    if (!fs.existsSync(path.join(repo, need))) throw new SetupError(`${repo} has no ${need}`, EX_USAGE);
  }

  disableNetwork();
  const { loadPyodide, version: jsVersion } = await import("pyodide");
  const started = performance.now();
  // The host environment is not inherited; only these pass through, so that
  // CI detection (Hypothesis' "ci" profile) and pytest's colour and extra
  // options behave as they do under CPython.
  const env = {
    HOME: "/home/pyodide",
    PYTHONDONTWRITEBYTECODE: "1",
    HYPOTHESIS_STORAGE_DIRECTORY: "/tmp/hypothesis",
  };
  // LLD_CPYTHON_DEALS: the host CPython's deals, for tests/test_same_deal_everywhere.py.
  for (const name of ["CI", "PYTEST_ADDOPTS", "NO_COLOR", "FORCE_COLOR", "PY_COLORS", "COLUMNS", "LLD_CPYTHON_DEALS"]) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  if (env.COLUMNS === undefined && process.stdout.columns) env.COLUMNS = String(process.stdout.columns);
  const pyodide = await loadPyodide({ env });
  pyodide.setStdout(writer(process.stdout));
  pyodide.setStderr(writer(process.stderr));

  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const w of [...found, { file: opts.wheel, bytes: fs.readFileSync(opts.wheel) }]) {
    pyodide.unpackArchive(new Uint8Array(w.bytes), "wheel", { extractDir: sitePackages });
  }

  mount(pyodide, repo);
  const seeds = path.join(path.dirname(repo), "shared", "seeds");
  if (fs.existsSync(seeds)) mount(pyodide, seeds);
  const setupSeconds = ((performance.now() - started) / 1000).toFixed(1);

  const args = [
    "-p", "no:cacheprovider",
    "--capture=sys",
    "-c", path.join(repo, "pyproject.toml"),
    "--rootdir", repo,
    // What `testpaths` names under CPython, with the installed package for src/lld;
    // test files or node IDs given after "--" (relative to the checkout) replace them.
    ...(opts.pytestArgs.some((a) => namesTests(a, repo)) ? [] : [path.join(repo, "tests"), `${sitePackages}/lld`]),
    ...opts.pytestArgs,
  ];
  pyodide.globals.set("pytest_args", pyodide.toPy(args));
  pyodide.globals.set("repo", repo);
  pyodide.globals.set("site_packages", sitePackages);
  pyodide.globals.set("header", `Pyodide ${jsVersion}, ready in ${setupSeconds} s; wheels: ${[opts.wheel, ...found.map((w) => w.file)].map((f) => path.basename(f)).join(" ")}`);
  const status = pyodide.runPython(`
import importlib, os, sys
sys.dont_write_bytecode = True
# As under the \`pytest\` command, the working directory is not on sys.path.
sys.path[:] = [p for p in sys.path if p not in ("", ".")]
importlib.invalidate_caches()
os.chdir(repo)
import lld, pytest
if not lld.__file__.startswith(site_packages + "/"):
    raise SystemExit(f"lld was imported from {lld.__file__}, not from the installed wheel")
print(header)
print(f"lld from {os.path.dirname(lld.__file__)}")
print("pytest", *pytest_args, flush=True)
int(pytest.main(list(pytest_args)))
`);
  return status;
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(err instanceof SetupError ? `run-tests.mjs: ${err.message}` : err);
  process.exitCode = err instanceof SetupError ? err.status : EX_SOFTWARE;
}

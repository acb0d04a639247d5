#!/usr/bin/env bash
# Run lld's test suite (tests/ and the package's doctests) inside Pyodide, the
# CPython 3.14 WebAssembly build, in Node.js, from a fresh clone:
#
#   pyodide/run.sh [pytest options]
#
# 1. npm ci here (Pyodide exactly as package-lock.json pins it);
# 2. the test wheels in wheels.txt into .cache/wheels (pip, hashes checked;
#    skipped when every wheel is already there with its hash);
# 3. lld's wheel from the checkout into .cache/dist (pip wheel);
# 4. run-tests.mjs: pytest inside Pyodide, offline (with the host CPython's
#    deals for the same seeds in LLD_CPYTHON_DEALS, to compare there).
# The exit status is pytest's. Needs Node.js >= 20, npm, and Python >= 3.10
# with pip (python3, or set PYTHON=/path/to/python); steps 1-3 need the package
# registries, step 4 needs no network at all.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
cache=$here/.cache
python=${PYTHON:-python3}
cd "$here"

step() {
    printf 'run.sh: %s (%ss)\n' "$1" "$SECONDS" >&2
}

for tool in node npm "$python"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "run.sh: $tool not found (./run nox -s pyodide installs Node.js and npm)" >&2
        exit 70
    fi
done

step "npm ci"
npm ci --prefer-offline --no-audit --no-fund --loglevel=error

step "test wheels"
if ! node run-tests.mjs --check-wheels --wheels "$cache/wheels" 2>/dev/null; then
    "$python" -m pip download --disable-pip-version-check --quiet \
        --no-deps --only-binary=:all: --python-version 3.14 \
        --implementation cp --abi cp314 --abi none \
        --platform pyemscripten_2026_0_wasm32 --platform any \
        --require-hashes -r wheels.txt -d "$cache/wheels"
    node run-tests.mjs --check-wheels --wheels "$cache/wheels"
fi

step "lld wheel"
rm -rf "$cache/dist"
"$python" -m pip wheel --disable-pip-version-check --quiet --no-deps -w "$cache/dist" "$repo"
wheels=("$cache"/dist/lld-*.whl)
if [ "${#wheels[@]}" -ne 1 ] || [ ! -f "${wheels[0]}" ]; then
    echo "run.sh: expected one lld wheel in $cache/dist" >&2
    exit 70
fi

step "CPython's deals"
# The same seeds' deals computed here, on the host's CPython, for
# tests/test_same_deal_everywhere.py to compare inside Pyodide.
LLD_CPYTHON_DEALS=$(PYTHONPATH="$repo/src" "$python" "$repo/tests/deals_everywhere.py")
export LLD_CPYTHON_DEALS

step "pytest in Pyodide"
status=0
node run-tests.mjs --wheel "${wheels[0]}" --wheels "$cache/wheels" --repo "$repo" -- "$@" || status=$?
step "done, exit status $status"
exit "$status"

#!/bin/sh
# `npm test`: the typecheck, then every test file, two at a time.
#
# - The typecheck (tsconfig.json: src, test, bench, scripts) also writes the compiled
#   JavaScript to dist/, as `npm run build` does. The test files under test/ run from
#   it, and so do the servers and CLIs they start (as `npm start` does): no process
#   loads the TypeScript sources again.
# - Meanwhile the shared test sample is built once (test/helpers/build-sample.ts) and
#   pinned for the run, so the test files never build it, nor race on it; and the unit
#   tests beside the sources (src/), which need neither, run through tsx (they read
#   files relative to where they are). Their report is printed once the typecheck is done.
set -eu
cd "$(dirname "$0")/.."

unit_report=$(mktemp)
trap 'rm -f "$unit_report"' EXIT

node_modules/.bin/tsc -p tsconfig.json --outDir dist &
typecheck=$!

unit=
unit_files=$(find src -name '*.test.ts' | sort)
if [ -n "$unit_files" ]; then
  reporter=tap
  if [ -t 1 ]; then reporter=spec; fi
  # shellcheck disable=SC2086 # one argument per test file
  node --import tsx --test --test-reporter="$reporter" --test-concurrency=2 --test-timeout=300000 $unit_files >"$unit_report" 2>&1 &
  unit=$!
fi

sample=$(node --import tsx test/helpers/build-sample.ts) || sample=
typecheck_ok=1
wait "$typecheck" || typecheck_ok=0
# The client package builds on its own (its declarations included), as it is published.
node_modules/.bin/tsc -p client/tsconfig.json || typecheck_ok=0
unit_ok=1
if [ -n "$unit" ]; then wait "$unit" || unit_ok=0; fi
cat "$unit_report"
if [ "$typecheck_ok" = 0 ] || [ -z "$sample" ]; then exit 1; fi
node -e "fs.cpSync('src/reference', 'dist/src/reference', { recursive: true, filter: (f) => !f.endsWith('.ts') })"

export ECONTRADE_TEST_SAMPLE="$sample" ECONTRADE_TEST_DIST=dist
# No single test may hold the run open: the slowest (a build killed and restarted)
# takes about two minutes here.
TEST_TIMEOUT_MS=${TEST_TIMEOUT_MS:-600000}
suite_ok=1
# shellcheck disable=SC2046 # the compiled test/**/*.test.ts, one argument per file
node --enable-source-maps --test --test-concurrency=2 --test-timeout="$TEST_TIMEOUT_MS" $(find test -name '*.test.ts' | sort | sed 's|^|dist/|; s|\.ts$|.js|') ||
  suite_ok=0
[ "$unit_ok" = 1 ] && [ "$suite_ok" = 1 ]

#!/usr/bin/env bash
# Everything CI runs (README: `npm test`): typecheck, lint, production build, unit + integration
# tests on PGlite and on PostgreSQL, and the Playwright suite in Debian's Chromium.
#
# On CI's 2 cores the end-to-end suite keeps them only half busy (browsers wait for pages, pages for
# the server), so the vitest runs go alongside it instead of before it (decision 037). TEST_SERIAL=1
# runs the suites one after the other as before, e.g. to rule out that they disturb each other.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp/reports
rm -f .tmp/reports/*.json .tmp/reports/*.log

step() { printf '\n=== %s ===\n' "$1"; }

# Typecheck and lint each use one core: side by side, each printed when done.
step "typecheck and lint"
npm run --silent typecheck > .tmp/reports/typecheck.log 2>&1 &
typecheck=$!
npm run --silent lint > .tmp/reports/lint.log 2>&1 &
lint=$!
typecheck_status=0
lint_status=0
wait "$typecheck" || typecheck_status=$?
wait "$lint" || lint_status=$?
cat .tmp/reports/typecheck.log .tmp/reports/lint.log
if [ "$typecheck_status" -ne 0 ] || [ "$lint_status" -ne 0 ]; then
  echo "typecheck exited with $typecheck_status, lint with $lint_status" >&2
  exit 1
fi

# Before vitest and Playwright: the HTTP tests (server/*.test.ts) and the e2e server run this build.
step "production build"
npm run --silent build

bash scripts/ensure-postgres.sh
bash scripts/ensure-chromium.sh
# The deployment test installs it too when missing; here the install stays out of its time limit.
bash scripts/ensure-nginx.sh

vitest_pglite() {
  TEST_DB=pglite npx vitest run "$@" --reporter=default --reporter=json --outputFile.json=.tmp/reports/vitest-pglite.json
}
# Files that reach no database give the same result on both engines: PGlite runs them, PostgreSQL not again.
vitest_postgres() {
  VITEST_DATA_TESTS_ONLY=1 TEST_DB=postgres npx vitest run "$@" --reporter=default --reporter=json --outputFile.json=.tmp/reports/vitest-postgres.json
}
e2e() {
  PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/reports/playwright.json npx playwright test --reporter=list,json
}

status=0
if [ "${TEST_SERIAL:-0}" = "1" ]; then
  step "unit + integration tests on PGlite"
  vitest_pglite || status=1
  step "unit + integration tests on PostgreSQL"
  vitest_postgres || status=1
  step "end-to-end tests in Chromium"
  e2e || status=1
else
  # One vitest file at a time next to the two Playwright workers: vitest fills the core the browsers
  # leave idle without starving them (their waits have fixed timeouts). PostgreSQL's run comes after
  # the end-to-end suite, on both cores: both runs at one file at a time took 41 minutes, twice the
  # browsers' time without their stalled tests (decision 075).
  step "end-to-end tests in Chromium (output below when done), meanwhile unit + integration tests"
  e2e > .tmp/reports/playwright.log 2>&1 &
  playwright=$!
  step "unit + integration tests on PGlite (alongside the end-to-end tests)"
  vitest_pglite --maxWorkers=1 || status=1
  step "end-to-end tests in Chromium"
  wait "$playwright" || status=1
  cat .tmp/reports/playwright.log
  step "unit + integration tests on PostgreSQL"
  vitest_postgres || status=1
fi

node scripts/summarize-tests.mjs || status=1
exit "$status"

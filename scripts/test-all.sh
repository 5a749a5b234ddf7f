#!/usr/bin/env bash
# Everything CI runs (README: `npm test`): typecheck, lint, unit + integration tests on PGlite
# and on PostgreSQL, production build, and the Playwright suite in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp/reports
rm -f .tmp/reports/*.json

step() { printf '\n=== %s ===\n' "$1"; }

step "typecheck"
npm run --silent typecheck

step "lint"
npm run --silent lint

# Before vitest: the HTTP tests (server/*.test.ts, tests/support/server.ts) run the production build.
step "production build"
npm run --silent build

step "unit + integration tests on PGlite"
TEST_DB=pglite npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/reports/vitest-pglite.json

step "unit + integration tests on PostgreSQL"
bash scripts/ensure-postgres.sh
TEST_DB=postgres npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/reports/vitest-postgres.json

step "end-to-end tests in Chromium"
bash scripts/ensure-chromium.sh
PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/reports/playwright.json npx playwright test --reporter=list,json

node scripts/summarize-tests.mjs

#!/usr/bin/env bash
# npm run bench [-- <search benchmark options>]: the search benchmark (needs a database, see
# README.md), then the matching benchmark (no database; run it alone with npm run bench:matching),
# then Lighthouse SEO on the production build (npm run build first; alone: npm run bench:seo) and all
# four Lighthouse categories on a phone (alone: npm run bench:lighthouse), then the
# page weight of the public pages on that build (alone: npm run bench:weight), then the
# company download (3,000 companies as XLSX and CSV, peak memory; alone: npm run bench:download), then
# duplicate detection (300,000 companies, PostgreSQL; alone: npm run bench:duplicates), then the
# server cost and throughput of anonymous pages (alone: npm run bench:throughput). With DATABASE_URL
# also matching a new ad (bench:ad-matches); always the saved-search digest (bench:digest).
set -uo pipefail
# Every benchmark runs even when one misses its goal (exit 1); the script fails at the end if any did.
status=0
run() { "$@" || { echo "^ missed its goal or failed: $*" >&2; status=1; }; }
run env DB_STATEMENT_TIMEOUT_MS=0 npx tsx bench/search.bench.ts "$@"
# The search page itself (HTTP, page cache off) on the same generated PostgreSQL database (issue 22:
# p95 ≤ 60 ms at 1,000,000 companies); skipped without DATABASE_URL (alone: npm run bench:search-page).
if [ -n "${DATABASE_URL:-}" ]; then run env BENCH_SEARCH_PAGE_DATABASE_URL="$DATABASE_URL" npx tsx bench/search-page.bench.ts; fi
# Offers meet requests (issue 25, decision 060): matching a new ad on the same generated database
# (≤ 50 ms at 300,000 companies; alone: npm run bench:ad-matches).
if [ -n "${DATABASE_URL:-}" ]; then run env DB_STATEMENT_TIMEOUT_MS=0 npx tsx bench/ad-matches.bench.ts; fi
# The nightly saved-search digest for 10,000 saved searches on a scratch PostgreSQL database (≤ 2 min; alone: npm run bench:digest).
run npx tsx bench/saved-search-digest.bench.ts
run npx tsx bench/matching.bench.ts
# Large events (500, 1,000 and 2,000 companies; CPU, wall and peak memory per case; alone: npm run bench:matching-large).
run npx tsx bench/matching-large.bench.ts
run npx tsx bench/seo.lighthouse.ts
# All four Lighthouse categories on a phone (issue 22, decision 068: performance ≥ 0.95, the others 1.00) on
# the same build, de and cs, 3 runs per page (alone: npm run bench:lighthouse; the machine should be quiet).
run npx tsx bench/lighthouse.bench.ts
# Page weight of the public pages on the same build (alone, building first: npm run bench:weight).
run npx tsx bench/page-weight.ts --no-build
run npx tsx bench/company-download.bench.ts
# The import: 100,000 generated rows as CSV and as XLSX, end to end on a scratch PostgreSQL database
# (alone: npm run bench:import; -- --engine both adds PGlite).
run env DB_STATEMENT_TIMEOUT_MS=0 node --expose-gc --import tsx bench/import.bench.ts
# Duplicate detection over 300,000 companies on PostgreSQL (a scratch database; alone: npm run bench:duplicates).
run env DB_STATEMENT_TIMEOUT_MS=30000 npx tsx bench/duplicates.bench.ts
# Server cost per page (page cache off) and throughput of anonymous pages beside a static file (issue 22, decision 045).
run npx tsx bench/throughput.bench.ts
exit "$status"

#!/usr/bin/env bash
# npm run bench [-- <search benchmark options>]: the search benchmark (needs a database, see
# README.md), then the matching benchmark (no database; run it alone with npm run bench:matching),
# then Lighthouse SEO on the production build (npm run build first; alone: npm run bench:seo), then the
# company download (3,000 companies as XLSX and CSV, peak memory; alone: npm run bench:download).
set -euo pipefail
DB_STATEMENT_TIMEOUT_MS=0 npx tsx bench/search.bench.ts "$@"
npx tsx bench/matching.bench.ts
npx tsx bench/seo.lighthouse.ts
npx tsx bench/company-download.bench.ts

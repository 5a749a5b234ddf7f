#!/usr/bin/env bash
# The integration tests need the local PostgreSQL at 127.0.0.1:5432 (trust auth); start it if it is down.
set -euo pipefail
if pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then exit 0; fi
if command -v pg_ctlcluster >/dev/null; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
fi
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p 5432 -q && exit 0
  sleep 1
done
echo "PostgreSQL is not reachable at 127.0.0.1:5432" >&2
exit 1

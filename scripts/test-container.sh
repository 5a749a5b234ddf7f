#!/usr/bin/env bash
# CI's container step (decision 055): builds the image and starts deploy/compose.yaml (PostgreSQL,
# two instances, nginx), then checks that the balancer answers /readyz and a page in both languages.
# Where no container engine runs (these CI machines have only the docker client), it says so and
# skips: that is printed, never silent.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v docker > /dev/null 2>&1 || ! docker info > /dev/null 2>&1; then
  echo "Container image: SKIPPED — no container engine runs on this machine (docker info failed); Dockerfile and deploy/compose.yaml were not built or started."
  exit 0
fi
if ! docker compose version > /dev/null 2>&1; then
  echo "Container image: SKIPPED — the docker compose plugin is missing; the image is built, the compose file not started."
  docker build -t partnernet:ci .
  exit 0
fi

env_file=deploy/.env
created_env=0
if [ ! -f "$env_file" ]; then
  created_env=1
  {
    echo "SESSION_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
    # Production refuses a non-https address; the checks below sign nobody in, so plain http works.
    echo "PUBLIC_URL=https://partnernet.localhost"
    echo "SMTP_URL=smtp://127.0.0.1:2525"
  } > "$env_file"
fi
cleanup() {
  docker compose -f deploy/compose.yaml down -v > /dev/null 2>&1 || true
  if [ "$created_env" = 1 ]; then rm -f "$env_file"; fi
}
trap cleanup EXIT

docker compose -f deploy/compose.yaml up -d --build --wait
for path in /readyz /de /cs; do
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://localhost:8080$path")
  echo "Container image: GET $path through the balancer → $code"
  [ "$code" = 200 ] || exit 1
done
echo "Container image: built and started (two instances behind nginx), all answered."

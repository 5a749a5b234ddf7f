#!/usr/bin/env bash
# The deployment test (server/deployment.test.ts) puts Debian's nginx in front of two app
# instances; install it when missing. nginx-light is enough (upstream, proxy); plain nginx if the
# release no longer has it. Only the binary is used: the test runs it with its own config in a temp
# folder, so the package's service is neither needed nor started here.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx-light >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >/dev/null
fi
test -x /usr/sbin/nginx

#!/usr/bin/env bash
# The one test command: typecheck, lint, unit tests, build, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's chromium for the browser tests and Debian's caddy for the proxy test (tests/e2e/api-caddy.spec.ts).
missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
command -v "${CADDY_BIN:-caddy}" >/dev/null 2>&1 || missing+=(caddy)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "[test] installing Debian's ${missing[*]} for the browser tests"
  if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

step() { echo; echo "=== $1"; }
start=$(date +%s)

step "typecheck"
npx tsc -p .
step "lint"
npx eslint . --max-warnings 0
reports="$(mktemp -d)"
step "unit tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
step "build"
npm run build --silent
step "browser tests (playwright, chromium with and without JavaScript)"
export E2E_PORT="${E2E_PORT:-4310}"
export E2E_DATA_DIR="${E2E_DATA_DIR:-$(mktemp -d -t patternhouse-e2e-XXXXXX)}"
rm -rf "$E2E_DATA_DIR" && mkdir -p "$E2E_DATA_DIR"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json
echo
node scripts/test-summary.mjs "$reports/vitest.json" "$reports/playwright.json"
echo "[test] finished in $(( $(date +%s) - start )) s"

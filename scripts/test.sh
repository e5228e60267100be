#!/usr/bin/env bash
# The one test command (`npm test`, which .ci/run runs): typecheck, lint and build side by side, then the unit tests
# (Vitest) on SQLite and on PostgreSQL, then the browser tests (Playwright: chromium with and without JavaScript, the
# JSON API, Stripe), then the PostgreSQL journey over two app processes and a standby. Ends with where the time went
# (each phase, the slowest files) and one closing line over every run.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's chromium-headless-shell for the browser tests (playwright.config.ts), Debian's caddy for the proxy test
# (tests/e2e/api-caddy.spec.ts) and Debian's postgresql (15) for the tests that start a PostgreSQL cluster of their own
# (tests/pg/cluster.ts; PG_BIN names another installation's server binaries).
missing=()
if [ -n "${CHROMIUM_PATH:-}" ]; then [ -x "$CHROMIUM_PATH" ] || { echo "[test] CHROMIUM_PATH=$CHROMIUM_PATH is not an executable"; exit 1; }
else [ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell); fi
command -v "${CADDY_BIN:-caddy}" >/dev/null 2>&1 || missing+=(caddy)
if [ -n "${PG_BIN:-}" ]; then [ -x "$PG_BIN/initdb" ] || { echo "[test] PG_BIN=$PG_BIN has no initdb"; exit 1; }
else compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql); fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "[test] installing Debian's ${missing[*]} for the tests"
  if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

reports="$(mktemp -d)"
phases="$reports/phases.tsv"
start=$(date +%s)
failed=0

# Runs phases side by side, each with its output in its own log (printed when it ends); records each one's time.
side_by_side() {
  local names=() pids=() begun
  begun=$(date +%s)
  while [ "$#" -gt 0 ]; do
    local name="$1" cmd="$2"
    shift 2
    names+=("$name")
    ( set +e; bash -c "$cmd" >"$reports/$name.log" 2>&1; echo $? >"$reports/$name.rc"; echo "$(( $(date +%s) - begun ))" >"$reports/$name.secs" ) &
    pids+=("$!")
  done
  echo; echo "=== ${names[*]} (side by side)"
  wait "${pids[@]}"
  for name in "${names[@]}"; do
    local rc secs
    rc=$(cat "$reports/$name.rc")
    secs=$(cat "$reports/$name.secs")
    echo; echo "--- $name: ${secs} s, exit $rc"
    if [ "$rc" != "0" ] || [ "$name" = "build" ]; then tail -n 60 "$reports/$name.log"; fi
    [ "$rc" = "0" ] || failed=1
    printf '%s\t%s\t%s\t%s\n' "$name" "$secs" "$rc" "side by side with the others of ${names[*]}" >>"$phases"
  done
}

# Runs one phase with its output streamed.
phase() {
  local name="$1"
  shift
  echo; echo "=== $name"
  local begun rc
  begun=$(date +%s)
  set +e
  "$@"
  rc=$?
  set -e
  printf '%s\t%s\t%s\n' "$name" "$(( $(date +%s) - begun ))" "$rc" >>"$phases"
  [ "$rc" = "0" ] || failed=1
}

side_by_side \
  typecheck "npx tsc -p ." \
  lint "npx eslint . --max-warnings 0" \
  build "npm run build --silent"

phase "unit tests (vitest)" npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"

# The same Vitest suite on PostgreSQL (issue 49): one throwaway cluster for the run (tests/unit/global-setup.ts). After
# the SQLite run rather than beside it or beside Playwright: both runners already use both cores. Until every model
# runs on PostgreSQL, the tests still failing there are listed in tests/unit/pg-known-failures.txt: the phase fails on
# any other failure and names the listed ones that pass now.
pg_unit() {
  TEST_DATABASE=postgres npx vitest run --reporter=dot --reporter=json --outputFile.json="$reports/vitest-pg.json" >"$reports/vitest-pg.log" 2>&1
  local rc=$?
  node scripts/vitest-known-failures.mjs "$reports/vitest-pg.json" tests/unit/pg-known-failures.txt || { tail -n 80 "$reports/vitest-pg.log"; return 1; }
  # Errors outside the tests (unhandled rejections) are not in the report: shown, and failing once the list is empty.
  grep -E "^ +Errors +[0-9]+ error" "$reports/vitest-pg.log" || true
  if grep -qv '^#' tests/unit/pg-known-failures.txt; then return 0; fi
  return "$rc"
}
phase "unit tests on PostgreSQL (vitest)" pg_unit

if [ "$(cat "$reports/build.rc")" = "0" ]; then
  export E2E_PORT="${E2E_PORT:-4310}"
  export E2E_DATA_DIR="${E2E_DATA_DIR:-$(mktemp -d -t patternhouse-e2e-XXXXXX)}"
  rm -rf "$E2E_DATA_DIR" "$E2E_DATA_DIR"-demo-* && mkdir -p "$E2E_DATA_DIR"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" phase "browser tests (playwright)" npx playwright test --reporter=list,json
  rm -rf "$E2E_DATA_DIR"-demo-*
  # PostgreSQL past one machine: two app processes over a primary and a synchronous standby (tests/e2e-pg).
  PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright-pg.json" phase "browser tests on PostgreSQL, two processes (playwright)" \
    npx playwright test -c playwright.pg.config.ts --reporter=list,json
else
  echo "[test] the build failed: no browser tests"
fi

node scripts/test-summary.mjs "$reports" || failed=1
echo "[test] finished in $(( $(date +%s) - start )) s"
exit "$failed"

#!/usr/bin/env bash
# Crash window of the page-view beacon (docs/api.md "Analytics"): sends
# BEACONS (default 300) beacons as a browser would, one at a time, from
# 127.0.0.1, then SIGKILLs the server DELAY (default 0) seconds after the
# last 204 and counts the rows that reached the database. Then the same
# with SIGTERM. Loopback only; a fresh SQLite data directory each run.
# Needs bin/signalpipe (go build -o bin/signalpipe ./cmd/signalpipe) and sqlite3.
set -euo pipefail
cd "$(dirname "$0")/../.."
port=${PERF_PORT:-18191}
beacons=${BEACONS:-300}
delay=${DELAY:-0}
bin=${BIN:-./bin/signalpipe}
[ -x "$bin" ] || { echo "analytics-kill.sh: $bin missing; run: go build -o bin/signalpipe ./cmd/signalpipe" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "analytics-kill.sh: sqlite3 missing" >&2; exit 1; }
[ "$beacons" -le 5000 ] || { echo "analytics-kill.sh: at most 5000 beacons" >&2; exit 1; }

work=$(mktemp -d /tmp/signalpipe-analytics-kill.XXXXXX)
pid=
cleanup() { [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

run() { # $1: signal
  rm -rf "$work/data"; mkdir -p "$work/data"
  DATA_DIR=$work/data PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn ANALYTICS_RATE_LIMIT=0 BASE_URL=http://localhost:$port \
    "$bin" serve >>"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 150); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
  ok=0
  for i in $(seq "$beacons"); do
    code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: text/plain;charset=UTF-8' \
      -H 'User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' \
      -d '{"path":"/resources","referrer":""}' "http://127.0.0.1:$port/api/analytics/pageview")
    [ "$code" = 204 ] && ok=$((ok + 1))
  done
  sleep "$delay"
  kill "-$1" "$pid"; wait "$pid" 2>/dev/null || true; pid=
  stored=$(sqlite3 "$work/data/signalpipe.db" "PRAGMA busy_timeout=5000; SELECT COUNT(*) FROM analytics_pageviews;" | tail -n 1)
  echo "SIG$1 ${delay}s after the last beacon: $ok acknowledged (204), $stored stored"
}
run KILL
run TERM

#!/usr/bin/env bash
# Budget for the analytics beacon on SQLite (docs/performance.md): at least
# 2,000 requests/s. wrk -t2 -c50 for DURATION (default 30s) POSTs beacons as
# a browser sends them; then, after the buffered writer's last flush, the
# rows stored must equal the 204 answers (no view lost; none dropped).
# Builds nothing: needs bin/signalpipe (go build -o bin/signalpipe ./cmd/signalpipe).
set -euo pipefail
cd "$(dirname "$0")/../.."
port=${PERF_PORT:-18183}
duration=${DURATION:-30s}
bin=${BIN:-./bin/signalpipe}
[ -x "$bin" ] || { echo "analytics.sh: $bin missing; run: go build -o bin/signalpipe ./cmd/signalpipe" >&2; exit 1; }
command -v wrk >/dev/null || { echo "analytics.sh: wrk missing (apt-get install -y wrk)" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "analytics.sh: sqlite3 missing (apt-get install -y sqlite3)" >&2; exit 1; }

work=$(mktemp -d /tmp/signalpipe-analytics.XXXXXX)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

DATA_DIR=$work PORT=$port LOG_LEVEL=warn TRUST_PROXY_HEADERS=true BASE_URL=http://localhost:$port \
  "$bin" serve >>"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done

echo "== wrk -t2 -c50 -d$duration POST /api/analytics/pageview (SQLite)"
wrk -t2 -c50 -d"$duration" --latency -s scripts/perf/analytics.lua "http://127.0.0.1:$port/api/analytics/pageview" | tee "$work/load.txt"
sleep 1
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; pid= # graceful stop flushes the buffer
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" "$work/load.txt"; }
rps=$(field rps); ok=$(field 204)
stored=$(sqlite3 "$work/signalpipe.db" "PRAGMA busy_timeout=5000; SELECT COUNT(*) FROM analytics_pageviews;" | tail -n 1)
visitors=$(sqlite3 "$work/signalpipe.db" "SELECT COUNT(DISTINCT visitor) FROM analytics_pageviews;" | tail -n 1)
echo "requests/s: $rps (budget >= 2000)  p50: $(field p50_ms) ms  p99: $(field p99_ms) ms"
echo "204 answers: $ok  other: $(field other)  rows stored: $stored  distinct visitor hashes: $visitors"
grep -i "analytics" "$work/server.log" || true
status=0
awk -v r="$rps" 'BEGIN { exit !(r >= 2000) }' && echo "OK beacon throughput within budget" || { echo "FAIL below 2,000 req/s"; status=1; }
# wrk may leave up to one request per connection unanswered at its deadline.
if [ "$stored" -ge "$ok" ] && [ "$stored" -le $((ok + 50)) ]; then echo "OK every 204 is a stored view"; else echo "FAIL rows stored ($stored) != 204 answers ($ok)"; status=1; fi
exit $status

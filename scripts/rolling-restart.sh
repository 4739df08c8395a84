#!/usr/bin/env bash
# Rolling restart of two instances behind haproxy, under load, on loopback
# (README, "Running on PostgreSQL across several instances"):
#   1. two `signalpipe serve` on one PostgreSQL database, haproxy in front
#      checking /readyz every second (down after 2 failures);
#   2. wrk sends GET /api/config and POST /api/booking-leads through haproxy
#      for DURATION (default 40s) while each instance in turn gets SIGTERM,
#      exits, is started again and becomes ready;
#   3. prints wrk's totals; fails if any answer was not 2xx or any socket
#      error happened.
# Run: scripts/with-postgres.sh scripts/rolling-restart.sh
# Compare: DRAIN_DELAY=0 scripts/with-postgres.sh scripts/rolling-restart.sh
# (no drain: the listener closes at once, as before issue 19), and RESTART=
# (empty: the same load, no restart, as a control).
# Needs bin/signalpipe (go build -o bin/signalpipe ./cmd/signalpipe), haproxy,
# wrk and psql (apt-get install -y haproxy wrk postgresql-client).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=./bin/signalpipe
duration=${DURATION:-40s}
drain=${DRAIN_DELAY:-5s}
base_port=${ROLLING_PORT:-18400}
pa=$base_port pb=$((base_port + 1)) plb=$((base_port + 2)) pstats=$((base_port + 3))
[ -n "${TEST_DATABASE_URL:-}" ] || { echo "rolling-restart.sh: run it under scripts/with-postgres.sh" >&2; exit 1; }
[ -x "$bin" ] || { echo "rolling-restart.sh: $bin missing; run: go build -o bin/signalpipe ./cmd/signalpipe" >&2; exit 1; }
for c in haproxy wrk psql curl; do
  command -v "$c" >/dev/null || { echo "rolling-restart.sh: $c missing" >&2; exit 1; }
done

work=$(mktemp -d /tmp/signalpipe-rolling.XXXXXX)
declare -A pids=()
hapid=
cleanup() {
  for p in "${pids[@]}" $hapid; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

dbname=rolling_$RANDOM$RANDOM
psql -q "$TEST_DATABASE_URL" -c "CREATE DATABASE $dbname" >/dev/null
dburl=$(printf '%s' "$TEST_DATABASE_URL" | sed "s#/[^/?]*\(?\|\$\)#/$dbname\1#")

start() { # $1 name, $2 port
  DATABASE_URL=$dburl HOST=127.0.0.1 PORT=$2 BASE_URL=http://localhost:$plb LOG_LEVEL=warn \
    FORM_RATE_LIMIT=0 CORPUS_SEED=false BLOG_SEED=false DRAIN_DELAY=$drain SHUTDOWN_TIMEOUT=15s \
    "$bin" serve >>"$work/$1.log" 2>&1 &
  pids[$1]=$!
  for _ in $(seq 150); do curl -fs "http://127.0.0.1:$2/readyz" >/dev/null && return; sleep 0.2; done
  echo "instance $1 did not become ready; log:" >&2; cat "$work/$1.log" >&2; exit 1
}

start a "$pa"
start b "$pb"

cat >"$work/haproxy.cfg" <<EOF
global
  maxconn 512
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
frontend fe
  bind 127.0.0.1:$plb
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /readyz
  default-server check inter 1s fall 2 rise 2
  server a 127.0.0.1:$pa
  server b 127.0.0.1:$pb
listen stats
  bind 127.0.0.1:$pstats
  stats enable
  stats uri /
EOF
haproxy -f "$work/haproxy.cfg" -db >"$work/haproxy.log" 2>&1 &
hapid=$!
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$plb/readyz" >/dev/null && break; sleep 0.2; done

cat >"$work/mix.lua" <<'EOF'
local n = 0
function request()
  n = n + 1
  if n % 4 == 0 then
    return wrk.format("POST", "/api/booking-leads", {["Content-Type"] = "application/json"},
      '{"email":"ana@acme.io","company":"Acme","primaryChallenge":"Scale without hiring","source":"signalpipe_calendar"}')
  end
  return wrk.format("GET", "/api/config")
end
EOF

echo "== wrk -t2 -c20 -d$duration through haproxy; DRAIN_DELAY=$drain; rolling restart of a, then b"
wrk -t2 -c20 -d"$duration" -s "$work/mix.lua" "http://127.0.0.1:$plb" >"$work/wrk.txt" 2>&1 &
wrkpid=$!
sleep 3
for name in ${RESTART-a b}; do
  port=$pa; [ "$name" = b ] && port=$pb
  t0=$(date +%s.%N)
  kill -TERM "${pids[$name]}"
  wait "${pids[$name]}" || true
  t1=$(date +%s.%N)
  awk -v n="$name" -v a="$t0" -v b="$t1" 'BEGIN { printf "instance %s: SIGTERM to exit %.1f s\n", n, b - a }'
  start "$name" "$port"
  sleep 3 # haproxy: rise 2 x inter 1s
done
wait "$wrkpid" || true
cat "$work/wrk.txt"
total=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$work/wrk.txt")
non2xx=$(sed -n 's/^ *Non-2xx or 3xx responses: *\([0-9]*\).*/\1/p' "$work/wrk.txt")
sockerr=$(grep -c 'Socket errors' "$work/wrk.txt" || true)
echo "requests: ${total:-0}  non-2xx: ${non2xx:-0}  socket error lines: $sockerr"
if [ "${non2xx:-0}" -eq 0 ] && [ "$sockerr" -eq 0 ] && [ "${total:-0}" -gt 0 ]; then
  echo "OK no request dropped across the rolling restart"
else
  echo "FAIL requests were dropped during the rolling restart"; exit 1
fi

#!/usr/bin/env bash
# A forwarding job killed mid-delivery is retried within a minute (README,
# "Forms, forwarding and the admin console"). On loopback, bounded (~1 min):
#   1. a webhook receiver (python3) that holds its first request for 30 s;
#   2. one instance (SQLite, or PostgreSQL when DATABASE_URL is set) takes a
#      booking and starts delivering it; while the receiver holds the
#      request, the instance gets SIGKILL;
#   3. a new instance starts on the same data; the script measures the time
#      from the kill to the retried delivery and checks the submission ends
#      delivered, with every request carrying the same Idempotency-Key.
# Needs bin/signalpipe (go build -o bin/signalpipe ./cmd/signalpipe), python3,
# curl, and sqlite3 for SQLite.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=./bin/signalpipe
port=${KILL_PORT:-18420}
rport=$((port + 1))
[ -x "$bin" ] || { echo "forward-kill.sh: $bin missing; run: go build -o bin/signalpipe ./cmd/signalpipe" >&2; exit 1; }

work=$(mktemp -d /tmp/signalpipe-forward-kill.XXXXXX)
pid= rpid=
cleanup() {
  for p in $pid $rpid; do kill -9 "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

cat >"$work/receiver.py" <<'EOF'
import sys, time, threading
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
log = open(sys.argv[2], "a", buffering=1)
lock = threading.Lock()
seen = [0]
class H(BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with lock:
            seen[0] += 1
            n = seen[0]
        log.write("%.3f request %d %s\n" % (time.time(), n, self.headers.get("Idempotency-Key")))
        if n == 1:
            time.sleep(30)  # the sender is killed meanwhile
        self.send_response(204)
        self.end_headers()
    def log_message(self, *a):
        pass
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
EOF
python3 "$work/receiver.py" "$rport" "$work/received.log" &
rpid=$!

start() {
  DATA_DIR=$work/data HOST=127.0.0.1 PORT=$port BASE_URL=http://localhost:$port LOG_LEVEL=warn \
    WORKFLOW_WEBHOOK_URL=http://127.0.0.1:$rport/hook CORPUS_SEED=false BLOG_SEED=false \
    "$bin" serve >>"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 150); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && return; sleep 0.2; done
  echo "server did not start; log:" >&2; cat "$work/server.log" >&2; exit 1
}

start
id=$(curl -fs -H 'Content-Type: application/json' \
  -d '{"email":"ana@acme.io","company":"Acme","primaryChallenge":"Scale without hiring","source":"signalpipe_calendar"}' \
  "http://127.0.0.1:$port/api/booking-leads" | sed 's/.*"id":"\([^"]*\)".*/\1/')
echo "booking $id acknowledged"
for _ in $(seq 100); do grep -q 'request 1 ' "$work/received.log" 2>/dev/null && break; sleep 0.1; done
grep -q 'request 1 ' "$work/received.log" || { echo "FAIL the delivery never started" >&2; exit 1; }
kill -9 "$pid"; wait "$pid" 2>/dev/null || true; pid=
killed=$(date +%s.%N)
echo "instance SIGKILLed while the receiver held the delivery"
start
for _ in $(seq 900); do grep -q 'request 2 ' "$work/received.log" && break; sleep 0.1; done
cat "$work/received.log"
grep -q 'request 2 ' "$work/received.log" || { echo "FAIL no retried delivery within 90 s of the kill"; exit 1; }
retried=$(awk '$2 == "request" && $3 == 2 { print $1 }' "$work/received.log")
took=$(awk -v a="$killed" -v b="$retried" 'BEGIN { printf "%.1f", b - a }')
keys=$(awk '{ print $4 }' "$work/received.log" | sort -u | wc -l)
state=
for _ in $(seq 50); do
  if [ -n "${DATABASE_URL:-}" ]; then
    state=$(psql -tA "$DATABASE_URL" -c "SELECT delivery_state FROM submissions WHERE id = '$id'")
  else
    state=$(sqlite3 "$work/data/signalpipe.db" "PRAGMA busy_timeout=5000; SELECT delivery_state FROM submissions WHERE id = '$id';" | tail -n 1)
  fi
  [ "$state" = delivered ] && break
  sleep 0.1
done
echo "retried delivery arrived $took s after the kill; Idempotency-Keys used: $keys; submission state: $state"
if awk -v t="$took" 'BEGIN { exit !(t <= 60) }' && [ "$keys" = 1 ] && [ "$state" = delivered ]; then
  echo "OK retried within a minute, same Idempotency-Key, delivered"
else
  echo "FAIL"; exit 1
fi

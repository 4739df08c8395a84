#!/usr/bin/env bash
# Lead-delivery budgets (docs/performance-log.md "Lead delivery"), on loopback
# only, bounded (N at most 100000, every wait capped):
#   1. a signing-checking webhook receiver (deliverybench receive) on 127.0.0.1;
#   2. one instance of the real binary (SQLite in a temp dir, or PostgreSQL
#      when DATABASE_URL is set; ALLOW_PRIVATE_WEBHOOKS=true for the loopback
#      receiver);
#   3. a run's N leads and their deliveries are enqueued as the run job does
#      (deliverybench seed);
#   4. KILL_AT>0: once the receiver has KILL_AT distinct deliveries the
#      instance gets SIGKILL and a new one starts on the same data;
#   5. the script waits until every delivery is delivered and reports the
#      receiver's raw and de-duplicated counts by webhook-id, the drain rate,
#      and the latency from the run's end to each lead's first arrival.
# OK needs: every lead arrived (zero lost), every request signed, and any
# extra request a same-id retry (raw - distinct duplicates, no new ids).
#   N=10000 KILL_AT=0 scripts/perf/delivery-kill.sh      # drain budget only
#   N=10000 KILL_AT=3000 scripts/perf/delivery-kill.sh   # with a SIGKILL
# Needs: go, curl.
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${N:-10000}
kill_at=${KILL_AT:-$((n / 3))}
port=${KILL_PORT:-18520}
rport=$((port + 1))
[ "$n" -ge 1 ] && [ "$n" -le 100000 ] || { echo "N must be 1-100000" >&2; exit 2; }

work=$(mktemp -d /tmp/signalpipe-delivery-kill.XXXXXX)
pid= rpid=
cleanup() {
  for p in $pid $rpid; do kill -9 "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/signalpipe" ./cmd/signalpipe
go build -o "$work/deliverybench" ./scripts/perf/deliverybench
export DATA_DIR=$work/data
mkdir -p "$DATA_DIR"

"$work/deliverybench" receive -addr "127.0.0.1:$rport" -secret-file "$work/secret" 2>>"$work/receiver.log" &
rpid=$!

start() {
  HOST=127.0.0.1 PORT=$port BASE_URL=http://localhost:$port LOG_LEVEL=warn ALLOW_PRIVATE_WEBHOOKS=true \
    CORPUS_SEED=false BLOG_SEED=false "$work/signalpipe" serve >>"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 150); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && return; sleep 0.2; done
  echo "server did not start; log:" >&2; cat "$work/server.log" >&2; exit 1
}
stat() { curl -fs "http://127.0.0.1:$rport/stats"; }
field() { stat | sed "s/.*\"$1\":\([0-9.e+-]*\).*/\1/"; }

start
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); DB: $([ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo SQLite)"
t0=$(date +%s.%N)
seeded=$("$work/deliverybench" seed -n "$n" -target "http://127.0.0.1:$rport/hook" -secret-file "$work/secret")
t1=$(date +%s.%N)
echo "seeded: $seeded"
killed=no
if [ "$kill_at" -gt 0 ]; then
  for _ in $(seq 1200); do [ "$(field distinct)" -ge "$kill_at" ] && break; sleep 0.1; done
  kill -9 "$pid"; wait "$pid" 2>/dev/null || true; pid=
  killed="at $(field distinct) distinct deliveries"
  echo "instance SIGKILLed $killed"
  start
fi
for _ in $(seq 3000); do [ "$(field distinct)" -ge "$n" ] && break; sleep 0.2; done
t2=$(date +%s.%N)
# Deliveries in flight at the kill arrived but were not recorded: their jobs
# stay running until the quick rescue (30 s) hands them back and they are
# sent again, with the same webhook-id. Wait for the database to say
# delivered for all (at most 3 minutes).
delivered() { "$work/deliverybench" status | sed -n 's/.*"delivered":\([0-9]*\).*/\1/p'; }
for _ in $(seq 360); do [ "$(delivered)" = "$n" ] && break; sleep 0.5; done
t3=$(date +%s.%N)
sleep 2 # room for a late duplicate
final=$(stat)
echo "receiver: $final"
echo "deliveries by status: $("$work/deliverybench" status) ($(awk -v a="$t1" -v b="$t3" 'BEGIN { printf "%.1f", b - a }') s after the enqueue)"
distinct=$(field distinct); raw=$(field requests); bad=$(field badSignatures)
awk -v n="$n" -v a="$t1" -v b="$t2" -v s="$t0" 'BEGIN { printf "enqueued %d in %.2f s; all arrived %.1f s after the enqueue: %.0f deliveries/s end to end\n", n, a - s, b - a, n / (b - a) }'
echo "raw requests $raw, distinct webhook-ids $distinct (of $n), extra same-id retries $((raw - distinct)), bad signatures $bad, kill: $killed"
if [ "$distinct" = "$n" ] && [ "$bad" = 0 ] && [ "$(delivered)" = "$n" ]; then
  echo "OK zero lost; duplicates only as same-id retries"
else
  echo "FAIL"; tail -n 20 "$work/server.log"; exit 1
fi

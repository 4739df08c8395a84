#!/usr/bin/env bash
# The PDF converter's JavaScript policy, budgets and sandbox (issue 19;
# docs/performance-log.md, "PDF converter: JavaScript off, budgets, sandbox"),
# against a built binary and the real Chromium, loopback only:
#  A. defaults (JavaScript off): warm p50 of a one-page document (N, default
#     20, sequential), the busy-loop document's time, and who Chromium runs
#     as (user, --no-sandbox, renderers' Seccomp).
#  B. PDF_JAVASCRIPT=true: the same warm p50; <script>while(1){}</script>
#     (status and time, then the next normal document's time); twelve 256 MiB
#     typed arrays (status, time, peak RSS of one Chromium process, Chromium's
#     PSS 2 s after); one client (127.0.0.1) sending 6 busy-loop documents at
#     once while another (127.0.0.2) converts a normal one.
#  C. defaults: a table of about 5 MiB (the PDF_MAX_HTML_BYTES default), to
#     see that the default budgets leave room for the largest document
#     (status, time, peak RSS of one Chromium process).
# BIN (default bin/signalpipe; make build), PERF_PORT (18111), N, and
# BIG_ROWS (rows of the table of C, default 52000), C_ENV (extra environment
# of C, e.g. "PDF_MEMORY_BUDGET=0"), SKIP_ARRAYS=1 (skip the typed arrays, e.g. for a binary without budgets,
# which would let them take 3 GiB) change the defaults.
set -euo pipefail
cd "$(dirname "$0")/../.."
port=${PERF_PORT:-18111}
n=${N:-20}
bin=${BIN:-./bin/signalpipe}
[ -x "$bin" ] || { echo "pdf-budgets.sh: $bin missing; run make build" >&2; exit 1; }
chromium=${CHROMIUM_PATH:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
[ -n "$chromium" ] || { echo "pdf-budgets.sh: no Chromium (scripts/deps.sh chromium)" >&2; exit 1; }

work=$(mktemp -d /tmp/signalpipe-pdf-budgets.XXXXXX)
pid=
stop_server() { if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=; fi; }
cleanup() { stop_server; rm -rf "$work"; }
trap cleanup EXIT

json() { python3 -c 'import json,sys; print(json.dumps({"html": sys.argv[1]}))' "$1"; }
json '<!doctype html><meta charset="utf-8"><h1>Quarterly signal report</h1><p>Buying-intent signals by type.</p><table><tr><th>Signal</th><th>Accounts</th></tr><tr><td>Hiring</td><td>412</td></tr><tr><td>Funding</td><td>97</td></tr></table>' >"$work/normal.json"
python3 -c '
import json, sys
rows = "".join(f"<tr><td>{i}</td><td>Account {i}</td><td>Hiring activity, funding event</td><td>{i % 97}%</td></tr>" for i in range(int(sys.argv[1])))
print(json.dumps({"html": "<!doctype html><meta charset=utf-8><table>" + rows + "</table>"}))' "${BIG_ROWS:-52000}" >"$work/big.json"
json '<!doctype html><p>busy</p><script>while(1){}</script>' >"$work/busy.json"
json '<!doctype html><p>arrays</p><script>const k=[];for(let i=0;i<12;i++){const a=new Uint8Array(256<<20);a.fill(i+1);k.push(a)}</script>' >"$work/arrays.json"

# post BODY [SOURCE_IP]: prints "status seconds".
post() {
  curl -s -o "$work/out" -w '%{http_code} %{time_total}\n' --max-time 120 ${2:+--interface "$2"} \
    -H 'Content-Type: application/json' --data-binary @"$1" "http://127.0.0.1:$port/api/convert-pdf"
}
ms() { awk -v t="$1" 'BEGIN{printf "%d", t*1000}'; }
p50() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# mem PID STOPFILE: every 100 ms until STOPFILE exists, the largest RSS of
# one process under PID; prints "peak_rss_mib".
mem_peak() {
  python3 - "$1" "$2" <<'PY'
import os, sys, time
root, stop = int(sys.argv[1]), sys.argv[2]
peak = 0
while not os.path.exists(stop):
    parent, rss = {}, {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                st = open(f"/proc/{d}/stat").read()
                f = st[st.rindex(")") + 2:].split()
                parent[int(d)], rss[int(d)] = int(f[1]), int(f[21]) * 4096
            except (OSError, ValueError):
                pass
    for p in parent:
        q = p
        while q and q != root:
            q = parent.get(q, 0)
        if q == root and p != root:
            peak = max(peak, rss[p])
    time.sleep(0.1)
print(peak >> 20)
PY
}
# tree_pss PID: PSS (MiB) of PID's descendants, shared pages split.
tree_pss() {
  python3 - "$1" <<'PY'
import os, sys
root = int(sys.argv[1]); parent = {}
for d in os.listdir("/proc"):
    if d.isdigit():
        try:
            st = open(f"/proc/{d}/stat").read(); parent[int(d)] = int(st[st.rindex(")") + 2:].split()[1])
        except (OSError, ValueError):
            pass
total = 0
for p in parent:
    q = p
    while q and q != root:
        q = parent.get(q, 0)
    if q == root and p != root:
        try:
            for line in open(f"/proc/{p}/smaps_rollup"):
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            pass
print(total >> 10)
PY
}

start_server() { # extra env as arguments
  env DATA_DIR="$work/data-$1" PORT="$port" LOG_LEVEL=warn PDF_RATE_LIMIT=0 CHROMIUM_PATH="$chromium" \
    BASE_URL="http://localhost:$port" "${@:2}" "$bin" serve >>"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && return; sleep 0.1; done
  echo "server did not start"; cat "$work/server.log"; exit 1
}

warm() {
  read -r code first < <(post "$work/normal.json")
  [ "$code" = 200 ] || { echo "FAIL first conversion answered $code"; tail -5 "$work/server.log"; exit 1; }
  : >"$work/warm.txt"
  for _ in $(seq "$n"); do
    read -r code t < <(post "$work/normal.json")
    [ "$code" = 200 ] || { echo "FAIL warm conversion answered $code"; exit 1; }
    ms "$t" >>"$work/warm.txt"; echo >>"$work/warm.txt"
  done
  echo "warm p50 $(grep . "$work/warm.txt" | p50) ms (min $(grep . "$work/warm.txt" | sort -n | head -1), max $(grep . "$work/warm.txt" | sort -n | tail -1)), first (starts Chromium) $(ms "$first") ms"
}

echo "== machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $("$chromium" --version 2>/dev/null | head -1), $bin"

echo "== A. defaults (PDF_JAVASCRIPT unset)"
start_server a
warm
read -r code t < <(post "$work/busy.json")
echo "busy-loop document: $code in $(ms "$t") ms"
echo "Chromium processes (user, --no-sandbox, Seccomp):"
for p in $(pgrep -f -- "--user-data-dir" || true); do
  grep -q "$port\|signalpipe-pdf\|chromedp" "/proc/$p/cmdline" 2>/dev/null || continue
  type=$(tr '\0' ' ' <"/proc/$p/cmdline" | grep -o -- '--type=[a-z-]*' | head -1 || true)
  printf '  %-8s %-22s no-sandbox=%s Seccomp=%s\n' "$(ps -o user= -p "$p")" "${type:-browser}" \
    "$(tr '\0' ' ' <"/proc/$p/cmdline" | grep -c -- '--no-sandbox' || true)" "$(awk '/^Seccomp:/ {print $2}' "/proc/$p/status")"
done | sort | uniq -c
stop_server

echo "== B. PDF_JAVASCRIPT=true"
start_server b PDF_JAVASCRIPT=true
warm
read -r code t < <(post "$work/busy.json")
echo "busy-loop document: $code in $(ms "$t") ms: $(head -c 200 "$work/out")"
read -r code t < <(post "$work/normal.json")
echo "next normal document: $code in $(ms "$t") ms"
if [ "${SKIP_ARRAYS:-}" != 1 ]; then
  pss0=$(tree_pss "$pid")
  rm -f "$work/stop"
  mem_peak "$pid" "$work/stop" >"$work/peak.txt" &
  sampler=$!
  read -r code t < <(post "$work/arrays.json")
  echo "typed arrays (12 x 256 MiB): $code in $(ms "$t") ms: $(head -c 200 "$work/out")"
  sleep 2; touch "$work/stop"; wait "$sampler"
  echo "peak RSS of one Chromium process during it: $(cat "$work/peak.txt") MiB; Chromium PSS before $pss0 MiB, 2 s after $(tree_pss "$pid") MiB"
  read -r code t < <(post "$work/normal.json")
  echo "next normal document: $code in $(ms "$t") ms"
fi
echo "one client (127.0.0.1) sends 6 busy-loop documents at once; another (127.0.0.2) then converts a normal one"
seq 6 | xargs -P 6 -I{} curl -s -o /dev/null -w '%{http_code}\n' --max-time 120 -H 'Content-Type: application/json' \
  --data-binary @"$work/busy.json" "http://127.0.0.1:$port/api/convert-pdf" >"$work/flood.txt" &
flood=$!
sleep 0.5
read -r code t < <(post "$work/normal.json" 127.0.0.2)
echo "  other client: $code in $(ms "$t") ms"
wait "$flood"
sort "$work/flood.txt" | uniq -c | awk '{printf "  flooding client: %s x %s\n", $2, $1}'
stop_server

echo "== C. defaults: a $(( $(wc -c <"$work/big.json") / 1024 )) KiB table"
start_server c ${C_ENV:-}
read -r code t < <(post "$work/normal.json")
rm -f "$work/stop"
mem_peak "$pid" "$work/stop" >"$work/peak.txt" &
sampler=$!
read -r code t < <(post "$work/big.json")
touch "$work/stop"; wait "$sampler"
echo "big table: $code in $(ms "$t") ms, $(pdfinfo "$work/out" 2>/dev/null | awk '/^Pages/ {print $2}') pages; peak RSS of one Chromium process $(cat "$work/peak.txt") MiB; $(head -c 120 "$work/out" | grep -a error || true)"
stop_server

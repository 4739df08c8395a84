#!/usr/bin/env bash
# Budgets of the HTML-to-PDF converter (docs/performance.md), against the
# built binary and the real Chromium:
#  1. warm conversions: N (default 30) sequential POST /api/convert-pdf of a
#     one-page document after one warm-up; p50 budget <= 300 ms.
#  2. side by side, in the same run: Chromium started per request
#     (`chromium --headless --print-to-pdf`, the same document, A4);
#     budget: warm is >= 5x faster (p50 against p50).
#  3. 20 concurrent requests: every answer is 200, 429 or 503; the peak RSS
#     of the server alone and the peak PSS of the server with its Chromium
#     processes are reported.
# Builds nothing: needs bin/signalpipe (make build). PERF_PORT (18101),
# N and COLD_N (default 8) change the defaults.
set -euo pipefail
cd "$(dirname "$0")/../.."
port=${PERF_PORT:-18101}
n=${N:-30}
cold_n=${COLD_N:-8}
bin=./bin/signalpipe
[ -x "$bin" ] || { echo "pdf.sh: $bin missing; run make build" >&2; exit 1; }
chromium=${CHROMIUM_PATH:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
[ -n "$chromium" ] || { echo "pdf.sh: no Chromium (scripts/deps.sh chromium)" >&2; exit 1; }

work=$(mktemp -d /tmp/signalpipe-pdf.XXXXXX)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

cat >"$work/doc.html" <<'HTML'
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Quarterly signal report</title>
<style>body{font:11pt/1.5 sans-serif;color:#1f2937} h1{color:#047857} table{border-collapse:collapse;width:100%}
td,th{border:1px solid #d9dee8;padding:4px 8px;text-align:left} th{background:#ecfdf5}</style></head>
<body><h1>Quarterly signal report</h1><p>Buying-intent signals detected this quarter, by type.</p>
<table><tr><th>Signal</th><th>Accounts</th><th>Conversion</th></tr>
<tr><td>Hiring activity</td><td>412</td><td>18%</td></tr><tr><td>Funding event</td><td>97</td><td>24%</td></tr>
<tr><td>Competitor engagement</td><td>233</td><td>15%</td></tr><tr><td>Job change</td><td>318</td><td>12%</td></tr>
<tr><td>Tech research</td><td>521</td><td>9%</td></tr></table>
<canvas id="c" width="400" height="80"></canvas>
<script>const g=c.getContext('2d');[412,97,233,318,521].forEach((v,i)=>{g.fillStyle='#047857';g.fillRect(i*80,80-v/7,60,v/7)})</script>
</body></html>
HTML
python3 -c 'import json,sys; print(json.dumps({"html": open(sys.argv[1]).read(), "fileName": "report"}))' "$work/doc.html" >"$work/body.json"

# sample_mem PID STOPFILE: every 100 ms until STOPFILE exists, the RSS of PID
# and the PSS (shared pages split, not double counted) of PID with all its
# descendants (Chromium's processes); prints "peak_rss_kb peak_tree_pss_kb samples".
sample_mem() {
  python3 - "$1" "$2" <<'PY'
import os, sys, time
root, stop = int(sys.argv[1]), sys.argv[2]
def field(path, name):
    try:
        for line in open(path):
            if line.startswith(name):
                return int(line.split()[1])
    except OSError:
        pass
    return 0
peak_self = peak_tree = n = 0
while not os.path.exists(stop):
    parent = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                st = open(f"/proc/{d}/stat").read()
                parent[int(d)] = int(st[st.rindex(")") + 2:].split()[1])
            except (OSError, ValueError):
                pass
    tree = 0
    for p in parent:
        q = p
        while q and q != root:
            q = parent.get(q, 0)
        if q == root:
            tree += field(f"/proc/{p}/smaps_rollup", "Pss:")
    peak_self = max(peak_self, field(f"/proc/{root}/status", "VmRSS:"))
    peak_tree, n = max(peak_tree, tree), n + 1
    time.sleep(0.1)
print(peak_self, peak_tree, n)
PY
}
p50() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
post() { curl -s -o "$work/out.pdf" -w '%{http_code} %{time_total}\n' -H 'Content-Type: application/json' \
  --data-binary @"$work/body.json" "http://127.0.0.1:$port/api/convert-pdf"; }

echo "== machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $("$chromium" --version 2>/dev/null | head -1)"
DATA_DIR=$work/data PORT=$port LOG_LEVEL=warn PDF_RATE_LIMIT=0 PDF_CONCURRENCY=${PDF_CONCURRENCY:-2} \
  PDF_QUEUE=${PDF_QUEUE:-8} CHROMIUM_PATH=$chromium BASE_URL=http://localhost:$port "$bin" serve >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
rss0=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")

echo "== 1. warm: first request (starts Chromium), then $n sequential conversions"
read -r code first < <(post)
[ "$code" = 200 ] || { echo "FAIL first conversion answered $code"; cat "$work/server.log"; exit 1; }
pdfinfo "$work/out.pdf" 2>/dev/null | grep -E '^(Pages|Page size)' || true
: >"$work/warm.txt"
for _ in $(seq "$n"); do
  read -r code t < <(post)
  [ "$code" = 200 ] || { echo "FAIL warm conversion answered $code"; exit 1; }
  awk -v t="$t" 'BEGIN{printf "%d\n", t*1000}' >>"$work/warm.txt"
done
warm=$(p50 <"$work/warm.txt")
echo "first (cold start) $(awk -v t="$first" 'BEGIN{printf "%d", t*1000}') ms; warm p50 $warm ms, min $(sort -n "$work/warm.txt" | head -1) ms, max $(sort -n "$work/warm.txt" | tail -1) ms (budget p50 <= 300 ms)"

echo "== 2. side by side: Chromium started per request ($cold_n runs of chromium --headless --print-to-pdf)"
: >"$work/cold.txt"
for i in $(seq "$cold_n"); do
  start=$(date +%s%N)
  "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --no-pdf-header-footer --user-data-dir="$work/cold-profile-$i" \
    --print-to-pdf="$work/cold.pdf" "file://$work/doc.html" >/dev/null 2>&1
  echo $(( ($(date +%s%N) - start) / 1000000 )) >>"$work/cold.txt"
done
cold=$(p50 <"$work/cold.txt")
ratio=$(awk -v c="$cold" -v w="$warm" 'BEGIN{printf "%.1f", c/w}')
echo "per-request Chromium p50 $cold ms; warm p50 $warm ms; warm is ${ratio}x faster (budget >= 5x)"

echo "== 3. 20 concurrent requests (PDF_CONCURRENCY=${PDF_CONCURRENCY:-2}, PDF_QUEUE=${PDF_QUEUE:-8})"
sample_mem "$pid" "$work/stop" >"$work/mem.txt" &
sampler=$!
seq 20 | xargs -P 20 -I{} curl -s -o /dev/null -w '%{http_code}\n' -H 'Content-Type: application/json' \
  --data-binary @"$work/body.json" "http://127.0.0.1:$port/api/convert-pdf" >"$work/codes.txt"
sleep 0.5; touch "$work/stop"; wait "$sampler"
read -r peak_self peak_tree samples <"$work/mem.txt"
sort "$work/codes.txt" | uniq -c | awk '{printf "  %s x %s\n", $2, $1}'
other=$(grep -cvE '^(200|429|503)$' "$work/codes.txt" || true)
echo "server RSS before Chromium started $((rss0 / 1024)) MiB, peak during the burst $((peak_self / 1024)) MiB; server + Chromium peak PSS $((peak_tree / 1024)) MiB ($samples samples)"

status=0
[ "$warm" -le 300 ] && echo "OK warm p50 $warm ms <= 300 ms" || { echo "FAIL warm p50 $warm ms > 300 ms"; status=1; }
awk -v r="$ratio" 'BEGIN{exit !(r >= 5)}' && echo "OK ${ratio}x >= 5x" || { echo "FAIL only ${ratio}x"; status=1; }
[ "$other" -eq 0 ] && echo "OK all 20 answered 200, 429 or 503" || { echo "FAIL $other answers were something else"; status=1; }
exit $status

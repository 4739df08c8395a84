#!/usr/bin/env bash
# Measures the performance budgets of docs/performance.md against the built
# binary on a fresh SQLite database: bundle sizes, Lighthouse (mobile) and
# wrk (100 connections). Usage: scripts/perf/run.sh [lighthouse-paths...]
# A path /blog/:post stands for the newest published post (the starter
# articles are seeded on the fresh database). PERF_WRK=0 skips wrk.
# PERF_RUNS=n runs Lighthouse n times per path and prints each path's median
# performance score (Lighthouse's blocking time varies run to run).
set -euo pipefail
cd "$(dirname "$0")/../.."
port=${PERF_PORT:-18181}
out=${PERF_OUT:-tmp/perf}
mkdir -p "$out"
paths=("$@"); [ ${#paths[@]} -gt 0 ] || paths=(/ /no-such-page)

command -v wrk >/dev/null || scripts/deps.sh test
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null; }

data=$(mktemp -d /tmp/signalpipe-perf.XXXXXX)
DATA_DIR=$data PORT=$port LOG_LEVEL=warn BASE_URL=http://localhost:$port ./bin/signalpipe serve &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done

echo "== JavaScript before interaction (gzip)"
(cd web && node scripts/bundle-size.mjs)

echo "== Lighthouse (mobile preset), load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for p in "${paths[@]}"; do
  if [ "$p" = /blog/:post ]; then
    slug=$(curl -fs "http://127.0.0.1:$port/api/blog/posts" | node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s)[0]?.slug ?? ""))')
    [ -n "$slug" ] || { echo "no published post for /blog/:post" >&2; exit 1; }
    p=/blog/$slug
  fi
  name=$(echo "$p" | tr '/' '_')
  files=()
  for run in $(seq "${PERF_RUNS:-1}"); do
    file="$out/lh$name.json"; [ "${PERF_RUNS:-1}" = 1 ] || file="$out/lh$name.$run.json"
    CHROME_PATH=/usr/bin/chromium web/node_modules/.bin/lighthouse "http://localhost:$port$p" \
      --chrome-flags="--headless --no-sandbox --disable-gpu" --output=json --output-path="$file" --quiet || true
    case "$file" in /*) ;; *) file="$PWD/$file" ;; esac
    files+=("$file")
    node -e '
      const r = require(process.argv[1]); const c = r.categories; const a = r.audits;
      const s = (k) => Math.round(c[k].score * 100);
      console.log(`${process.argv[2].padEnd(40)} perf ${s("performance")}  a11y ${s("accessibility")}  best ${s("best-practices")}  seo ${s("seo")}  LCP ${a["largest-contentful-paint"].displayValue}  CLS ${a["cumulative-layout-shift"].displayValue}  TBT ${a["total-blocking-time"].displayValue}`);
      for (const k of Object.keys(c)) for (const ref of c[k].auditRefs) { const au = a[ref.id]; if (ref.weight > 0 && au.score !== null && au.score < 1 && k !== "performance") console.log(`   ${k}: ${ref.id} (${au.score})`); }
    ' "$file" "$p"
  done
  if [ "${PERF_RUNS:-1}" != 1 ]; then
    node -e '
      const runs = process.argv.slice(1).map((f) => Math.round(require(f).categories.performance.score * 100)).sort((a, b) => a - b);
      console.log(`   median perf ${runs[Math.floor(runs.length / 2)]} of ${runs.join(", ")}`);
    ' "${files[@]}"
  fi
done

[ "${PERF_WRK:-1}" = 0 ] && exit 0
echo "== wrk, 100 connections, 2 threads, 15 s"
for p in / /api/config; do
  echo "-- $p"
  wrk -t2 -c100 -d15s --latency -H 'Accept-Encoding: gzip' "http://127.0.0.1:$port$p" | grep -E 'Requests/sec|Latency|50%|90%|99%|Non-2xx'
done

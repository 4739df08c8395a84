#!/usr/bin/env bash
# Parallel admin sign-ins against the built binary on a fresh SQLite
# database, loopback only (issue 19 item 1; figures in docs/performance.md,
# "Parallel sign-ins"):
#  1. the issue's check: 50 wrong passwords for one account at once from one
#     address; want 5 x 401 and 45 x 429.
#  2. 100 wrong passwords at once from 100 addresses (distinct
#     X-Forwarded-For behind TRUST_PROXY_HEADERS, the server seeing a proxy
#     on loopback) for 100 emails, so no limit refuses them before hashing;
#     prints the answers and the server's resident memory before and at peak.
# Bounded: 150 requests, each cut at 60 s. BIN (./bin/signalpipe) and
# PERF_PORT (18111) change the defaults.
set -euo pipefail
cd "$(dirname "$0")/../.."
port=${PERF_PORT:-18111}
bin=${BIN:-./bin/signalpipe}
[ -x "$bin" ] || { echo "login.sh: $bin missing; run make build" >&2; exit 1; }
origin="http://localhost:$port"

data=$(mktemp -d /tmp/signalpipe-login.XXXXXX)
DATA_DIR=$data HOST=127.0.0.1 PORT=$port LOG_LEVEL=error BASE_URL=$origin TRUST_PROXY_HEADERS=true \
  CORPUS_SEED=false BLOG_SEED=false ADMIN_EMAIL=owner@example.com ADMIN_PASSWORD='correct horse battery staple' \
  "$bin" serve &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
curl -fs "http://127.0.0.1:$port/readyz" >/dev/null || { echo "login.sh: server did not start" >&2; exit 1; }

rss() { awk -v f="$1" '$1 == f":" {print int($2/1024)}' "/proc/$pid/status"; }
post() { # post EMAIL PASSWORD [X-Forwarded-For]
  curl -s -o /dev/null -w '%{http_code}\n' --max-time 60 -H 'Content-Type: application/json' \
    -H "Origin: $origin" ${3:+-H "X-Forwarded-For: $3"} \
    -d "{\"email\":\"$1\",\"password\":\"$2\"}" "http://127.0.0.1:$port/api/admin/login"
}
export -f post
export origin port

echo "== 50 parallel wrong passwords, one account, one address (RSS at start $(rss VmRSS) MB)"
seq 50 | xargs -P50 -I{} bash -c 'post owner@example.com guess-{}' | sort | uniq -c

echo "== 100 parallel wrong passwords from 100 addresses"
before=$(rss VmRSS)
start=$(date +%s.%N)
seq 100 | xargs -P100 -I{} bash -c 'post user{}@example.com guess-{} 10.99.0.{}' | sort | uniq -c
end=$(date +%s.%N)
echo "RSS before ${before} MB, peak $(rss VmHWM) MB, after $(rss VmRSS) MB; wall $(printf '%.1f' "$(echo "$end - $start" | bc)") s"

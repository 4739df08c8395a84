#!/usr/bin/env bash
# Budget for the public blog list on SQLite (docs/performance.md): with 1,000
# published posts, GET /api/blog/posts p99 < 20 ms at 100 connections (wrk).
# Also reports the gzip variant and POST /api/query getPublished.
# Builds nothing: needs bin/signalpipe (go build -o bin/signalpipe ./cmd/signalpipe).
set -euo pipefail
cd "$(dirname "$0")/../.."
port=${PERF_PORT:-18183}
duration=${DURATION:-20s}
posts=${POSTS:-1000}
bin=./bin/signalpipe
[ -x "$bin" ] || { echo "blog.sh: $bin missing; run: go build -o bin/signalpipe ./cmd/signalpipe" >&2; exit 1; }
command -v wrk >/dev/null || { echo "blog.sh: wrk missing (apt-get install -y wrk)" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "blog.sh: sqlite3 missing (apt-get install -y sqlite3)" >&2; exit 1; }

work=$(mktemp -d /tmp/signalpipe-blog-perf.XXXXXX)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
export DATA_DIR=$work PORT=$port LOG_LEVEL=warn BLOG_SEED=false BASE_URL=http://localhost:$port

"$bin" migrate >/dev/null 2>&1
# $posts published posts a minute apart, with realistic sizes (~200-character
# excerpts, ~3 KB bodies, three tags), inserted before the server starts.
sqlite3 "$work/signalpipe.db" <<SQL
PRAGMA busy_timeout=5000;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $posts)
INSERT INTO blog_posts (id, title, slug, excerpt, content, category, tags, author_name, author_role,
  featured, read_time, status, published_at, image_url, created_at, updated_at)
SELECT printf('01PERF%020d', i), 'Buying intent playbook number ' || i, 'buying-intent-playbook-' || i,
  'How teams act on hiring, funding and competitor signals within the hour, and what they say in the first message. Part ' || i || ' of the series on intent-led selling.',
  replace(hex(zeroblob(1500)), '00', 'ab '),
  CASE i % 4 WHEN 0 THEN 'ai-automation' WHEN 1 THEN 'sales-strategy' WHEN 2 THEN 'lead-generation' ELSE 'case-studies' END,
  '["buying intent","signals","outbound"]', 'Signalpipe Team', 'Growth Team', i % 50 = 0, 5, 'published',
  strftime('%Y-%m-%dT%H:%M:%f000000Z', '2026-01-01', '+' || i || ' minutes'), NULL,
  strftime('%Y-%m-%dT%H:%M:%f000000Z', '2026-01-01'), strftime('%Y-%m-%dT%H:%M:%f000000Z', '2026-01-01')
FROM n;
SQL

"$bin" serve >>"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
url=http://127.0.0.1:$port/api/blog/posts
count=$(curl -fs "$url" | grep -o '"_id"' | wc -l)
size=$(curl -fs -o /dev/null -w '%{size_download}' "$url")
gzsize=$(curl -fs -o /dev/null -w '%{size_download}' -H 'Accept-Encoding: gzip' "$url")
echo "published posts listed: $count  body: $size bytes  gzip: $gzsize bytes"
[ "$count" -eq "$posts" ] || { echo "FAIL expected $posts posts"; exit 1; }

p99() { awk '/^ +99%/ {print $2}' "$1"; }
ms() { # wrk latency (e.g. 850.00us, 12.3ms, 1.2s) in ms
  awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n = n; else if (v ~ /s$/) n *= 1000; printf "%.2f", n }'
}
status=0
run() { # name, extra wrk args...
  local name=$1; shift
  echo "== wrk -t2 -c100 -d$duration $name"
  wrk -t2 -c100 -d"$duration" --latency "$@" | tee "$work/out.txt"
  local p; p=$(ms "$(p99 "$work/out.txt")")
  echo "RESULT $name: p99 $p ms, $(awk '/Requests\/sec/ {print $2}' "$work/out.txt") requests/s"
  echo "$p" >"$work/last"
}
curl -fs "$url" >/dev/null # warm the cache
run "GET /api/blog/posts (identity)" "$url"
main=$(cat "$work/last")
run "GET /api/blog/posts (gzip)" -H 'Accept-Encoding: gzip' "$url"
cat >"$work/query.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"path":"blogPosts:getPublished","args":{}}'
wrk.headers["Content-Type"] = "application/json"
LUA
run "POST /api/query blogPosts:getPublished" -s "$work/query.lua" "http://127.0.0.1:$port/api/query"

if awk -v p="$main" 'BEGIN { exit !(p < 20) }'; then
  echo "OK GET /api/blog/posts p99 $main ms < 20 ms with $posts posts"
else
  echo "FAIL GET /api/blog/posts p99 $main ms (budget < 20 ms)"; status=1
fi
exit $status

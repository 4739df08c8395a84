#!/usr/bin/env bash
# How a lead search's cost grows with the corpus (docs/performance.md,
# "Search cost against corpus size"): whole searches over 10k, 100k and
# 1,000,000 posts (SIZES) on SQLite and PostgreSQL; budget 100k < 2 s,
# 1M < 5 s. Prints p50/p95 per size, the CPU a search used (with the
# PostgreSQL server's), index reads (now, bounded to 30 days, the query
# before issue 19), index size and load time.
#
# Everything expensive is built once and kept in SCALE_DIR (default
# /tmp/signalpipe-search-scale): the corpora (internal/engine/corpus/gen,
# ~25 s for 1M; posts are re-dated over the year before the load, see
# scaleLoad), the SQLite databases and a PostgreSQL data directory with
# one database per size (building the 1M indexes takes ~4 minutes). Rerun
# to measure again in minutes; delete SCALE_DIR to rebuild.
#
#   ICPS=path/to/icps.jsonl  search with these ICPs (one {"icp": {...}} a
#                            line, read at run time) and the demo's default
#   ONLY=sqlite|postgres     one engine (run two at once to load in parallel)
#   SEARCH_SCALE_DAYS=365    span of the posts' dates (at load)
#
#   SIZES=10000,100000 RUNS=10 PG=0 scripts/perf/search-scale.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${SCALE_DIR:-/tmp/signalpipe-search-scale}
sizes=${SIZES:-10000,100000,1000000}
runs=${RUNS:-10}
use_pg=${PG:-1}
mkdir -p "$dir"

# Corpora: the generator is deterministic, so a cached file is the same
# corpus a fresh run would make.
go build -o "$dir/gen" ./internal/engine/corpus/gen
for n in ${sizes//,/ }; do
  f="$dir/posts-$n.jsonl.gz"
  if [ "$n" -gt 3000000 ]; then f="$dir/posts-1000000.jsonl.gz"; n=1000000; fi  # read n/1M times
  if [ ! -s "$f" ]; then
    echo "search-scale: generating $n posts" >&2
    "$dir/gen" -n "$n" -o "$f.tmp" && mv "$f.tmp" "$f"
  fi
done

pgpid=
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
run_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
stop_pg() { [ -n "$pgpid" ] && run_pg "$pgbin/pg_ctl" -D "$dir/pg" -m fast stop >/dev/null 2>&1 || true; }
trap stop_pg EXIT
if [ "$use_pg" = 1 ]; then
  [ -n "$pgbin" ] || { echo "search-scale: PostgreSQL is not installed (PG=0 skips it)" >&2; exit 1; }
  if [ ! -d "$dir/pg" ]; then
    mkdir -p "$dir/pg" && [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir/pg"
    run_pg "$pgbin/initdb" -D "$dir/pg" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
  fi
  port=$(( 55000 + RANDOM % 1000 ))
  run_pg "$pgbin/pg_ctl" -D "$dir/pg" -l "$dir/pg/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k /tmp -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=512MB" \
    start >/dev/null
  pgpid=1
  export SEARCH_SCALE_PG="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
  export SEARCH_SCALE_PGDATA="$dir/pg"
fi

echo "search-scale: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at start" >&2
SEARCH_SCALE_DIR=$dir SEARCH_SCALE_SIZES=$sizes SEARCH_SCALE_ONLY=${ONLY:-} SEARCH_SCALE_ICPS=${ICPS:-} go test ./internal/search/ -run '^$' \
  -bench '^BenchmarkSearchScale$' -benchtime "${runs}x" -timeout 2h
echo "search-scale: load average $(cut -d' ' -f1-3 /proc/loadavg) at the end" >&2

#!/usr/bin/env bash
# Runs a command with a throw-away PostgreSQL on loopback and
# TEST_DATABASE_URL pointing at it; the server is removed afterwards.
# With TEST_DATABASE_URL already set, runs the command against that instead.
set -euo pipefail

if [ -n "${TEST_DATABASE_URL:-}" ]; then exec "$@"; fi

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$pgbin" ]; then
  echo "with-postgres: PostgreSQL is not installed (run scripts/deps.sh test)" >&2
  exit 1
fi

dir=$(mktemp -d /tmp/signalpipe-pg.XXXXXX)
port=$(( 54000 + RANDOM % 1000 ))
run_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"

cleanup() {
  run_pg "$pgbin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

run_pg "$pgbin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
run_pg "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
echo "with-postgres: PostgreSQL on 127.0.0.1:$port" >&2
"$@"

#!/usr/bin/env bash
# Serves the built binary for the Playwright tests on a fresh SQLite database.
# Usage: e2e-server.sh [port] [smtp-port]
set -euo pipefail
cd "$(dirname "$0")/.."
data=$(mktemp -d /tmp/signalpipe-e2e.XXXXXX)
export LOG_LEVEL="${LOG_LEVEL:-warn}" DATA_DIR="$data" PORT="${1:-18080}" BASE_URL="http://127.0.0.1:${1:-18080}"
export BOOKING_CALENDAR_URL="${BOOKING_CALENDAR_URL:-https://cal.example.com/signalpipe/strategy-call}"
export ADMIN_EMAIL="${ADMIN_EMAIL:-admin@signalpipe.test}" ADMIN_PASSWORD="${ADMIN_PASSWORD:-e2e-admin-password}"
export FORM_RATE_LIMIT="${FORM_RATE_LIMIT:-0}"
# The journeys receive webhooks on a local receiver (web/e2e/webhook-receiver.ts).
export ALLOW_PRIVATE_WEBHOOKS="${ALLOW_PRIVATE_WEBHOOKS:-true}"
# Mail goes to the local SMTP sink (web/e2e/smtp-sink.ts) on the port given second, in the
# clear (?tls=none: a relay on this machine); without it, mail stays off.
if [ -n "${2:-}" ]; then
  export SMTP_URL="${SMTP_URL:-smtp://127.0.0.1:$2?tls=none}"
fi
./bin/signalpipe serve &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT INT TERM
wait $pid

#!/usr/bin/env bash
# Lighthouse (mobile) on every content route of issue 5 and the blog pages of
# issue 6 (the list and the newest post), with the bundle sizes; no wrk.
# Budgets in docs/performance.md. Usage: [PERF_RUNS=3] scripts/perf/content.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
routes=(/ /resources /resources/roi-calculator /reports /use-cases /buying-intent-guide /privacy
  /services/ai-signal-detection /services/lead-enrichment /services/sales-intelligence /services/community-monitoring)
for r in $(node -e 'for (const r of require("./web/dist/routes.json").routes) if (/^\/reports\/[^:]+$/.test(r)) console.log(r)'); do
  routes+=("$r")
done
PERF_WRK=0 exec scripts/perf/run.sh "${routes[@]}" /blog /blog/:post

#!/usr/bin/env bash
# Repoints every comment (and doc line) that cites the team's old outside
# documents ("spec 000 §N", "spec 001 §N", "spec §N", DECISIONS.md, STYLE.md,
# none of which is in the repository) to the section of docs/product.md or
# docs/architecture.md that now says the same thing (issue 20, item 6).
#
# Each rule below is one literal text in one file and its replacement; only
# comment text, two test titles and docs/api.md are touched, never code. It is
# idempotent: a replacement never contains the text it replaces, so a second
# run changes nothing. A rule whose file or text is gone (someone rewrote the
# comment) is skipped. At the end it lists any citation that is still left
# (say, one added after this table was written) and exits 1 if there is one.
#
# Usage: scripts/repoint-doc-refs.sh            (from the repository root)
set -euo pipefail
cd "$(dirname "$0")/.."

P='docs/product.md'
A='docs/architecture.md'

# sed-quote a literal: $1 for the pattern side, $2 for the replacement side.
esc_pat() { printf '%s' "$1" | sed -e 's/[]\/$*.^[]/\\&/g'; }
esc_rep() { printf '%s' "$1" | sed -e 's/[\/&]/\\&/g'; }

changed=0
# rule FILE OLD NEW: replace every OLD with NEW in FILE.
rule() {
	local file=$1 old=$2 new=$3
	[[ -f $file ]] || return 0
	grep -qF -- "$old" "$file" || return 0
	sed -i -e "s/$(esc_pat "$old")/$(esc_rep "$new")/g" "$file"
	changed=$((changed + 1))
}

W=web/src
F=web/src/features

# --- shared web components and lib -------------------------------------------
rule $W/components/ui/checkbox.tsx '(spec 001 §4)' "($P §2.4)"
rule $W/components/booking/calendar-url.ts '(DECISIONS.md: name = company, email, dark theme)' "($P §5.3: name = company, email, dark theme)"
rule $W/components/booking/booking-dialog.tsx '(spec 000 §2)' "($P §5)"
rule $W/components/booking/submit-booking-lead.ts '(spec 000 §7)' "($P §5.3)"
rule $W/components/booking/submit-booking-lead.ts '(spec 000 §5)' "($P §5.2)"
rule $W/components/chat/chat-types.ts '(spec 000 §3)' "($P §4.3)"
rule $W/app/import-boundaries.test.ts '// STYLE.md: imports flow' "// $A §3: imports flow"
rule $W/lib/form-submissions.ts '(spec 000 §3 "Form' "($P §7.2, \"Form"
rule $W/lib/form-submissions.ts '(DECISIONS.md: Email, Company, Roadblock = primaryChallenge)' "($P §7.2: Email, Company, Roadblock = primaryChallenge)"
rule $W/lib/form-submissions.ts '(DECISIONS.md "Forms and where their data goes")' "($P §7.2)"
rule $W/lib/form-submissions.test.ts "answer set as DECISIONS.md says" "answer set as docs/product.md §7.2 says"
rule $W/lib/onboarding-fields.ts '(spec 000 §3 "Onboarding submission")' "($P §6.2)"

# --- marketing pages ----------------------------------------------------------
rule $F/home/pages/home-page.tsx '(spec 000 §2 Home)' "($P §3.1)"
rule $F/home/content/feed.ts '(spec §3)' "($P §3.1)"
rule $F/home/content/sample-leads.ts '(spec §3)' "($P §3.1)"
rule $F/home/content/testimonials.ts '(spec §3)' "($P §3.1)"
rule $F/home/content/faqs.ts '(spec §3)' "($P §3.1)"
rule $F/home/content/intents.ts '(spec §9)' "($P §3.1)"
rule $F/home/content/hero.ts '(spec §1; display text)' "($P §1.3; display text)"
rule $F/services/components/service-page.tsx '(spec 000 §2)' "($P §3.2)"
rule $F/use-cases/content/types.ts '(spec 001 §3 Industry use case)' "($P §3.3)"
rule $F/use-cases/content/types.ts '(spec 001 §3 Team size)' "($P §3.3)"
rule $F/use-cases/content/types.ts '(spec 001 §3 Challenge)' "($P §3.3)"
rule $F/use-cases/pages/use-cases-page.tsx '(spec 001 §2)' "($P §3.3)"
rule $F/privacy/content/privacy-policy.ts 'The six sections of spec 001 §2, in order.' "The six sections of $P §3.4, in order."
rule $F/privacy/pages/privacy-page.tsx '(spec 001 §2)' "($P §3.4)"

# --- demo ---------------------------------------------------------------------
rule $F/demo/components/search-jobs.tsx '(spec 000 §7 search jobs)' "($P §13.7)"
rule $F/demo/components/sidebar.tsx '(spec 000 §4 Active view)' "($P §4.2)"
rule $F/demo/components/dashboard-view.tsx '(spec 000 §2)' "($P §4.3)"
rule $F/demo/components/login-screen.tsx '(spec 000 §2)' "($P §4.2)"
rule $F/demo/components/status-badge.tsx '(spec 000 §9: Ready to Buy red, Hot orange, other grey)' "($P §4.5: Ready to Buy red, Hot orange, other grey)"
rule $F/demo/components/monitoring-cards.tsx '(DECISIONS.md)' "($P §4.4)"
rule $F/demo/components/icp-form.tsx '(spec 000 §2, §5)' "($P §4.4)"
rule $F/demo/components/lead-row.tsx '(spec 000 §2)' "($P §4.5)"
rule $F/demo/components/demo-app.tsx '(spec 000 §4 Demo sign-in)' "($P §4.2)"
rule $F/demo/components/pricing-view.tsx "this route's prices (DECISIONS.md)" "this route's prices ($P §4.1, §4.9)"
rule $F/demo/components/demo-shell.tsx '(spec 000 §2)' "($P §4.2)"
rule $F/demo/components/leads-view.tsx '(spec 000 §2, §4)' "($P §4.5, §4.6)"
rule $F/demo/api/error-message.ts "The spec's error rule (000 §8)" "The error rule of $P §4.7"
rule $F/demo/api/check-webset-status.ts '(spec 000 §7)' "($P §4.7, §13.5)"
rule $F/demo/api/stored-data.ts '"no stored data" (DECISIONS.md)' "\"no stored data\" ($P §14.3)"
rule $F/demo/api/research-leads.ts "the spec's \"not configured\" error (§5)" "the \"not configured\" error ($P §4.7)"
rule $F/demo/api/research-leads.ts '(spec 000 §7)' "($P §13.5)"
rule $F/demo/api/process-results.ts 'payload carries it (spec 000 §3)' "payload carries it ($P §4.10)"
rule $F/demo/api/process-results.ts 'result-processing call (spec 000 §7)' "result-processing call ($P §13.7)"
rule $F/demo/api/process-results.ts 'the database save is skipped (spec 000 §7)' "the database save is skipped ($P §13.6)"
rule $F/demo/api/search-jobs.ts '(spec 000 §3 Search job)' "($P §13.7)"
rule $F/demo/content/chat-seed.ts '(spec 000 §9)' "($P §4.3)"
rule $F/demo/content/signals.ts '(spec 000 §3 Signal)' "($P §4.10)"
rule $F/demo/content/sample-leads.ts '(spec 000 §9: scores 95, 91, 88, 93, 85)' "($P §4.6: scores 95, 91, 88, 93, 85)"
rule $F/demo/content/icp-options.ts 'verbatim from spec 000 §5' "verbatim from $P §4.4"
rule $F/demo/content/fallback-leads.ts '(spec 000 §8)' "($P §4.7)"
rule $F/demo/content/dashboard.ts '(spec 000 §9)' "($P §4.3)"
rule $F/demo/content/dashboard.ts '(spec 000 §2 Intent Agents)' "($P §4.4)"
rule $F/demo/content/campaigns.ts '(spec 000 §3 Campaign template)' "($P §4.8)"
rule $F/demo/content/plans.ts 'card (spec 000 §9)' "card ($P §4.9)"
rule $F/demo/content/plans.ts '(DECISIONS.md)' "($P §4.1)"
rule $F/demo/content/plans.ts 'counters (spec 000 §9)' "counters ($P §4.9)"
rule $F/demo/config.ts '(spec 000 §5: the research service' "($P §4.7: the research service"
rule $F/demo/config.ts "The spec's polling and list limits (§9)" "The polling and list limits ($P §4.7, §13.7)"
rule $F/demo/lib/normalize-lead.ts '(spec 000 §3: id or _id' "($P §4.10: id or _id"
rule $F/demo/lib/run-lead-search.ts 'The live search of spec 000 §4' "The live search of $P §4.7"
rule $F/demo/lib/poll-websets.ts '(spec 000 §7)' "($P §4.7)"
rule $F/demo/lib/lead-actions.ts '(DECISIONS.md: Send Email)' "($P §4.5: Send Email)"
rule $F/demo/lib/counter.ts '(spec 000 §4 Pricing view)' "($P §4.9)"
rule $F/demo/lib/lead-source.ts '(spec 000 §4 Leads list source priority)' "($P §4.6)"
rule $F/demo/lib/icp-payload.ts '(spec 000 §5, §7)' "($P §4.4, §13.5)"
rule $F/demo/pages/demo-page.tsx '(DECISIONS.md)' "($P §4.1)"
rule $F/demo/types.ts '(spec 000 §3 Lead)' "($P §4.10)"
rule $F/demo/types.ts '(spec §3 Signal)' "($P §4.10)"
rule $F/demo/types.ts '(spec §7)' "($P §13.5)"
rule $F/demo/types.ts '(spec §3 Campaign template)' "($P §4.8)"
rule $F/demo/types.ts '(spec §4 Active view)' "($P §4.2)"

# --- onboarding and form submissions ------------------------------------------
rule $F/onboarding/components/onboarding-form.tsx '(spec 000 §2 Onboarding)' "($P §6.1)"
rule $F/onboarding/lib/answers.ts '(spec 000 §9)' "($P §6.1)"
rule $F/form-submissions/lib/csv.ts '(spec 000 §2)' "($P §7.3)"
rule $F/form-submissions/pages/form-submissions-page.tsx '(spec 000 §2)' "($P §7.3)"

# --- reports, guides, resources -----------------------------------------------
rule $F/buying-intent-guide/content/guide-content.ts '(spec 001 §2, Buying intent guide)' "($P §8.5)"
rule $F/buying-intent-guide/content/intent-signals.ts '(spec 001 §2, Buying intent guide)' "($P §8.5)"
rule $F/reports/components/ranking-table.tsx '(spec §3: industry, rate, change)' "($P §8.2, report 4: industry, rate, change)"
rule $F/reports/content/report-cards.ts '(spec 001 §3 Report card)' "($P §8.1)"
rule $F/reports/content/report-cards.ts '(spec 001 §1)' "($P §8.1)"
rule $F/reports/content/ai-first-guide-content.ts '(spec 001 §2, AI-first optimization guide)' "($P §8.4)"
rule $F/reports/content/signal-breach-report-content.ts '(spec 001 §2, report 6)' "($P §8.2, report 6)"
rule $F/reports/content/n8n-sales-automation-content.ts '(spec 001 §2, report 7)' "($P §8.2, report 7)"
rule $F/reports/content/n8n-sales-automation-code.ts '(spec 001 §2, report 7)' "($P §8.2, report 7)"
rule $F/reports/content/signal-intent-engine-content.ts '(spec 001 §2, report 8)' "($P §8.2, report 8)"
rule $F/reports/content/parkwise-case-study-content.ts '(spec 001 §2, report 5; DECISIONS.md route)' "($P §8.2, report 5; route in §2.1)"
rule $F/reports/content/lead-scraping-directory.ts '(spec 001 §3 Tool)' "($P §8.2, report 2)"
rule $F/reports/content/lead-scraping-directory.ts '(spec 001 §3 Category)' "($P §8.2, report 2)"
rule $F/reports/pages/b2c-cold-email-playbook-page.tsx '(spec 001 §2 report 1)' "($P §8.2, report 1)"
rule $F/reports/pages/lead-scraping-directory-page.tsx '(spec 001 §2 report 2)' "($P §8.2, report 2)"
rule $F/reports/pages/b2c-connector-playbook-page.tsx '(spec 001 §2 report 3)' "($P §8.2, report 3)"
rule $F/reports/pages/conversion-index-page.tsx '(spec 001 §2 report 4)' "($P §8.2, report 4)"
rule $F/reports/pages/reports-index-page.tsx '(spec 001 §2 Reports index)' "($P §8.1)"
rule $F/resources/components/tool-card.tsx '(spec 001 §2)' "($P §8.6)"
rule $F/resources/content/guides.ts '(spec 001 §2: slugs and page counts as specified)' "($P §8.6: slugs and page counts as specified)"
rule $F/resources/content/guides.ts '(spec 001 §2: the list is empty; an empty list is not shown)' "($P §8.6: the list is empty; an empty list is not shown)"
rule $F/resources/content/tools.ts '(spec 001 §2 Resources list)' "($P §8.6)"
rule $F/resources/content/types.ts '(spec 001 §3 Resource tool card)' "($P §8.6)"
rule $F/resources/content/types.ts '(spec 001 §3 Resource item)' "($P §8.6)"
rule $F/resources/pages/resources-page.tsx '(spec 001 §2)' "($P §8.6)"

# --- blog ---------------------------------------------------------------------
rule $F/blog/components/share-buttons.tsx '(spec 001 §2)' "($P §9.2)"
rule $F/blog/api/post-schema.ts 'The four categories of spec 001 §3,' "The four categories of $P §9.4,"
rule $F/blog/api/post-schema.ts '(spec 001 §7 blogPosts.create / update)' "($P §9.6, blogPosts.create / update)"
rule $F/blog/lib/post-form-state.ts '(spec 001 §4)' "($P §9.3)"
rule $F/blog/lib/post-form-state.ts '(spec 001 §5 rules applied)' "($P §9.5 rules applied)"
rule $F/blog/lib/post-form-state.test.ts "applies the rules of spec §5" "applies the rules of docs/product.md §9.5"
rule $F/blog/lib/constants.ts 'Blog constants of spec 001 §9.' "Blog constants of $P §9.1, §9.2 and §9.5."
rule $F/blog/lib/constants.ts '(spec 001 §2, §8)' "($P §9.1)"

# --- tools, analytics, test pages ---------------------------------------------
rule $F/roi-calculator/components/roi-results.tsx 'The §9 quantities' "The $P §10.2 quantities"
rule $F/roi-calculator/components/roi-calculator.tsx '(spec 001 §4)' "($P §10.1)"
rule $F/roi-calculator/lib/roi.ts '(spec 001 §9)' "($P §10.2)"
rule $F/roi-calculator/lib/roi.ts '(spec 001 §3)' "($P §10.1)"
rule $F/roi-calculator/lib/roi.ts 'The business constants of §9.' "The business constants of $P §10.2."
rule $F/roi-calculator/lib/roi.ts 'Computes every §9 quantity' "Computes every $P §10.2 quantity"
rule $F/roi-calculator/pages/roi-calculator-page.tsx '(spec 001 §2, §9)' "($P §10.1, §10.2)"
rule $F/pdf-converter/hooks/use-pdf-converter.ts '(spec 001 §4)' "($P §10.3)"
rule $F/pdf-converter/hooks/use-pdf-converter.ts '(spec 001 §3, §4)' "($P §10.3)"
rule $F/pdf-converter/api/convert-pdf.ts '(spec 001 §7)' "($P §10.4)"
rule $F/pdf-converter/api/convert-pdf.ts '(spec 001 §8)' "($P §10.4)"
rule $F/pdf-converter/content/pdf-converter-content.ts '(spec 001 §8)' "($P §10.3, §10.4)"
rule $F/pdf-converter/content/pdf-converter-content.ts '(spec 001 §3, §9)' "($P §10.3)"
rule $F/pdf-converter/content/pdf-converter-content.ts 'word for word from spec 001 §5 and §8' "word for word from $P §10.3 and §10.4"
rule $F/pdf-converter/lib/file-name.ts '(spec 001 §5;' "($P §10.3;"
rule $F/pdf-converter/lib/file-name.ts '(spec 001 §4)' "($P §10.3)"
rule $F/pdf-converter/pages/pdf-converter-page.tsx '(spec 001 §2, §4, §5, §7, §8)' "($P §10.3, §10.4)"
rule $F/analytics/lib/sample.ts '(spec 001 §2, §3 "Analytics sample")' "($P §11)"
rule $F/analytics/lib/sample.ts '(spec 001 §9)' "($P §11)"
rule $F/analytics/lib/periods.ts '(spec 001 §2, §9)' "($P §11)"
rule $F/analytics/pages/analytics-page.tsx '(spec 001 §2; DECISIONS.md)' "($P §11)"
rule $F/test-pages/lib/test-connection.ts '(spec 001 §4; "Convex" reads "backend")' "($P §12.1; \"Convex\" reads \"backend\")"
rule $F/test-pages/lib/test-connection.ts '(spec 001 §9)' "($P §12.1)"
rule $F/test-pages/lib/test-connection.ts '(spec 001 §7)' "($P §12.1)"
rule $F/test-pages/pages/test-convex-page.tsx '(spec 001 §2, §4, §8)' "($P §12.1)"
rule $F/test-pages/pages/test-click-page.tsx '(spec 001 §2)' "($P §12.2)"

# --- Go -----------------------------------------------------------------------
rule internal/auth/limiter.go '// DECISIONS.md allows for rate limits)' "// $P §1.2 allows for rate limits)"
rule internal/httpx/ratelimit.go '// DECISIONS.md allows for rate limits)' "// $P §1.2 allows for rate limits)"
rule internal/blog/query.go 'the public queries of spec 001 §7 by name' "the public queries of $P §9.6 by name"
rule internal/blog/post.go '(spec 001 §5 and §9)' "($P §9.5)"
rule internal/engine/types.go 'the ideal-customer profile of spec 000 §3 and §7' "the ideal-customer profile of $P §4.4 and §13.5"
rule internal/engine/types.go '(spec 000 §3 Lead, plus the evidence' "($P §4.10 Lead, plus the evidence"
rule internal/engine/score/score.go '(spec 001 §9): score' "($P §13.3): score"
rule internal/engine/score/score.go '(DECISIONS.md, The live lead search)' "($P §13.3)"
rule internal/engine/score/score.go 'the guide recommends (spec' 'the guide recommends'
rule internal/engine/score/score.go '// 001 §9); it is informational' "// ($P §8.5); it is informational"
rule internal/engine/draft/templates.go 'the ten campaign templates of spec 000 §3 as typed' "the ten campaign templates of $P §4.8 as typed"
rule internal/engine/draft/templates.go '(spec 000 §3, Campaign template)' "($P §4.8)"
rule internal/search/admin.go '// Spec 000 §9 list sizes' "// The list sizes of $P §13.7"
rule internal/search/doc.go '// of spec 000 §7, the background' "// of $P §13.5, the background"
rule internal/search/doc.go '(DECISIONS.md, "Who may do what")' "($P §13.6)"
rule internal/search/records.go '(spec 000 §3 Signal, plus its evidence)' "($P §13.7, plus its evidence)"
rule internal/search/process.go '(spec 000 §3 "Signal record and scoring payload")' "($P §4.10, scoring payload)"
rule internal/search/handlers_test.go "the spec's Lead fields (spec 000 §3)" "the Lead fields of $P §4.10"
rule internal/intake/fields.go 'every answer of spec 000 §3 "Onboarding submission"' "every answer of $P §6.2"
rule internal/pdf/filename.go '(spec 001 §3)' "($P §10.3)"
rule internal/pdf/handler.go "emptyHTML is the spec's own (001 §5)" "emptyHTML is the product's own ($P §10.3)"
rule internal/analytics/report.go '(spec 001 §9)' "($P §11)"
for engine in sqlite postgres; do
	rule internal/db/migrations/$engine/00005_search.sql '(spec 000 §3 Signal)' "($P §13.7)"
	rule internal/db/migrations/$engine/00005_search.sql '(spec 000 §3 Lead)' "($P §4.10)"
done

# --- the OpenAPI document (issue 20 item 2 may move it: found by name) --------
while IFS= read -r f; do
	rule "$f" 'The live lead search of spec 000 §7 (' "The live lead search of $P §13.5 ("
	rule "$f" 'Ideal-customer profile (spec 000 §3).' "Ideal-customer profile ($P §4.4)."
	rule "$f" '"Spec 000 §3 Lead, plus its evidence' "\"The Lead of $P §4.10, plus its evidence"
done < <(git ls-files -- '*openapi.json' ':!web/node_modules')

# --- MACHINE.md, the team's machine notes, is outside the repository too ------
rule internal/pdf/browser.go '; MACHINE.md measured 1.2-1.9 s.' '; a start takes 1.2-1.9 s on a quiet machine, up to 6.7 s under load (docs/performance.md).'
rule docs/performance.md "core; MACHINE.md's quiet-machine figure for a reused tab is about 0.2 s." 'core; on a quiet machine a conversion in a reused tab takes about 0.2 s.'

# --- docs/api.md (links relative to docs/) ------------------------------------
rule docs/api.md 'Every field of spec 000 §3 "Onboarding submission" with its name' 'Every field of [product §6.2](product.md#onboarding-fields) with its name'
rule docs/api.md 'A post (spec 001 §3) as' 'A post ([product §9.4](product.md#blog-post-fields)) as'
rule docs/api.md "The demo's research calls (spec 000 §7)." "The demo's research calls ([product §13.5](product.md#search-calls))."
rule docs/api.md '**Lead** (spec 000 §3):' '**Lead** ([product §4.10](product.md#demo-data)):'
rule docs/api.md "The demo's backend data queries (spec 000 §7)," "The demo's backend data queries ([product §13.7](product.md#stored-data)),"
rule docs/api.md '**Signal** (spec 000 §3):' '**Signal** ([product §4.10](product.md#demo-data)):'

echo "repoint-doc-refs: $changed rule(s) applied"

# Anything still citing the outside documents: a § anywhere but in the two
# docs themselves, an RFC's section or a repointed cite; the old documents'
# names anywhere.
files=(cmd internal web/src web/e2e web/scripts docs README.md)
types=(--include='*.go' --include='*.ts' --include='*.tsx' --include='*.mjs' --include='*.md' --include='*.sql' --include='*.json')
left=$(
	grep -rn '§' "${types[@]}" "${files[@]}" 2>/dev/null |
		grep -v '^docs/product\.md:\|^docs/architecture\.md:' |
		grep -v 'RFC [0-9]* §\|docs/product\.md §\|docs/architecture\.md §\|\[product §' || true
	grep -rn '[Ss]pec 00[01]\|DECISIONS\.md\|STYLE\.md\|MACHINE\.md' "${types[@]}" "${files[@]}" 2>/dev/null || true
)
if [[ -n $left ]]; then
	echo "repoint-doc-refs: citations left to repoint by hand:" >&2
	echo "$left" >&2
	exit 1
fi

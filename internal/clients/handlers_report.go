package clients

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/pdf"
	"github.com/signalpipe/signalpipe/internal/search"
)

// reportPDFTimeout bounds one report's conversion.
const reportPDFTimeout = 60 * time.Second

// WithPDF gives the handler the product's HTML-to-PDF converter, for the
// monthly report's PDF; without it that call answers 503.
func (h *Handler) WithPDF(conv pdf.Converter) *Handler {
	h.pdf = conv
	return h
}

// reportRoutes are the owner's report calls (docs/clients.md "Reports").
func (h *Handler) reportRoutes() []httpx.Route {
	admin := httpx.AccessAdmin
	return []httpx.Route{
		{Method: "GET", Path: "/api/admin/clients/{id}/report", Handler: http.HandlerFunc(h.report), Access: admin, OperationID: "getClientReport"},
		{Method: "GET", Path: "/api/admin/clients/{id}/report.pdf", Handler: http.HandlerFunc(h.reportPDF), Access: admin, OperationID: "getClientReportPdf"},
		{Method: "POST", Path: "/api/admin/clients/{id}/exclusions", Handler: http.HandlerFunc(h.addExclusion), Access: admin, OperationID: "addClientExclusion"},
	}
}

// reportWindow reads the window of a report call: ?month=YYYY-MM, or
// ?from= and ?to= (YYYY-MM-DD, inclusive); answers 400 and false when
// they are wrong.
func (h *Handler) reportWindow(w http.ResponseWriter, r *http.Request, needMonth bool) (ReportWindow, bool) {
	q := r.URL.Query()
	if m := q.Get("month"); m != "" || needMonth {
		if q.Get("from") != "" || q.Get("to") != "" {
			httpx.Error(w, r, http.StatusBadRequest, "invalid input", map[string]string{"month": "give month, or from and to, not both"})
			return ReportWindow{}, false
		}
		win, ok := MonthWindow(m)
		if !ok {
			httpx.Error(w, r, http.StatusBadRequest, "invalid input", map[string]string{"month": "must be a month, YYYY-MM"})
			return ReportWindow{}, false
		}
		return win, true
	}
	win, errs := ParseReportWindow(q.Get("from"), q.Get("to"), h.store.now())
	if errs != nil {
		httpx.Error(w, r, http.StatusBadRequest, "invalid input", errs)
		return ReportWindow{}, false
	}
	return win, true
}

// loadReport reads the window (a month when month) and the report of the
// path's client; it has answered and returns false when either fails.
func (h *Handler) loadReport(w http.ResponseWriter, r *http.Request, month bool) (*Report, ReportWindow, bool) {
	win, ok := h.reportWindow(w, r, month)
	if !ok {
		return nil, win, false
	}
	rep, err := h.store.ClientReport(r.Context(), r.PathValue("id"), win)
	if err != nil {
		answer(w, r, err)
		return nil, win, false
	}
	return rep, win, true
}

func (h *Handler) report(w http.ResponseWriter, r *http.Request) {
	rep, _, ok := h.loadReport(w, r, false)
	if !ok {
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, rep)
}

// reportPDF answers the monthly report (?month=YYYY-MM) as a PDF made by
// the product's converter from the report's HTML (ReportHTML).
func (h *Handler) reportPDF(w http.ResponseWriter, r *http.Request) {
	rep, win, ok := h.loadReport(w, r, true)
	if !ok {
		return
	}
	if h.pdf == nil {
		pdf.WriteError(w, r, pdf.ErrUnavailable)
		return
	}
	page, err := ReportHTML(rep, win.From.Format("January 2006"))
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), reportPDFTimeout)
	defer cancel()
	doc, err := h.pdf.Convert(ctx, page)
	if err != nil {
		pdf.WriteError(w, r, err)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "application/pdf")
	hd.Set("Content-Disposition", pdf.ContentDisposition("attachment", "report-"+rep.ClientName+"-"+win.From.Format("2006-01")))
	hd.Set("Cache-Control", "no-store")
	_, _ = w.Write(doc)
}

// exclusionInput is the body of POST /api/admin/clients/{id}/exclusions.
type exclusionInput struct {
	Term *string `json:"term"`
}

// addExclusion adds a term to the client's ICP exclusions (a suggestion of
// the report, applied in one click) through the ICP's own validation, as
// PATCH /api/admin/clients/{id} would with the longer list. A term the
// ICP excludes already changes nothing. Answers the client.
func (h *Handler) addExclusion(w http.ResponseWriter, r *http.Request) {
	var in exclusionInput
	if !decodeStrict(w, r, &in) {
		return
	}
	term := ""
	if in.Term != nil {
		term = strings.Join(strings.Fields(*in.Term), " ")
	}
	if term == "" || utf8.RuneCountInString(term) > search.MaxItemLen {
		httpx.Error(w, r, http.StatusBadRequest, "invalid input",
			map[string]string{"term": fmt.Sprintf("must be 1 to %d characters", search.MaxItemLen)})
		return
	}
	c, err := h.store.UpdateClient(r.Context(), r.PathValue("id"), func(c *Client) error {
		if excludes(c.ICP.Exclusions, term) {
			return nil
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(mustJSON(c.ICP)), &m); err != nil {
			return fmt.Errorf("client %s icp: %w", c.ID, err)
		}
		m["exclusions"] = json.RawMessage(mustJSON(append(append([]string{}, c.ICP.Exclusions...), term)))
		return applyClient(c, clientInput{ICP: json.RawMessage(mustJSON(m))}, false)
	})
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("exclusion added", "client", c.ID, "term", term)
	httpx.WriteJSON(w, http.StatusOK, c)
}

// ReportHTML is the monthly report as a printable HTML document (A4; the
// PDF's source), titled with period ("November 2026").
func ReportHTML(rep *Report, period string) ([]byte, error) {
	var b bytes.Buffer
	if err := reportTemplate.Execute(&b, struct {
		*Report
		Period string
	}{rep, period}); err != nil {
		return nil, fmt.Errorf("report html: %w", err)
	}
	return b.Bytes(), nil
}

var reportTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct": func(v *float64) string {
		if v == nil {
			return "–"
		}
		return fmt.Sprintf("%.0f%%", *v*100)
	},
	"bar": func(n, max int) string {
		if max == 0 {
			return "0%"
		}
		return fmt.Sprintf("%.1f%%", float64(n)*100/float64(max))
	},
	"maxLeads": func(ws []ReportWeek) int {
		m := 0
		for _, w := range ws {
			m = max(m, w.Leads)
		}
		return m
	},
	"state":  func(s string) string { return strings.ReplaceAll(s, "_", " ") },
	"states": func() []string { return LeadStates },
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.ClientName}} · Report {{.Period}}</title>
<style>
*{box-sizing:border-box}body{font-family:Helvetica,Arial,sans-serif;color:#111;font-size:11pt;margin:0}
h1{font-size:18pt;margin:0 0 2pt}h2{font-size:12pt;margin:16pt 0 4pt;border-bottom:1px solid #ccc;padding-bottom:2pt}
.sub{color:#555;margin:0 0 8pt}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:3pt 4pt;border-bottom:1px solid #eee}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}.bar{background:#3b82f6;height:8pt}.barbox{width:120pt}
.tiles{display:grid;grid-template-columns:repeat(3,1fr);gap:8pt;padding-right:1px}.tile{border:1px solid #ddd;padding:6pt}.tile b{display:block;font-size:16pt}
.muted{color:#666}tr{page-break-inside:avoid}h2{page-break-after:avoid}section{page-break-inside:avoid}
</style></head><body>
<h1>{{.ClientName}}</h1>
<p class="sub">Report for {{.Period}} ({{.From}} to {{.To}})</p>
<div class="tiles">
<div class="tile"><b>{{.Totals.Leads}}</b>leads found</div>
<div class="tile"><b>{{pct .Totals.ApprovalRate}}</b>approval rate ({{.Totals.Approved}} approved, {{.Totals.Rejected}} rejected, {{.Totals.Pending}} pending)</div>
<div class="tile"><b>{{pct .Totals.GoodRate}}</b>judged good ({{.Totals.Good}} good, {{.Totals.Noise}} noise)</div>
</div>
<section><h2>Leads per week</h2>
<table><thead><tr><th>Week of</th><th class="n">Leads</th><th></th><th class="n">Approved</th><th class="n">Rejected</th><th class="n">Approval</th><th class="n">Good</th><th class="n">Noise</th><th class="n">Good rate</th></tr></thead><tbody>
{{$max := maxLeads .Weeks}}{{range .Weeks}}<tr><td>{{.Week}}</td><td class="n">{{.Leads}}</td><td class="barbox"><div class="bar" style="width:{{bar .Leads $max}}"></div></td><td class="n">{{.Approved}}</td><td class="n">{{.Rejected}}</td><td class="n">{{pct .ApprovalRate}}</td><td class="n">{{.Good}}</td><td class="n">{{.Noise}}</td><td class="n">{{pct .GoodRate}}</td></tr>
{{end}}</tbody></table>
</section><section><h2>Where the leads stand</h2>
<table><tbody>{{$st := .States}}{{range states}}<tr><td>{{state .}}</td><td class="n">{{index $st .}}</td></tr>{{end}}</tbody></table>
</section><section><h2>Precision per agent</h2>
<table><thead><tr><th>Agent</th><th class="n">Leads</th><th class="n">Good</th><th class="n">Noise</th><th class="n">Precision</th></tr></thead><tbody>
{{range .Agents}}<tr><td>{{.Name}}</td><td class="n">{{.Leads}}</td><td class="n">{{.Good}}</td><td class="n">{{.Noise}}</td><td class="n">{{pct .Precision}}</td></tr>
{{else}}<tr><td colspan="5" class="muted">No agents.</td></tr>{{end}}</tbody></table>
</section><section><h2>Precision per source</h2>
<table><thead><tr><th>Source</th><th class="n">Leads</th><th class="n">Good</th><th class="n">Noise</th><th class="n">Precision</th></tr></thead><tbody>
{{range .Sources}}<tr><td>{{.Name}}</td><td class="n">{{.Leads}}</td><td class="n">{{.Good}}</td><td class="n">{{.Noise}}</td><td class="n">{{pct .Precision}}</td></tr>
{{else}}<tr><td colspan="5" class="muted">No leads this period.</td></tr>{{end}}</tbody></table>
</section><section><h2>Deliveries by channel</h2>
<table><thead><tr><th>Channel</th><th class="n">Delivered</th><th class="n">Failed</th><th class="n">Pending</th><th class="n">Failed attempts</th></tr></thead><tbody>
{{range .Channels}}<tr><td>{{.Kind}} · {{.Label}}</td><td class="n">{{.Delivered}}</td><td class="n">{{.Failed}}</td><td class="n">{{.Pending}}</td><td class="n">{{.FailedAttempts}}</td></tr>
{{else}}<tr><td colspan="5" class="muted">No channels.</td></tr>{{end}}</tbody></table>
</section>
{{if .Exclusions}}<section><h2>Suggested exclusions</h2>
<table><thead><tr><th>Term</th><th class="n">In noise</th><th class="n">In good</th></tr></thead><tbody>
{{range .Exclusions}}<tr><td>{{.Term}}</td><td class="n">{{.Noise}}</td><td class="n">{{.Good}}</td></tr>{{end}}</tbody></table></section>{{end}}
</body></html>
`))

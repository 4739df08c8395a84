package clients

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/intake"
	"github.com/signalpipe/signalpipe/internal/pdf"
)

// fakeConverter records the HTML it is given and answers a PDF, or err.
type fakeConverter struct {
	mu   sync.Mutex
	html []byte
	err  error
}

func (f *fakeConverter) Convert(_ context.Context, html []byte) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.html = html
	if f.err != nil {
		return nil, f.err
	}
	return []byte("%PDF-1.7 fake"), nil
}

func (f *fakeConverter) Close(context.Context) error { return nil }

// reportHandler is the package's routes with conv as the converter.
func reportHandler(e *env, conv pdf.Converter) http.Handler {
	mux := http.NewServeMux()
	open := httpx.Guards{Admin: func(h http.Handler) http.Handler { return h }}
	h := NewHandler(e.store, intake.NewStore(e.d, e.runner), e.svc.SourceNames)
	if conv != nil {
		h.WithPDF(conv)
	}
	httpx.MountMux(mux, open, h.Routes()...)
	return mux
}

// TestReportHandlers: the report call answers the store's figures for a
// window, 400 naming the field for a wrong one, 404 for an unknown client;
// the PDF is the converter's, made from the month's HTML; one click adds a
// suggested exclusion to the ICP through its validation, after which the
// report no longer suggests it.
func TestReportHandlers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c, _, _ := seedReport(t, e)
		conv := &fakeConverter{}
		h := reportHandler(e, conv)
		get := func(path string, want int) *bytes.Buffer {
			t.Helper()
			rec := httpxtest.Do(h, "GET", path, nil, "")
			if rec.Code != want {
				t.Fatalf("GET %s: %d, want %d: %s", path, rec.Code, want, rec.Body)
			}
			return rec.Body
		}
		var rep Report
		if err := json.Unmarshal(get("/api/admin/clients/"+c.ID+"/report?from=2026-11-01&to=2026-11-30", 200).Bytes(), &rep); err != nil {
			t.Fatal(err)
		}
		if rep.Totals.Leads != 9 || len(rep.Weeks) != 6 || rep.States["meeting_booked"] != 1 || len(rep.Exclusions) != 2 {
			t.Fatalf("report %+v", rep)
		}
		var byMonth Report
		_ = json.Unmarshal(get("/api/admin/clients/"+c.ID+"/report?month=2026-11", 200).Bytes(), &byMonth)
		if byMonth.From != "2026-11-01" || byMonth.To != "2026-11-30" || byMonth.Totals.Leads != 9 {
			t.Fatalf("by month: %+v", byMonth.Totals)
		}
		for path, field := range map[string]string{
			"/report?from=2026-02-30":                   "from",
			"/report?from=2026-11-30&to=2026-11-01":     "from",
			"/report?to=soon":                           "to",
			"/report?month=2026-11&from=2026-11-01":     "month",
			"/report?month=November":                    "month",
			"/report.pdf":                               "month",
			"/report.pdf?month=2026-00":                 "month",
			"/report.pdf?from=2026-11-01&to=2026-11-30": "month",
		} {
			var out struct{ Fields map[string]string }
			_ = json.Unmarshal(get("/api/admin/clients/"+c.ID+path, 400).Bytes(), &out)
			if out.Fields[field] == "" {
				t.Errorf("%s: fields %v, want %s", path, out.Fields, field)
			}
		}
		get("/api/admin/clients/nope/report", 404)
		get("/api/admin/clients/nope/report.pdf?month=2026-11", 404)

		rec := httpxtest.Do(h, "GET", "/api/admin/clients/"+c.ID+"/report.pdf?month=2026-11", nil, "")
		if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/pdf" || rec.Body.String() != "%PDF-1.7 fake" ||
			!strings.Contains(rec.Header().Get("Content-Disposition"), `filename="report-Acme-2026-11.pdf"`) {
			t.Fatalf("pdf: %d %v %q", rec.Code, rec.Header(), rec.Body)
		}
		html := string(conv.html)
		for _, want := range []string{"<h1>Acme</h1>", "November 2026", "2026-11-01 to 2026-11-30", "<b>9</b>leads found", "<b>88%</b>approval rate",
			"<b>43%</b>judged good", "Funding watch", "<td>meeting booked</td><td class=\"n\">1</td>", "webhook · hooks.example", "student homework"} {
			if !strings.Contains(html, want) {
				t.Errorf("the report's HTML lacks %q", want)
			}
		}
		if strings.Contains(html, "token=secret") {
			t.Error("the report's HTML shows a channel's secret")
		}
		conv.err = pdf.ErrBusy
		if rec := httpxtest.Do(h, "GET", "/api/admin/clients/"+c.ID+"/report.pdf?month=2026-11", nil, ""); rec.Code != 429 {
			t.Errorf("busy converter: %d", rec.Code)
		}
		if rec := httpxtest.Do(reportHandler(e, nil), "GET", "/api/admin/clients/"+c.ID+"/report.pdf?month=2026-11", nil, ""); rec.Code != 503 {
			t.Errorf("no converter: %d", rec.Code)
		}

		// One click: the term joins the ICP's exclusions; again, nothing changes.
		post := func(id, body string, want int) *Client {
			t.Helper()
			rec := httpxtest.Do(h, "POST", "/api/admin/clients/"+id+"/exclusions", jsonHeader, body)
			if rec.Code != want {
				t.Fatalf("POST exclusions %s: %d, want %d: %s", body, rec.Code, want, rec.Body)
			}
			var out Client
			_ = json.Unmarshal(rec.Body.Bytes(), &out)
			return &out
		}
		for range 2 {
			if got := post(c.ID, `{"term":"  student   homework "}`, 200); !slices.Equal(got.ICP.Exclusions, []string{"Homework", "student homework"}) {
				t.Fatalf("exclusions after apply: %v", got.ICP.Exclusions)
			}
		}
		_ = json.Unmarshal(get("/api/admin/clients/"+c.ID+"/report?month=2026-11", 200).Bytes(), &rep)
		if len(rep.Exclusions) != 1 || rep.Exclusions[0].Term != "student" {
			t.Errorf("suggested after apply: %+v", rep.Exclusions)
		}
		for body, field := range map[string]string{`{"term":""}`: "term", `{}`: "term", `{"term":"x","extra":1}`: "extra",
			`{"term":"` + strings.Repeat("x", 101) + `"}`: "term"} {
			rec := httpxtest.Do(h, "POST", "/api/admin/clients/"+c.ID+"/exclusions", jsonHeader, body)
			var out struct{ Fields map[string]string }
			_ = json.Unmarshal(rec.Body.Bytes(), &out)
			if rec.Code != 400 || out.Fields[field] == "" {
				t.Errorf("%s: %d %s, want 400 naming %s", body, rec.Code, rec.Body, field)
			}
		}
		// The ICP's own bounds hold: a 26th exclusion is refused as PATCH refuses it.
		full := newClient(t, e.store, 0)
		if _, err := e.store.UpdateClient(context.Background(), full.ID, func(c *Client) error {
			for i := range 25 {
				c.ICP.Exclusions = append(c.ICP.Exclusions, "term"+string(rune('a'+i)))
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		rec = httpxtest.Do(h, "POST", "/api/admin/clients/"+full.ID+"/exclusions", jsonHeader, `{"term":"one more"}`)
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), `"icp.exclusions"`) {
			t.Errorf("26th exclusion: %d %s", rec.Code, rec.Body)
		}
		post("nope", `{"term":"student"}`, 404)
	})
}

// TestReportPDFChromium: the monthly report's HTML becomes a one-page A4
// PDF in the product's own converter (skips only without Chromium, as
// internal/pdf's tests do), and its text carries the figures.
func TestReportPDFChromium(t *testing.T) {
	path := pdf.DetectChromium()
	if path == "" {
		t.Skip("no Chromium binary (chromium, chromium-browser or google-chrome) on PATH; `make test` installs it")
	}
	e := newEnv(t, dbtest.SQLite(t))
	c, _, _ := seedReport(t, e)
	conv := pdf.NewChromium(pdf.Options{ExecPath: path, Concurrency: 1, Timeout: 60 * time.Second, RestartAfter: 10, MaxHTMLBytes: 5 << 20, Logger: quiet()})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_ = conv.Close(ctx)
	})
	rec := httpxtest.Do(reportHandler(e, conv), "GET", "/api/admin/clients/"+c.ID+"/report.pdf?month=2026-11", nil, "")
	if rec.Code != 200 || !bytes.HasPrefix(rec.Body.Bytes(), []byte("%PDF-")) {
		t.Fatalf("pdf: %d %.200s", rec.Code, rec.Body)
	}
	if text, ok := pdfToText(t, rec.Body.Bytes()); ok {
		for _, want := range []string{"Acme", "November 2026", "Funding watch", "hooks.example"} {
			if !strings.Contains(text, want) {
				t.Errorf("the PDF's text lacks %q:\n%s", want, text)
			}
		}
	}
}

// pdfToText extracts a PDF's text with pdftotext when poppler-utils is
// installed; ok is false without it.
func pdfToText(t *testing.T, b []byte) (string, bool) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		return "", false
	}
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(b)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out), true
}

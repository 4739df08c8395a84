package intake

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// dangerous reports whether a spreadsheet would evaluate cell.
func dangerous(cell string) bool {
	t := strings.TrimLeft(cell, " ")
	return t != "" && strings.ContainsRune("=+-@\t\r", rune(t[0]))
}

// TestCSVExportIsInertInEveryLocale: the export read back with "," (en)
// and ";" (de, fr: the list separator of many locales) and tab as the
// separator has no cell a spreadsheet would evaluate, the issue's
// `Acme;=cmd|' /C calc'!A0` included, and reads back intact with ",".
func TestCSVExportIsInertInEveryLocale(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, Targets{})
		attacks := []string{`Acme;=cmd|' /C calc'!A0`, `Acme,=1+1`, "Acme\t@SUM(A1)", ` =HYPERLINK("http://evil")`,
			`Acme";=cmd|' /C calc'!A0;"`, "-2+3", "Acme\r\n=1"}
		for _, company := range attacks {
			post(t, e, "/api/booking-leads", with(validBooking(), "company", company))
		}
		rec := httpxtest.Do(e.handler, "GET", "/api/admin/submissions.csv?kind=booking", nil, "")
		for _, sep := range []rune{',', ';', '\t'} {
			r := csv.NewReader(strings.NewReader(rec.Body.String()))
			r.Comma, r.FieldsPerRecord, r.LazyQuotes = sep, -1, true
			rows, err := r.ReadAll()
			if err != nil {
				t.Fatalf("read with %q: %v", sep, err)
			}
			for _, row := range rows {
				for _, cell := range row {
					if dangerous(cell) {
						t.Errorf("read with %q as the separator, cell %q would be evaluated", sep, cell)
					}
				}
			}
		}
		rows, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
		if err != nil || len(rows) != len(attacks)+1 {
			t.Fatalf("%d rows, %v", len(rows), err)
		}
		got := map[string]bool{}
		for _, row := range rows[1:] {
			got[row[3]] = true
		}
		for _, company := range attacks {
			want := strings.ReplaceAll(strings.TrimSpace(company), "\r\n", "\n") // as stored, as csv reads it
			if dangerous(want) {
				want = "'" + want
			}
			if !got[want] {
				t.Errorf("company %q not read back as %q: %v", company, want, got)
			}
		}
	})
}

func TestCSVCell(t *testing.T) {
	for in, want := range map[string]string{
		`Acme;=cmd|' /C calc'!A0`: `"Acme;=cmd|' /C calc'!A0"`,
		"=1+1":                    `"'=1+1"`,
		` @x`:                     `"' @x"`,
		`say "hi"`:                `"say ""hi"""`,
		"":                        `""`,
	} {
		if got := CSVCell(in); got != want {
			t.Errorf("CSVCell(%q) = %s, want %s", in, got, want)
		}
	}
}

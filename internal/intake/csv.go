package intake

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// bookingColumns are the payload fields of a booking lead, in CSV order.
var bookingColumns = []string{"email", "company", "primaryChallenge", "timestamp", "source", "url", "userAgent"}

// exportCSV answers every submission of a kind as CSV: the submission's own
// columns, then each payload field, then its delivery state.
func (h *Handler) exportCSV(w http.ResponseWriter, r *http.Request) {
	kind, ok := kindParam(w, r)
	if !ok {
		return
	}
	subs, err := h.store.All(r.Context(), kind)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	cols := bookingColumns
	if kind == KindOnboarding {
		cols = onboardingColumns()
	}
	name := "submissions-" + kind + "-" + time.Now().UTC().Format("2006-01-02") + ".csv"
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "no-store")
	bw := bufio.NewWriter(w)
	header := append([]string{"id", "created_at"}, cols...)
	header = append(header, "delivery_state", "delivery_target", "delivery_attempts", "delivered_at", "last_error")
	err = WriteCSVRow(bw, header)
	for _, s := range subs {
		if err == nil {
			err = WriteCSVRow(bw, csvRow(s, cols))
		}
	}
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		httpx.Logger(r.Context()).Warn("csv export interrupted", "err", err)
	}
}

func onboardingColumns() []string {
	cols := make([]string, 0, len(onboardingFields)+2)
	for _, f := range onboardingFields {
		cols = append(cols, f.name)
	}
	return append(cols, "submitted_at", "source")
}

func csvRow(s *Submission, cols []string) []string {
	var payload map[string]any
	_ = json.Unmarshal(s.Payload, &payload)
	row := []string{s.ID, s.CreatedAt.Format(time.RFC3339)}
	for _, c := range cols {
		row = append(row, cellText(payload[c]))
	}
	deliveredAt := ""
	if s.Delivery.DeliveredAt != nil {
		deliveredAt = s.Delivery.DeliveredAt.Format(time.RFC3339)
	}
	row = append(row, s.Delivery.State, deref(s.Delivery.Target), strconv.Itoa(s.Delivery.Attempts),
		deliveredAt, deref(s.Delivery.LastError))
	return row
}

func cellText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case []any:
		parts := make([]string, len(x))
		for i, p := range x {
			parts[i] = cellText(p)
		}
		return strings.Join(parts, "; ")
	default:
		b, _ := json.Marshal(x)
		return string(b)
	}
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// SafeCell defuses spreadsheet formula injection (OWASP "CSV Injection"):
// a cell starting with = + - @, a tab or a carriage return, also after
// leading spaces (which some programs skip), gets a leading apostrophe so
// it is shown as text, never evaluated. A formula further into the cell,
// after a separator (`Acme;=cmd|' /C calc'!A0` read with ";" as the list
// separator), is defused by CSVCell's quoting, not here.
func SafeCell(s string) string {
	if t := strings.TrimLeft(s, " "); t != "" && strings.ContainsRune("=+-@\t\r", rune(t[0])) {
		return "'" + s
	}
	return s
}

// CSVCell is one cell of an exported CSV: defused by SafeCell, then always
// wrapped in double quotes with its quotes doubled (RFC 4180), so no
// separator inside it, "," or ";" or a tab whichever the reader's locale
// uses, can start a new cell that a formula would begin.
func CSVCell(s string) string {
	return `"` + strings.ReplaceAll(SafeCell(s), `"`, `""`) + `"`
}

// WriteCSVRow writes row as one CSV line of CSVCells, ended by CRLF.
func WriteCSVRow(w io.Writer, row []string) error {
	var b strings.Builder
	for i, c := range row {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(CSVCell(c))
	}
	b.WriteString("\r\n")
	_, err := io.WriteString(w, b.String())
	return err
}

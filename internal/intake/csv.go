package intake

import (
	"encoding/csv"
	"encoding/json"
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
	cw := csv.NewWriter(w)
	header := append([]string{"id", "created_at"}, cols...)
	header = append(header, "delivery_state", "delivery_target", "delivery_attempts", "delivered_at", "last_error")
	_ = cw.Write(header)
	for _, s := range subs {
		_ = cw.Write(csvRow(s, cols))
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
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
	for i := range row {
		row[i] = SafeCell(row[i])
	}
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

// SafeCell defuses spreadsheet formula injection: a cell starting with = + -
// @ (or a tab or carriage return, which some programs skip) gets a leading
// apostrophe so it is shown as text, never evaluated.
func SafeCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

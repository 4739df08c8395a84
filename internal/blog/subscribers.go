package blog

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/intake"
)

// Subscriber is one newsletter sign-up.
type Subscriber struct {
	Email     string    `json:"email"`
	CreatedAt time.Time `json:"createdAt"`
}

// Subscribers returns one page (1-based) of the sign-ups, newest first,
// and how many there are.
func (s *Store) Subscribers(ctx context.Context, page, pageSize int) ([]Subscriber, int, error) {
	var total int
	if err := s.d.Reader.QueryRowContext(ctx, `SELECT count(*) FROM newsletter_subscribers`).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count subscribers: %w", err)
	}
	out, err := s.subscribers(ctx, pageSize, (page-1)*pageSize)
	return out, total, err
}

// subscribers reads limit sign-ups from offset (limit < 0: all), newest first.
func (s *Store) subscribers(ctx context.Context, limit, offset int) ([]Subscriber, error) {
	q, args := `SELECT email, created_at FROM newsletter_subscribers ORDER BY created_at DESC, email`, []any{}
	if limit >= 0 {
		q, args = q+` LIMIT ? OFFSET ?`, []any{limit, offset}
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("list subscribers: %w", err)
	}
	defer rows.Close()
	out := []Subscriber{}
	for rows.Next() {
		var sub Subscriber
		var at db.Time
		if err := rows.Scan(&sub.Email, &at); err != nil {
			return nil, fmt.Errorf("list subscribers: %w", err)
		}
		sub.CreatedAt = at.Time
		out = append(out, sub)
	}
	return out, rows.Err()
}

// subscriberPage is GET /api/admin/newsletter's answer.
type subscriberPage struct {
	Items    []Subscriber `json:"items"`
	Total    int          `json:"total"`
	Page     int          `json:"page"`
	PageSize int          `json:"pageSize"`
}

func (h *Handler) listSubscribers(w http.ResponseWriter, r *http.Request) {
	page, size, ok := httpx.PageParams(w, r)
	if !ok {
		return
	}
	items, total, err := h.store.Subscribers(r.Context(), page, size)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, subscriberPage{Items: items, Total: total, Page: page, PageSize: size})
}

// exportSubscribers answers every sign-up as CSV (email, subscribed_at),
// each cell defused against formula injection (intake.WriteCSVRow).
func (h *Handler) exportSubscribers(w http.ResponseWriter, r *http.Request) {
	subs, err := h.store.subscribers(r.Context(), -1, 0)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	name := "newsletter-" + time.Now().UTC().Format("2006-01-02") + ".csv"
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "no-store")
	bw := bufio.NewWriter(w)
	err = intake.WriteCSVRow(bw, []string{"email", "subscribed_at"})
	for _, s := range subs {
		if err == nil {
			err = intake.WriteCSVRow(bw, []string{s.Email, s.CreatedAt.UTC().Format(time.RFC3339)})
		}
	}
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		httpx.Logger(r.Context()).Warn("csv export interrupted", "err", err)
	}
}

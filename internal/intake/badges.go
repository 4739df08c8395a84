package intake

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// The console's badges (docs/clients.md "Owner's console"): per admin and
// kind, the newest submission seen is kept in admin_seen, so the count of
// newer ones is the same on every instance and survives restarts.

// Unseen counts, per kind, the submissions newer than the newest one the
// admin has marked seen (every kind is present, 0 when none).
func (s *Store) Unseen(ctx context.Context, userID string) (map[string]int, error) {
	out := map[string]int{KindBooking: 0, KindOnboarding: 0}
	// One range count per kind on submissions_kind_id (kind, id), never a
	// scan of every submission.
	count := `SELECT ?, count(*) FROM submissions WHERE kind = ?
		AND id > COALESCE((SELECT seen_id FROM admin_seen WHERE user_id = ? AND kind = ?), '')`
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(count+` UNION ALL `+count),
		KindBooking, KindBooking, userID, KindBooking, KindOnboarding, KindOnboarding, userID, KindOnboarding)
	if err != nil {
		return nil, fmt.Errorf("unseen submissions: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var kind string
		var n int
		if err := rows.Scan(&kind, &n); err != nil {
			return nil, fmt.Errorf("unseen submissions: %w", err)
		}
		out[kind] = n
	}
	return out, rows.Err()
}

// ErrNotOfKind: MarkSeen's upTo is not a submission of the kind.
var ErrNotOfKind = errors.New("not a submission of that kind")

// MarkSeen records that the admin has seen a kind's submissions up to the
// id upTo ("" : up to the newest stored now), which must be one of the
// kind's (else ErrNotOfKind). The mark only moves forward: a late request
// from an older page never brings a badge back.
func (s *Store) MarkSeen(ctx context.Context, userID, kind, upTo string) error {
	if upTo != "" {
		var n int
		if err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT count(*) FROM submissions WHERE id = ? AND kind = ?`),
			upTo, kind).Scan(&n); err != nil {
			return fmt.Errorf("find submission: %w", err)
		}
		if n == 0 {
			return ErrNotOfKind
		}
	} else {
		var newest sql.NullString
		if err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT max(id) FROM submissions WHERE kind = ?`), kind).Scan(&newest); err != nil {
			return fmt.Errorf("newest submission: %w", err)
		}
		if !newest.Valid {
			return nil // nothing to have seen
		}
		upTo = newest.String
	}
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`INSERT INTO admin_seen (user_id, kind, seen_id) VALUES (?, ?, ?)
		ON CONFLICT (user_id, kind) DO UPDATE SET seen_id = CASE WHEN excluded.seen_id > admin_seen.seen_id
		THEN excluded.seen_id ELSE admin_seen.seen_id END`), userID, kind, upTo)
	if err != nil {
		return fmt.Errorf("mark %s seen: %w", kind, err)
	}
	return nil
}

// adminUser is the signed-in admin's user id (RequireAdmin's session).
func adminUser(r *http.Request) string {
	if sess := auth.SessionFrom(r.Context()); sess != nil {
		return sess.UserID
	}
	return ""
}

func (h *Handler) badges(w http.ResponseWriter, r *http.Request) {
	user := h.whoami(r)
	if user == "" {
		httpx.Error(w, r, http.StatusUnauthorized, "authentication required", nil)
		return
	}
	counts, err := h.store.Unseen(r.Context(), user)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, counts)
}

func (h *Handler) markSeen(w http.ResponseWriter, r *http.Request) {
	user := h.whoami(r)
	if user == "" {
		httpx.Error(w, r, http.StatusUnauthorized, "authentication required", nil)
		return
	}
	var in struct {
		Kind string `json:"kind"`
		UpTo string `json:"upTo"`
	}
	if err := httpx.DecodeJSON(w, r, &in, 4<<10); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return
	}
	fields := map[string]string{}
	if in.Kind != KindBooking && in.Kind != KindOnboarding {
		fields["kind"] = "Must be booking or onboarding"
	}
	if len(in.UpTo) > 64 {
		fields["upTo"] = "Must be a submission id"
	}
	if len(fields) > 0 {
		httpx.Error(w, r, http.StatusBadRequest, "invalid input", fields)
		return
	}
	err := h.store.MarkSeen(r.Context(), user, in.Kind, in.UpTo)
	if errors.Is(err, ErrNotOfKind) {
		httpx.Error(w, r, http.StatusBadRequest, "invalid input", map[string]string{"upTo": "Must be the id of a " + in.Kind + " submission"})
		return
	}
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	counts, err := h.store.Unseen(r.Context(), user)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, counts)
}

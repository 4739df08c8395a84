// Package notices keeps notices for the site's owner: things that happened
// without anyone watching and need a decision (a client's delivery channel
// disabled by a 410, paused after failing for 3 days, ...). They are shown in
// the admin console with a count of the unseen ones (docs/api.md "Notices").
// Other packages add them with Store.Add (or AddTx inside their own
// transaction, so the notice and the change it reports commit together).
package notices

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// Notice kinds used today; Add accepts any short kind.
const (
	KindChannelDisabled = "channel_disabled"
	KindChannelPaused   = "channel_paused"
	// KindChannelFailing: a client's channel has had no 2xx for
	// CHANNEL_ALERT_AFTER; KindChannelRecovered: it answered 2xx again.
	KindChannelFailing   = "channel_failing"
	KindChannelRecovered = "channel_recovered"
)

// Limits of a notice's parts (longer text is cut, a longer kind or link refused).
const (
	maxKind = 64
	maxText = 2000
	maxLink = 500
)

// ErrNotFound: no notice has that id.
var ErrNotFound = errors.New("notice not found")

// Notice is one line of the owner's list. SeenAt is nil while unseen.
type Notice struct {
	ID        string     `json:"id"`
	Kind      string     `json:"kind"`
	Text      string     `json:"text"`
	Link      string     `json:"link"`
	CreatedAt time.Time  `json:"createdAt"`
	SeenAt    *time.Time `json:"seenAt"`
}

// Store reads and writes notices.
type Store struct {
	d   *db.DB
	now func() time.Time
}

// NewStore returns the store of d.
func NewStore(d *db.DB) *Store { return &Store{d: d, now: time.Now} }

// Add stores an unseen notice and returns its id. kind is a short word
// (such as KindChannelPaused), text one or two sentences for the owner, link
// a console path ("/admin/...") or "".
func (s *Store) Add(ctx context.Context, kind, text, link string) (string, error) {
	return insert(ctx, s.d, s.d.Writer, s.now(), kind, text, link)
}

// execer is a *sql.DB or a *sql.Tx.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// AddTx is Add inside tx, a transaction on d: the notice commits or rolls
// back with the change it reports.
func AddTx(ctx context.Context, d *db.DB, tx *sql.Tx, at time.Time, kind, text, link string) (string, error) {
	return insert(ctx, d, tx, at, kind, text, link)
}

func insert(ctx context.Context, d *db.DB, ex execer, at time.Time, kind, text, link string) (string, error) {
	kind, text, link = strings.TrimSpace(kind), strings.TrimSpace(text), strings.TrimSpace(link)
	switch {
	case kind == "" || len(kind) > maxKind:
		return "", fmt.Errorf("notice kind must be 1 to %d characters", maxKind)
	case text == "":
		return "", errors.New("notice text is empty")
	case len(link) > maxLink || link != "" && !strings.HasPrefix(link, "/"):
		return "", fmt.Errorf("notice link must be a site path of at most %d characters", maxLink)
	}
	if r := []rune(text); len(r) > maxText {
		text = string(r[:maxText-1]) + "…"
	}
	id := db.NewID()
	if _, err := ex.ExecContext(ctx, d.Rebind(`INSERT INTO admin_notices (id, kind, text, link, created_at) VALUES (?, ?, ?, ?, ?)`),
		id, kind, text, link, d.TimeArg(at.UTC())); err != nil {
		return "", fmt.Errorf("add notice: %w", err)
	}
	return id, nil
}

// List returns at most limit notices, newest first (only the unseen ones
// when unseenOnly), and how many are unseen in all.
func (s *Store) List(ctx context.Context, unseenOnly bool, limit int) ([]*Notice, int, error) {
	var unseen int
	if err := s.d.Reader.QueryRowContext(ctx, `SELECT count(*) FROM admin_notices WHERE seen_at IS NULL`).Scan(&unseen); err != nil {
		return nil, 0, fmt.Errorf("count notices: %w", err)
	}
	q := `SELECT id, kind, text, link, created_at, seen_at FROM admin_notices`
	if unseenOnly {
		q += ` WHERE seen_at IS NULL`
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(q+` ORDER BY created_at DESC, id DESC LIMIT ?`), limit)
	if err != nil {
		return nil, 0, fmt.Errorf("list notices: %w", err)
	}
	defer rows.Close()
	out := []*Notice{}
	for rows.Next() {
		var (
			n           Notice
			created, sn db.Time
		)
		if err := rows.Scan(&n.ID, &n.Kind, &n.Text, &n.Link, &created, &sn); err != nil {
			return nil, 0, fmt.Errorf("list notices: %w", err)
		}
		n.CreatedAt, n.SeenAt = created.Time, sn.Ptr()
		out = append(out, &n)
	}
	return out, unseen, rows.Err()
}

// MarkSeen marks notice id seen (the first time counts; marking it again
// changes nothing) and returns it.
func (s *Store) MarkSeen(ctx context.Context, id string) (*Notice, error) {
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE admin_notices SET seen_at = ? WHERE id = ? AND seen_at IS NULL`),
		s.d.TimeArg(s.now().UTC()), id)
	if err != nil {
		return nil, fmt.Errorf("mark notice seen: %w", err)
	}
	var (
		n           Notice
		created, sn db.Time
	)
	err = s.d.Writer.QueryRowContext(ctx, s.d.Rebind(`SELECT id, kind, text, link, created_at, seen_at FROM admin_notices WHERE id = ?`), id).
		Scan(&n.ID, &n.Kind, &n.Text, &n.Link, &created, &sn)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load notice: %w", err)
	}
	n.CreatedAt, n.SeenAt = created.Time, sn.Ptr()
	return &n, nil
}

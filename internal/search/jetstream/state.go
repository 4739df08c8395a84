package jetstream

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// errLeaseLost means another instance holds the consumer lease now.
var errLeaseLost = errors.New("jetstream: the consumer lease passed to another instance")

// counts are the events of one flush, added to stream_state's totals.
type counts struct {
	events, posts, prefiltered, matched, stored, skipped, malformed, invalid int64
}

func (c *counts) add(o outcome) {
	c.events++
	switch o {
	case skipped:
		c.skipped++
	case malformed:
		c.malformed++
	case invalid:
		c.invalid++
	case isPost:
		c.posts++
	}
}

// lease is one instance's hold on a source's row of stream_state (the
// migration 00024_stream_state explains its columns). The row is the
// fence: the cursor and counts are only written by the holder, in the
// statement that renews its lease, so an instance that lost the lease
// (paused past its expiry while another took over) writes nothing.
//
// The holder fences itself too: until is when its lease ends by its own
// clock, counted from the start of its last successful take or renewal
// (the database's row says at least that late), and past it the holder
// renews before it stores anything, so a holder that was paused past its
// lease stops at once instead of storing one more batch.
type lease struct {
	d      *db.DB
	source string
	holder string
	ttl    time.Duration
	now    func() time.Time
	until  time.Time
}

// valid reports whether the lease is still this holder's by its own clock.
func (l *lease) valid() bool { return l.now().Before(l.until) }

// acquire takes the lease when it is free, expired or already this
// holder's, and returns the stored cursor (0: none yet). ok is false while
// another instance holds it.
func (l *lease) acquire(ctx context.Context) (cursor int64, ok bool, err error) {
	now := l.now().UTC()
	if _, err := l.d.Writer.ExecContext(ctx, l.d.Rebind(`INSERT INTO stream_state (source, counting_since) VALUES (?, ?)
		ON CONFLICT (source) DO NOTHING`), l.source, l.d.TimeArg(now)); err != nil {
		return 0, false, fmt.Errorf("jetstream lease: %w", err)
	}
	res, err := l.d.Writer.ExecContext(ctx, l.d.Rebind(`UPDATE stream_state SET holder = ?, lease_until = ?
		WHERE source = ? AND (holder = ? OR holder = '' OR lease_until IS NULL OR lease_until < ?)`),
		l.holder, l.d.TimeArg(now.Add(l.ttl)), l.source, l.holder, l.d.TimeArg(now))
	if err != nil {
		return 0, false, fmt.Errorf("jetstream lease: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return 0, false, err
	}
	err = l.d.Writer.QueryRowContext(ctx, l.d.Rebind(`SELECT cursor_us FROM stream_state WHERE source = ?`), l.source).Scan(&cursor)
	if err != nil {
		return 0, false, fmt.Errorf("jetstream cursor: %w", err)
	}
	l.until = now.Add(l.ttl)
	return cursor, true, nil
}

// expiresIn is how long the current holder's lease still runs (0 when it
// ended or there is none): a waiting instance looks again then.
func (l *lease) expiresIn(ctx context.Context) (time.Duration, error) {
	var until db.Time
	err := l.d.Writer.QueryRowContext(ctx, l.d.Rebind(`SELECT lease_until FROM stream_state WHERE source = ?`), l.source).Scan(&until)
	if err != nil || !until.Valid {
		return 0, err
	}
	return max(0, until.Time.Sub(l.now())), nil
}

// renew extends the lease; errLeaseLost when another holds it.
func (l *lease) renew(ctx context.Context) error {
	now := l.now().UTC()
	res, err := l.d.Writer.ExecContext(ctx, l.d.Rebind(`UPDATE stream_state SET lease_until = ? WHERE source = ? AND holder = ?`),
		l.d.TimeArg(now.Add(l.ttl)), l.source, l.holder)
	if err != nil {
		return fmt.Errorf("jetstream renew: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("jetstream renew: %w", err)
	} else if n != 1 {
		l.until = time.Time{}
		return errLeaseLost
	}
	l.until = now.Add(l.ttl)
	return nil
}

// flush renews the lease and, in the same statement, moves the cursor
// forward to cursor (never back: a replay after a rewind reads older
// events) and adds c to the totals. errLeaseLost when another holds it.
func (l *lease) flush(ctx context.Context, cursor int64, c counts) error {
	now := l.now().UTC()
	res, err := l.d.Writer.ExecContext(ctx, l.d.Rebind(`UPDATE stream_state SET lease_until = ?, flushed_at = ?,
		cursor_us = CASE WHEN cursor_us < ? THEN ? ELSE cursor_us END,
		events = events + ?, posts = posts + ?, prefiltered = prefiltered + ?, matched = matched + ?, stored = stored + ?,
		skipped = skipped + ?, dropped_malformed = dropped_malformed + ?, dropped_invalid = dropped_invalid + ?
		WHERE source = ? AND holder = ?`), l.d.TimeArg(now.Add(l.ttl)), l.d.TimeArg(now), cursor, cursor,
		c.events, c.posts, c.prefiltered, c.matched, c.stored, c.skipped, c.malformed, c.invalid, l.source, l.holder)
	if err != nil {
		return fmt.Errorf("jetstream flush: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("jetstream flush: %w", err)
	} else if n != 1 {
		l.until = time.Time{}
		return errLeaseLost
	}
	l.until = now.Add(l.ttl)
	return nil
}

// release lets the lease go at once (a clean shutdown), so another
// instance need not wait for it to expire.
func (l *lease) release(ctx context.Context) error {
	_, err := l.d.Writer.ExecContext(ctx, l.d.Rebind(`UPDATE stream_state SET lease_until = ? WHERE source = ? AND holder = ?`),
		l.d.TimeArg(l.now().UTC()), l.source, l.holder)
	l.until = time.Time{}
	if err != nil && !errors.Is(err, sql.ErrConnDone) {
		return fmt.Errorf("jetstream release: %w", err)
	}
	return nil
}

package delivery

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	_ "time/tzdata" // clients' digest time zones load on hosts without a zoneinfo database

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// Daily and weekly digests (docs/clients.md "Delivery"): at the client's
// digest hour in its time zone (weekly: on its weekday) every digest
// channel gets ONE message with the client's leads that no message to that
// channel carried yet. A digest is a client_digests row per (channel,
// period) whose id, derived from both, is the webhook-id; its leads' (lead,
// channel) delivery rows point at it and are marked delivered with it in one
// transaction, so a lead reaches a channel once, by digest or not at all.

// The status of a digest that found no leads; digest bounds.
const (
	DigestEmpty = "empty"

	// DigestEvery is how often the scheduler looks for digests due.
	DigestEvery = time.Minute
	// maxDigestLeads bounds one digest; leads beyond it wait for the next.
	maxDigestLeads = 1000
	// slackDigestBlocks is Block Kit's limit of blocks in one message.
	slackDigestBlocks = 50
)

// DigestBoundary is the latest digest time at or before now: hour:00 in
// loc of today or yesterday (daily), or of the last day wd (weekly).
// Dates are counted in loc's calendar, so a digest stays at the client's
// hour across daylight-saving changes (a day is then 23 or 25 hours); an
// hour the change skips is the time time.Date gives for it.
func DigestBoundary(now time.Time, cadence string, hour int, wd time.Weekday, loc *time.Location) time.Time {
	local := now.In(loc)
	y, m, d := local.Date()
	step := 1
	if cadence == clients.CadenceWeekly {
		d -= (int(local.Weekday()) - int(wd) + 7) % 7
		step = 7
	}
	b := time.Date(y, m, d, hour, 0, 0, 0, loc)
	if b.After(now) {
		b = time.Date(y, m, d-step, hour, 0, 0, 0, loc)
	}
	return b
}

// DigestID is the stable id (webhook-id) of channel channelID's digest for
// the period ending at end.
func DigestID(channelID string, end time.Time) string {
	sum := sha256.Sum256([]byte("digest|" + channelID + "|" + end.UTC().Format(time.RFC3339)))
	return "msg_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:16]))
}

// digestChannel is a digest channel with its client's digest time.
type digestChannel struct {
	channel  *clients.Channel
	settings clients.Settings
}

// ScheduleDigests makes the digests due at now: for every active daily or
// weekly channel whose latest period boundary is after the channel was
// made and has no digest yet, one digest with the leads not yet sent to the
// channel (made before the boundary, after the channel), and its job. A
// digest already made (by this or another instance) is left alone. It
// returns how many digests it made with leads.
func (s *Store) ScheduleDigests(ctx context.Context, now time.Time) (int, error) {
	if s.Jobs() == nil {
		return 0, nil
	}
	rows, err := s.DB().Reader.QueryContext(ctx, s.DB().Rebind(`SELECT ch.id, ch.client_id, ch.kind, ch.target, ch.secret, ch.cadence,
		ch.status, ch.disabled_reason, ch.created_at, c.settings
		FROM client_channels ch JOIN clients c ON c.id = ch.client_id
		WHERE ch.status = ? AND ch.cadence IN (?, ?) ORDER BY ch.id`), clients.ChannelActive, clients.CadenceDaily, clients.CadenceWeekly)
	if err != nil {
		return 0, fmt.Errorf("digest channels: %w", err)
	}
	var due []digestChannel
	for rows.Next() {
		var (
			c        clients.Channel
			created  db.Time
			settings string
			secret   string
			dc       digestChannel
		)
		if err := rows.Scan(&c.ID, &c.ClientID, &c.Kind, &c.Target, &secret, &c.Cadence, &c.Status, &c.DisabledReason, &created, &settings); err != nil {
			rows.Close()
			return 0, fmt.Errorf("digest channels: %w", err)
		}
		c.CreatedAt = created.Time
		c.SetSecret(secret)
		_ = json.Unmarshal([]byte(settings), &dc.settings)
		dc.settings.Normalize()
		dc.channel = &c
		due = append(due, dc)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("digest channels: %w", err)
	}
	made := 0
	var errs []error
	for _, dc := range due {
		ok, err := s.makeDigest(ctx, dc, now)
		if err != nil {
			errs = append(errs, fmt.Errorf("channel %s: %w", dc.channel.ID, err))
		}
		if ok {
			made++
		}
	}
	return made, errors.Join(errs...)
}

// makeDigest makes dc's digest due at now, if any, and reports whether it
// has leads (and so a job).
func (s *Store) makeDigest(ctx context.Context, dc digestChannel, now time.Time) (bool, error) {
	ch, st := dc.channel, dc.settings
	loc, err := clients.LoadZone(st.TimeZone)
	if err != nil {
		loc = time.UTC // settings are validated when saved; an unreadable one falls back
	}
	wd, _ := clients.Weekday(st.DigestWeekday)
	end := DigestBoundary(now, ch.Cadence, st.DigestHour, wd, loc)
	if end.Before(ch.CreatedAt) {
		return false, nil // no period of this channel has ended yet
	}
	id := DigestID(ch.ID, end)
	var one int
	switch err := s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT 1 FROM client_digests WHERE id = ?`), id).Scan(&one); {
	case err == nil:
		return false, nil // made already
	case !errors.Is(err, sql.ErrNoRows):
		return false, fmt.Errorf("find digest: %w", err)
	}
	// The leads not yet sent to the channel. A lead whose run commits after
	// this read (made before the boundary) has no delivery row and goes in
	// the next digest; one a concurrent digest took is skipped by the
	// (channel, lead) key below.
	rows, err := s.DB().Reader.QueryContext(ctx, s.DB().Rebind(`SELECT l.id FROM client_leads l
		WHERE l.client_id = ? AND l.review = ? AND l.created_at >= ? AND l.created_at < ?
		AND NOT EXISTS (SELECT 1 FROM client_deliveries d WHERE d.channel_id = ? AND d.lead_id = l.id)
		ORDER BY l.created_at, l.id LIMIT ?`), ch.ClientID, clients.ReviewApproved, s.DB().TimeArg(ch.CreatedAt), s.DB().TimeArg(end), ch.ID, maxDigestLeads)
	if err != nil {
		return false, fmt.Errorf("digest leads: %w", err)
	}
	var leads []string
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			rows.Close()
			return false, fmt.Errorf("digest leads: %w", err)
		}
		leads = append(leads, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return false, fmt.Errorf("digest leads: %w", err)
	}
	made := false
	at := s.DB().TimeArg(now.UTC())
	err = s.Jobs().InTx(ctx, func(tx jobs.Tx) error {
		made = false
		n, err := tx.Exec(ctx, `INSERT INTO client_digests (id, client_id, channel_id, period_end, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, id, ch.ClientID, ch.ID, s.DB().TimeArg(end.UTC()), clients.DeliveryPending, at)
		if err != nil {
			return fmt.Errorf("insert digest: %w", err)
		}
		if n == 0 {
			return nil // another instance made it
		}
		added := 0
		for _, l := range leads {
			n, err := tx.Exec(ctx, `INSERT INTO client_deliveries (id, client_id, channel_id, lead_id, status, created_at, digest_id)
				VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, clients.DeliveryID(l, ch.ID), ch.ClientID, ch.ID, l, clients.DeliveryPending, at, id)
			if err != nil {
				return fmt.Errorf("insert digest delivery: %w", err)
			}
			added += int(n)
		}
		if added == 0 {
			_, err := tx.Exec(ctx, `UPDATE client_digests SET status = ? WHERE id = ?`, DigestEmpty, id)
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE client_digests SET lead_count = ? WHERE id = ?`, added, id); err != nil {
			return fmt.Errorf("count digest: %w", err)
		}
		if _, err := tx.Enqueue(ctx, DigestArgs{DigestID: id}, nil); err != nil {
			return fmt.Errorf("enqueue digest: %w", err)
		}
		made = true
		return nil
	})
	return made, err
}

// digest is what one attempt of a digest needs.
type digest struct {
	id, clientID, status string
	periodEnd            time.Time
	channel              *clients.Channel
}

func (s *Store) loadDigest(ctx context.Context, id string) (*digest, error) {
	var (
		dg        digest
		channelID string
		end       db.Time
	)
	err := s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT id, client_id, channel_id, period_end, status FROM client_digests WHERE id = ?`), id).
		Scan(&dg.id, &dg.clientID, &channelID, &end, &dg.status)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, clients.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load digest: %w", err)
	}
	dg.periodEnd = end.Time
	dg.channel, err = clients.ScanChannel(s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT `+clients.ChannelColumns+` FROM client_channels WHERE id = ?`), channelID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, clients.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load channel: %w", err)
	}
	return &dg, nil
}

// digestLeads are the leads digest id carries, oldest first.
func (s *Store) digestLeads(ctx context.Context, id string) ([]*clients.ClientLead, error) {
	rows, err := s.DB().Reader.QueryContext(ctx, s.DB().Rebind(`SELECT `+clients.LeadColumns+` FROM client_leads
		WHERE id IN (SELECT lead_id FROM client_deliveries WHERE digest_id = ?) AND review = ? ORDER BY created_at, id`), id, clients.ReviewApproved)
	if err != nil {
		return nil, fmt.Errorf("digest leads: %w", err)
	}
	defer rows.Close()
	var out []*clients.ClientLead
	for rows.Next() {
		l, err := clients.ScanLead(rows)
		if err != nil {
			return nil, fmt.Errorf("digest leads: %w", err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

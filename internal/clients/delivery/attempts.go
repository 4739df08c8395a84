package delivery

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/notices"
)

// DeliveryAttempt is one line of the delivery log.
type DeliveryAttempt struct {
	ID           string    `json:"id"`
	DeliveryID   string    `json:"deliveryId"`
	ChannelID    string    `json:"channelId"`
	LeadID       string    `json:"leadId"`
	AttemptedAt  time.Time `json:"attemptedAt"`
	Outcome      string    `json:"outcome"`
	LatencyMS    int64     `json:"latencyMs"`
	ResponseCode int       `json:"responseCode"`
	Error        string    `json:"error"`
	// DeliveryStatus is the delivery's status now (pending, delivered,
	// failed, cancelled): failed and cancelled ones can be retried.
	DeliveryStatus string `json:"deliveryStatus"`
	// LeadName and ChannelKind name the row's lead (its person, else its
	// company, else its post's title) and channel (webhook, slack, email)
	// for the log (issue 31 item 7).
	LeadName    string `json:"leadName"`
	ChannelKind string `json:"channelKind"`
}

// Deliveries is client clientID's delivery log: attempts, newest first, at
// most limit, of one channel when channelID is set.
func (s *Store) Deliveries(ctx context.Context, clientID, channelID string, limit int) ([]*DeliveryAttempt, error) {
	if _, err := s.Client(ctx, clientID); err != nil {
		return nil, err
	}
	q, args := `SELECT a.id, a.delivery_id, a.channel_id, d.lead_id, a.attempted_at, a.outcome, a.latency_ms, a.response_code, a.error, d.status,
		l.lead, ch.kind
		FROM client_delivery_attempts a JOIN client_deliveries d ON d.id = a.delivery_id
		JOIN client_leads l ON l.id = d.lead_id JOIN client_channels ch ON ch.id = a.channel_id WHERE a.client_id = ?`, []any{clientID}
	if channelID != "" {
		q, args = q+` AND a.channel_id = ?`, append(args, channelID)
	}
	rows, err := s.DB().Reader.QueryContext(ctx, s.DB().Rebind(q+` ORDER BY a.attempted_at DESC, a.id DESC LIMIT ?`), append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("delivery log: %w", err)
	}
	defer rows.Close()
	out := []*DeliveryAttempt{}
	for rows.Next() {
		var (
			a    DeliveryAttempt
			at   db.Time
			lead string
		)
		if err := rows.Scan(&a.ID, &a.DeliveryID, &a.ChannelID, &a.LeadID, &at, &a.Outcome, &a.LatencyMS, &a.ResponseCode, &a.Error, &a.DeliveryStatus,
			&lead, &a.ChannelKind); err != nil {
			return nil, fmt.Errorf("delivery log: %w", err)
		}
		a.LeadName = leadName(lead)
		a.AttemptedAt = at.Time
		out = append(out, &a)
	}
	return out, rows.Err()
}

// leadName is how the delivery log names a stored lead: its person, else
// its company, else its post's title ("" when none is known).
func leadName(raw string) string {
	var l engine.Lead
	if json.Unmarshal([]byte(raw), &l) != nil {
		return ""
	}
	for _, s := range []string{l.Name, l.Company, l.Title} {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	return ""
}

// pendingDelivery is what an attempt needs.
type pendingDelivery struct {
	id, clientID, leadID, status string
	channel                      *clients.Channel
}

func (s *Store) loadDelivery(ctx context.Context, id string) (*pendingDelivery, error) {
	var p pendingDelivery
	var channelID string
	err := s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT id, client_id, channel_id, lead_id, status FROM client_deliveries WHERE id = ?`), id).
		Scan(&p.id, &p.clientID, &channelID, &p.leadID, &p.status)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, clients.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load delivery: %w", err)
	}
	p.channel, err = clients.ScanChannel(s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT `+clients.ChannelColumns+` FROM client_channels WHERE id = ?`), channelID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, clients.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load channel: %w", err)
	}
	return &p, nil
}

// attemptTarget is what one attempt went to: one instant delivery, or a
// digest and every delivery it carries.
type attemptTarget struct {
	clientID   string
	channel    *clients.Channel
	deliveryID string // an instant delivery; "" for a digest
	digestID   string // a digest; "" for an instant delivery
}

// recordAttempt logs one attempt of an instant delivery and moves it
// (record).
func (s *Store) recordAttempt(ctx context.Context, p *pendingDelivery, a DeliveryAttempt, status, disable string) error {
	return s.record(ctx, attemptTarget{clientID: p.clientID, channel: p.channel, deliveryID: p.id}, a, status, disable)
}

// recordDigestAttempt logs one attempt of the digest on each of its leads'
// deliveries and moves the digest and those deliveries together (record).
func (s *Store) recordDigestAttempt(ctx context.Context, dg *digest, a DeliveryAttempt, status, disable string) error {
	return s.record(ctx, attemptTarget{clientID: dg.clientID, channel: dg.channel, digestID: dg.id}, a, status, disable)
}

// record is the one attempt recorder of webhooks, Slack, email and
// digests: in one transaction it logs attempt a on each delivery of t and
// moves them (and t's digest) to status ("" leaves them pending); disable,
// when set, disables the channel with that reason. An instant delivery
// also tells the owner when it disables the channel and keeps the
// channel's health (failing_since, the pause); a digest does neither, as
// before the two recorders were one.
func (s *Store) record(ctx context.Context, t attemptTarget, a DeliveryAttempt, status, disable string) error {
	return s.Tx(ctx, func(tx *sql.Tx) error {
		ids := []string{t.deliveryID}
		if t.digestID != "" {
			var err error
			if ids, err = digestDeliveryIDs(ctx, s, tx, t.digestID); err != nil {
				return err
			}
		}
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, s.DB().Rebind(`INSERT INTO client_delivery_attempts (id, delivery_id, client_id, channel_id,
				attempted_at, outcome, latency_ms, response_code, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
				db.NewID(), id, t.clientID, t.channel.ID, s.DB().TimeArg(a.AttemptedAt), a.Outcome, a.LatencyMS, a.ResponseCode, a.Error); err != nil {
				return fmt.Errorf("record attempt: %w", err)
			}
		}
		st := clients.DeliveryPending
		if status != "" {
			st = status
		}
		var delivered any
		if status == clients.DeliveryDelivered {
			delivered = s.DB().TimeArg(a.AttemptedAt)
		}
		moves := [][2]string{{"client_deliveries", "id"}}
		key := t.deliveryID
		if t.digestID != "" {
			moves, key = [][2]string{{"client_digests", "id"}, {"client_deliveries", "digest_id"}}, t.digestID
		}
		for _, m := range moves {
			if _, err := tx.ExecContext(ctx, s.DB().Rebind(`UPDATE `+m[0]+` SET status = ?, attempts = attempts + 1, last_error = ?,
				delivered_at = ? WHERE `+m[1]+` = ? AND status = ?`), st, a.Error, delivered, key, clients.DeliveryPending); err != nil {
				return fmt.Errorf("record delivery: %w", err)
			}
		}
		if t.digestID != "" {
			if disable == "" {
				return nil
			}
			if _, err := tx.ExecContext(ctx, s.DB().Rebind(`UPDATE client_channels SET status = ?, disabled_reason = ?, updated_at = ? WHERE id = ?`),
				clients.ChannelDisabled, disable, s.DB().TimeArg(a.AttemptedAt), t.channel.ID); err != nil {
				return fmt.Errorf("disable channel: %w", err)
			}
			return nil
		}
		if disable != "" {
			if err := s.disableTx(ctx, tx, t, a.AttemptedAt, disable); err != nil {
				return err
			}
		}
		return s.noteHealth(ctx, tx, t.channel.ID, a, a.Outcome)
	})
}

// digestDeliveryIDs are the deliveries digest id carries.
func digestDeliveryIDs(ctx context.Context, s *Store, tx *sql.Tx, id string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, s.DB().Rebind(`SELECT id FROM client_deliveries WHERE digest_id = ? ORDER BY id`), id)
	if err != nil {
		return nil, fmt.Errorf("digest deliveries: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("digest deliveries: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("digest deliveries: %w", err)
	}
	return ids, nil
}

// disableTx disables t's channel with reason why, and adds the owner's
// notice when this transaction is the one that disabled it (one notice,
// however many deliveries saw the 410).
func (s *Store) disableTx(ctx context.Context, tx *sql.Tx, t attemptTarget, at time.Time, why string) error {
	res, err := tx.ExecContext(ctx, s.DB().Rebind(`UPDATE client_channels SET status = ?, disabled_reason = ?, updated_at = ? WHERE id = ? AND status <> ?`),
		clients.ChannelDisabled, why, s.DB().TimeArg(at), t.channel.ID, clients.ChannelDisabled)
	if err != nil {
		return fmt.Errorf("disable channel: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil
	}
	var name string
	if err := tx.QueryRowContext(ctx, s.DB().Rebind(`SELECT name FROM clients WHERE id = ?`), t.clientID).Scan(&name); err != nil {
		return fmt.Errorf("disable channel: %w", err)
	}
	text := fmt.Sprintf("%s's %s channel (%s) was disabled: %s. "+EnableHint,
		name, t.channel.Kind, redactTarget(t.channel.Target), why)
	_, err = notices.AddTx(ctx, s.DB(), tx, at, notices.KindChannelDisabled, text, "")
	return err
}

// cancelDigest gives up digest dg and its deliveries with reason why.
func (s *Store) cancelDigest(ctx context.Context, dg *digest, why string) error {
	return s.Tx(ctx, func(tx *sql.Tx) error {
		for _, q := range []string{`UPDATE client_digests SET status = ?, last_error = ? WHERE id = ? AND status = ?`,
			`UPDATE client_deliveries SET status = ?, last_error = ? WHERE digest_id = ? AND status = ?`} {
			if _, err := tx.ExecContext(ctx, s.DB().Rebind(q), clients.DeliveryCancelled, why, dg.id, clients.DeliveryPending); err != nil {
				return fmt.Errorf("cancel digest: %w", err)
			}
		}
		return nil
	})
}

// setDeliveryStatus moves a pending delivery to status, with why.
func (s *Store) setDeliveryStatus(ctx context.Context, id, status, why string) error {
	_, err := s.DB().Writer.ExecContext(ctx, s.DB().Rebind(`UPDATE client_deliveries SET status = ?, last_error = ? WHERE id = ? AND status = ?`),
		status, why, id, clients.DeliveryPending)
	return err
}

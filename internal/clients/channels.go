package clients

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// Channel is where a client's leads go. Secret is only shown when made.
type Channel struct {
	ID             string    `json:"id"`
	ClientID       string    `json:"clientId"`
	Kind           string    `json:"kind"`
	Target         string    `json:"target"`
	Cadence        string    `json:"cadence"`
	Status         string    `json:"status"`
	DisabledReason string    `json:"disabledReason"`
	CreatedAt      time.Time `json:"createdAt"`
	// FailingSince is the first failed attempt since the last 2xx (nil
	// while the channel works); PauseAfter later the channel is paused.
	FailingSince *time.Time `json:"failingSince"`
	// Mapping is a CRM channel's field mapping (crm.go); nil otherwise.
	Mapping *CRMMapping `json:"mapping,omitempty"`
	secret  string
}

// newWebhookSecret is whsec_ and base64 of 32 random bytes (the Standard
// Webhooks secret format).
func newWebhookSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return "whsec_" + base64.StdEncoding.EncodeToString(b)
}

// CreateChannel stores a channel of client clientID and returns it; its
// secret (webhooks) is in the returned string, to be shown once.
func (s *Store) CreateChannel(ctx context.Context, clientID, kind, target, cadence string) (*Channel, string, error) {
	return s.createChannel(ctx, &Channel{ClientID: clientID, Kind: kind, Target: target, Cadence: cadence})
}

// CreateCRMChannel stores a CRM channel (crm.go) of client clientID with
// the CRM's API token (kept as the secret, never shown) and mapping m.
func (s *Store) CreateCRMChannel(ctx context.Context, clientID, kind, target, token string, m CRMMapping) (*Channel, error) {
	ch, _, err := s.createChannel(ctx, &Channel{ClientID: clientID, Kind: kind, Target: target, Cadence: CadenceInstant, Mapping: &m, secret: token})
	return ch, err
}

func (s *Store) createChannel(ctx context.Context, ch *Channel) (*Channel, string, error) {
	now := s.now().UTC()
	clientID := ch.ClientID
	ch.ID, ch.Status, ch.CreatedAt = db.NewID(), ChannelActive, now
	if ch.Kind == ChannelWebhook {
		ch.secret = newWebhookSecret()
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		n, err := s.countLocked(ctx, tx, clientID, "client_channels")
		if err != nil {
			return fmt.Errorf("create channel: %w", err)
		}
		if n >= maxChannels {
			return fieldErrors{"kind": fmt.Sprintf("a client has at most %d channels", maxChannels)}
		}
		return s.insertChannel(ctx, tx, ch)
	})
	if err != nil {
		return nil, "", err
	}
	return ch, ch.secret, nil
}

// insertChannel stores the new channel ch in tx.
func (s *Store) insertChannel(ctx context.Context, tx *sql.Tx, ch *Channel) error {
	mapping := "{}"
	if ch.Mapping != nil {
		mapping = mustJSON(ch.Mapping)
	}
	_, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO client_channels (id, client_id, kind, target, secret, cadence, status, disabled_reason, created_at, updated_at, mapping)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`), ch.ID, ch.ClientID, ch.Kind, ch.Target, ch.secret, ch.Cadence, ch.Status, ch.DisabledReason,
		s.d.TimeArg(ch.CreatedAt), s.d.TimeArg(ch.CreatedAt), mapping)
	if err != nil {
		return fmt.Errorf("create channel: %w", err)
	}
	return nil
}

const channelColumns = `id, client_id, kind, target, secret, cadence, status, disabled_reason, created_at, failing_since, mapping`

func scanChannel(r scanner) (*Channel, error) {
	var (
		c                Channel
		created, failing db.Time
		mapping          string
	)
	if err := r.Scan(&c.ID, &c.ClientID, &c.Kind, &c.Target, &c.secret, &c.Cadence, &c.Status, &c.DisabledReason, &created, &failing, &mapping); err != nil {
		return nil, err
	}
	if isCRM(c.Kind) {
		c.Mapping = &CRMMapping{}
		_ = json.Unmarshal([]byte(mapping), c.Mapping)
	}
	c.CreatedAt, c.FailingSince = created.Time, failing.Ptr()
	return &c, nil
}

// Channels lists client clientID's channels, oldest first.
func (s *Store) Channels(ctx context.Context, clientID string) ([]*Channel, error) {
	if _, err := s.Client(ctx, clientID); err != nil {
		return nil, err
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT `+channelColumns+` FROM client_channels WHERE client_id = ? ORDER BY created_at, id`), clientID)
	if err != nil {
		return nil, fmt.Errorf("list channels: %w", err)
	}
	defer rows.Close()
	out := []*Channel{}
	for rows.Next() {
		c, err := scanChannel(rows)
		if err != nil {
			return nil, fmt.Errorf("list channels: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

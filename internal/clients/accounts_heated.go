package clients

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"fmt"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/jobs"
)

// account.heated (docs/clients.md "Accounts"): when an account's score,
// from approved leads, reaches the client's settings.accountThreshold,
// each of the client's active webhook channels gets one signed event.
// heated_at is set by a conditional UPDATE in the transaction that
// enqueues the events, so the crossing is announced once whatever the
// number of instances or retries; it is cleared when the score falls
// RearmBelow points under the threshold, so a later crossing is news
// again (and a score wavering around the threshold is not).

// DefaultAccountThreshold is settings.accountThreshold when unset.
const DefaultAccountThreshold = 70

// RearmBelow is how far under the threshold an account's score must fall
// before it can heat again.
const RearmBelow = 10

// EventAccountHeated is the event's type in its payload.
const EventAccountHeated = "account.heated"

// AccountHeatedArgs is one account.heated event for one channel; its
// WebhookID, derived from the account, the channel and the crossing, is
// the webhook-id the receiver sees on every attempt.
type AccountHeatedArgs struct {
	WebhookID string    `json:"webhookId" river:"unique"`
	ClientID  string    `json:"clientId"`
	ChannelID string    `json:"channelId"`
	AccountID string    `json:"accountId"`
	Score     int       `json:"score"`
	Threshold int       `json:"threshold"`
	HeatedAt  time.Time `json:"heatedAt"`
}

// Kind implements river.JobArgs.
func (AccountHeatedArgs) Kind() string { return "account_heated" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (AccountHeatedArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: DeliveryQueue, MaxAttempts: deliveryAttempt, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// heatedWebhookID is the webhook-id of account's crossing at at for channel.
func heatedWebhookID(account, channel string, at time.Time) string {
	sum := sha256.Sum256([]byte("account.heated|" + account + "|" + channel + "|" + at.UTC().Format(time.RFC3339Nano)))
	return "msg_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:16]))
}

// threshold is the client's account threshold.
func (st Settings) threshold() int {
	if st.AccountThreshold <= 0 {
		return DefaultAccountThreshold
	}
	return st.AccountThreshold
}

// HeatAccounts checks the client's accounts against its threshold: each
// account that reached it since the last check is marked and its events
// are enqueued, in one transaction; each that fell RearmBelow under it is
// re-armed. It returns how many accounts heated. Called after leads
// reach the client (a run, an approval, a filed search); safe to call
// again at any time.
func (s *Store) HeatAccounts(ctx context.Context, clientID string) (int, error) {
	if s.jobs == nil {
		return 0, nil
	}
	c, err := s.Client(ctx, clientID)
	if err != nil {
		return 0, err
	}
	limit := c.Settings.threshold()
	scores, err := s.accountScores(ctx, clientID, s.now().UTC()) // accounts_rank.go: no account built
	if err != nil {
		return 0, err
	}
	heated, err := s.heatedAccounts(ctx, clientID)
	if err != nil {
		return 0, err
	}
	var hot, cold []*Account
	for id, score := range scores {
		a := &Account{ID: id, Score: score}
		switch {
		case a.Score >= limit && !heated[a.ID]:
			hot = append(hot, a)
		case a.Score < limit-RearmBelow && heated[a.ID]:
			cold = append(cold, a)
		}
	}
	if len(hot) == 0 && len(cold) == 0 {
		return 0, nil
	}
	channels, err := s.Channels(ctx, clientID)
	if err != nil {
		return 0, err
	}
	now := s.now().UTC()
	n := 0
	err = s.jobs.InTx(ctx, func(tx jobs.Tx) error {
		n = 0
		for _, a := range cold {
			if _, err := tx.Exec(ctx, `UPDATE client_companies SET heated_at = NULL WHERE id = ?`, a.ID); err != nil {
				return fmt.Errorf("re-arm account: %w", err)
			}
		}
		for _, a := range hot {
			done, err := tx.Exec(ctx, `UPDATE client_companies SET heated_at = ? WHERE id = ? AND client_id = ? AND heated_at IS NULL`,
				s.d.TimeArg(now), a.ID, clientID)
			if err != nil {
				return fmt.Errorf("mark account heated: %w", err)
			}
			if done == 0 {
				continue // another instance got there first
			}
			n++
			for _, ch := range channels {
				if ch.Kind != ChannelWebhook || ch.Status != ChannelActive {
					continue
				}
				args := AccountHeatedArgs{WebhookID: heatedWebhookID(a.ID, ch.ID, now), ClientID: clientID, ChannelID: ch.ID,
					AccountID: a.ID, Score: a.Score, Threshold: limit, HeatedAt: now}
				if _, err := tx.Enqueue(ctx, args, nil); err != nil {
					return fmt.Errorf("enqueue account.heated: %w", err)
				}
			}
		}
		return nil
	})
	return n, err
}

// heatedAccounts are the client's accounts marked heated.
func (s *Store) heatedAccounts(ctx context.Context, clientID string) (map[string]bool, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT id FROM client_companies WHERE client_id = ? AND heated_at IS NOT NULL`), clientID)
	if err != nil {
		return nil, fmt.Errorf("heated accounts: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("heated accounts: %w", err)
		}
		out[id] = true
	}
	return out, rows.Err()
}

// heatAfter checks the client's accounts after leads reached it; a
// failure is logged, not returned: the next check (the next run or
// approval) announces what this one missed.
func (s *Store) heatAfter(ctx context.Context, clientID string, log func(msg string, args ...any)) {
	if _, err := s.HeatAccounts(context.WithoutCancel(ctx), clientID); err != nil && log != nil {
		log("account check failed", "client", clientID, "err", err)
	}
}

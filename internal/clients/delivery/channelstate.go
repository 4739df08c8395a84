package delivery

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/notices"
)

// A channel's health (docs/clients.md "Delivery"): failing_since is the
// time of the first failed attempt since the channel's last 2xx; a channel
// that has had no 2xx for PauseAfter since then is paused with a notice to
// the owner. Paused and disabled channels get no new deliveries and their
// queued ones are cancelled when their turn comes; enabling the channel
// queues those again, and a failed or cancelled delivery can be queued
// again on its own, with the same id (the webhook-id).

// PauseAfter is how long a channel may fail, with no 2xx at all, before it
// is paused.
const PauseAfter = 72 * time.Hour

// noteHealth keeps failing_since and pauses the channel when it is due;
// it runs in the transaction recording an attempt.
func (s *Store) noteHealth(ctx context.Context, tx *sql.Tx, channelID string, a DeliveryAttempt, outcome string) error {
	at := s.DB().TimeArg(a.AttemptedAt)
	switch outcome {
	case clients.OutcomeDelivered:
		if _, err := tx.ExecContext(ctx, s.DB().Rebind(`UPDATE client_channels SET failing_since = NULL WHERE id = ? AND failing_since IS NOT NULL`), channelID); err != nil {
			return err
		}
		return s.recoverTx(ctx, tx, channelID, a.AttemptedAt)
	case clients.OutcomeDisabled:
		return nil
	}
	if _, err := tx.ExecContext(ctx, s.DB().Rebind(`UPDATE client_channels SET failing_since = ? WHERE id = ? AND failing_since IS NULL`), at, channelID); err != nil {
		return fmt.Errorf("note failure: %w", err)
	}
	if _, err := s.alertTx(ctx, tx, channelID, a.AttemptedAt); err != nil {
		return err
	}
	_, err := s.pauseTx(ctx, tx, channelID, a.AttemptedAt)
	return err
}

// pauseTx pauses channel id when it is active and has failed since at least
// PauseAfter before now, and adds the owner's notice. Only the transaction
// that changes the row adds one, so instances racing add one notice.
func (s *Store) pauseTx(ctx context.Context, tx *sql.Tx, id string, now time.Time) (bool, error) {
	var (
		since          db.Time
		clientID, name string
		kind, target   string
	)
	err := tx.QueryRowContext(ctx, s.DB().Rebind(`SELECT ch.failing_since, ch.client_id, c.name, ch.kind, ch.target FROM client_channels ch
		JOIN clients c ON c.id = ch.client_id WHERE ch.id = ?`), id).Scan(&since, &clientID, &name, &kind, &target)
	if err != nil {
		return false, fmt.Errorf("load channel health: %w", err)
	}
	if !since.Valid || now.Sub(since.Time) < PauseAfter {
		return false, nil
	}
	why := fmt.Sprintf("no 2xx answer since the first failure at %s; paused at %s", since.Time.UTC().Format(time.RFC3339), now.UTC().Format(time.RFC3339))
	res, err := tx.ExecContext(ctx, s.DB().Rebind(`UPDATE client_channels SET status = ?, disabled_reason = ?, updated_at = ? WHERE id = ? AND status = ?`),
		clients.ChannelPaused, why, s.DB().TimeArg(now), id, clients.ChannelActive)
	if err != nil {
		return false, fmt.Errorf("pause channel: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return false, nil
	}
	text := fmt.Sprintf("%s's %s channel (%s) was paused: %s. "+EnableHint, name, kind, redactTarget(target), why)
	if _, err := notices.AddTx(ctx, s.DB(), tx, now, notices.KindChannelPaused, text, ""); err != nil {
		return false, err
	}
	return true, nil
}

// redactTarget shows a target's scheme and host only: Slack and many
// webhook URLs carry their secret in the path.
// EnableHint ends the notice of a disabled or paused channel: where the
// owner turns it back on (the Enable button is on the channel's card in the
// client's Delivery tab, not in the delivery log).
const EnableHint = "Enable it with the Enable button on its channel card (the client's Delivery tab) once the receiver works."

func redactTarget(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "…"
	}
	return u.Scheme + "://" + u.Host + "/…"
}

// PauseFailing pauses every active channel that has failed for PauseAfter
// (checked by the scheduler every minute, so a channel whose deliveries
// wait hours between retries is paused on time too). It returns how many
// it paused.
func (s *Store) PauseFailing(ctx context.Context) (int, error) {
	now := s.Now().UTC()
	rows, err := s.DB().Reader.QueryContext(ctx, s.DB().Rebind(`SELECT id FROM client_channels WHERE status = ? AND failing_since IS NOT NULL
		AND failing_since <= ?`), clients.ChannelActive, s.DB().TimeArg(now.Add(-PauseAfter)))
	if err != nil {
		return 0, fmt.Errorf("failing channels: %w", err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, fmt.Errorf("failing channels: %w", err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	paused := 0
	for _, id := range ids {
		err := s.Tx(ctx, func(tx *sql.Tx) error {
			ok, err := s.pauseTx(ctx, tx, id, now)
			if ok {
				paused++
			}
			return err
		})
		if err != nil {
			return paused, err
		}
	}
	if _, err := s.AlertFailing(ctx); err != nil {
		return paused, err
	}
	return paused, nil
}

// requeueTx sets delivery id pending again when it is failed or cancelled
// and inserts its job; false when it was in another state. The row's
// conditional update is what makes a second retry add nothing; the job
// carries a fresh Requeue so River's uniqueness, which also counts the
// delivery's completed or discarded jobs, does not skip it.
func requeueTx(ctx context.Context, tx jobs.Tx, id string) (bool, error) {
	n, err := tx.Exec(ctx, `UPDATE client_deliveries SET status = ?, last_error = '', delivered_at = NULL WHERE id = ? AND status IN (?, ?)`,
		clients.DeliveryPending, id, clients.DeliveryFailed, clients.DeliveryCancelled)
	if err != nil || n == 0 {
		return false, err
	}
	if _, err := tx.Enqueue(ctx, clients.DeliveryArgs{DeliveryID: id, Requeue: time.Now().UnixNano()}, nil); err != nil {
		return false, fmt.Errorf("enqueue delivery: %w", err)
	}
	return true, nil
}

// RetryDelivery queues failed or cancelled delivery id again (same id, so
// the same webhook-id); its channel must be active.
func (s *Store) RetryDelivery(ctx context.Context, id string) error {
	if s.Jobs() == nil {
		return errors.New("retry delivery: no job runner")
	}
	p, err := s.loadDelivery(ctx, id)
	if err != nil {
		return err
	}
	switch {
	case p.channel.Status != clients.ChannelActive:
		return clients.ConflictError(fmt.Sprintf("the channel is %s; enable it first", p.channel.Status))
	case p.status == clients.DeliveryDelivered:
		return clients.ConflictError("the delivery was delivered already")
	case p.status == clients.DeliveryPending:
		return clients.ConflictError("the delivery is queued already")
	}
	var ok bool
	err = s.Jobs().InTx(ctx, func(tx jobs.Tx) error {
		ok, err = requeueTx(ctx, tx, id)
		return err
	})
	if err == nil && !ok {
		return clients.ConflictError("the delivery changed meanwhile; reload")
	}
	return err
}

// EnableChannel makes channel id active again (from disabled or paused),
// forgets its failures, and queues again its deliveries cancelled while it
// was off. It returns the channel and how many deliveries it queued.
func (s *Store) EnableChannel(ctx context.Context, id string) (*clients.Channel, int, error) {
	if s.Jobs() == nil {
		return nil, 0, errors.New("enable channel: no job runner")
	}
	ch, err := clients.ScanChannel(s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT `+clients.ChannelColumns+` FROM client_channels WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, clients.ErrNotFound
	}
	if err != nil {
		return nil, 0, fmt.Errorf("load channel: %w", err)
	}
	rows, err := s.DB().Reader.QueryContext(ctx, s.DB().Rebind(`SELECT id FROM client_deliveries WHERE channel_id = ? AND status = ? ORDER BY created_at, id`),
		id, clients.DeliveryCancelled)
	if err != nil {
		return nil, 0, fmt.Errorf("cancelled deliveries: %w", err)
	}
	var ids []string
	for rows.Next() {
		var d string
		if err := rows.Scan(&d); err != nil {
			rows.Close()
			return nil, 0, fmt.Errorf("cancelled deliveries: %w", err)
		}
		ids = append(ids, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	queued := 0
	now := s.Now().UTC()
	err = s.Jobs().InTx(ctx, func(tx jobs.Tx) error {
		// Deliveries first, then the channel: the order in which an
		// attempt's record locks them, so the two never deadlock.
		queued = 0
		for _, d := range ids {
			ok, err := requeueTx(ctx, tx, d)
			if err != nil {
				return err
			}
			if ok {
				queued++
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE client_channels SET status = ?, disabled_reason = '', failing_since = NULL, alerted_at = NULL, updated_at = ? WHERE id = ?`,
			clients.ChannelActive, s.DB().TimeArg(now), id); err != nil {
			return fmt.Errorf("enable channel: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	ch.Status, ch.DisabledReason = clients.ChannelActive, ""
	return ch, queued, nil
}

// Admin calls: POST /api/admin/channels/{id}/enable and
// POST /api/admin/deliveries/{id}/retry (docs/api.md "Delivery").

func (d *Delivery) enableChannel(w http.ResponseWriter, r *http.Request) {
	d.enable(w, r, r.PathValue("id"))
}

// enable turns channel id on again: the admin's call and, once the
// channel is known to be the client's, the portal's (portal_workspace.go).
func (d *Delivery) enable(w http.ResponseWriter, r *http.Request, id string) {
	ch, n, err := d.store.EnableChannel(r.Context(), id)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("delivery channel enabled", "client", ch.ClientID, "channel", ch.ID, "requeued", n)
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"channel": ch, "requeued": n})
}

func (d *Delivery) retryDelivery(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if err := d.store.RetryDelivery(r.Context(), id); err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("delivery queued again", "delivery", id)
	httpx.WriteJSON(w, http.StatusAccepted, map[string]any{"id": id, "status": clients.DeliveryPending})
}

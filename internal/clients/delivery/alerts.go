package delivery

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/notices"
)

// Failures that speak (docs/clients.md "Delivery"): a channel with no 2xx
// for alertAfter (CHANNEL_ALERT_AFTER) since its first failure raises a
// notice (the console's bell, and the owner's channels through the
// notices forwarder), counts in the clients list, and its next 2xx clears
// it with a second notice. Like the 72-hour pause, the check runs in the
// transaction of every failed attempt and every minute in the scheduler,
// as a conditional UPDATE of alerted_at: only the transaction that changes
// the row writes the notice, so instances racing write one.

// alertTx raises channel id's failure notice when it has failed for
// alertAfter and has none yet.
func (s *Store) alertTx(ctx context.Context, tx *sql.Tx, id string, now time.Time) (bool, error) {
	var (
		since                  db.Time
		clientID, name         string
		kind, target, chStatus string
	)
	err := tx.QueryRowContext(ctx, s.DB().Rebind(`SELECT ch.failing_since, ch.client_id, c.name, ch.kind, ch.target, ch.status FROM client_channels ch
		JOIN clients c ON c.id = ch.client_id WHERE ch.id = ?`), id).Scan(&since, &clientID, &name, &kind, &target, &chStatus)
	if err != nil {
		return false, fmt.Errorf("load channel health: %w", err)
	}
	if !since.Valid || now.Sub(since.Time) < s.AlertAfter() || chStatus != clients.ChannelActive {
		return false, nil
	}
	res, err := tx.ExecContext(ctx, s.DB().Rebind(`UPDATE client_channels SET alerted_at = ? WHERE id = ? AND alerted_at IS NULL AND failing_since IS NOT NULL`),
		s.DB().TimeArg(now), id)
	if err != nil {
		return false, fmt.Errorf("alert channel: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return false, nil
	}
	text := fmt.Sprintf("%s's %s channel (%s) has had no successful delivery since %s (%s). Its leads are retried; it is paused after %s of failures. A notice follows when it works again.",
		name, kind, redactTarget(target), since.Time.UTC().Format(time.RFC3339), roundDur(now.Sub(since.Time)), roundDur(PauseAfter))
	if _, err := notices.AddTx(ctx, s.DB(), tx, now, notices.KindChannelFailing, text, "/admin?client="+clientID); err != nil {
		return false, err
	}
	return true, nil
}

// recoverTx clears channel id's failure notice after a 2xx, with a
// second notice.
func (s *Store) recoverTx(ctx context.Context, tx *sql.Tx, id string, now time.Time) error {
	var (
		alerted        db.Time
		clientID, name string
		kind, target   string
	)
	err := tx.QueryRowContext(ctx, s.DB().Rebind(`SELECT ch.alerted_at, ch.client_id, c.name, ch.kind, ch.target FROM client_channels ch
		JOIN clients c ON c.id = ch.client_id WHERE ch.id = ?`), id).Scan(&alerted, &clientID, &name, &kind, &target)
	if err != nil {
		return fmt.Errorf("load channel health: %w", err)
	}
	if !alerted.Valid {
		return nil
	}
	res, err := tx.ExecContext(ctx, s.DB().Rebind(`UPDATE client_channels SET alerted_at = NULL WHERE id = ? AND alerted_at IS NOT NULL`), id)
	if err != nil {
		return fmt.Errorf("clear channel alert: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil
	}
	text := fmt.Sprintf("%s's %s channel (%s) works again: a delivery succeeded at %s.", name, kind, redactTarget(target), now.UTC().Format(time.RFC3339))
	_, err = notices.AddTx(ctx, s.DB(), tx, now, notices.KindChannelRecovered, text, "/admin?client="+clientID)
	return err
}

// AlertFailing raises the notice of every active channel failing for
// alertAfter without one (the scheduler, every minute: a channel whose
// next retry is far away is told on time too). It returns how many.
func (s *Store) AlertFailing(ctx context.Context) (int, error) {
	now := s.Now().UTC()
	rows, err := s.DB().Reader.QueryContext(ctx, s.DB().Rebind(`SELECT id FROM client_channels WHERE status = ? AND failing_since IS NOT NULL
		AND failing_since <= ? AND alerted_at IS NULL`), clients.ChannelActive, s.DB().TimeArg(now.Add(-s.AlertAfter())))
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
	raised := 0
	for _, id := range ids {
		err := s.Tx(ctx, func(tx *sql.Tx) error {
			ok, err := s.alertTx(ctx, tx, id, now)
			if ok {
				raised++
			}
			return err
		})
		if err != nil {
			return raised, err
		}
	}
	return raised, nil
}

// roundDur writes d in whole minutes ("15 min", "2h 5min", "72h").
func roundDur(d time.Duration) string {
	m := int(d.Round(time.Minute) / time.Minute)
	switch {
	case m < 60:
		return fmt.Sprintf("%d min", m)
	case m%60 == 0:
		return fmt.Sprintf("%dh", m/60)
	}
	return fmt.Sprintf("%dh %dmin", m/60, m%60)
}

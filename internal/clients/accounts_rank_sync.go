package clients

// The ranking summary's sync with the database (accounts_rank.go): the
// stamps migration 00037's triggers raise say which companies to reload.
// Functions moved unchanged from accounts_rank.go (under ~400 lines).

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/accounts"
	"github.com/signalpipe/signalpipe/internal/db"
)

// linkUnlinked links the client's leads no company link covers yet
// (backfillAccounts), when client_unlinked_leads lists one.
func (s *Store) linkUnlinked(ctx context.Context, clientID string) error {
	var missing int
	if err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT count(*) FROM (SELECT 1 FROM client_unlinked_leads WHERE client_id = ? LIMIT 1) x`),
		clientID).Scan(&missing); err != nil {
		return fmt.Errorf("find unlinked leads: %w", err)
	}
	if missing == 0 {
		return nil
	}
	return s.backfillAccounts(ctx, clientID)
}

// syncRank brings cr up to date with the database: a cheap check of the
// stamps' count and sum, and when they moved, a reload of the companies
// whose stamp did.
func (s *Store) syncRank(ctx context.Context, clientID string, cr *clientRank) error {
	var count, sum int64
	if err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT count(*), COALESCE(sum(stamp), 0) FROM client_companies WHERE client_id = ?`),
		clientID).Scan(&count, &sum); err != nil {
		return fmt.Errorf("check accounts: %w", err)
	}
	if cr.loaded && count == cr.count && sum == cr.sum {
		return nil
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT id, stamp, merged_into IS NULL FROM client_companies WHERE client_id = ?`), clientID)
	if err != nil {
		return fmt.Errorf("check accounts: %w", err)
	}
	stamps := make(map[string]int64, count)
	var changed []string
	live := map[string]bool{}
	count, sum = 0, 0
	for rows.Next() {
		var (
			id     string
			stamp  int64
			isLive bool
		)
		if err := rows.Scan(&id, &stamp, &isLive); err != nil {
			rows.Close()
			return fmt.Errorf("check accounts: %w", err)
		}
		stamps[id] = stamp
		count, sum = count+1, sum+stamp
		if old, ok := cr.stamps[id]; cr.loaded && ok && old == stamp {
			continue
		}
		changed = append(changed, id)
		live[id] = isLive
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("check accounts: %w", err)
	}
	entries := cr.entries
	if !cr.loaded || entries == nil {
		entries = map[string]*rankEntry{}
	}
	for id := range entries {
		if _, ok := stamps[id]; !ok {
			delete(entries, id)
		}
	}
	for _, id := range changed {
		delete(entries, id)
	}
	sigs := map[string][]rankSig{}
	if err := s.loadRankSigs(ctx, clientID, changed, live, len(changed) == len(stamps), sigs); err != nil {
		return err
	}
	var approved []accounts.Signal
	for id, list := range sigs {
		all := make([]accounts.Signal, len(list))
		approved = approved[:0]
		for i, sg := range list {
			all[i] = sg.Signal
			if !sg.pending {
				approved = append(approved, sg.Signal)
			}
		}
		entries[id] = &rankEntry{approved: accounts.Prepare(approved), all: accounts.Prepare(all)}
	}
	cr.count, cr.sum, cr.stamps, cr.entries, cr.loaded = count, sum, stamps, entries, true
	cr.gen++
	return nil
}

// rankChunk is how many companies one reload query names.
const rankChunk = 500

// loadRankSigs reads the signals of companies ids (all the client's when
// all) into sigs; only live companies are listed.
func (s *Store) loadRankSigs(ctx context.Context, clientID string, ids []string, live map[string]bool, all bool, sigs map[string][]rankSig) error {
	const cols = `SELECT cl.company_id, l.signal_type, l.score, l.review, l.created_at, l.lead
		FROM client_company_leads cl JOIN client_leads l ON l.id = cl.lead_id AND l.client_id = cl.client_id
		WHERE cl.client_id = ? AND cl.company_id IS NOT NULL AND l.review IN (?, ?)`
	if all || len(ids) > 4*rankChunk {
		return s.scanRankSigs(ctx, cols, []any{clientID, ReviewApproved, ReviewPending}, live, sigs)
	}
	for lo := 0; lo < len(ids); lo += rankChunk {
		part := ids[lo:min(lo+rankChunk, len(ids))]
		args := []any{clientID, ReviewApproved, ReviewPending}
		for _, id := range part {
			args = append(args, id)
		}
		q := cols + ` AND cl.company_id IN (?` + strings.Repeat(", ?", len(part)-1) + `)`
		if err := s.scanRankSigs(ctx, q, args, live, sigs); err != nil {
			return err
		}
	}
	return nil
}

// publishedOnly is the part of a stored lead its signal's date needs.
type publishedOnly struct {
	PublishedAt time.Time `json:"publishedAt"`
}

func (s *Store) scanRankSigs(ctx context.Context, q string, args []any, live map[string]bool, sigs map[string][]rankSig) error {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(q), args...)
	if err != nil {
		return fmt.Errorf("load accounts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id, typ, review string
			score           int
			created         db.Time
			raw             string
		)
		if err := rows.Scan(&id, &typ, &score, &review, &created, &raw); err != nil {
			return fmt.Errorf("load accounts: %w", err)
		}
		if !live[id] {
			continue
		}
		// As accountsOf dates a signal: the post's date when it is before
		// the lead's.
		at := created.Time
		var p publishedOnly
		_ = json.Unmarshal([]byte(raw), &p)
		if !p.PublishedAt.IsZero() && p.PublishedAt.Before(at) {
			at = p.PublishedAt.UTC()
		}
		sigs[id] = append(sigs[id], rankSig{Signal: accounts.Signal{Type: typ, At: at, Strength: float64(score) / 100},
			pending: review == ReviewPending})
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("load accounts: %w", err)
	}
	return nil
}

package clients

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// companyRow is a company's id and where it was merged ("" : not).
type companyRow struct{ id, mergedInto string }

func (s *Store) companyOf(ctx context.Context, tx *sql.Tx, clientID, id string) (*companyRow, error) {
	var c companyRow
	var into sql.NullString
	err := tx.QueryRowContext(ctx, s.d.Rebind(`SELECT id, merged_into FROM client_companies WHERE id = ? AND client_id = ?`+s.forUpdate()),
		id, clientID).Scan(&c.id, &into)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load company: %w", err)
	}
	c.mergedInto = into.String
	return &c, nil
}

// lockClient holds the client's row for the transaction: merges, splits
// and new leads of one client happen one at a time.
func (s *Store) lockClient(ctx context.Context, tx *sql.Tx, clientID string) error {
	var one int
	err := tx.QueryRowContext(ctx, s.d.Rebind(`SELECT 1 FROM clients WHERE id = ?`+s.forUpdate()), clientID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("lock client: %w", err)
	}
	return nil
}

// MergeAccount merges the client's company id into company into: its
// leads (and those of companies merged into it before) move there, each
// keeping the company it was resolved to, and id no longer lists. A
// company of another client is ErrNotFound (id) or a field error (into);
// merging into itself is a field error; merging a company merged already,
// or into one, is a conflict.
func (s *Store) MergeAccount(ctx context.Context, clientID, id, into string) error {
	if strings.TrimSpace(into) == "" {
		return fieldErrors{"into": "is required: the id of the account to merge into"}
	}
	if into == id {
		return fieldErrors{"into": "an account cannot be merged into itself"}
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := s.lockClient(ctx, tx, clientID); err != nil {
			return err
		}
		from, err := s.companyOf(ctx, tx, clientID, id)
		if err != nil {
			return err
		}
		to, err := s.companyOf(ctx, tx, clientID, into)
		if errors.Is(err, ErrNotFound) {
			return fieldErrors{"into": "no account of this client has this id"}
		}
		if err != nil {
			return err
		}
		switch {
		case from.mergedInto != "":
			return conflictError("the account was merged already; split it first")
		case to.mergedInto != "":
			return conflictError("the account to merge into was itself merged into another; merge into that one")
		}
		if _, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE client_company_leads SET company_id = ? WHERE company_id = ? AND client_id = ?`),
			into, id, clientID); err != nil {
			return fmt.Errorf("move leads: %w", err)
		}
		if _, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE client_companies SET merged_into = ? WHERE id = ?`), into, id); err != nil {
			return fmt.Errorf("merge company: %w", err)
		}
		return nil
	})
}

// SplitAccount undoes the merge of the client's company id: it lists
// again, with every lead resolved to it (or to a company merged into it)
// back; no signal is lost either way. A company not merged is a conflict.
func (s *Store) SplitAccount(ctx context.Context, clientID, id string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := s.lockClient(ctx, tx, clientID); err != nil {
			return err
		}
		c, err := s.companyOf(ctx, tx, clientID, id)
		if err != nil {
			return err
		}
		if c.mergedInto == "" {
			return conflictError("the account is not merged into another")
		}
		tree, err := s.mergedUnder(ctx, tx, clientID, id)
		if err != nil {
			return err
		}
		args := []any{id, clientID}
		for _, t := range tree {
			args = append(args, t)
		}
		if _, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE client_company_leads SET company_id = ? WHERE client_id = ?
			AND resolved_id IN (?`+strings.Repeat(", ?", len(tree)-1)+`)`), args...); err != nil {
			return fmt.Errorf("move leads back: %w", err)
		}
		if _, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE client_companies SET merged_into = NULL WHERE id = ?`), id); err != nil {
			return fmt.Errorf("split company: %w", err)
		}
		return nil
	})
}

// mergedUnder is id and every company of the client merged into it,
// directly or through others.
func (s *Store) mergedUnder(ctx context.Context, tx *sql.Tx, clientID, id string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, s.d.Rebind(`SELECT id, merged_into FROM client_companies WHERE client_id = ? AND merged_into IS NOT NULL`), clientID)
	if err != nil {
		return nil, fmt.Errorf("list merges: %w", err)
	}
	children := map[string][]string{}
	for rows.Next() {
		var c, into string
		if err := rows.Scan(&c, &into); err != nil {
			rows.Close()
			return nil, fmt.Errorf("list merges: %w", err)
		}
		children[into] = append(children[into], c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list merges: %w", err)
	}
	out := []string{id}
	for i := 0; i < len(out); i++ {
		out = append(out, children[out[i]]...)
	}
	return out, nil
}

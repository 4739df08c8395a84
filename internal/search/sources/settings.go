package sources

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/secretbox"
)

// ErrNoKey means a credential was to be saved but SECRETS_KEY is not set:
// credentials are never stored in the clear.
var ErrNoKey = errors.New("SECRETS_KEY is not set: credentials cannot be saved (set SECRETS_KEY to base64 of 32 random bytes, e.g. openssl rand -base64 32, the same on every instance)")

// Saved is one source's settings as the console saved them.
type Saved struct {
	Source string
	// Enabled is nil when the console never switched the source.
	Enabled *bool
	// Values are the plain options (environment name to value).
	Values map[string]string
	// Secrets are the credentials, opened; SecretsErr says why they could
	// not be (SECRETS_KEY unset or changed) and Secrets is then empty.
	Secrets    map[string]string
	SecretsErr error
	// sealed is the credentials as stored.
	sealed    string
	Version   int64
	UpdatedAt time.Time
	UpdatedBy string
}

// Settings reads and writes the console's source settings (table
// source_settings), sealing credentials with SECRETS_KEY.
type Settings struct {
	d   *db.DB
	box *secretbox.Box // nil without SECRETS_KEY
	now func() time.Time
}

// NewSettings returns the settings over d; key is SECRETS_KEY (nil: none).
func NewSettings(d *db.DB, key []byte) (*Settings, error) {
	s := &Settings{d: d, now: time.Now}
	if key != nil {
		box, err := secretbox.New(key)
		if err != nil {
			return nil, err
		}
		s.box = box
	}
	return s, nil
}

// CanSeal reports whether credentials can be saved (SECRETS_KEY is set).
func (s *Settings) CanSeal() bool { return s.box != nil }

// Version changes whenever any source's settings are saved, on any
// instance: the number of rows and the sum of their versions.
func (s *Settings) Version(ctx context.Context) (string, error) {
	var n, sum int64
	if err := s.d.Reader.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(version), 0) FROM source_settings`).Scan(&n, &sum); err != nil {
		return "", fmt.Errorf("source settings version: %w", err)
	}
	return fmt.Sprintf("%d:%d", n, sum), nil
}

// All is every source's saved settings by name.
func (s *Settings) All(ctx context.Context) (map[string]Saved, error) {
	rows, err := s.d.Reader.QueryContext(ctx, `SELECT source, enabled, settings, secrets, version, updated_at, updated_by FROM source_settings`)
	if err != nil {
		return nil, fmt.Errorf("source settings: %w", err)
	}
	defer rows.Close()
	out := map[string]Saved{}
	for rows.Next() {
		var v Saved
		var enabled sql.NullInt64
		var values string
		var at db.Time
		if err := rows.Scan(&v.Source, &enabled, &values, &v.sealed, &v.Version, &at, &v.UpdatedBy); err != nil {
			return nil, fmt.Errorf("source settings: %w", err)
		}
		if enabled.Valid {
			on := enabled.Int64 != 0
			v.Enabled = &on
		}
		v.UpdatedAt = at.Time
		if err := json.Unmarshal([]byte(values), &v.Values); err != nil {
			return nil, fmt.Errorf("source settings of %s: %w", v.Source, err)
		}
		v.Secrets, v.SecretsErr = s.open(v.Source, v.sealed)
		out[v.Source] = v
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("source settings: %w", err)
	}
	return out, nil
}

// aad binds a sealed value to its row: another source's credentials
// copied over would not open.
func aad(source string) []byte { return []byte("source_settings:" + source) }

func (s *Settings) open(source, sealed string) (map[string]string, error) {
	out := map[string]string{}
	if sealed == "" {
		return out, nil
	}
	if s.box == nil {
		return out, errors.New("saved credentials cannot be read: SECRETS_KEY is not set")
	}
	plain, err := s.box.Open(sealed, aad(source))
	if err != nil {
		return out, errors.New("saved credentials cannot be read: SECRETS_KEY is not the key that saved them")
	}
	if err := json.Unmarshal(plain, &out); err != nil {
		return map[string]string{}, fmt.Errorf("saved credentials of %s: %w", source, err)
	}
	return out, nil
}

// Save writes v (Enabled, Values and Secrets) as the source's settings and
// bumps its version. Secrets nil keeps the stored credentials as they
// are (a switch alone needs no key); a non-empty map without SECRETS_KEY
// is ErrNoKey.
func (s *Settings) Save(ctx context.Context, v Saved, by string) error {
	sealed, err := s.seal(v)
	if err != nil {
		return err
	}
	values, _ := json.Marshal(orEmpty(v.Values))
	var enabled any
	if v.Enabled != nil {
		enabled = 0
		if *v.Enabled {
			enabled = 1
		}
	}
	now := s.d.TimeArg(s.now().UTC())
	if _, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`INSERT INTO source_settings (source, enabled, settings, secrets, version, updated_at, updated_by)
		VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (source) DO UPDATE SET enabled = excluded.enabled, settings = excluded.settings,
		secrets = excluded.secrets, version = source_settings.version + 1, updated_at = excluded.updated_at, updated_by = excluded.updated_by`),
		v.Source, enabled, string(values), sealed, now, by); err != nil {
		return fmt.Errorf("save %s settings: %w", v.Source, err)
	}
	return nil
}

func (s *Settings) seal(v Saved) (string, error) {
	if v.Secrets == nil {
		return v.sealed, nil
	}
	if len(v.Secrets) == 0 {
		return "", nil
	}
	if s.box == nil {
		return "", ErrNoKey
	}
	plain, _ := json.Marshal(v.Secrets)
	return s.box.Seal(plain, aad(v.Source))
}

func orEmpty(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

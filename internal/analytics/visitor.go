package analytics

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// botPattern matches the user agents of crawlers, monitors, previews,
// scripts and headless browsers; their views are not counted.
var botPattern = regexp.MustCompile(`(?i)bot\b|bot/|crawl|spider|slurp|scrap|fetch|preview|monitor|` +
	`headless|phantom|puppeteer|playwright|selenium|lighthouse|pagespeed|pingdom|uptime|` +
	`curl/|wget/|python|httpclient|okhttp|go-http-client|java/|libwww|axios/|node-fetch|postman|insomnia|wrk|` +
	`facebookexternalhit|embedly|whatsapp|telegram|discord|slack`)

// IsBot reports whether ua looks like an automated client (an empty user
// agent counts as one).
func IsBot(ua string) bool {
	return ua == "" || botPattern.MatchString(ua)
}

// VisitorHash is the day's identifier of a visitor: SHA-256 over the salt,
// the address and the user agent, truncated to 128 bits, in hex.
func VisitorHash(salt []byte, ip, ua string) string {
	h := sha256.New()
	h.Write(salt)
	h.Write([]byte{0})
	h.Write([]byte(ip))
	h.Write([]byte{0})
	h.Write([]byte(ua))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// dayOf is the UTC day of t as YYYY-MM-DD, the key of its salt.
func dayOf(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// Salts hands out the current day's salt. The salt lives in the database so
// every instance behind a load balancer hashes alike; it is cached in memory
// for the day, and a new day's salt replaces (deletes) the older ones.
type Salts struct {
	d *db.DB

	mu   sync.Mutex
	day  string
	salt []byte
}

// NewSalts reads and writes salts in d.
func NewSalts(d *db.DB) *Salts { return &Salts{d: d} }

// For returns the salt of now's UTC day, creating it if this is the day's
// first view anywhere.
func (s *Salts) For(ctx context.Context, now time.Time) ([]byte, error) {
	day := dayOf(now)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.day == day {
		return s.salt, nil
	}
	salt, err := s.load(ctx, day)
	if err != nil {
		return nil, err
	}
	s.day, s.salt = day, salt
	return salt, nil
}

// load inserts a fresh salt for day unless another instance already has,
// reads back the winner and deletes earlier days' salts.
func (s *Salts) load(ctx context.Context, day string) ([]byte, error) {
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("salt: %w", err)
	}
	d := s.d
	if _, err := d.Writer.ExecContext(ctx, d.Rebind(
		`INSERT INTO analytics_salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING`),
		day, hex.EncodeToString(fresh)); err != nil {
		return nil, fmt.Errorf("store salt for %s: %w", day, err)
	}
	var stored string
	if err := d.Writer.QueryRowContext(ctx, d.Rebind(`SELECT salt FROM analytics_salts WHERE day = ?`), day).
		Scan(&stored); err != nil {
		return nil, fmt.Errorf("read salt for %s: %w", day, err)
	}
	if _, err := d.Writer.ExecContext(ctx, d.Rebind(`DELETE FROM analytics_salts WHERE day < ?`), day); err != nil {
		return nil, fmt.Errorf("delete old salts: %w", err)
	}
	salt, err := hex.DecodeString(stored)
	if err != nil || len(salt) == 0 {
		return nil, errors.Join(errors.New("stored salt is not hex"), err)
	}
	return salt, nil
}

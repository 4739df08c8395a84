package clients

import (
	"context"
	"database/sql"
	"net/http"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/mail"
)

// The model's helpers that the packages above it (portal, delivery) use:
// thin exported names over the model's own, so its files keep theirs.

// AddChannel exports addChannel (delivery_handlers.go) to the packages above.
func (d *Delivery) AddChannel(w http.ResponseWriter, r *http.Request, clientID string) {
	d.addChannel(w, r, clientID)
}

// AgentInput exports agentInput (handlers_agents.go) to the packages above.
type AgentInput = agentInput

// Answer exports answer (handlers.go) to the packages above.
func Answer(w http.ResponseWriter, r *http.Request, err error) { answer(w, r, err) }

// ApplyAgent exports applyAgent (handlers_agents.go) to the packages above.
func (h *Handler) ApplyAgent(a *Agent, in AgentInput, create bool) error {
	return h.applyAgent(a, in, create)
}

// BrandForHost exports brandForHost (brand.go) to the packages above.
func (s *Store) BrandForHost(ctx context.Context, host string) (Brand, error) {
	return s.brandForHost(ctx, host)
}

// BrandOf exports brandOf (brand.go) to the packages above.
func (s *Store) BrandOf(ctx context.Context, c *Client) (Brand, error) { return s.brandOf(ctx, c) }

// ClientID exports clientID (attempts.go) to the packages above.
func (x *pendingDelivery) ClientID() string { return x.clientID }

// ClientStatus exports clientStatus (policy.go) to the packages above.
func (s *Store) ClientStatus(ctx context.Context, id string) (string, error) {
	return s.clientStatus(ctx, id)
}

// Clip exports clip (slack.go) to the packages above.
func Clip(s string, n int) string { return clip(s, n) }

// ConflictError exports conflictError (channelstate.go) to the packages above.
type ConflictError = conflictError

// CountLocked exports countLocked (store.go) to the packages above.
func (s *Store) CountLocked(ctx context.Context, tx *sql.Tx, clientID string, table string) (int, error) {
	return s.countLocked(ctx, tx, clientID, table)
}

// DB exports d (store.go) to the packages above.
func (x *Store) DB() *db.DB { return x.d }

// Decode exports decode (handlers.go) to the packages above.
func Decode(w http.ResponseWriter, r *http.Request, v any) bool { return decode(w, r, v) }

// Enable exports enable (channelstate.go) to the packages above.
func (d *Delivery) Enable(w http.ResponseWriter, r *http.Request, id string) { d.enable(w, r, id) }

// EncodeCursor exports encodeCursor (leads.go) to the packages above.
func EncodeCursor(at time.Time, id string) string { return encodeCursor(at, id) }

// Err exports err (handlers.go) to the packages above.
func (f fieldErrors) Err() error { return f.err() }

// ErrBadCursor exports errBadCursor (leads.go) to the packages above.
var ErrBadCursor = errBadCursor

// FeedURL exports feedURL (feed.go) to the packages above.
func FeedURL(baseURL string, token string) string { return feedURL(baseURL, token) }

// FieldErrors exports fieldErrors (handlers.go) to the packages above.
type FieldErrors = fieldErrors

// ForUpdate exports forUpdate (store.go) to the packages above.
func (s *Store) ForUpdate() string { return s.forUpdate() }

// HTMLEscape exports htmlEscape (crm.go) to the packages above.
func HTMLEscape(s string) string { return htmlEscape(s) }

// Held exports held (policy.go) to the packages above.
func (d *Delivery) Held(ctx context.Context, p *PendingDelivery) (bool, error) { return d.held(ctx, p) }

// ID exports id (attempts.go) to the packages above.
func (x *pendingDelivery) ID() string { return x.id }

// InsertLeadFor exports insertLeadFor (deliver.go) to the packages above.
func (s *Store) InsertLeadFor(ctx context.Context, tx *sql.Tx, clientID string, agentID any, runID any, l engine.Lead, review string, now time.Time) (bool, error) {
	return s.insertLeadFor(ctx, tx, clientID, agentID, runID, l, review, now)
}

// IsSnooze exports isSnooze (delivery_worker.go) to the packages above.
func IsSnooze(err error) bool { return isSnooze(err) }

// LockClient exports lockClient (accounts_merge.go) to the packages above.
func (s *Store) LockClient(ctx context.Context, tx *sql.Tx, clientID string) error {
	return s.lockClient(ctx, tx, clientID)
}

// MustJSON exports mustJSON (store.go) to the packages above.
func MustJSON(v any) string { return mustJSON(v) }

// NoStore exports noStore (handlers.go) to the packages above.
func NoStore(w http.ResponseWriter) { noStore(w) }

// Now exports now (store.go) to the packages above.
func (x *Store) Now() time.Time { return x.now() }

// Opt exports opt (delivery_worker.go) to the packages above.
func (x *Delivery) Opt() DeliveryOptions { return x.opt }

// OrEmpty exports orEmpty (mapping.go) to the packages above.
func OrEmpty(l []string) []string { return orEmpty(l) }

// Origin exports origin (brand.go) to the packages above.
func (b Brand) Origin(baseURL string) string { return b.origin(baseURL) }

// Patterns exports patterns (handlers.go) to the packages above.
func Patterns(table []httpx.Route) []string { return patterns(table) }

// PendingDelivery exports pendingDelivery (attempts.go) to the packages above.
type PendingDelivery = pendingDelivery

// PostKey exports postKey (deliver.go) to the packages above.
func PostKey(url string, id string) string { return postKey(url, id) }

// PublicBrand exports publicBrand (brand.go) to the packages above.
func PublicBrand(b Brand) map[string]string { return publicBrand(b) }

// RevokeSessions exports revokeSessions (policy.go) to the packages above.
func (s *Store) RevokeSessions(ctx context.Context, tx *sql.Tx, clientID string) error {
	return s.revokeSessions(ctx, tx, clientID)
}

// Sign exports sign (brand.go) to the packages above.
func (b Brand) Sign(m *mail.Message) { b.sign(m) }

// StatusAllows exports statusAllows (policy.go) to the packages above.
func StatusAllows(st string, method string) (int, string) { return statusAllows(st, method) }

// Store exports store (handlers.go) to the packages above.

// Tx exports tx (store.go) to the packages above.
func (s *Store) Tx(ctx context.Context, fn func(tx *sql.Tx) error) error { return s.tx(ctx, fn) }

// WriteAccount exports writeAccount (handlers_accounts.go) to the packages above.
func WriteAccount(w http.ResponseWriter, r *http.Request, s *Store, clientID string, id string, withPending bool) {
	writeAccount(w, r, s, clientID, id, withPending)
}

// WriteAccounts exports writeAccounts (handlers_accounts.go) to the packages above.
func WriteAccounts(w http.ResponseWriter, r *http.Request, s *Store, clientID string, owner bool) {
	writeAccounts(w, r, s, clientID, owner)
}

// WriteFeedback exports writeFeedback (handlers_leads.go) to the packages above.
func WriteFeedback(w http.ResponseWriter, r *http.Request, store *Store, clientID string) {
	writeFeedback(w, r, store, clientID)
}

// WriteLeads exports writeLeads (handlers_leads.go) to the packages above.
func WriteLeads(w http.ResponseWriter, r *http.Request, store *Store, clientID string, delivered bool) {
	writeLeads(w, r, store, clientID, delivered)
}

// WriteWorkflow exports writeWorkflow (workflow.go) to the packages above.
func WriteWorkflow(w http.ResponseWriter, r *http.Request, store *Store, clientID string) {
	writeWorkflow(w, r, store, clientID)
}

// WithNow sets the store's clock (tests), and returns s.
func (s *Store) WithNow(now func() time.Time) *Store {
	s.now = now
	return s
}

// PendingFor is a pending delivery of id to a channel of clientID (the
// status policy's tests ask Held about it).
func PendingFor(id, clientID string) *PendingDelivery {
	return &pendingDelivery{id: id, clientID: clientID}
}

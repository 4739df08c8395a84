package clients

import (
	"context"
	"database/sql"
	"net/http"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/mail"
)

// The model's helpers that the packages above it (portal, delivery) use:
// thin exported names over the model's own, so its files keep theirs.

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

// EncodeCursor exports encodeCursor (leads.go) to the packages above.
func EncodeCursor(at time.Time, id string) string { return encodeCursor(at, id) }

// Err exports err (handlers.go) to the packages above.
func (f fieldErrors) Err() error { return f.err() }

// ErrBadCursor exports errBadCursor (leads.go) to the packages above.
var ErrBadCursor = errBadCursor

// FieldErrors exports fieldErrors (handlers.go) to the packages above.
type FieldErrors = fieldErrors

// ForUpdate exports forUpdate (store.go) to the packages above.
func (s *Store) ForUpdate() string { return s.forUpdate() }

// InsertLeadFor exports insertLeadFor (deliver.go) to the packages above.
func (s *Store) InsertLeadFor(ctx context.Context, tx *sql.Tx, clientID string, agentID any, runID any, l engine.Lead, review string, now time.Time) (bool, error) {
	return s.insertLeadFor(ctx, tx, clientID, agentID, runID, l, review, now)
}

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

// OrEmpty exports orEmpty (mapping.go) to the packages above.
func OrEmpty(l []string) []string { return orEmpty(l) }

// Origin exports origin (brand.go) to the packages above.
func (b Brand) Origin(baseURL string) string { return b.origin(baseURL) }

// Patterns exports patterns (handlers.go) to the packages above.
func Patterns(table []httpx.Route) []string { return patterns(table) }

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

// WriteAccountsCSV exports writeAccountsCSV (accounts_export.go) to the packages above.
func WriteAccountsCSV(w http.ResponseWriter, r *http.Request, s *Store, clientID string, owner bool) {
	writeAccountsCSV(w, r, s, clientID, owner)
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

// AlertAfter exports alertAfter (store.go) to the packages above.
func (x *Store) AlertAfter() time.Duration { return x.alertAfter }

// BrandAnswer exports brandAnswer (brand.go) to the packages above.
type BrandAnswer = brandAnswer

// CRMRecordIDs exports crmRecords (crm_mapping.go) to the packages above.
type CRMRecordIDs = crmRecords

// ChannelColumns exports channelColumns (channels.go) to the packages above.
const ChannelColumns = channelColumns

// Check exports check (crm_mapping.go) to the packages above.
func (m *CRMMapping) Check(kind string, errs fieldErrors) { m.check(kind, errs) }

// CheckEmailTarget exports checkEmailTarget (delivery_model.go) to the packages above.
func CheckEmailTarget(raw string) (string, error) { return checkEmailTarget(raw) }

// DecodeStrict exports decodeStrict (strict.go) to the packages above.
func DecodeStrict(w http.ResponseWriter, r *http.Request, v any) bool { return decodeStrict(w, r, v) }

// DeliveryAttempts exports deliveryAttempt (delivery_model.go) to the packages above.
const DeliveryAttempts = deliveryAttempt

// DisplayName exports name (brand.go) to the packages above.
func (b Brand) DisplayName() string { return b.name() }

// FeedbackLinks exports feedbackLinks (delivery_model.go) to the packages above.
type FeedbackLinks = feedbackLinks

// IsCRM exports isCRM (delivery_model.go) to the packages above.
func IsCRM(kind string) bool { return isCRM(kind) }

// Jobs exports jobs (store.go) to the packages above.
func (x *Store) Jobs() *jobs.Runner { return x.jobs }

// LeadColumns exports leadColumns (leads.go) to the packages above.
const LeadColumns = leadColumns

// LoadZone exports loadZone (delivery_model.go) to the packages above.
func LoadZone(name string) (*time.Location, error) { return loadZone(name) }

// MappingFields exports mappingFields (crm_mapping.go) to the packages above.
var MappingFields = mappingFields

// MaxEmailRecipients exports maxEmailRecipients (delivery_model.go) to the packages above.
const MaxEmailRecipients = maxEmailRecipients

// MaxReason exports maxReason (handlers_leads.go) to the packages above.
const MaxReason = maxReason

// MaxTarget exports maxTarget (delivery_model.go) to the packages above.
const MaxTarget = maxTarget

// Normalize exports normalize (store.go) to the packages above.
func (st *Settings) Normalize() { st.normalize() }

// Rebase exports rebase (brand.go) to the packages above.
func (b Brand) Rebase(u string, baseURL string) string { return b.rebase(u, baseURL) }

// RebaseLinks exports rebaseLinks (brand.go) to the packages above.
func (b Brand) RebaseLinks(l feedbackLinks, baseURL string) feedbackLinks {
	return b.rebaseLinks(l, baseURL)
}

// ScanChannel exports scanChannel (channels.go) to the packages above.
func ScanChannel(r scanner) (*Channel, error) { return scanChannel(r) }

// ScanLead exports scanLead (leads.go) to the packages above.
func ScanLead(r scanner) (*ClientLead, error) { return scanLead(r) }

// Secret exports secret (channels.go) to the packages above.
func (x *Channel) Secret() string { return x.secret }

// Weekday exports weekday (delivery_model.go) to the packages above.
func Weekday(name string) (time.Weekday, bool) { return weekday(name) }

// SetSecret sets the channel's secret (a row read by the delivery).
func (x *Channel) SetSecret(s string) { x.secret = s }

// HeatedWebhookID exports heatedWebhookID (accounts_heated.go) to the packages above.
func HeatedWebhookID(account, channel string, at time.Time) string {
	return heatedWebhookID(account, channel, at)
}

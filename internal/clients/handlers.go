package clients

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine/draft"
	"github.com/signalpipe/signalpipe/internal/search/querylang"

	"github.com/signalpipe/signalpipe/internal/engine"
	icpfit "github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/score"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/intake"
	"github.com/signalpipe/signalpipe/internal/pdf"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/jobboards"
)

// maxBody bounds a request body: an ICP and settings, or an agent.
const maxBody = 64 << 10

// Submissions reads onboarding submissions (intake.Store).
type Submissions interface {
	Get(ctx context.Context, id string) (*intake.Submission, error)
}

// Handler serves the admin calls on clients, agents, runs and leads.
type Handler struct {
	store   *Store
	subs    Submissions
	sources func() []string
	// posts and previewLimit serve the query preview (WithPreview).
	posts        PreviewPosts
	previewLimit func(http.Handler) http.Handler
	// mailOn: mail is configured, so a client made from onboarding gets
	// the email channel its answers ask for (WithMail).
	mailOn bool
	// pdf makes the monthly report's PDF (WithPDF).
	pdf pdf.Converter
}

// NewHandler returns the handler; sources names the sources an agent may
// list (Service.SourceNames).
func NewHandler(store *Store, subs Submissions, sources func() []string) *Handler {
	return &Handler{store: store, subs: subs, sources: sources}
}

// WithMail says whether mail is configured (SMTP_URL), and returns h.
func (h *Handler) WithMail(on bool) *Handler {
	h.mailOn = on
	return h
}

// Routes is the package's admin route table (an admin session; CSRF and
// origin checks on writes); RouteList names it.
func (h *Handler) Routes() []httpx.Route {
	admin := httpx.AccessAdmin
	return append([]httpx.Route{
		{Method: "GET", Path: "/api/admin/clients", Handler: http.HandlerFunc(h.listClients), Access: admin, OperationID: "listClients"},
		{Method: "POST", Path: "/api/admin/clients", Handler: http.HandlerFunc(h.createClient), Access: admin, OperationID: "createClient"},
		{Method: "GET", Path: "/api/admin/clients/{id}", Handler: http.HandlerFunc(h.getClient), Access: admin, OperationID: "getClient"},
		{Method: "PATCH", Path: "/api/admin/clients/{id}", Handler: http.HandlerFunc(h.patchClient), Access: admin, OperationID: "updateClient"},
		{Method: "GET", Path: "/api/admin/clients/{id}/agents", Handler: http.HandlerFunc(h.listAgents), Access: admin, OperationID: "listAgents"},
		{Method: "POST", Path: "/api/admin/clients/{id}/agents", Handler: http.HandlerFunc(h.createAgent), Access: admin, OperationID: "createAgent"},
		{Method: "GET", Path: "/api/admin/clients/{id}/leads", Handler: http.HandlerFunc(h.listLeads), Access: admin, OperationID: "listClientLeads"},
		{Method: "GET", Path: "/api/admin/clients/{id}/leads.csv", Handler: http.HandlerFunc(h.exportLeads), Access: admin, OperationID: "exportClientLeadsCsv"},
		{Method: "GET", Path: "/api/admin/clients/{id}/precision", Handler: http.HandlerFunc(h.precision), Access: admin, OperationID: "getClientPrecision"},
		{Method: "GET", Path: "/api/admin/clients/{id}/categories", Handler: http.HandlerFunc(h.clientCategories), Access: admin, OperationID: "getClientCategories"},
		{Method: "POST", Path: "/api/admin/clients/{id}/draft-preview", Handler: http.HandlerFunc(h.previewDrafts), Access: admin, OperationID: "previewClientDrafts"},
		{Method: "GET", Path: "/api/admin/agent-templates", Handler: http.HandlerFunc(h.listTemplates), Access: admin, OperationID: "listAgentTemplates"},
		{Method: "GET", Path: "/api/admin/agents/{id}", Handler: http.HandlerFunc(h.getAgent), Access: admin, OperationID: "getAgent"},
		{Method: "PATCH", Path: "/api/admin/agents/{id}", Handler: http.HandlerFunc(h.patchAgent), Access: admin, OperationID: "updateAgent"},
		{Method: "POST", Path: "/api/admin/agents/{id}/run", Handler: http.HandlerFunc(h.runAgent), Access: admin, OperationID: "runAgent"},
		{Method: "GET", Path: "/api/admin/agents/{id}/runs", Handler: http.HandlerFunc(h.listRuns), Access: admin, OperationID: "listAgentRuns"},
		{Method: "GET", Path: "/api/admin/agents/{id}/suggestions", Handler: http.HandlerFunc(h.suggestions), Access: admin, OperationID: "getAgentSuggestions"},
		{Method: "GET", Path: "/api/admin/agents/{id}/tuning", Handler: http.HandlerFunc(h.tuning), Access: admin, OperationID: "getAgentTuning"},
		{Method: "DELETE", Path: "/api/admin/agents/{id}/tuning", Handler: http.HandlerFunc(h.resetTuning), Access: admin, OperationID: "resetAgentTuning"},
		{Method: "GET", Path: "/api/admin/runs/{runId}", Handler: http.HandlerFunc(h.getRun), Access: admin, OperationID: "getRun"},
		{Method: "PATCH", Path: "/api/admin/client-leads/{id}", Handler: http.HandlerFunc(h.patchLead), Access: admin, OperationID: "updateClientLead"},
		{Method: "POST", Path: "/api/admin/client-leads/{id}/feedback", Handler: http.HandlerFunc(h.leadFeedback), Access: admin, OperationID: "createClientLeadFeedback"},
		{Method: "POST", Path: "/api/admin/searches/{id}/file", Handler: http.HandlerFunc(h.fileSearch), Access: admin, OperationID: "fileAdminSearch"},
	}, slices.Concat(h.reviewRoutes(), h.agentActionRoutes(), h.reportRoutes(), h.brandRoutes(), h.accountRoutes())...)
}

// RouteList names every route of the package ("METHOD /path").
func RouteList() []string { return patterns((&Handler{}).Routes()) }

// patterns names routes ("METHOD /path").
func patterns(table []httpx.Route) []string {
	var out []string
	for _, rt := range table {
		out = append(out, rt.Pattern())
	}
	return out
}

// answer writes err as the API's error answer: 404, the field errors, or
// a logged 500.
func answer(w http.ResponseWriter, r *http.Request, err error) {
	var (
		fe fieldErrors
		ce conflictError
	)
	switch {
	case errors.Is(err, ErrNotFound):
		httpx.NotFound(w, r)
	case errors.As(err, &ce):
		httpx.Error(w, r, http.StatusConflict, ce.Error(), nil)
	case errors.As(err, &fe):
		httpx.Error(w, r, http.StatusBadRequest, "invalid input", fe)
	default:
		httpx.ServerError(w, r, err)
	}
}

// fieldErrors are validation failures keyed by JSON field name.
type fieldErrors map[string]string

func (f fieldErrors) Error() string { return fmt.Sprintf("invalid input: %v", map[string]string(f)) }

func (f fieldErrors) err() error {
	if len(f) == 0 {
		return nil
	}
	return f
}

func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := httpx.DecodeJSON(w, r, v, maxBody); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return false
	}
	return true
}

func noStore(w http.ResponseWriter) { w.Header().Set("Cache-Control", "no-store") }

// clientInput is the body of POST and PATCH /api/admin/clients.
type clientInput struct {
	FromSubmission *string         `json:"fromSubmission"`
	Name           *string         `json:"name"`
	Status         *string         `json:"status"`
	ICP            json.RawMessage `json:"icp"`
	Settings       *settingsInput  `json:"settings"`
}

// settingsInput changes the settings it names.
type settingsInput struct {
	Delivery     *[]string `json:"delivery"`
	ResponseTime *string   `json:"responseTime"`
	MonthlyCap   *int      `json:"monthlyCap"`
	SignalTypes  *[]string `json:"signalTypes"`
	Queries      *[]string `json:"queries"`
	// The digests' time (docs/clients.md "Delivery").
	DigestHour    *int      `json:"digestHour"`
	DigestWeekday *string   `json:"digestWeekday"`
	TimeZone      *string   `json:"timeZone"`
	PortalMayEdit *bool     `json:"portalMayEdit"`
	JobBoards     *[]string `json:"jobBoards"`
	// Drafts replaces the client's draft settings whole (DraftSettings).
	Drafts json.RawMessage `json:"drafts"`
	// Review before delivery (docs/clients.md "Review before delivery").
	DeliveryMode  *string `json:"deliveryMode"`
	AutoApproveAt *int    `json:"autoApproveAt"`
	// Brand replaces the client's own brand whole (Brand; docs/clients.md
	// "White-label").
	Brand json.RawMessage `json:"brand"`
	// AccountThreshold: when account.heated is sent (docs/clients.md "Accounts").
	AccountThreshold *int `json:"accountThreshold"`
}

// Bounds on settings.
const (
	maxDelivery   = 10
	maxMonthlyCap = 1_000_000
	maxJobBoards  = 50
)

func (h *Handler) getClient(w http.ResponseWriter, r *http.Request) {
	c, err := h.store.Client(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, c)
}

func (h *Handler) createClient(w http.ResponseWriter, r *http.Request) {
	var in clientInput
	if !decodeStrict(w, r, &in) {
		return
	}
	c, plans, notes, err := h.newClient(r.Context(), in)
	var made []*Channel
	if err == nil {
		made, err = h.store.CreateClientWithChannels(r.Context(), c, plans)
	}
	var dup *ErrDuplicate
	if errors.As(err, &dup) {
		httpx.Error(w, r, http.StatusConflict, "this submission already has a client",
			map[string]string{"fromSubmission": "already made into client " + dup.ExistingID})
		return
	}
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("client created", "client", c.ID, "channels", len(made))
	out := struct {
		*Client
		Channels []*Channel `json:"channels"`
		Notes    []string   `json:"notes"`
	}{c, orEmptyChannels(made), notes}
	httpx.WriteJSON(w, http.StatusCreated, out)
}

func orEmptyChannels(l []*Channel) []*Channel {
	if l == nil {
		return []*Channel{}
	}
	return l
}

// newClient builds a client from a submission, or from the body's fields;
// from a submission, also the channels its answers ask for and notes on
// those it could not make (PlanChannels).
func (h *Handler) newClient(ctx context.Context, in clientInput) (*Client, []PlannedChannel, []string, error) {
	c := &Client{Status: StatusOnboarding}
	var plans []PlannedChannel
	notes := []string{}
	if in.FromSubmission != nil {
		sub, err := h.subs.Get(ctx, *in.FromSubmission)
		if errors.Is(err, intake.ErrNotFound) || err == nil && sub.Kind != intake.KindOnboarding {
			return nil, nil, nil, fieldErrors{"fromSubmission": "must be the id of an onboarding submission"}
		}
		if err != nil {
			return nil, nil, nil, err
		}
		o, err := FromOnboarding(sub.Payload)
		if err != nil {
			return nil, nil, nil, err
		}
		c.Name, c.ICP, c.Settings, c.Contact, c.SubmissionID = o.Name, o.ICP, o.Settings, o.Contact, &sub.ID
		if c.Name == "" {
			c.Name = sub.Company
		}
		plans, notes = PlanChannels(o, h.mailOn)
	}
	// A new client's leads wait for the owner's review unless the body
	// says otherwise.
	c.Settings.DeliveryMode, c.Settings.AutoApproveAt = ModeReview, 0
	if err := applyClient(c, in, in.FromSubmission == nil); err != nil {
		return nil, nil, nil, err
	}
	return c, plans, notes, nil
}

// applyClient validates the body's fields and applies them to c; a new
// blank client needs a name.
func applyClient(c *Client, in clientInput, needName bool) error {
	errs := fieldErrors{}
	if in.Name != nil {
		c.Name = strings.TrimSpace(*in.Name)
	}
	if in.Name != nil || needName {
		if c.Name == "" || utf8.RuneCountInString(c.Name) > maxName {
			errs["name"] = fmt.Sprintf("must be 1 to %d characters", maxName)
		}
	}
	if in.Status != nil {
		if !slices.Contains(Statuses, *in.Status) {
			errs["status"] = "must be one of " + strings.Join(Statuses, ", ")
		} else {
			c.Status = *in.Status
		}
	}
	if in.ICP != nil {
		p, fields := parseICP(in.ICP)
		for k, v := range fields {
			errs[strings.TrimSuffix("icp."+k, ".")] = v
		}
		c.ICP = p
	}
	if in.Settings != nil {
		c.Settings.normalize() // the defaults first, so a digest hour of 0 given alone is kept
		in.Settings.apply(&c.Settings, errs)
	}
	if c.Settings.DeliveryMode == ModeAuto && c.Settings.AutoApproveAt == 0 && errs["settings.autoApproveAt"] == "" {
		errs["settings.autoApproveAt"] = "must be given with deliveryMode auto: the lowest score approved at once (1-100)"
	}
	return errs.err()
}

// parseICP reads an ICP object as the live search does (search.ParseICP).
func parseICP(raw json.RawMessage) (engine.ICP, map[string]string) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return engine.ICP{}, map[string]string{"": "must be an object"}
	}
	p, errs := search.ParseICP(m)
	// What the fit and the threshold read must be readable: the live
	// search takes anything and falls back, a client's saved ICP must not.
	if errs == nil {
		errs = map[string]string{}
	}
	if !score.ValidThreshold(p.SignalThreshold) {
		errs["signalThreshold"] = "must be a score from 1 to 100 (\"70\", \"70%+\") or a level: \"High 80%+ match\", \"Medium 60%+ match\", \"All signals 40%+ match\""
	}
	for name, v := range map[string]string{"companySize": p.CompanySize, "revenueRange": p.RevenueRange} {
		if !icpfit.ValidRange(v) {
			errs[name] = "must be a range in figures: \"50-200\", \"1000+\", \"Under $1M\", \"$10M - $50M\""
		}
	}
	if len(errs) > 0 {
		return engine.ICP{}, errs
	}
	return p, nil
}

func (in *settingsInput) apply(st *Settings, errs fieldErrors) {
	if in.Delivery != nil {
		if len(*in.Delivery) > maxDelivery || !bounded(*in.Delivery, search.MaxItemLen) {
			errs["settings.delivery"] = fmt.Sprintf("must have at most %d entries of at most %d characters", maxDelivery, search.MaxItemLen)
		}
		st.Delivery = *in.Delivery
	}
	if in.ResponseTime != nil {
		if utf8.RuneCountInString(*in.ResponseTime) > search.MaxItemLen {
			errs["settings.responseTime"] = fmt.Sprintf("must be at most %d characters", search.MaxItemLen)
		}
		st.ResponseTime = *in.ResponseTime
	}
	if in.MonthlyCap != nil {
		if *in.MonthlyCap < 0 || *in.MonthlyCap > maxMonthlyCap {
			errs["settings.monthlyCap"] = fmt.Sprintf("must be from 0 (no cap) to %d", maxMonthlyCap)
		}
		st.MonthlyCap = *in.MonthlyCap
	}
	if in.SignalTypes != nil {
		if msg := checkSignalTypes(*in.SignalTypes); msg != "" {
			errs["settings.signalTypes"] = msg
		}
		st.SignalTypes = *in.SignalTypes
	}
	if in.Queries != nil {
		if _, err := querylang.ParseQueries(*in.Queries); err != nil {
			errs["settings.queries"] = err.Error()
		}
		st.Queries = *in.Queries
	}
	if in.DigestHour != nil {
		if *in.DigestHour < 0 || *in.DigestHour > 23 {
			errs["settings.digestHour"] = "must be an hour from 0 to 23"
		}
		st.DigestHour = *in.DigestHour
	}
	if in.DigestWeekday != nil {
		if _, ok := weekday(*in.DigestWeekday); !ok {
			errs["settings.digestWeekday"] = "must be one of " + strings.Join(Weekdays, ", ")
		}
		st.DigestWeekday = *in.DigestWeekday
	}
	if in.TimeZone != nil {
		if _, err := loadZone(*in.TimeZone); err != nil {
			errs["settings.timeZone"] = err.Error()
		}
		st.TimeZone = *in.TimeZone
	}
	if in.PortalMayEdit != nil {
		st.PortalMayEdit = *in.PortalMayEdit
	}
	if in.Drafts != nil {
		if d, ok := parseDrafts(in.Drafts, errs); ok {
			st.Drafts = d
		}
	}
	if in.Brand != nil {
		if b, ok := parseBrand(in.Brand, "settings.brand.", errs); ok {
			st.Brand = b
		}
	}
	if in.DeliveryMode != nil {
		if *in.DeliveryMode != ModeReview && *in.DeliveryMode != ModeAuto {
			errs["settings.deliveryMode"] = "must be review or auto"
		}
		st.DeliveryMode = *in.DeliveryMode
		if *in.DeliveryMode == ModeReview && in.AutoApproveAt == nil {
			st.AutoApproveAt = 0
		}
	}
	if in.AutoApproveAt != nil {
		if *in.AutoApproveAt < 1 || *in.AutoApproveAt > 100 {
			errs["settings.autoApproveAt"] = "must be a score from 1 to 100"
		}
		st.AutoApproveAt = *in.AutoApproveAt
	}
	if in.AccountThreshold != nil {
		if *in.AccountThreshold < 1 || *in.AccountThreshold > 100 {
			errs["settings.accountThreshold"] = "must be a score from 1 to 100"
		}
		st.AccountThreshold = *in.AccountThreshold
	}
	if in.JobBoards != nil {
		st.JobBoards = nil
		seen := map[string]bool{}
		for _, spec := range *in.JobBoards {
			if strings.TrimSpace(spec) == "" {
				continue
			}
			b, err := jobboards.ParseSpec(spec)
			if err != nil {
				errs["settings.jobBoards"] = err.Error()
				break
			}
			if k := strings.ToLower(b.Key()); !seen[k] {
				seen[k] = true
				st.JobBoards = append(st.JobBoards, b.Spec())
			}
		}
		if len(st.JobBoards) > maxJobBoards {
			errs["settings.jobBoards"] = fmt.Sprintf("must be at most %d boards", maxJobBoards)
		}
	}
}

func bounded(list []string, n int) bool {
	for _, s := range list {
		if utf8.RuneCountInString(s) > n {
			return false
		}
	}
	return true
}

func checkSignalTypes(list []string) string {
	for _, t := range list {
		if st := engine.SignalType(t); !st.Valid() || st == engine.None {
			names := make([]string, len(engine.SignalTypes))
			for i, s := range engine.SignalTypes {
				names[i] = string(s)
			}
			return fmt.Sprintf("%q is not a signal type; use %s", t, strings.Join(names, ", "))
		}
	}
	return ""
}

func (h *Handler) patchClient(w http.ResponseWriter, r *http.Request) {
	var in clientInput
	if !decodeStrict(w, r, &in) {
		return
	}
	if in.FromSubmission != nil {
		httpx.Error(w, r, http.StatusBadRequest, "invalid input", map[string]string{"fromSubmission": "can only be given when creating a client"})
		return
	}
	c, err := h.store.UpdateClient(r.Context(), r.PathValue("id"), func(c *Client) error { return applyClient(c, in, false) })
	if err == nil && c.Settings.DeliveryMode == ModeAuto {
		// Auto mode is the owner's go-ahead: the channels waiting for the
		// first approved leads start now.
		err = h.store.startFirstBatchChannels(r.Context(), c.ID)
	}
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, c)
}

// parseDrafts reads draft settings strictly: known keys only, each fact
// within its limit and of its kind, templates for known ids with known
// slots (draft.Book.Validate).
func parseDrafts(raw json.RawMessage, errs fieldErrors) (DraftSettings, bool) {
	var in struct {
		Sender     string     `json:"sender"`
		Product    string     `json:"product"`
		ProofPoint string     `json:"proofPoint"`
		CaseStudy  string     `json:"caseStudy"`
		Templates  draft.Book `json:"templates"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		errs["settings.drafts"] = "must be an object of sender, product, proofPoint, caseStudy and templates: " + err.Error()
		return DraftSettings{}, false
	}
	n := len(errs)
	f := draft.Facts{Sender: in.Sender, Product: in.Product, Proof: in.ProofPoint, Case: in.CaseStudy}
	clean := f.Clean()
	for _, c := range []struct {
		key, given, kept string
		max              int
		kind             string
	}{
		{"sender", f.Sender, clean.Sender, draft.MaxSender, "a name of at most four words"},
		{"product", f.Product, clean.Product, draft.MaxProduct, "a short phrase of what the client sells"},
		{"proofPoint", f.Proof, clean.Proof, draft.MaxSentence, "one sentence"},
		{"caseStudy", f.Case, clean.Case, draft.MaxSentence, "one sentence"},
	} {
		if strings.TrimSpace(c.given) != "" && c.kept == "" {
			errs["settings.drafts."+c.key] = fmt.Sprintf("must be %s, at most %d characters", c.kind, c.max)
		}
	}
	for k, v := range in.Templates.Validate() {
		errs["settings.drafts."+k] = v
	}
	return DraftSettings{Facts: clean, Templates: in.Templates}, len(errs) == n
}

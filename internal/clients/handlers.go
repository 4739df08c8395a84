package clients

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/intake"
	"github.com/signalpipe/signalpipe/internal/pdf"
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

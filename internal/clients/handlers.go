package clients

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/intake"
	"github.com/signalpipe/signalpipe/internal/search"
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
}

// NewHandler returns the handler; sources names the sources an agent may
// list (Service.SourceNames).
func NewHandler(store *Store, subs Submissions, sources func() []string) *Handler {
	return &Handler{store: store, subs: subs, sources: sources}
}

type route struct {
	method, path string
	handler      http.HandlerFunc
}

// table lists every route of the package; AdminRoutes mounts it and
// RouteList names it for the OpenAPI test.
func (h *Handler) table() []route {
	return []route{
		{"GET", "/api/admin/clients", h.listClients},
		{"POST", "/api/admin/clients", h.createClient},
		{"GET", "/api/admin/clients/{id}", h.getClient},
		{"PATCH", "/api/admin/clients/{id}", h.patchClient},
		{"GET", "/api/admin/clients/{id}/agents", h.listAgents},
		{"POST", "/api/admin/clients/{id}/agents", h.createAgent},
		{"GET", "/api/admin/clients/{id}/leads", h.listLeads},
		{"GET", "/api/admin/clients/{id}/leads.csv", h.exportLeads},
		{"GET", "/api/admin/clients/{id}/precision", h.precision},
		{"GET", "/api/admin/agent-templates", h.listTemplates},
		{"GET", "/api/admin/agents/{id}", h.getAgent},
		{"PATCH", "/api/admin/agents/{id}", h.patchAgent},
		{"POST", "/api/admin/agents/{id}/run", h.runAgent},
		{"GET", "/api/admin/agents/{id}/runs", h.listRuns},
		{"GET", "/api/admin/agents/{id}/suggestions", h.suggestions},
		{"GET", "/api/admin/runs/{runId}", h.getRun},
		{"PATCH", "/api/admin/client-leads/{id}", h.patchLead},
		{"POST", "/api/admin/client-leads/{id}/feedback", h.leadFeedback},
		{"POST", "/api/admin/searches/{id}/file", h.fileSearch},
	}
}

// AdminRoutes mounts every call, each wrapped in protect (an admin
// session; CSRF and origin checks on writes).
func (h *Handler) AdminRoutes(mux *http.ServeMux, protect func(http.Handler) http.Handler) {
	for _, rt := range h.table() {
		mux.Handle(rt.method+" "+rt.path, protect(rt.handler))
	}
}

// RouteList names every route of the package ("METHOD /path").
func RouteList() []string {
	var out []string
	for _, rt := range (&Handler{}).table() {
		out = append(out, rt.method+" "+rt.path)
	}
	return out
}

// answer writes err as the API's error answer: 404, the field errors, or
// a logged 500.
func answer(w http.ResponseWriter, r *http.Request, err error) {
	var fe fieldErrors
	switch {
	case errors.Is(err, ErrNotFound):
		httpx.NotFound(w, r)
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
}

// Bounds on settings.
const (
	maxDelivery   = 10
	maxMonthlyCap = 1_000_000
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
	if !decode(w, r, &in) {
		return
	}
	c, err := h.newClient(r.Context(), in)
	if err == nil {
		err = h.store.CreateClient(r.Context(), c)
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
	httpx.Logger(r.Context()).Info("client created", "client", c.ID)
	httpx.WriteJSON(w, http.StatusCreated, c)
}

// newClient builds a client from a submission, or from the body's fields.
func (h *Handler) newClient(ctx context.Context, in clientInput) (*Client, error) {
	c := &Client{Status: StatusOnboarding, Settings: Settings{}}
	if in.FromSubmission != nil {
		sub, err := h.subs.Get(ctx, *in.FromSubmission)
		if errors.Is(err, intake.ErrNotFound) || err == nil && sub.Kind != intake.KindOnboarding {
			return nil, fieldErrors{"fromSubmission": "must be the id of an onboarding submission"}
		}
		if err != nil {
			return nil, err
		}
		o, err := FromOnboarding(sub.Payload)
		if err != nil {
			return nil, err
		}
		c.Name, c.ICP, c.Settings, c.Contact, c.SubmissionID = o.Name, o.ICP, o.Settings, o.Contact, &sub.ID
		if c.Name == "" {
			c.Name = sub.Company
		}
	}
	if err := applyClient(c, in, in.FromSubmission == nil); err != nil {
		return nil, err
	}
	return c, nil
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
		in.Settings.apply(&c.Settings, errs)
	}
	return errs.err()
}

// parseICP reads an ICP object as the live search does (search.ParseICP).
func parseICP(raw json.RawMessage) (engine.ICP, map[string]string) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return engine.ICP{}, map[string]string{"": "must be an object"}
	}
	return search.ParseICP(m)
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
		if _, err := ParseQueries(*in.Queries); err != nil {
			errs["settings.queries"] = err.Error()
		}
		st.Queries = *in.Queries
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
	if !decode(w, r, &in) {
		return
	}
	if in.FromSubmission != nil {
		httpx.Error(w, r, http.StatusBadRequest, "invalid input", map[string]string{"fromSubmission": "can only be given when creating a client"})
		return
	}
	c, err := h.store.UpdateClient(r.Context(), r.PathValue("id"), func(c *Client) error { return applyClient(c, in, false) })
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, c)
}

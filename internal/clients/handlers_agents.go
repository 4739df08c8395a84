package clients

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/search/querylang"

	"github.com/signalpipe/signalpipe/internal/engine/draft"
	"github.com/signalpipe/signalpipe/internal/engine/score"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// agentInput is the body of POST /api/admin/clients/{id}/agents and PATCH
// /api/admin/agents/{id}; absent fields keep their value (or, on create,
// the client's default).
type agentInput struct {
	Template    *string         `json:"template"`
	Name        *string         `json:"name"`
	SignalTypes *[]string       `json:"signalTypes"`
	Queries     *[]string       `json:"queries"`
	Sources     *[]string       `json:"sources"`
	ICP         json.RawMessage `json:"icp"` // null clears the override
	Threshold   *int            `json:"threshold"`
	Schedule    *string         `json:"schedule"`
	Active      *bool           `json:"active"`
}

func (h *Handler) listAgents(w http.ResponseWriter, r *http.Request) {
	list, err := h.store.Agents(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"agents": list})
}

func (h *Handler) getAgent(w http.ResponseWriter, r *http.Request) {
	a, err := h.store.Agent(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, a)
}

func (h *Handler) createAgent(w http.ResponseWriter, r *http.Request) {
	var in agentInput
	if !decode(w, r, &in) {
		return
	}
	c, err := h.store.Client(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	// The client's ICP and default settings, then the template, then the body.
	a := &Agent{ClientID: c.ID, SignalTypes: c.Settings.SignalTypes, Queries: c.Settings.Queries,
		Threshold: score.MinScore(c.ICP.SignalThreshold), Schedule: Duration(DefaultSchedule), Active: true}
	if in.Template != nil && !fromTemplate(*in.Template, a, c) {
		answer(w, r, fieldErrors{"template": "must be one of " + strings.Join(templateIDs(), ", ")})
		return
	}
	if err := h.applyAgent(a, in, true); err != nil {
		answer(w, r, err)
		return
	}
	if err := h.store.CreateAgent(r.Context(), a); err != nil {
		answer(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, a)
}

func (h *Handler) patchAgent(w http.ResponseWriter, r *http.Request) {
	var in agentInput
	if !decode(w, r, &in) {
		return
	}
	if in.Template != nil {
		answer(w, r, fieldErrors{"template": "can only be given when creating an agent"})
		return
	}
	a, err := h.store.UpdateAgent(r.Context(), r.PathValue("id"), func(a *Agent) error { return h.applyAgent(a, in, false) })
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, a)
}

// applyAgent validates the body's fields and applies them to a.
func (h *Handler) applyAgent(a *Agent, in agentInput, create bool) error {
	errs := fieldErrors{}
	if in.Name != nil {
		a.Name = strings.TrimSpace(*in.Name)
	}
	if in.Name != nil || create {
		if a.Name == "" || utf8.RuneCountInString(a.Name) > maxName {
			errs["name"] = fmt.Sprintf("must be 1 to %d characters", maxName)
		}
	}
	if in.SignalTypes != nil {
		a.SignalTypes = *in.SignalTypes
	}
	if msg := checkSignalTypes(a.SignalTypes); msg != "" {
		errs["signalTypes"] = msg
	}
	if in.Queries != nil {
		a.Queries = *in.Queries
		if _, err := querylang.ParseQueries(a.Queries); err != nil {
			errs["queries"] = err.Error()
		}
	}
	if in.Sources != nil {
		known := h.sources()
		for _, s := range *in.Sources {
			if !slices.Contains(known, s) {
				errs["sources"] = fmt.Sprintf("%q is not a source; use %s", s, strings.Join(known, ", "))
			}
		}
		a.Sources = *in.Sources
	}
	if string(in.ICP) == "null" {
		a.ICP = nil
	} else if in.ICP != nil {
		p, fields := parseICP(in.ICP)
		for k, v := range fields {
			errs[strings.TrimSuffix("icp."+k, ".")] = v
		}
		a.ICP = &p
	}
	if in.Threshold != nil {
		if *in.Threshold < 1 || *in.Threshold > 100 {
			errs["threshold"] = "must be from 1 to 100"
		}
		a.Threshold = *in.Threshold
	}
	if in.Schedule != nil {
		d, err := parseSchedule(*in.Schedule)
		if err != nil {
			errs["schedule"] = err.Error()
		}
		a.Schedule = Duration(d)
	}
	if in.Active != nil {
		a.Active = *in.Active
	}
	return errs.err()
}

func templateIDs() []string {
	ids := make([]string, len(draft.Templates))
	for i, t := range draft.Templates {
		ids[i] = t.ID
	}
	return ids
}

// templateInfo is a campaign template as a starter agent.
type templateInfo struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	SignalTypes []string `json:"signalTypes"`
	Queries     []string `json:"queries"`
}

func (h *Handler) listTemplates(w http.ResponseWriter, r *http.Request) {
	out := make([]templateInfo, 0, len(draft.Templates))
	for _, t := range draft.Templates {
		var a Agent
		fromTemplate(t.ID, &a, &Client{})
		out = append(out, templateInfo{ID: t.ID, Title: t.Title, Description: t.Description,
			SignalTypes: a.SignalTypes, Queries: orEmpty(a.Queries)})
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"templates": out})
}

func (h *Handler) runAgent(w http.ResponseWriter, r *http.Request) {
	id, err := h.store.StartRun(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusAccepted, map[string]string{"runId": id})
}

func (h *Handler) listRuns(w http.ResponseWriter, r *http.Request) {
	a, err := h.store.Agent(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	runs, err := h.store.Runs(r.Context(), a.ID, 20)
	if err != nil {
		answer(w, r, err)
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"runs": runs})
}

func (h *Handler) getRun(w http.ResponseWriter, r *http.Request) {
	run, err := h.store.Run(r.Context(), r.PathValue("runId"))
	if err != nil {
		answer(w, r, err)
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, run)
}

// since reads the since filter: an RFC 3339 time or a date.
func since(v string) (time.Time, bool) {
	if v == "" {
		return time.Time{}, true
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t, true
	}
	t, err := time.Parse(time.DateOnly, v)
	return t, err == nil
}

package clients

import (
	"encoding/json"
	"net/http"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/draft"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Preview bounds: how many of the client's latest leads a preview
// drafts.
const (
	previewDefault = 5
	previewMax     = 20
)

// previewInput is the body of POST /api/admin/clients/{id}/draft-preview:
// draft settings to try (the shape of settings.drafts; absent: the stored
// ones) and how many of the latest leads to draft.
type previewInput struct {
	Drafts json.RawMessage `json:"drafts"`
	Limit  *int            `json:"limit"`
}

// draftPreview is one lead drafted with the settings tried.
type draftPreview struct {
	LeadID     string       `json:"leadId"`
	Name       string       `json:"name"`
	Title      string       `json:"title"`
	Company    string       `json:"company"`
	Signal     string       `json:"signal"`
	SignalType string       `json:"signalType"`
	Draft      engine.Draft `json:"draft"`
	// Current is the draft the lead carries now.
	Current engine.Draft `json:"current"`
}

// draftPreviewAnswer lists the previews and the facts they were written
// with (the settings' facts over the ICP's knowledge base).
type draftPreviewAnswer struct {
	Facts    draft.Facts    `json:"facts"`
	Previews []draftPreview `json:"previews"`
}

// previewDrafts drafts the client's latest real leads with the draft
// settings given (unsaved) or stored, so the owner sees what an edit of
// a template or a fact makes of them before saving it.
func (h *Handler) previewDrafts(w http.ResponseWriter, r *http.Request) {
	var in previewInput
	if !decode(w, r, &in) {
		return
	}
	errs := fieldErrors{}
	limit := previewDefault
	if in.Limit != nil {
		if *in.Limit < 1 || *in.Limit > previewMax {
			errs["limit"] = "must be from 1 to 20"
		}
		limit = *in.Limit
	}
	c, err := h.store.Client(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	settings := c.Settings.Drafts
	if in.Drafts != nil {
		if d, ok := parseDrafts(in.Drafts, errs); ok {
			settings = d
		}
	}
	if len(errs) > 0 {
		answer(w, r, errs)
		return
	}
	tried := *c
	tried.Settings.Drafts = settings
	facts := tried.draftFacts().Merge(draft.FactsOf(c.ICP))
	leads, _, err := h.store.Leads(r.Context(), c.ID, LeadFilter{Limit: limit})
	if err != nil {
		answer(w, r, err)
		return
	}
	out := draftPreviewAnswer{Facts: facts, Previews: []draftPreview{}}
	for _, cl := range leads {
		var l engine.Lead
		if json.Unmarshal(cl.Lead, &l) != nil {
			continue // a lead stored in another shape has nothing to draft from
		}
		slots := draft.SlotsOf(l.Name, l.Company, l.Title, "", l.FullContext)
		out.Previews = append(out.Previews, draftPreview{LeadID: cl.ID, Name: l.Name, Title: l.Title, Company: l.Company,
			Signal: l.Signal, SignalType: string(l.Detection.SignalType), Current: l.Draft,
			Draft: draft.Compose(settings.Templates, l.Detection, "", l.FullContext, slots, facts)})
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, out)
}

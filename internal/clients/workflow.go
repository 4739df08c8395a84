package clients

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// The client's workflow (docs/clients.md "The leads inbox"): the client's
// people move their leads through new, contacted, meeting booked, won and
// lost and keep a note, from the portal (PATCH /api/client/leads/{id}) and
// the REST API (PATCH /api/v1/leads/{id}); the owner sees both in the
// client's inbox. Only approved leads can be changed (others are 404, as
// for any lead the client cannot see).

// workflowInput is the body of the portal's and the REST API's lead PATCH.
type workflowInput struct {
	State *string `json:"state"`
	Note  *string `json:"note"`
}

// writeWorkflow applies the body to lead {id} of client clientID and
// answers the lead.
func writeWorkflow(w http.ResponseWriter, r *http.Request, store *Store, clientID string) {
	// Another client's lead is 404 whatever the body (looked up first).
	if _, err := store.Lead(r.Context(), clientID, r.PathValue("id")); err != nil {
		answer(w, r, err)
		return
	}
	var in workflowInput
	if !decodeStrict(w, r, &in) {
		return
	}
	errs := fieldErrors{}
	if in.State == nil && in.Note == nil {
		errs["state"] = "give state, note or both"
	}
	if in.State != nil && !slices.Contains(ClientStates, *in.State) {
		errs["state"] = "must be one of " + strings.Join(ClientStates, ", ")
	}
	if in.Note != nil && utf8.RuneCountInString(*in.Note) > maxNote {
		errs["note"] = fmt.Sprintf("must be at most %d characters", maxNote)
	}
	if err := errs.err(); err != nil {
		answer(w, r, err)
		return
	}
	l, err := store.UpdateLead(r.Context(), clientID, r.PathValue("id"), LeadEdit{State: in.State, Note: in.Note})
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, l)
}

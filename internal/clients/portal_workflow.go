package clients

import (
	"net/http"
)

func (p *Portal) patchOwnLead(w http.ResponseWriter, r *http.Request) {
	if s, ok := session(w, r); ok {
		writeWorkflow(w, r, p.store, s.ClientID)
	}
}

func (p *Portal) apiPatchLead(w http.ResponseWriter, r *http.Request) {
	if clientID, ok := tokenClient(w, r, ScopeLeadsWrite); ok {
		writeWorkflow(w, r, p.store, clientID)
	}
}

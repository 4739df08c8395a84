package portal

import (
	"net/http"

	"github.com/signalpipe/signalpipe/internal/clients"
)

func (p *Portal) patchOwnLead(w http.ResponseWriter, r *http.Request) {
	if s, ok := session(w, r); ok {
		clients.WriteWorkflow(w, r, p.store.Store, s.ClientID)
	}
}

func (p *Portal) apiPatchLead(w http.ResponseWriter, r *http.Request) {
	if clientID, ok := tokenClient(w, r, ScopeLeadsWrite); ok {
		clients.WriteWorkflow(w, r, p.store.Store, clientID)
	}
}

package portal

import (
	"net/http"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// ownLead answers GET /api/client/leads/{id}: one approved lead of the
// session's client, the lead a delivery email links to (/portal?lead=<id>,
// delivery.PortalLeadPath) when it is not on the inbox's first page; a
// pending, rejected or other client's lead is 404.
func (p *Portal) ownLead(w http.ResponseWriter, r *http.Request) {
	s, ok := session(w, r)
	if !ok {
		return
	}
	l, err := p.store.Lead(r.Context(), s.ClientID, r.PathValue("id"))
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, l)
}

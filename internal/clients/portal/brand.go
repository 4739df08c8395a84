package portal

import (
	"net/http"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// brand serves GET /api/client/brand: the brand of the portal at the
// request's host (a client's portal host, else the agency's), for the
// sign-in and invite pages before anyone is signed in.
func (p *Portal) brand(w http.ResponseWriter, r *http.Request) {
	b, err := p.store.BrandForHost(r.Context(), r.Host)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	httpx.WriteJSON(w, http.StatusOK, clients.PublicBrand(b))
}

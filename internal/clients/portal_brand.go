package clients

import (
	"net/http"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// brand serves GET /api/client/brand: the brand of the portal at the
// request's host (a client's portal host, else the agency's), for the
// sign-in and invite pages before anyone is signed in.
func (p *Portal) brand(w http.ResponseWriter, r *http.Request) {
	b, err := p.store.brandForHost(r.Context(), r.Host)
	if err != nil {
		answer(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	httpx.WriteJSON(w, http.StatusOK, publicBrand(b))
}

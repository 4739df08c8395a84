package clients

import (
	"net/http"

	icpfit "github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/taxonomy"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// categoryRef is a taxonomy category as the console lists it.
type categoryRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// mappedCategory is a category the client's ICP maps to, with its name.
type mappedCategory struct {
	taxonomy.Mapped
	Name string `json:"name"`
}

// categoriesAnswer is GET /api/admin/clients/{id}/categories: the
// owner's choice (the ICP's categories), the mapping computed from the
// ICP (used when nothing is chosen), the categories the relevance model
// actually reads (icp.MapCategories: at most three, of the choice or of
// the mapping, none of the mapping under its floor), and every category
// to choose from.
type categoriesAnswer struct {
	Chosen     []string         `json:"chosen"`
	Mapped     []mappedCategory `json:"mapped"`
	Read       []string         `json:"read"`
	Categories []categoryRef    `json:"categories"`
}

// clientCategories answers the software categories of the client's ICP
// (docs/icp-fit.md "Software categories"), computed on the stored ICP.
func (h *Handler) clientCategories(w http.ResponseWriter, r *http.Request) {
	c, err := h.store.Client(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	p := c.ICP
	out := categoriesAnswer{Chosen: append([]string{}, p.Categories...), Mapped: []mappedCategory{},
		Read: append([]string{}, icpfit.MapCategories(p)...)}
	for _, m := range taxonomy.MapICP(p.Competitors, p.TechStack, p.PainPoints, p.KnowledgeBase) {
		cat, _ := taxonomy.Get(m.ID)
		out.Mapped = append(out.Mapped, mappedCategory{Mapped: m, Name: cat.Name})
	}
	for _, cat := range taxonomy.All() {
		out.Categories = append(out.Categories, categoryRef{ID: cat.ID, Name: cat.Name})
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, out)
}

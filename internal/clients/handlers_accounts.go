package clients

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// accountRoutes are the owner's account calls (docs/api.md "Accounts").
func (h *Handler) accountRoutes() []httpx.Route {
	admin := httpx.AccessAdmin
	return []httpx.Route{
		{Method: "GET", Path: "/api/admin/clients/{id}/accounts", Handler: http.HandlerFunc(h.listAccounts), Access: admin, OperationID: "listClientAccounts"},
		{Method: "GET", Path: "/api/admin/clients/{id}/accounts.csv", Handler: http.HandlerFunc(h.exportAccounts), Access: admin, OperationID: "exportClientAccountsCsv"},
		{Method: "GET", Path: "/api/admin/clients/{id}/accounts/{accountId}", Handler: http.HandlerFunc(h.getAccount), Access: admin, OperationID: "getClientAccount"},
		{Method: "POST", Path: "/api/admin/clients/{id}/accounts/{accountId}/merge", Handler: http.HandlerFunc(h.mergeAccount), Access: admin, OperationID: "mergeClientAccount"},
		{Method: "POST", Path: "/api/admin/clients/{id}/accounts/{accountId}/split", Handler: http.HandlerFunc(h.splitAccount), Access: admin, OperationID: "splitClientAccount"},
	}
}

// accountQuery reads ?cursor= and ?limit= (and, for the owner,
// ?include=pending).
func accountQuery(r *http.Request, owner bool) (AccountQuery, error) {
	q := r.URL.Query()
	out := AccountQuery{Cursor: q.Get("cursor"), Limit: DefaultPage}
	errs := fieldErrors{}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxPage {
			errs["limit"] = fmt.Sprintf("must be a whole number from 1 to %d", MaxPage)
		}
		out.Limit = n
	}
	if _, err := decodeOffset(out.Cursor); err != nil || len(out.Cursor) > 200 {
		errs["cursor"] = errBadCursor.Error()
	}
	if v := q.Get("include"); owner && v != "" {
		if v != ReviewPending {
			errs["include"] = "must be pending (or left out: approved leads only)"
		}
		out.WithPending = v == ReviewPending
	}
	return out, errs.err()
}

// writeAccounts answers a page of clientID's accounts.
func writeAccounts(w http.ResponseWriter, r *http.Request, s *Store, clientID string, owner bool) {
	q, err := accountQuery(r, owner)
	if err != nil {
		answer(w, r, err)
		return
	}
	list, next, err := s.Accounts(r.Context(), clientID, q)
	writePage(w, r, "accounts", list, next, err)
}

// writeAccount answers one of clientID's accounts.
func writeAccount(w http.ResponseWriter, r *http.Request, s *Store, clientID, id string, withPending bool) {
	a, err := s.Account(r.Context(), clientID, id, withPending)
	if err != nil {
		answer(w, r, err)
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, a)
}

func (h *Handler) listAccounts(w http.ResponseWriter, r *http.Request) {
	writeAccounts(w, r, h.store, r.PathValue("id"), true)
}

func (h *Handler) getAccount(w http.ResponseWriter, r *http.Request) {
	if _, err := h.store.Client(r.Context(), r.PathValue("id")); err != nil {
		answer(w, r, err)
		return
	}
	writeAccount(w, r, h.store, r.PathValue("id"), r.PathValue("accountId"), r.URL.Query().Get("include") == ReviewPending)
}

// mergeInput is the body of POST .../accounts/{accountId}/merge.
type mergeInput struct {
	Into string `json:"into"`
}

func (h *Handler) mergeAccount(w http.ResponseWriter, r *http.Request) {
	var in mergeInput
	if !decode(w, r, &in) {
		return
	}
	clientID, id := r.PathValue("id"), r.PathValue("accountId")
	if err := h.store.MergeAccount(r.Context(), clientID, id, in.Into); err != nil {
		answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("account merged", "client", clientID, "account", id, "into", in.Into)
	writeAccount(w, r, h.store, clientID, in.Into, true)
}

func (h *Handler) splitAccount(w http.ResponseWriter, r *http.Request) {
	clientID, id := r.PathValue("id"), r.PathValue("accountId")
	if err := h.store.SplitAccount(r.Context(), clientID, id); err != nil {
		answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("account split", "client", clientID, "account", id)
	writeAccount(w, r, h.store, clientID, id, true)
}

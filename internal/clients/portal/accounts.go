package portal

import (
	"net/http"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// accountRoutes are the client's account calls: the portal's (a client
// user's session) and the REST API's (a client token with leads:read).
func (p *Portal) accountRoutes() []httpx.Route {
	client, token := httpx.AccessClient, httpx.AccessToken
	return []httpx.Route{
		{Method: "GET", Path: "/api/client/accounts", Handler: http.HandlerFunc(p.listOwnAccounts), Access: client, OperationID: "listPortalAccounts"},
		{Method: "GET", Path: "/api/client/accounts.csv", Handler: http.HandlerFunc(p.exportOwnAccounts), Access: client, OperationID: "exportPortalAccountsCsv"},
		{Method: "GET", Path: "/api/client/accounts/{id}", Handler: http.HandlerFunc(p.getOwnAccount), Access: client, OperationID: "getPortalAccount"},
		{Method: "GET", Path: "/api/v1/accounts", Handler: http.HandlerFunc(p.apiAccounts), Access: token, OperationID: "listApiAccounts"},
		{Method: "GET", Path: "/api/v1/accounts.csv", Handler: http.HandlerFunc(p.apiAccountsCSV), Access: token, OperationID: "exportApiAccountsCsv"},
		{Method: "GET", Path: "/api/v1/accounts/{id}", Handler: http.HandlerFunc(p.apiAccount), Access: token, OperationID: "getApiAccount"},
	}
}

func (p *Portal) listOwnAccounts(w http.ResponseWriter, r *http.Request) {
	if s, ok := session(w, r); ok {
		clients.WriteAccounts(w, r, p.store.Store, s.ClientID, false)
	}
}

func (p *Portal) getOwnAccount(w http.ResponseWriter, r *http.Request) {
	if s, ok := session(w, r); ok {
		clients.WriteAccount(w, r, p.store.Store, s.ClientID, r.PathValue("id"), false)
	}
}

// apiAccounts answers GET /api/v1/accounts?cursor=&limit=: the client's
// accounts best first, from approved leads only.
func (p *Portal) apiAccounts(w http.ResponseWriter, r *http.Request) {
	if clientID, ok := tokenClient(w, r, ScopeLeadsRead); ok {
		clients.WriteAccounts(w, r, p.store.Store, clientID, false)
	}
}

func (p *Portal) apiAccount(w http.ResponseWriter, r *http.Request) {
	if clientID, ok := tokenClient(w, r, ScopeLeadsRead); ok {
		clients.WriteAccount(w, r, p.store.Store, clientID, r.PathValue("id"), false)
	}
}

// exportOwnAccounts answers GET /api/client/accounts.csv: every account of
// the session's client, best first (the model's accounts_export.go).
func (p *Portal) exportOwnAccounts(w http.ResponseWriter, r *http.Request) {
	if s, ok := session(w, r); ok {
		clients.WriteAccountsCSV(w, r, p.store.Store, s.ClientID, false)
	}
}

// apiAccountsCSV answers GET /api/v1/accounts.csv: every account of the
// token's client, best first, from approved leads only.
func (p *Portal) apiAccountsCSV(w http.ResponseWriter, r *http.Request) {
	if clientID, ok := tokenClient(w, r, ScopeLeadsRead); ok {
		clients.WriteAccountsCSV(w, r, p.store.Store, clientID, false)
	}
}

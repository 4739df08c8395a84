package portal

import (
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/delivery"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// InvitePath is where an invite link points: the token is its last segment.
const InvitePath = "/portal/invite/"

// Portal serves the client portal (docs/clients.md "Client portal"): the
// admin's invite call, the invitee's acceptance, and the calls a client
// user's session makes on its own client's workspace. Every client call
// reads the client from the session, never from the request, so another
// client's ids answer 404.
type Portal struct {
	store   *Store
	auth    *auth.Service
	baseURL string
	// delivery makes and enables channels for the portal's channel calls
	// (WithDelivery; portal_workspace.go).
	delivery *delivery.Delivery
}

// NewPortal returns the portal; clientAuth is the sign-in service of
// auth.RoleClient and baseURL the site's public URL (invite links).
func NewPortal(store *Store, clientAuth *auth.Service, baseURL string) *Portal {
	return &Portal{store: store, auth: clientAuth, baseURL: strings.TrimSuffix(baseURL, "/")}
}

func (p *Portal) table() []httpx.Route {
	pub, admin, client, token := httpx.AccessPublic, httpx.AccessAdmin, httpx.AccessClient, httpx.AccessToken
	return append([]httpx.Route{
		{Method: "POST", Path: "/api/admin/clients/{id}/invites", Handler: http.HandlerFunc(p.createInvite), Access: admin, OperationID: "createClientInvite"},
		{Method: "POST", Path: "/api/client/invites/accept", Handler: http.HandlerFunc(p.acceptInvite), Access: pub, OperationID: "acceptClientInvite"},
		{Method: "GET", Path: "/api/client/me", Handler: http.HandlerFunc(p.me), Access: client, OperationID: "getClientMe"},
		{Method: "GET", Path: "/api/client/brand", Handler: http.HandlerFunc(p.brand), Access: pub, OperationID: "getPortalBrand"},
		{Method: "GET", Path: "/api/client/leads", Handler: http.HandlerFunc(p.leads), Access: client, OperationID: "listPortalLeads"},
		{Method: "POST", Path: "/api/client/leads/{id}/feedback", Handler: http.HandlerFunc(p.feedback), Access: client, OperationID: "createPortalLeadFeedback"},
		{Method: "GET", Path: "/api/client/leads/{id}", Handler: http.HandlerFunc(p.ownLead), Access: client, OperationID: "getPortalLead"},
		{Method: "PATCH", Path: "/api/client/leads/{id}", Handler: http.HandlerFunc(p.patchOwnLead), Access: client, OperationID: "updatePortalLead"},
		{Method: "GET", Path: "/api/client/feed", Handler: http.HandlerFunc(p.getFeed), Access: client, OperationID: "getPortalFeed"},
		{Method: "POST", Path: "/api/client/feed", Handler: http.HandlerFunc(p.rotateFeed), Access: client, OperationID: "rotatePortalFeed"},
		{Method: "GET", Path: "/api/client/agents", Handler: http.HandlerFunc(p.listAgents), Access: client, OperationID: "listPortalAgents"},
		{Method: "PATCH", Path: "/api/client/agents/{id}", Handler: http.HandlerFunc(p.patchAgent), Access: client, OperationID: "updatePortalAgent"},
		{Method: "GET", Path: "/api/client/channels", Handler: http.HandlerFunc(p.listChannels), Access: client, OperationID: "listPortalChannels"},
		{Method: "POST", Path: "/api/client/channels", Handler: http.HandlerFunc(p.createChannel), Access: client, OperationID: "createPortalChannel"},
		{Method: "POST", Path: "/api/client/channels/{id}/enable", Handler: http.HandlerFunc(p.enableChannel), Access: client, OperationID: "enablePortalChannel"},
		{Method: "GET", Path: "/api/client/tokens", Handler: http.HandlerFunc(p.listOwnTokens), Access: client, OperationID: "listPortalApiTokens"},
		{Method: "POST", Path: "/api/client/tokens", Handler: http.HandlerFunc(p.createOwnToken), Access: client, OperationID: "createPortalApiToken"},
		{Method: "DELETE", Path: "/api/client/tokens/{id}", Handler: http.HandlerFunc(p.revokeOwnToken), Access: client, OperationID: "revokePortalApiToken"},
		{Method: "POST", Path: "/api/admin/clients/{id}/tokens", Handler: http.HandlerFunc(p.createToken), Access: admin, OperationID: "createApiToken"},
		{Method: "GET", Path: "/api/admin/clients/{id}/tokens", Handler: http.HandlerFunc(p.listTokens), Access: admin, OperationID: "listApiTokens"},
		{Method: "DELETE", Path: "/api/admin/clients/{id}/tokens/{tokenId}", Handler: http.HandlerFunc(p.revokeToken), Access: admin, OperationID: "revokeApiToken"},
		{Method: "GET", Path: "/api/admin/tokens", Handler: http.HandlerFunc(p.listAdminTokens), Access: admin, OperationID: "listAdminTokens"},
		{Method: "POST", Path: "/api/admin/tokens", Handler: http.HandlerFunc(p.createAdminToken), Access: admin, OperationID: "createAdminToken"},
		{Method: "DELETE", Path: "/api/admin/tokens/{id}", Handler: http.HandlerFunc(p.revokeAdminToken), Access: admin, OperationID: "revokeAdminToken"},
		{Method: "GET", Path: "/api/v1/leads", Handler: http.HandlerFunc(p.apiLeads), Access: token, OperationID: "listApiLeads"},
		{Method: "GET", Path: "/api/v1/leads/{id}", Handler: http.HandlerFunc(p.apiLead), Access: token, OperationID: "getApiLead"},
		{Method: "POST", Path: "/api/v1/leads/{id}/feedback", Handler: http.HandlerFunc(p.apiFeedback), Access: token, OperationID: "createApiLeadFeedback"},
		{Method: "PATCH", Path: "/api/v1/leads/{id}", Handler: http.HandlerFunc(p.apiPatchLead), Access: token, OperationID: "updateApiLead"},
	}, slices.Concat(p.accountRoutes(), p.logoRoutes())...)
}

// Routes is the portal's route table: the client users' sign-in, sign-out
// and session probe (/api/client/login, /logout, /session), the admin's
// invite and token calls, the invitee's acceptance, the client users' calls
// and the API-token calls. Guards holds the client and token guards.
func (p *Portal) Routes() []httpx.Route { return append(p.auth.Routes(), p.table()...) }

// Guards are the portal's guards: a client user's session
// (auth.Service.RequireClient) under its client's status policy
// (policy.go), and a client's API token (apitokens.go).
func (p *Portal) Guards() httpx.Guards {
	client := func(h http.Handler) http.Handler { return p.auth.RequireClient(p.clientPolicy(h)) }
	return httpx.Guards{Client: client, Token: p.requireToken}
}

// PortalRouteList names every route Routes mounts ("METHOD /path").
func PortalRouteList() []string {
	return append(auth.RoleClient.RouteList(), clients.Patterns((&Portal{}).table())...)
}

// ClientRouteList names the routes a client user's session calls.
func ClientRouteList() []string {
	out := auth.RoleClient.RouteList()
	for _, rt := range (&Portal{}).table() {
		if rt.Access == httpx.AccessClient {
			out = append(out, rt.Pattern())
		}
	}
	return out
}

type inviteInput struct {
	Email string `json:"email"`
}

func (p *Portal) createInvite(w http.ResponseWriter, r *http.Request) {
	var in inviteInput
	if r.ContentLength != 0 && !clients.Decode(w, r, &in) {
		return
	}
	in.Email = auth.NormalizeEmail(in.Email)
	if in.Email != "" && !validEmail(in.Email) {
		clients.Answer(w, r, clients.FieldErrors{"email": "must be an email address"})
		return
	}
	by := ""
	if s := auth.SessionFrom(r.Context()); s != nil {
		by = s.Email
	}
	if st, err := p.store.ClientStatus(r.Context(), r.PathValue("id")); err == nil && st == clients.StatusChurned {
		httpx.Error(w, r, http.StatusConflict, "the client is churned: make it active or paused before inviting anyone", nil)
		return
	}
	token, inv, err := p.store.CreateInvite(r.Context(), r.PathValue("id"), in.Email, by)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("client invite created", "client", inv.ClientID)
	// The link is under the client's portal host when its brand sets one.
	br, err := p.store.BrandFor(r.Context(), inv.ClientID)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	link := br.Origin(p.baseURL) + InvitePath + token
	out := map[string]any{"url": link, "email": inv.Email, "expiresAt": inv.ExpiresAt, "emailed": false}
	// With mail configured an invite bound to an email is also emailed
	// (the link stays in the answer, to pass on if the email is lost).
	if err := p.mailInvite(r.Context(), inv, link, br); err != nil {
		httpx.Logger(r.Context()).Warn("client invite not emailed", "client", inv.ClientID, "err", err)
		out["emailError"] = clients.Clip(err.Error(), 300)
	} else if inv.Email != "" && p.delivery != nil && p.delivery.Opt().Mail != nil {
		out["emailed"] = true
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusCreated, out)
}

type acceptInput struct {
	Token    string `json:"token"`
	Password string `json:"password"`
	// Email is needed only when the invite is not bound to one.
	Email string `json:"email"`
}

func (p *Portal) acceptInvite(w http.ResponseWriter, r *http.Request) {
	if !p.auth.SameOrigin(r) {
		httpx.Error(w, r, http.StatusForbidden, "cross-origin request refused", nil)
		return
	}
	var in acceptInput
	if !clients.Decode(w, r, &in) {
		return
	}
	ctx := r.Context()
	if in.Token == "" || len(in.Token) > 100 {
		httpx.Error(w, r, http.StatusNotFound, ErrInviteInvalid.Error(), nil)
		return
	}
	inv, err := p.store.Invite(ctx, in.Token)
	if errors.Is(err, ErrInviteInvalid) {
		httpx.Error(w, r, http.StatusNotFound, err.Error(), nil)
		return
	}
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	if st, err := p.store.ClientStatus(ctx, inv.ClientID); err != nil || st == clients.StatusChurned {
		httpx.Error(w, r, http.StatusForbidden, clients.MsgChurned, nil)
		return
	}
	errs := clients.FieldErrors{}
	email := auth.NormalizeEmail(in.Email)
	switch {
	case inv.Email != "" && email != "" && email != inv.Email:
		errs["email"] = "this invite is for another email address"
	case inv.Email != "":
		email = inv.Email
	case !validEmail(email):
		errs["email"] = "must be an email address"
	}
	if len(in.Password) > 1024 {
		errs["password"] = "must be at most 1024 bytes"
	} else if err := auth.CheckPassword(in.Password); err != nil {
		errs["password"] = err.Error()
	}
	if err := errs.Err(); err != nil {
		clients.Answer(w, r, err)
		return
	}
	hash, err := p.auth.Hash(ctx, in.Password)
	if errors.Is(err, auth.ErrBusy) {
		w.Header().Set("Retry-After", "1")
		httpx.Error(w, r, http.StatusServiceUnavailable, err.Error(), nil)
		return
	}
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	u, err := p.store.AcceptInvite(ctx, in.Token, email, hash)
	switch {
	case errors.Is(err, ErrInviteInvalid):
		httpx.Error(w, r, http.StatusNotFound, err.Error(), nil)
		return
	case errors.Is(err, ErrUserExists):
		httpx.Error(w, r, http.StatusConflict, err.Error(), map[string]string{"email": err.Error()})
		return
	case err != nil:
		clients.Answer(w, r, err)
		return
	}
	sess, err := p.auth.SignIn(w, r, u)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	c, err := p.store.Client(ctx, u.ClientID)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(ctx).Info("client invite accepted", "client", u.ClientID, "user_id", u.ID)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"csrfToken": sess.CSRFToken, "email": u.Email,
		"client": map[string]string{"id": c.ID, "name": c.Name}})
}

// session is the client user's session; a session without a client (which
// the schema does not allow) is refused rather than read as "any client".
func session(w http.ResponseWriter, r *http.Request) (*auth.Session, bool) {
	s := auth.ClientSessionFrom(r.Context())
	if s == nil || s.ClientID == "" {
		httpx.Error(w, r, http.StatusUnauthorized, "authentication required", nil)
		return nil, false
	}
	return s, true
}

// sessionClient is the client user's session and its client, or false with
// the answer (401, or the lookup's error) written.
func (p *Portal) sessionClient(w http.ResponseWriter, r *http.Request) (*auth.Session, *clients.Client, bool) {
	s, ok := session(w, r)
	if !ok {
		return nil, nil, false
	}
	c, err := p.store.Client(r.Context(), s.ClientID)
	if err != nil {
		clients.Answer(w, r, err)
		return nil, nil, false
	}
	return s, c, true
}

func (p *Portal) me(w http.ResponseWriter, r *http.Request) {
	s, c, ok := p.sessionClient(w, r)
	if !ok {
		return
	}
	br, err := p.store.BrandOf(r.Context(), c)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"user":   map[string]string{"id": s.UserID, "email": s.Email},
		"client": map[string]any{"id": c.ID, "name": c.Name, "status": c.Status, "portalMayEdit": c.Settings.PortalMayEdit},
		"brand":  clients.PublicBrand(br)})
}

func (p *Portal) leads(w http.ResponseWriter, r *http.Request) {
	s, ok := session(w, r)
	if !ok {
		return
	}
	clients.WriteLeads(w, r, p.store.Store, s.ClientID, true)
}

func (p *Portal) feedback(w http.ResponseWriter, r *http.Request) {
	s, ok := session(w, r)
	if !ok {
		return
	}
	clients.WriteFeedback(w, r, p.store.Store, s.ClientID)
}

// getFeed says whether the signed-in user's client has an Atom feed.
func (p *Portal) getFeed(w http.ResponseWriter, r *http.Request) {
	s, ok := session(w, r)
	if !ok {
		return
	}
	f, err := delivery.NewStore(p.store.Store).Feed(r.Context(), s.ClientID)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, f)
}

// rotateFeed makes (or rotates) the client's Atom feed URL, shown once,
// as the admin's call does (docs/clients.md "Delivery").
func (p *Portal) rotateFeed(w http.ResponseWriter, r *http.Request) {
	s, ok := session(w, r)
	if !ok {
		return
	}
	token, at, err := delivery.NewStore(p.store.Store).RotateFeed(r.Context(), s.ClientID)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("client feed made by the client", "client", s.ClientID, "user", s.UserID)
	br, err := p.store.BrandFor(r.Context(), s.ClientID)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"url": delivery.FeedURL(br.Origin(p.baseURL), token), "createdAt": at})
}

// validEmail is a plausible address: something@something, no spaces or
// control characters, at most 254 bytes.
func validEmail(e string) bool {
	at := strings.LastIndexByte(e, '@')
	return at > 0 && at < len(e)-1 && len(e) <= 254 && !strings.ContainsFunc(e, func(c rune) bool { return c <= ' ' })
}

package portal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/delivery"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// The client's own workspace in the portal (docs/clients.md "Client
// portal"): its agents, delivery channels and API tokens. The client is
// the session's, never the request's, so another client's ids answer 404
// (looked up before the edit permission is, so the answer does not depend
// on it). Agents and channels are edited only when the admin allows it
// (Settings.PortalMayEdit, else 403 MsgNoEdit); API tokens a client may
// always manage. A paused client reads, a churned one is refused
// (clientPolicy, policy.go).

// MsgNoEdit answers a portal edit the admin has not allowed.
const MsgNoEdit = "Editing agents and delivery is turned off for this workspace: ask your account manager to allow it."

// WithDelivery hands the portal the channel calls' logic (the admin's,
// webhook.go and channelstate.go), and returns p.
func (p *Portal) WithDelivery(d *delivery.Delivery) *Portal {
	p.delivery = d
	return p
}

// portalAgent is an agent as its client's people see it.
type portalAgent struct {
	ID          string           `json:"id"`
	Name        string           `json:"name"`
	Status      string           `json:"status"` // active or paused
	Active      bool             `json:"active"`
	SignalTypes []string         `json:"signalTypes"`
	Queries     []string         `json:"queries"`
	Sources     []string         `json:"sources"`
	Threshold   int              `json:"threshold"`
	Schedule    clients.Duration `json:"schedule"`
	LastRunAt   *time.Time       `json:"lastRunAt"`
	CreatedAt   time.Time        `json:"createdAt"`
}

func toPortalAgent(a *clients.Agent) portalAgent {
	st := "paused"
	if a.Active {
		st = "active"
	}
	return portalAgent{ID: a.ID, Name: a.Name, Status: st, Active: a.Active, SignalTypes: clients.OrEmpty(a.SignalTypes),
		Queries: clients.OrEmpty(a.Queries), Sources: clients.OrEmpty(a.Sources), Threshold: a.Threshold, Schedule: a.Schedule,
		LastRunAt: a.LastRunAt, CreatedAt: a.CreatedAt}
}

// mayEdit is the client's PortalMayEdit; false answers 403 MsgNoEdit.
func (p *Portal) mayEdit(w http.ResponseWriter, r *http.Request, clientID string) bool {
	c, err := p.store.Client(r.Context(), clientID)
	if err != nil {
		clients.Answer(w, r, err)
		return false
	}
	if !c.Settings.PortalMayEdit {
		httpx.Error(w, r, http.StatusForbidden, MsgNoEdit, nil)
		return false
	}
	return true
}

func (p *Portal) listAgents(w http.ResponseWriter, r *http.Request) {
	s, c, ok := p.sessionClient(w, r)
	if !ok {
		return
	}
	list, err := p.store.Agents(r.Context(), s.ClientID)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	out := make([]portalAgent, len(list))
	for i, a := range list {
		out[i] = toPortalAgent(a)
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"agents": out, "mayEdit": c.Settings.PortalMayEdit})
}

// patchAgent changes the name, queries, signal types and active flag of
// one of the client's agents; the rest (sources, ICP, threshold,
// schedule) only an admin changes.
func (p *Portal) patchAgent(w http.ResponseWriter, r *http.Request) {
	s, ok := session(w, r)
	if !ok {
		return
	}
	var in clients.AgentInput
	if !clients.Decode(w, r, &in) {
		return
	}
	id := r.PathValue("id")
	if a, err := p.store.Agent(r.Context(), id); err != nil || a.ClientID != s.ClientID {
		if err == nil {
			err = clients.ErrNotFound
		}
		clients.Answer(w, r, err)
		return
	}
	if !p.mayEdit(w, r, s.ClientID) {
		return
	}
	errs := clients.FieldErrors{}
	for field, given := range map[string]bool{"template": in.Template != nil, "sources": in.Sources != nil,
		"icp": in.ICP != nil, "threshold": in.Threshold != nil, "schedule": in.Schedule != nil} {
		if given {
			errs[field] = "only your account manager changes this"
		}
	}
	if err := errs.Err(); err != nil {
		clients.Answer(w, r, err)
		return
	}
	// Sources are never given here, so the handler needs no source list.
	h := clients.NewHandler(p.store.Store, nil, nil)
	a, err := p.store.UpdateAgent(r.Context(), id, func(a *clients.Agent) error {
		if a.ClientID != s.ClientID { // checked above; again under the row lock
			return clients.ErrNotFound
		}
		return h.ApplyAgent(a, in, false)
	})
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("agent edited by the client", "client", s.ClientID, "agent", a.ID, "user", s.UserID)
	httpx.WriteJSON(w, http.StatusOK, toPortalAgent(a))
}

// portalTarget is a channel's target as the portal shows it: an email
// address whole; a Slack or webhook URL without what makes it a
// credential (Slack's path, a webhook's query), as those are secrets.
func portalTarget(ch *clients.Channel) string {
	if ch.Kind == clients.ChannelEmail {
		return ch.Target
	}
	u, err := url.Parse(ch.Target)
	if err != nil || u.Host == "" {
		return "…"
	}
	if ch.Kind == clients.ChannelSlack {
		return u.Scheme + "://" + u.Host + "/…"
	}
	out := u.Scheme + "://" + u.Host + u.EscapedPath()
	if u.RawQuery != "" {
		out += "?…"
	}
	return out
}

// portalChannel is a channel as its client's people see it: no secret,
// the target masked (portalTarget).
type portalChannel struct {
	ID             string     `json:"id"`
	Kind           string     `json:"kind"`
	Target         string     `json:"target"`
	Cadence        string     `json:"cadence"`
	Status         string     `json:"status"`
	DisabledReason string     `json:"disabledReason"`
	FailingSince   *time.Time `json:"failingSince"`
	CreatedAt      time.Time  `json:"createdAt"`
}

func (p *Portal) listChannels(w http.ResponseWriter, r *http.Request) {
	s, c, ok := p.sessionClient(w, r)
	if !ok {
		return
	}
	cs, err := p.store.Channels(r.Context(), s.ClientID)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	out := make([]portalChannel, len(cs))
	for i, ch := range cs {
		out[i] = portalChannel{ID: ch.ID, Kind: ch.Kind, Target: portalTarget(ch), Cadence: ch.Cadence, Status: ch.Status,
			DisabledReason: ch.DisabledReason, FailingSince: ch.FailingSince, CreatedAt: ch.CreatedAt}
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"channels": out, "mayEdit": c.Settings.PortalMayEdit,
		"mailConfigured": p.delivery != nil && p.delivery.Opt().Mail != nil})
}

// createChannel makes a channel as the admin's call does (its webhook
// secret shown once).
func (p *Portal) createChannel(w http.ResponseWriter, r *http.Request) {
	s, ok := session(w, r)
	if !ok || !p.mayEdit(w, r, s.ClientID) {
		return
	}
	if p.delivery == nil {
		httpx.ServerError(w, r, errors.New("portal: no delivery"))
		return
	}
	p.delivery.AddChannel(w, r, s.ClientID)
}

// enableChannel turns one of the client's channels on again.
func (p *Portal) enableChannel(w http.ResponseWriter, r *http.Request) {
	s, ok := session(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	owner, err := p.store.channelClient(r.Context(), id)
	if err == nil && owner != s.ClientID {
		err = clients.ErrNotFound
	}
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	if !p.mayEdit(w, r, s.ClientID) {
		return
	}
	if p.delivery == nil {
		httpx.ServerError(w, r, errors.New("portal: no delivery"))
		return
	}
	p.delivery.Enable(w, r, id)
}

// channelClient is the client of channel id, or ErrNotFound.
func (s *Store) channelClient(ctx context.Context, id string) (string, error) {
	var c string
	err := s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT client_id FROM client_channels WHERE id = ?`), id).Scan(&c)
	if errors.Is(err, sql.ErrNoRows) {
		return "", clients.ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("channel client: %w", err)
	}
	return c, nil
}

func (p *Portal) listOwnTokens(w http.ResponseWriter, r *http.Request) {
	if s, ok := session(w, r); ok {
		p.writeTokens(w, r, s.ClientID)
	}
}

func (p *Portal) createOwnToken(w http.ResponseWriter, r *http.Request) {
	if s, ok := session(w, r); ok {
		p.makeToken(w, r, s.ClientID, s.Email)
	}
}

func (p *Portal) revokeOwnToken(w http.ResponseWriter, r *http.Request) {
	if s, ok := session(w, r); ok {
		p.dropToken(w, r, s.ClientID, r.PathValue("id"))
	}
}

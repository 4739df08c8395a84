package delivery

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Routes is the channel and delivery-log route table (an admin session).
func (d *Delivery) Routes() []httpx.Route {
	admin := httpx.AccessAdmin
	return []httpx.Route{
		{Method: "POST", Path: "/api/admin/clients/{id}/channels", Handler: http.HandlerFunc(d.createChannel), Access: admin, OperationID: "createChannel"},
		{Method: "GET", Path: "/api/admin/clients/{id}/channels", Handler: http.HandlerFunc(d.listChannels), Access: admin, OperationID: "listChannels"},
		{Method: "GET", Path: "/api/admin/clients/{id}/deliveries", Handler: http.HandlerFunc(d.listDeliveries), Access: admin, OperationID: "listDeliveries"},
		{Method: "POST", Path: "/api/admin/clients/{id}/feed", Handler: http.HandlerFunc(d.createFeed), Access: admin, OperationID: "createClientFeed"},
		{Method: "GET", Path: "/api/admin/clients/{id}/feed", Handler: http.HandlerFunc(d.getFeed), Access: admin, OperationID: "getClientFeed"},
		{Method: "DELETE", Path: "/api/admin/clients/{id}/feed", Handler: http.HandlerFunc(d.deleteFeed), Access: admin, OperationID: "revokeClientFeed"},
		{Method: "PATCH", Path: "/api/admin/clients/{id}/channels/{channelId}", Handler: http.HandlerFunc(d.updateChannel), Access: admin, OperationID: "updateChannel"},
		{Method: "POST", Path: "/api/admin/clients/{id}/channels/{channelId}/test", Handler: http.HandlerFunc(d.testChannel), Access: admin, OperationID: "testChannel"},
		{Method: "POST", Path: "/api/admin/channels/{id}/enable", Handler: http.HandlerFunc(d.enableChannel), Access: admin, OperationID: "enableChannel"},
		{Method: "POST", Path: "/api/admin/deliveries/{id}/retry", Handler: http.HandlerFunc(d.retryDelivery), Access: admin, OperationID: "retryDelivery"},
	}
}

// FeedRoutes is the public route of the clients' Atom feeds, outside /api
// (the token in the URL is the credential; docs/clients.md "Delivery").
func (d *Delivery) FeedRoutes() []httpx.Route {
	return []httpx.Route{{Method: "GET", Path: FeedPath + "{file}", Handler: http.HandlerFunc(d.ServeFeed), Access: httpx.AccessPublic, OperationID: "getClientFeedAtom"}}
}

// DeliveryRouteList names every route Delivery.Routes mounts (the admin
// calls; LinkRoutes and FeedRoutes are public).
func DeliveryRouteList() []string { return clients.Patterns((&Delivery{}).Routes()) }

type channelInput struct {
	Kind    string `json:"kind"`
	Target  string `json:"target"`
	Cadence string `json:"cadence"`
	// Token and Mapping are a CRM channel's (crm.go).
	Token   string              `json:"token"`
	Mapping *clients.CRMMapping `json:"mapping"`
}

func (d *Delivery) createChannel(w http.ResponseWriter, r *http.Request) {
	d.addChannel(w, r, r.PathValue("id"))
}

// addChannel validates the body and makes a channel of client clientID:
// the admin's call and the portal's (portal_workspace.go).
func (d *Delivery) addChannel(w http.ResponseWriter, r *http.Request, clientID string) {
	var in channelInput
	if !clients.Decode(w, r, &in) {
		return
	}
	in.Target = strings.TrimSpace(in.Target)
	if in.Cadence == "" {
		in.Cadence = clients.CadenceInstant
	}
	errs := clients.FieldErrors{}
	switch in.Kind {
	case clients.ChannelWebhook:
		if err := checkWebhookURL(r.Context(), in.Target, d.opt.AllowPrivate); err != nil {
			errs["target"] = err.Error()
		}
	case clients.ChannelSlack:
		if err := checkSlackURL(r.Context(), in.Target, d.opt.AllowPrivate); err != nil {
			errs["target"] = err.Error()
		}
	case clients.ChannelEmail:
		if d.opt.Mail == nil {
			errs["kind"] = "mail is not configured on this server (set SMTP_URL); use webhook or slack"
		} else if to, err := clients.CheckEmailTarget(in.Target); err != nil {
			errs["target"] = err.Error()
		} else {
			in.Target = to
		}
	case clients.ChannelHubSpot, clients.ChannelPipedrive:
		in.Token = strings.TrimSpace(in.Token)
		if !tokenOK(in.Token) {
			errs["token"] = tokenHint
		}
		if in.Mapping == nil {
			in.Mapping = &clients.CRMMapping{}
		}
		in.Mapping.Check(in.Kind, errs)
		if in.Cadence != clients.CadenceInstant {
			errs["cadence"] = "a CRM channel is instant"
		}
		in.Target = d.opt.HubSpotAPIURL
		if in.Kind == clients.ChannelPipedrive {
			in.Target = d.opt.PipedriveAPIURL
		}
	default:
		errs["kind"] = "must be email, webhook, slack, hubspot or pipedrive"
	}
	switch in.Cadence {
	case clients.CadenceInstant, clients.CadenceDaily, clients.CadenceWeekly:
	default:
		errs["cadence"] = "must be instant, daily or weekly"
	}
	if err := errs.Err(); err != nil {
		clients.Answer(w, r, err)
		return
	}
	var (
		ch     *clients.Channel
		secret string
		err    error
	)
	if clients.IsCRM(in.Kind) {
		ch, err = d.store.CreateCRMChannel(r.Context(), clientID, in.Kind, in.Target, in.Token, *in.Mapping)
	} else {
		ch, secret, err = d.store.CreateChannel(r.Context(), clientID, in.Kind, in.Target, in.Cadence)
	}
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("delivery channel created", "client", ch.ClientID, "channel", ch.ID, "kind", ch.Kind)
	clients.NoStore(w)
	out := map[string]any{"id": ch.ID, "channel": ch}
	if ch.Kind == clients.ChannelWebhook {
		out["secret"] = secret
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
}

func (d *Delivery) listChannels(w http.ResponseWriter, r *http.Request) {
	cs, err := d.store.Channels(r.Context(), r.PathValue("id"))
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"channels": cs})
}

func (d *Delivery) listDeliveries(w http.ResponseWriter, r *http.Request) {
	limit := 100
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 500 {
			clients.Answer(w, r, clients.FieldErrors{"limit": "must be a whole number from 1 to 500"})
			return
		}
		limit = n
	}
	as, err := d.store.Deliveries(r.Context(), r.PathValue("id"), r.URL.Query().Get("channel"), limit)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"attempts": as})
}

package delivery

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// HubSpot (a private app's access token; CRM API v3, developers.hubspot.com
// "CRM API | Contacts", "Companies", "Search", "Notes", "Tasks"). One lead:
//  1. the company, found by domain (POST /crm/v3/objects/companies/search,
//     domain EQ) and updated (PATCH), or made (POST); only with a domain;
//  2. the contact, found by email (or, without one, by the profile URL in
//     mapping.profileProperty) the same way, with the score in
//     mapping.scoreProperty; made associated with the company (279);
//  3. a note (hs_note_body: evidence, post link, draft) associated with the
//     contact (202) and the company (190);
//  4. with mapping.task, a task for mapping.ownerId on both (204, 192).
// Without email and profile URL the lead is a note on the company only;
// without a company either it is skipped with the reason. Every id is kept
// (client_crm_records) as soon as HubSpot gives it, so a retry updates
// what the last attempt made.

// HubSpot's association type ids (HUBSPOT_DEFINED).
const (
	hsContactToCompany = 279
	hsNoteToContact    = 202
	hsNoteToCompany    = 190
	hsTaskToContact    = 204
	hsTaskToCompany    = 192
)

// hsExistingID reads the id in HubSpot's 409 "Contact already exists.
// Existing ID: 123".
var hsExistingID = regexp.MustCompile(`Existing ID: ?(\d+)`)

type hsObject struct {
	ID string `json:"id"`
}

func (d *Delivery) hubspotURL(path string) string {
	return strings.TrimRight(d.opt.HubSpotAPIURL, "/") + path
}

func hsAuth(token string) crmAuth { return crmAuth{clients.ChannelHubSpot, token} }

// hsUpsert finds object type obj by property prop = value (or takes known,
// the id kept from an earlier attempt), updates it with props, or makes it
// with props and assoc. It returns the id.
func (d *Delivery) hsUpsert(ctx context.Context, token, obj, known, prop, value string, props map[string]any, assoc []any) (string, error) {
	h := hsAuth(token)
	if known != "" {
		err := d.crmCall(ctx, http.MethodPatch, d.hubspotURL("/crm/v3/objects/"+obj+"/"+known), h, map[string]any{"properties": props}, nil)
		return known, err
	}
	var found struct {
		Total   int        `json:"total"`
		Results []hsObject `json:"results"`
	}
	search := map[string]any{"filterGroups": []any{map[string]any{"filters": []any{
		map[string]any{"propertyName": prop, "operator": "EQ", "value": value}}}}, "properties": []string{prop}, "limit": 1}
	if err := d.crmCall(ctx, http.MethodPost, d.hubspotURL("/crm/v3/objects/"+obj+"/search"), h, search, &found); err != nil {
		return "", err
	}
	if len(found.Results) > 0 && found.Results[0].ID != "" {
		id := found.Results[0].ID
		return id, d.crmCall(ctx, http.MethodPatch, d.hubspotURL("/crm/v3/objects/"+obj+"/"+id), h, map[string]any{"properties": props}, nil)
	}
	var made hsObject
	body := map[string]any{"properties": props}
	if len(assoc) > 0 {
		body["associations"] = assoc
	}
	err := d.crmCall(ctx, http.MethodPost, d.hubspotURL("/crm/v3/objects/"+obj), h, body, &made)
	var ce *crmError
	if errors.As(err, &ce) && ce.code == http.StatusConflict {
		// Made meanwhile (HubSpot's search index lags its writes): take
		// the existing record and update it.
		if m := hsExistingID.FindStringSubmatch(ce.msg); m != nil {
			return m[1], d.crmCall(ctx, http.MethodPatch, d.hubspotURL("/crm/v3/objects/"+obj+"/"+m[1]), h, map[string]any{"properties": props}, nil)
		}
	}
	if err != nil {
		return "", err
	}
	return made.ID, nil
}

func hsAssoc(id string, typeID int) map[string]any {
	return map[string]any{"to": map[string]any{"id": id},
		"types": []any{map[string]any{"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": typeID}}}
}

// hubspotPush pushes one lead (crmPusher).
func (d *Delivery) hubspotPush(ctx context.Context, ch *clients.Channel, lead *clients.ClientLead, el engine.Lead, ids clients.CRMRecordIDs, save func() error) (string, error) {
	m := clients.CRMMapping{}
	if ch.Mapping != nil {
		m = *ch.Mapping
	}
	token := ch.Secret()
	domain := leadDomain(el)
	email := strings.ToLower(strings.TrimSpace(el.Email))
	profile := strings.TrimSpace(el.LinkedIn)
	if email == "" && profile == "" && domain == "" && ids["company"] == "" {
		return "no email, profile URL or company domain to file the lead under", nil
	}
	brand, err := d.crmBrandName(ctx, ch.ClientID)
	if err != nil {
		return "", err
	}
	// forget drops a kept id HubSpot no longer has (404): the next attempt
	// finds or makes the record again.
	forget := func(key string, err error) error {
		var ce *crmError
		if errors.As(err, &ce) && ce.code == http.StatusNotFound && ids[key] != "" {
			delete(ids, key)
			_ = save()
		}
		return err
	}
	keep := func(key, id string) error {
		if id == "" || ids[key] == id {
			return nil
		}
		ids[key] = id
		return save()
	}
	owner := func(p map[string]any) map[string]any {
		if m.OwnerID != "" {
			p["hubspot_owner_id"] = m.OwnerID
		}
		return p
	}
	if domain != "" || ids["company"] != "" {
		props := owner(map[string]any{"domain": domain})
		if domain == "" {
			delete(props, "domain")
		}
		if el.Company != "" {
			props["name"] = el.Company
		}
		id, err := d.hsUpsert(ctx, token, "companies", ids["company"], "domain", domain, props, nil)
		if err != nil {
			return "", forget("company", err)
		}
		if err := keep("company", id); err != nil {
			return "", err
		}
	}
	if email != "" || profile != "" || ids["contact"] != "" {
		scoreProp := m.ScoreProperty
		if scoreProp == "" {
			scoreProp = "signalpipe_score"
		}
		profileProp := m.ProfileProperty
		if profileProp == "" {
			profileProp = "website"
		}
		props := owner(map[string]any{scoreProp: strconv.Itoa(lead.Score)})
		if email != "" {
			props["email"] = email
		}
		if profile != "" {
			props[profileProp] = profile
		}
		first, last, _ := strings.Cut(strings.TrimSpace(el.Name), " ")
		for k, v := range map[string]string{"firstname": first, "lastname": last, "jobtitle": el.Title, "company": el.Company} {
			if v != "" {
				props[k] = v
			}
		}
		for k, f := range m.Properties {
			props[k] = clients.MappingFields[f](lead, el)
		}
		prop, value := "email", email
		if email == "" {
			prop, value = profileProp, profile
		}
		var assoc []any
		if ids["company"] != "" {
			assoc = append(assoc, hsAssoc(ids["company"], hsContactToCompany))
		}
		id, err := d.hsUpsert(ctx, token, "contacts", ids["contact"], prop, value, props, assoc)
		if err != nil {
			return "", forget("contact", err)
		}
		if err := keep("contact", id); err != nil {
			return "", err
		}
	}
	var assoc []any
	if ids["contact"] != "" {
		assoc = append(assoc, hsAssoc(ids["contact"], hsNoteToContact))
	}
	if ids["company"] != "" {
		assoc = append(assoc, hsAssoc(ids["company"], hsNoteToCompany))
	}
	now := d.store.Now().UTC().Format(time.RFC3339)
	if ids["note"] == "" {
		var made hsObject
		body := map[string]any{"properties": owner(map[string]any{"hs_timestamp": now, "hs_note_body": crmNote(lead, el, true, brand)}), "associations": assoc}
		if err := d.crmCall(ctx, http.MethodPost, d.hubspotURL("/crm/v3/objects/notes"), hsAuth(token), body, &made); err != nil {
			return "", err
		}
		if err := keep("note", made.ID); err != nil {
			return "", err
		}
	}
	if m.Task && ids["task"] == "" {
		var tassoc []any
		if ids["contact"] != "" {
			tassoc = append(tassoc, hsAssoc(ids["contact"], hsTaskToContact))
		}
		if ids["company"] != "" {
			tassoc = append(tassoc, hsAssoc(ids["company"], hsTaskToCompany))
		}
		var made hsObject
		body := map[string]any{"properties": owner(map[string]any{"hs_timestamp": now, "hs_task_status": "NOT_STARTED", "hs_task_type": "TODO",
			"hs_task_subject": clients.Clip("Follow up: "+leadWho(el), 200), "hs_task_body": crmNote(lead, el, false, brand)}), "associations": tassoc}
		if err := d.crmCall(ctx, http.MethodPost, d.hubspotURL("/crm/v3/objects/tasks"), hsAuth(token), body, &made); err != nil {
			return "", err
		}
		if err := keep("task", made.ID); err != nil {
			return "", err
		}
	}
	return "", nil
}

// hsLeadStatus maps a lead's state to HubSpot's contact hs_lead_status
// (its default options) and, for won, lifecyclestage customer.
var hsLeadStatus = map[string]map[string]any{
	clients.StateNew:       {"hs_lead_status": "NEW"},
	clients.StateReviewed:  {"hs_lead_status": "OPEN"},
	clients.StateContacted: {"hs_lead_status": "ATTEMPTED_TO_CONTACT"},
	clients.StateWon:       {"hs_lead_status": "CONNECTED", "lifecyclestage": "customer"},
	clients.StateLost:      {"hs_lead_status": "UNQUALIFIED"},
}

// hubspotState updates the contact kept for a lead with its new state.
func (d *Delivery) hubspotState(ctx context.Context, ch *clients.Channel, ids clients.CRMRecordIDs, state string) error {
	props, ok := hsLeadStatus[state]
	if !ok || ids["contact"] == "" {
		return nil
	}
	return d.crmCall(ctx, http.MethodPatch, d.hubspotURL("/crm/v3/objects/contacts/"+ids["contact"]), hsAuth(ch.Secret()), map[string]any{"properties": props}, nil)
}

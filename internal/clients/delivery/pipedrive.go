package delivery

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// Pipedrive (the company's API token, sent as x-api-token; API v1,
// developers.pipedrive.com "Persons", "Organizations", "Leads",
// "LeadLabels", "Notes"). One lead:
//  1. the organization, found by name (GET /v1/organizations/search,
//     exact) and updated (PUT), or made (POST); only with a company name;
//  2. the person, found by email (else by name, exact; GET
//     /v1/persons/search) the same way, linked to the organization;
//  3. a lead in the Leads inbox (POST /v1/leads) on the person and the
//     organization, labelled with the score's band ("<brand> score
//     80-100", a lead label found or made once) and mapping.label's label
//     when set (found or made the same way);
//  4. a note on the lead (POST /v1/notes) with the evidence, post link and
//     draft.
// A lead with no email, name or company is skipped with the reason. Ids
// are kept as they come (client_crm_records), so a retry goes on where
// the last attempt stopped.

func (d *Delivery) pipedriveURL(path string, q url.Values) string {
	u := strings.TrimRight(d.opt.PipedriveAPIURL, "/") + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return u
}

// pdAnswer is Pipedrive's envelope.
type pdAnswer[T any] struct {
	Success bool `json:"success"`
	Data    T    `json:"data"`
}

type pdID struct {
	ID any `json:"id"` // a number (persons, organizations) or a UUID (leads, labels)
}

func (p pdID) String() string {
	switch v := p.ID.(type) {
	case string:
		return v
	case float64:
		return fmt.Sprintf("%.0f", v)
	}
	return ""
}

// pdUpsert finds item kind ("persons", "organizations") by term in field,
// updates it with body, or makes it. It returns the id.
func (d *Delivery) pdUpsert(ctx context.Context, token, kind, known, field, term string, body map[string]any) (string, error) {
	h := crmAuth{clients.ChannelPipedrive, token}
	if known != "" {
		return known, d.crmCall(ctx, http.MethodPut, d.pipedriveURL("/v1/"+kind+"/"+known, nil), h, body, nil)
	}
	var found pdAnswer[struct {
		Items []struct {
			Item pdID `json:"item"`
		} `json:"items"`
	}]
	q := url.Values{"term": {term}, "fields": {field}, "exact_match": {"true"}, "limit": {"1"}}
	if err := d.crmCall(ctx, http.MethodGet, d.pipedriveURL("/v1/"+kind+"/search", q), h, nil, &found); err != nil {
		return "", err
	}
	if len(found.Data.Items) > 0 && found.Data.Items[0].Item.String() != "" {
		id := found.Data.Items[0].Item.String()
		return id, d.crmCall(ctx, http.MethodPut, d.pipedriveURL("/v1/"+kind+"/"+id, nil), h, body, nil)
	}
	var made pdAnswer[pdID]
	if err := d.crmCall(ctx, http.MethodPost, d.pipedriveURL("/v1/"+kind, nil), h, body, &made); err != nil {
		return "", err
	}
	return made.Data.String(), nil
}

// scoreBand is the lead label of a score, under the brand's name
// (crm_brand.go).
func scoreBand(brand string, score int) string {
	switch {
	case score >= 80:
		return brand + " score 80-100"
	case score >= 60:
		return brand + " score 60-79"
	case score >= 40:
		return brand + " score 40-59"
	}
	return brand + " score 0-39"
}

// pipedrivePush pushes one lead (crmPusher).
func (d *Delivery) pipedrivePush(ctx context.Context, ch *clients.Channel, lead *clients.ClientLead, el engine.Lead, ids clients.CRMRecordIDs, save func() error) (string, error) {
	token, m := ch.Secret(), ch.Mapping
	h := crmAuth{clients.ChannelPipedrive, token}
	email := strings.ToLower(strings.TrimSpace(el.Email))
	name, company := strings.TrimSpace(el.Name), strings.TrimSpace(el.Company)
	if email == "" && name == "" && company == "" && ids["lead"] == "" {
		return "no email, name or company to file the lead under", nil
	}
	brand, err := d.crmBrandName(ctx, ch.ClientID)
	if err != nil {
		return "", err
	}
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
	owner := func(b map[string]any) map[string]any {
		if m != nil && m.OwnerID != "" {
			b["owner_id"] = jsonNumber(m.OwnerID)
		}
		return b
	}
	if company != "" || ids["organization"] != "" {
		body := owner(map[string]any{"name": company})
		if company == "" {
			delete(body, "name")
		}
		id, err := d.pdUpsert(ctx, token, "organizations", ids["organization"], "name", company, body)
		if err != nil {
			return "", forget("organization", err)
		}
		if err := keep("organization", id); err != nil {
			return "", err
		}
	}
	if email != "" || name != "" || ids["person"] != "" {
		if name == "" {
			name = email
		}
		body := owner(map[string]any{"name": name})
		if email != "" {
			body["email"] = []any{map[string]any{"value": email, "primary": true, "label": "work"}}
		}
		if ids["organization"] != "" {
			body["org_id"] = jsonNumber(ids["organization"])
		}
		field, term := "email", email
		if email == "" {
			field, term = "name", name
		}
		id, err := d.pdUpsert(ctx, token, "persons", ids["person"], field, term, body)
		if err != nil {
			return "", forget("person", err)
		}
		if err := keep("person", id); err != nil {
			return "", err
		}
	}
	extra := ""
	if m != nil {
		extra = m.Label
	}
	if ids["label"] == "" || extra != "" && ids["extraLabel"] == "" {
		if err := d.pdLabels(ctx, h, map[string]string{"label": scoreBand(brand, lead.Score), "extraLabel": extra}, ids); err != nil {
			return "", err
		}
		if err := save(); err != nil {
			return "", err
		}
	}
	if ids["lead"] == "" {
		labels := []string{ids["label"]}
		if extra != "" && ids["extraLabel"] != "" {
			labels = append(labels, ids["extraLabel"])
		}
		body := owner(map[string]any{"title": clients.Clip(leadWho(el)+": "+strings.ReplaceAll(lead.SignalType, "_", " "), 200), "label_ids": labels})
		if ids["person"] != "" {
			body["person_id"] = jsonNumber(ids["person"])
		}
		if ids["organization"] != "" {
			body["organization_id"] = jsonNumber(ids["organization"])
		}
		var made pdAnswer[pdID]
		if err := d.crmCall(ctx, http.MethodPost, d.pipedriveURL("/v1/leads", nil), h, body, &made); err != nil {
			return "", err
		}
		if err := keep("lead", made.Data.String()); err != nil {
			return "", err
		}
	}
	if ids["note"] == "" {
		var made pdAnswer[pdID]
		if err := d.crmCall(ctx, http.MethodPost, d.pipedriveURL("/v1/notes", nil), h, map[string]any{"content": crmNote(lead, el, true, brand), "lead_id": ids["lead"]}, &made); err != nil {
			return "", err
		}
		if err := keep("note", made.Data.String()); err != nil {
			return "", err
		}
	}
	return "", nil
}

// pdLabels finds or makes the lead labels named in want (ids key -> name;
// an empty name is skipped) and keeps their ids in ids.
func (d *Delivery) pdLabels(ctx context.Context, h crmAuth, want map[string]string, ids clients.CRMRecordIDs) error {
	var labels pdAnswer[[]struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}]
	if err := d.crmCall(ctx, http.MethodGet, d.pipedriveURL("/v1/leadLabels", nil), h, nil, &labels); err != nil {
		return err
	}
	for _, key := range []string{"label", "extraLabel"} {
		name := want[key]
		if name == "" {
			continue
		}
		ids[key] = ""
		for _, l := range labels.Data {
			if strings.EqualFold(l.Name, name) {
				ids[key] = l.ID
			}
		}
		if ids[key] != "" {
			continue
		}
		color := "green"
		if key == "extraLabel" {
			color = "blue"
		}
		var made pdAnswer[pdID]
		if err := d.crmCall(ctx, http.MethodPost, d.pipedriveURL("/v1/leadLabels", nil), h, map[string]any{"name": name, "color": color}, &made); err != nil {
			return err
		}
		ids[key] = made.Data.String()
	}
	return nil
}

// pipedriveState: a lost lead is archived in the Leads inbox; other
// states change nothing there (a won lead is converted to a deal by hand).
func (d *Delivery) pipedriveState(ctx context.Context, ch *clients.Channel, ids clients.CRMRecordIDs, state string) error {
	if ids["lead"] == "" || state != clients.StateLost {
		return nil
	}
	return d.crmCall(ctx, http.MethodPatch, d.pipedriveURL("/v1/leads/"+ids["lead"], nil), crmAuth{clients.ChannelPipedrive, ch.Secret()},
		map[string]any{"is_archived": true}, nil)
}

// jsonNumber sends a numeric id as a JSON number.
type jsonNumber string

func (n jsonNumber) MarshalJSON() ([]byte, error) {
	if n == "" || strings.TrimLeft(string(n), "0123456789") != "" {
		return []byte(`"` + string(n) + `"`), nil
	}
	return []byte(n), nil
}

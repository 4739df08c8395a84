package clients

// A CRM channel's field mapping (set in the console) and the CRM records
// a lead was filed under; crm.go in internal/clients/delivery makes the calls.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// CRMMapping is a CRM channel's field mapping, set in the console.
type CRMMapping struct {
	// OwnerID is the CRM user new records and tasks are assigned to
	// (HubSpot owner id, Pipedrive user id); empty: none.
	OwnerID string `json:"ownerId,omitempty"`
	// Task makes a HubSpot task for the owner with each lead.
	Task bool `json:"task,omitempty"`
	// ScoreProperty is the HubSpot contact property that gets the score
	// (default signalpipe_score; a number property made in HubSpot first).
	ScoreProperty string `json:"scoreProperty,omitempty"`
	// ProfileProperty is the HubSpot contact property that identifies a
	// contact without email by the person's profile URL (default website).
	ProfileProperty string `json:"profileProperty,omitempty"`
	// Properties copies lead fields into CRM properties: CRM property name
	// -> one of signal, signalType, tier, url, title, source.
	Properties map[string]string `json:"properties,omitempty"`
	// Label is a Pipedrive lead label put on every lead besides the
	// score's band (found by name or made once); empty: none.
	Label string `json:"label,omitempty"`
}

// maxLabel bounds a Pipedrive lead label's name.
const maxLabel = 60

// maxMappingKV bounds a mapping's custom properties.
const maxMappingKV = 20

var mappingFields = map[string]func(*ClientLead, engine.Lead) string{
	"signal":     func(_ *ClientLead, l engine.Lead) string { return clip(l.Signal, 1000) },
	"signalType": func(c *ClientLead, _ engine.Lead) string { return c.SignalType },
	"tier":       func(c *ClientLead, _ engine.Lead) string { return c.Tier },
	"url":        func(c *ClientLead, _ engine.Lead) string { return c.URL },
	"title":      func(_ *ClientLead, l engine.Lead) string { return l.Title },
	"source":     func(_ *ClientLead, l engine.Lead) string { return l.Source },
}

// check says what is wrong with m, a mapping of a kind channel, by field:
// each CRM takes only its own fields.
func (m *CRMMapping) check(kind string, errs fieldErrors) {
	m.Label = strings.TrimSpace(m.Label)
	if kind == ChannelPipedrive {
		for k, set := range map[string]bool{"mapping.task": m.Task, "mapping.scoreProperty": m.ScoreProperty != "",
			"mapping.profileProperty": m.ProfileProperty != "", "mapping.properties": len(m.Properties) > 0} {
			if set {
				errs[k] = "HubSpot only: a Pipedrive channel takes ownerId and label"
			}
		}
		if utf8.RuneCountInString(m.Label) > maxLabel || strings.ContainsFunc(m.Label, unicode.IsControl) {
			errs["mapping.label"] = fmt.Sprintf("must be one line of at most %d characters", maxLabel)
		}
	} else if m.Label != "" {
		errs["mapping.label"] = "Pipedrive only: HubSpot gets the score in scoreProperty"
	}
	name := func(s string) bool {
		if s == "" || len(s) > 100 {
			return false
		}
		for _, r := range s {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
				return false
			}
		}
		return true
	}
	if m.OwnerID != "" && (len(m.OwnerID) > 40 || strings.TrimLeft(m.OwnerID, "0123456789") != "") {
		errs["mapping.ownerId"] = "must be the CRM user's numeric id"
	}
	for k, v := range map[string]string{"mapping.scoreProperty": m.ScoreProperty, "mapping.profileProperty": m.ProfileProperty} {
		if v != "" && !name(v) {
			errs[k] = "must be a property's internal name (letters, digits, _)"
		}
	}
	if len(m.Properties) > maxMappingKV {
		errs["mapping.properties"] = fmt.Sprintf("at most %d properties", maxMappingKV)
	}
	for k, v := range m.Properties {
		if !name(k) || mappingFields[v] == nil {
			errs["mapping.properties"] = "each must map a property's internal name to signal, signalType, tier, url, title or source"
		}
	}
}

// crmRecords are the ids a CRM gave one lead's records (contact, company,
// note, task; person, organization, lead, label).
type crmRecords map[string]string

// CRMRecord is one CRM's records of a lead, shown on the lead.
type CRMRecord struct {
	ChannelID string            `json:"channelId"`
	Kind      string            `json:"kind"`
	IDs       map[string]string `json:"ids"`
	UpdatedAt time.Time         `json:"updatedAt"`
}

// CRMRecords lists the CRM records kept for lead leadID.
func (s *Store) CRMRecords(ctx context.Context, leadID string) ([]CRMRecord, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT channel_id, kind, ids, updated_at FROM client_crm_records
		WHERE lead_id = ? ORDER BY channel_id`), leadID)
	if err != nil {
		return nil, fmt.Errorf("crm records: %w", err)
	}
	defer rows.Close()
	out := []CRMRecord{}
	for rows.Next() {
		var (
			r   CRMRecord
			raw string
			at  db.Time
		)
		if err := rows.Scan(&r.ChannelID, &r.Kind, &raw, &at); err != nil {
			return nil, fmt.Errorf("crm records: %w", err)
		}
		_ = json.Unmarshal([]byte(raw), &r.IDs)
		r.UpdatedAt = at.Time
		out = append(out, r)
	}
	return out, rows.Err()
}

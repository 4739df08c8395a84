package delivery

import "context"

// The names CRM records carry (docs/clients.md "White-label"): a note filed
// with a lead is titled "<brand> lead" and Pipedrive's score labels read
// "<brand> score 80-100", so an agency's client sees the agency's name in
// its own CRM; with no brand name set, "Signalpipe" as before. The
// requests' technical User-Agent keeps the product's name.

// crmBrandName is the brand name of client id's CRM records. A failed read
// fails the push (retried) rather than filing under the default name.
func (d *Delivery) crmBrandName(ctx context.Context, clientID string) (string, error) {
	br, err := d.store.BrandFor(ctx, clientID)
	if err != nil {
		return "", err
	}
	return br.DisplayName(), nil
}

// crmLeadTitle is the first heading of a lead's CRM note.
func crmLeadTitle(brand string) string { return brand + " lead" }

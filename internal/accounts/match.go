package accounts

// Company is a stored company as matching sees it.
type Company struct {
	ID      string
	NameKey string
	Domain  string
}

// Confidences of a lead's link to its company (docs/clients.md
// "Accounts"): a shared domain is near certain; a name alone is likely
// when one company has it, a guess when several do.
const (
	ConfDomain    = 0.95 // same registrable domain, from a website or the company field
	ConfEmail     = 0.9  // same domain, from the author's work email
	ConfAdopt     = 0.7  // the name matched a company that had no domain yet
	ConfName      = 0.75 // the name matched one company
	ConfAmbiguous = 0.4  // the name matched several companies (different domains)
	ConfNewName   = 0.6  // a new company known by its name only
)

// Match picks, among a client's companies cs (oldest first), the one r
// belongs to, and the link's confidence; -1 means none: r is a new
// company. A domain decides when there is one: two companies with one
// name and different domains stay apart, and a name-only company is
// adopted by the first domain seen with its name.
func Match(cs []Company, r Resolution) (int, float64) {
	if r.Domain != "" {
		conf := ConfDomain
		if r.By == ByEmail {
			conf = ConfEmail
		}
		for i, c := range cs {
			if c.Domain == r.Domain {
				return i, conf
			}
		}
		for i, c := range cs {
			if c.Domain == "" && c.NameKey != "" && c.NameKey == r.NameKey {
				return i, ConfAdopt
			}
		}
		return -1, conf
	}
	found, n := -1, 0
	for i, c := range cs {
		if r.NameKey != "" && c.NameKey == r.NameKey {
			if found < 0 {
				found = i
			}
			n++
		}
	}
	switch {
	case n == 1:
		return found, ConfName
	case n > 1:
		return found, ConfAmbiguous
	}
	return -1, ConfNewName
}

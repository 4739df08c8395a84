package clients

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine/draft"
	"github.com/signalpipe/signalpipe/internal/search/querylang"

	"github.com/signalpipe/signalpipe/internal/engine"
	icpfit "github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/score"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/jobboards"
)

// clientInput is the body of POST and PATCH /api/admin/clients.
type clientInput struct {
	FromSubmission *string         `json:"fromSubmission"`
	Name           *string         `json:"name"`
	Status         *string         `json:"status"`
	ICP            json.RawMessage `json:"icp"`
	Settings       *settingsInput  `json:"settings"`
}

// settingsInput changes the settings it names.
type settingsInput struct {
	Delivery     *[]string `json:"delivery"`
	ResponseTime *string   `json:"responseTime"`
	MonthlyCap   *int      `json:"monthlyCap"`
	SignalTypes  *[]string `json:"signalTypes"`
	Queries      *[]string `json:"queries"`
	// The digests' time (docs/clients.md "Delivery").
	DigestHour    *int      `json:"digestHour"`
	DigestWeekday *string   `json:"digestWeekday"`
	TimeZone      *string   `json:"timeZone"`
	PortalMayEdit *bool     `json:"portalMayEdit"`
	JobBoards     *[]string `json:"jobBoards"`
	// Drafts replaces the client's draft settings whole (DraftSettings).
	Drafts json.RawMessage `json:"drafts"`
	// Review before delivery (docs/clients.md "Review before delivery").
	DeliveryMode  *string `json:"deliveryMode"`
	AutoApproveAt *int    `json:"autoApproveAt"`
	// Brand replaces the client's own brand whole (Brand; docs/clients.md
	// "White-label").
	Brand json.RawMessage `json:"brand"`
	// AccountThreshold: when account.heated is sent (docs/clients.md "Accounts").
	AccountThreshold *int `json:"accountThreshold"`
}

// applyClient validates the body's fields and applies them to c; a new
// blank client needs a name.
func applyClient(c *Client, in clientInput, needName bool) error {
	errs := fieldErrors{}
	if in.Name != nil {
		c.Name = strings.TrimSpace(*in.Name)
	}
	if in.Name != nil || needName {
		if c.Name == "" || utf8.RuneCountInString(c.Name) > maxName {
			errs["name"] = fmt.Sprintf("must be 1 to %d characters", maxName)
		}
	}
	if in.Status != nil {
		if !slices.Contains(Statuses, *in.Status) {
			errs["status"] = "must be one of " + strings.Join(Statuses, ", ")
		} else {
			c.Status = *in.Status
		}
	}
	if in.ICP != nil {
		p, fields := parseICP(in.ICP)
		for k, v := range fields {
			errs[strings.TrimSuffix("icp."+k, ".")] = v
		}
		c.ICP = p
	}
	if in.Settings != nil {
		c.Settings.normalize() // the defaults first, so a digest hour of 0 given alone is kept
		in.Settings.apply(&c.Settings, errs)
	}
	if c.Settings.DeliveryMode == ModeAuto && c.Settings.AutoApproveAt == 0 && errs["settings.autoApproveAt"] == "" {
		errs["settings.autoApproveAt"] = "must be given with deliveryMode auto: the lowest score approved at once (1-100)"
	}
	return errs.err()
}

// parseICP reads an ICP object as the live search does (search.ParseICP).
func parseICP(raw json.RawMessage) (engine.ICP, map[string]string) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return engine.ICP{}, map[string]string{"": "must be an object"}
	}
	p, errs := search.ParseICP(m)
	// What the fit and the threshold read must be readable: the live
	// search takes anything and falls back, a client's saved ICP must not.
	if errs == nil {
		errs = map[string]string{}
	}
	if !score.ValidThreshold(p.SignalThreshold) {
		errs["signalThreshold"] = "must be a score from 1 to 100 (\"70\", \"70%+\") or a level: \"High 80%+ match\", \"Medium 60%+ match\", \"All signals 40%+ match\""
	}
	for name, v := range map[string]string{"companySize": p.CompanySize, "revenueRange": p.RevenueRange} {
		if !icpfit.ValidRange(v) {
			errs[name] = "must be a range in figures: \"50-200\", \"1000+\", \"Under $1M\", \"$10M - $50M\""
		}
	}
	if len(errs) > 0 {
		return engine.ICP{}, errs
	}
	return p, nil
}

func (in *settingsInput) apply(st *Settings, errs fieldErrors) {
	if in.Delivery != nil {
		if len(*in.Delivery) > maxDelivery || !bounded(*in.Delivery, search.MaxItemLen) {
			errs["settings.delivery"] = fmt.Sprintf("must have at most %d entries of at most %d characters", maxDelivery, search.MaxItemLen)
		}
		st.Delivery = *in.Delivery
	}
	if in.ResponseTime != nil {
		if utf8.RuneCountInString(*in.ResponseTime) > search.MaxItemLen {
			errs["settings.responseTime"] = fmt.Sprintf("must be at most %d characters", search.MaxItemLen)
		}
		st.ResponseTime = *in.ResponseTime
	}
	if in.MonthlyCap != nil {
		if *in.MonthlyCap < 0 || *in.MonthlyCap > maxMonthlyCap {
			errs["settings.monthlyCap"] = fmt.Sprintf("must be from 0 (no cap) to %d", maxMonthlyCap)
		}
		st.MonthlyCap = *in.MonthlyCap
	}
	if in.SignalTypes != nil {
		if msg := checkSignalTypes(*in.SignalTypes); msg != "" {
			errs["settings.signalTypes"] = msg
		}
		st.SignalTypes = *in.SignalTypes
	}
	if in.Queries != nil {
		if _, err := querylang.ParseQueries(*in.Queries); err != nil {
			errs["settings.queries"] = err.Error()
		}
		st.Queries = *in.Queries
	}
	if in.DigestHour != nil {
		if *in.DigestHour < 0 || *in.DigestHour > 23 {
			errs["settings.digestHour"] = "must be an hour from 0 to 23"
		}
		st.DigestHour = *in.DigestHour
	}
	if in.DigestWeekday != nil {
		if _, ok := weekday(*in.DigestWeekday); !ok {
			errs["settings.digestWeekday"] = "must be one of " + strings.Join(Weekdays, ", ")
		}
		st.DigestWeekday = *in.DigestWeekday
	}
	if in.TimeZone != nil {
		if _, err := loadZone(*in.TimeZone); err != nil {
			errs["settings.timeZone"] = err.Error()
		}
		st.TimeZone = *in.TimeZone
	}
	if in.PortalMayEdit != nil {
		st.PortalMayEdit = *in.PortalMayEdit
	}
	if in.Drafts != nil {
		if d, ok := parseDrafts(in.Drafts, errs); ok {
			st.Drafts = d
		}
	}
	if in.Brand != nil {
		if b, ok := parseBrand(in.Brand, "settings.brand.", errs); ok {
			st.Brand = b
		}
	}
	if in.DeliveryMode != nil {
		if *in.DeliveryMode != ModeReview && *in.DeliveryMode != ModeAuto {
			errs["settings.deliveryMode"] = "must be review or auto"
		}
		st.DeliveryMode = *in.DeliveryMode
		if *in.DeliveryMode == ModeReview && in.AutoApproveAt == nil {
			st.AutoApproveAt = 0
		}
	}
	if in.AutoApproveAt != nil {
		if *in.AutoApproveAt < 1 || *in.AutoApproveAt > 100 {
			errs["settings.autoApproveAt"] = "must be a score from 1 to 100"
		}
		st.AutoApproveAt = *in.AutoApproveAt
	}
	if in.AccountThreshold != nil {
		if *in.AccountThreshold < 1 || *in.AccountThreshold > 100 {
			errs["settings.accountThreshold"] = "must be a score from 1 to 100"
		}
		st.AccountThreshold = *in.AccountThreshold
	}
	if in.JobBoards != nil {
		st.JobBoards = nil
		seen := map[string]bool{}
		for _, spec := range *in.JobBoards {
			if strings.TrimSpace(spec) == "" {
				continue
			}
			b, err := jobboards.ParseSpec(spec)
			if err != nil {
				errs["settings.jobBoards"] = err.Error()
				break
			}
			if k := strings.ToLower(b.Key()); !seen[k] {
				seen[k] = true
				st.JobBoards = append(st.JobBoards, b.Spec())
			}
		}
		if len(st.JobBoards) > maxJobBoards {
			errs["settings.jobBoards"] = fmt.Sprintf("must be at most %d boards", maxJobBoards)
		}
	}
}

func bounded(list []string, n int) bool {
	for _, s := range list {
		if utf8.RuneCountInString(s) > n {
			return false
		}
	}
	return true
}

func checkSignalTypes(list []string) string {
	for _, t := range list {
		if st := engine.SignalType(t); !st.Valid() || st == engine.None {
			names := make([]string, len(engine.SignalTypes))
			for i, s := range engine.SignalTypes {
				names[i] = string(s)
			}
			return fmt.Sprintf("%q is not a signal type; use %s", t, strings.Join(names, ", "))
		}
	}
	return ""
}

// parseDrafts reads draft settings strictly: known keys only, each fact
// within its limit and of its kind, templates for known ids with known
// slots (draft.Book.Validate).
func parseDrafts(raw json.RawMessage, errs fieldErrors) (DraftSettings, bool) {
	var in struct {
		Sender     string     `json:"sender"`
		Product    string     `json:"product"`
		ProofPoint string     `json:"proofPoint"`
		CaseStudy  string     `json:"caseStudy"`
		Templates  draft.Book `json:"templates"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		errs["settings.drafts"] = "must be an object of sender, product, proofPoint, caseStudy and templates: " + err.Error()
		return DraftSettings{}, false
	}
	n := len(errs)
	f := draft.Facts{Sender: in.Sender, Product: in.Product, Proof: in.ProofPoint, Case: in.CaseStudy}
	clean := f.Clean()
	for _, c := range []struct {
		key, given, kept string
		max              int
		kind             string
	}{
		{"sender", f.Sender, clean.Sender, draft.MaxSender, "a name of at most four words"},
		{"product", f.Product, clean.Product, draft.MaxProduct, "a short phrase of what the client sells"},
		{"proofPoint", f.Proof, clean.Proof, draft.MaxSentence, "one sentence"},
		{"caseStudy", f.Case, clean.Case, draft.MaxSentence, "one sentence"},
	} {
		if strings.TrimSpace(c.given) != "" && c.kept == "" {
			errs["settings.drafts."+c.key] = fmt.Sprintf("must be %s, at most %d characters", c.kind, c.max)
		}
	}
	for k, v := range in.Templates.Validate() {
		errs["settings.drafts."+k] = v
	}
	return DraftSettings{Facts: clean, Templates: in.Templates}, len(errs) == n
}

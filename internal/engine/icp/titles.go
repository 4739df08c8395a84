package icp

import (
	"fmt"
	"strings"
)

// Titles match by function and seniority (docs/icp-fit.md, "Title
// taxonomy"): a title is read into the functions it names (finance,
// engineering, data…) and a seniority level (C-level 5, VP 4, head or
// director 3, manager or lead 2, individual contributor 1). Two titles
// match when they share a function; the seniority gap lowers the match.
// "VP Engineering" is not "VP Finance"; "COO" is not "CFO".

// Seniority levels.
const (
	levelIC       = 1
	levelManager  = 2
	levelDirector = 3
	levelVP       = 4
	levelCLevel   = 5
)

// functionWords maps a title word (after abbreviations are expanded, see
// titleSynonyms) to its function. Phrases are checked before words.
var functionPhrases = []struct{ phrase, function string }{
	{"accounts payable", "finance"}, {"accounts receivable", "finance"}, {"finance operations", "finance"},
	{"revenue operations", "sales"}, {"sales operations", "sales"}, {"business development", "sales"},
	{"account executive", "sales"}, {"customer success", "support"}, {"customer experience", "support"},
	{"customer support", "support"}, {"support operations", "support"}, {"customer service", "support"},
	{"talent acquisition", "people"}, {"human resources", "people"}, {"people operations", "people"},
	{"recruiting operations", "people"}, {"business intelligence", "data"}, {"information technology", "it"},
	{"information security", "security"}, {"data engineer", "data"}, {"analytics engineer", "data"},
	{"analytics engineering", "data"}, {"chief executive", "executive"}, {"managing director", "executive"},
	{"chief information security", "security"}, {"chief data", "data"},
}

var functionWords = map[string]string{
	"finance": "finance", "financial": "finance", "controller": "finance", "comptroller": "finance", "accounting": "finance",
	"accountant": "finance", "payable": "finance", "treasury": "finance", "treasurer": "finance", "fp": "finance",
	"bookkeeper": "finance", "tax": "finance", "payroll": "finance",
	"engineering": "engineering", "engineer": "engineering", "developer": "engineering", "software": "engineering",
	"devops": "engineering", "sre": "engineering", "infrastructure": "engineering", "technology": "engineering",
	"technical": "engineering", "architect": "engineering",
	"security": "security", "compliance": "security", "grc": "security", "risk": "security", "privacy": "security",
	"data": "data", "analytics": "data", "analyst": "data", "bi": "data", "insights": "data",
	"product": "product",
	"sales":   "sales", "revenue": "sales", "sdr": "sales", "bdr": "sales", "seller": "sales",
	"marketing": "marketing", "growth": "marketing", "brand": "marketing", "demand": "marketing",
	"operations": "operations", "operating": "operations", "ops": "operations",
	"people": "people", "talent": "people", "recruiting": "people", "recruiter": "people", "recruitment": "people",
	"sourcer": "people", "hr": "people",
	"support": "support", "cx": "support", "service": "support",
	"it": "it", "information": "it", "sysadmin": "it",
	"executive": "executive", "founder": "executive", "cofounder": "executive", "owner": "executive", "president": "executive",
	"legal": "legal", "counsel": "legal", "design": "design", "designer": "design",
}

// levelWords give a title its seniority; the highest word wins.
var levelWords = map[string]int{
	"chief": levelCLevel, "founder": levelCLevel, "cofounder": levelCLevel, "owner": levelCLevel, "president": levelVP,
	"vice": levelVP, "head": levelDirector, "director": levelDirector, "controller": levelDirector, "comptroller": levelDirector,
	"treasurer": levelDirector, "principal": levelManager, "manager": levelManager, "lead": levelManager,
	"supervisor": levelManager, "leader": levelManager,
}

// titleProfile is a title read into functions and a level.
type titleProfile struct {
	text      string
	functions map[string]bool
	level     int
	words     []string
}

func readTitle(title string) titleProfile {
	ws := canonTitle(title)
	tp := titleProfile{text: strings.TrimSpace(title), functions: map[string]bool{}, level: levelIC, words: ws}
	joined := " " + strings.Join(ws, " ") + " "
	for _, fp := range functionPhrases {
		if strings.Contains(joined, " "+fp.phrase+" ") {
			tp.functions[fp.function] = true
			joined = strings.ReplaceAll(joined, " "+fp.phrase+" ", " ")
		}
	}
	for _, w := range strings.Fields(joined) {
		if f, ok := functionWords[w]; ok {
			tp.functions[f] = true
		}
	}
	for _, w := range ws {
		if l := levelWords[w]; l > tp.level {
			tp.level = l
		}
	}
	// The general counsel is the company's top lawyer.
	if contains(ws, "general") && contains(ws, "counsel") && tp.level < levelVP {
		tp.level = levelCLevel
	}
	// "President" alone is the chief executive; "Vice President" is VP.
	if tp.level == levelVP && !contains(ws, "vice") {
		tp.level = levelCLevel
	}
	// "Vice President" names no function; a specific function wins over
	// the generic ones: "Head of Finance Operations" is finance,
	// "Technical Recruiter" is people.
	if contains(ws, "vice") && !contains(ws, "executive") && !contains(ws, "founder") {
		delete(tp.functions, "executive")
	}
	if len(tp.functions) > 1 && tp.functions["executive"] && tp.level < levelCLevel {
		delete(tp.functions, "executive")
	}
	if len(tp.functions) > 1 {
		delete(tp.functions, "operations")
	}
	if len(tp.functions) > 1 {
		delete(tp.functions, "engineering")
	}
	return tp
}

func contains(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

// matchTitle scores a title against a target: 1 same function and level,
// 0.7 same function one level apart, 0.4 same function further apart, 0
// another function (or no function named on either side: then only the
// same words match).
func matchTitle(have, want titleProfile) (float64, string) {
	if len(have.words) == 0 || len(want.words) == 0 {
		return 0, ""
	}
	shared := ""
	for f := range want.functions {
		if have.functions[f] && (shared == "" || f < shared) {
			shared = f
		}
	}
	if shared == "" {
		if len(want.functions) == 0 && sameWords(have.words, want.words) {
			return 1, "same title"
		}
		return 0, ""
	}
	gap := have.level - want.level
	if gap < 0 {
		gap = -gap
	}
	switch gap {
	case 0:
		return 1, fmt.Sprintf("%s, %s", shared, levelName(have.level))
	case 1:
		return 0.7, fmt.Sprintf("%s, %s rather than %s", shared, levelName(have.level), levelName(want.level))
	}
	return 0.4, fmt.Sprintf("%s, %s rather than %s", shared, levelName(have.level), levelName(want.level))
}

func sameWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func levelName(l int) string {
	switch l {
	case levelCLevel:
		return "C-level"
	case levelVP:
		return "VP"
	case levelDirector:
		return "head or director"
	case levelManager:
		return "manager or lead"
	}
	return "individual contributor"
}

// titleMatch scores title against target (see matchTitle).
func titleMatch(title, target string) float64 {
	s, _ := matchTitle(readTitle(title), readTitle(target))
	return s
}

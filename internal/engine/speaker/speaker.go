// Package speaker reads who is speaking in a post and whether the move it
// describes is still open: the author's role (a buyer organisation, a
// vendor of a product or a rival, a publisher of lists, news or
// tutorials, a recruiter hiring for a vendor, a job seeker, or someone
// else) and the move's stage (live, finished, declined, or no move at
// all). Vendor and publisher content and finished or declined moves are
// not leads (issue 30, item 3).
//
// It is category-agnostic: nothing in it names a product category. Two
// small multinomial logistic regressions, one per question, read the
// post's words, word pairs and title words, the words of a thread's last
// part (after its last " [...] ", where a move is settled), and the rule
// cues that fired (cues.go: "Show HN", "best X alternatives", "merged",
// "we moved to X last year", "we decided to stay", "we're hiring at
// ..."). A clear cue
// also adds a fixed prior to its class (its weight), which the model was
// trained with as an offset, so the learned weights only correct it. The
// weights (model_table.go) are fitted by `go generate
// ./internal/engine/speaker` (./gen) on the real-post training corpus (its
// posts.jsonl and speaker.jsonl, 64 categories) with a fixed seed; their
// settings are chosen by cross-validation with the categories held out, so
// the figures it prints are for categories the model never saw.
package speaker

import (
	"math"
	"sort"
	"sync"
)

//go:generate go run ./gen -out model_table.go

// Role is who is speaking.
type Role string

// The roles, in the order of the role model's outputs.
const (
	Buyer           Role = "buyer"            // an organisation or person that would buy tools for its own use
	Vendor          Role = "vendor"           // the maker of a product (of the category or a rival), its staff, blog or launch
	Publisher       Role = "publisher"        // a list, directory, news item, tutorial or course
	VendorRecruiter Role = "vendor_recruiter" // a job at a vendor
	JobSeeker       Role = "job_seeker"       // someone looking for work
	OtherRole       Role = "other"
)

// Roles lists the roles in model order.
var Roles = [nRoles]Role{Buyer, Vendor, Publisher, VendorRecruiter, JobSeeker, OtherRole}

// Stage is where the move a post describes stands when it was written.
type Stage string

// The stages, in the order of the stage model's outputs.
const (
	Live     Stage = "live"     // the search, switch or need is open
	Finished Stage = "finished" // done: a merged migration, "we moved last year", "we now use"
	Declined Stage = "declined" // decided to stay, dropped the idea, downgraded, won't pay
	NoMove   Stage = "none"     // no move at all: a how-to, a bug, news
)

// Stages lists the stages in model order.
var Stages = [nStages]Stage{Live, Finished, Declined, NoMove}

const (
	nRoles  = 6
	nStages = 4
	nOut    = nRoles + nStages
)

// Reading is what Read finds: the likeliest role and stage with their
// probabilities, and the cues that fired (rule cues by name, then the
// model's strongest words as "model: <feature>").
type Reading struct {
	Role      Role
	RoleProb  float64
	Stage     Stage
	StageProb float64
	Cues      []string
}

// maxBytes bounds how much of a post is read: the author's role and the
// stage show early, and the cost stays bounded on a very long page.
const maxBytes = 8 << 10

// Read classifies a post's title and text. It is safe for concurrent use.
func Read(title, text string) Reading {
	s := pool.Get().(*scratch)
	defer pool.Put(s)
	return loaded().read(s, title, text, true)
}

// scratch is one call's working memory, reused through pool.
type scratch struct {
	toks  []token
	fired []int // indices into cueTable
	// mark[i] == stamp when feature i was counted in this call; seen
	// lists those features.
	mark  []uint32
	stamp uint32
	seen  []int32
	names bool // record feature names (training only)
}

var pool = sync.Pool{New: func() any {
	return &scratch{toks: make([]token, 0, 512), seen: make([]int32, 0, 512)}
}}

// table is a loaded weight table.
type table struct {
	index      hashIndex
	feats      []feat
	bias       [nOut]float32
	priorScale float64
	l2         float64
	balanced   bool
}

// feat is one feature's weights: the six role logits, then the four
// stage logits.
type feat struct {
	hash uint64
	name string
	w    [nOut]float32
}

var (
	loadOnce sync.Once
	current  *table
)

func loaded() *table {
	loadOnce.Do(func() { current = newTable(modelData) })
	return current
}

func newTable(spec modelSpec) *table {
	t := &table{index: newHashIndex(len(spec.feats)), feats: spec.feats, bias: spec.bias, priorScale: spec.priorScale, l2: spec.l2, balanced: spec.balanced}
	for i, f := range spec.feats {
		t.index.put(f.hash, int32(i))
	}
	return t
}

// read tokenizes, scans the cues and scores both models.
func (t *table) read(s *scratch, title, text string, explain bool) Reading {
	scan(s, title, text)
	z := priors(s)
	for k, b := range t.bias {
		z[k] = z[k]*t.priorScale + float64(b)
	}
	if len(s.mark) < len(t.feats) {
		s.mark = make([]uint32, len(t.feats))
		s.stamp = 0
	}
	s.stamp++
	if s.stamp == 0 { // wrapped: forget every old mark
		clear(s.mark)
		s.stamp = 1
	}
	s.seen = s.seen[:0]
	eachFeature(s, func(h uint64) {
		i, ok := t.index.get(h)
		if !ok || s.mark[i] == s.stamp {
			return
		}
		s.mark[i] = s.stamp
		s.seen = append(s.seen, i)
		for k, w := range t.feats[i].w {
			z[k] += float64(w)
		}
	})
	var r Reading
	var pr [nRoles]float64
	var ps [nStages]float64
	softmax(z[:nRoles], pr[:])
	softmax(z[nRoles:], ps[:])
	ri, si := argmax(pr[:]), argmax(ps[:])
	r.Role, r.RoleProb = Roles[ri], round2(pr[ri])
	r.Stage, r.StageProb = Stages[si], round2(ps[si])
	if explain {
		r.Cues = t.cues(s, ri, nRoles+si)
	}
	return r
}

// cues names the rule cues that fired and the model features that pushed
// the chosen role (output ri) and stage (output si) up the most.
func (t *table) cues(s *scratch, ri, si int) []string {
	var out []string
	for _, c := range s.fired {
		out = append(out, cueTable[c].label())
	}
	type contrib struct {
		i int32
		w float64
	}
	var best [2]contrib
	for k := range best {
		best[k].i = -1
	}
	for _, i := range s.seen {
		f := &t.feats[i]
		if f.name == "" || f.name[0] == '!' {
			continue // a cue: already named
		}
		for k, out := range [2]int{ri, si} {
			if w := float64(f.w[out]); w > best[k].w || w == best[k].w && best[k].i >= 0 && i < best[k].i {
				best[k] = contrib{i, w}
			}
		}
	}
	for _, b := range best {
		if b.i >= 0 && b.w > 0.05 {
			name := "model: " + t.feats[b.i].name
			if len(out) == 0 || out[len(out)-1] != name {
				out = append(out, name)
			}
		}
	}
	return out
}

// softmax writes the probabilities of logits z into p (as long as z).
func softmax(z, p []float64) {
	mx := z[0]
	for _, v := range z[1:] {
		mx = math.Max(mx, v)
	}
	sum := 0.0
	for k, v := range z {
		p[k] = math.Exp(v - mx)
		sum += p[k]
	}
	for k := range p {
		p[k] /= sum
	}
}

func argmax(p []float64) int {
	b := 0
	for k := range p {
		if p[k] > p[b] {
			b = k
		}
	}
	return b
}

func round2(p float64) float64 { return math.Round(p*100) / 100 }

// Feature is one feature of a post as the trainer sees it.
type Feature struct {
	Hash uint64
	Name string
}

// Features lists a post's features, each once, sorted by hash, and the
// cue priors the model adds as an offset (role logits, then stage). It
// is what the offline trainer (./gen) learns from.
func Features(title, text string) ([]Feature, [nOut]float64) {
	s := &scratch{names: true}
	scan(s, title, text)
	got := map[uint64]string{}
	eachNamedFeature(s, func(h uint64, name string) { got[h] = name })
	out := make([]Feature, 0, len(got))
	for h, n := range got {
		out = append(out, Feature{h, n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Hash < out[j].Hash })
	return out, priors(s)
}

// NumOutputs is the number of logits: the roles, then the stages.
const NumOutputs = nOut

// NumRoles is the number of roles (the first NumRoles outputs).
const NumRoles = nRoles

// hashIndex maps a feature hash to its row: open addressing with linear
// probing over a power-of-two table at most half full. Read looks up
// every word and word pair of a post, and this is several times faster
// than a Go map for it.
type hashIndex struct {
	keys []uint64 // 0: empty (a feature hash of 0 is stored in zero)
	vals []int32
	mask uint64
	zero int32 // row of the hash 0, or -1
}

func newHashIndex(n int) hashIndex {
	size := 16
	for size < 2*n {
		size *= 2
	}
	return hashIndex{keys: make([]uint64, size), vals: make([]int32, size), mask: uint64(size - 1), zero: -1}
}

func (x *hashIndex) put(h uint64, v int32) {
	if h == 0 {
		x.zero = v
		return
	}
	for i := (h ^ h>>32) & x.mask; ; i = (i + 1) & x.mask {
		if x.keys[i] == 0 || x.keys[i] == h {
			x.keys[i], x.vals[i] = h, v
			return
		}
	}
}

func (x *hashIndex) get(h uint64) (int32, bool) {
	if h == 0 {
		return x.zero, x.zero >= 0
	}
	for i := (h ^ h>>32) & x.mask; ; i = (i + 1) & x.mask {
		switch x.keys[i] {
		case h:
			return x.vals[i], true
		case 0:
			return 0, false
		}
	}
}

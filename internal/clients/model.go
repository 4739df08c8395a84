package clients

import (
	"encoding/json"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine/draft"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// ErrNotFound means no row has the id (or it belongs to another client).
var ErrNotFound = db.ErrNotFound

// Client statuses.
const (
	StatusOnboarding = "onboarding"
	StatusActive     = "active"
	StatusPaused     = "paused"
	StatusChurned    = "churned"
)

// Statuses lists the client statuses in their usual order.
var Statuses = []string{StatusOnboarding, StatusActive, StatusPaused, StatusChurned}

// Settings are a client's delivery preferences and the defaults its new
// agents take (docs/clients.md "Settings").
type Settings struct {
	// Delivery is how leads reach the client (onboarding's delivery_method).
	Delivery []string `json:"delivery"`
	// ResponseTime is how fast the client promised to answer a lead.
	ResponseTime string `json:"responseTime"`
	// MonthlyCap bounds the leads delivered per calendar month (UTC); 0: no cap.
	MonthlyCap int `json:"monthlyCap"`
	// SignalTypes are the signal types new agents watch; empty: all.
	SignalTypes []string `json:"signalTypes"`
	// Queries are new agents' queries, in the agent query language.
	Queries []string `json:"queries"`
	// DigestHour (0-23) is when daily and weekly digests go out, in
	// TimeZone (an IANA name); weekly ones on DigestWeekday ("monday").
	DigestHour    int    `json:"digestHour"`
	DigestWeekday string `json:"digestWeekday"`
	TimeZone      string `json:"timeZone"`
	// PortalMayEdit lets the client's own people edit their agents and
	// delivery channels in the portal (docs/clients.md "Client portal");
	// off by default: they read them.
	PortalMayEdit bool `json:"portalMayEdit"`
	// JobBoards are the public job boards of the client's target accounts
	// (kind:token=Company, as JOB_BOARDS writes them): ingest reads them
	// with JOB_BOARDS's, and their new openings become hiring posts.
	JobBoards []string `json:"jobBoards"`
	// Drafts are the client's own draft facts and wording: who signs,
	// what the client sells, a proof point, a case study (each left empty
	// is read from the ICP's knowledge base, the sender from the client's
	// contact), and its own templates by template id (issue 31 item 2).
	Drafts DraftSettings `json:"drafts"`
	// DeliveryMode is "review" (new leads wait in the owner's queue until
	// approved) or "auto" (leads scoring AutoApproveAt or more are
	// approved at once, the rest wait); docs/clients.md "Review before
	// delivery". Settings stored before review existed read as auto from
	// 1, so those clients keep delivering every lead.
	DeliveryMode  string `json:"deliveryMode"`
	AutoApproveAt int    `json:"autoApproveAt"`
	// Brand overrides the agency's brand for this client, field by field
	// (docs/clients.md "White-label"); empty fields take the agency's.
	Brand Brand `json:"brand"`
	// Unplaced are the onboarding answers the mapping could not put in a
	// field (docs/clients.md "From onboarding"), shown to the owner on the
	// client's page; read only (a PATCH does not take it).
	Unplaced []string `json:"unplaced,omitempty"`
	// AccountThreshold is the account score (1-100) whose crossing sends
	// account.heated to the client's webhooks (docs/clients.md
	// "Accounts"); 0 reads as DefaultAccountThreshold.
	AccountThreshold int `json:"accountThreshold"`
}

// DraftSettings are a client's draft facts and templates.
type DraftSettings struct {
	draft.Facts
	Templates draft.Book `json:"templates,omitempty"`
}

// draftFacts are the facts a client's drafts are written with: its
// settings', the sender defaulting to its contact (the salesperson
// onboarding named); the rest come from the ICP (pipeline).
func (c *Client) draftFacts() draft.Facts {
	f := c.Settings.Drafts.Facts
	if f.Sender == "" && c.Contact != nil {
		f.Sender = draft.Facts{Sender: c.Contact.Name}.Clean().Sender
	}
	return f
}

// Delivery modes and lead review states.
const (
	ModeReview = "review"
	ModeAuto   = "auto"

	ReviewPending  = "pending"
	ReviewApproved = "approved"
	ReviewRejected = "rejected"
)

// reviewFor is the review state a new lead of score takes under st.
func (st Settings) reviewFor(score int) string {
	if st.DeliveryMode == ModeAuto && score >= st.AutoApproveAt {
		return ReviewApproved
	}
	return ReviewPending
}

// Contact is the client's first user, as onboarding named them.
type Contact struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	// Status is "pending", then "invited" once an invite bound to Email is
	// made and "joined" once Email accepts one (docs/clients.md "Client
	// portal").
	Status string `json:"status"`
}

// Client is a customer workspace.
type Client struct {
	ID           string     `json:"id"`
	Name         string     `json:"name"`
	Status       string     `json:"status"`
	ICP          engine.ICP `json:"icp"`
	Settings     Settings   `json:"settings"`
	Contact      *Contact   `json:"contact"`
	SubmissionID *string    `json:"submissionId"`
	CreatedAt    time.Time  `json:"createdAt"`
	UpdatedAt    time.Time  `json:"updatedAt"`
}

// Agent watches the posts for one client.
type Agent struct {
	ID          string      `json:"id"`
	ClientID    string      `json:"clientId"`
	Name        string      `json:"name"`
	Template    string      `json:"template"`
	SignalTypes []string    `json:"signalTypes"`
	Queries     []string    `json:"queries"`
	Sources     []string    `json:"sources"`
	ICP         *engine.ICP `json:"icp"`
	Threshold   int         `json:"threshold"`
	Schedule    Duration    `json:"schedule"`
	Active      bool        `json:"active"`
	Cursor      int64       `json:"cursor"`
	LastRunAt   *time.Time  `json:"lastRunAt"`
	CreatedAt   time.Time   `json:"createdAt"`
}

// Run statuses.
const (
	RunRunning  = "running"
	RunComplete = "complete"
	RunPartial  = "partial"
	RunFailed   = "failed"
)

// Run kinds: started by an admin, or by the scheduler.
const (
	RunManual   = "manual"
	RunSchedule = "schedule"
)

// SourceState is one source's outcome in a run.
type SourceState struct {
	Name   string `json:"name"`
	Status string `json:"status"` // running, complete or failed
	Posts  int    `json:"posts"`
	Error  string `json:"error,omitempty"`
}

// Run is one run of an agent.
type Run struct {
	ID         string        `json:"id"`
	AgentID    string        `json:"agentId"`
	ClientID   string        `json:"clientId"`
	Kind       string        `json:"kind"`
	Status     string        `json:"status"`
	PostsRead  int           `json:"postsRead"`
	LeadsAdded int           `json:"leadsAdded"`
	Sources    []SourceState `json:"sources"`
	Notes      []string      `json:"notes"`
	Error      string        `json:"error"`
	StartedAt  time.Time     `json:"startedAt"`
	FinishedAt *time.Time    `json:"finishedAt"`
	// Attempt is the River attempt working (or that last worked) the run;
	// HeartbeatAt its last heartbeat (nil before a worker took it, and
	// after a rescue); InterruptedAt when its instance was last found dead
	// (runs.go, "Heartbeats").
	Attempt       int        `json:"attempt"`
	HeartbeatAt   *time.Time `json:"heartbeatAt"`
	InterruptedAt *time.Time `json:"interruptedAt"`
}

// RunInterrupted is the status a run shows between its rescue (its
// instance stopped heartbeating) and its retry's start; it is not stored:
// the row stays 'running', so the retry carries on with it.
const RunInterrupted = "interrupted"

// MarshalJSON shows a rescued run waiting for its retry as interrupted.
func (r Run) MarshalJSON() ([]byte, error) {
	type plain Run
	if r.Status == RunRunning && r.InterruptedAt != nil && r.HeartbeatAt == nil {
		r.Status = RunInterrupted
	}
	return json.Marshal(plain(r))
}

// Lead states and feedback verdicts.
const (
	StateNew       = "new"
	StateReviewed  = "reviewed"
	StateContacted = "contacted"
	StateMeeting   = "meeting_booked"
	StateWon       = "won"
	StateLost      = "lost"

	VerdictGood  = "good"
	VerdictNoise = "noise"
)

// LeadStates lists the inbox states in order.
var LeadStates = []string{StateNew, StateReviewed, StateContacted, StateMeeting, StateWon, StateLost}

// ClientStates are the states a client's people set (the portal and the
// REST API): their sales workflow.
var ClientStates = []string{StateNew, StateContacted, StateMeeting, StateWon, StateLost}

// Feedback is a verdict on a delivered lead; empty Verdict: none yet.
type Feedback struct {
	Verdict string `json:"verdict"`
	Reason  string `json:"reason"`
}

// ClientLead is a lead delivered to a client.
type ClientLead struct {
	ID         string          `json:"id"`
	ClientID   string          `json:"clientId"`
	AgentID    *string         `json:"agentId"`
	RunID      *string         `json:"runId"`
	PostID     string          `json:"postId"`
	URL        string          `json:"url"`
	Tier       string          `json:"tier"`
	SignalType string          `json:"signalType"`
	Score      int             `json:"score"`
	Lead       json.RawMessage `json:"lead"`
	State      string          `json:"state"`
	Feedback   *Feedback       `json:"feedback"`
	Note       string          `json:"note"`
	Owner      string          `json:"owner"`
	// Review is pending, approved or rejected (Settings.DeliveryMode);
	// only approved leads reach the client.
	Review    string    `json:"review"`
	CreatedAt time.Time `json:"createdAt"`
	// CRM lists the records CRM channels made for the lead (crm.go); only
	// on a single lead's read.
	CRM []CRMRecord `json:"crm,omitempty"`
	// Account is the lead's company's account when it says more than the
	// lead (accounts_lead.go); on the inbox's pages and a single lead's read.
	Account *LeadAccount `json:"account,omitempty"`
}

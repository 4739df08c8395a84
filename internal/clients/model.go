package clients

import (
	"encoding/json"
	"time"

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
}

// Lead states and feedback verdicts.
const (
	StateNew       = "new"
	StateReviewed  = "reviewed"
	StateContacted = "contacted"
	StateWon       = "won"
	StateLost      = "lost"

	VerdictGood  = "good"
	VerdictNoise = "noise"
)

// LeadStates lists the inbox states in order.
var LeadStates = []string{StateNew, StateReviewed, StateContacted, StateWon, StateLost}

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
	CreatedAt  time.Time       `json:"createdAt"`
	// CRM lists the records CRM channels made for the lead (crm.go); only
	// on a single lead's read.
	CRM []CRMRecord `json:"crm,omitempty"`
}

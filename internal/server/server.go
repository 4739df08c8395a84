package server

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/analytics"
	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/blog"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/delivery"
	"github.com/signalpipe/signalpipe/internal/clients/portal"
	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/intake"
	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/mail"
	"github.com/signalpipe/signalpipe/internal/mcp"
	"github.com/signalpipe/signalpipe/internal/notices"
	"github.com/signalpipe/signalpipe/internal/notify"
	"github.com/signalpipe/signalpipe/internal/pdf"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/ingest"
	"github.com/signalpipe/signalpipe/internal/search/jetstream"
	"github.com/signalpipe/signalpipe/internal/search/sources"
	"github.com/signalpipe/signalpipe/internal/seo"
	"github.com/signalpipe/signalpipe/internal/webapp"
)

// Deps are what the server is built from.
type Deps struct {
	// Config is the validated configuration.
	Config *config.Config
	// DB is the open, migrated database.
	DB *db.DB
	// Web is the web build's dist directory, e.g. fs.Sub(web.Dist, "dist").
	Web fs.FS
	// Logger is the base logger; nil means slog.Default.
	Logger *slog.Logger
}

// Server is the HTTP application: routes, middleware and lifecycle.
type Server struct {
	cfg       *config.Config
	db        *db.DB
	log       *slog.Logger
	web       *webapp.Handler
	seo       *seo.Site
	jobs      *jobs.Runner
	auth      *auth.Service
	intake    *intake.Handler
	blog      *blog.Handler
	search    *search.Handler
	clients   *clients.Handler
	portal    *portal.Portal
	mcp       *mcp.Server // the MCP server at /mcp (docs/api.md "MCP server")
	delivery  *delivery.Delivery
	mail      mail.Sender      // nil without SMTP_URL
	owner     *notify.Owner    // new bookings and onboardings, Owner.Notify
	notices   *notices.Handler // the owner's notices (channels disabled or paused, ...)
	health    *health.Store    // every source's health; its OnFailing makes a notice (buildMail)
	searchSvc *search.Service
	sourceReg *sources.Registry   // the sources with the console's settings (docs/sources.md)
	sources   *sources.Handler    // /api/admin/sources: health, settings, test
	stream    *jetstream.Consumer // nil unless JETSTREAM_ENABLED
	views     *analytics.Recorder
	stats     *analytics.Handler
	webFS     fs.FS
	pdf       pdf.Converter
	pdfAPI    *pdf.Handler
	checklist *pdf.Checklist
	router    *httpx.Router // every mounted route (routes.go)
	handler   http.Handler
	// draining is set on shutdown; /readyz then answers 503.
	draining atomic.Bool
	// writes caches /readyz's write probe.
	writes writeProbe
}

// New builds the server and its full handler chain. It fails if a dependency
// is missing or the web build is incomplete.
func New(d Deps) (*Server, error) {
	if d.Config == nil || d.DB == nil || d.Web == nil {
		return nil, errors.New("server: Config, DB and Web are required")
	}
	s := &Server{cfg: d.Config, db: d.DB, log: d.Logger, webFS: d.Web, health: health.NewStore(d.DB)}
	if s.log == nil {
		s.log = slog.Default()
	}
	web, err := webapp.New(d.Web, webapp.Options{BaseURL: s.cfg.BaseURL, Logger: s.log})
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s.web = web
	s.seo = seo.New(s.cfg.BaseURL, web.StaticRoutes())
	if err := s.buildFeatures(); err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s.handler = s.rebuild()
	return s, nil
}

// buildFeatures wires the feature packages and the background job runner
// whose workers they provide.
func (s *Server) buildFeatures() error {
	c := s.cfg
	authStore := auth.NewStore(s.db)
	s.auth = auth.NewService(authStore, auth.Options{BaseURL: c.BaseURL, SessionTTL: c.SessionTTL,
		MaxSessionAge: config.MaxSessionAge, TrustProxyHeaders: c.TrustProxyHeaders})

	workers := river.NewWorkers()
	periodic := []*river.PeriodicJob{auth.PurgePeriodicJob(), search.PurgePeriodicJob(), clients.SchedulePeriodicJob(),
		delivery.DigestPeriodicJob(), notices.ForwardPeriodicJob()}
	if c.IngestInterval > 0 {
		periodic = append(periodic, ingest.PeriodicJob(c.IngestInterval))
	}
	// River takes a job still running after max(RescueStuckJobsAfter, its
	// worker's Timeout) for abandoned (its process died) and runs it again.
	// The client-wide value is the forwarding job's (forwardRescueAfter),
	// the shortest; the longer kinds wait for their own Timeout (a search
	// 90 s, an ingest run ingest.JobTimeout + 30 s, an agent run its
	// RunOptions.Timeout + 30 s). Workers without a Timeout of their own (the
	// purges, the agents' scheduler) get the forwarding attempt's limit,
	// which River wants no longer than the rescue time. River's rescuer only
	// looks every 30 s, from the leader, so forwarding jobs are also rescued
	// by every instance every 5 s (jobs.QuickRescue): a submission whose
	// instance died mid-delivery is sent again within 2 x FORWARD_TIMEOUT +
	// 15 s (35 s by default).
	rescue := forwardRescueAfter(c)
	runner, err := jobs.New(s.db, jobs.Options{Workers: workers, Logger: s.log, PeriodicJobs: periodic,
		Queues: map[string]river.QueueConfig{search.AnonymousQueue: search.QueueConfig(search.DefaultWorkers()), search.Queue: search.QueueConfig(1),
			clients.Queue: clients.QueueConfig(), clients.DeliveryQueue: clients.DeliveryQueueConfig()},
		JobTimeout:           intake.JobTimeout(c.ForwardTimeout),
		RescueStuckJobsAfter: rescue,
		// Lead deliveries too (docs/clients.md "Delivery"): a delivery whose
		// instance died is sent again within a minute.
		QuickRescue: []jobs.QuickRescue{{Kind: intake.ForwardArgs{}.Kind(), After: rescue},
			{Kind: clients.DeliveryArgs{}.Kind(), After: clients.DeliveryRescueAfter},
			{Kind: delivery.DigestArgs{}.Kind(), After: clients.DeliveryRescueAfter}}})
	if err != nil {
		return err
	}
	s.jobs = runner
	targets := intake.Targets{WebhookURL: c.WorkflowWebhookURL, FormMailURL: c.FormMailURL,
		FormMailKey: c.FormMailKey, WebhookSecret: c.WorkflowWebhookSecret, Timeout: c.ForwardTimeout}
	store := intake.NewStore(s.db, runner)
	fwd, err := intake.NewForwarder(store, targets, s.log)
	if err != nil {
		return err
	}
	river.AddWorker(workers, fwd)
	if err := s.buildMail(workers, runner, store); err != nil {
		return err
	}
	river.AddWorker(workers, auth.NewPurgeWorker(authStore))
	if s.sourceReg, err = sources.NewRegistry(c, s.db, sources.RegistryOptions{Health: s.health, Logger: s.log,
		ClientBoards: clients.NewStore(s.db, nil).JobBoards}); err != nil {
		return err
	}
	river.AddWorker(workers, s.ingestWorker())
	limit := httpx.RateLimit(httpx.NewRateLimiter(c.FormRateLimit), c.TrustProxyHeaders)
	s.intake = intake.NewHandler(store, targets.Any(), limit)
	page, err := blog.LoadPageTemplates(s.webFS)
	if err != nil {
		return err
	}
	s.blog = blog.NewHandler(blog.NewStore(s.db), blog.Options{BaseURL: c.BaseURL, Limit: limit, Page: page})
	s.web.AddPageProvider("/blog/:slug", s.blog.PageMeta)
	s.seo.AddProvider(s.blog.SitemapURLs)
	s.buildSearch(workers)
	s.buildClients(workers, store)
	s.buildJetstream()
	s.buildAnalytics()
	s.buildPDF()
	return nil
}

// forwardRescueAfter is how long a forwarding job may stay running before
// any instance takes it for abandoned: its attempt's limit and 5 s for the
// worker to return after it.
func forwardRescueAfter(c *config.Config) time.Duration {
	return intake.JobTimeout(c.ForwardTimeout) + 5*time.Second
}

// buildAnalytics wires first-party page views: only the app's own pages are
// recorded, and a dynamic page (a blog post) only when its provider has it
// (webapp.Handler.IsPage reads the web app's route table).
func (s *Server) buildAnalytics() {
	store := analytics.NewStore(s.db)
	s.views = analytics.NewRecorder(store, s.log)
	s.stats = analytics.NewHandler(store, analytics.NewSalts(s.db), s.views, analytics.Options{
		BaseURL: s.cfg.BaseURL, IsPage: s.web.IsPage, TrustProxyHeaders: s.cfg.TrustProxyHeaders, Logger: s.log,
		IsAdmin:  func(r *http.Request) bool { _, ok := s.auth.Admin(r); return ok },
		Limit:    httpx.RateLimit(httpx.NewRateLimiter(s.cfg.AnalyticsRateLimit), s.cfg.TrustProxyHeaders),
		Revision: blog.NewStore(s.db).Revision})
}

// rebuild assembles the middleware chain around the routes. The order
// matters: the request id comes first so every later log line carries it,
// and Recover sits inside Gzip so a panic's 500 is written through it.
func (s *Server) rebuild() http.Handler {
	routes := s.routes()
	return httpx.Chain(routes,
		httpx.RequestID(s.log),
		httpx.TrustProxies(s.cfg.TrustedProxies),
		httpx.AccessLog,
		httpx.SecurityHeaders(httpx.Origin(s.cfg.BookingCalendarURL), httpx.SecureCookies(s.cfg.BaseURL)),
		httpx.Gzip,
		httpx.Recover,
		s.router.LimitBody(httpx.DefaultMaxBody), // each route's BodyLimit (e.g. the PDF converter's)
		s.rejectUnsafePaths,
	)
}

// Handler is the complete HTTP handler, middleware included.
func (s *Server) Handler() http.Handler { return s.handler }

// rejectUnsafePaths answers 404 before routing for paths that try to escape
// the site (encoded slashes, dot segments, backslashes, NULs), instead of
// letting the mux redirect them to a cleaned path.
func (s *Server) rejectUnsafePaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if webapp.SafePath(r.URL) {
			next.ServeHTTP(w, r)
			return
		}
		if httpx.IsAPIPath(r.URL.Path) || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			httpx.NotFound(w, r)
			return
		}
		s.web.NotFound(w, r)
	})
}

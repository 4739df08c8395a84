package server

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients/delivery"
	"github.com/signalpipe/signalpipe/internal/clients/portal"

	"github.com/signalpipe/signalpipe/internal/buildinfo"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/engine/enrich"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/intake"
	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/mail"
	"github.com/signalpipe/signalpipe/internal/mcp"
	"github.com/signalpipe/signalpipe/internal/notices"
	"github.com/signalpipe/signalpipe/internal/notify"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/sources"
)

// buildClients wires clients and their agents (docs/clients.md): the admin
// calls, the agent runs on their own queue, and the scheduler that
// enqueues due agents every minute.
func (s *Server) buildClients(workers *river.Workers, subs *intake.Store) {
	c := s.cfg
	store := clients.NewStore(s.db, s.jobs).WithAlertAfter(c.ChannelAlertAfter)
	svc := clients.NewService(store, clients.RunOptions{Posts: search.NewStore(s.db), Live: s.sourceReg.Live, // the console's sources at each run
		Reviewer: sources.Reviewer(c), ReviewTop: c.LLMReview, Writer: sources.Writer(c),
		Verifier: enrich.NewVerifier(c.EmailVerify, c.EmailVerifyTimeout), Logger: s.log})
	river.AddWorker(workers, clients.NewRunWorker(svc))
	// A run whose instance stopped heartbeating is taken back by every
	// instance's sweep within seconds (clients.RescueInterrupted).
	s.jobs.AddSweep(store.RescueInterrupted)
	river.AddWorker(workers, clients.NewScheduleWorker(store, s.log))
	// Email channels send through SMTP_URL; links in messages are signed
	// with a key kept in the database, the same on every instance
	// (README.md "Delivery").
	linkKey := func(ctx context.Context) ([]byte, error) { return s.db.Secret(ctx, delivery.LinkSecretKey) }
	s.delivery = delivery.NewDelivery(delivery.NewStore(store), delivery.DeliveryOptions{AllowPrivate: c.AllowPrivateWebhooks, Logger: s.log,
		Mail: s.mail, MailTimeout: c.SMTPTimeout, BaseURL: c.BaseURL, Links: delivery.NewLinks(linkKey, c.BaseURL),
		LinkLimit:     httpx.RateLimit(httpx.NewRateLimiter(c.FormRateLimit), c.TrustProxyHeaders),
		Slack:         delivery.SlackApp{SigningSecret: c.SlackSigningSecret, BotToken: c.SlackBotToken, APIURL: c.SlackAPIURL},
		HubSpotAPIURL: c.HubSpotAPIURL, PipedriveAPIURL: c.PipedriveAPIURL})
	river.AddWorker(workers, s.delivery)
	river.AddWorker(workers, delivery.NewDigestWorker(s.delivery))
	river.AddWorker(workers, delivery.NewCRMStateWorker(s.delivery))
	river.AddWorker(workers, delivery.NewAccountHeatedWorker(s.delivery))
	river.AddWorker(workers, delivery.NewDigestScheduleWorker(delivery.NewStore(store), s.log))
	s.notices = notices.NewHandler(notices.NewStore(s.db))
	s.clients = clients.NewHandler(store, subs, svc.SourceNames).WithMail(s.mail != nil).
		WithPreview(search.NewStore(s.db), httpx.RateLimit(httpx.NewRateLimiter(c.SearchRateLimit), c.TrustProxyHeaders))
	// The client portal's users sign in with the admins' machinery in
	// their own role (own tables and cookie; docs/clients.md "Client portal").
	// A churned client's people are refused at sign-in (docs/clients.md
	// "Paused and churned clients").
	ps := portal.NewStore(store)
	s.portal = portal.NewPortal(ps, s.auth.ForRole(auth.RoleClient).WithAdmission(store.Admit), c.BaseURL).WithDelivery(s.delivery)
	// The MCP server: a client's assistant on its leads with its API
	// token, an admin token's on every client's and the live search.
	s.mcp = mcp.New(ps, mcp.Options{Search: s.searchSvc, Version: buildinfo.Version, Logger: s.log})
}

// buildMail makes the SMTP sender (nil without SMTP_URL) and the owner's
// notifier, and has every new booking and onboarding notify the owner in
// the transaction that stores it (README.md "Delivery").
func (s *Server) buildMail(workers *river.Workers, runner *jobs.Runner, subs *intake.Store) error {
	c := s.cfg
	if c.SMTP != nil {
		smtp, err := mail.New(mail.Options{Server: c.SMTP, From: c.MailFrom, Timeout: c.SMTPTimeout})
		if err != nil {
			return err
		}
		s.mail = smtp
	}
	s.owner = notify.New(runner, notify.Options{Mail: s.mail, To: c.OwnerNotifyEmail, SlackURL: c.OwnerSlackWebhookURL,
		BaseURL: c.BaseURL, MailTimeout: c.SMTPTimeout, Logger: s.log})
	river.AddWorker(workers, s.owner)
	subs.OnCreate(func(ctx context.Context, tx jobs.Tx, n intake.NewSubmission) error {
		return s.owner.NotifyTx(ctx, tx, submissionNotice(n))
	})
	// The owner's notices (a channel disabled or paused, a source failing
	// for an hour) go to the owner's channels too, each once
	// (notices.Forwarder, every minute).
	noticeStore := notices.NewStore(s.db)
	river.AddWorker(workers, notices.NewForwarder(noticeStore, runner, func(ctx context.Context, tx jobs.Tx, subject, text, link string) error {
		return s.owner.NotifyTx(ctx, tx, notify.Message{Subject: subject, Text: text, Link: link})
	}, s.log))
	s.health.OnFailing = func(ctx context.Context, name string, since time.Time, lastErr string) {
		s.log.WarnContext(ctx, "source failing for an hour", "source", name, "since", since.UTC().Format(time.RFC3339), "last_error", lastErr)
		text := fmt.Sprintf("The source %s has been failing since %s (last error: %s). Agents and searches go on without it.",
			name, since.UTC().Format("2006-01-02 15:04 UTC"), lastErr)
		if _, err := noticeStore.Add(ctx, notices.KindSourceFailing, text, "/admin"); err != nil {
			s.log.ErrorContext(ctx, "notice: source failing", "source", name, "err", err)
		}
	}
	return nil
}

// submissionNotice is the owner's message about a new submission.
func submissionNotice(n intake.NewSubmission) notify.Message {
	who := n.Company
	if who == "" {
		who = n.Email
	}
	return notify.Message{Subject: "New " + n.Kind + ": " + who, Text: n.Summary, Link: "/admin",
		Fields: []notify.Field{{Label: "Kind", Value: n.Kind}, {Label: "Email", Value: n.Email}, {Label: "Company", Value: n.Company}}}
}

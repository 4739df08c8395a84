package server

import (
	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/auth"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/engine/enrich"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/intake"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/sources"
)

// buildClients wires clients and their agents (docs/clients.md): the admin
// calls, the agent runs on their own queue, and the scheduler that
// enqueues due agents every minute.
func (s *Server) buildClients(workers *river.Workers, subs *intake.Store) {
	c := s.cfg
	store := clients.NewStore(s.db, s.jobs)
	svc := clients.NewService(store, clients.RunOptions{Posts: search.NewStore(s.db), Sources: sources.Tracked(health.NewStore(s.db), s.log, sources.Live(c)), // every fetch recorded
		Reviewer: sources.Reviewer(c), ReviewTop: c.LLMReview,
		Verifier: enrich.NewVerifier(c.EmailVerify, c.EmailVerifyTimeout), Logger: s.log})
	river.AddWorker(workers, clients.NewRunWorker(svc))
	river.AddWorker(workers, clients.NewScheduleWorker(store, s.log))
	s.delivery = clients.NewDelivery(store, clients.DeliveryOptions{AllowPrivate: c.AllowPrivateWebhooks, Logger: s.log})
	river.AddWorker(workers, s.delivery)
	s.clients = clients.NewHandler(store, subs, svc.SourceNames)
	// The client portal's users sign in with the admins' machinery in
	// their own role (own tables and cookie; docs/clients.md "Client portal").
	// A churned client's people are refused at sign-in (docs/clients.md
	// "Paused and churned clients").
	s.portal = clients.NewPortal(store, s.auth.ForRole(auth.RoleClient).WithAdmission(store.Admit), c.BaseURL)
}

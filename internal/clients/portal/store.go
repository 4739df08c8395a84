package portal

import "github.com/signalpipe/signalpipe/internal/clients"

// Store is the clients store with the portal's tables: invites, client
// users' sign-in, API tokens and admin tokens.
type Store struct {
	*clients.Store
}

// NewStore returns the portal's store over s.
func NewStore(s *clients.Store) *Store { return &Store{Store: s} }

package delivery

import "github.com/signalpipe/signalpipe/internal/clients"

// Store is the clients store with the delivery's tables: deliveries and
// their attempts, digests, channel state and CRM records.
type Store struct {
	*clients.Store
}

// NewStore returns the delivery's store over s.
func NewStore(s *clients.Store) *Store { return &Store{Store: s} }

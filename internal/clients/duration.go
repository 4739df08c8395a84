package clients

import (
	"encoding/json"
	"fmt"
	"time"
)

// Bounds of an agent's schedule (docs/clients.md "Agents").
const (
	MinSchedule     = 15 * time.Minute
	MaxSchedule     = 168 * time.Hour
	DefaultSchedule = time.Hour
)

// Duration is an agent's schedule, written in JSON as Go duration text
// ("15m", "1h30m", "168h").
type Duration time.Duration

// MarshalJSON writes whole hours as "Nh", else whole minutes as "Nm".
func (d Duration) MarshalJSON() ([]byte, error) {
	t := time.Duration(d)
	if t%time.Hour == 0 {
		return json.Marshal(fmt.Sprintf("%dh", t/time.Hour))
	}
	return json.Marshal(fmt.Sprintf("%dm", t/time.Minute))
}

// parseSchedule reads a schedule and checks its bounds.
func parseSchedule(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("must be a duration such as 15m, 6h or 168h")
	}
	if d < MinSchedule || d > MaxSchedule {
		return 0, fmt.Errorf("must be between 15m and 168h")
	}
	if d%time.Minute != 0 {
		return 0, fmt.Errorf("must be whole minutes")
	}
	return d, nil
}

// UnmarshalJSON reads Go duration text.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	t, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	*d = Duration(t)
	return nil
}

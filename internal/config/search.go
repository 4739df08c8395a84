package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

func applyDemoKey(c *Config, v string) error {
	v = strings.TrimSpace(v)
	if v == "" || len(v) > 200 || strings.ContainsAny(v, "\r\n") {
		return fmt.Errorf("must be 1-200 characters on one line")
	}
	c.DemoKey = v
	return nil
}

func applySearchRateLimit(c *Config, v string) error {
	n, err := intIn(v, 0, 100000)
	if err != nil {
		return fmt.Errorf("%w (0 disables)", err)
	}
	c.SearchRateLimit = n
	return nil
}

func applyCorpusSeed(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.CorpusSeed = b
	return nil
}

func applyHNEnabled(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.HNEnabled = b
	return nil
}

func applyEmailVerify(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.EmailVerify = b
	return nil
}

// maxEmailVerifyTimeout keeps verification inside the search's latency
// budget (first leads within 3 s, the demo polling every 2 s).
const maxEmailVerifyTimeout = 2 * time.Second

func applyEmailVerifyTimeout(c *Config, v string) error {
	d, err := time.ParseDuration(v)
	if err != nil || d < 10*time.Millisecond || d > maxEmailVerifyTimeout {
		return fmt.Errorf("must be a duration from 10ms to %s, such as 1s", maxEmailVerifyTimeout)
	}
	c.EmailVerifyTimeout = d
	return nil
}

// applyLeadMaxAge reads LEAD_MAX_AGE: a Go duration ("720h") or a whole
// number of days ("30d").
func applyLeadMaxAge(c *Config, v string) error {
	d, err := ParseAge(v)
	if err != nil {
		return err
	}
	c.LeadMaxAge = d
	return nil
}

// ParseAge reads an age as LEAD_MAX_AGE takes it: a Go duration ("720h")
// or a whole number of days ("30d"), from 1h to 3650d.
func ParseAge(v string) (time.Duration, error) {
	v = strings.TrimSpace(v)
	var d time.Duration
	if days, ok := strings.CutSuffix(v, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil {
			return 0, fmt.Errorf("must be a duration such as 720h or a number of days such as 30d")
		}
		d = time.Duration(n) * 24 * time.Hour
	} else {
		var err error
		if d, err = time.ParseDuration(v); err != nil {
			return 0, fmt.Errorf("must be a duration such as 720h or a number of days such as 30d")
		}
	}
	if d < time.Hour || d > 3650*24*time.Hour {
		return 0, fmt.Errorf("must be from 1h to 3650d")
	}
	return d, nil
}

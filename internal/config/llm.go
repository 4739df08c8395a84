package config

import (
	"fmt"
	"strings"
	"time"
)

func applyLLMBaseURL(c *Config, v string) error {
	u, err := optionalHTTPURL(strings.TrimRight(v, "/"))
	c.LLMBaseURL = u
	return err
}

func applyLLMAPIKey(c *Config, v string) error {
	if strings.ContainsAny(v, "\r\n") {
		return fmt.Errorf("must be a single line")
	}
	c.LLMAPIKey = v
	return nil
}

func applyLLMModel(c *Config, v string) error {
	v = strings.TrimSpace(v)
	if v == "" || len(v) > 200 || strings.ContainsAny(v, "\r\n") {
		return fmt.Errorf("must be a model name of 1-200 characters on one line")
	}
	c.LLMModel = v
	return nil
}

// applyLLMTimeout caps the wait at 30s: the model is asked inside a search
// that the demo is polling for, and a search has 60s in all.
func applyLLMTimeout(c *Config, v string) error {
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 || d > 30*time.Second {
		return fmt.Errorf("must be a positive duration up to 30s, such as 8s")
	}
	c.LLMTimeout = d
	return nil
}

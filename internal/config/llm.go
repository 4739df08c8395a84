package config

import (
	"fmt"
	"math"
	"strconv"
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

// applyLLMReview caps the leads reviewed at 30: three batches of ten, sent
// at once, so that a review takes at most one LLM_TIMEOUT of a search's 60s.
func applyLLMReview(c *Config, v string) error {
	n, err := intIn(v, 0, 30)
	if err != nil {
		return fmt.Errorf("%w (0: no review)", err)
	}
	c.LLMReview = n
	return nil
}

// applyLLMTemperature accepts 0-2, OpenAI's range; empty sends none.
func applyLLMTemperature(c *Config, v string) error {
	c.LLMTemperature = nil
	if strings.TrimSpace(v) == "" {
		return nil
	}
	t, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || math.IsNaN(t) || t < 0 || t > 2 {
		return fmt.Errorf("must be a number 0-2, or empty to send none")
	}
	c.LLMTemperature = &t
	return nil
}

// applyLLMContextTokens needs at least 1024: below that the review's rule
// book alone does not fit.
func applyLLMContextTokens(c *Config, v string) error {
	n, err := intIn(v, 1024, 1_000_000)
	if err != nil {
		return err
	}
	c.LLMContextTokens = n
	return nil
}

package config

import (
	"strings"
	"testing"
	"time"
)

func TestLLMOptions(t *testing.T) {
	c, err := Load([]string{"--llm-model", "llama3.1:8b"}, env(map[string]string{
		"LLM_BASE_URL": "http://127.0.0.1:11434/v1/", "LLM_API_KEY": "sk-x", "LLM_TIMEOUT": "3s", "LLM_REVIEW": "0"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.LLMBaseURL != "http://127.0.0.1:11434/v1" || c.LLMAPIKey != "sk-x" || c.LLMModel != "llama3.1:8b" || c.LLMTimeout != 3*time.Second || c.LLMReview != 0 {
		t.Fatalf("LLM options %q %q %q %s", c.LLMBaseURL, c.LLMAPIKey, c.LLMModel, c.LLMTimeout)
	}
	for _, tt := range []struct{ env, value string }{
		{"LLM_BASE_URL", "api.openai.com/v1"},
		{"LLM_BASE_URL", "https://user:pw@llm.example/v1"},
		{"LLM_API_KEY", "a\nb"},
		{"LLM_MODEL", " "},
		{"LLM_TIMEOUT", "0s"},
		{"LLM_TIMEOUT", "2m"},
		{"LLM_TIMEOUT", "8"},
		{"LLM_REVIEW", "31"},
		{"LLM_REVIEW", "-1"},
		{"LLM_REVIEW", "ten"},
		{"LLM_TEMPERATURE", "2.5"},
		{"LLM_TEMPERATURE", "-0.1"},
		{"LLM_TEMPERATURE", "warm"},
		{"LLM_TEMPERATURE", "NaN"},
		{"LLM_CONTEXT_TOKENS", "512"},
		{"LLM_CONTEXT_TOKENS", "8k"},
	} {
		_, err := Load(nil, env(map[string]string{tt.env: tt.value}))
		if err == nil || !strings.Contains(err.Error(), "invalid "+tt.env) {
			t.Errorf("%s=%q: error %v", tt.env, tt.value, err)
		}
		if err != nil && strings.Contains(err.Error(), "pw@") {
			t.Errorf("error leaks the URL's credentials: %v", err)
		}
	}
}

func TestLLMTemperatureAndContext(t *testing.T) {
	c, err := Load(nil, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.LLMTemperature != nil || c.LLMContextTokens != 8192 {
		t.Fatalf("defaults: temperature %v, context %d; want none and 8192", c.LLMTemperature, c.LLMContextTokens)
	}
	c, err = Load([]string{"--llm-temperature", "0"}, env(map[string]string{"LLM_CONTEXT_TOKENS": "4096"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.LLMTemperature == nil || *c.LLMTemperature != 0 || c.LLMContextTokens != 4096 {
		t.Fatalf("temperature %v, context %d; want 0 and 4096", c.LLMTemperature, c.LLMContextTokens)
	}
}

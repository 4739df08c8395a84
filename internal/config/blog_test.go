package config

import (
	"strings"
	"testing"
)

func TestBlogSeedOption(t *testing.T) {
	if !Default().BlogSeed {
		t.Fatal("BLOG_SEED should default to true")
	}
	c, err := Load(nil, env(map[string]string{"BLOG_SEED": "false"}))
	if err != nil || c.BlogSeed {
		t.Fatalf("BLOG_SEED=false: %+v, %v", c, err)
	}
	c, err = Load([]string{"--blog-seed=false"}, env(map[string]string{"BLOG_SEED": "true"}))
	if err != nil || c.BlogSeed {
		t.Fatalf("--blog-seed=false: %v", err)
	}
	_, err = Load(nil, env(map[string]string{"BLOG_SEED": "sometimes"}))
	if err == nil || !strings.Contains(err.Error(), `invalid BLOG_SEED "sometimes"`) {
		t.Fatalf("error = %v", err)
	}
}

package config

import (
	"strings"
	"testing"
)

func TestJetstreamOptions(t *testing.T) {
	c, err := Load(nil, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.JetstreamEnabled || c.JetstreamURL != "wss://jetstream2.us-east.bsky.network/subscribe" {
		t.Fatalf("defaults: %v %q", c.JetstreamEnabled, c.JetstreamURL)
	}
	c, err = Load([]string{"--jetstream-enabled"}, env(map[string]string{"JETSTREAM_URL": "ws://127.0.0.1:6008/subscribe"}))
	if err != nil {
		t.Fatal(err)
	}
	if !c.JetstreamEnabled || c.JetstreamURL != "ws://127.0.0.1:6008/subscribe" {
		t.Fatalf("set: %v %q", c.JetstreamEnabled, c.JetstreamURL)
	}
	for _, tc := range []struct{ env, value, want string }{
		{"JETSTREAM_ENABLED", "sometimes", "invalid JETSTREAM_ENABLED"},
		{"JETSTREAM_URL", "https://jetstream2.us-east.bsky.network/subscribe", "must be an absolute ws:// or wss:// URL"},
		{"JETSTREAM_URL", "jetstream2.us-east.bsky.network", "invalid JETSTREAM_URL"},
		{"JETSTREAM_URL", "wss://j.example/subscribe?cursor=1", "must not have a query"},
		{"JETSTREAM_URL", "wss://user:pw@j.example/subscribe", "invalid JETSTREAM_URL"},
	} {
		_, err := Load(nil, env(map[string]string{tc.env: tc.value}))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s=%q: err %v, want %q", tc.env, tc.value, err, tc.want)
		}
	}
}

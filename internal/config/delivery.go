package config

import (
	"fmt"
	"strconv"
)

func applyAllowPrivateWebhooks(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.AllowPrivateWebhooks = b
	return nil
}

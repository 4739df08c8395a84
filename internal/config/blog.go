package config

import (
	"fmt"
	"strconv"
)

func applyBlogSeed(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.BlogSeed = b
	return nil
}

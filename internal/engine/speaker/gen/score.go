package main

import (
	"fmt"
	"io"
)

// confusion counts (label, call) pairs over a fixed list of classes.
type confusion struct {
	names []string
	n     map[[2]string]int
}

func newConfusion(names []string) *confusion {
	return &confusion{names: names, n: map[[2]string]int{}}
}

func (c *confusion) add(label, call string) { c.n[[2]string{label, call}]++ }

func (c *confusion) total() int {
	t := 0
	for _, v := range c.n {
		t += v
	}
	return t
}

func (c *confusion) accuracy() float64 {
	right := 0
	for _, k := range c.names {
		right += c.n[[2]string{k, k}]
	}
	return ratio(right, c.total())
}

// recall is the share of posts labelled k called k (the class's
// accuracy); precision the share of posts called k labelled k.
func (c *confusion) recall(k string) (float64, int) {
	n, right := 0, c.n[[2]string{k, k}]
	for _, o := range c.names {
		n += c.n[[2]string{k, o}]
	}
	return ratio(right, n), n
}

func (c *confusion) precision(k string) float64 {
	n := 0
	for _, o := range c.names {
		n += c.n[[2]string{o, k}]
	}
	return ratio(c.n[[2]string{k, k}], n)
}

// macroRecall is the mean recall over the classes that have posts.
func (c *confusion) macroRecall() float64 {
	sum, m := 0.0, 0
	for _, k := range c.names {
		if r, n := c.recall(k); n > 0 {
			sum += r
			m++
		}
	}
	if m == 0 {
		return 0
	}
	return sum / float64(m)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

type cvScores struct{ role, stage *confusion }

func (s cvScores) value() float64 {
	return s.role.accuracy() + s.role.macroRecall() + s.stage.accuracy() + s.stage.macroRecall()
}

func (s cvScores) print(w io.Writer, how string) {
	for _, c := range []struct {
		name string
		c    *confusion
	}{{"author role", s.role}, {"stage", s.stage}} {
		fmt.Fprintf(w, "  %s, %s: accuracy %.3f, macro recall %.3f over %d posts\n", c.name, how, c.c.accuracy(), c.c.macroRecall(), c.c.total())
		fmt.Fprintf(w, "    %-18s %8s %9s %7s\n", "class", "posts", "accuracy", "precision")
		for _, k := range c.c.names {
			r, n := c.c.recall(k)
			fmt.Fprintf(w, "    %-18s %8d %9.3f %7.3f\n", k, n, r, c.c.precision(k))
		}
	}
}

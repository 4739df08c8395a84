package icp

import "github.com/signalpipe/signalpipe/internal/engine/speaker"

// Subject is what is known about a lead when its fit is measured. Empty
// fields are unknown.
type Subject struct {
	Title     string
	Company   string
	Employees string // "51-200", "40", "1000+"
	Industry  string
	Location  string
	Revenue   string // free text: "$30k MRR", "$2M ARR"
	Funding   string // free text: "Series A", "seed", "bootstrapped"
	Text      string // the post's title and text
	// Signal is the detected signal type, matched against budget
	// indicators such as "recent funding" or "hiring".
	Signal string
	// Employer is the company the post or its source states for the
	// author (not one guessed from the text): a competitor here makes the
	// post the vendor's own.
	Employer string
	// PostTitle and Body are the post's title and text apart (Text holds
	// both), for where the ICP's terms stand; empty: Text is read as body.
	PostTitle, Body string
	// Source and Platform say where the post was published.
	Source, Platform string
	// Live: the detector reads a live buying signal; IntentProb is its
	// model's probability of one (-1 unknown).
	Live       bool
	IntentProb float64
	// Speaker is who speaks and where the move stands (package speaker);
	// zero: unknown.
	Speaker speaker.Reading
}

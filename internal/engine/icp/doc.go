// Package icp measures how well a lead fits an ideal-customer profile: a
// 0-1 score with the reasons behind it. Each criterion the ICP sets is
// judged 0-1 with a confidence: a stated fact counts fully, a fact the post
// does not give takes no part (it is neither a match nor a mismatch), and
// "not mentioned" counts a little for criteria only a mention can meet.
// The fit is the confidence-weighted mean, shrunk toward a neutral prior
// as far as the criteria are unknown; any exclusion that matches makes the
// fit 0.
package icp

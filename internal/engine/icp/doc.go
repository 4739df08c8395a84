// Package icp measures how well a lead fits an ideal-customer profile: a
// 0-1 score with the reasons behind it. Each criterion the ICP sets is
// scored 0-1 (unknown facts get a neutral partial score, not zero) and the
// criteria are averaged with fixed weights; any exclusion that matches
// makes the fit 0.
package icp

// Package engine holds the intent pipeline's shared types: the posts it reads,
// the detections, ICP fits and leads it produces, and lead de-duplication.
//
// The stages live in sub-packages so that each can be tested and benchmarked
// alone: detect (signal type, intent, strength, cues), icp (fit of a lead to
// an ideal-customer profile), score (score, tiers, thresholds), enrich
// (person, company, verified emails), draft (campaign templates) and
// pipeline (the whole chain, which the API and background jobs call).
// corpus embeds the bundled default posts; labelled embeds the hand-labelled
// evaluation set.
package engine

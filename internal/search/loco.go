package search

import (
	"context"
	"fmt"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/realcorpus"
	"github.com/signalpipe/signalpipe/internal/engine/realcorpus/examples"
)

// EvalLOCO measures generalisation to categories never trained on
// (leave one category out): for each category of the training corpus in
// dir (package realcorpus), a relevance model is trained on every other
// category's ICP and posts, and that category's ICP searches the whole
// corpus through the real search path (EvalSearch's) judged by it, every
// post read by a detector and a speaker model fitted without its category
// (examples.OutOfFold: the shipped ones saw it). only, when set, limits the categories left out (the test's
// fixed slice).
func EvalLOCO(ctx context.Context, dir string, opt Options, only ...string) (EvalReport, error) {
	c, err := realcorpus.Load(dir)
	if err != nil {
		return EvalReport{}, err
	}
	// Every post is read by a detector and a speaker model fitted without
	// its category (the shipped ones saw it), for training and measuring.
	oof, err := examples.OutOfFold(c)
	if err != nil {
		return EvalReport{}, err
	}
	all, err := examples.Examples(c, &oof, nil)
	if err != nil {
		return EvalReport{}, err
	}
	readLive, readSpeaker := oof.ByText(c)
	// Examples come ICP by ICP, each over every post in corpus order.
	postCat := make([]string, len(all))
	for i := range all {
		postCat[i] = c.Posts[i%len(c.Posts)].Category
	}
	want := map[string]bool{}
	for _, id := range only {
		want[id] = true
	}
	var icps []evalICP
	for _, row := range c.ICPs {
		if len(only) == 0 || want[row.ID] {
			icps = append(icps, evalICP{ID: row.ID, ICP: row.ICP})
		}
	}
	if len(icps) == 0 {
		return EvalReport{}, fmt.Errorf("loco: no category of %v in %s", only, dir)
	}
	modelFor := func(id string) (evalModel, error) {
		var train []icp.Example
		for i, e := range all {
			if e.Group != id && postCat[i] != id {
				train = append(train, e)
			}
		}
		m, err := icp.Train(train, icp.TrainOptions{})
		if err != nil {
			return evalModel{}, err
		}
		// The shipped model's speaker veto, and the stance model fitted
		// without the category left out.
		shipped, err := icp.DefaultModel()
		if err != nil {
			return evalModel{}, err
		}
		m.Veto = shipped.Veto
		if m.Stance, err = examples.Stance(c, &oof, func(cat string) bool { return cat == id }); err != nil {
			return evalModel{}, err
		}
		return evalModel{Model: m, Speaker: readSpeaker, ReadLive: readLive}, nil
	}
	ps := make([]engine.Post, len(c.Posts))
	for i, p := range c.Posts {
		ps[i] = p.Engine()
	}
	return evalRun(ctx, icps, ps, c.Relevant(), opt, modelFor)
}

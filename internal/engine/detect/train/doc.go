// Package train is the detector's offline trainer: TrainModel chooses the
// live and kind models' settings by cross-validation on the labelled
// set's train split and writes model_table.go; FitCalibration fits the
// strength calibration and writes calibration_table.go. Only the
// generators (go generate runs ../modelgen and ../calibgen) and tests use
// it, so the runtime detector does not link the evaluation code it scores
// with (docs/architecture.md §2).
package train

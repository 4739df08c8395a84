package pdf

import (
	"context"
	"errors"
	"fmt"
)

// Converter renders one HTML document to PDF bytes.
type Converter interface {
	// Convert renders html as an A4 PDF. Errors are ErrTooLarge, ErrBusy,
	// ErrTimeout, ErrUnavailable, ErrRejected or ErrBudget (possibly
	// wrapped), or the context's error when the caller gave up.
	Convert(ctx context.Context, html []byte) ([]byte, error)
	// Close stops the converter; Convert fails with ErrUnavailable after it.
	Close(ctx context.Context) error
}

// Sentinel errors of Convert; the HTTP layer maps each to one status.
var (
	// ErrTooLarge means the HTML is over the size limit (413).
	ErrTooLarge = errors.New("pdf: document too large")
	// ErrBusy means every slot and queue place is taken (429).
	ErrBusy = errors.New("pdf: converter busy")
	// ErrTimeout means the job did not finish within its time limit (503).
	ErrTimeout = errors.New("pdf: conversion timed out")
	// ErrUnavailable means no renderer can run: Chromium is missing or
	// failed to start, the remote service is down, or the converter is
	// closed (503).
	ErrUnavailable = errors.New("pdf: converter unavailable")
	// ErrNoChromium is the ErrUnavailable of a server without a Chromium
	// binary; its answer says so, since only an operator can fix it.
	ErrNoChromium = fmt.Errorf("%w: no Chromium binary (install chromium or set CHROMIUM_PATH)", ErrUnavailable)
	// ErrRejected means the renderer refused this document (422).
	ErrRejected = errors.New("pdf: document could not be converted")
)

// A4 paper and the margins every PDF gets, in inches. Gotenberg is sent the
// same figures so both back ends produce the same page.
const (
	PaperWidthIn  = 8.27
	PaperHeightIn = 11.69
	MarginIn      = 0.4
)

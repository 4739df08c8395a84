// Package clientstest is the test support shared by the tests of the
// clients packages (internal/clients/delivery, internal/clients/portal):
// an instance over a test database (either engine) with its store, run
// service, job runner and admin routes, the tests' clock, a fake webhook
// receiver, and builders of clients, agents, leads and posts.
//
// It is a normal package so that several packages' tests can import it, but
// only _test.go files may import it. The clients model's own tests
// (package clients) cannot import it (it imports the model: a cycle), so
// what needs no model is in the package below, clientstest/fixture, which
// they import; they keep their own env and model builders.
package clientstest

package search

// OtherRoutes are the routes of packages that import this one (so this
// package's tests cannot import them), which the OpenAPI document also
// lists; the external test package search_test fills it before the tests
// run (openapi_clients_test.go).
var OtherRoutes []string

# Signalpipe: `make run` serves the product, `make test` runs every test.
# Both install what is missing first (see scripts/deps.sh).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

GO      ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X github.com/signalpipe/signalpipe/internal/buildinfo.Version=$(VERSION)
BIN     := bin/signalpipe

WEB_SOURCES := $(shell find web/src web/public web/scripts -type f 2>/dev/null) \
               web/index.html web/vite.config.ts web/tsconfig.json web/package.json \
               internal/api/openapi.json
GO_SOURCES  := $(shell find cmd internal -name '*.go' -o -name '*.sql' 2>/dev/null) go.mod go.sum web/embed.go

.PHONY: run build test test-go test-web test-e2e deps system-deps web-deps web-build lint perf clean

## run: build everything and serve on http://localhost:8080 (SQLite under ./data);
## installs Chromium for the PDF converter when it is missing
run: build
	@scripts/deps.sh chromium || echo "deps: Chromium could not be installed; the site runs, PDF conversion answers 503"
	./$(BIN) serve

## build: bin/signalpipe with the web app embedded
build: $(BIN)

$(BIN): web/dist/index.html $(GO_SOURCES)
	@scripts/deps.sh go
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/signalpipe

web/node_modules/.package-lock.json: web/package-lock.json web/package.json
	@scripts/deps.sh node
	# npm install, not npm ci: the registry here lacks some other platforms'
	# optional packages (e.g. @tailwindcss/oxide-win32-*), which npm ci refuses;
	# npm install still installs exactly the locked versions.
	cd web && npm install --no-audit --no-fund
	@touch $@

web-deps: web/node_modules/.package-lock.json

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SOURCES)
	cd web && npm run build

web-build: web/dist/index.html

## test: every Go, web and end-to-end test; store tests on SQLite and PostgreSQL
test: deps lint test-web test-go test-e2e

deps: web-deps
	@scripts/deps.sh go node test

## lint: gofmt and go vet; ESLint and Prettier over the web app (web/eslint.config.js);
## redocly lint over internal/api/openapi.json (web/redocly.yaml)
lint: web-build
	@out=$$(gofmt -l cmd internal web/embed.go); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	cd web && npm run lint

test-web: web-deps
	cd web && npx vitest run

## test-go: every Go test on SQLite and PostgreSQL, counted by internal/devtools/testsum:
## it prints "go: N passed, N failed, N skipped" and fails on a skip that
## scripts/allowed-skips.txt does not list (a missing browser or database fails, never skips)
test-go: web-build
	SIGNALPIPE_REQUIRE_POSTGRES=1 scripts/with-postgres.sh $(GO) test -count=1 -json ./... \
		| $(GO) run ./internal/devtools/testsum -allow scripts/allowed-skips.txt

test-e2e: build
	cd web && npx playwright test

## perf: measure the budgets of docs/performance.md; fails when a benchmark gate is over budget
perf: build
	scripts/perf/run.sh
	scripts/with-postgres.sh $(GO) run ./internal/devtools/perfcheck

clean:
	rm -rf bin web/dist-ssr
	find web/dist -mindepth 1 ! -name .placeholder -delete 2>/dev/null || true

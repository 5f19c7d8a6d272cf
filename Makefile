# taxd: `make run` serves on a local Postgres when DATABASE_URL is unset; `make test` runs everything.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
GO ?= go


.PHONY: all generate check-generated build run test test-go test-contract lint-spec bench lint tools clean

all: build

## generate: regenerate gen/ from spec/ and sql/ with the pinned generators
generate:
	rm -rf gen/db gen/rest gen/graph  # start clean so a dropped query or type leaves no stale file
	$(GO) tool sqlc generate
	mkdir -p gen/rest
	$(GO) tool oapi-codegen -config oapi-codegen.yaml spec/openapi.yaml
	$(GO) tool gqlgen generate --config gqlgen.yml

## check-generated: fail when gen/ differs from what the generators produce (stale or hand-edited)
check-generated:
	@rm -rf .gen-before && cp -r gen .gen-before
	$(MAKE) --no-print-directory generate
	@if ! diff -r -q .gen-before gen; then \
		echo "gen/ was out of date or edited by hand; it is regenerated now: review and commit it"; \
		rm -rf .gen-before; exit 1; \
	fi
	@rm -rf .gen-before; echo "gen/ is up to date"

## build: the taxd binary in bin/
build:
	$(GO) build -o bin/taxd ./cmd/taxd

## run: serve on 127.0.0.1:8080 (a local Postgres under .data/ unless DATABASE_URL is set)
run: build
	./bin/taxd serve

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

## lint-spec: the independent OpenAPI linter (Spectral, spectral:oas ruleset)
lint-spec: node_modules/.package-lock.json
	npx spectral lint spec/openapi.yaml -r .spectral.yaml --fail-severity=warn

## test: spec lint, unit and integration tests, contract tests
test: lint-spec test-go test-contract

test-go:
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 20m $$($(GO) list ./... | grep -v /contracttests)

test-contract:
	$(GO) test -count=1 -timeout 20m -v ./contracttests/ 2>&1 | tee /tmp/taxd-contract.log | grep -E '^(contract:|graphql contract:|--- FAIL|FAIL|ok|PASS|panic)|_test.go:[0-9]+:' || true
	@grep -q '^ok' /tmp/taxd-contract.log || { tail -50 /tmp/taxd-contract.log; exit 1; }

## bench: the benchmark set (engine throughput; a full recalculation of a generated 1M-transaction
## client in Postgres, phase by phase; the GraphQL transaction list and summary on such a client,
## p50/p99 per filter set)
BENCH_TRANSACTIONS ?= 1000000
bench: build
	$(GO) test -run '^$$' -bench . -benchmem -cpu 1 ./internal/tax/
	./bin/taxd bench recalc --transactions $(BENCH_TRANSACTIONS) --data-dir .data/bench
	TAXD_BENCH_TRANSACTIONS=$(BENCH_TRANSACTIONS) $(GO) test -run '^$$' -bench BenchmarkTransactionQueries -benchtime 100x -timeout 60m ./internal/graph/

## lint: go vet and staticcheck
lint:
	$(GO) vet ./...
	$(GO) tool staticcheck ./...

clean:
	rm -rf bin

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

## bench: the benchmark set, issue 10's P1-P4 (about 6-10 minutes on 2 cores):
##   P1 the engine on one core, warm (reused Engine) and cold (fresh Engine per run), 1M transactions;
##   P2 `taxd compute` wall time on a 20,000-row ledger (CSV out) and on 1M transactions (JSON out);
##   P3 full recalculations of a generated 1M-transaction client in Postgres, phase by phase;
##   P4 an incremental recalculation after edits in the last 1% of that ledger's history.
BENCH_TRANSACTIONS ?= 1000000
BENCH_DIR ?= .data/bench
bench: build
	@mkdir -p $(BENCH_DIR)
	@echo "== P1: engine throughput, one core (BenchmarkFIFO/HIFO warm, ...Cold fresh engine)"
	$(GO) test -run '^$$' -bench . -benchmem -cpu 1 ./internal/tax/
	@echo "== P2: taxd compute"
	./bin/taxd bench ledger --shape trades --transactions 20000 --output $(BENCH_DIR)/trades-20k.csv
	./bin/taxd bench ledger --shape mixed --transactions $(BENCH_TRANSACTIONS) --output $(BENCH_DIR)/mixed-1m.csv
	@if command -v hyperfine >/dev/null; then \
		hyperfine -N --warmup 3 --runs 30 --output null 'bin/taxd compute --input $(BENCH_DIR)/trades-20k.csv --method fifo --per-wallet-from never --format csv'; \
		hyperfine -N --warmup 1 --runs 5 --output null 'bin/taxd compute --input $(BENCH_DIR)/mixed-1m.csv --method fifo --format json'; \
	else \
		for i in 1 2 3 4 5; do /usr/bin/time -f '20k rows: %e s wall, %U s user, %S s system, %M KB' bin/taxd compute --input $(BENCH_DIR)/trades-20k.csv --method fifo --per-wallet-from never --format csv >/dev/null 2>/dev/null; done; \
		for i in 1 2 3; do /usr/bin/time -f '1M json: %e s wall, %U s user, %S s system, %M KB' bin/taxd compute --input $(BENCH_DIR)/mixed-1m.csv --method fifo --format json >/dev/null; done; \
	fi
	@echo "== P3 (full runs) and P4 (incremental run): taxd bench recalc"
	./bin/taxd bench recalc --transactions $(BENCH_TRANSACTIONS) --data-dir $(BENCH_DIR)

## lint: go vet and staticcheck
lint:
	$(GO) vet ./...
	$(GO) tool staticcheck ./...

clean:
	rm -rf bin

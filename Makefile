# taxd: `make run` serves on a local Postgres when DATABASE_URL is unset; `make test` runs everything.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
GO ?= go


.PHONY: all generate web graphiql check-generated build run test test-steps test-go test-contract test-browser chromium poppler lint-spec contract-gate typecheck-ts bench fuzz lint tools clean

all: build

## generate: regenerate gen/ and sql/schema.sql from spec/ and sql/ with the pinned generators
generate:
	rm -rf gen/db gen/rest gen/graph  # start clean so a dropped query or type leaves no stale file
	$(GO) tool sqlc generate
	TAXD_WRITE_SCHEMA=1 $(GO) test -count=1 -run '^TestSchemaFile$$' ./internal/store/ >/dev/null  # sql/schema.sql: pg_dump of a migrated database (needs a test Postgres)
	mkdir -p gen/rest
	$(GO) tool oapi-codegen -config oapi-codegen.yaml spec/openapi.yaml
	$(GO) tool gqlgen generate --config gqlgen.yml
	$(GO) tool oapi-codegen -config sdk/go/oapi-codegen.yaml spec/openapi.yaml
	$(MAKE) --no-print-directory sdk/ts/node_modules/.package-lock.json
	cd sdk/ts && node scripts/generate.mjs
	$(MAKE) --no-print-directory node_modules/.package-lock.json
	cd examples/graphql-client && ../../node_modules/.bin/graphql-codegen --config codegen.ts --silent
	rm -rf web/portal/generated && cd web/portal && ../../node_modules/.bin/graphql-codegen --config codegen.ts --silent
	$(MAKE) --no-print-directory web

## web: the portal app (type-checked by tsc, bundled by esbuild) and the OpenAPI reference page (Redocly, offline) into web/dist,
## which is committed and embedded in the binary
web: node_modules/.package-lock.json
	rm -rf web/dist && mkdir -p web/dist/docs
	npx tsc -p web/portal/tsconfig.json
	npx esbuild web/portal/portal.ts web/portal/portal.css --bundle --minify --target=es2020 --outdir=web/dist/portal --log-level=warning
	npx redocly build-docs spec/openapi.yaml --inlineBundle --template web/docs/template.hbs \
		--title 'taxd Partner REST API' -o web/dist/docs/index.html >/dev/null 2>&1 || { echo 'redocly build-docs failed'; exit 1; }

## graphiql: the development GraphQL explorer (GraphiQL + React + Monaco, about 7 MB): built here,
## not committed, embedded only in builds with -tags graphiql (`make run`), never in `make build`
GRAPHIQL := web/graphiql/dist/main.js
graphiql: $(GRAPHIQL)
$(GRAPHIQL): web/graphiql/main.tsx web/graphiql/explorer.css package-lock.json | node_modules/.package-lock.json
	rm -rf web/graphiql/dist
	npx esbuild web/graphiql/main.tsx --bundle --minify --format=esm --target=es2022 --jsx=automatic \
		--loader:.ttf=file --outdir=web/graphiql/dist --log-level=error
	npx esbuild node_modules/monaco-editor/esm/vs/editor/editor.worker.js \
		node_modules/monaco-editor/esm/vs/language/json/json.worker.js node_modules/monaco-graphql/esm/graphql.worker.js \
		--bundle --minify --format=iife --target=es2022 --entry-names=[name] --outdir=web/graphiql/dist --log-level=error

## check-generated: fail when gen/ or the SDKs differ from what the generators produce (stale or
## hand-edited)
GENERATED := gen sql/schema.sql sdk/go/client.gen.go sdk/ts/src/schema.ts sdk/ts/src/binary.ts examples/graphql-client/gql web/portal/generated web/dist
check-generated:
	@rm -rf .gen-before && mkdir -p .gen-before/sql .gen-before/sdk/go .gen-before/sdk/ts/src .gen-before/examples/graphql-client .gen-before/web/portal
	@for f in $(GENERATED); do cp -r $$f .gen-before/$$f; done
	$(MAKE) --no-print-directory generate
	@stale=0; for f in $(GENERATED); do diff -r -q .gen-before/$$f $$f || stale=1; done; rm -rf .gen-before; \
	if [ $$stale = 1 ]; then \
		echo "generated files were out of date or edited by hand; they are regenerated now: review and commit them"; exit 1; \
	fi; echo "gen/, the SDKs and web/dist are up to date"

## build: the taxd binary in bin/ (GO_TAGS=graphiql adds the development GraphQL explorer); `taxd
## version` prints VERSION (git describe) and the commit go build records
GO_TAGS ?=
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo devel)
build:
	$(GO) build -buildvcs=auto -tags '$(GO_TAGS)' -ldflags '-X main.buildVersion=$(VERSION)' -o bin/taxd ./cmd/taxd
	$(GO) build -o bin/taxd-compute ./cmd/taxd-compute
	$(GO) build -o bin/taxd-bare ./cmd/taxd-bare

## run: serve on 127.0.0.1:8080 (a local Postgres under .data/ unless DATABASE_URL is set), with the
## GraphQL explorer at GET /graphql when it can be built (it needs Node and npm); without them taxd
## still starts, says so, and GET /graphql says how to get the explorer
run:
	@if $(MAKE) --no-print-directory graphiql; then tags=graphiql; else \
		echo "make run: the GraphQL explorer could not be built (it needs Node 20 and npm: npm ci); serving without it"; tags=; fi; \
	$(MAKE) --no-print-directory build GO_TAGS=$$tags
	./bin/taxd serve

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

sdk/ts/node_modules/.package-lock.json: sdk/ts/package.json sdk/ts/package-lock.json
	cd sdk/ts && npm ci --no-audit --no-fund --loglevel=error

## bin/oasdiff: the pinned oasdiff, built once (kept out of go.mod; CI caches bin/)
OASDIFF_VERSION := v1.33.0
bin/oasdiff:
	GOBIN=$(CURDIR)/bin GOFLAGS=-mod=mod $(GO) install github.com/oasdiff/oasdiff@$(OASDIFF_VERSION)
OGEN_VERSION := v1.24.0
bin/ogen:
	GOBIN=$(CURDIR)/bin GOFLAGS=-mod=mod $(GO) install github.com/ogen-go/ogen/cmd/ogen@$(OGEN_VERSION)

## contract-gate: fail on a breaking change against the released contract (spec/baseline/README.md),
## check that the gate rejects the deliberately breaking copies, and that a third, strict generator
## (ogen, beside oapi-codegen and openapi-typescript of make generate) accepts the spec
contract-gate: bin/oasdiff bin/ogen node_modules/.package-lock.json
	scripts/contract-gate
	scripts/contract-gate --self-test

## lint-spec: the independent OpenAPI linter (Spectral, spectral:oas ruleset)
lint-spec: node_modules/.package-lock.json
	npx spectral lint spec/openapi.yaml -r .spectral.yaml --fail-severity=warn

## test: spec lint, the breaking-change gate, unit and integration tests, contract tests, browser tests of the portal,
## all on one test Postgres (internal/pgtest/withpostgres starts a throwaway cluster unless TEST_DATABASE_URL is set)
## (the steps run side by side: most of their time is spent waiting on Postgres and the servers they start; each
## step's output is printed whole when it ends)
test:
	$(GO) run ./internal/pgtest/withpostgres -- $(MAKE) --no-print-directory -j 3 --output-sync=target test-steps

test-steps: lint-spec contract-gate typecheck-ts test-go test-contract test-browser

## typecheck-ts: tsc over the TypeScript SDK and the typed GraphQL client example (tsconfig.json)
typecheck-ts: node_modules/.package-lock.json sdk/ts/node_modules/.package-lock.json
	node_modules/.bin/tsc -p .

## test-go: every Go package's tests but the contract and browser suites (go vet runs in lint)
test-go: poppler
	TAXD_REQUIRE_POPPLER=1 $(GO) test -count=1 -timeout 20m $$($(GO) list ./... | grep -v -e /contracttests -e /browsertests)

## chromium: the headless browser of the browser tests (Debian's package); after poppler, so that the
## side-by-side test steps never run two apt-get at once (dpkg's lock)
chromium: | poppler
	@command -v chromium >/dev/null || { echo "installing chromium (apt-get)"; apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }

## poppler: pdftoppm and pdftotext, with which the report tests render the tax-form PDFs (Debian's package)
poppler:
	@command -v pdftoppm >/dev/null || { echo "installing poppler-utils (apt-get)"; apt-get update -qq && apt-get install -y -qq poppler-utils >/dev/null; }

## test-browser: the portal in headless Chromium against a real server (screenshots in browsertests/screenshots)
test-browser: chromium node_modules/.package-lock.json
	$(GO) test -count=1 -timeout 10m ./browsertests/

# The SDK flows and the GraphQL client example run inside the contract tests (sdk_test.go); they
# need the npm packages, and TAXD_REQUIRE_NODE=1 turns a missing one into a failure. The whole log
# is kept in the checkout's .data/contract.log (not a shared /tmp file: checkouts test side by side).
test-contract: node_modules/.package-lock.json sdk/ts/node_modules/.package-lock.json
	@mkdir -p .data
	TAXD_REQUIRE_NODE=1 $(GO) test -count=1 -timeout 30m -v ./contracttests/ 2>&1 | tee .data/contract.log | grep -aE '^(contract:|graphql contract:|fuzz |model:|--- FAIL|FAIL|ok|PASS|panic)|_test.go:[0-9]+:' || true
	@grep -q '^ok' .data/contract.log || { tail -50 .data/contract.log; exit 1; }

## bench: the benchmark set, issue 10's P1-P4 (about 6-10 minutes on 2 cores):
##   P1 the engine on one core, 1M transactions: warm (one Engine reused), cold (a fresh Engine per run
##      that takes over the memory the previous run's Engine released, as the recalculation worker
##      runs it) and cold on fresh memory (a process's first run: ...ColdFresh);
##   P2 `taxd compute` wall time on a 20,000-row ledger (CSV out) and on 1M transactions (JSON out),
##      through the lean taxd-compute binary and, for the 20k file, through taxd (its start-up included);
##   P3 full recalculations of a generated 1M-transaction client in Postgres, phase by phase (after
##      a CHECKPOINT that settles the seed; TAXD_BENCH_SETTLE=0 times them right after it);
##   P4 an incremental recalculation after edits in the last 1% of that ledger's history;
##   P6 every read operation of the seed (GraphQL Query fields, partner REST GETs) on a 1M-transaction
##      client with tax forms, reports, edits and links, p50/p99 per operation and argument set, as a table;
##   P7 a sync page of 10,000 transfers and a 1M-row CSV import, re-import and recalculation;
##   P2 vs RP2: the fastest of 30 taxd-compute runs on an RP2-sized ledger against RP2's recorded time;
##   P5 getUser under wrk (2 threads, 32 connections, 10 s) on taxd and on cmd/taxd-bare, A B A B:
##      the throughput ratio, both p99s and each server's CPU per request (needs wrk);
##   P8 a broker tax form of 10,000 rows reconciled with 100,000 disposals.
BENCH_TRANSACTIONS ?= 1000000
BENCH_IMPORT_ROWS ?= 1000000
BENCH_DIR ?= .data/bench
bench: build
	@mkdir -p $(BENCH_DIR)
	@echo "== P1: engine throughput, one core, 8 runs each (BenchmarkFIFO/HIFO warm, ...Cold fresh Engine on released memory as the worker runs it, ...ColdFresh fresh Engine on fresh memory, FIFOColdSink fresh engine without a Result; transfers/cpu-s is the steadier figure on a busy machine)"
	$(GO) test -run '^$$' -bench . -benchmem -cpu 1 -benchtime 8x ./internal/tax/
	@echo "== P2: taxd compute"
	./bin/taxd bench ledger --shape trades --transactions 20000 --output $(BENCH_DIR)/trades-20k.csv
	./bin/taxd bench ledger --shape mixed --transactions $(BENCH_TRANSACTIONS) --output $(BENCH_DIR)/mixed-1m.csv
	@if command -v hyperfine >/dev/null; then \
		hyperfine -N --warmup 3 --runs 30 --output null 'bin/taxd-compute --input $(BENCH_DIR)/trades-20k.csv --method fifo --per-wallet-from never --format csv' 'bin/taxd compute --input $(BENCH_DIR)/trades-20k.csv --method fifo --per-wallet-from never --format csv'; \
		hyperfine -N --warmup 1 --runs 5 --output null 'bin/taxd-compute --input $(BENCH_DIR)/mixed-1m.csv --method fifo --format json'; \
	else \
		for i in 1 2 3 4 5; do /usr/bin/time -f '20k rows: %e s wall, %U s user, %S s system, %M KB' bin/taxd-compute --input $(BENCH_DIR)/trades-20k.csv --method fifo --per-wallet-from never --format csv >/dev/null 2>/dev/null; done; \
		for i in 1 2 3; do /usr/bin/time -f '1M json: %e s wall, %U s user, %S s system, %M KB' bin/taxd-compute --input $(BENCH_DIR)/mixed-1m.csv --method fifo --format json >/dev/null; done; \
	fi
	./bin/taxd bench compute --runs 30 --label "P2 vs RP2: taxd-compute on an RP2-sized ledger (10,000 buys + 10,000 sells, CSV out)" -- \
		bin/taxd-compute --input $(BENCH_DIR)/trades-20k.csv --method fifo --per-wallet-from never --format csv
	@echo "== P5: GET /api/users/{referenceId}/user, taxd vs a bare net/http + pgx server (cmd/taxd-bare), wrk A B A B"
	./bin/taxd bench rest --data-dir $(BENCH_DIR)
	@echo "== P3 (full runs) and P4 (incremental run): taxd bench recalc"
	./bin/taxd bench recalc --transactions $(BENCH_TRANSACTIONS) --data-dir $(BENCH_DIR)
	@echo "== P7: a sync page of 10,000 transfers; a 1M-row CSV import, re-import and recalculation"
	$(GO) test -run '^$$' -bench ImportSyncPage -benchtime 5x ./internal/ledger/
	./bin/taxd bench import --rows $(BENCH_IMPORT_ROWS) --data-dir $(BENCH_DIR)
	@echo "== P6: every read of the GraphQL and partner REST APIs over HTTP on one 1M-transaction client, p50/p99 (TAXD_BENCH_KEEP=1 keeps the fixture on TEST_DATABASE_URL's server for the next run)"
	TAXD_BENCH_TRANSACTIONS=$(BENCH_TRANSACTIONS) $(GO) test -run '^$$' -bench 'BenchmarkReads' -benchtime 30x -timeout 120m ./internal/graph/
	@echo "== P8: a broker tax form of 10,000 rows reconciled with 100,000 disposals"
	$(GO) test -run '^$$' -bench BenchmarkReconcile -benchtime 5x -benchmem ./internal/taxforms/

## fuzz: the request fuzzer with 20,000 requests per API, the model-based test of the ledger
## (TestModelBasedLedger) with MODEL_SEQUENCES sequences (default 40, about 10 s each) from a new
## seed each run (MODEL_SEED to replay one), then each native fuzz target for FUZZTIME
FUZZTIME ?= 30s
FUZZ_TARGETS := FuzzParseCSV:./internal/imports FuzzValidateAddress:./internal/imports FuzzParseDec:./internal/tax \
	FuzzVerifyToken:./internal/auth FuzzAPIKeyPrefix:./internal/auth FuzzVerifySigned:./internal/reports FuzzLimits:./internal/graph
fuzz:
	FUZZ_REQUESTS=$${FUZZ_REQUESTS:-20000} $(GO) test -count=1 -timeout 60m -v -run '^TestFuzz' ./contracttests/ 2>&1 | grep -aE '^(fuzz |--- FAIL|FAIL|ok|panic)|_test.go:[0-9]+:'
	MODEL_SEQUENCES=$${MODEL_SEQUENCES:-40} MODEL_SEED=$${MODEL_SEED:-$$(date +%s)} MODEL_SHRINK_SECONDS=$${MODEL_SHRINK_SECONDS:-300} \
		$(GO) test -count=1 -timeout 120m -v -run '^TestModelBasedLedger$$' ./contracttests/ 2>&1 | grep -aE '^(model:|--- FAIL|FAIL|ok|panic)|_test.go:[0-9]+:|^ {8,}'
	for t in $(FUZZ_TARGETS); do $(GO) test -run '^$$' -fuzz "^$${t%%:*}$$" -fuzztime $(FUZZTIME) "$${t#*:}" || exit 1; done

## lint: go vet and staticcheck (staticcheck skips gen/)
lint:
	$(GO) vet ./...
	$(GO) tool staticcheck $$($(GO) list ./... | grep -v /gen/)  # gen/ is the generators' output, not ours to lint

clean:
	rm -rf bin

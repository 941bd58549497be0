# Tome: two commands on a fresh Debian/Ubuntu machine.
#   make run    build the desktop app and open it
#   make test   run every test (core, CLI, UI, and the real app end to end)
# Both install what they need first (scripts/deps.sh).

CARGO ?= cargo
SHARED ?= ../shared
VERBATIM := $(SHARED)/tools/verbatim-check

.PHONY: run test deps lint test-core test-faults test-ui test-share test-e2e check-words bindings ui-fixture cli dev guide bench fuzz package check-package

deps:
	@scripts/deps.sh

run: deps
	@scripts/run.sh

# The end-to-end tests drive the packaged release app, so the package is built (once)
# and checked before them.
test: deps check-words lint test-core test-faults test-ui test-share package check-package test-e2e

# Release packages (.deb and .rpm) with the Tauri bundler, into target/packages/.
package: deps
	scripts/package.sh

# What the packages hold and depend on, and the unpacked .deb's `tome` at work; leaves
# the unpacked tree in target/package-root/ for the end-to-end tests.
check-package:
	scripts/check-package.sh

# Formatting and lints, for the core and the shell (allow-list, with reasons, in Cargo.toml).
lint:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	@# The fuzz crate is outside the workspace: a stale lock would be rewritten by every
	@# fuzz build. Not offline: on a fresh machine the fuzz crate's own dependencies
	@# (libfuzzer-sys) are in no cache yet, and --locked still refuses to touch the lock.
	@out=$$($(CARGO) metadata --manifest-path fuzz/Cargo.toml --format-version 1 --locked 2>&1 >/dev/null) || { \
		case "$$out" in *"cannot update the lock file"*) \
			echo "fuzz/Cargo.lock is out of date: run 'cargo metadata --manifest-path fuzz/Cargo.toml --format-version 1 >/dev/null' and commit it" >&2;; \
		*) echo "$$out" >&2;; esac; exit 1; }

test-core:
	$(CARGO) test -p tome --lib --bins --tests
	$(CARGO) test -p tome --doc
	# The benchmarks must keep compiling; type-checking them is enough here (building them
	# would be a second, release build of everything: `make bench` runs them).
	$(CARGO) check -p tome --benches

# 200 processes killed at random moments of imports, saves and migrations, then the
# damage trial: 100 copies of a realistic file with 1 random byte changed and 100 with
# 100, each read with the clean-close marker kept and without (tests/damage_trial.rs;
# minutes each, one after the other: each spreads its copies over the cores itself).
# Every page of Tome's own content damaged in a copy of its own, two ways
# (tests/damage_trial/every_page.rs: 834 copies, 5 to 11 minutes on two cores) is in
# `make fuzz`; `make test-core` damages a page of each of Tome's tables, both ways in turn.
test-faults:
	$(CARGO) test -p tome --test db_safety -- --ignored --nocapture
	$(CARGO) test -p tome --test damage_trial -- --ignored --nocapture --exact the_trial

# Fuzz each target for FUZZ_SECONDS with cargo-fuzz. Its sanitizer flags need a nightly
# compiler: the nightly toolchain when one is installed, else stable told to accept them
# (RUSTC_BOOTSTRAP=1). A release build embeds the phone pages, so they are built first.
# The encounter targets run without AddressSanitizer: they drive safe Rust (and SQLite)
# through dozens of changes an input, which ASan made six times slower (24 against 146
# inputs a second); their checks are their own assertions, kept with debug assertions and
# overflow checks on. They are also built without tracing comparisons: their bytes are
# read as picks from lists and numbers folded into ranges, so a value the code compares
# seldom stands in the input as it is compared; the traces guided little and took a
# third of the time (1,000 against 650 inputs a second for encounter_rules, 350 against
# 260 for encounter_events, as many edges reached: BENCHMARKS.md). The parsers of
# untrusted bytes keep both. Built apart (fuzz/target/nosan), so neither build undoes
# the other's. encounter_rules plays the same steps as encounter_events with nothing
# stored, from the same seeds: fights of any length, for the rules in depth.
# encounter_events plays fights of a dozen changes (64 bytes) with a checkpoint every 4
# events, for what storing adds (events written and refused, undo and redo, checkpoints
# read and dropped, kept states): about 2,000 inputs a second, where fights of 60
# changes run under 600 (BENCHMARKS.md).
# share_requests runs as the encounter targets do, and for their reasons: an input is
# one request a device sends, its checks are its own assertions (no panic, the two
# tables that differ only in a hidden goblin answer alike, the game master's notes never
# reach a phone), and most of its time is searches and "did you mean", which the ASan
# build runs 17 to 85 times slower (an entry 7.3 ms against 0.44, a search 3.4 against
# 0.04): 26,437 inputs in 120 s against 186,000 to 248,000 (with the traces, 67,553 and
# fewer edges: BENCHMARKS.md). share_parsers keeps ASan and the traces for
# the requests whose bytes reach unsafe or C code: a join's body and a cookie header
# (serde_json and http, sent before the code is held), the Host header, and a search's
# words and an entry's id (SQLite's full-text query parser and GLOB, in C, which the
# ASan build instruments). It is the same function, given share_requests' seeds; an
# upload's bytes are character_import's (under ASan); an action's inputs are picked
# from a list.
FUZZ_SECONDS ?= 180
DIFFERENTIAL_CASES ?= 3000
SEARCH_DIFFERENTIAL_CASES ?= 300
LEAK_CASES ?= 10000
FUZZ_TARGETS ?= pack_parser text_import character_import encounter_events encounter_rules share_requests share_parsers
fuzz:
	@command -v cargo-fuzz >/dev/null || $(CARGO) install cargo-fuzz --locked
	@test -f ui/dist-table/table.html || { npm --prefix ui ci && npm --prefix ui run build:table; }
	@if rustup run nightly rustc --version >/dev/null 2>&1; then tc=+nightly; else tc=; export RUSTC_BOOTSTRAP=1; fi; \
	cd fuzz && for t in $(FUZZ_TARGETS); do \
		case $$t in encounter_*|share_requests) san="-s none --no-trace-compares --target-dir target/nosan";; *) san=;; esac; \
		case $$t in encounter_rules) seeds=seeds/encounter_events;; share_parsers) seeds=seeds/share_requests;; *) seeds=seeds/$$t;; esac; \
		case $$t in encounter_events) len=-max_len=64;; *) len=;; esac; \
		mkdir -p corpus/$$t && \
		$(CARGO) $$tc fuzz run -a $$san $$t corpus/$$t $$seeds -- -max_total_time=$(FUZZ_SECONDS) $$len || exit 1; \
	done
	@# The table's differential tests (no answer to a phone depends on what is hidden: the
	@# fight's, and the notes' and library's in its searches) and its leak test (no byte
	@# names what is hidden) at more cases than `make test` runs.
	TOME_DIFFERENTIAL_CASES=$(DIFFERENTIAL_CASES) $(CARGO) test -p tome --test table share_differential::
	TOME_SEARCH_DIFFERENTIAL_CASES=$(SEARCH_DIFFERENTIAL_CASES) $(CARGO) test -p tome --test table share_search_noninterference::
	TOME_LEAK_CASES=$(LEAK_CASES) $(CARGO) test -p tome --test table share_leaks::
	@# Every page of Tome's own content damaged, both ways (`make test-core` runs a page
	@# of each of its tables).
	$(CARGO) test -p tome --test damage_trial -- --ignored --nocapture every_page::

# Search latency and index build, PDFs, and an encounter's change, undo and show at
# 200, 2,000 and 20,000 events (criterion); figures go in BENCHMARKS.md.
bench:
	$(CARGO) bench -p tome --bench search
	$(CARGO) bench -p tome --bench pdf
	$(CARGO) bench -p tome --bench encounter

test-ui:
	npm --prefix ui run check
	npm --prefix ui run lint
	npm --prefix ui test

# Tome at the table in a real browser: Chromium at phone size joins a `tome share` on
# loopback (e2e/share-browser.mjs). The table pages are built first, so the core embeds them.
test-share:
	npm --prefix ui run build:table
	$(CARGO) build -p tome --bin tome
	@# The CLI cargo just built, wherever cargo builds (CI keeps its target outside the clone).
	cd e2e && TOME_CLI="$${CARGO_TARGET_DIR:-$(CURDIR)/target}/debug/tome" node --test --test-concurrency=1 share-browser.mjs share-acting.mjs

# Needs `make package check-package` first (`make test` runs them in order).
test-e2e:
	scripts/e2e.sh

# Tome's prose must be its own: no run of a dozen words shared with the rules documents.
check-words:
	@if [ -x "$(VERBATIM)" ]; then "$(VERBATIM)" .; \
	else echo "check-words: $(VERBATIM) not found, skipped"; fi

# Regenerate the UI's TypeScript types from the Rust types.
bindings:
	UPDATE_BINDINGS=1 $(CARGO) test -p tome --test bindings

# Record again what the core answers the UI's tests (and `npm run dev` in a browser):
# ui/src/test/fixture.json, from the scenarios in tests/ui_fixture.rs.
ui-fixture:
	UPDATE_UI_FIXTURE=1 $(CARGO) test -p tome --test ui_fixture

# The command line alone (no desktop dependencies needed), with the phone pages `tome
# share` serves built into it.
cli:
	@scripts/deps.sh core
	npm --prefix ui run build:table
	$(CARGO) build --release -p tome --bin tome
	@"$${CARGO_TARGET_DIR:-$(CURDIR)/target}/release/tome" systems

# The user guide (docs/guide/, mdBook's layout) as a book in target/guide/, where
# mdBook is installed; its links and images are checked by tests/project/docs_links.rs in
# test-core, mdBook or not.
guide:
	@command -v mdbook >/dev/null || { echo "make guide needs mdBook: cargo install mdbook --locked" >&2; exit 1; }
	mdbook build docs/guide
	@echo "The guide: target/guide/index.html"

# UI development with hot reload: Vite dev server plus the shell pointed at it.
dev: deps
	@scripts/dev.sh

# Tome: two commands on a fresh Debian/Ubuntu machine.
#   make run    build Tome and run it
#   make test   run every test
# Both install what they need first (see scripts/deps.sh).

CARGO ?= cargo
SHARED ?= ../shared
VERBATIM := $(SHARED)/tools/verbatim-check

.PHONY: run test deps check-words

deps:
	@scripts/deps.sh

run: deps
	$(CARGO) build --release --bin tome
	@echo; echo '$$ tome systems'; ./target/release/tome systems
	@echo '$$ tome search "chain mail"'; ./target/release/tome search "chain mail" --limit 3
	@echo '$$ tome table mlaf/table/spell-table --roll 9'; ./target/release/tome table mlaf/table/spell-table --roll 9
	@echo "Try: ./target/release/tome --help"

test: deps check-words
	$(CARGO) test --workspace --all-targets
	$(CARGO) test --workspace --doc

# Tome's prose must be its own: no run of a dozen words shared with the rules documents.
check-words:
	@if [ -x "$(VERBATIM)" ]; then "$(VERBATIM)" seed src docs README.md; \
	else echo "check-words: $(VERBATIM) not found, skipped"; fi

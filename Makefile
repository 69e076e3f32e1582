# The two commands of the README, plus benchmarks. Everything they need is installed by
# the scripts themselves (npm packages, DynamoDB Local, cfn-lint, Chromium for tests).
SHELL := /bin/bash
export CARGO_TARGET_DIR ?= $(HOME)/.cache/raisespark/target

.PHONY: dev test bench figures sparky-vectors
dev:
	@infra/scripts/dev.sh

test:
	@infra/scripts/test.sh

bench:
	@infra/scripts/bench.sh

# Codebase figures (lines, test executables, fresh-clone make test time); bench prints them too.
figures:
	@infra/scripts/figures.sh

# After editing a Help Center article or a phrasing: re-encodes their sentences into
# functions/ai-chat/vectors.bin (what Sparky's meaning search reads; `make test` fails until then).
sparky-vectors:
	@cargo test --quiet -p ai-chat --lib write_the_help_centers_vectors -- --ignored

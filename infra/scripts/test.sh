#!/usr/bin/env bash
# `make test`: every test. Installs what it needs, starts one in-memory DynamoDB Local for
# the whole run, and stops everything it started.
source infra/scripts/lib.sh

# Each step prints the seconds the previous one took (infra/scripts/figures.sh reads them).
STEP_NAME= STEP_START=$SECONDS
step() {
  [[ -n $STEP_NAME ]] && printf '    (%s took %d s)\n' "$STEP_NAME" $((SECONDS - STEP_START))
  STEP_NAME=$* STEP_START=$SECONDS
  printf '\n==> %s\n' "$*"
}

# The Rust build is most of a cold run and needs none of what the steps before the tests
# install or start: it starts first, in the background, and the next steps run beside it
# (they wait on the network and on Java more than on the cores).
if [[ ! -d "$CARGO_TARGET_DIR/debug" ]]; then
  # A cold build: incremental compilation only costs here (it saves its caches for a rebuild
  # that a fresh clone never makes).
  export CARGO_INCREMENTAL=${CARGO_INCREMENTAL:-0}
fi
COMPILE_LOG=$(mktemp)
cargo test --workspace --quiet --no-run >"$COMPILE_LOG" 2>&1 &
COMPILE_PID=$!
DDB_POOL_PIDS=()
trap 'stop_pid "${COMPILE_PID:-}"; stop_pid "${DDB_PID:-}"; for pid in "${DDB_POOL_PIDS[@]}"; do stop_pid "$pid"; done; stop_pid "${S3_PID:-}"; stop_pid "${SPA_PID:-}"' EXIT

step "Dependencies (beside the Rust build)"
npm_deps infra
npm_deps spa
# Debian's chromium for the browser tests, and mold, the linker infra/scripts/cc-with-mold prefers.
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v mold >/dev/null || missing+=(mold)
if (( ${#missing[@]} )); then
  say "Installing ${missing[*]} from Debian ..."
  if [[ $(id -u) -eq 0 ]]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! command -v cfn-lint >/dev/null || ! python3 -c 'import openapi_spec_validator' 2>/dev/null; then
  say "Installing cfn-lint and openapi-spec-validator ..."
  python3 -m pip install --quiet --disable-pip-version-check cfn-lint openapi-spec-validator
fi
command -v cfn-lint >/dev/null || export PATH="$HOME/.local/bin:$PATH"

step "cfn-lint template.yaml"
cfn-lint template.yaml
say "template.yaml: no errors"

step "OpenAPI covers every route"
python3 infra/scripts/check_openapi.py

step "DynamoDB Local and the local S3 (in memory)"
start_dynamodb "$(free_port)" in-memory
say "DynamoDB Local at $DYNAMODB_ENDPOINT (the Lambda runtime stage and schemathesis)"
# The Rust tests' own DynamoDB Locals: each test's tables go to one of them (shared/src/testing),
# so none holds more than a few thousand tables. They start while the tests compile.
start_dynamodb_pool 6
export RUST_TEST_THREADS=4  # the tests wait on DynamoDB Local more than they compute
say "DynamoDB Locals for the Rust tests (starting): $DYNAMODB_TEST_ENDPOINTS"
start_s3 "$(free_port)"
say "Local S3 (moto) at $S3_ENDPOINT"

step "Rust: compile the tests (what is left of the build started first)"
compile_status=0
wait "$COMPILE_PID" || compile_status=$?
COMPILE_PID=
cat "$COMPILE_LOG"; rm -f "$COMPILE_LOG"
(( compile_status == 0 )) || die "the Rust tests did not compile"

# The SPA's checks need no Rust and the test run below leaves CPU idle while it waits on
# DynamoDB Local: they run beside it and are reported in their own step.
SPA_LOG=$(mktemp)
( npm run --prefix spa --silent typecheck && npm run --prefix spa --silent test \
    && npm run --prefix spa --silent build >/dev/null ) >"$SPA_LOG" 2>&1 &
SPA_PID=$!

step "Rust: run the unit and integration tests"
wait_for_dynamodb_pool
cargo test --workspace --quiet 2>&1

for pid in "${DDB_POOL_PIDS[@]}"; do stop_pid "$pid"; done
DDB_POOL_PIDS=()

step "Every function's binary and the local gateway (debug, over the libraries the tests built)"
# `--tests` keeps the features the tests resolved (dev-dependencies add modules such as
# shared::testing, never behaviour), so no library is compiled a second time: without it this
# step rebuilt `shared` and every function (300 s on a fresh clone).
cargo build --quiet --workspace --bins --tests

step "Every function as a Lambda: real binaries under cargo-lambda's runtime emulator, events/"
timeout 300 python3 infra/scripts/lambda_runtime.py

step "SPA: type check, unit tests, build (started beside the Rust tests)"
spa_status=0
wait "$SPA_PID" || spa_status=$?
cat "$SPA_LOG"; rm -f "$SPA_LOG"
(( spa_status == 0 )) || die "the SPA's checks failed"

step "schemathesis: the API against infra/openapi.yaml (no 5xx, documented responses)"
GATEWAY_BIN="$CARGO_TARGET_DIR/debug/local-gateway" infra/scripts/schemathesis.sh

step "Playwright journeys (headless Chromium)"
# A fresh DynamoDB Local and S3 for the journeys: DynamoDB Local slows down with every table it
# has created (the journeys took twice as long, and the longest ran out of time, on the
# DynamoDB Local the Rust tests had used).
stop_pid "$DDB_PID"; stop_pid "$S3_PID"
start_dynamodb "$(free_port)" in-memory
start_s3 "$(free_port)"
GATEWAY_BIN="$CARGO_TARGET_DIR/debug/local-gateway" E2E_PORT=$(free_port) \
  npm run --prefix spa --silent e2e

step "All tests passed"

#!/usr/bin/env bash
# `make bench`: performance figures, printed (not asserted). Release builds live here,
# never in `make test`.
source infra/scripts/lib.sh

npm_deps infra
npm_deps spa
[[ -f spa/dist/index.html ]] || npm run --prefix spa --silent build >/dev/null

say "Building release binaries (slow the first time) ..."
cargo build --release --quiet -p local-gateway

trap 'stop_pid "${DDB_PID:-}"' EXIT
start_dynamodb "$(free_port)" in-memory

printf '\n== Local gateway ==\n'
python3 infra/scripts/bench_gateway.py "$CARGO_TARGET_DIR/release/local-gateway"

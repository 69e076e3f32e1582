#!/usr/bin/env bash
# `make dev`: the whole product on http://localhost:3000 with local providers.
source infra/scripts/lib.sh

PORT=${PORT:-3000}
DATA="$ROOT/.local"
LOGS="$DATA/logs"
mkdir -p "$LOGS"

port_is_free "$PORT" || die "port $PORT is in use: stop what is running there, or run PORT=3001 make dev"

npm_deps infra
npm_deps spa

if [[ ! -f spa/dist/index.html ]] || [[ -n $(find spa/src spa/index.html spa/public spa/vite.config.ts spa/package-lock.json -newer spa/dist/index.html -print -quit) ]]; then
  say "Building the SPA ..."
  npm run --prefix spa build >"$LOGS/spa-build.log" 2>&1 || die "SPA build failed (see $LOGS/spa-build.log)"
fi

if [[ ! -x "$CARGO_TARGET_DIR/debug/local-gateway" ]]; then
  say "Building the Rust gateway (the first build takes several minutes) ..."
fi
cargo build --quiet -p local-gateway 2>"$LOGS/cargo-build.log" || { cat "$LOGS/cargo-build.log" >&2; die "cargo build failed"; }

DDB_PORT=${DYNAMODB_PORT:-8000}
port_is_free "$DDB_PORT" || DDB_PORT=$(free_port)

S3_PORT=${S3_PORT:-9090}
port_is_free "$S3_PORT" || S3_PORT=$(free_port)

GATEWAY_PID=
cleanup() {
  trap - INT TERM EXIT
  stop_pid "$GATEWAY_PID"
  stop_pid "${DDB_PID:-}"
  stop_pid "${S3_PID:-}"
  say "Stopped."
}
trap cleanup INT TERM EXIT

start_dynamodb "$DDB_PORT" "$DATA/dynamodb" "$LOGS/dynamodb.log"
start_s3 "$S3_PORT" "$DATA/s3" "$LOGS/s3.log"

# An empty database gets the demo founder, and the demo admin is created if missing (local
# only: the gateway never runs in AWS).
PORT=$PORT LOCAL_DATA_DIR="$DATA" RUST_LOG=${RUST_LOG:-info} SEED_DEMO=${SEED_DEMO:-true} \
  "$CARGO_TARGET_DIR/debug/local-gateway" >>"$LOGS/gateway.log" 2>&1 &
GATEWAY_PID=$!
wait_for_http "http://127.0.0.1:$PORT/" 60 || die "the gateway did not start (see $LOGS/gateway.log)"

DEMO=
if [[ -f "$DATA/demo-account" ]]; then
  DEMO="  Demo founder     $(cat "$DATA/demo-account")   (sign in at /login)"
fi
if [[ -f "$DATA/demo-admin" ]]; then
  DEMO="$DEMO
  Demo admin       $(cat "$DATA/demo-admin")   (Admin in the menu: impersonate the founder)"
fi

cat <<INFO

  RaiseSpark is running.

  App              http://localhost:$PORT
  Local mail       http://localhost:$PORT/dev/mail
  Local stack      http://localhost:$PORT/dev
  DynamoDB Local   $DYNAMODB_ENDPOINT   (data in .local/dynamodb)
  Local S3 (moto)  $S3_ENDPOINT   (compliance vault files in .local/s3)
  Logs             .local/logs/
$DEMO

  Press Ctrl+C to stop.

INFO

wait "$GATEWAY_PID"

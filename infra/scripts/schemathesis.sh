#!/usr/bin/env bash
# schemathesis against infra/openapi.yaml on the real local gateway binary: zero 5xx, and every
# response's status, content type and body conform to what the document says.
#
# Called by `make test` (DynamoDB Local already running, DYNAMODB_ENDPOINT set); it can also
# run alone from the repository root (then it starts an in-memory DynamoDB Local itself).
#   GATEWAY_BIN            the gateway to test (default: the debug build, built when missing)
#   SCHEMATHESIS_EXAMPLES  examples per operation and phase (default 30: ~2,300 requests, 30-60 s on 2 cores)
#   SCHEMATHESIS_TIMEOUT   hard bound of the whole run in seconds (default 240)
source infra/scripts/lib.sh

SCHEMATHESIS_VERSION=4.32.5
EXAMPLES=${SCHEMATHESIS_EXAMPLES:-30}
LIMIT=${SCHEMATHESIS_TIMEOUT:-240}

installed=$(python3 -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null || true)
if [[ $installed != "$SCHEMATHESIS_VERSION" ]]; then
  say "Installing schemathesis $SCHEMATHESIS_VERSION ..."
  python3 -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

GATEWAY_PID= OWN_DDB_PID=
cleanup() { stop_pid "$GATEWAY_PID"; stop_pid "$OWN_DDB_PID"; }
trap cleanup EXIT
if [[ -z ${DYNAMODB_ENDPOINT:-} ]]; then
  npm_deps infra
  start_dynamodb "$(free_port)" in-memory
  OWN_DDB_PID=$DDB_PID
fi
GATEWAY_BIN=${GATEWAY_BIN:-$CARGO_TARGET_DIR/debug/local-gateway}
[[ -x $GATEWAY_BIN ]] || cargo build --quiet -p local-gateway

PORT=$(free_port)
BASE="http://127.0.0.1:$PORT"
WORK=$(mktemp -d)
# The generous lead limit keeps the fuzzer's submissions answered by validation, not by 429.
PORT=$PORT TABLE_PREFIX="st-$(date +%s)-$$-" LOCAL_DATA_DIR="$WORK/data" OUTBOX_DIR="$WORK/mail" \
  SPA_DIST="$ROOT/spa/dist" RUST_LOG=warn PUBLIC_LEADS_PER_MINUTE=100000 \
  "$GATEWAY_BIN" >"$WORK/gateway.log" 2>&1 &
GATEWAY_PID=$!
wait_for_http "$BASE/" 60 || die "the gateway did not start (see $WORK/gateway.log)"

SESSION=$(python3 infra/scripts/schemathesis_session.py "$BASE")
field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$SESSION" "$1"; }
TOKEN=$(field token)
# Real ids where a random one only ever reaches the 404 branch: the public routes get the
# published form (so lead validation, view counting and the public view are fuzzed), the
# editor's PUT gets the draft (validation, version conflicts), and event notifications name the
# caller's own address (another one is a 403). Other id routes keep random ids.
cat >"$WORK/schemathesis.toml" <<TOML
[cache]
directory = "$WORK/cache"

[[operations]]
include-path-regex = "^/api/public-forms/"
parameters = { "path.id" = "$(field published_form)" }

[[operations]]
include-operation-id = "updateForm"
parameters = { "path.id" = "$(field draft_form)" }

[[operations]]
include-operation-id = "sendEventNotification"
parameters = { "body.userEmail" = "$(field email)" }
TOML

# One worker: with two threads, hypothesis's lambda descriptions (ast.parse) trip CPython
# 3.11's "AST constructor recursion depth mismatch" now and then (a runtime error, not a finding).
# Left out: sign-out would end the run's own session. Everything else is fuzzed, including the
# webhook (bad signatures must answer 400) and the sign-in and sign-up limiters (429 is documented).
started=$SECONDS
status=0
timeout --kill-after=10 "$LIMIT" python3 -c 'import sys; from schemathesis.cli import schemathesis; sys.argv[0] = "st"; sys.exit(schemathesis())' \
  --config-file "$WORK/schemathesis.toml" \
  run infra/openapi.yaml \
  --url "$BASE" \
  --header "Authorization: Bearer $TOKEN" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --phases examples,coverage,fuzzing \
  --max-examples "$EXAMPLES" \
  --exclude-operation-id signOut \
  --workers 1 \
  --seed 20261122 \
  --request-timeout 10 \
  --continue-on-failure \
  --generation-database none \
  --no-color \
  --report junit,har --report-dir "$WORK/report" \
  || status=$?
say "schemathesis: $((SECONDS - started)) s"
if (( status == 124 || status == 137 )); then
  die "schemathesis did not finish within ${LIMIT} s"
fi
if grep -q '"internal error"\|panicked' "$WORK/gateway.log"; then
  say "the gateway logged internal errors ($WORK/gateway.log):"
  grep '"internal error"\|panicked' "$WORK/gateway.log" | head -20
fi
if (( status == 0 )); then rm -rf "$WORK"; else say "schemathesis failed: report and gateway log kept in $WORK"; fi
exit "$status"

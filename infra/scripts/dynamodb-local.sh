#!/usr/bin/env bash
# Runs DynamoDB Local in the foreground: infra/scripts/dynamodb-local.sh PORT (in-memory|DATA_DIR)
source "$(dirname "$0")/lib.sh"
need_java
storage=${2:-in-memory}
args=(-port "${1:-8000}" -sharedDb)
if [[ $storage == in-memory ]]; then args+=(-inMemory); else mkdir -p "$storage"; args+=(-dbPath "$storage"); fi
exec java -Djava.library.path="$DDB_DIR/DynamoDBLocal_lib" -jar "$DDB_DIR/DynamoDBLocal.jar" "${args[@]}"

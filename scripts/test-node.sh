#!/usr/bin/env sh
# A Node.js leg: the whole vitest suite, run by another Node.js major fetched from the npm
# registry by npx (`sh scripts/test-node.sh 24`). Node 20 is the floor and runs `npm test`; users
# run 22 and 24. In these legs the compatibility matrix uses the runtime's global WebSocket as
# the `webSocket` setting, instead of the `ws` package every other suite uses.
# Extra arguments go to vitest (e.g. one cell: sh scripts/test-node.sh 22 test/matrix/ai7-v4).
set -eu
cd "$(dirname "$0")/.."
if [ "$#" -lt 1 ]; then
  echo "usage: sh scripts/test-node.sh <node major> [vitest arguments]" >&2
  exit 2
fi
major="$1"
shift
echo "Node.js $(npx -y "node@$major" --version): vitest run $*"
MATRIX_WEBSOCKET=global exec npx -y "node@$major" node_modules/vitest/vitest.mjs run "$@"

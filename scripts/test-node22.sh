#!/usr/bin/env sh
# The Node 22 leg of the compatibility matrix: the same acceptance suite, run by Node 22 (fetched
# from the npm registry by npx), with Node's global WebSocket as the `webSocket` setting instead
# of the `ws` package; plus the mock's proof tests with third-party clients that run on Node 22
# (the official `openai` client declares Node >= 22; `@openai/agents` then also runs on the global
# WebSocket). Extra arguments go to vitest (e.g. a single cell: test/matrix/ai7-v4).
set -eu
cd "$(dirname "$0")/.."
if [ "$#" -eq 0 ]; then
  set -- test/matrix test/testing/proof-openai-agents.test.ts test/testing/proof-openai-ws.test.ts
fi
MATRIX_WEBSOCKET=global exec npx -y node@22 node_modules/vitest/vitest.mjs run "$@"

// This package's provider as every contender process creates it: the `/v4` entry of the bench's
// build, WebSocket transport, the mock's key, plus whatever settings a section adds.
import { importDist } from '../lib/dist.mjs';
import { API_KEY } from '../lib/workload.mjs';

/** Deep enough for provider settings: plain objects merge, everything else replaces. */
export function mergeSettings(base, extra) {
  const out = { ...base };
  for (const [key, value] of Object.entries(extra ?? {})) {
    const plain = value && typeof value === 'object' && !Array.isArray(value);
    out[key] = plain ? mergeSettings(base[key], value) : value;
  }
  return out;
}

export async function packageProvider(baseURL, extra = {}) {
  const { createOpenAIWebSocket } = await importDist('v4');
  return createOpenAIWebSocket(
    mergeSettings({ apiKey: API_KEY, baseURL, transport: 'websocket' }, extra),
  );
}

// The four contenders of the end-to-end comparison, in report order.
import { createAiSdkContender } from '../contenders/ai-sdk.mjs';
import { createFloorContender } from '../contenders/openai-ws-floor.mjs';

export const CONTENDERS = [
  { id: 'http-full', label: '@ai-sdk/openai, HTTP, full history', color: '#d62728' },
  {
    id: 'http-chained',
    label: '@ai-sdk/openai, HTTP, store + previousResponseId by hand',
    color: '#ff7f0e',
  },
  { id: 'websocket', label: "ai-sdk-openai-ws (transport: 'websocket')", color: '#1f77b4' },
  { id: 'floor', label: 'openai ResponsesWS, hand-written deltas (floor)', color: '#2ca02c' },
];

export function createContender(id, server) {
  return id === 'floor' ? createFloorContender(server) : createAiSdkContender(id, server);
}

// Every contender's name in the report, and its colour in the charts. Which sections run which
// contenders is up to the sections.
export const CONTENDERS = {
  'http-full': { label: '@ai-sdk/openai, HTTP, full history', color: '#d62728' },
  'http-chained': {
    label: '@ai-sdk/openai, HTTP, store + previousResponseId by hand',
    color: '#ff7f0e',
  },
  'ai-sdk-openai': { label: '@ai-sdk/openai, HTTP + SSE', color: '#d62728' },
  websocket: { label: 'ai-sdk-openai-ws (WebSocket)', color: '#1f77b4' },
  floor: { label: 'raw `ws` floor (hand-written)', color: '#2ca02c' },
  // The per-step section's reference: the floor plus the one ReadableStream per call that the AI
  // SDK requires of a provider, so the report shows what that stream alone costs.
  'floor-stream': {
    label: 'raw `ws` floor + one `ReadableStream` per call',
    color: '#17becf',
  },
  // The end-to-end section's reference: ai@7 on the least a provider can be (a hand-written model
  // on the floor's socket), so the report shows what the AI SDK alone adds to the floor.
  'ai-floor': { label: 'ai@7 on a minimal hand-written model (floor socket)', color: '#bcbd22' },
  // The model-level sections' reference: that minimal model called directly (`doStream`, no AI
  // SDK), so the report shows what the least a provider can be costs per event and per step.
  'model-floor': { label: 'minimal hand-written model (floor socket)', color: '#bcbd22' },
  // The multi-instance section's variants of this package.
  'websocket-zdr': { label: 'ai-sdk-openai-ws, `store: false`, round robin', color: '#9467bd' },
  'websocket-zdr-sticky': {
    label: 'ai-sdk-openai-ws, `store: false`, sticky (one instance per chat)',
    color: '#8c564b',
  },
};

export const labelOf = (id) => CONTENDERS[id]?.label ?? id;

/**
 * `ai-sdk-openai-ws/testing`: a local OpenAI Responses API server for tests, WebSocket mode and
 * HTTP, with a scripted model, request records and fault injection. See
 * `src/testing/README.md`.
 */
export { createMockResponsesServer, MOCK_API_KEY } from './testing/mock-server';
export type { BundledRecording } from './testing/recordings';
export type {
  Fault,
  MockCostModel,
  MockRequestRecord,
  MockRequestStatus,
  MockResponsesServer,
  MockServerOptions,
  ScriptedOutput,
  ScriptedReasoning,
  ScriptedToolCall,
} from './testing/types';

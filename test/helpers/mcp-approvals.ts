import { openai } from '@ai-sdk/openai';
import type { ScriptedToolCall } from '../../src/testing';

/** An MCP tool whose calls wait for the app's approval. */
export const approvalTools = () => ({
  zip: openai.tools.mcp({
    serverLabel: 'zip1',
    serverUrl: 'https://zip1.example/mcp',
    requireApproval: 'always',
  }),
});

/** The server's request for an approval of that tool's call. */
export const approvalRequest: ScriptedToolCall = {
  type: 'mcp_approval_request',
  serverLabel: 'zip1',
  name: 'create_short_url',
  arguments: { url: 'https://ai-sdk.dev' },
};

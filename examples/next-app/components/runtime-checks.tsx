'use client';

import { useState } from 'react';

/**
 * Shows what happens when the provider runs where it cannot: in the edge runtime or in this
 * browser. Neither has a WebSocket that can send an Authorization header, and the provider says
 * so instead of failing at the handshake.
 */
export function RuntimeChecks() {
  const [edgeError, setEdgeError] = useState<string | undefined>();
  const [browserError, setBrowserError] = useState<string | undefined>();

  const callEdge = async () => {
    const response = await fetch('/api/edge-direct', { method: 'POST' });
    const body = (await response.json()) as { error: string | null };
    setEdgeError(body.error ?? 'no error (unexpected)');
  };

  const callInBrowser = async () => {
    // Loaded on click only: the provider does not belong in a client bundle; this is a demo.
    const [{ generateText }, { createOpenAIWebSocket }] = await Promise.all([
      import('ai'),
      import('ai-sdk-openai-ws/v4'),
    ]);
    const provider = createOpenAIWebSocket({
      transport: 'websocket',
      // Never sent: the provider refuses before opening any connection.
      apiKey: 'not-used-in-this-demo',
      baseURL: 'http://127.0.0.1:9/v1',
    });
    try {
      await generateText({
        model: provider('gpt-4.1-mini'),
        prompt: 'Hello from a browser',
        maxRetries: 0,
      });
      setBrowserError('no error (unexpected)');
    } catch (error) {
      setBrowserError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <section data-testid="runtime-checks">
      <h2>Where the provider cannot run</h2>
      <p className="note">
        The supported pattern for edge is the Edge → Node link above. Calling the provider in the
        edge runtime or in a browser gives this error:
      </p>
      <button type="button" onClick={() => void callEdge()}>
        Call the provider in the edge runtime
      </button>{' '}
      <button type="button" onClick={() => void callInBrowser()}>
        Call the provider in this browser
      </button>
      {edgeError && (
        <p className="error" data-testid="edge-error">
          Edge: {edgeError}
        </p>
      )}
      {browserError && (
        <p className="error" data-testid="browser-error">
          Browser: {browserError}
        </p>
      )}
    </section>
  );
}

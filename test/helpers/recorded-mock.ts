import { afterEach } from 'vitest';
import { createMockResponsesServer, type MockResponsesServer } from '../../src/testing';
import { createOpenAIWebSocket, type OpenAIWebSocketSettings } from '../../src/v4';
import { recordUpgrades, type UpgradeRecorder } from './upgrade-recorder';

export const KEY_A = 'sk-test-key-a';
export const KEY_B = 'sk-test-key-b';

/**
 * A mock accepting both test keys with the upgrade recorder in front of it (`start`), and `/v4`
 * providers on it (key A unless told): each test's are closed after it, then the recorder and the
 * mock. A test that makes a server of its own sets `server` and pushes its providers on `providers`.
 */
export function useRecordedMock() {
  const setup = {
    server: undefined as MockResponsesServer | undefined,
    recorder: undefined as UpgradeRecorder | undefined,
    providers: [] as { close(): Promise<void> }[],
    async start() {
      const server = await createMockResponsesServer({ apiKeys: [KEY_A, KEY_B] });
      const recorder = await recordUpgrades(server.url);
      Object.assign(setup, { server, recorder });
      return (settings: OpenAIWebSocketSettings = {}) => {
        const provider = createOpenAIWebSocket({
          apiKey: KEY_A,
          baseURL: recorder.url,
          ...settings,
        });
        setup.providers.push(provider);
        return provider;
      };
    },
  };
  afterEach(async () => {
    for (const provider of setup.providers.splice(0)) await provider.close();
    await setup.recorder?.close();
    await setup.server?.close();
    setup.recorder = undefined;
    setup.server = undefined;
  });
  return setup;
}

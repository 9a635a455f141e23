import type { CredentialCache } from './credentials';
import type { TurnConfig } from './turn/turn-call';

/** Everything a model needs from its provider; built by `src/provider.ts` for each model. */
export type ModelConfig = TurnConfig & {
  /** `model.provider`, e.g. 'openai.websocket'. */
  provider: string;
  /** HTTP base, e.g. https://api.openai.com/v1 (no trailing slash); part of the credential scope. */
  baseURL: string;
  /** Auth + organization/project + user headers for a call; re-read per call (keys may rotate). */
  headers: () => Record<string, string>;
  /** Digest keys per credential scope, derived once per credential. */
  credentials: CredentialCache;
};

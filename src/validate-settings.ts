import { InvalidArgumentError } from '@ai-sdk/provider';
import { MAX_LANES_PER_SOCKET, type PoolSettings } from './pool/pool-settings';
import type { OpenAIWebSocketSettings } from './settings';

/** A check of one setting and the words that say what it accepts. */
type Rule = { accepts: string; test(value: unknown): boolean };

/** The longest delay `setTimeout` honours; a larger one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

const isString = (value: unknown) => typeof value === 'string';
const isFunction = (value: unknown) => typeof value === 'function';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const integer = (min: number): Rule => ({
  accepts: `an integer of at least ${min}`,
  test: (value) => Number.isInteger(value) && (value as number) >= min,
});

const duration = (min: 0 | 1, note = ''): Rule => ({
  accepts: `a number of milliseconds from ${min} to ${MAX_TIMER_MS}${note}`,
  test: (value) =>
    typeof value === 'number' && Number.isFinite(value) && value >= min && value <= MAX_TIMER_MS,
});

// A user name or password in the URL would ride every error's `url`, and no transport uses it:
// fetch refuses such a URL, and a socket's upgrade sends the key's Authorization instead.
const BASE_URL = 'an http:// or https:// URL, with no user name or password in it';

const SETTINGS: { [K in keyof Required<OpenAIWebSocketSettings>]: Rule } = {
  apiKey: {
    accepts: 'a string, or a function returning one',
    test: (value) => isString(value) || isFunction(value),
  },
  baseURL: { accepts: BASE_URL, test: isHttpUrl },
  organization: { accepts: 'a string', test: isString },
  project: { accepts: 'a string', test: isString },
  headers: {
    accepts: 'an object of header names to string values',
    test: (value) =>
      isRecord(value) &&
      Object.values(value).every((header) => header === undefined || isString(header)),
  },
  name: { accepts: 'a non-empty string', test: (value) => isString(value) && value !== '' },
  webSocket: {
    accepts: 'a WebSocket constructor, or null for none',
    test: (value) => value === null || isFunction(value),
  },
  fetch: { accepts: 'a fetch function', test: isFunction },
  transport: {
    accepts: "'auto' or 'websocket'",
    test: (value) => value === 'auto' || value === 'websocket',
  },
  inputMode: {
    accepts: "'auto' or 'full'",
    test: (value) => value === 'auto' || value === 'full',
  },
  pool: { accepts: 'an object of pool settings', test: isRecord },
  maxFrameBytes: integer(1),
};

// Typed as a full record: a pool field added to PoolSettings does not compile without its rule.
const POOL: Record<keyof PoolSettings, Rule> = {
  maxSockets: integer(1),
  maxIdleSockets: integer(0),
  maxQueuedCalls: integer(0),
  idleTimeoutMs: duration(1),
  maxSocketAgeMs: duration(1),
  connectTimeoutMs: duration(1),
  firstEventTimeoutMs: duration(1),
  eventTimeoutMs: duration(1),
  queueTimeoutMs: duration(0, ' (0: fail at once when every socket is busy)'),
  pingIntervalMs: duration(0, ' (0: no pings)'),
  lanes: {
    accepts: `an integer from 0 (off) to ${MAX_LANES_PER_SOCKET}`,
    test: (value) =>
      Number.isInteger(value) &&
      (value as number) >= 0 &&
      (value as number) <= MAX_LANES_PER_SOCKET,
  },
};

/**
 * Checks every setting when a provider is created, so that a wrong value fails at once with an
 * error naming the setting and what it accepts, instead of surfacing later as a hang, a timeout
 * or a silent fallback. `undefined` always means "the default".
 *
 * @throws InvalidArgumentError
 */
export function validateSettings(settings: unknown): void {
  if (settings === undefined) return;
  if (!isRecord(settings)) {
    throw invalid('settings', 'an object of settings, or nothing', settings);
  }
  for (const [key, rule] of Object.entries(SETTINGS) as [string, Rule][]) {
    const value = settings[key];
    if (value !== undefined && !rule.test(value)) throw invalid(key, rule.accepts, value);
  }
  if (isRecord(settings.pool)) validatePool(settings.pool);
}

/** The base URL from `OPENAI_BASE_URL`, checked like the setting (it is read at creation). */
export function validateBaseURLFromEnvironment(value: string): void {
  if (!isHttpUrl(value)) {
    throw invalid('baseURL', `${BASE_URL} (read from OPENAI_BASE_URL)`, value);
  }
}

function validatePool(pool: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(pool)) {
    if (!Object.hasOwn(POOL, key)) throw unknownSetting(`pool.${key}`, Object.keys(POOL));
    const rule = POOL[key as keyof PoolSettings];
    if (value !== undefined && !rule.test(value)) throw invalid(`pool.${key}`, rule.accepts, value);
  }
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const { protocol, username, password } = new URL(value);
    return (protocol === 'http:' || protocol === 'https:') && !username && !password;
  } catch {
    return false;
  }
}

function invalid(argument: string, accepts: string, value: unknown): InvalidArgumentError {
  return new InvalidArgumentError({
    argument,
    message: `Invalid setting ${argument}: it must be ${accepts}; got ${describe(argument, value)}.`,
  });
}

function unknownSetting(argument: string, known: string[]): InvalidArgumentError {
  return new InvalidArgumentError({
    argument,
    message: `Unknown setting ${argument}: the pool settings are ${known.join(', ')}.`,
  });
}

/**
 * The value, shortened, for the message. A base URL is never shown whole: a string that is not a
 * URL may be a key put in the wrong setting, and a URL's path or credentials may carry a token.
 */
function describe(argument: string, value: unknown): string {
  if (argument === 'baseURL' && typeof value === 'string') return describeBaseURL(value);
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  }
  if (typeof value === 'function') return 'a function';
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

function describeBaseURL(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'a string that is not a URL (not shown)';
  }
  if (url.username !== '' || url.password !== '') return 'a URL with credentials (not shown)';
  return JSON.stringify(`${url.protocol}//${url.host}`);
}

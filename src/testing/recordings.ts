import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Recorded OpenAI streams that ship with `ai-sdk-openai-ws/testing` (in the package's
 * `dist/recordings/`), replayable by name: `{ replay: 'openai-web-search-tool.1' }`. They come
 * from the AI SDK's own test fixtures (vercel/ai, Apache-2.0; see NOTICE). Left out: three long
 * text/reasoning streams of 250 KB and more, and a gateway's id-rotation capture.
 */
export const BUNDLED_RECORDINGS = [
  // Text, function tools, custom tools
  'openai-issue-14428-denied-tool-approval',
  'issue-19493-gpt-5.1-tool-call',
  'issue-19067-parallel-tool-call-wrapper',
  'openai-phase.1',
  'openai-custom-tool.1',
  'openai-custom-text-tool.1',
  // Reasoning
  'openai-reasoning-encrypted-content.1',
  'openai-issue-8562-missing-reasoning-summary.1',
  // Failures
  'openai-error.1',
  'openai-error-null-code.1',
  'openai-response-failed-only.1',
  // Hosted tools
  'openai-web-search-tool.1',
  'openai-file-search-tool.1',
  'openai-file-search-tool.2',
  'openai-code-interpreter-tool.1',
  'openai-image-generation-tool.1',
  'openai-mcp-tool.1',
  'openai-mcp-tool-approval.1',
  'openai-mcp-tool-approval.2',
  'openai-mcp-tool-approval.3',
  'openai-mcp-tool-approval.4',
  'openai-apply-patch-tool.1',
  'openai-apply-patch-tool-delete.1',
  'openai-local-shell-tool.1',
  'openai-shell-tool.1',
  'openai-shell-container.1',
  'openai-shell-container-multiturn.1',
  'openai-shell-local-multiturn.1',
  'openai-shell-skills.1',
  'openai-tool-search.1',
  'openai-client-tool-search.1',
  'openai-client-tool-search.2',
  'programmatic-tool-calling.1',
  'programmatic-tool-calling.2',
  'programmatic-tool-calling.3',
] as const;

/** The name of a recording that ships with the package (without `.chunks.txt`). */
export type BundledRecording = (typeof BUNDLED_RECORDINGS)[number];

/** How a bundled recording's file is named. */
export const RECORDING_SUFFIX = '.chunks.txt';

/**
 * The file a `{ replay }` output names:
 * - a value with a `/` (or `\`) is a path to your own recording, relative to the working
 *   directory unless absolute;
 * - otherwise it is a name, looked up in `fixturesDir` first (when the server has one), then
 *   among the bundled recordings. `.chunks.txt` may be left off.
 *
 * @throws Error saying where it looked, so a wrong name fails at `enqueue`.
 */
export function resolveRecording(replay: string, fixturesDir: string | null): string {
  if (/[/\\]/.test(replay)) {
    const path = isAbsolute(replay) ? replay : resolve(replay);
    if (!existsSync(path)) throw new Error(`Cannot replay '${replay}': no file at ${path}.`);
    return path;
  }
  const fileName = replay.endsWith(RECORDING_SUFFIX) ? replay : `${replay}${RECORDING_SUFFIX}`;
  if (fixturesDir !== null) {
    const own = [join(fixturesDir, replay), join(fixturesDir, fileName)].find(existsSync);
    if (own) return own;
  }
  const name = fileName.slice(0, -RECORDING_SUFFIX.length);
  if ((BUNDLED_RECORDINGS as readonly string[]).includes(name)) {
    return join(bundledRecordingsDir(), fileName);
  }
  const looked = fixturesDir === null ? '' : ` nor in fixturesDir (${fixturesDir})`;
  throw new Error(
    `Cannot replay '${replay}': it is not a bundled recording${looked}. Pass a path (with a '/') to replay a file of your own.`,
  );
}

/**
 * `dist/recordings/` beside the built module. Run from this repository's sources (its own
 * tests), the same files are read where they are kept, under `test/fixtures/`.
 */
function bundledRecordingsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const fromSources = basename(here) === 'testing' && basename(dirname(here)) === 'src';
  return fromSources
    ? resolve(here, '../../test/fixtures/openai-recorded')
    : join(here, 'recordings');
}

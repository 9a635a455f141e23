import { spawn } from 'node:child_process';

/** How a child process ended: its output, its exit code (null when killed), how long it ran. */
export type ChildRun = { stdout: string; code: number | null; ms: number };

/**
 * Runs `body` in a plain Node child process with `provider` (the bundled source, the root entry,
 * on `baseURL`) and the `ai` package's `generateText` and `streamText` in scope: whether the
 * process exits by itself once its work is done is something only a process of its own shows.
 * A child still running after `timeoutMs` is killed (its code is then null).
 */
export async function runChild(
  baseURL: string,
  body: string,
  timeoutMs = 30_000,
): Promise<ChildRun> {
  // Bundle the provider source for a plain Node child process (dependencies stay external).
  const { build } = await import('esbuild');
  const root = new URL('../..', import.meta.url).pathname;
  const outfile = `${root}node_modules/.cache/process-exit-provider.mjs`;
  await build({
    entryPoints: [`${root}src/index.ts`],
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outfile,
    logLevel: 'silent',
  });
  const script = `
    const { generateText, streamText } = await import('ai');
    const { createOpenAIWebSocket } = await import(${JSON.stringify(outfile)});
    const provider = createOpenAIWebSocket({ apiKey: 'test-key', baseURL: ${JSON.stringify(baseURL)} });
    ${body}
  `;
  const started = Date.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: timeoutMs,
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { stdout: stdout.trim(), code, ms: Date.now() - started };
}

// The package as its users get it:
//   node test/package/run.mjs
// `npm pack` (its prepack builds dist/), then two temporary apps install the tarball from npm's
// point of view, one with ai@7 and one with ai@5, and run a tool loop and a replay against the
// bundled mock. The README code blocks run verbatim in the ai@7 app, type-checked first, and the
// repository's examples run as `npm run example` would. Installs reuse npm's cache (--prefer-offline).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { run, stopwatch } from '../e2e/processes.mjs';
import { runnableBlocks } from './readme-blocks.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, 'test-output/package');
const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
const exactVersion = (spec) => spec.replace(/^npm:[^@]+@/, '');
const APPS = {
  ai7: {
    major: 7,
    ai: exactVersion(pkg.devDependencies.ai),
    entry: 'ai-sdk-openai-ws/v4',
    spec: 'v4',
  },
  ai5: {
    major: 5,
    ai: exactVersion(pkg.devDependencies['ai-v5']),
    entry: 'ai-sdk-openai-ws',
    spec: 'v2',
  },
};
const { timings, timed } = stopwatch();
let work;
let tarball;

/** Runs a command to its end; stdout and stderr come back, a non-zero exit rejects. */
async function capture(command, args, { cwd, env = process.env, timeoutMs = 60_000 }) {
  try {
    return await promisify(execFile)(command, args, { cwd, env, timeout: timeoutMs });
  } catch (error) {
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}:\n${error.stdout}\n${error.stderr}`,
    );
  }
}

/** The environment of an app user: no OpenAI key of ours, nothing from npm's run-script. */
function userEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  if (!('OPENAI_API_KEY' in extra)) delete env.OPENAI_API_KEY;
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name];
  return env;
}

before(async () => {
  await mkdir(outDir, { recursive: true });
  work = await mkdtemp(join(tmpdir(), 'ai-sdk-openai-ws-package-'));
  await timed('npm pack', () =>
    run('npm', ['pack', '--pack-destination', work], {
      cwd: root,
      logFile: join(outDir, 'pack.log'),
    }),
  );
  tarball = join(work, `${pkg.name}-${pkg.version}.tgz`);
  await Promise.all(
    Object.entries(APPS).map(([name, app]) =>
      timed(`${name} install`, async () => {
        const dir = join(work, name);
        await mkdir(dir);
        const manifest = { name: `consumer-${name}`, private: true, type: 'module' };
        await writeFile(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
        const deps = [tarball, `ai@${app.ai}`, `zod@${pkg.dependencies.zod}`];
        deps.push(`@types/node@${pkg.devDependencies['@types/node']}`);
        await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...deps], {
          cwd: dir,
          env: userEnv(),
          logFile: join(outDir, `${name}-install.log`),
        });
        await copyFile(join(root, 'test/package/consumer-script.mjs'), join(dir, 'consumer.mjs'));
      }),
    ),
  );
});

after(async () => {
  if (work) await rm(work, { recursive: true, force: true });
  console.log(`package test timings (ms): ${JSON.stringify(timings)}`);
});

test('the tarball holds the build, the docs and the licence, and nothing else', async () => {
  const { stdout } = await capture('tar', ['-tzf', tarball], { cwd: work });
  const files = stdout
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''));
  for (const required of [
    'package.json',
    'README.md',
    'LICENSE',
    'NOTICE',
    'src/testing/README.md',
    ...['index', 'v3', 'v4', 'testing'].flatMap((e) => [`dist/${e}.js`, `dist/${e}.cjs`]),
    ...['index', 'v3', 'v4', 'testing'].flatMap((e) => [`dist/${e}.d.ts`, `dist/${e}.d.cts`]),
    'dist/recordings/openai-web-search-tool.1.chunks.txt',
  ]) {
    assert.ok(files.includes(required), `${required} is in the tarball`);
  }
  const unexpected = files.filter(
    (f) =>
      !f.startsWith('dist/') &&
      !['package.json', 'README.md', 'LICENSE', 'NOTICE', 'src/testing/README.md'].includes(f),
  );
  assert.deepEqual(unexpected, []);
  const recordings = files.filter((f) => f.startsWith('dist/recordings/'));
  assert.ok(recordings.length >= 30, `${recordings.length} recordings ship with /testing`);
});

for (const [name, app] of Object.entries(APPS)) {
  test(`${name} app × ${app.entry}: tool loop as deltas, a bundled replay, CommonJS, no warning`, async () => {
    const { stdout, stderr } = await timed(`${name} run`, () =>
      capture(process.execPath, ['consumer.mjs'], {
        cwd: join(work, name),
        env: userEnv({ ENTRY: app.entry, AI_MAJOR: String(app.major) }),
      }),
    );
    assert.equal(stderr, '', 'nothing on stderr: no compatibility warning, no error');
    const summary = JSON.parse(stdout.trim().split('\n').at(-1));
    assert.equal(summary.specificationVersion, app.spec);
    assert.equal(summary.text, 'Done after 3 tool calls.');
    assert.deepEqual(
      summary.steps.map((s) => [s.transport, s.inputMode]),
      [
        ['websocket', 'full'],
        ['websocket', 'delta'],
        ['websocket', 'delta'],
        ['websocket', 'delta'],
      ],
    );
    assert.deepEqual(
      summary.records.map((r) => r.duplicates),
      [0, 0, 0, 0],
    );
    assert.equal(summary.records[0].previousResponseId, null);
    assert.ok(summary.records.slice(1).every((r) => r.previousResponseId?.startsWith('resp_')));
    assert.ok(summary.replayedSources > 0, 'the replayed web search carries its sources');
  });
}

test('the README code blocks run verbatim in the ai@7 app, type-checked first', async () => {
  const dir = join(work, 'ai7');
  const installed = join(dir, 'node_modules', pkg.name);
  await mkdir(join(dir, 'readme'));
  const files = [];
  for (const doc of ['README.md', 'src/testing/README.md']) {
    const { blocks, skipped } = runnableBlocks(await readFile(join(installed, doc), 'utf8'));
    assert.ok(blocks.length > 0, `${doc} has blocks that run`);
    console.log(`${doc}: ${blocks.length} blocks run, ${skipped} marked "not run"`);
    for (const block of blocks) {
      const file = `${doc.replace(/\W+/g, '-')}-line-${block.line}`;
      await writeFile(join(dir, 'readme', `${file}.ts`), `${block.code}\n`);
      files.push(file);
    }
  }
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      moduleDetection: 'force',
      lib: ['ES2022', 'DOM'],
      types: ['node'],
      strict: true,
      skipLibCheck: true,
      rootDir: 'readme',
      outDir: 'readme-out',
    },
    include: ['readme/*.ts'],
  };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  await timed('readme tsc', () =>
    capture(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], {
      cwd: dir,
    }),
  );

  const { createMockResponsesServer, MOCK_API_KEY } = await import(
    pathToFileURL(join(installed, 'dist/testing.js')).href
  );
  const server = await createMockResponsesServer();
  try {
    // Blocks that use the default instance reach the mock through the same variables as OpenAI.
    const env = userEnv({ OPENAI_API_KEY: MOCK_API_KEY, OPENAI_BASE_URL: server.url });
    await timed('readme run', async () => {
      for (const file of files) {
        const { stderr } = await capture(process.execPath, [join('readme-out', `${file}.js`)], {
          cwd: dir,
          env,
        });
        assert.equal(stderr, '', `${file}: nothing on stderr`);
      }
    });
  } finally {
    await server.close();
  }
});

test('npm run example: a tool loop and a chat, every continuation a delta, no warning', async () => {
  const { stdout, stderr } = await timed('example', () =>
    capture(process.execPath, ['examples/main.mjs'], { cwd: root, env: userEnv() }),
  );
  assert.equal(stderr, '', 'no warning');
  assert.doesNotMatch(stdout, /warn/i);
  const calls = stdout.split('\n').filter((line) => /^ {2}(step|call) \d+ /.test(line));
  assert.equal(calls.length, 8, 'five loop steps and three chat calls');
  for (const line of calls) {
    const [label, number, transport, mode] = line.trim().split(/\s+/);
    assert.equal(transport, 'websocket', line);
    assert.equal(mode, number === '1' ? 'full' : 'delta', `${label} ${number}: ${line}`);
    const [sent, full] = [...line.matchAll(/([\d,]+) B/g)].map((m) =>
      Number(m[1].replace(/,/g, '')),
    );
    if (number === '1') assert.equal(sent, full, line);
    else assert.ok(sent < full, `a delta sends less than the full history: ${line}`);
  }
});

test('the other examples run on their own, with the same lines', async () => {
  for (const [file, count] of [
    ['examples/agent-loop.mjs', 5],
    ['examples/stream-text.mjs', 3],
  ]) {
    const { stdout, stderr } = await capture(process.execPath, [file], {
      cwd: root,
      env: userEnv(),
    });
    assert.equal(stderr, '', `${file}: no warning`);
    const calls = stdout.split('\n').filter((line) => /^ {2}(step|call) \d+ /.test(line));
    assert.equal(calls.length, count, file);
    assert.ok(
      calls.slice(1).every((line) => / delta /.test(line)),
      `${file}: continuations are deltas`,
    );
  }
});

import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The lint rules are code too: each is shown to fail on a tree that breaks it. The checks run
 * as `npm run lint` runs them (its lint:deps and lint:exports scripts, biome), on a copy of the
 * repository with lines planted into its sources; each case restores what it changed.
 */

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const COPIED = ['src', 'test', 'package.json', 'tsconfig.json', 'biome.json', 'knip.json'];
let copy: string;

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  for (const entry of [...COPIED, 'vitest.config.ts', '.dependency-cruiser.cjs']) {
    cpSync(join(root, entry), join(copy, entry), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
});

afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
});

/** Runs a command in the copy: its exit code and everything it printed. */
async function inCopy(command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: copy });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

const npmRun = (script: string) => inCopy('npm', ['run', '--silent', script]);

type Plant = { file: string; lines: string };

/** Runs `check` with `plants` appended to (or written as) files of the copy, then restores them. */
async function withPlants(plants: Plant[], check: () => Promise<void>): Promise<void> {
  try {
    for (const { file, lines } of plants) appendFileSync(join(copy, file), `\n${lines}\n`);
    await check();
  } finally {
    for (const { file } of plants) {
      rmSync(join(copy, file), { force: true });
      try {
        cpSync(join(root, file), join(copy, file));
      } catch {
        // A planted file of its own has no original.
      }
    }
  }
}

const CYCLE: Plant = {
  // plan-turn.ts imports the ChainHead type from head-store.ts; this closes the loop.
  file: 'src/model/chain/head-store.ts',
  lines: "import type { TurnPlan } from './plan-turn';\nexport type PlantedPlan = TurnPlan;",
};
const UPWARD: Plant = {
  file: 'src/pool/connection.ts',
  lines:
    "import type { TurnCall } from '../model/turn/turn-call';\nexport type Planted = TurnCall;",
};

/** One more plant per rule; each breaks its rule only. */
const OTHER_RULES: Array<Plant & { rule: string }> = [
  {
    rule: 'pool-uses-only-ws',
    file: 'src/pool/socket-handle.ts',
    lines:
      "import type { APICallError } from '@ai-sdk/provider';\nexport type Planted = APICallError;",
  },
  {
    rule: 'adapters-see-only-the-model',
    file: 'src/spec/v3.ts',
    lines: "import type { Lease } from '../pool/session-pool';\nexport type Planted = Lease;",
  },
  {
    rule: 'turn-is-above-chain-request-events',
    file: 'src/model/events/collect-content.ts',
    lines: "import type { OpenTurn } from '../turn/open-turn';\nexport type Planted = OpenTurn;",
  },
  {
    rule: 'model-steps-never-reach-the-model-root',
    file: 'src/model/chain/find-head.ts',
    lines:
      "import type { ModelConfig } from '../model-config';\nexport type Planted = ModelConfig;",
  },
  {
    rule: 'product-never-imports-testing',
    file: 'src/model/citations.ts',
    lines:
      "import type { MockServerOptions } from '../testing/types';\nexport type Planted = MockServerOptions;",
  },
  {
    rule: 'types-import-nothing',
    file: 'src/types/json.ts',
    lines: "import type { Deadline } from '../util/deadline';\nexport type Planted = Deadline;",
  },
  {
    rule: 'only-turns-touch-transports',
    file: 'src/model/request/drop-undefined.ts',
    lines:
      "import type { Connection } from '../../pool/connection';\nexport type Planted = Connection;",
  },
];

describe('dependency rules (npm run lint:deps)', () => {
  it('pass on the tree as it is', async () => {
    const { code, output } = await npmRun('lint:deps');
    expect(output).toMatch(/no dependency violations found/);
    expect(code).toBe(0);
  });

  it('fail on a planted cycle of type-only imports', async () => {
    await withPlants([CYCLE], async () => {
      const { code, output } = await npmRun('lint:deps');
      expect(code).not.toBe(0);
      expect(output).toMatch(/error no-cycles: src\/model\/chain\/head-store\.ts/);
    });
  }, 60_000);

  it('fail on a planted upward import (the transport importing the model)', async () => {
    await withPlants([UPWARD], async () => {
      const { code, output } = await npmRun('lint:deps');
      expect(code).not.toBe(0);
      expect(output).toMatch(/error pool-is-transport: src\/pool\/connection\.ts/);
    });
  }, 60_000);

  it('report every other rule on the file that breaks it', async () => {
    await withPlants(OTHER_RULES, async () => {
      const { code, output } = await npmRun('lint:deps');
      expect(code).not.toBe(0);
      for (const { rule, file } of OTHER_RULES) expect(output).toContain(`error ${rule}: ${file}`);
    });
  }, 60_000);
});

describe('unused exports (npm run lint:exports)', () => {
  it('pass on the tree as it is, and fail on an export nothing imports', async () => {
    expect((await npmRun('lint:exports')).code).toBe(0);
    const plant = { file: 'src/util/as-object.ts', lines: 'export const plantedUnused = 1;' };
    await withPlants([plant], async () => {
      const { code, output } = await npmRun('lint:exports');
      expect(code).not.toBe(0);
      expect(output).toMatch(/Unused exports[\s\S]*plantedUnused/);
    });
  }, 60_000);
});

describe('size rules (biome)', () => {
  it('fail on a function over 60 lines and a file over 300 lines in src/', async () => {
    const body = Array.from({ length: 70 }, (_, i) => `  total += ${i};`).join('\n');
    const constants = Array.from({ length: 240 }, (_, i) => `export const planted${i} = ${i};`);
    const file = 'src/util/planted.ts';
    await withPlants([{ file, lines: '' }], async () => {
      writeFileSync(
        join(copy, file),
        `export function planted(): number {\n  let total = 0;\n${body}\n  return total;\n}\n${constants.join('\n')}\n`,
      );
      const { code, output } = await inCopy('npx', ['biome', 'lint', file]);
      expect(code).not.toBe(0);
      expect(output).toMatch(/noExcessiveLinesPerFunction/);
      expect(output).toMatch(/noExcessiveLinesPerFile/);
    });
  }, 60_000);
});

// What the report says about the machine and the software it ran.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { ROOT } from './dist.mjs';

function packageVersion(name) {
  try {
    return JSON.parse(readFileSync(resolve(ROOT, 'node_modules', name, 'package.json'), 'utf8'))
      .version;
  } catch {
    return 'unknown';
  }
}

function gitCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${head} (src/ has uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

export function describeMachine() {
  const cpus = os.cpus();
  const own = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8'));
  return {
    cpu: `${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`,
    memoryGb: os.totalmem() / 1024 ** 3,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    packages: {
      [own.name]: `${own.version} @ ${gitCommit()}`,
      ai: packageVersion('ai'),
      '@ai-sdk/openai': packageVersion('@ai-sdk/openai'),
      openai: packageVersion('openai'),
      ws: packageVersion('ws'),
    },
  };
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

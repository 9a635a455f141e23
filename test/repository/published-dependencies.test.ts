import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What an app installs with this package. `ws`, `zod` and `lru-cache` take caret ranges, so an app
 * shares one copy with its own (one `zod` for its schemas and ours) and gets their patch releases,
 * security fixes of `ws` included, without waiting for a release of ours. The two AI SDK packages
 * stay pinned, as the AI SDK's own providers pin them: they are released in lockstep, and
 * provider-utils pins the provider package it was built with.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const readJson = (path: string) => JSON.parse(readFileSync(resolve(ROOT, path), 'utf8'));
const pkg = readJson('package.json') as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const LOCKSTEP = ['@ai-sdk/provider', '@ai-sdk/provider-utils'];

describe('published dependencies', () => {
  it('accept patch and minor releases, from the version the tests run on', () => {
    for (const [name, spec] of Object.entries(pkg.dependencies)) {
      if (LOCKSTEP.includes(name)) continue;
      expect(spec, name).toMatch(/^\^\d+\.\d+\.\d+$/);
      // The floor of the range is what the lock installs: the tests ran on it.
      expect(readJson(`node_modules/${name}/package.json`).version, name).toBe(spec.slice(1));
    }
  });

  it('pin the AI SDK pair, consistent with each other', () => {
    for (const name of LOCKSTEP) expect(pkg.dependencies[name]).toMatch(/^\d+\.\d+\.\d+$/);
    const utils = readJson('node_modules/@ai-sdk/provider-utils/package.json');
    expect(utils.version).toBe(pkg.dependencies['@ai-sdk/provider-utils']);
    expect(utils.dependencies['@ai-sdk/provider']).toBe(pkg.dependencies['@ai-sdk/provider']);
  });

  it('leave the development tools pinned, so a clean install reproduces the tested set', () => {
    for (const [name, spec] of Object.entries(pkg.devDependencies)) {
      expect(spec.replace(/^npm:(@?[^@]+)@/, ''), name).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });
});

// A Chromium driven by playwright-core (from the example app's devDependencies).
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Flags from the machine notes: without the background-networking ones chromium keeps trying
// to reach Google's hosts, which this closed network refuses.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless chromium with a new empty profile; `close()` also deletes the profile. */
export async function launchBrowser(appDir, executablePath) {
  const require = createRequire(join(appDir, 'package.json'));
  const { chromium } = require('playwright-core');
  const userDataDir = await mkdtemp(join(tmpdir(), 'next-app-e2e-profile-'));
  // launchPersistentContext is how playwright takes --user-data-dir.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: ARGS,
    viewport: { width: 1100, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

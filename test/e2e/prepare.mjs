// Everything the e2e needs before the browser starts: Debian's chromium, the library build,
// the example app's dependencies and its production build. Never downloads a browser build.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './processes.mjs';

export const CHROMIUM = '/usr/bin/chromium';

/** Installs Debian's chromium with apt when it is missing (CI machines start without it). */
export async function ensureChromium({ outDir }) {
  if (existsSync(CHROMIUM)) return 0;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const logFile = join(outDir, 'apt.log');
  let ms = await run('apt-get', ['update'], { cwd: '/', env, logFile });
  ms += await run('apt-get', ['install', '-y', 'chromium'], {
    cwd: '/',
    env,
    logFile: join(outDir, 'apt-install.log'),
  });
  if (!existsSync(CHROMIUM)) throw new Error(`apt installed chromium but ${CHROMIUM} is missing`);
  return ms;
}

/** `npm run build` at the root: the app installs the library from its dist/ (file:../..). */
export function buildLibrary({ root, outDir }) {
  return run('npm', ['run', 'build'], { cwd: root, logFile: join(outDir, 'library-build.log') });
}

/**
 * `npm ci` in the app. Its .npmrc sets install-links, so the library arrives as a packed copy
 * of the fresh dist/ with its own dependencies, just as from npm.
 */
export function installApp({ appDir, outDir }) {
  return run('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: appDir,
    logFile: join(outDir, 'app-npm-ci.log'),
  });
}

export function buildApp({ appDir, outDir, env }) {
  return run(process.execPath, [join(appDir, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: appDir,
    env,
    logFile: join(outDir, 'app-next-build.log'),
  });
}

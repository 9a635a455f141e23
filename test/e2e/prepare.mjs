// Everything the e2e needs before the browser starts: a Chromium, the library build, the
// example app's dependencies and its production build. Never downloads a browser build.
import { join } from 'node:path';
import { ensureChromium } from './find-chromium.mjs';
import { run } from './processes.mjs';

/** The browser's path; installs Debian's chromium with apt-get where that is possible. */
export function findOrInstallChromium({ outDir }) {
  return ensureChromium({
    install: async () => {
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      await run('apt-get', ['update'], { cwd: outDir, env, logFile: join(outDir, 'apt.log') });
      await run('apt-get', ['install', '-y', 'chromium'], {
        cwd: outDir,
        env,
        logFile: join(outDir, 'apt-install.log'),
      });
    },
  });
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

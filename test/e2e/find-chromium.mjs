// Where the e2e test finds a Chromium (or Google Chrome) to drive: CHROME_PATH, then PATH, then
// the places packages and installers put it. Where none is found it installs Debian's chromium,
// but only where apt-get exists; anywhere else it stops and says what to install.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Executable names on PATH, in the order they are tried. */
export const NAMES = [
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
  'chrome',
];

/** Where Linux packages, snaps and the macOS installers put the browser. */
export const USUAL_PLACES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/lib/chromium/chromium',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export const INSTALL_HINT =
  'Install Chromium or Google Chrome (Debian/Ubuntu: apt-get install chromium; Fedora: ' +
  'dnf install chromium; macOS: brew install --cask chromium), or set CHROME_PATH to the ' +
  "browser's executable.";

function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The browser to use: `{ path, from }`, or undefined when there is none. A CHROME_PATH that
 * names no executable is an error, not a reason to look elsewhere.
 */
export function findChromium({ env = process.env, isExecutable = isExecutableFile } = {}) {
  if (env.CHROME_PATH) {
    if (isExecutable(env.CHROME_PATH)) return { path: env.CHROME_PATH, from: 'CHROME_PATH' };
    throw new Error(`CHROME_PATH is ${env.CHROME_PATH}, which is not an executable file.`);
  }
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of NAMES) {
    for (const dir of dirs) {
      const path = join(dir, name);
      if (isExecutable(path)) return { path, from: 'PATH' };
    }
  }
  const path = USUAL_PLACES.find((place) => isExecutable(place));
  return path ? { path, from: 'usual place' } : undefined;
}

/** True when `command` is an executable on PATH. */
export function onPath(command, { env = process.env, isExecutable = isExecutableFile } = {}) {
  return (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => isExecutable(join(dir, command)));
}

/**
 * The browser's path, installing Debian's chromium with apt-get when none is found and apt-get
 * exists. `install` runs the installation; the other options are for tests.
 */
export async function ensureChromium({
  install,
  env = process.env,
  isExecutable = isExecutableFile,
}) {
  const found = findChromium({ env, isExecutable });
  if (found) return found.path;
  if (!onPath('apt-get', { env, isExecutable })) {
    throw new Error(
      `No Chromium found (CHROME_PATH is not set; none on PATH or in the usual places). ${INSTALL_HINT}`,
    );
  }
  try {
    await install();
  } catch (error) {
    throw new Error(`Installing chromium with apt-get failed: ${error.message}\n${INSTALL_HINT}`);
  }
  const installed = findChromium({ env, isExecutable });
  if (!installed)
    throw new Error(`apt-get installed chromium, but it is still not found. ${INSTALL_HINT}`);
  return installed.path;
}

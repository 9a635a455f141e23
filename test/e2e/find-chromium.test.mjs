// How the e2e test finds its browser, on machines it does not run on: a fake file system.
//   node --test test/e2e/find-chromium.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureChromium, findChromium, INSTALL_HINT } from './find-chromium.mjs';

/** A file system holding exactly these executables. */
const fs = (...paths) => {
  const executables = new Set(paths);
  return (path) => executables.has(path);
};

test('CHROME_PATH wins over PATH and the usual places', () => {
  const found = findChromium({
    env: { CHROME_PATH: '/opt/my/chrome', PATH: '/usr/bin' },
    isExecutable: fs('/opt/my/chrome', '/usr/bin/chromium'),
  });
  assert.deepEqual(found, { path: '/opt/my/chrome', from: 'CHROME_PATH' });
});

test('a CHROME_PATH that names no executable is an error that says so', () => {
  assert.throws(
    () =>
      findChromium({
        env: { CHROME_PATH: '/nowhere/chrome', PATH: '/usr/bin' },
        isExecutable: fs('/usr/bin/chromium'),
      }),
    /CHROME_PATH is \/nowhere\/chrome, which is not an executable file/,
  );
});

test('PATH, in name order: chromium before google-chrome, whatever the directory order', () => {
  const found = findChromium({
    env: { PATH: '/opt/google/bin:/usr/local/bin' },
    isExecutable: fs('/opt/google/bin/google-chrome', '/usr/local/bin/chromium'),
  });
  assert.deepEqual(found, { path: '/usr/local/bin/chromium', from: 'PATH' });
});

test('the usual places when PATH has none (macOS app bundle)', () => {
  const mac = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
  const found = findChromium({ env: { PATH: '/usr/bin' }, isExecutable: fs(mac) });
  assert.deepEqual(found, { path: mac, from: 'usual place' });
});

test('none found and no apt-get: stops with what to install, installs nothing', async () => {
  let installs = 0;
  await assert.rejects(
    ensureChromium({
      env: { PATH: '/usr/bin' },
      isExecutable: fs(),
      install: async () => installs++,
    }),
    (error) => error.message.includes(INSTALL_HINT) && /No Chromium found/.test(error.message),
  );
  assert.equal(installs, 0);
});

test('none found, apt-get present: installs, then uses what it installed', async () => {
  const present = new Set(['/usr/bin/apt-get']);
  const path = await ensureChromium({
    env: { PATH: '/usr/bin' },
    isExecutable: (p) => present.has(p),
    install: async () => present.add('/usr/bin/chromium'),
  });
  assert.equal(path, '/usr/bin/chromium');
});

test('a failed apt-get install says what to install instead', async () => {
  await assert.rejects(
    ensureChromium({
      env: { PATH: '/usr/bin' },
      isExecutable: fs('/usr/bin/apt-get'),
      install: async () => {
        throw new Error('E: Could not open lock file (are you root?)');
      },
    }),
    (error) => error.message.includes('are you root?') && error.message.includes(INSTALL_HINT),
  );
});

// The WAN profile's TLS certificate: a self-signed one for 127.0.0.1 / localhost, made fresh with
// `openssl` when it is installed, else the test-only pair committed in `bench/fixtures/` (never
// use it for anything else). Clients trust it through NODE_EXTRA_CA_CERTS, which Node.js reads
// when a process starts, so it must exist before any client process is forked.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

const COMMITTED = resolve(import.meta.dirname, '..', 'fixtures');

function generate(dir) {
  mkdirSync(dir, { recursive: true });
  const keyFile = resolve(dir, 'localhost-key.pem');
  const certFile = resolve(dir, 'localhost-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=ai-sdk-openai-ws bench',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
    ],
    { stdio: 'ignore' },
  );
  return { keyFile, certFile, source: 'generated with openssl for this run' };
}

/** @returns {{ keyFile: string, certFile: string, source: string }} */
export function localhostCertificate(dir) {
  try {
    return generate(dir);
  } catch {
    return {
      keyFile: resolve(COMMITTED, 'localhost-key.pem'),
      certFile: resolve(COMMITTED, 'localhost-cert.pem'),
      source: 'the committed test-only certificate (openssl not available)',
    };
  }
}

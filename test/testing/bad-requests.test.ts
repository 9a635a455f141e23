import { connect as tcp } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useMockServer } from './use-mock-server';

const mock = useMockServer();

/** Send raw bytes (what no well-behaved client would) and read the answer until the close. */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = tcp(Number(new URL(mock.server.url).port), '127.0.0.1', () =>
      socket.write(text),
    );
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => {});
  });
}

const upgradeHeaders =
  'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nAuthorization: Bearer test-key\r\n';

describe('request targets that are not URLs', () => {
  // `//[` is a request target Node accepts but `new URL` rejects (an empty IPv6 host).
  it('answers a POST to such a target with 404, not an uncaught TypeError', async () => {
    const answer = await rawRequest(
      'POST //[ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer test-key\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).toContain('"code":"not_found"');
  });

  it('refuses an upgrade to such a target with 404 and opens no socket', async () => {
    const answer = await rawRequest(`GET //[ HTTP/1.1\r\nHost: x\r\n${upgradeHeaders}\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(mock.server.sockets().opened).toBe(0);
  });
});

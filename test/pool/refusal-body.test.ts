import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_REFUSAL_BODY_BYTES, readRefusalBody } from '../../src/pool/refusal-body';

const response = () => new PassThrough();
const read = (stream: PassThrough, maxBytes?: number) =>
  readRefusalBody(stream as unknown as IncomingMessage, maxBytes);

describe('readRefusalBody', () => {
  it('reads the body to its end', async () => {
    const stream = response();
    const body = read(stream);
    stream.end('{"error":{"message":"no"}}');
    await body.done;
    expect(body.text()).toBe('{"error":{"message":"no"}}');
  });

  it('stops at the cap, keeping what came before it, though the body goes on', async () => {
    const stream = response();
    const body = read(stream);
    stream.write('a'.repeat(MAX_REFUSAL_BODY_BYTES - 1));
    stream.write('bcd');
    await body.done;
    expect(body.text()).toBe(`${'a'.repeat(MAX_REFUSAL_BODY_BYTES - 1)}b`);
  });

  it('gives the part read so far while the body is still coming, and ends on a break', async () => {
    const stream = response();
    const body = read(stream, 100);
    stream.write('{"error":');
    await expect.poll(() => body.text()).toBe('{"error":');
    stream.destroy(new Error('reset'));
    await body.done;
    expect(body.text()).toBe('{"error":');
  });
});

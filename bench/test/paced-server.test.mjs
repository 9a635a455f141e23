import { afterEach, describe, expect, it } from 'vitest';
import { openFloorSocket } from '../contenders/floor.mjs';
import { hrMs } from '../lib/clock.mjs';
import { createPacedServer } from '../lib/paced-server.mjs';
import { buildPacedStream } from '../lib/paced-stream.mjs';

const closers = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function pacedServer(deltas) {
  const stream = buildPacedStream(deltas);
  const server = await createPacedServer(stream);
  closers.push(() => server.close());
  return { stream, server };
}

describe('paced stream', () => {
  it('is built from the recording: the deltas add up to the text of the done events', () => {
    const stream = buildPacedStream(1000);
    const events = stream.framesFor('resp_x').map((frame) => JSON.parse(frame));
    const deltas = events.filter((e) => e.type === 'response.output_text.delta');
    expect(deltas).toHaveLength(1000);
    expect(stream.events).toBe(1008);
    expect(deltas.map((d) => d.delta).join('')).toBe(stream.text);
    expect(events.find((e) => e.type === 'response.output_text.done').text).toBe(stream.text);
    const completed = events[events.length - 1];
    expect(completed.type).toBe('response.completed');
    expect(completed.response.id).toBe('resp_x');
    expect(completed.response.output[0].content[0].text).toBe(stream.text);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
  });
});

describe('paced server', () => {
  it('streams every event over WebSocket, no faster than the rate asked for', async () => {
    const { stream, server } = await pacedServer(60);
    const socket = await openFloorSocket(server.url);
    closers.push(() => socket.close());
    const seen = [];
    const start = hrMs();
    const done = await socket.turn(
      { input: [{ role: 'user', content: [{ type: 'input_text', text: 'go #rate=2000' }] }] },
      (event) => seen.push(event.type),
    );
    // 68 events at 2,000/s: at least 67 gaps of 0.5 ms.
    expect(hrMs() - start).toBeGreaterThanOrEqual(33);
    expect(seen).toHaveLength(stream.events);
    expect(done.response.id).toBe('resp_paced_1');
    const [achieved] = server.stats().achieved;
    expect(achieved.rate).toBe(2000);
    expect(achieved.achieved).toBeLessThanOrEqual(2000);
  });

  it('streams the same events as SSE over HTTP', async () => {
    const { stream, server } = await pacedServer(20);
    const res = await fetch(`${server.url}/responses`, {
      method: 'POST',
      body: JSON.stringify({ stream: true, input: 'go #rate=0' }),
    });
    const body = await res.text();
    const events = body.split('\n\n').filter((block) => block.startsWith('event: '));
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(events).toHaveLength(stream.events);
    expect(events[4]).toMatch(/^event: response\.output_text\.delta\ndata: \{/);
  });
});

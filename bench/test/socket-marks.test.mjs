import { describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { recordSocketMarks, stepPhases } from '../lib/socket-marks.mjs';

const mark = (kind, at, cpu) => ({ kind, at, cpu });

describe('stepPhases', () => {
  // Two steps on one socket: each from its send to the next one.
  const marks = [
    mark('send', 10, 1_100),
    mark('in', 20, 1_300),
    mark('out', 20, 1_340),
    mark('in', 21, 1_400),
    mark('out', 21, 1_450),
    mark('send', 30, 2_000),
    mark('in', 40, 2_100),
    mark('out', 40, 2_120),
  ];

  it('cuts a step at its send, its callbacks and the gaps between them', () => {
    expect(stepPhases(marks, { startMs: 5, cpuStartUs: 1_000, cpuUs: 500 })).toEqual({
      events: 2,
      beforeSend: 100,
      toFirstEvent: 200,
      inCallbacks: 40 + 50,
      betweenEvents: 60,
      afterLast: 1_500 - 1_450,
    });
  });

  it("takes the first frame sent at or after the step's start, and stops at the next frame", () => {
    const second = stepPhases(marks, { startMs: 30, cpuStartUs: 1_990, cpuUs: 200 });
    expect(second).toEqual({
      events: 1,
      beforeSend: 10,
      toFirstEvent: 100,
      inCallbacks: 20,
      betweenEvents: 0,
      afterLast: 2_190 - 2_120,
    });
  });

  it('is null for a step the marks did not see', () => {
    expect(stepPhases(marks, { startMs: 50, cpuStartUs: 0, cpuUs: 1 })).toBeNull();
    expect(stepPhases([mark('send', 1, 1)], { startMs: 0, cpuStartUs: 0, cpuUs: 1 })).toBeNull();
  });
});

describe('recordSocketMarks', () => {
  it("marks each frame sent and each message callback of the class's sockets, until stopped", async () => {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    server.on('connection', (socket) =>
      socket.on('message', (data) => socket.send(`echo ${data}`)),
    );
    const recorder = recordSocketMarks(WebSocket);
    const client = new WebSocket(`ws://127.0.0.1:${server.address().port}`);
    try {
      await new Promise((resolve) => client.once('open', resolve));
      const reply = new Promise((resolve) => client.once('message', (data) => resolve(`${data}`)));
      client.send('hi');
      expect(await reply).toBe('echo hi');
      // The server's socket is of the same class: its callback is marked too.
      const kinds = recorder.marks.map((m) => m.kind);
      expect(kinds.filter((k) => k === 'send')).toHaveLength(2);
      expect(kinds.filter((k) => k === 'in')).toHaveLength(2);
      expect(kinds.filter((k) => k === 'out')).toHaveLength(2);
      for (let i = 1; i < recorder.marks.length; i++) {
        expect(recorder.marks[i].cpu).toBeGreaterThanOrEqual(recorder.marks[i - 1].cpu);
      }
    } finally {
      recorder.stop();
    }
    const before = recorder.marks.length;
    const again = new Promise((resolve) => client.once('message', resolve));
    client.send('again');
    await again;
    expect(recorder.marks).toHaveLength(before);
    client.close();
    await new Promise((resolve) => server.close(resolve));
  });
});

// Where a step's CPU goes, seen from the socket: the process CPU at every frame sent and at the
// start and end of every message callback (`ws` emits each message to its listeners), for this
// package and the floor alike, since both run on the same `ws` class. The package is left
// untouched: the marks come from wrapping `send` and `emit` on the class's prototype, in the
// contender's own process.
import { cpuMicros, hrMs } from './clock.mjs';

/**
 * Records marks from now on, into `marks` (kind 'send' | 'in' | 'out', hrMs time, CPU µs). The
 * marks cost two clock reads per callback, the same for every contender.
 */
export function recordSocketMarks(WebSocket) {
  const marks = [];
  const mark = (kind) => marks.push({ kind, at: hrMs(), cpu: cpuMicros() });
  const { send, emit } = WebSocket.prototype;
  WebSocket.prototype.send = function markedSend(...args) {
    mark('send');
    return send.apply(this, args);
  };
  WebSocket.prototype.emit = function markedEmit(event, ...args) {
    if (event !== 'message') return emit.call(this, event, ...args);
    mark('in');
    try {
      return emit.call(this, event, ...args);
    } finally {
      mark('out');
    }
  };
  return {
    marks,
    stop() {
      WebSocket.prototype.send = send;
      WebSocket.prototype.emit = emit;
    },
  };
}

/** The phases of a step, in the order they happen; each is CPU µs. */
export const PHASES = [
  ['beforeSend', 'from the call to the frame sent (convert, plan, build)'],
  ['toFirstEvent', 'from the send to the first event (the rest of the send, waiting set-up)'],
  ['inCallbacks', 'inside the message callbacks (parse, route, map, enqueue)'],
  ['betweenEvents', 'between two callbacks (socket reads, microtasks, the reader)'],
  ['afterLast', 'from the last callback to the end of the stream (settling, head, digest)'],
];

/**
 * A step's CPU by phase: its frame is the first one sent at or after `startMs`, and its events
 * are the callbacks from there to the next frame (one socket, one step at a time), or to the end.
 * `cpuStartUs` is the process CPU at the step's start, `cpuUs` its CPU over the whole step. Null
 * when the marks hold no frame or no event for it.
 */
export function stepPhases(marks, { startMs, cpuStartUs, cpuUs }) {
  const sendAt = marks.findIndex((m) => m.kind === 'send' && m.at >= startMs);
  if (sendAt < 0) return null;
  const events = [];
  for (const m of marks.slice(sendAt + 1)) {
    if (m.kind === 'send') break;
    events.push(m);
  }
  if (events.length < 2 || events[0].kind !== 'in') return null;
  const send = marks[sendAt].cpu;
  let inCallbacks = 0;
  let betweenEvents = 0;
  for (let i = 1; i < events.length; i++) {
    const gap = events[i].cpu - events[i - 1].cpu;
    if (events[i].kind === 'out') inCallbacks += gap;
    else betweenEvents += gap;
  }
  const last = events[events.length - 1];
  return {
    events: events.filter((m) => m.kind === 'in').length,
    beforeSend: send - cpuStartUs,
    toFirstEvent: events[0].cpu - send,
    inCallbacks,
    betweenEvents,
    afterLast: cpuStartUs + cpuUs - last.cpu,
  };
}

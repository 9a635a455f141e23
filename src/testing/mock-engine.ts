import { FaultBox } from './fault-box';
import { IdFactory } from './id-factory';
import type { Item } from './items';
import { type GeneratedOutput, isScriptedOutput } from './plan-output';
import { loadReplay, type ReplayPlan } from './replay-fixture';
import { ResponseStore, type StoredResponse } from './response-store';
import type { MockCostModel, MockRequestRecord, ScriptedOutput } from './types';

/** Server-side state of one WebSocket connection. */
export type SocketSession = {
  id: number;
  /** The socket's cache: only its latest finished response. */
  latest: StoredResponse | null;
  /** One response at a time per socket. */
  inFlight: boolean;
};

export type QueuedOutput =
  | { kind: 'generated'; output: GeneratedOutput }
  | { kind: 'replay'; plan: ReplayPlan };

/** Everything both transports share: records, scripts, faults, the store, ids, timers. */
export class MockEngine {
  readonly ids = new IdFactory();
  readonly store = new ResponseStore();
  readonly faults = new FaultBox();
  /** Exposed as `server.requests`; cleared in place so references held by tests stay live. */
  readonly records: MockRequestRecord[] = [];
  private recordCount = 0;
  private readonly queue: QueuedOutput[] = [];
  private readonly sleeps = new Map<NodeJS.Timeout, () => void>();
  private stopped = false;

  constructor(
    readonly costModel: MockCostModel,
    readonly fixturesDir: string | null,
  ) {}

  get closed(): boolean {
    return this.stopped;
  }

  enqueue(outputs: ScriptedOutput[]): void {
    for (const output of outputs) {
      if (!isScriptedOutput(output)) {
        throw new TypeError(`Not a scripted output: ${JSON.stringify(output)}`);
      }
      // Replays are loaded now so that a wrong file name fails the test at the line that made it.
      this.queue.push(
        'replay' in output
          ? {
              kind: 'replay',
              plan: loadReplay(this.fixturesDir, output.replay, output.responseIndex),
            }
          : { kind: 'generated', output },
      );
    }
  }

  nextOutput(): QueuedOutput | undefined {
    return this.queue.shift();
  }

  newRecord(
    transport: MockRequestRecord['transport'],
    socketId: number | null,
    raw: string,
  ): MockRequestRecord {
    this.recordCount += 1;
    const record: MockRequestRecord = {
      id: this.recordCount,
      transport,
      socketId,
      raw,
      bytes: Buffer.byteLength(raw, 'utf8'),
      body: {},
      previousResponseId: null,
      input: [] as Item[],
      context: [],
      duplicates: [],
      responseId: null,
      error: null,
      parentSource: null,
      status: 'in_progress',
      processedBytes: 0,
      costDelayMs: 0,
      eventsSent: 0,
    };
    this.records.push(record);
    return record;
  }

  /** A delay that `shutdown()` cuts short, so closing the server never waits on a timer. */
  sleep(ms: number): Promise<void> {
    if (this.stopped || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleeps.delete(timer);
        resolve();
      }, ms);
      this.sleeps.set(timer, resolve);
    });
  }

  reset(): void {
    this.records.length = 0;
    this.recordCount = 0;
    this.queue.length = 0;
    this.faults.clear();
    this.store.clear();
  }

  shutdown(): void {
    this.stopped = true;
    for (const [timer, resolve] of this.sleeps) {
      clearTimeout(timer);
      resolve();
    }
    this.sleeps.clear();
  }
}

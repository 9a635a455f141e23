// The benchmark's fixed parameters, in one place so the report can print them.

/**
 * The mock server's cost model. Chosen once as plausible for OpenAI and not tuned afterwards:
 * latency at the low end of what the API shows for a small model (a lower fixed latency makes
 * the per-step overheads, where the contenders differ, weigh more, not less), a prefill cost per
 * KiB of context the server must process, a reload cost for a parent fetched from storage, and
 * a generation gap between streamed events.
 */
export const COST_MODEL = { latencyMs: 50, perKbMs: 0.5, storageLoadMs: 20, perEventMs: 1 };

/**
 * Runs per section: each run is a fresh client process per contender, warmed up, then measured.
 * The report gives the median over runs and their spread. `BENCH_RUNS=1` is the quick mode.
 */
export const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** Event-pace section: the stream, the paces, and the warm-up rule (see contenders/paced-stream). */
export const EVENT_PACE = {
  deltas: 2000,
  rates: [1000, 4000],
  /**
   * Measured streams per rate and run, interleaved over `rounds` rounds. One stream's CPU per
   * event varies by up to ±30 % from the next on this 2-core VM; with 8 streams at 4,000/s per
   * run a run's median still moved by a fifth from one run to the next, hence 6 and 18 per run.
   */
  rounds: 6,
  streamsPerRound: { 1000: 1, 4000: 3 },
  warmUp: { rate: 4000, min: 16, max: 40, window: 4, tolerance: 0.05 },
};

/** Per-step section: history sizes (Responses input items), steps per loop, warm-up. */
export const PER_STEP = {
  sizes: [10, 100, 500],
  steps: 12,
  /** The first steps of a loop are not continuations of a warm chain: left out of the figures. */
  skip: 2,
  /** Loops per size, contender and run (each contender's in turn): 20 measured steps. */
  loopsPerSize: 2,
  /**
   * Warm-up: loops on the cost-free mock, then one loop on the measured one (discarded). V8
   * optimises code that runs once per step only after thousands of steps: a fresh process of this
   * package still got ~3× cheaper per fast loop between loop 30 and loop 200, and its paced CPU
   * per step fell by a quarter between 30 and 300 warm-up loops (the floor's by ~30 %), then no
   * further by 600. With 400 loops, one process after another, this package's curve still fell a
   * little in its last batches (0.51 → 0.48 → 0.43 ms, one run): 600. `batch`: the report shows
   * the warm-up curve as the median of each batch.
   */
  warmUp: { loops: 600, steps: 10, batch: 50 },
};

/** End-to-end section: workloads and warm-up (on the cost-free mock). */
export const END_TO_END = {
  agentToolCalls: [20, 50],
  chatTurns: 20,
  /**
   * Through `streamText`, CPU per step kept falling for ~100 agent loops of 20 calls in a fresh
   * process (this package from ~4.4 to ~2.3 ms on the cost-free mock, the minimal model from ~3.5
   * to ~1.5, @ai-sdk/openai from ~9.4 to ~4), then stayed within the noise to loop 200. With
   * 120 loops, one report's loopback curves of this package and the minimal model still fell by a
   * quarter over their last 20 loops (the run before, they were flat): 200.
   * The chat's own path (a new call with the whole history, text streamed back) is warmed too:
   * 3 chats of 5 turns ran it only 15 times.
   * `batch` / `chatBatch`: the report shows each curve as the median of each batch.
   */
  warmUp: { agentLoops: 200, toolCalls: 20, chats: 40, turns: 5, batch: 20, chatBatch: 5 },
};

/**
 * Multi-instance section: one chat served by 2–4 app processes, and the client CPU of a call
 * that verifies another instance's digest. Warm-up on the cost-free mock, with the same routing.
 */
export const MULTI_INSTANCE = {
  processes: [2, 3, 4],
  turns: 12,
  /** Every third message asks for tool calls: 2, 3, 4, 5 of them (see sections/multi-instance). */
  maxSteps: 8,
  warmUpChats: 4,
  verify: { items: 500, steps: 12, warmUpLoops: 8 },
};

/** The WAN profile's link: round trip, uplink rate (token bucket, burst of one packet). */
export const WAN = { rttMs: 40, upMbps: 20, burstBytes: 1500 };

/** Conversations run at once in the scale section. */
export const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 1000);

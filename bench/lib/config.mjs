// The benchmark's fixed parameters, in one place so the report can print them.

/**
 * The mock server's cost model. Chosen once as plausible for OpenAI and not tuned afterwards:
 * latency at the low end of what the API shows for a small model (a lower fixed latency makes
 * the per-step overheads, where the contenders differ, weigh more, not less), a prefill cost per
 * KiB of context the server must process, a reload cost for a parent fetched from storage, and
 * a generation gap between streamed events.
 */
export const COST_MODEL = { latencyMs: 50, perKbMs: 0.5, storageLoadMs: 20, perEventMs: 1 };

/** Measured runs per contender and workload (each after a warm-up run). */
export const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** History sizes (Responses input items) for the planning-cost section. */
export const HISTORY_SIZES = [10, 100, 500];

/** Conversations run at once in the scale section. */
export const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 1000);

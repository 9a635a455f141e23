// Turns the raw runs of the end-to-end section into the figures the report shows.
import { max, median, min, percentile, sum } from './stats.mjs';

/** Figures for one contender on one workload, over all its measured runs. */
export function summariseRuns(runs) {
  const steps = runs.flatMap((r) => r.steps);
  const requests = runs.flatMap((r) => r.requests);
  // A continuation is every call after the first of a run (the first can only be full input).
  const continuations = runs.flatMap((r) => r.requests.slice(1));
  const deltaByServer = continuations.filter(
    (q) => q.previousResponseId !== null && q.parentSource !== null,
  );
  const wsSteps = runs.flatMap((r) => r.steps.slice(1)).filter((s) => s.metadata);
  const stepCount = runs[0]?.steps.length ?? 0;
  const perStep = Array.from({ length: stepCount }, (_, i) =>
    median(runs.map((r) => r.steps[i]?.durationMs).filter(Number.isFinite)),
  );
  return {
    runs: runs.length,
    wall: {
      median: median(runs.map((r) => r.wallMs)),
      min: min(runs.map((r) => r.wallMs)),
      max: max(runs.map((r) => r.wallMs)),
    },
    ttft: {
      median: median(steps.map((s) => s.ttftMs).filter(Number.isFinite)),
      p90: percentile(steps.map((s) => s.ttftMs).filter(Number.isFinite), 90),
    },
    stepMs: median(steps.map((s) => s.durationMs)),
    bodyBytesPerStep: median(requests.map((q) => q.bytes)),
    lastStepBodyBytes: median(
      runs.map((r) => r.requests[r.requests.length - 1]?.bytes ?? Number.NaN),
    ),
    bodyBytesTotal: median(runs.map((r) => sum(r.requests.map((q) => q.bytes)))),
    wireBytesTotal: median(runs.map((r) => r.bytesUp)),
    serverProcessedKb: median(runs.map((r) => sum(r.requests.map((q) => q.processedBytes)) / 1024)),
    serverDelayMs: median(runs.map((r) => sum(r.requests.map((q) => q.costDelayMs)))),
    cpuMsPerStep: median(steps.map((s) => s.cpuUs / 1000)),
    connections: median(runs.map((r) => r.connections)),
    continuations: continuations.length,
    deltaContinuations: deltaByServer.length,
    // This package's own account (providerMetadata.openai.websocket.inputMode).
    reportedDelta: wsSteps.length
      ? wsSteps.filter((s) => s.metadata.inputMode === 'delta').length
      : null,
    reportedContinuations: wsSteps.length || null,
    duplicates: sum(requests.map((q) => q.duplicates)),
    allCorrect: runs.every((r) => r.correct && r.requests.every((q) => q.status === 'completed')),
    perStep,
  };
}

/** `{ [workload]: { [contender]: summary } }` from the section's flat result list. */
export function summariseEndToEnd(section, contenders) {
  const out = {};
  for (const workload of section.workloads) {
    out[workload.id] = {};
    for (const { id } of contenders) {
      const runs = section.results.filter((r) => r.workload === workload.id && r.contender === id);
      out[workload.id][id] = summariseRuns(runs);
    }
  }
  return out;
}

/** Delta hit rate over every continuation of every workload, as the server saw it. */
export function deltaHitRate(summaries, contender) {
  let hits = 0;
  let total = 0;
  let reported = 0;
  let reportedTotal = 0;
  for (const byContender of Object.values(summaries)) {
    const s = byContender[contender];
    hits += s.deltaContinuations;
    total += s.continuations;
    reported += s.reportedDelta ?? 0;
    reportedTotal += s.reportedContinuations ?? 0;
  }
  return { hits, total, rate: total ? hits / total : Number.NaN, reported, reportedTotal };
}

// Where the time goes: self time per function in V8 CPU profiles (`--cpu-prof`), counted only
// inside the measured windows (profile timestamps and `hrMs()` read the same monotonic clock),
// so warm-up does not blur the picture. A sample's time is the gap to the next sample, capped at
// a few sampling intervals: on a busy machine the thread can be descheduled between two samples,
// and that wall time is not CPU the function spent.
import { readFileSync } from 'node:fs';

const SKIP = new Set(['(idle)', '(root)']);
/** V8's own pseudo-frames: time outside JavaScript functions. */
const V8_FRAMES = new Set(['(program)', '(garbage collector)']);

/** Which code a frame belongs to: this package's build, Node.js itself, or a dependency. */
export function originOf(url, buildMarker) {
  if (!url) return 'V8 / native';
  if (url.startsWith('node:')) return 'Node.js internals';
  if (buildMarker && url.includes(buildMarker)) return 'ai-sdk-openai-ws';
  // The innermost package: `ai/node_modules/@ai-sdk/provider-utils/…` is provider-utils.
  const dep = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url.replace(/\\/g, '/'));
  if (dep && !url.includes('/.cache/')) return dep[1];
  if (url.includes('/bench/')) return 'bench harness';
  return 'other';
}

const short = (url) => {
  if (!url) return '';
  if (url.startsWith('node:')) return url;
  const clean = url.replace(/^file:\/\//, '');
  const dep = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(clean);
  if (dep && !clean.includes('/.cache/')) return `${dep[1]}/${dep[2]}`;
  return clean.split('/').slice(-2).join('/');
};

/**
 * Self time per function of one profile, inside `windows` ([startMs, endMs] on the hrMs clock).
 * @returns {{ sampledMs: number, inWindows: boolean, functions: Map<string, object> }}
 */
export function selfTimes(profile, windows, buildMarker) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) {
    t += delta;
    times.push(t);
  }
  const gaps = profile.timeDeltas.slice(1).sort((a, b) => a - b);
  const cap = 4 * (gaps[gaps.length >> 1] ?? 0) || Number.POSITIVE_INFINITY;
  const windowsUs = windows.map(([a, b]) => [a * 1000, b * 1000]);
  const inside = (ts) => windowsUs.some(([a, b]) => ts >= a && ts <= b);
  const useWindows = windowsUs.length > 0 && times.some(inside);
  const functions = new Map();
  let sampledUs = 0;
  for (let i = 0; i < profile.samples.length - 1; i++) {
    if (useWindows && !inside(times[i])) continue;
    const node = byId.get(profile.samples[i]);
    const name = node.callFrame.functionName || '(anonymous)';
    if (SKIP.has(name)) continue;
    const us = Math.min(times[i + 1] - times[i], cap);
    sampledUs += us;
    const { url, lineNumber } = node.callFrame;
    const key = `${name} ${url}:${lineNumber}`;
    const entry = functions.get(key) ?? {
      name,
      where: url ? `${short(url)}:${lineNumber + 1}` : '',
      origin: V8_FRAMES.has(name) ? 'V8 / native' : originOf(url, buildMarker),
      selfUs: 0,
    };
    entry.selfUs += us;
    functions.set(key, entry);
  }
  return { sampledMs: sampledUs / 1000, inWindows: useWindows, functions };
}

/**
 * Merges the profiles of one contender (several runs) into the top functions by self time and
 * the share of each origin. Files that are missing (a process that did not exit cleanly) are
 * skipped and counted.
 */
export function summariseProfiles(entries, { buildMarker, top = 15 } = {}) {
  const merged = new Map();
  let sampledMs = 0;
  let files = 0;
  let missing = 0;
  let allInWindows = true;
  for (const { file, windows } of entries) {
    let profile;
    try {
      profile = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      missing++;
      continue;
    }
    files++;
    const one = selfTimes(profile, windows, buildMarker);
    sampledMs += one.sampledMs;
    allInWindows &&= one.inWindows;
    for (const [key, entry] of one.functions) {
      const into = merged.get(key);
      if (into) into.selfUs += entry.selfUs;
      else merged.set(key, { ...entry });
    }
  }
  const all = [...merged.values()].sort((a, b) => b.selfUs - a.selfUs);
  const origins = new Map();
  for (const f of all) origins.set(f.origin, (origins.get(f.origin) ?? 0) + f.selfUs);
  const pct = (us) => (sampledMs ? us / 10 / sampledMs : 0);
  return {
    files,
    missing,
    sampledMs,
    inWindows: allInWindows,
    top: all.slice(0, top).map((f) => ({ ...f, selfMs: f.selfUs / 1000, pct: pct(f.selfUs) })),
    origins: [...origins.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([origin, us]) => ({ origin, selfMs: us / 1000, pct: pct(us) })),
  };
}

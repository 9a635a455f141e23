// Counts from the mock's request records (as `server-process.mjs` summarises them): where the
// server found each continuation's parent, and how the calls used sockets and lanes.

/**
 * Where each continuation's parent came from: the cache of the socket (or lane) the call came
 * on, the store (another socket or instance made the parent), or nowhere, because the client
 * sent the whole history again.
 * @param {Array<{ previousResponseId: string | null, parentSource: string | null }>} requests
 *   the server's records of the calls
 * @param {number} continuations how many of those calls continued a conversation (every call
 *   but a conversation's first): the client knows, the server cannot tell a full resend from a
 *   first call
 */
export function continuationSources(requests, continuations) {
  let socketCache = 0;
  let store = 0;
  for (const r of requests) {
    if (r.previousResponseId === null) continue;
    if (r.parentSource === 'socket-cache') socketCache++;
    else if (r.parentSource === 'store') store++;
  }
  return { continuations, socketCache, store, full: continuations - socketCache - store };
}

/** `{ value: count }` of the values, in first-seen order; nullish values are left out. */
export function countBy(values) {
  const counts = {};
  for (const value of values) {
    if (value === null || value === undefined) continue;
    counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

/**
 * How the calls used the server's sockets: lanes used (socket × `stream_id` pairs; the default
 * lane counts once per socket), the most responses in flight on one socket, and how many
 * requests the server queued (behind their lane, or behind 16 in flight).
 * @param {Array<{ socketId: number | null, streamId: string | null, inFlight: number,
 *   queuedFor: string | null }>} requests
 */
export function laneUsage(requests) {
  const lanes = new Set();
  let maxInFlight = 0;
  let queued = 0;
  for (const r of requests) {
    lanes.add(`${r.socketId}/${r.streamId}`);
    maxInFlight = Math.max(maxInFlight, r.inFlight);
    if (r.queuedFor !== null) queued++;
  }
  return { lanes: lanes.size, maxInFlight, queued };
}

// Many conversations at once: the client's event-loop delay, the latency the crowd adds, sockets
// opened and the memory they hold, and where the server found each continuation's parent (the
// socket's or lane's cache, or the store), for this package and (as the reference) the raw-`ws`
// floor, each in its own process against the mock (no relay). `options.provider` is merged into
// this package's provider settings, so a variant is one line in sections/index.mjs (lanes on:
// `scale-lanes-32`); BENCH_SCALE_PROVIDER='{"pool":{…}}' does the same for a one-off run. Every
// variant of a run is rendered in one table, side by side (`renderGroup`).
import { mergeSettings } from '../contenders/package-provider.mjs';
import { CONVERSATIONS } from '../lib/config.mjs';
import { continuationSources, laneUsage } from '../lib/request-records.mjs';
import { renderScale, scaleTargets } from '../lib/scale-report.mjs';
import { eachRun } from '../lib/section.mjs';

export const CONTENDERS = ['websocket', 'floor'];
const TURNS = 3;
const ALONE = 10;

/** Merged deeply: BENCH_SCALE_PROVIDER='{"pool":{"maxSockets":100}}' keeps a variant's lanes. */
export const providerSettings = (options, env = process.env) =>
  mergeSettings(options.provider ?? {}, JSON.parse(env.BENCH_SCALE_PROVIDER ?? '{}'));

/** What the server saw of the crowd: continuations' parents, sockets and lanes. */
function serverView(requests, conversations) {
  return {
    ...continuationSources(requests, conversations * (TURNS - 1)),
    ...laneUsage(requests),
    duplicates: requests.reduce((n, r) => n + r.duplicates, 0),
    completed: requests.every((r) => r.status === 'completed'),
  };
}

export async function measure(ctx, options) {
  const provider = providerSettings(options);
  const server = await ctx.startServer({
    kind: 'mock',
    costModel: ctx.costModel,
    profile: 'loopback',
  });
  const url = server.directUrl;
  try {
    const records = await eachRun(ctx, CONTENDERS, async ({ contender, client }) => {
      await server.reset();
      const alone = await client.run('scale', 'alone', {
        contender,
        url,
        count: ALONE,
        turns: TURNS,
        provider,
      });
      await server.reset();
      const opened = (await server.stats()).sockets.opened;
      const crowd = await client.run('scale', 'crowd', {
        contender,
        url,
        conversations: CONVERSATIONS,
        turns: TURNS,
        provider,
      });
      const stats = await server.stats();
      const { window, ...rest } = crowd;
      return {
        alone,
        ...rest,
        socketsOpened: stats.sockets.opened - opened,
        server: serverView(stats.requests, CONVERSATIONS),
        windows: [window],
      };
    });
    return { conversations: CONVERSATIONS, turns: TURNS, alone: ALONE, provider, records };
  } finally {
    await server.close();
  }
}

export const renderGroup = (entries) => renderScale(entries, { CONTENDERS });
export const render = (result, options) => renderGroup([{ id: 'scale', options, result }]);
export const targets = (result) => scaleTargets(result);

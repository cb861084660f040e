// Runs in a fresh Node process (spawned by the core-floor measure): one list
// operation (the video poll, a page of the video dropdown or the Find Video
// search) through zapier-platform-core's handler, from the unpacked build.zip,
// in one of three forms, so the app is measured against what any app on core
// costs:
//   app              the real app, as Zapier loads it (zapierwrapper.js);
//   minimal-perform  our definition with the list's perform (the trigger's and
//                    the search's) replaced by the core floor: one raw
//                    request, one JSON.parse and the first `floorItems` items;
//   minimal-app      a definition holding those triggers and searches and nothing else.
// A warm-up call on the same path first (the PDF list); then the measured call
// (fresh: the first after start), then `warmCalls` more in the same process
// (warm, as Zapier reuses a runtime), whose median is reported beside it.
import { join } from 'node:path';
import { readJob, report, runAndExit } from './protocol';

type Handler = (event: object, context: object) => Promise<{ results?: unknown }>;
type Variant = 'app' | 'minimal-perform' | 'minimal-app';

interface Job {
  readonly dir: string;
  readonly variant: Variant;
  readonly warmUp: object;
  readonly event: object;
  readonly warmCalls: number;
  /** Items the floor's perform returns: as many as the app returns for this call. */
  readonly floorItems: number;
}

interface Z {
  request(options: object): Promise<{ text(): Promise<string> }>;
}

/** The core floor's perform for a list: what no app on core can do with less. */
const floorPerform =
  (path: string, items: number) =>
  async (z: Z, bundle: { authData: { api_key: string } }): Promise<unknown> => {
    const response = await z.request({
      url: `${process.env.BASE_URL ?? ''}${path}`,
      headers: { Authorization: bundle.authData.api_key },
      raw: true,
    });
    return (JSON.parse(await response.text()) as unknown[]).slice(0, items);
  };

interface Operation {
  readonly key: string;
  readonly operation: object;
}

function handlerFor(dir: string, variant: Variant, floorItems: number): Handler {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const core = require(join(dir, 'node_modules', 'zapier-platform-core')) as {
    createAppHandler: (app: object | string) => Handler;
  };
  if (variant === 'app') {
    return (require(join(dir, 'zapierwrapper.js')) as { handler: Handler }).handler;
  }
  const app = require(join(dir, 'index.js')) as {
    version: string;
    platformVersion: string;
    triggers: Record<string, Operation>;
    searches: Record<string, Operation>;
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  // The warm-up reads PDFs, the measured call videos: both get the floor's perform.
  const lists = { video: '/api/video', pdf: '/api/pdf' } as const;
  const replaced = (
    kind: 'triggers' | 'searches',
    keyOf: (list: string) => string,
  ): Record<string, object> =>
    Object.fromEntries(
      Object.entries(lists).map(([list, path]) => {
        const key = keyOf(list);
        const own = app[kind][key];
        if (!own) throw new Error(`the app has no ${kind} ${key}`);
        const perform = floorPerform(path, floorItems);
        const minimal = {
          key,
          noun: list,
          display: {
            label: kind === 'triggers' ? `New ${list}` : `Find ${list}`,
            description: `The core floor's ${list} list.`,
          },
          operation: { perform },
        };
        const ours = { ...own, operation: { ...own.operation, perform } };
        return [key, variant === 'minimal-perform' ? ours : minimal];
      }),
    );
  const triggers = replaced('triggers', (list) => list);
  const searches = replaced('searches', (list) => `find_${list}`);
  const definition =
    variant === 'minimal-perform'
      ? {
          ...app,
          triggers: { ...app.triggers, ...triggers },
          searches: { ...app.searches, ...searches },
        }
      : { version: app.version, platformVersion: app.platformVersion, triggers, searches };
  return core.createAppHandler(definition);
}

async function main(): Promise<void> {
  const job = await readJob<Job>();
  const handler = handlerFor(job.dir, job.variant, job.floorItems);
  await handler(job.warmUp, {});
  const time = async (): Promise<{ ms: number; items: number }> => {
    const started = performance.now();
    const output = await handler(job.event, {});
    const ms = performance.now() - started;
    return { ms, items: Array.isArray(output.results) ? output.results.length : -1 };
  };
  const fresh = await time();
  const warm: number[] = [];
  for (let i = 0; i < job.warmCalls; i++) warm.push((await time()).ms);
  warm.sort((a, b) => a - b);
  report({
    ms: fresh.ms,
    items: fresh.items,
    warmMs: warm[Math.floor(warm.length / 2)] ?? fresh.ms,
    maxRssKiB: process.resourceUsage().maxRSS,
  });
}

runAndExit(main);

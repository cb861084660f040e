// 7. The core floor: the video poll, a page of the video dropdown and the Find Video search,
// each through core's handler, against the same handler with the list's perform replaced by one
// raw request, one JSON.parse and as many items as the app returns (child.ts). No app on core
// can do less, so the ratio is what the app's own code costs. The bare floor (fetch and
// JSON.parse) is beside it for context. Lists of varied titles, stored order and shuffled.
import { runChild, succeeded, type AppJob, type Figures } from './child';
import { DROPDOWN_PAGE_0, executeEvent, shuffled, startLists, videosOf } from './lists';
import { count, fixed, mark, median, printTable, times, type Outcome, type Target } from './report';

const SIZES = [10_000, 50_000, 200_000];
const ORDERS = ['stored', 'shuffled'] as const;
// One run's ratio moves by ±0.2 or more on a busy 2-core machine: a median of 7 moved a row
// across the target from one run of the bench to the next.
const RUNS = 9;
// The first two or three calls in a process are still slow while V8 compiles core and the
// app; with 5 the median was decided by which call a garbage collection fell in.
const WARM_CALLS = 10;
const ROW_LIMIT = 1.8;
const MEDIAN_TARGET = 1.3;

const OPERATIONS = ['poll', 'dropdown', 'search'] as const;
type Operation = (typeof OPERATIONS)[number];
const NAMES = { poll: 'video poll', dropdown: 'video dropdown, page 0', search: 'find_video' };
const KINDS = ['fresh', 'warm'] as const;
type Kind = (typeof KINDS)[number];
type PerKind<T> = Readonly<Record<Kind, T>>;

/** Median ms: the app, the core floor, the bare floor ('minimal-app' is no longer measured). */
interface Timings {
  readonly app: number;
  readonly 'minimal-perform': number;
  readonly 'minimal-app': number | null;
  readonly bare: number;
}

/** A row of latest.json's `coreFloor`. */
interface CoreFloorPoint {
  readonly operation: Operation;
  readonly items: number;
  readonly order: (typeof ORDERS)[number];
  readonly target: number;
  /** Items the operation returned; the core floor returns as many. */
  readonly returned: number;
  /** The first call after the warm-up, and the median of the warm calls. */
  readonly fresh: Timings;
  readonly warm: Timings;
  /** The median of each run's own app / core floor, so the load of the moment moves both sides. */
  readonly ratio: PerKind<number>;
  readonly ratioRuns: PerKind<readonly number[]>;
  readonly ratioOfMedians: PerKind<number>;
  /** (App − core floor) per 1,000 items of the list, ms. */
  readonly aboveFloorMsPer1000: PerKind<number>;
  readonly met: PerKind<boolean>;
}

/** A title as the search compares it: accents off, any case. */
const searchable = (title: string): string =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

async function measureAt(dir: string, items: number, order: (typeof ORDERS)[number]) {
  const lists = await startLists();
  const stored = videosOf(items);
  const videos = order === 'shuffled' ? shuffled(stored, items) : stored;
  lists.serve(Buffer.from(JSON.stringify(videos)));
  // The middle video's title: the search finds it, and the few others that hold it.
  const title = videos[videos.length >> 1]?.title ?? '';
  const matches = videos.filter((v) => searchable(v.title).includes(searchable(title))).length;
  const poll = (list: string, bundle = {}) =>
    executeEvent(lists, `triggers.${list}.operation.perform`, bundle);
  const find = (list: string, title = '') =>
    executeEvent(lists, `searches.find_${list}.operation.perform`, { inputData: { title } });
  // Each warms up on the PDF list, along the same code path.
  const calls: Record<Operation, { warmUp: object; event: object; returned: number }> = {
    poll: { warmUp: poll('pdf'), event: poll('video'), returned: Math.min(items, 1_000) },
    dropdown: {
      warmUp: poll('pdf', DROPDOWN_PAGE_0),
      event: poll('video', DROPDOWN_PAGE_0),
      returned: Math.min(items, 100),
    },
    search: {
      warmUp: find('pdf', lists.pdfs[0]?.title),
      event: find('video', title),
      returned: Math.min(matches, 25),
    },
  };
  const bareJob = {
    kind: 'floor',
    warmUpUrl: `${lists.baseUrl}/api/pdf`,
    url: `${lists.baseUrl}/api/video`,
    apiKey: lists.apiKey,
    warmCalls: WARM_CALLS,
  } as const;
  type Runs = Record<'app' | 'floor', Figures[]>;
  const runs: Record<Operation, Runs> = {
    poll: { app: [], floor: [] },
    dropdown: { app: [], floor: [] },
    search: { app: [], floor: [] },
  };
  const bare: Figures[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const operation of OPERATIONS) {
        const { warmUp, event, returned } = calls[operation];
        const job: AppJob = { kind: 'app', dir, warmUp, event, warmCalls: WARM_CALLS };
        const floorJob: AppJob = { ...job, floorItems: returned };
        // Every other run the floor first, so that a load rising through a run favours neither.
        let app: Figures;
        let floor: Figures;
        if (i % 2 === 0) {
          app = await runChild(job);
          floor = await runChild(floorJob);
        } else {
          floor = await runChild(floorJob);
          app = await runChild(job);
        }
        for (const figures of [app, floor]) {
          if (succeeded(figures).items !== returned) {
            throw new Error(`${NAMES[operation]} at ${items} returned ${figures.items} items`);
          }
        }
        runs[operation].app.push(app);
        runs[operation].floor.push(floor);
      }
      // The three operations make the same request: one bare floor serves all.
      bare.push(await runChild(bareJob));
    }
  } finally {
    await lists.close();
  }
  return OPERATIONS.map((operation): CoreFloorPoint => {
    const { app, floor } = runs[operation];
    const of = (runs: Figures[], kind: Kind) =>
      runs.map((f) => (kind === 'fresh' ? f.ms : f.warmMs));
    const timings = (kind: Kind): Timings => ({
      app: median(of(app, kind)),
      'minimal-perform': median(of(floor, kind)),
      'minimal-app': null,
      bare: median(of(bare, kind)),
    });
    const fresh = timings('fresh');
    const warm = timings('warm');
    const runRatios = (kind: Kind) =>
      of(app, kind).map((ms, run) => ms / (of(floor, kind)[run] ?? NaN));
    const ratioRuns = { fresh: runRatios('fresh'), warm: runRatios('warm') };
    const ratio = { fresh: median(ratioRuns.fresh), warm: median(ratioRuns.warm) };
    const above = (t: Timings) => ((t.app - t['minimal-perform']) * 1_000) / items;
    return {
      operation,
      items,
      order,
      target: ROW_LIMIT,
      returned: calls[operation].returned,
      fresh,
      warm,
      ratio,
      ratioRuns,
      ratioOfMedians: {
        fresh: fresh.app / fresh['minimal-perform'],
        warm: warm.app / warm['minimal-perform'],
      },
      aboveFloorMsPer1000: { fresh: above(fresh), warm: above(warm) },
      met: { fresh: ratio.fresh <= ROW_LIMIT, warm: ratio.warm <= ROW_LIMIT },
    };
  });
}

export async function coreFloor(dir: string): Promise<Outcome> {
  const measured: CoreFloorPoint[] = [];
  for (const items of SIZES) {
    for (const order of ORDERS) measured.push(...(await measureAt(dir, items, order)));
  }
  const rows = OPERATIONS.flatMap((operation) => measured.filter((p) => p.operation === operation));
  printTable(
    ['operation', 'items', 'order', 'call', 'app ms', 'core floor ms', 'app/core floor', 'bare ms'],
    rows.flatMap((p) =>
      KINDS.map((kind) => [
        NAMES[p.operation],
        count(p.items),
        p.order,
        kind,
        fixed(p[kind].app),
        fixed(p[kind]['minimal-perform']),
        `${mark(p.met[kind])} ${times(p.ratio[kind])}`,
        fixed(p[kind].bare),
      ]),
    ),
  );
  const ratios = rows.flatMap((p) => KINDS.map((kind) => p.ratio[kind]));
  const middle = median(ratios);
  const largest = Math.max(...ratios);
  const targets: Target[] = [
    {
      met: middle <= MEDIAN_TARGET,
      text: `the median of the ${ratios.length} ratios is ${times(middle)} (at most ${MEDIAN_TARGET}×)`,
    },
    {
      met: largest <= ROW_LIMIT,
      text: `the largest ratio is ${times(largest)} (at most ${ROW_LIMIT}×)`,
    },
  ];
  return { rows, targets };
}

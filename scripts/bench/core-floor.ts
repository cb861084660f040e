// 7. The core floor: the video poll, a page of the video dropdown and the Find Video search,
// each through core's handler, against the same handler with the list's perform replaced by one
// raw request, one JSON.parse and as many items as the app returns (child.ts). No app on core
// can do less, so the ratio is what the app's own code costs. The bare floor (fetch and
// JSON.parse) is beside it for context. Lists of varied titles, stored order and shuffled.
import { runChild, type Figures } from './child';
import { DROPDOWN_PAGE_0, executeEvent, startLists, videosOf } from './lists';
import { count, fixed, mark, median, printTable, times } from './report';

const SIZES = [10_000, 50_000, 200_000];
// One run's ratio moves by ±0.2 or more on a busy 2-core machine: 9 runs keep the median steady.
const RUNS = 9;
// The first two or three calls in a process are slow while V8 compiles core and the app.
const WARM_CALLS = 10;
const ROW_LIMIT = 2.0; // and 1.35 for the median of all rows
const NAMES = { poll: 'video poll', dropdown: 'video dropdown, page 0', search: 'find_video' };
type Operation = keyof typeof NAMES;
const OPERATIONS = Object.keys(NAMES) as Operation[];
const KINDS = ['fresh', 'warm'] as const;
const SIDES = ['app', 'floor'] as const;
type Kind = (typeof KINDS)[number];
const perKind = <T>(value: (kind: Kind) => T) => ({ fresh: value('fresh'), warm: value('warm') });
const msOf = (runs: Figures[], kind: Kind) => runs.map((f) => (kind === 'fresh' ? f.ms : f.warmMs));

async function measure(root: string, items: number, order: 'stored' | 'shuffled') {
  const lists = await startLists();
  const { baseUrl, apiKey } = lists;
  const videos = videosOf(items, order === 'shuffled');
  lists.serve(Buffer.from(JSON.stringify(videos)));
  // Each operation's event for a list: it warms up on the PDF list, along the same code path.
  // The search looks for the middle video's title, which a few others hold too.
  const poll = (bundle: object) => (list: string) =>
    executeEvent(lists, `triggers.${list}.operation.perform`, bundle);
  const title = (list: string) => (list === 'pdf' ? lists.pdfs[0] : videos[items >> 1])?.title;
  const find = (list: string) =>
    executeEvent(lists, `searches.find_${list}.operation.perform`, {
      inputData: { title: title(list) },
    });
  const events = { poll: poll({}), dropdown: poll(DROPDOWN_PAGE_0), search: find };
  const runs: Partial<Record<`${Operation} ${'app' | 'floor'}`, Figures[]>> = {};
  const returned: Partial<Record<Operation, number>> = {};
  const bare: Figures[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const operation of OPERATIONS) {
        const [warmUp, event] = [events[operation]('pdf'), events[operation]('video')];
        const job = { kind: 'app', root, warmUp, event, warmCalls: WARM_CALLS } as const;
        // Every other run the floor first, so that a load rising through a run favours neither;
        // the floor returns as many items as the app did in the first run.
        for (const side of i % 2 === 0 ? SIDES : [...SIDES].reverse()) {
          const figures = await runChild(
            side === 'app' ? job : { ...job, floorItems: returned[operation] },
          );
          const expected = (returned[operation] ??= figures.items);
          if (figures.items !== expected) throw new Error(`${operation}: ${figures.items} items`);
          (runs[`${operation} ${side}`] ??= []).push(figures);
        }
      }
      // The three operations make the same request: one bare floor serves all.
      bare.push(await runChild({ kind: 'bare', baseUrl, apiKey, warmCalls: WARM_CALLS }));
    }
  } finally {
    await lists.close();
  }
  // Rows of latest.json's `coreFloor`: 'minimal-perform' is the core floor; ratio the median of
  // each run's own app / core floor, so that the load of the moment moves both sides.
  return OPERATIONS.map((operation) => {
    const [app = [], floor = []] = [runs[`${operation} app`], runs[`${operation} floor`]];
    const timings = perKind((kind) => ({
      app: median(msOf(app, kind)),
      'minimal-perform': median(msOf(floor, kind)),
      'minimal-app': null,
      bare: median(msOf(bare, kind)),
    }));
    const ratioRuns = perKind((kind) =>
      msOf(app, kind).map((ms, run) => ms / (msOf(floor, kind)[run] ?? NaN)),
    );
    const ratio = perKind((kind) => median(ratioRuns[kind]));
    const above = (kind: Kind) => timings[kind].app - timings[kind]['minimal-perform'];
    return {
      operation,
      items,
      order,
      target: ROW_LIMIT,
      returned: returned[operation],
      ...timings,
      ratio,
      ratioRuns,
      ratioOfMedians: perKind((kind) => timings[kind].app / timings[kind]['minimal-perform']),
      aboveFloorMsPer1000: perKind((kind) => (above(kind) * 1_000) / items),
      met: perKind((kind) => ratio[kind] <= ROW_LIMIT),
    };
  });
}

export async function coreFloor(root: string) {
  const measured: Awaited<ReturnType<typeof measure>> = [];
  for (const items of SIZES)
    for (const order of ['stored', 'shuffled'] as const)
      measured.push(...(await measure(root, items, order)));
  const rows = OPERATIONS.flatMap((operation) => measured.filter((p) => p.operation === operation));
  printTable(
    ['operation', 'items', 'order', 'call', 'app ms', 'core floor ms', 'app/core floor', 'bare ms'],
    rows.flatMap((p) =>
      KINDS.map((kind) => [
        ...[NAMES[p.operation], count(p.items), p.order, kind, fixed(p[kind].app)],
        ...[fixed(p[kind]['minimal-perform']), `${mark(p.met[kind])} ${times(p.ratio[kind])}`],
        fixed(p[kind].bare),
      ]),
    ),
  );
  const ratios = rows.flatMap((p) => KINDS.map((kind) => p.ratio[kind]));
  const [middle, largest] = [median(ratios), Math.max(...ratios)];
  const text = `the median of the ${ratios.length} ratios is ${times(middle)} (at most 1.35×)`;
  const largestText = `the largest ratio is ${times(largest)} (at most 2.0×)`;
  const targets = [{ met: middle <= 1.35, text }];
  return { rows, targets: [...targets, { met: largest <= ROW_LIMIT, text: largestText }] };
}

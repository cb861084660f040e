// The bench's fresh processes. Zapier runs a step in a Lambda that may be new, so each measure
// runs in a new Node process with a clean environment, which reports its figures and its own
// peak resident memory. The app runs from dist/ rather than an unpacked build.zip: the zip's
// zapierwrapper.js is core's createAppHandler of the root index.js, which is what this calls,
// with the same pinned zapier-platform-core, so it measures the same code without a zip.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './report';

/**
 * The app through core's handler (with floorItems: the core floor of section 7), or the bare
 * floor: the same request with Node's fetch and JSON.parse alone. Each makes a warm-up call on
 * the same code path, the measured call, then warmCalls more, as Zapier reuses a warm Lambda.
 */
export type Job = { warmCalls: number } & (
  | { kind: 'app'; root: string; floorItems?: number; warmUp: object; event: object }
  | { kind: 'bare'; baseUrl: string; apiKey: string }
);

// ms: the measured call; warmMs: the warm calls' median; items: those the app returned (-1: the
// bare floor); bytes: its result's JSON (the body read); error: the measured call's message.
export type Figures = Record<'ms' | 'warmMs' | 'items' | 'bytes' | 'peakBytes', number> & {
  error?: string;
};

/** Runs `job` in a fresh process; a failed measured call stops the section unless it may fail. */
export function runChild(job: Job, mayFail = false): Promise<Figures> {
  return new Promise((resolve, reject) => {
    // Nothing of the project's environment reaches the "Lambda"; core's log lines are dropped.
    const env = { PATH: process.env.PATH ?? '' };
    const child = fork(__filename, { env, stdio: ['pipe', 'ignore', 'inherit', 'ipc'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000); // a hung child would hang us
    child.once('message', (figures: Figures) => {
      if (figures.error === undefined || mayFail) resolve(figures);
      else reject(new Error(`the measured call failed: ${figures.error}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`a ${job.kind} child ended with ${code ?? signal} and no figures`));
    });
    // On stdin, read whole, then parsed, as Lambda's runtime reads an event (IPC keeps a 10 MB
    // event's pieces too: 30 MB more at the peak). A child that died early is reported above.
    child.stdin?.on('error', () => undefined).end(JSON.stringify(job));
  });
}

/** Fresh processes per measure of sections 6, 8 and 9: peak memory barely moves between them. */
export async function repeat(job: Job, mayFail = false, runs = 5): Promise<Figures[]> {
  const figures: Figures[] = [];
  for (let i = 0; i < runs; i++) figures.push(await runChild(job, mayFail));
  return figures;
}

// In the fresh process:
type Call = () => Promise<unknown>;

async function timed(warmUp: Call, call: Call, warmCalls: number) {
  await warmUp();
  const started = performance.now();
  const outcome = await call().then(
    (value) => ({ value }),
    (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
  );
  const ms = performance.now() - started;
  if (!('value' in outcome)) return { error: outcome.error, ms, warmMs: ms, items: 0, bytes: 0 };
  const warm: number[] = [];
  for (let i = 0; i < warmCalls; i++) {
    const again = performance.now();
    await call();
    warm.push(performance.now() - again);
  }
  const { value } = outcome;
  const json = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  const items = Array.isArray(value) ? value.length : -1;
  return { ms, warmMs: warm.length > 0 ? median(warm) : ms, items, bytes: Buffer.byteLength(json) };
}

type Handler = (event: object, context: object) => Promise<{ results?: unknown }>;

// The core floor: the app's definition with the video and PDF lists' perform (the poll's and the
// search's) replaced by one raw request, one JSON.parse and as many items as the app returns,
// which no app on core can do with less. The fresh process's own copy is changed in place.
function appHandler({ root, floorItems }: Job & { kind: 'app' }): Handler {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const core = require('zapier-platform-core') as { createAppHandler: (app: unknown) => Handler };
  if (floorItems === undefined) return core.createAppHandler(join(root, 'index.js'));
  type Operations = Record<'video' | 'pdf' | 'find_video' | 'find_pdf', { operation: object }>;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const app = require(join(root, 'index.js')) as { triggers: Operations; searches: Operations };
  type Z = Record<'request', (options: object) => Promise<Response>>;
  const perform = (list: string) => async (z: Z, bundle: { authData: { api_key: string } }) => {
    const url = `${process.env.BASE_URL ?? ''}/api/${list}`;
    const headers = { Authorization: bundle.authData.api_key };
    const items = JSON.parse(await (await z.request({ url, headers, raw: true })).text());
    return (items as unknown[]).slice(0, floorItems);
  };
  for (const list of ['video', 'pdf'] as const) {
    Object.assign(app.triggers[list].operation, { perform: perform(list) });
    Object.assign(app.searches[`find_${list}`].operation, { perform: perform(list) });
  }
  return core.createAppHandler(app);
}

function run(job: Job) {
  if (job.kind === 'app') {
    const handler = appHandler(job);
    const call = async () => (await handler(job.event, {})).results;
    return timed(() => handler(job.warmUp, {}), call, job.warmCalls);
  }
  // The warm-up reads the PDF list, the measured calls the video list.
  const { baseUrl, apiKey } = job;
  const read = (list: string) => async () => {
    const response = await fetch(`${baseUrl}/api/${list}`, { headers: { Authorization: apiKey } });
    const text = await response.text();
    JSON.parse(text);
    return text;
  };
  return timed(read('pdf'), read('video'), job.warmCalls);
}

if (require.main === module) {
  void run(JSON.parse(readFileSync(0, 'utf8')) as Job).then((figures) => {
    // This process's own peak since exec (VmHWM): Linux also counts in maxRSS the parent's
    // memory that fork copied.
    const status = readFileSync('/proc/self/status', 'utf8');
    const peakBytes = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
    // Then exit at once, as a Lambda freezes: keep-alive sockets would hold the process open.
    process.send?.({ ...figures, peakBytes }, () => process.exit(0));
  });
}

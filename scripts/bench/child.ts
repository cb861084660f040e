// The bench's fresh processes. Zapier runs a step in a Lambda that may be new, so each measure
// runs in a new Node process: runChild starts this file with a clean environment, hands it the
// job on stdin, and reads back one line of figures, with the process's peak resident memory.
// In that process this file loads only Node, report.ts and the unpacked build.zip, so what it
// measures is the app's and core's alone.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './report';

/** The app through build.zip's handler, as Zapier's Lambda calls it. */
export interface AppJob {
  readonly kind: 'app';
  /** The unpacked build.zip. */
  readonly dir: string;
  /** Set: the core floor instead of the app (section 7), its lists returning this many items. */
  readonly floorItems?: number;
  /** A call on the same code path first, so that the measured call does not compile it. */
  readonly warmUp: object;
  readonly event: object;
  /** Calls again in the same process, as Zapier reuses a warm Lambda: their median is warmMs. */
  readonly warmCalls: number;
}

/** The bare floor: the same request with Node's fetch and JSON.parse, and nothing else. */
export interface FloorJob {
  readonly kind: 'floor';
  readonly warmUpUrl: string;
  readonly url: string;
  readonly apiKey: string;
  readonly warmCalls: number;
}

export interface Figures {
  /** The measured call (the first after the warm-up), and the median of the warm calls. */
  readonly ms: number;
  readonly warmMs: number;
  /** Items the call returned (the app), or -1 (the floor). */
  readonly items: number;
  /** The JSON of the app's result, or the body the floor read. */
  readonly bytes: number;
  /** The measured call's error message; the app's errors carry their code in it. */
  readonly error?: string;
  /** The process's peak resident memory, warm-up and event included. */
  readonly peakBytes: number;
}

type Handler = (event: object, context: object) => Promise<{ results?: unknown }>;

// core's logger writes to stdout too: the figures' line is the one with this mark.
const MARK = 'BENCH ';
const STATUS = '/proc/self/status';
// A child that hangs would hang the bench.
const TIMEOUT_MS = 60_000;

export function runChild(job: AppJob | FloorJob): Promise<Figures> {
  return new Promise((resolve, reject) => {
    // Nothing of the project's environment reaches the "Lambda".
    const proc = spawn(process.execPath, [__filename], { env: { PATH: process.env.PATH ?? '' } });
    let stdout = '';
    let stderr = '';
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => proc.kill('SIGKILL'), TIMEOUT_MS);
    proc.on('error', reject);
    proc.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((text) => text.startsWith(MARK));
      if (code === 0 && line) resolve(JSON.parse(line.slice(MARK.length)) as Figures);
      else reject(new Error(`a ${job.kind} child ended with ${code ?? signal}: ${stderr.trim()}`));
    });
    // A child that dies before reading its job is reported by 'close', not as EPIPE here.
    proc.stdin.on('error', () => undefined);
    proc.stdin.end(JSON.stringify(job));
  });
}

/** The figures of a measured call that succeeded; a failed one stops the section. */
export function succeeded(figures: Figures): Figures {
  if (figures.error !== undefined) throw new Error(`the measured call failed: ${figures.error}`);
  return figures;
}

// ---- In the fresh process ----

// The core floor: the app's definition with the video and PDF lists' perform (the poll's and the
// search's) replaced by one raw request, one JSON.parse and as many items as the app returns,
// which no app on core can do with less.
function coreFloorHandler(dir: string, items: number): Handler {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const core = require(join(dir, 'node_modules', 'zapier-platform-core')) as {
    createAppHandler: (app: object) => Handler;
  };
  type Operations = Record<string, { operation: object }>;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const app = require(join(dir, 'index.js')) as { triggers: Operations; searches: Operations };
  interface Z {
    request(options: object): Promise<{ text(): Promise<string> }>;
  }
  const perform = (path: string) => async (z: Z, bundle: { authData: { api_key: string } }) => {
    const response = await z.request({
      url: `${process.env.BASE_URL ?? ''}${path}`,
      headers: { Authorization: bundle.authData.api_key },
      raw: true,
    });
    return (JSON.parse(await response.text()) as unknown[]).slice(0, items);
  };
  const replaced = (operations: Operations, prefix: string): Operations => {
    const copy = { ...operations };
    for (const list of ['video', 'pdf']) {
      const own = operations[`${prefix}${list}`];
      if (!own) throw new Error(`the app has no ${prefix}${list}`);
      const operation = { ...own.operation, perform: perform(`/api/${list}`) };
      copy[`${prefix}${list}`] = { ...own, operation };
    }
    return copy;
  };
  return core.createAppHandler({
    ...app,
    triggers: replaced(app.triggers, ''),
    searches: replaced(app.searches, 'find_'),
  });
}

async function runApp(job: AppJob): Promise<Omit<Figures, 'peakBytes'>> {
  const handler =
    job.floorItems === undefined
      ? // eslint-disable-next-line @typescript-eslint/no-require-imports
        (require(join(job.dir, 'zapierwrapper.js')) as { handler: Handler }).handler
      : coreFloorHandler(job.dir, job.floorItems);
  await handler(job.warmUp, {});
  const started = performance.now();
  let results: unknown;
  try {
    ({ results } = await handler(job.event, {}));
  } catch (error) {
    const ms = performance.now() - started;
    const message = error instanceof Error ? error.message : String(error);
    return { ms, warmMs: ms, items: 0, bytes: 0, error: message };
  }
  const ms = performance.now() - started;
  const warm: number[] = [];
  for (let i = 0; i < job.warmCalls; i++) {
    const again = performance.now();
    await handler(job.event, {});
    warm.push(performance.now() - again);
  }
  return {
    ms,
    warmMs: warm.length > 0 ? median(warm) : ms,
    items: Array.isArray(results) ? results.length : -1,
    bytes: Buffer.byteLength(JSON.stringify(results) ?? ''),
  };
}

async function runFloor(job: FloorJob): Promise<Omit<Figures, 'peakBytes'>> {
  const read = async (url: string): Promise<string> => {
    const response = await fetch(url, {
      headers: { Authorization: job.apiKey, 'Content-Type': 'application/json' },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    JSON.parse(text);
    return text;
  };
  await read(job.warmUpUrl);
  const started = performance.now();
  const body = await read(job.url);
  const ms = performance.now() - started;
  const warm: number[] = [];
  for (let i = 0; i < job.warmCalls; i++) {
    const again = performance.now();
    await read(job.url);
    warm.push(performance.now() - again);
  }
  const warmMs = warm.length > 0 ? median(warm) : ms;
  return { ms, warmMs, items: -1, bytes: Buffer.byteLength(body) };
}

if (require.main === module) {
  // Read whole, then parsed, as Lambda's runtime reads an event: no pieces of it stay in memory.
  const job = JSON.parse(readFileSync(0, 'utf8')) as AppJob | FloorJob;
  (job.kind === 'app' ? runApp(job) : runFloor(job)).then(
    (figures) => {
      // This process's own peak since exec (VmHWM): Linux also counts in maxRSS the parent's
      // memory that fork copied, which raised small figures after large sections.
      const status = existsSync(STATUS) ? readFileSync(STATUS, 'utf8') : '';
      const kiB = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? process.resourceUsage().maxRSS);
      process.stdout.write(`${MARK}${JSON.stringify({ ...figures, peakBytes: kiB * 1024 })}\n`);
      // At once, as a Lambda freezes: keep-alive sockets would hold the process open.
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
      process.exit(1);
    },
  );
}

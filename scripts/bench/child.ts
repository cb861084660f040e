// The bench's one way to run code in a fresh Node process, as Zapier's Lambda
// does. A module defines a child (a name, and a function from a job to
// figures); runChild starts this file in a fresh Node with that module and
// name, hands it the job on stdin, and reads back its figures, peak RSS and
// time. A module defining a child (this one, cold-start.ts, core-floor.ts)
// imports only Node and child.ts, stats.ts and report.ts (types aside): what a
// child measures is the app's and Node's alone. Also here: the two children
// several measures share (build.zip's handler on one event, and the floor) and
// the events they take.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bundle } from 'zapier-platform-core';
import type { RecordedRequest, Sandbox } from '../../sandbox/server';
import { median, summarise, type Summary } from './stats';

/** What a child reports: numbers, mostly, and a message or a count. */
export type Figures = Readonly<Record<string, unknown>>;

/** A function that runs in a fresh process: its job in, its figures out. */
interface Child<Job> {
  /** The compiled module that defines it, which the fresh process loads. */
  readonly file: string;
  readonly name: string;
  readonly run: (job: Job) => Promise<Figures>;
}

/** The children defined in this process, by name. */
const children = new Map<string, Child<never>>();

/** Defines a child; `file` is the defining module's `__filename`. */
export function defineChild<Job>(
  file: string,
  name: string,
  run: (job: Job) => Promise<Figures>,
): Child<Job> {
  if (children.has(name)) throw new Error(`two bench children are named ${name}`);
  const child = { file, name, run };
  children.set(name, child);
  return child;
}

const CHILD_TIMEOUT_MS = 60_000;
/** Marks the figures' line: zapier-platform-core's logger writes to stdout too. */
const MARK = 'BENCH ';

export interface ChildRun {
  readonly figures: Figures;
  /** Spawn to exit, as the parent saw it. */
  readonly wallMs: number;
  /** The most memory the process ever held, warm-up included. */
  readonly peakRssMiB: number;
}

export function numberIn(figures: Figures, key: string): number {
  const value = figures[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Error(`a child reported no number for ${key}`);
  }
  return value;
}

/** One figure's median, min and max over several runs. */
export const summaryOf = (runs: readonly ChildRun[], key: string): Summary =>
  summarise(runs.map((r) => numberIn(r.figures, key)));

/** The peak RSS's median, min and max over several runs. */
export const peakRssOf = (runs: readonly ChildRun[]): Summary =>
  summarise(runs.map((r) => r.peakRssMiB));

/** Runs `child` on `job` in a fresh Node with a clean environment. */
export function runChild<Job>(child: Child<Job>, job: Job): Promise<ChildRun> {
  const input = JSON.stringify(job);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, [__filename, child.file, child.name], {
      // Nothing of the project's environment leaks into the "Lambda".
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => proc.kill('SIGKILL'), CHILD_TIMEOUT_MS);
    proc.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    proc.on('close', (code, signal) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      const line = stdout.split('\n').find((text) => text.startsWith(MARK));
      const figures: unknown = line === undefined ? undefined : JSON.parse(line.slice(MARK.length));
      if (code === 0 && typeof figures === 'object' && figures !== null) {
        const reported = figures as Figures;
        resolve({ figures: reported, wallMs, peakRssMiB: numberIn(reported, 'maxRssKiB') / 1024 });
      } else {
        const why = stderr.trim().split('\n')[0] || 'no figures';
        reject(new Error(`the ${child.name} child ended with ${code ?? signal}: ${why}`));
      }
    });
    // A child that dies before reading its input is reported by 'close', not as EPIPE here.
    proc.stdin.on('error', () => undefined);
    proc.stdin.end(input);
  });
}

/** In the fresh process: runs the child named on the command line and reports its figures. */
async function serve(file: string, name: string): Promise<void> {
  // Defines the child (a no-op for this file's own, defined already).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(file);
  const child = children.get(name);
  if (!child) throw new Error(`${file} defines no bench child ${name}`);
  // The job is read as one text and parsed, as Lambda's runtime reads an event: no copy of
  // it in pieces stays in memory while the measured call runs.
  const figures = await child.run(JSON.parse(readFileSync(0, 'utf8')) as never);
  // maxRSS is in KiB on Linux.
  const reported = { ...figures, maxRssKiB: process.resourceUsage().maxRSS };
  process.stdout.write(`${MARK}${JSON.stringify(reported)}\n`);
}

// ---- build.zip's handler, and the events it is given ----

export type Handler = (event: object, context: object) => Promise<{ results?: unknown }>;

/** The unpacked build.zip's handler, required as Zapier's Lambda requires it. */
export function zipHandler(dir: string): Handler {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(join(dir, 'zapierwrapper.js')) as { handler: Handler }).handler;
}

export interface Core {
  readonly version: string;
  readonly createAppHandler: (app: object) => Handler;
}

/** The zapier-platform-core that build.zip holds. */
export function zipCore(dir: string): Core {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(dir, 'node_modules', 'zapier-platform-core')) as Core;
}

export const HOOK_URL = 'https://hooks.zapier.com/hooks/standard/0/bench';

/** Page 0 of a dropdown fill. */
export const DROPDOWN_PAGE_0 = {
  meta: { isFillingDynamicDropdown: true, page: 0 } as Bundle['meta'],
} as const;

export const pollMethod = (key: string): string => `triggers.${key}.operation.perform`;
export const searchMethod = (key: string): string => `searches.${key}.operation.perform`;

/** An `execute` event for build.zip's handler, against `sandbox`. */
export const executeEvent = (
  sandbox: Pick<Sandbox, 'apiKey' | 'baseUrl' | 'altBaseUrl'>,
  method: string,
  bundle: Partial<Bundle> = {},
): object => ({
  command: 'execute',
  method,
  bundle: { authData: { api_key: sandbox.apiKey }, ...bundle },
  // Zapier hands `zapier-platform env:set` values to the app this way.
  environment: { BASE_URL: sandbox.baseUrl, ALT_BASE_URL: sandbox.altBaseUrl },
});

/** A hook's bundle for `payload`, delivered as Zapier hands a webhook to `perform`. */
export const hookBundle = (payload: Record<string, unknown>): Partial<Bundle> => ({
  targetUrl: HOOK_URL,
  subscribeData: { id: 'bench' },
  cleanedRequest: payload as Bundle['cleanedRequest'],
  rawRequest: {
    method: 'POST',
    querystring: '',
    headers: { 'Content-Type': 'application/json' },
    content: JSON.stringify(payload),
  },
});

export interface HandlerJob {
  /** The unpacked build.zip. */
  readonly dir: string;
  /** A call on the same code path first, on a small list or payload. */
  readonly warmUp: object;
  readonly event: object;
  /** A failing measured call is reported with its message (the answer cap), not a failure. */
  readonly reportError?: boolean;
}

/**
 * Build.zip's handler as Zapier's Lambda calls it: the warm-up, then the
 * measured event, whose time and result it reports (large accounts, scaling,
 * bulk delete, the answer cap).
 */
export const handlerChild = defineChild(__filename, 'handler', async (job: HandlerJob) => {
  const handler = zipHandler(job.dir);
  await handler(job.warmUp, {});
  const started = performance.now();
  let output: { results?: unknown };
  try {
    output = await handler(job.event, {});
  } catch (error) {
    if (!job.reportError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return { ms: performance.now() - started, error: message };
  }
  const ms = performance.now() - started;
  const { results } = output;
  return {
    ms,
    items: Array.isArray(results) ? results.length : undefined,
    resultBytes: Buffer.byteLength(JSON.stringify(results) ?? ''),
  };
});

/**
 * Build.zip's handler on `job` in `count` fresh processes; with `sandbox`,
 * also the most requests it received in one run, the warm-up's left out.
 */
export async function runHandler(
  job: HandlerJob,
  count: number,
  sandbox?: Pick<Sandbox, 'requests' | 'resetRecords'>,
  warmUpRequests = 0,
): Promise<{ runs: ChildRun[]; requestsPerRun: number }> {
  const runs: ChildRun[] = [];
  const requests: number[] = [];
  for (let i = 0; i < count; i++) {
    sandbox?.resetRecords();
    runs.push(await runChild(handlerChild, job));
    requests.push((sandbox?.requests.length ?? 0) - warmUpRequests);
  }
  sandbox?.resetRecords();
  return { runs, requestsPerRun: Math.max(...requests) };
}

// ---- the floor: a request the app made, as a bare fetch call ----

interface Replay {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** The status the sandbox gave the app. */
  readonly status: number;
}

/** Hop-by-hop and framing headers: fetch sets its own. */
const TRANSPORT_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

/** The same method, URL, headers and body as `recorded`. */
export function replayOf(
  sandbox: Pick<Sandbox, 'baseUrl' | 'altBaseUrl'>,
  recorded: RecordedRequest,
): Replay {
  const base = recorded.base === 'ALT_BASE_URL' ? sandbox.altBaseUrl : sandbox.baseUrl;
  const query = new URLSearchParams(recorded.query).toString();
  const headers = Object.fromEntries(
    Object.entries(recorded.headers).flatMap(([name, value]) =>
      typeof value === 'string' && !TRANSPORT_HEADERS.has(name) ? [[name, value]] : [],
    ),
  );
  return {
    method: recorded.method,
    url: `${base}${recorded.path}${query ? `?${query}` : ''}`,
    headers,
    ...(recorded.rawBody ? { body: recorded.rawBody } : {}),
    status: recorded.status,
  };
}

/** Makes the request with `fetch`, reads the answer and parses it, nothing else: its text. */
export async function fetchAndParse(
  fetch: typeof globalThis.fetch,
  replay: Replay,
): Promise<string> {
  const response = await fetch(replay.url, {
    method: replay.method,
    headers: replay.headers,
    body: replay.body,
  });
  const text = await response.text();
  if (response.status !== replay.status) {
    throw new Error(`${replay.method} ${replay.url} answered ${response.status} to fetch`);
  }
  if (text) JSON.parse(text);
  return text;
}

export interface FloorJob {
  /** The app's warm-up request, then its measured one. */
  readonly warmUp: Replay;
  readonly request: Replay;
  /** The same request again in the process this many times: the warm floor. */
  readonly warmCalls?: number;
}

/** The floor beside a run of the app (scaling, core floor): Node's fetch and JSON.parse alone. */
export const floorChild = defineChild(__filename, 'floor', async (job: FloorJob) => {
  await fetchAndParse(fetch, job.warmUp);
  const started = performance.now();
  const text = await fetchAndParse(fetch, job.request);
  const ms = performance.now() - started;
  const warm: number[] = [];
  for (let i = 0; i < (job.warmCalls ?? 0); i++) {
    const again = performance.now();
    await fetchAndParse(fetch, job.request);
    warm.push(performance.now() - again);
  }
  return { ms, warmMs: warm.length > 0 ? median(warm) : ms, resultBytes: Buffer.byteLength(text) };
});

// Last, once this file's children are defined. Exits at once, as a Lambda
// freezes: keep-alive sockets would otherwise hold the process open.
if (require.main === module) {
  const [file = '', name = ''] = process.argv.slice(2);
  serve(file, name).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}

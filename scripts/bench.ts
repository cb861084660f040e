// `npm run bench`: how fast the integration feels to a Zap builder and where
// Zapier's limits are, measured on loopback against the sandbox, no network.
// Prints one table per measure (medians, with min and max, of several runs
// after a warm-up) and writes the same figures to bench/results/latest.json.
// Exits 1 only if a measure could not run; slow figures are findings, not failures.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, platform, arch, tmpdir, totalmem } from 'node:os';
import { basename, join, relative } from 'node:path';
import type { Bundle } from 'zapier-platform-core';
import { version as coreVersion } from 'zapier-platform-core';
import { HOOK_EVENTS } from '../src/hooks/events';
import {
  createInvoker,
  loadCompiledApp,
  projectRoot,
  type CompiledApp,
  type Invoke,
} from '../sandbox/harness';
import { pointAppAt } from '../sandbox/env';
import { startSandbox, type RecordedRequest, type Sandbox } from '../sandbox/server';
import { figuresIn } from './bench/protocol';
import { fixed, MiB, spread, summarise, table, type Summary } from './bench/stats';
import { extractZip, readZip } from './lib/zip';
import {
  dropdownsOf,
  idsOf,
  inputDataFor,
  NO_SUCH_TITLE,
  operationKeysOf,
  searchInputFor,
  searchListsOf,
  titlesOf,
} from './lib/operations';

// Node's own fetch, kept before core runs: core wraps global.fetch with its logger.
const nodeFetch = globalThis.fetch;

/** Measured runs per measure, each after a warm-up. */
const RUNS = 5;
/** Cold starts are cheap and noisy: more runs. */
const COLD_RUNS = 10;
/** Loopback requests take milliseconds: more runs. */
const OVERHEAD_RUNS = 20;
const OVERHEAD_WARM_UPS = 3;
/** The large library of the issue: 50,000 videos and 50,000 templates. */
const LIBRARY = 50_000;
/** A library twice as large, where a poll of every item would pass the 6 MiB limit. */
const LARGER_LIBRARY = 100_000;
const WEBHOOK_BYTES = 1_000_000;
const CHILD_TIMEOUT_MS = 60_000;
/** Zapier's limits (see the README): a result, a run's time, the process's memory. */
const LIMITS = { resultBytes: 6 * MiB, ms: 30_000, rssMiB: 450 } as const;
/** Past these a figure is worth a look, though within the limits. */
const WATCH = { resultBytes: 3 * MiB, ms: 1_000, rssMiB: 300, appShare: 0.5 } as const;

const root = projectRoot();
const zipPath = join(root, 'build', 'build.zip');
const resultsPath = join(root, 'bench', 'results', 'latest.json');
const coldStartScript = join(__dirname, 'bench', 'cold-start.js');
const zipRunScript = join(__dirname, 'bench', 'zip-run.js');

const out = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};
const count = (n: number): string => n.toLocaleString('en-US');
const mib = (bytes: number): string => (bytes / MiB).toFixed(2);
const kib = (bytes: number): string => (bytes / 1024).toFixed(1);
const percent = (part: number): string => `${Math.round(part * 100)} %`;

interface Finding {
  readonly level: 'ok' | 'watch' | 'problem';
  readonly text: string;
}
const findings: Finding[] = [];
const failures: string[] = [];
const mark = { ok: '✓', watch: '⚠', problem: '✗' } as const;

// ---- Child processes ------------------------------------------------------------

interface ChildRun {
  readonly figures: Record<string, unknown>;
  /** Spawn to exit, as the parent saw it. */
  readonly wallMs: number;
}

/** Runs a compiled bench child in a fresh Node with a clean environment. */
function runChild(script: string, args: readonly string[], stdin = ''): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [script, ...args], {
      // Nothing of the project's environment leaks into the "Lambda".
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      const figures = figuresIn(stdout);
      if (code === 0 && figures) resolve({ figures, wallMs });
      else
        reject(
          new Error(
            `${basename(script)} ${args.join(' ')} ended with ${code ?? signal}: ` +
              `${stderr.trim().split('\n')[0] || 'no figures'}`,
          ),
        );
    });
    // A child that dies before reading its input is reported by 'close', not as EPIPE here.
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
  });
}

function numberIn(figures: Record<string, unknown>, key: string): number {
  const value = figures[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Error(`a child reported no number for ${key}`);
  }
  return value;
}

/** Runs one section; a failure is reported and recorded, and the next section still runs. */
async function section<T>(title: string, run: () => Promise<T>): Promise<T | undefined> {
  out();
  out(title);
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push(`${title}: ${message}`);
    out(`  ✗ could not run: ${message}`);
    return undefined;
  }
}

const indent = (lines: readonly string[]): void => {
  for (const line of lines) out(`  ${line}`);
};

// ---- 1. Cold start ----------------------------------------------------------------

type ColdFigures = Record<'loadMs' | 'requireMs' | 'firstCallMs' | 'processMs', Summary>;

interface ColdStart {
  readonly app: ColdFigures;
  readonly core: ColdFigures;
  /** The app's index.js required on its own, after core. */
  readonly appCodeMs: Summary;
  /** The app's first call less core's with an empty app: the app's own start-up. */
  readonly appOwnMs: number;
  readonly appShare: number;
  readonly ratio: number;
  readonly processRatio: number;
}

async function coldStart(unpacked: string): Promise<ColdStart> {
  const modes = ['app', 'core', 'split'] as const;
  // One of each first, so all find the files in the OS cache.
  for (const mode of modes) await runChild(coldStartScript, [mode, unpacked]);
  const samples = { app: [] as ChildRun[], core: [] as ChildRun[], split: [] as ChildRun[] };
  // Interleaved, so a busy moment of the machine hits all alike.
  for (let i = 0; i < COLD_RUNS; i++) {
    for (const mode of modes) samples[mode].push(await runChild(coldStartScript, [mode, unpacked]));
  }
  const summaryOf = (runs: readonly ChildRun[]): ColdFigures => ({
    loadMs: summarise(runs.map((r) => numberIn(r.figures, 'loadMs'))),
    requireMs: summarise(runs.map((r) => numberIn(r.figures, 'requireMs'))),
    firstCallMs: summarise(runs.map((r) => numberIn(r.figures, 'firstCallMs'))),
    processMs: summarise(runs.map((r) => r.wallMs)),
  });
  const app = summaryOf(samples.app);
  const core = summaryOf(samples.core);
  // Both require the same core; the app's own work is in the first call, which loads it.
  const appOwnMs = app.firstCallMs.median - core.firstCallMs.median;
  const result: ColdStart = {
    app,
    core,
    appCodeMs: summarise(samples.split.map((r) => numberIn(r.figures, 'appRequireMs'))),
    appOwnMs,
    appShare: appOwnMs / app.loadMs.median,
    ratio: app.loadMs.median / core.loadMs.median,
    processRatio: app.processMs.median / core.processMs.median,
  };

  indent(
    table(
      ['', 'require + first call', 'require', 'first call', 'whole process'],
      [
        ['packaged app (zapierwrapper.js)', app] as const,
        ['zapier-platform-core alone', core] as const,
      ].map(([name, s]) => [
        name,
        spread(s.loadMs),
        fixed(s.requireMs.median),
        fixed(s.firstCallMs.median),
        spread(s.processMs),
      ]),
      [1, 2, 3, 4],
    ),
  );
  indent([
    `ms; medians (min–max) of ${COLD_RUNS} fresh processes each. First call: the \`definition\` ` +
      'event, which loads',
    'the app (core alone: an empty app). Whole process: spawn to exit, Node’s own boot included.',
    `The app's own share: ${fixed(appOwnMs)} ms of ${fixed(app.loadMs.median)} ms ` +
      `(${percent(result.appShare)}): its code loads in ${fixed(result.appCodeMs.median)} ms, ` +
      'the rest is core',
    `reading its definition. App / core alone: ${result.ratio.toFixed(2)}× in-process, ` +
      `${result.processRatio.toFixed(2)}× whole process.`,
  ]);
  findings.push(
    result.appShare > WATCH.appShare
      ? {
          level: 'problem',
          text: `cold start is dominated by the app's own code (${percent(result.appShare)})`,
        }
      : {
          level: 'ok',
          text: `cold start is core's: the app adds ${fixed(appOwnMs)} ms (${percent(result.appShare)})`,
        },
  );
  return result;
}

// ---- 2. Artifact ------------------------------------------------------------------

interface Artifact {
  readonly bytes: number;
  readonly files: number;
  readonly unpackedBytes: number;
  readonly appFiles: number;
  readonly appBytes: number;
  readonly packages: number;
  readonly largestPackages: {
    readonly name: string;
    readonly bytes: number;
    readonly files: number;
  }[];
}

async function artifact(): Promise<Artifact> {
  const files = readZip(zipPath).filter((entry) => !entry.isDirectory);
  const byPackage = new Map<string, { bytes: number; files: number }>();
  let appFiles = 0;
  let appBytes = 0;
  for (const file of files) {
    const match = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file.name);
    if (!match?.[1]) {
      appFiles += 1;
      appBytes += file.size;
      continue;
    }
    const entry = byPackage.get(match[1]) ?? { bytes: 0, files: 0 };
    entry.bytes += file.size;
    entry.files += 1;
    byPackage.set(match[1], entry);
  }
  const largestPackages = [...byPackage.entries()]
    .map(([name, s]) => ({ name, ...s }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5);
  const result: Artifact = {
    bytes: statSync(zipPath).size,
    files: files.length,
    unpackedBytes: files.reduce((sum, f) => sum + f.size, 0),
    appFiles,
    appBytes,
    packages: byPackage.size,
    largestPackages,
  };
  indent(
    table(
      ['', 'files', 'KiB'],
      [
        ['build/build.zip (compressed)', count(result.files), kib(result.bytes)],
        ['unpacked', count(result.files), kib(result.unpackedBytes)],
        ['  the app: index.js, dist/, package.json, …', count(appFiles), kib(appBytes)],
        [
          `  node_modules: ${result.packages} production packages`,
          count(result.files - appFiles),
          kib(result.unpackedBytes - appBytes),
        ],
        ...largestPackages.map((p) => [`    ${p.name}`, count(p.files), kib(p.bytes)]),
      ],
      [1, 2],
    ),
  );
  return result;
}

// ---- 3. Requests per operation ------------------------------------------------------

const HOOK_URL = 'https://hooks.zapier.com/hooks/standard/0/bench';
const METHOD_COLUMNS = ['perform', 'dropdown', 'subscribe', 'performList', 'unsubscribe'] as const;
type MethodColumn = (typeof METHOD_COLUMNS)[number];

interface OperationRequests {
  readonly operation: string;
  readonly kind: 'auth' | 'polling' | 'create' | 'search' | 'hook';
  readonly requests: Partial<Record<MethodColumn, number>>;
  readonly offTarget: string[];
}

/** The target: one request for every method, none for a hook's perform. */
const targetOf = (kind: OperationRequests['kind'], method: MethodColumn): number =>
  kind === 'hook' && method === 'perform' ? 0 : 1;

/** What `run` returned, and how many requests the sandbox received meanwhile. */
async function countRequests(
  sandbox: Sandbox,
  run: () => Promise<unknown>,
): Promise<{ result: unknown; requests: number }> {
  sandbox.resetRecords();
  const result = await run();
  return { result, requests: sandbox.requests.length };
}

/** The first choice of every dropdown the creates use, by trigger key. */
async function firstChoices(
  app: CompiledApp,
  invoke: Invoke,
  sandbox: Sandbox,
): Promise<Map<string, string>> {
  const choices = new Map<string, string>();
  for (const trigger of new Set(dropdownsOf(app).map(([, , key]) => key))) {
    const [first] = idsOf(
      await invoke(`triggers.${trigger}.operation.perform`, {
        authData: { api_key: sandbox.apiKey },
        meta: { isFillingDynamicDropdown: true, page: 0 } as Bundle['meta'],
      }),
    );
    if (!first) throw new Error(`the ${trigger} dropdown gave no choice`);
    choices.set(trigger, first);
  }
  return choices;
}

const examplePayload = (action: string): Record<string, unknown> => {
  const event = HOOK_EVENTS.find((e) => e.action === action);
  return { ...(event?.payload ?? {}) };
};

async function requestsPerOperation(
  app: CompiledApp,
  invoke: Invoke,
  sandbox: Sandbox,
): Promise<OperationRequests[]> {
  const authData = { api_key: sandbox.apiKey };
  const keys = operationKeysOf(app);
  const rows: OperationRequests[] = [];
  const measure = async (
    operation: string,
    kind: OperationRequests['kind'],
    methods: [MethodColumn, () => Promise<unknown>][],
  ): Promise<unknown[]> => {
    const requests: Partial<Record<MethodColumn, number>> = {};
    const results: unknown[] = [];
    for (const [method, run] of methods) {
      const counted = await countRequests(sandbox, run);
      requests[method] = counted.requests;
      results.push(counted.result);
    }
    const offTarget = methods
      .map(([method]) => method)
      .filter((method) => requests[method] !== targetOf(kind, method));
    rows.push({ operation, kind, requests, offTarget });
    return results;
  };

  await measure('connection test', 'auth', [
    ['perform', () => invoke('authentication.test', { authData })],
  ]);
  for (const key of keys.polling) {
    const op = `triggers.${key}.operation.perform`;
    await measure(key, 'polling', [
      ['perform', () => invoke(op, { authData })],
      [
        'dropdown',
        () =>
          invoke(op, {
            authData,
            meta: { isFillingDynamicDropdown: true, page: 0 } as Bundle['meta'],
          }),
      ],
    ]);
  }
  const lists = searchListsOf(app);
  for (const key of keys.searches) {
    // A title the search finds: the first of its list's dropdown (fetched before counting).
    const list = lists.get(key);
    const [title = NO_SUCH_TITLE] = list
      ? titlesOf(
          await invoke(`triggers.${list}.operation.perform`, {
            authData,
            meta: { isFillingDynamicDropdown: true, page: 0 } as Bundle['meta'],
          }),
        )
      : [];
    const inputData = searchInputFor(app, key, title);
    await measure(key, 'search', [
      ['perform', () => invoke(`searches.${key}.operation.perform`, { authData, inputData })],
    ]);
  }
  const choices = await firstChoices(app, invoke, sandbox);
  for (const key of keys.creates) {
    const inputData = inputDataFor(app, key, choices);
    await measure(key, 'create', [
      ['perform', () => invoke(`creates.${key}.operation.perform`, { authData, inputData })],
    ]);
  }
  await sandbox.settled();
  for (const key of keys.hooks) {
    const op = `triggers.${key}.operation`;
    let subscribeData: Bundle['subscribeData'] | undefined;
    await measure(key, 'hook', [
      [
        'subscribe',
        async () => {
          subscribeData = (await invoke(`${op}.performSubscribe`, {
            authData,
            targetUrl: HOOK_URL,
          })) as Bundle['subscribeData'];
        },
      ],
      ['performList', () => invoke(`${op}.performList`, { authData })],
      [
        'perform',
        () =>
          invoke(`${op}.perform`, {
            authData,
            targetUrl: HOOK_URL,
            subscribeData,
            cleanedRequest: examplePayload(key) as Bundle['cleanedRequest'],
          }),
      ],
      [
        'unsubscribe',
        () => invoke(`${op}.performUnsubscribe`, { authData, targetUrl: HOOK_URL, subscribeData }),
      ],
    ]);
  }

  indent(
    table(
      ['operation', 'kind', ...METHOD_COLUMNS],
      rows.map((row) => [
        row.operation,
        row.kind,
        ...METHOD_COLUMNS.map((method) => {
          const n = row.requests[method];
          if (n === undefined) return '';
          return row.offTarget.includes(method) ? `✗ ${n}` : String(n);
        }),
      ]),
      [2, 3, 4, 5, 6],
    ),
  );
  const off = rows.filter((row) => row.offTarget.length > 0);
  const operations = rows.filter((r) => r.kind !== 'auth');
  const summary =
    `${operations.length} operations and the connection test, ` +
    `${rows.reduce((n, r) => n + Object.keys(r.requests).length, 0)} methods`;
  indent([
    "Counted by the sandbox, each method run once through core's handler (dist/, in this process).",
    "Target: 1 request per method, 0 for a hook's perform. Dropdown: page 0 of a dropdown fill.",
  ]);
  if (off.length === 0) {
    out(`  ✓ ${summary}: every one at its target.`);
    findings.push({ level: 'ok', text: `requests: ${summary}, all at target` });
  } else {
    const list = off.map((r) => `${r.operation} ${r.offTarget.join('/')}`).join(', ');
    out(`  ✗ off target: ${list}`);
    findings.push({ level: 'problem', text: `requests off target: ${list}` });
  }
  return rows;
}

// ---- 4. Overhead per operation -------------------------------------------------------

interface Overhead {
  readonly operation: string;
  readonly request: string;
  readonly core: Summary;
  readonly fetch: Summary;
  readonly ratio: number;
  readonly addedMs: number;
}

/** Hop-by-hop and framing headers: fetch sets its own. */
const TRANSPORT_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

/** The request `recorded` as a bare fetch call, answer read and parsed as the app does. */
function replayer(sandbox: Sandbox, recorded: RecordedRequest): () => Promise<void> {
  const base = recorded.base === 'ALT_BASE_URL' ? sandbox.altBaseUrl : sandbox.baseUrl;
  const query = new URLSearchParams(recorded.query).toString();
  const url = `${base}${recorded.path}${query ? `?${query}` : ''}`;
  const headers = Object.fromEntries(
    Object.entries(recorded.headers).flatMap(([name, value]) =>
      typeof value === 'string' && !TRANSPORT_HEADERS.has(name) ? [[name, value]] : [],
    ),
  );
  const body = recorded.rawBody || undefined;
  return async () => {
    const response = await nodeFetch(url, { method: recorded.method, headers, body });
    const text = await response.text();
    if (response.status !== recorded.status) {
      throw new Error(`${recorded.method} ${recorded.path} answered ${response.status} to fetch`);
    }
    if (text) JSON.parse(text);
  };
}

async function overheadPerOperation(
  app: CompiledApp,
  invoke: Invoke,
  sandbox: Sandbox,
): Promise<Overhead[]> {
  const authData = { api_key: sandbox.apiKey };
  const keys = operationKeysOf(app);
  const [poll] = keys.polling;
  const [action] = keys.creates;
  const [hook] = keys.hooks;
  if (!poll || !action || !hook) throw new Error('the app lacks a polling trigger, create or hook');
  const choices = await firstChoices(app, invoke, sandbox);
  const operations = [
    { name: `poll: ${poll}`, method: `triggers.${poll}.operation.perform`, bundle: {} },
    {
      name: `action: ${action}`,
      method: `creates.${action}.operation.perform`,
      bundle: { inputData: inputDataFor(app, action, choices) },
    },
    { name: `performList: ${hook}`, method: `triggers.${hook}.operation.performList`, bundle: {} },
  ];

  const rows: Overhead[] = [];
  for (const op of operations) {
    const viaCore = (): Promise<unknown> => invoke(op.method, { authData, ...op.bundle });
    for (let i = 0; i < OVERHEAD_WARM_UPS; i++) await viaCore();
    sandbox.resetRecords();
    await viaCore();
    const [recorded, ...more] = sandbox.requests;
    if (!recorded || more.length > 0) {
      throw new Error(`${op.method} made ${sandbox.requests.length} requests, not 1`);
    }
    const viaFetch = replayer(sandbox, recorded);
    for (let i = 0; i < OVERHEAD_WARM_UPS; i++) await viaFetch();
    const coreMs: number[] = [];
    const fetchMs: number[] = [];
    // Interleaved, so a busy moment of the machine hits both alike.
    for (let i = 0; i < OVERHEAD_RUNS; i++) {
      let started = performance.now();
      await viaCore();
      coreMs.push(performance.now() - started);
      started = performance.now();
      await viaFetch();
      fetchMs.push(performance.now() - started);
    }
    await sandbox.settled();
    sandbox.resetRecords();
    const core = summarise(coreMs);
    const fetch = summarise(fetchMs);
    rows.push({
      operation: op.name,
      request: `${recorded.method} ${recorded.path}`,
      core,
      fetch,
      ratio: core.median / fetch.median,
      addedMs: core.median - fetch.median,
    });
  }
  indent(
    table(
      ['operation', 'request', 'through core', 'Node fetch', 'ratio', 'core adds'],
      rows.map((r) => [
        r.operation,
        r.request,
        spread(r.core),
        spread(r.fetch),
        `${r.ratio.toFixed(1)}×`,
        `${fixed(r.addedMs)} ms`,
      ]),
      [2, 3, 4, 5],
    ),
  );
  indent([
    `ms; medians (min–max) of ${OVERHEAD_RUNS} runs after ${OVERHEAD_WARM_UPS} warm-ups, ` +
      "interleaved. Through core: the app run by core's",
    'handler (dist/, in this process, as npm start runs it). Node fetch: the same request ' +
      '(method, URL,',
    'headers, body) with Node’s own fetch, its answer parsed. Ratio and difference of the medians.',
  ]);
  return rows;
}

// ---- 5. Large accounts -----------------------------------------------------------------

interface LargeResult {
  readonly measure: string;
  readonly input: string;
  readonly items: number | undefined;
  readonly resultBytes: number;
  readonly ofLimit: number;
  readonly ms: Summary;
  readonly peakRssMiB: Summary;
  readonly requestsPerRun: number;
  readonly expectedRequests: number;
  readonly verdict: string;
}

interface LargeMeasure {
  readonly name: string;
  /** What the account holds, or what the webhook carries. */
  readonly input: string;
  readonly sandbox: Sandbox;
  readonly warmUp: object;
  readonly event: object;
  readonly warmUpRequests: number;
  readonly expectedRequests: number;
}

const executeEvent = (sandbox: Sandbox, method: string, bundle: Partial<Bundle> = {}): object => ({
  command: 'execute',
  method,
  bundle: { authData: { api_key: sandbox.apiKey }, ...bundle },
  // Zapier hands `zapier-platform env:set` values to the app this way.
  environment: { BASE_URL: sandbox.baseUrl, ALT_BASE_URL: sandbox.altBaseUrl },
});

/** An add_contact body of about `bytes` bytes: the example contact with many custom fields. */
function largeContactPayload(bytes: number): Record<string, unknown> {
  const base = examplePayload('add_contact');
  const withFields = (n: number): Record<string, unknown> => {
    const fields = Object.fromEntries(
      Array.from({ length: n }, (_, i) => [
        `custom_field_${String(i + 1).padStart(5, '0')}`,
        `Viewed the Market Street listing twice; prefers a call after 5 pm. Budget up to $850k, ` +
          `pre-approved, two children, needs a garage and a short commute. Entry ${i + 1}.`,
      ]),
    );
    return { ...base, additional_field: JSON.stringify(fields) };
  };
  const sizeOf = (payload: object): number => Buffer.byteLength(JSON.stringify(payload));
  const empty = sizeOf(withFields(0));
  const perField = (sizeOf(withFields(100)) - empty) / 100;
  return withFields(Math.max(0, Math.round((bytes - empty) / perField)));
}

function verdictOf(r: Omit<LargeResult, 'verdict'>): { level: Finding['level']; text: string } {
  const problems: string[] = [];
  const watch: string[] = [];
  if (r.resultBytes > LIMITS.resultBytes) problems.push("over Zapier's 6 MiB result limit");
  else if (r.resultBytes > WATCH.resultBytes) watch.push('over half of 6 MiB');
  if (r.ms.median > LIMITS.ms) problems.push("over Zapier's 30 s");
  else if (r.ms.median > WATCH.ms) watch.push('takes seconds');
  if (r.peakRssMiB.median > LIMITS.rssMiB) problems.push('over 450 MB of memory');
  else if (r.peakRssMiB.median > WATCH.rssMiB) watch.push('uses over 300 MiB');
  if (r.requestsPerRun !== r.expectedRequests) {
    problems.push(`${r.requestsPerRun} requests, not ${r.expectedRequests}`);
  }
  if (problems.length > 0) return { level: 'problem', text: [...problems, ...watch].join(', ') };
  if (watch.length > 0) return { level: 'watch', text: watch.join(', ') };
  return { level: 'ok', text: 'within limits' };
}

async function largeAccounts(unpacked: string): Promise<LargeResult[]> {
  const big = await startSandbox({ seed: { videos: LIBRARY, templates: LIBRARY } });
  let larger: Sandbox | undefined;
  try {
    larger = await startSandbox({ seed: { videos: LARGER_LIBRARY } });
    const poll = (key: string): string => `triggers.${key}.operation.perform`;
    const dropdown = { meta: { isFillingDynamicDropdown: true, page: 0 } as Bundle['meta'] };
    const hookBundle = (payload: Record<string, unknown>): Partial<Bundle> => ({
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
    const payload = largeContactPayload(WEBHOOK_BYTES);
    const payloadBytes = Buffer.byteLength(JSON.stringify(payload));
    // The warm-ups run the same code on the sandbox's two PDFs, or on the example contact.
    const listMeasure = (
      key: 'video' | 'template',
      fill: boolean,
      sandbox: Sandbox,
      library: number,
    ): LargeMeasure => {
      const extra = fill ? dropdown : {};
      return {
        name: `${key} ${fill ? 'dropdown, page 0' : 'poll'}`,
        input: `${count(library)} ${key}s`,
        sandbox,
        warmUp: executeEvent(sandbox, poll('pdf'), extra),
        event: executeEvent(sandbox, poll(key), extra),
        warmUpRequests: 1,
        expectedRequests: 1,
      };
    };
    const perform = 'triggers.add_contact.operation.perform';
    const measures: LargeMeasure[] = [
      listMeasure('video', false, big, LIBRARY),
      listMeasure('video', true, big, LIBRARY),
      listMeasure('template', false, big, LIBRARY),
      listMeasure('template', true, big, LIBRARY),
      listMeasure('video', false, larger, LARGER_LIBRARY),
      {
        name: 'add_contact perform',
        input: `${(payloadBytes / 1e6).toFixed(2)} MB webhook`,
        sandbox: big,
        warmUp: executeEvent(big, perform, hookBundle(examplePayload('add_contact'))),
        event: executeEvent(big, perform, hookBundle(payload)),
        warmUpRequests: 0,
        expectedRequests: 0,
      },
    ];

    const rows: LargeResult[] = [];
    for (const m of measures) {
      const runs: ChildRun[] = [];
      const requests: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        m.sandbox.resetRecords();
        runs.push(
          await runChild(
            zipRunScript,
            [],
            JSON.stringify({ dir: unpacked, warmUp: m.warmUp, event: m.event }),
          ),
        );
        requests.push(m.sandbox.requests.length - m.warmUpRequests);
      }
      m.sandbox.resetRecords();
      const itemCounts = runs.map((r) => r.figures.items);
      const partial = {
        measure: m.name,
        input: m.input,
        items: typeof itemCounts[0] === 'number' ? itemCounts[0] : undefined,
        resultBytes: summarise(runs.map((r) => numberIn(r.figures, 'resultBytes'))).median,
        ofLimit: 0,
        ms: summarise(runs.map((r) => numberIn(r.figures, 'ms'))),
        peakRssMiB: summarise(runs.map((r) => numberIn(r.figures, 'maxRssKiB') / 1024)),
        requestsPerRun: Math.max(...requests),
        expectedRequests: m.expectedRequests,
      };
      const withLimit = { ...partial, ofLimit: partial.resultBytes / LIMITS.resultBytes };
      const verdict = verdictOf(withLimit);
      rows.push({ ...withLimit, verdict: `${mark[verdict.level]} ${verdict.text}` });
      findings.push({ level: verdict.level, text: `${m.name}, ${m.input}: ${verdict.text}` });
    }

    indent(
      table(
        [
          'measure',
          'account',
          'items',
          'result MiB',
          'of 6 MiB',
          'time ms',
          'peak RSS MiB',
          'requests',
          'verdict',
        ],
        rows.map((r) => [
          r.measure,
          r.input,
          r.items === undefined ? '' : count(r.items),
          mib(r.resultBytes),
          percent(r.ofLimit),
          spread(r.ms),
          fixed(r.peakRssMiB.median),
          String(r.requestsPerRun),
          r.verdict,
        ]),
        [2, 3, 4, 5, 6, 7],
      ),
    );
    indent([
      "Each run a fresh Node process calling build.zip's zapierwrapper.js handler: a warm-up on a " +
        'small list',
      `(or the example contact), then the measure. Medians (min–max) of ${RUNS} processes. ` +
        'Time: the measured call.',
      'Result: the JSON of what it returned. Peak RSS: the process’s maxRSS, warm-up included.',
    ]);
    const webhook = rows.at(-1);
    if (webhook) {
      const growth = webhook.resultBytes / payloadBytes;
      const largest = LIMITS.resultBytes / growth;
      indent([
        `A webhook's result is ${growth.toFixed(1)}× its body (every field kept as sent, parsed ` +
          'views beside):',
        `bodies up to ≈${(largest / 1e6).toFixed(1)} MB fit in 6 MiB; Zapier accepts webhook ` +
          'bodies up to 10 MB.',
      ]);
      findings.push({
        level: largest < 10e6 ? 'watch' : 'ok',
        text:
          `a webhook body over ≈${(largest / 1e6).toFixed(1)} MB would give perform a result over ` +
          `6 MiB (result ${growth.toFixed(1)}× body)`,
      });
    }
    return rows;
  } finally {
    await Promise.all([big.close(), larger?.close()]);
  }
}

// ---- Main ------------------------------------------------------------------------------

async function main(): Promise<number> {
  const started = performance.now();
  const app = loadCompiledApp();
  const cpuList = cpus();
  const machine = {
    node: process.version,
    platform: `${platform()} ${arch()}`,
    cpus: cpuList.length,
    cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
  };
  out(
    `CRMGrow for Zapier ${app.version} · npm run bench · zapier-platform-core ${coreVersion} · ` +
      `Node ${machine.node}`,
  );
  out(
    `${machine.platform}, ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB. ` +
      `Figures are medians, with min and max, of ${RUNS} or more`,
  );
  out(
    'runs after a warm-up, over loopback against the sandbox, on a shared machine: expect ' +
      'noise of ±20 % or more.',
  );

  if (!existsSync(zipPath)) {
    throw new Error('build/build.zip is missing: run `npm run build:zapier` (npm run bench does).');
  }
  const unpacked = mkdtempSync(join(tmpdir(), 'crmgrow-bench-'));
  const sandbox = await startSandbox();
  const restoreEnv = pointAppAt(sandbox);
  const results: Record<string, unknown> = {};
  try {
    extractZip(zipPath, unpacked);
    results.coldStart = await section(
      '1. Cold start: a fresh Node process loading build.zip, against core alone',
      () => coldStart(unpacked),
    );
    results.artifact = await section('2. Artifact: build/build.zip', artifact);
    const invoke = createInvoker(app);
    results.requests = await section(
      '3. Requests per operation (HTTP requests the sandbox received)',
      () => requestsPerOperation(app, invoke, sandbox),
    );
    results.overhead = await section(
      "4. Overhead per operation: through zapier-platform-core, against Node's own fetch",
      () => overheadPerOperation(app, invoke, sandbox),
    );
    results.largeAccounts = await section(
      `5. Large accounts: ${count(LIBRARY)} videos and ${count(LIBRARY)} templates, and a 1 MB webhook`,
      () => largeAccounts(unpacked),
    );
  } finally {
    restoreEnv();
    await sandbox.close();
    rmSync(unpacked, { recursive: true, force: true });
  }

  out();
  out('Findings');
  for (const f of findings) out(`  ${mark[f.level]} ${f.text}`);
  for (const failure of failures) out(`  ✗ could not run: ${failure}`);

  const seconds = (performance.now() - started) / 1000;
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    resultsPath,
    `${JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        command: 'npm run bench',
        app: { version: app.version, core: coreVersion },
        machine,
        runs: {
          measured: RUNS,
          coldStart: COLD_RUNS,
          overhead: OVERHEAD_RUNS,
          overheadWarmUps: OVERHEAD_WARM_UPS,
        },
        units: { time: 'ms', memory: 'MiB', size: 'bytes' },
        limits: LIMITS,
        ...results,
        findings,
        failures,
        seconds: Number(seconds.toFixed(1)),
      },
      // Hundredths are all the precision the figures have.
      (_key, value: unknown) =>
        typeof value === 'number' && !Number.isInteger(value)
          ? Math.round(value * 100) / 100
          : value,
      2,
    )}\n`,
  );
  out();
  out(`Wrote ${relative(process.cwd(), resultsPath) || resultsPath} (${seconds.toFixed(0)} s).`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('npm run bench could not run:', error);
    process.exit(1);
  },
);

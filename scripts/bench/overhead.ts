// 4. Overhead per operation: a poll, an action and a performList run through
// core's handler, against the very same request made with Node's own fetch.
import type { CompiledApp, Invoke } from '../../sandbox/harness';
import type { Sandbox } from '../../sandbox/server';
import { inputDataFor, operationKeysOf } from '../lib/operations';
import { fetchAndParse, pollMethod, replayOf } from './child';
import { firstChoices } from './events';
import { indent } from './report';
import { fixed, ratioOf, spread, summarise, table, times, type Summary } from './stats';

// Node's own fetch, kept before core runs: core wraps global.fetch with its logger.
const nodeFetch = globalThis.fetch;

/** Loopback requests take milliseconds: more runs. */
export const OVERHEAD_RUNS = 20;
export const OVERHEAD_WARM_UPS = 3;

interface Overhead {
  readonly operation: string;
  readonly request: string;
  readonly core: Summary;
  readonly fetch: Summary;
  readonly ratio: number;
  readonly addedMs: number;
}

export async function overheadPerOperation(
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
    { name: `poll: ${poll}`, method: pollMethod(poll), bundle: {} },
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
    const replay = replayOf(sandbox, recorded);
    const viaFetch = (): Promise<unknown> => fetchAndParse(nodeFetch, replay);
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
      ratio: ratioOf(core, fetch),
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
        times(r.ratio, 1),
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

// 3. Requests per operation: what the sandbox received for the connection
// test and each method of every operation the app has (operationKeysOf), each
// run once through core's handler. Target: one each, none for a hook's perform.
import type { Bundle } from 'zapier-platform-core';
import type { CompiledApp, Invoke } from '../../sandbox/harness';
import type { Sandbox } from '../../sandbox/server';
import {
  inputDataFor,
  NO_SUCH_TITLE,
  operationKeysOf,
  searchInputFor,
  searchListsOf,
  titlesOf,
} from '../lib/operations';
import { DROPDOWN_PAGE_0, HOOK_URL, pollMethod, searchMethod } from './child';
import { examplePayload, firstChoices } from './events';
import { findings, indent, out } from './report';
import { table } from './stats';

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

export async function requestsPerOperation(
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
    const op = pollMethod(key);
    await measure(key, 'polling', [
      ['perform', () => invoke(op, { authData })],
      ['dropdown', () => invoke(op, { authData, ...DROPDOWN_PAGE_0 })],
    ]);
  }
  const lists = searchListsOf(app);
  for (const key of keys.searches) {
    // A title the search finds: the first of its list's dropdown (fetched before counting).
    const list = lists.get(key);
    const [title = NO_SUCH_TITLE] = list
      ? titlesOf(await invoke(pollMethod(list), { authData, ...DROPDOWN_PAGE_0 }))
      : [];
    const inputData = searchInputFor(app, key, title);
    await measure(key, 'search', [
      ['perform', () => invoke(searchMethod(key), { authData, inputData })],
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

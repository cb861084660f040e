// `npm start`: the compiled integration, run through zapier-platform-core as Zapier runs it,
// against the local sandbox over real HTTP. No network, no account. Prints one line per
// operation; exits 0, or 1 naming what failed.
import type { Bundle } from 'zapier-platform-core';
import { createInvoker, loadCompiledApp, pointAppAt } from '../sandbox/harness';
import { startReceiver } from '../sandbox/receiver';
import { startSandbox } from '../sandbox/server';
import {
  DEMO_EMAIL,
  dropdownsOf,
  inputDataFor,
  operationKeysOf,
  searchInputFor,
  searchListsOf,
} from './lib/operations';

/** A title no item has: what a search finds nothing for. */
const NO_SUCH_TITLE = 'No Such Title 7f3a';
/** A well-formed template id that does not exist, like one deleted after the Zap was set up. */
const DELETED_TEMPLATE_ID = '0123456789abcdef01234567';

/** What the step line says, and the lines under it. */
type Outcome = readonly [string, ...string[]];
/** Core's output checks have made sure a trigger or search gave such items. */
type Items = readonly Readonly<{ id?: unknown; title?: unknown }>[];

const out = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * An error's type ("HaltedError"; "AppError account_suspended" with a plain error's code) and the
 * message a Zap builder would read: an AppError's is JSON; core appends its log to others.
 */
function failureOf(error: unknown): { kind: string; message: string } {
  if (!(error instanceof Error)) return { kind: typeof error, message: String(error) };
  const [text = ''] = error.message.split(/\n+(?:What happened|Console logs):/);
  if (error.name !== 'AppError') return { kind: error.name, message: text };
  const { code, message } = JSON.parse(text) as { code: string; message: string };
  return { kind: `AppError ${code}`, message };
}

const failed: string[] = [];
let steps = 0;

/**
 * Runs an operation and prints its line. Given `expected`, the operation must fail with that
 * error type (and code), and the line under it is the message a Zap builder would read.
 */
async function step(name: string, run: () => Promise<Outcome>): Promise<void>;
async function step(name: string, run: () => Promise<unknown>, expected: string): Promise<void>;
async function step(name: string, run: () => Promise<unknown>, expected?: string): Promise<void> {
  steps++;
  let lines: Outcome;
  let ok = true;
  try {
    lines = (await run()) as Outcome;
    if (expected) [ok, lines] = [false, [`succeeded, but should have failed (${expected})`]];
  } catch (error) {
    const { kind, message } = failureOf(error);
    ok = kind === expected;
    lines = [ok ? `fails as it should (${kind})` : `failed (${kind})`, message];
  }
  if (!ok) failed.push(name);
  const [detail, ...more] = lines;
  out(`  ${ok ? '✓' : '✗'} ${name.padEnd(26)} ${detail}`);
  for (const line of more) out(`      ${line}`);
}

async function main(): Promise<number> {
  const started = performance.now();
  const app = loadCompiledApp();
  const invoke = createInvoker(app);
  const keys = operationKeysOf(app);
  const sandbox = await startSandbox();
  const receiver = await startReceiver();
  pointAppAt(sandbox);
  const authData = { api_key: sandbox.apiKey, account_email: DEMO_EMAIL };
  const list = async (method: string, bundle: Partial<Bundle> = {}): Promise<Items> =>
    (await invoke(method, { authData, ...bundle })) as Items;
  out('Connection');
  await step('connection test', async () => {
    await invoke('authentication.test', { authData });
    return ['the API key is accepted'];
  });
  await step('connection label', async () => [
    JSON.stringify(await invoke('authentication.connectionLabel', { authData })),
  ]);
  const test = (api_key: string) => () => invoke('authentication.test', { authData: { api_key } });
  await step('wrong API key', test('not-a-key'), 'ExpiredAuthError');
  await step('suspended account', test(sandbox.suspendedApiKey), 'AppError account_suspended');

  out('\nPolling triggers');
  for (const key of keys.polling) {
    await step(`trigger ${key}`, async () => {
      const items = await list(`triggers.${key}.operation.perform`);
      return [`${plural(items.length, 'item')}, newest "${String(items[0]?.title ?? '')}"`];
    });
  }

  out('\nDropdowns');
  /** The first item of each dropdown's list, by trigger key: what the actions choose. */
  const firsts = new Map<string, Items[number]>();
  for (const [key, field, trigger] of dropdownsOf(app)) {
    await step(`${key} › ${field.key}`, async () => {
      const meta = { isFillingDynamicDropdown: true } as Bundle['meta'];
      const items = await list(`triggers.${trigger}.operation.perform`, { meta });
      if (items[0] && !firsts.has(trigger)) firsts.set(trigger, items[0]);
      return [`${plural(items.length, 'choice')}, first "${String(items[0]?.title ?? '')}"`];
    });
  }
  const choices = new Map([...firsts].map(([trigger, { id }]) => [trigger, String(id)]));

  out('\nSearches: a title that is there (in lower case), and one that is not');
  const lists = searchListsOf(app);
  for (const key of keys.searches) {
    const search = (text: string): Promise<Items> =>
      list(`searches.${key}.operation.perform`, { inputData: searchInputFor(app, key, text) });
    await step(key, async () => {
      const text = String(firsts.get(lists.get(key) ?? '')?.title ?? '').toLowerCase();
      const found = await search(text);
      if (typeof found[0]?.id !== 'string') throw new Error(`"${text}" found nothing`);
      return [`${plural(found.length, 'item')} for "${text}"`];
    });
    await step(`${key}, no match`, async () => {
      const found = await search(NO_SUCH_TITLE);
      if (!Array.isArray(found) || found.length > 0) throw new Error('found something');
      return [`[] for "${NO_SUCH_TITLE}"`];
    });
  }

  out('\nActions');
  for (const key of keys.creates) {
    await step(key, async () => {
      const inputData = inputDataFor(app, key, choices);
      const result = await invoke(`creates.${key}.operation.perform`, { authData, inputData });
      return [`done, on ${sandbox.requests.at(-1)?.base ?? '?'}`, JSON.stringify(result)];
    });
  }
  const sendVideo = (inputData: Record<string, string>) => () =>
    invoke('creates.send_video.operation.perform', {
      authData,
      inputData: { ...inputDataFor(app, 'send_video', choices), ...inputData },
    });
  await step(
    'send_video: bad template',
    sendVideo({ template_id: DELETED_TEMPLATE_ID }),
    'AppError template_not_found',
  );
  await step('send_video: not an email', sendVideo({ email: 'Jane Cooper' }), 'HaltedError');
  const create = (key: string, inputData: Record<string, string>) => () =>
    invoke(`creates.${key}.operation.perform`, {
      authData,
      inputData: { ...inputDataFor(app, key, choices), ...inputData },
    });
  // What CRMGrow holds already is this record's data: the step halts, and the Zap goes on.
  const seeded = 'jane.cooper@example.com';
  await step(
    'create_contact: email taken',
    create('create_contact', { email: seeded }),
    'HaltedError',
  );
  await step('add_to_automation: again', create('add_to_automation', {}), 'HaltedError');
  // An account that cannot run automations is the Zap builder's to fix: an error, not a halt.
  await step(
    'add_to_automation: no mailbox',
    async () => {
      sandbox.account.primaryConnected = false;
      try {
        return await create('add_to_automation', { email: seeded })();
      } finally {
        sandbox.account.primaryConnected = true;
      }
    },
    'AppError automation_unavailable',
  );
  // Core would take these for templates, and delete or refuse them: they must arrive as typed.
  const content = 'Dear {{first_name}}, your code is {{ code }}. {{bundle.authData.api_key}}';
  await step('add_note: {{…}} as typed', async () => {
    const inputData = { ...inputDataFor(app, 'add_note', choices), content };
    await invoke('creates.add_note.operation.perform', { authData, inputData });
    const sent = (sandbox.requests.at(-1)?.body as { content?: unknown } | undefined)?.content;
    if (sent !== content) throw new Error(`the sandbox got ${JSON.stringify(sent)}`);
    return ['sent byte for byte', content];
  });
  // Notes make the service fire create_note; those deliveries must not meet the cycles below.
  await sandbox.settled();

  out('\nWebhooks: subscribe → sample → event → delivery → perform → unsubscribe');
  for (const action of keys.hooks) {
    const op = `triggers.${action}.operation`;
    await step(`hook ${action}`, async () => {
      const subscribeData = (await invoke(`${op}.performSubscribe`, {
        authData,
        targetUrl: receiver.url,
      })) as NonNullable<Bundle['subscribeData']>;
      const samples = await list(`${op}.performList`);
      await sandbox.fire(action);
      const { body, rawBody } = receiver.next();
      const items = await list(`${op}.perform`, {
        cleanedRequest: body as Bundle['cleanedRequest'],
        rawRequest: { method: 'POST', querystring: '', headers: {}, content: rawBody },
        subscribeData,
      });
      await invoke(`${op}.performUnsubscribe`, { authData, subscribeData });
      if (sandbox.subscriptions.has(String(subscribeData.id))) {
        throw new Error(`subscription ${String(subscribeData.id)} is still there`);
      }
      // Core checks no id of a delivery's items.
      const first = items[0]?.id;
      if (typeof first !== 'string') throw new Error(`perform gave ${JSON.stringify(items)}`);
      return [
        `${plural(samples.length, 'sample')}, ${plural(items.length, 'item')} delivered, ` +
          `first ${first} · unsubscribed`,
      ];
    });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const total = `${plural(steps, 'operation')}, ${plural(sandbox.requests.length, 'request')} to the sandbox, ${seconds} s`;
  out();
  if (failed.length === 0) {
    out(`✓ All passed: ${total}.`);
    return 0;
  }
  out(`✗ FAILED: ${failed.join('; ')} (${total}).`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('npm start could not run:', error);
    process.exit(1);
  },
);

// `npm start`: the compiled integration, run through zapier-platform-core as Zapier runs it,
// against the local sandbox over real HTTP. No network, no account. Prints what ran, what came
// back and how long it took; exits 0, or 1 naming what failed.
import type { Bundle } from 'zapier-platform-core';
import { version as coreVersion } from 'zapier-platform-core';
import { pointAppAt } from '../sandbox/env';
import { createInvoker, loadCompiledApp, userMessageOf, type Invoke } from '../sandbox/harness';
import { startReceiver, type Receiver } from '../sandbox/receiver';
import { startSandbox, type Sandbox } from '../sandbox/server';
import {
  DEMO_EMAIL,
  dropdownsOf,
  idsOf,
  inputDataFor,
  NO_SUCH_TITLE,
  operationKeysOf,
  searchInputFor,
  searchListsOf,
  titlesOf,
} from './lib/operations';

/** A well-formed template id that does not exist, like one deleted after the Zap was set up. */
const DELETED_TEMPLATE_ID = '0123456789abcdef01234567';

interface Outcome {
  readonly detail: string;
  /** Indented lines under the result line. */
  readonly more?: readonly string[];
}

const out = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};
const clip = (text: string, width: number): string =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A Zapier error's type and, for a plain error, its code: "AppError invalid_input". */
function kindOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error.name !== 'AppError') {
    return /^(ExpiredAuthError|ThrottledError|HaltedError)$/.test(error.name)
      ? error.name
      : undefined;
  }
  const { code } = JSON.parse(error.message) as { code?: string };
  return `AppError ${code ?? ''}`.trim();
}

class Report {
  failed: string[] = [];
  steps = 0;

  constructor(private readonly sandbox: Sandbox) {}

  async step(name: string, run: () => Promise<Outcome>): Promise<void> {
    const before = this.sandbox.requests.length;
    const started = performance.now();
    let outcome: Outcome;
    let ok = true;
    try {
      outcome = await run();
    } catch (error) {
      ok = false;
      this.failed.push(name);
      const kind = kindOf(error);
      outcome = {
        detail: `failed${kind ? ` (${kind})` : ' unexpectedly'}`,
        more: [kind ? `message: ${userMessageOf(error)}` : String((error as Error).stack)],
      };
    }
    this.steps++;
    const ms = Math.round(performance.now() - started);
    const requests = plural(this.sandbox.requests.length - before, 'req');
    const detail = clip(outcome.detail, 50).padEnd(50);
    out(`  ${ok ? '✓' : '✗'} ${name.padEnd(24)} ${detail} ${requests.padStart(6)} ${ms} ms`);
    for (const line of outcome.more ?? []) out(`      ${line}`);
  }
}

/** A step that must fail with this error type (and code). */
async function expectFailure(run: () => Promise<unknown>, expected: string): Promise<Outcome> {
  try {
    await run();
  } catch (error) {
    if (kindOf(error) !== expected) throw error;
    return { detail: `fails as it should (${expected})`, more: [userMessageOf(error)] };
  }
  throw new Error(`this step should have failed with ${expected}, but it succeeded`);
}

/** subscribe → sample → event → delivery → perform → unsubscribe, as a Zap's life goes. */
async function hookCycle(
  invoke: Invoke,
  sandbox: Sandbox,
  receiver: Receiver,
  action: string,
  authData: Bundle['authData'],
): Promise<Outcome> {
  const op = `triggers.${action}.operation`;
  const subscribeData = (await invoke(`${op}.performSubscribe`, {
    authData,
    targetUrl: receiver.url,
  })) as NonNullable<Bundle['subscribeData']>;
  const samples = await invoke(`${op}.performList`, { authData });
  await sandbox.fire(action);
  const delivered = await receiver.next();
  const items = await invoke(`${op}.perform`, {
    authData,
    cleanedRequest: delivered.body as Bundle['cleanedRequest'],
    rawRequest: { method: 'POST', querystring: '', headers: {}, content: delivered.rawBody },
    subscribeData,
  });
  await invoke(`${op}.performUnsubscribe`, { authData, subscribeData });
  if (sandbox.subscriptions.has(String(subscribeData.id))) {
    throw new Error(`subscription ${String(subscribeData.id)} is still there`);
  }
  const [first] = idsOf(items);
  if (!first) throw new Error(`perform gave ${clip(JSON.stringify(items), 200)}, no item`);
  return {
    detail: `delivered → ${plural(idsOf(items).length, 'item')} · unsubscribed`,
    more: [`sample: ${plural(idsOf(samples).length, 'item')} · first item: ${first}`],
  };
}

async function run(sandbox: Sandbox, receiver: Receiver, report: Report): Promise<void> {
  const app = loadCompiledApp();
  const invoke = createInvoker(app);
  const keys = operationKeysOf(app);
  const authData = { api_key: sandbox.apiKey, account_email: DEMO_EMAIL };
  out(`CRMGrow for Zapier ${app.version} · zapier-platform-core ${coreVersion} · dist/`);
  out(`Sandbox: BASE_URL ${sandbox.baseUrl} · ALT_BASE_URL ${sandbox.altBaseUrl}`);

  out('\nConnection');
  await report.step('connection test', async () => {
    await invoke('authentication.test', { authData });
    return { detail: 'the API key is accepted' };
  });
  await report.step('connection label', async () => ({
    detail: JSON.stringify(await invoke('authentication.connectionLabel', { authData })),
  }));
  await report.step('wrong API key', () =>
    expectFailure(
      () => invoke('authentication.test', { authData: { api_key: 'not-a-key' } }),
      'ExpiredAuthError',
    ),
  );
  await report.step('suspended account', () =>
    expectFailure(
      () => invoke('authentication.test', { authData: { api_key: sandbox.suspendedApiKey } }),
      'AppError account_suspended',
    ),
  );

  out('\nPolling triggers');
  for (const key of keys.polling) {
    await report.step(`trigger ${key}`, async () => {
      const titles = titlesOf(await invoke(`triggers.${key}.operation.perform`, { authData }));
      return { detail: `${plural(titles.length, 'item')}, newest "${titles[0] ?? ''}"` };
    });
  }

  out('\nDropdowns');
  const choices = new Map<string, string>();
  const titles = new Map<string, string>();
  for (const [createKey, field, trigger] of dropdownsOf(app)) {
    await report.step(`${createKey} › ${field.key}`, async () => {
      const items = await invoke(`triggers.${trigger}.operation.perform`, {
        authData,
        meta: { isFillingDynamicDropdown: true } as Bundle['meta'],
      });
      const [id = ''] = idsOf(items);
      const [title = ''] = titlesOf(items);
      if (!choices.has(trigger)) choices.set(trigger, id);
      if (!titles.has(trigger)) titles.set(trigger, title);
      return { detail: `${plural(idsOf(items).length, 'choice')}, first "${title}"` };
    });
  }

  out('\nSearches: a title that is there (in lower case), and one that is not');
  const lists = searchListsOf(app);
  for (const key of keys.searches) {
    const search = (text: string): Promise<unknown> =>
      invoke(`searches.${key}.operation.perform`, {
        authData,
        inputData: searchInputFor(app, key, text),
      });
    await report.step(key, async () => {
      const text = titles.get(lists.get(key) ?? '')?.toLowerCase() ?? '';
      const found = idsOf(await search(text));
      if (found.length === 0) throw new Error(`"${text}" found nothing`);
      return { detail: `${plural(found.length, 'item')} for "${text}"` };
    });
    await report.step(`${key}, no match`, async () => {
      const found = await search(NO_SUCH_TITLE);
      if (!Array.isArray(found) || found.length > 0) throw new Error('found something');
      return { detail: `[] for "${NO_SUCH_TITLE}"` };
    });
  }

  out('\nActions');
  for (const key of keys.creates) {
    await report.step(key, async () => {
      const inputData = inputDataFor(app, key, choices);
      const result = await invoke(`creates.${key}.operation.perform`, { authData, inputData });
      const { base } = sandbox.requests.at(-1) ?? {};
      return { detail: `done, on ${base ?? '?'}`, more: [clip(JSON.stringify(result), 110)] };
    });
  }
  const sendVideo = (inputData: Record<string, string>) => () =>
    invoke('creates.send_video.operation.perform', {
      authData,
      inputData: { ...inputDataFor(app, 'send_video', choices), ...inputData },
    });
  await report.step('send_video: bad template', () =>
    expectFailure(sendVideo({ template_id: DELETED_TEMPLATE_ID }), 'HaltedError'),
  );
  await report.step('send_video: not an email', () =>
    expectFailure(sendVideo({ email: 'Jane Cooper' }), 'HaltedError'),
  );
  // Core would take these for templates, and delete or refuse them: they must arrive as typed.
  const content = 'Dear {{first_name}}, your code is {{ code }}. {{bundle.authData.api_key}}';
  await report.step('add_note: {{…}} as typed', async () => {
    const inputData = { ...inputDataFor(app, 'add_note', choices), content };
    await invoke('creates.add_note.operation.perform', { authData, inputData });
    const sent = (sandbox.requests.at(-1)?.body as { content?: unknown } | undefined)?.content;
    if (sent !== content) throw new Error(`the sandbox got ${JSON.stringify(sent)}`);
    return { detail: 'sent byte for byte', more: [content] };
  });
  // Notes make the service fire create_note; those deliveries must not meet the cycles below.
  await sandbox.settled();

  out('\nWebhooks: subscribe → sample → event → delivery → perform → unsubscribe');
  for (const action of keys.hooks) {
    await report.step(`hook ${action}`, () =>
      hookCycle(invoke, sandbox, receiver, action, authData),
    );
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  const sandbox = await startSandbox();
  const receiver = await startReceiver();
  const restoreEnv = pointAppAt(sandbox);
  const report = new Report(sandbox);
  try {
    await run(sandbox, receiver, report);
  } finally {
    restoreEnv();
    await Promise.all([receiver.close(), sandbox.close()]);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const total = `${plural(report.steps, 'operation')}, ${plural(sandbox.requests.length, 'request')} to the sandbox, ${seconds} s`;
  out();
  if (report.failed.length === 0) {
    out(`✓ All passed: ${total}.`);
    return 0;
  }
  out(`✗ FAILED: ${report.failed.join('; ')} (${total}).`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('npm start could not run:', error);
    process.exit(1);
  },
);

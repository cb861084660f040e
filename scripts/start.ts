// `npm start`: the compiled integration, run through zapier-platform-core as
// Zapier runs it, against the local sandbox over real HTTP. No network, no
// account. Prints what ran, what came back and how long it took; exits 0, or
// 1 naming what failed.
import type { Bundle } from 'zapier-platform-core';
import { version as coreVersion } from 'zapier-platform-core';
import { createInvoker, loadCompiledApp, userMessageOf, type Invoke } from '../sandbox/harness';
import { pointAppAt } from '../sandbox/env';
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

/** The webhook actions whose whole cycle the report shows. */
const HOOK_CYCLES = ['add_contact', 'send_material', 'create_note', 'delete_task'] as const;
/** A well-formed template id that does not exist, like one deleted after the Zap was set up. */
const DELETED_TEMPLATE_ID = '0123456789abcdef01234567';

interface Outcome {
  readonly detail: string;
  /** Indented lines under the result line. */
  readonly more?: readonly string[];
}

interface StepResult {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
  readonly more: readonly string[];
  readonly ms: number;
  readonly requests: number;
  readonly unexpected?: Error;
}

const out = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};

const clip = (text: string, width: number): string =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

const isAppError = (error: unknown): boolean =>
  error instanceof Error &&
  /^(AppError|ExpiredAuthError|ThrottledError|HaltedError)$/.test(error.name);

class Report {
  readonly results: StepResult[] = [];

  constructor(private readonly sandbox: Sandbox) {}

  section(title: string): void {
    out();
    out(title);
  }

  async step(name: string, run: () => Promise<Outcome>): Promise<void> {
    const before = this.sandbox.requests.length;
    const started = performance.now();
    let result: StepResult;
    try {
      const { detail, more = [] } = await run();
      result = { name, ok: true, detail, more, ms: 0, requests: 0 };
    } catch (error) {
      result = {
        name,
        ok: false,
        detail: isAppError(error)
          ? 'failed'
          : `failed unexpectedly (${error instanceof Error ? error.name : 'error'})`,
        more: [`message: ${userMessageOf(error)}`],
        ms: 0,
        requests: 0,
        ...(isAppError(error)
          ? {}
          : { unexpected: error instanceof Error ? error : new Error(String(error)) }),
      };
    }
    result = {
      ...result,
      ms: Math.round(performance.now() - started),
      requests: this.sandbox.requests.length - before,
    };
    this.results.push(result);
    const mark = result.ok ? '✓' : '✗';
    const detail = clip(result.detail, 50);
    out(
      `  ${mark} ${result.name.padEnd(24)} ${detail.padEnd(50)} ${plural(result.requests, 'req').padStart(6)} ${String(result.ms).padStart(4)} ms`,
    );
    for (const line of result.more) out(`      ${line}`);
  }
}

/**
 * Runs `run`, which must fail with a message quoting `serviceText`; the
 * outcome shows the message the Zap builder would see.
 */
/** Runs a step that must fail with a Zapier error whose message holds `expected`. */
async function expectFailure(run: () => Promise<unknown>, expected: string): Promise<Outcome> {
  try {
    await run();
  } catch (error) {
    const message = userMessageOf(error);
    if (!isAppError(error) || !message.includes(expected)) throw error;
    const name = error instanceof Error ? error.name : '';
    return { detail: `fails as it should (${name})`, more: [`message: ${message}`] };
  }
  throw new Error('this step should have failed, but it succeeded');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const listOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isObject) : [];

/** A normalised hook item in one line: its id and the views parsed from the raw strings. */
function summaryOfItem(item: unknown): string {
  if (!isObject(item)) return clip(JSON.stringify(item), 90);
  const parts = [`id ${String(item.id)}`];
  const contacts = listOf(item.contacts).map((c) =>
    `${String(c.first_name)} ${String(c.last_name)} <${String(c.email)}>`.replace('  ', ' '),
  );
  if (contacts.length > 0) parts.push(`contacts: ${contacts.join(', ')}`);
  const materials = listOf(item.materials).map((m) => `${String(m.type)} "${String(m.title)}"`);
  if (materials.length > 0) parts.push(`materials: ${materials.join(', ')}`);
  if (isObject(item.custom_fields)) {
    parts.push(`custom fields: ${Object.keys(item.custom_fields).join(', ') || 'none'}`);
  }
  parts.push(`${Object.keys(item).length} fields`);
  return clip(parts.join(' · '), 110);
}

async function hookCycle(
  invoke: Invoke,
  sandbox: Sandbox,
  receiver: Receiver,
  action: string,
  authData: Bundle['authData'],
  noteInput: Record<string, string>,
): Promise<Outcome> {
  const op = `triggers.${action}.operation`;
  const subscribeData = (await invoke(`${op}.performSubscribe`, {
    authData,
    targetUrl: receiver.url,
  })) as NonNullable<Bundle['subscribeData']>;
  const { id } = subscribeData;
  const unsubscribe = (): Promise<unknown> =>
    invoke(`${op}.performUnsubscribe`, { authData, subscribeData, targetUrl: receiver.url });
  try {
    if (!sandbox.subscriptions.has(id)) throw new Error(`the sandbox holds no subscription ${id}`);
    const samples = await invoke(`${op}.performList`, { authData });
    // A note added through the API makes the service fire create_note by itself.
    const how = action === 'create_note' ? 'note added' : 'event fired';
    if (action === 'create_note') {
      await invoke('creates.add_note.operation.perform', { authData, inputData: noteInput });
    } else {
      await sandbox.fire(action);
    }
    const delivered = await receiver.next();
    const items = await invoke(`${op}.perform`, {
      authData,
      cleanedRequest: delivered.body as Bundle['cleanedRequest'],
      rawRequest: {
        method: 'POST',
        querystring: '',
        headers: Object.fromEntries(
          Object.entries(delivered.headers).map(([k, v]) => [k, String(v)]),
        ),
        content: delivered.rawBody,
      },
      targetUrl: receiver.url,
      subscribeData,
    });
    await unsubscribe();
    if (sandbox.subscriptions.has(id)) throw new Error(`subscription ${id} is still there`);

    const list = Array.isArray(items) ? (items as unknown[]) : [];
    if (list.length !== 1 || idsOf(list).length !== 1) {
      throw new Error(`perform gave ${JSON.stringify(items)}, not one item with an id`);
    }
    return {
      detail: `${how} → delivered → 1 item · unsubscribed`,
      more: [`sample: ${plural(idsOf(samples).length, 'item')} · item: ${summaryOfItem(list[0])}`],
    };
  } finally {
    // Whatever failed, leave no subscription behind (as Zapier does when a Zap is turned off).
    if (sandbox.subscriptions.has(id)) await unsubscribe().catch(() => undefined);
  }
}

async function run(sandbox: Sandbox, receiver: Receiver, report: Report): Promise<void> {
  const app = loadCompiledApp();
  const invoke = createInvoker(app);
  const authData = { api_key: sandbox.apiKey, account_email: DEMO_EMAIL };

  out(
    `CRMGrow for Zapier ${app.version} · zapier-platform-core ${coreVersion} · compiled app (dist/)`,
  );
  out(
    `Sandbox: BASE_URL ${sandbox.baseUrl} · ALT_BASE_URL ${sandbox.altBaseUrl} (loopback, in memory)`,
  );

  report.section('Connection');
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
      '"jwt malformed"',
    ),
  );
  await report.step('suspended account', () =>
    expectFailure(
      () => invoke('authentication.test', { authData: { api_key: sandbox.suspendedApiKey } }),
      'Your CRMGrow account is suspended',
    ),
  );

  report.section('Polling triggers');
  for (const key of operationKeysOf(app).polling) {
    await report.step(`trigger ${key}`, async () => {
      const items = await invoke(`triggers.${key}.operation.perform`, { authData });
      const list = Array.isArray(items) ? (items as { title?: unknown }[]) : [];
      const first = list[0]?.title;
      return {
        detail: `${plural(list.length, 'item')}${first ? `, first "${String(first)}"` : ''}`,
      };
    });
  }

  report.section('Dropdowns');
  const choices = new Map<string, string>();
  /** The title of each first choice, by trigger key: what the searches look for. */
  const titles = new Map<string, string>();
  for (const [createKey, field, trigger] of dropdownsOf(app)) {
    await report.step(`${createKey} › ${field.key}`, async () => {
      const items = await invoke(`triggers.${trigger}.operation.perform`, {
        authData,
        meta: { isFillingDynamicDropdown: true } as Bundle['meta'],
      });
      const ids = idsOf(items);
      const [title] = titlesOf(items);
      if (ids[0] && !choices.has(trigger)) choices.set(trigger, ids[0]);
      if (title && !titles.has(trigger)) titles.set(trigger, title);
      return { detail: `${plural(ids.length, 'choice')} from trigger ${trigger}` };
    });
  }

  report.section('Searches: a title that is there, and one that is not');
  const lists = searchListsOf(app);
  for (const key of operationKeysOf(app).searches) {
    const search = (text: string): Promise<unknown> =>
      invoke(`searches.${key}.operation.perform`, {
        authData,
        inputData: searchInputFor(app, key, text),
      });
    await report.step(key, async () => {
      const list = lists.get(key);
      // In lower case: the search ignores case.
      const text = (list ? titles.get(list) : undefined)?.toLowerCase();
      if (!text) throw new Error(`no dropdown links ${key}, so there is no title to look for`);
      const found = await search(text);
      if (idsOf(found).length === 0) throw new Error(`"${text}" found nothing`);
      return {
        detail: `${plural(idsOf(found).length, 'item')} for "${text}"`,
        more: [`first: ${clip(JSON.stringify((found as unknown[])[0]), 110)}`],
      };
    });
    await report.step(`${key}, no match`, async () => {
      const result = await search(NO_SUCH_TITLE);
      if (!Array.isArray(result) || result.length > 0) {
        throw new Error(`"${NO_SUCH_TITLE}" gave ${JSON.stringify(result)}, not []`);
      }
      return { detail: `[] for "${NO_SUCH_TITLE}"` };
    });
  }

  report.section('Actions');
  for (const key of operationKeysOf(app).creates) {
    await report.step(key, async () => {
      const inputData = inputDataFor(app, key, choices);
      const before = { sends: sandbox.sends.length, notes: sandbox.notes.length };
      const result = await invoke(`creates.${key}.operation.perform`, { authData, inputData });
      const send = sandbox.sends[before.sends];
      const note = sandbox.notes[before.notes];
      const what = send
        ? `sent to ${send.email}${send.contactCreated ? ' (new contact)' : ''}${send.base === 'ALT_BASE_URL' ? ' via ALT_BASE_URL' : ''}`
        : note
          ? `note added to ${DEMO_EMAIL}`
          : 'done';
      return { detail: what, more: [`returned: ${clip(JSON.stringify(result), 110)}`] };
    });
  }
  if (app.creates.send_video) {
    await report.step('send_video: bad template', () =>
      expectFailure(
        () =>
          invoke('creates.send_video.operation.perform', {
            authData,
            inputData: {
              ...inputDataFor(app, 'send_video', choices),
              template_id: DELETED_TEMPLATE_ID,
            },
          }),
        `could not find the template "${DELETED_TEMPLATE_ID}" chosen in "Template"`,
      ),
    );
    await report.step('send_video: not an email address', () =>
      expectFailure(
        () =>
          invoke('creates.send_video.operation.perform', {
            authData,
            inputData: { ...inputDataFor(app, 'send_video', choices), email: 'Jane Cooper' },
          }),
        '"Jane Cooper" in "Recipient Email" is not an email address',
      ),
    );
  }
  if (app.creates.add_note) {
    // Core would read these as templates, and delete or refuse them: they must arrive as typed.
    const content = 'Dear {{first_name}}, your code is {{ code }}. {{bundle.authData.api_key}}';
    await report.step('add_note: text with {{…}} arrives as typed', async () => {
      const before = sandbox.notes.length;
      await invoke('creates.add_note.operation.perform', {
        authData,
        inputData: { ...inputDataFor(app, 'add_note', choices), content },
      });
      const stored = sandbox.notes[before]?.content;
      if (stored !== content) throw new Error(`the sandbox stored ${JSON.stringify(stored)}`);
      return { detail: 'stored byte for byte', more: [`note: ${content}`] };
    });
  }
  await sandbox.settled();

  report.section('Webhooks: subscribe → sample → event → delivery → perform → unsubscribe');
  for (const action of HOOK_CYCLES) {
    if (!app.triggers[action]) continue;
    await report.step(`hook ${action}`, () =>
      hookCycle(
        invoke,
        sandbox,
        receiver,
        action,
        authData,
        inputDataFor(app, 'add_note', choices),
      ),
    );
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  const sandbox = await startSandbox();
  const receiver = await startReceiver();
  const restoreEnv = pointAppAt(sandbox);
  const report = new Report(sandbox);
  let crash: unknown;
  try {
    await run(sandbox, receiver, report);
  } catch (error) {
    crash = error;
  } finally {
    restoreEnv();
    await Promise.all([receiver.close(), sandbox.close()]);
  }

  const failed = report.results.filter((r) => !r.ok);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  out();
  if (crash) {
    out(
      `✗ The run stopped early: ${crash instanceof Error ? (crash.stack ?? crash.message) : String(crash)}`,
    );
  }
  for (const r of failed.filter((f) => f.unexpected)) {
    out(`✗ ${r.name} failed unexpectedly:\n${r.unexpected?.stack ?? ''}\n`);
  }
  const total = `${plural(report.results.length, 'operation')}, ${plural(sandbox.requests.length, 'request')} to the sandbox, ${seconds} s`;
  if (failed.length === 0 && !crash) {
    out(`✓ All passed: ${total}.`);
    return 0;
  }
  out(`✗ FAILED: ${failed.map((r) => r.name).join('; ') || 'the run itself'} (${total}).`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('npm start could not run:', error);
    process.exit(1);
  },
);

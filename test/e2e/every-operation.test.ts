// Every operation of the COMPILED app, walked against the sandbox through
// core's handler (as Zapier and `npm start` call it): each polling trigger's
// poll and dropdown page, each search, each create, each hook trigger's
// subscribe → sample → delivery → perform → unsubscribe, and the auth test.
// The operations are read from the app's definition, not listed here, so a
// new trigger, search or create is walked without editing this file; a route
// the sandbox lacks fails it, naming the route.
import type { Bundle } from 'zapier-platform-core';
import { createInvoker, userMessageOf } from '../../sandbox/harness';
import { startReceiver, type Receiver } from '../../sandbox/receiver';
import type { Sandbox } from '../../sandbox/server';
import {
  dropdownsOf,
  idsOf,
  inputDataFor,
  operationKeysOf,
  searchInputFor,
  searchListsOf,
  titlesOf,
} from '../../scripts/lib/operations';
import { app, deliveredRequest, useSandbox } from './helpers';

const KINDS = [
  'auth',
  'poll',
  'dropdown',
  'search',
  'create',
  'subscribe',
  'sample',
  'perform',
  'unsubscribe',
] as const;
type Kind = (typeof KINDS)[number];

interface Outcome {
  readonly kind: Kind;
  /** The operation's key in the definition: a trigger, search or create key, or "test". */
  readonly key: string;
  /** The method run, as core's handler names it. */
  readonly method: string;
  /** Why it failed; undefined when it succeeded with a result of its kind. */
  readonly failure?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const clip = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
};

/** A trigger's or search's result: a non-empty array of objects, each with an id. */
function expectItems(result: unknown): void {
  if (!Array.isArray(result)) throw new Error(`gave ${clip(result)}, not an array`);
  if (result.length === 0) throw new Error('gave [], not one item');
  result.forEach((item: unknown, i) => {
    const id = isObject(item) ? item.id : undefined;
    if (!((typeof id === 'string' && id !== '') || typeof id === 'number')) {
      throw new Error(`item ${i} has no id: ${clip(item)}`);
    }
  });
}

/** A create's result: an object with something in it. */
function expectObject(result: unknown): void {
  if (!isObject(result) || Object.keys(result).length === 0) {
    throw new Error(`gave ${clip(result)}, not an object`);
  }
}

/** The operations the definition declares, by kind: what the walk must have run. */
function definedOperations(): Record<Kind, string[]> {
  const triggersOfType = (type: string): string[] =>
    Object.entries(app.triggers)
      .filter(([, trigger]) => (trigger.operation.type ?? 'polling') === type)
      .map(([key]) => key);
  const polling = triggersOfType('polling');
  const hooks = triggersOfType('hook');
  return {
    auth: typeof app.authentication.test === 'function' ? ['test'] : [],
    poll: polling,
    dropdown: polling,
    search: Object.keys(app.searches),
    create: Object.keys(app.creates),
    subscribe: hooks,
    sample: hooks,
    perform: hooks,
    unsubscribe: hooks,
  };
}

const sorted = (keys: readonly string[]): string[] => [...keys].sort();

/** Runs every operation once, in dependency order, and records how each went. */
async function walk(sb: Sandbox, receiver: Receiver): Promise<Outcome[]> {
  const invoke = createInvoker(app);
  const authData = { api_key: sb.apiKey };
  const outcomes: Outcome[] = [];

  /** Runs one operation; a failure keeps the app's message and the routes the sandbox refused. */
  async function step<T>(
    kind: Kind,
    key: string,
    method: string,
    run: () => Promise<T>,
  ): Promise<T | undefined> {
    const before = sb.requests.length;
    try {
      const result = await run();
      outcomes.push({ kind, key, method });
      return result;
    } catch (error) {
      const refused = sb.requests
        .slice(before)
        .filter((r) => r.status >= 400)
        .map((r) => `${r.method} ${r.path} → ${r.status}`);
      const message = userMessageOf(error).split('\n')[0] ?? '';
      const routes = refused.length > 0 ? ` [sandbox: ${refused.join(', ')}]` : '';
      outcomes.push({ kind, key, method, failure: `${message}${routes}` });
      return undefined;
    }
  }

  const notRun = (why: string) => (): Promise<never> =>
    Promise.reject(new Error(`not run: ${why}`));

  await step('auth', 'test', 'authentication.test', async () => {
    const result = await invoke('authentication.test', { authData });
    expectObject(result);
  });

  const keys = operationKeysOf(app);

  // Polls, and the first page of each dropdown: the ids the creates pick, the titles the searches look for.
  const choices = new Map<string, string>();
  const titles = new Map<string, string>();
  for (const key of keys.polling) {
    const method = `triggers.${key}.operation.perform`;
    await step('poll', key, method, async () => {
      expectItems(await invoke(method, { authData }));
    });
    await step('dropdown', key, method, async () => {
      const items = await invoke(method, {
        authData,
        meta: { isFillingDynamicDropdown: true, page: 0 } as Bundle['meta'],
      });
      expectItems(items);
      const [id] = idsOf(items);
      const [title] = titlesOf(items);
      if (id) choices.set(key, id);
      if (title) titles.set(key, title);
    });
  }

  // Searches: the title of the first choice of the list a search reads (its
  // dropdown); without one, each title of the sandbox's seed until one is found.
  const lists = searchListsOf(app);
  const seedTitles = Object.values(sb.data).flatMap((items: readonly unknown[]) => titlesOf(items));
  for (const key of keys.searches) {
    const method = `searches.${key}.operation.perform`;
    const linked = titles.get(lists.get(key) ?? '');
    await step('search', key, method, async () => {
      for (const title of linked ? [linked] : seedTitles) {
        const found = await invoke(method, {
          authData,
          inputData: searchInputFor(app, key, title.toLowerCase()),
        });
        if (Array.isArray(found) && found.length === 0) continue;
        expectItems(found);
        return;
      }
      throw new Error(
        `found nothing for ${linked ? `"${linked}", its list's first title` : 'any seeded title'}`,
      );
    });
  }

  // Creates: an e-mail address, a note, and the first id of each dropdown.
  const dropdowns = dropdownsOf(app);
  for (const key of keys.creates) {
    const method = `creates.${key}.operation.perform`;
    const missing = dropdowns
      .filter(([createKey, , trigger]) => createKey === key && !choices.has(trigger))
      .map(([, field, trigger]) => `${field.key} (dropdown triggers.${trigger} gave no id)`);
    await step(
      'create',
      key,
      method,
      missing.length > 0
        ? notRun(`no value for ${missing.join(', ')}`)
        : async () => {
            expectObject(
              await invoke(method, { authData, inputData: inputDataFor(app, key, choices) }),
            );
          },
    );
  }
  // Sends and notes fire events of their own; none may reach the hooks below.
  await sb.settled();

  // Hook triggers, one at a time: subscribe the receiver, read the sample, make
  // the sandbox deliver the subscribed event, perform on the delivered body, unsubscribe.
  for (const key of keys.hooks) {
    const op = `triggers.${key}.operation`;
    const subscribeData = await step('subscribe', key, `${op}.performSubscribe`, async () => {
      const result = await invoke(`${op}.performSubscribe`, { authData, targetUrl: receiver.url });
      if (!isObject(result) || typeof result.id !== 'string' || result.id === '') {
        throw new Error(`gave ${clip(result)}, not {id}`);
      }
      return result as Bundle['subscribeData'] & { id: string };
    });
    const subscription = subscribeData ? sb.subscriptions.get(subscribeData.id) : undefined;

    await step('sample', key, `${op}.performList`, async () => {
      expectItems(await invoke(`${op}.performList`, { authData }));
    });

    await step(
      'perform',
      key,
      `${op}.perform`,
      !subscribeData
        ? notRun('performSubscribe failed')
        : !subscription
          ? notRun(`the sandbox holds no subscription ${subscribeData.id}`)
          : async () => {
              await sb.fire(subscription.action);
              const hook = await receiver.next(2_000);
              expectItems(
                await invoke(`${op}.perform`, {
                  authData,
                  ...deliveredRequest(hook),
                  targetUrl: receiver.url,
                  subscribeData,
                }),
              );
            },
    );

    await step(
      'unsubscribe',
      key,
      `${op}.performUnsubscribe`,
      !subscribeData
        ? notRun('performSubscribe failed')
        : async () => {
            await invoke(`${op}.performUnsubscribe`, {
              authData,
              subscribeData,
              targetUrl: receiver.url,
            });
            if (sb.subscriptions.has(subscribeData.id)) {
              throw new Error(`subscription ${subscribeData.id} is still there`);
            }
          },
    );
  }
  return outcomes;
}

const sandbox = useSandbox();
let receiver: Receiver | undefined;
let outcomes: Outcome[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  outcomes = await walk(sandbox(), receiver);
});
afterAll(async () => {
  await receiver?.close();
});

describe('every operation of the compiled app, against the sandbox', () => {
  it.each(KINDS)('every %s succeeds with a result of its kind', (kind) => {
    const failures = outcomes
      .filter((o) => o.kind === kind && o.failure !== undefined)
      .map((o) => `${o.method} (${o.kind}): ${o.failure ?? ''}`);
    expect(failures).toEqual([]);
  });

  it("walked each operation of the app's definition once, per kind", () => {
    const walked = Object.fromEntries(
      KINDS.map((kind) => [
        kind,
        sorted(outcomes.filter((o) => o.kind === kind).map((o) => o.key)),
      ]),
    );
    const defined = definedOperations();
    expect(walked).toEqual(Object.fromEntries(KINDS.map((kind) => [kind, sorted(defined[kind])])));
    // A trigger of a type the walk does not know would be in neither list.
    const known = new Set([...defined.poll, ...defined.subscribe]);
    expect(Object.keys(app.triggers).filter((key) => !known.has(key))).toEqual([]);
  });
});

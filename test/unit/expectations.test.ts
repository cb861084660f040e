// The tests' written-out expectations (test/support/expectations.ts) against
// the app: the same operations, none missing and none extra, and each fact
// written there true of the app. Every other test iterating over the table
// then covers every operation the app has.
import type { PlainOutputField } from 'zapier-platform-core';
import { SENDS } from '../../src/creates/sends';
import { ENDPOINTS } from '../../src/http/endpoints';
import App from '../../src/index';
import { LISTS } from '../../src/triggers/lists';
import {
  CALLING,
  HOOK_CALLS,
  HOOKS,
  keysOf,
  OPERATIONS,
  type Kind,
  type OutputType,
} from '../support/expectations';
import { rowOf } from '../support/rows';

interface Definition {
  key: string;
  noun: string;
  display: { label: string; description?: string; hidden?: boolean };
  operation: { type?: string; outputFields?: unknown[] };
}

const asDefinitions = (record: unknown): Record<string, Definition> =>
  (record ?? {}) as Record<string, Definition>;
const triggers = asDefinitions(App.triggers);

/** The app's operations of each kind, by key, in the app's order. */
const APP: Record<Kind, Record<string, Definition>> = {
  polling: Object.fromEntries(
    Object.entries(triggers).filter(([, def]) => def.operation.type !== 'hook'),
  ),
  hook: Object.fromEntries(
    Object.entries(triggers).filter(([, def]) => def.operation.type === 'hook'),
  ),
  create: asDefinitions(App.creates),
  search: asDefinitions(App.searches),
};
const KINDS = Object.keys(APP) as Kind[];

const definitionOf = (key: string): Definition => {
  const { kind } = rowOf({ OPERATIONS }, key);
  return rowOf({ [`the app's ${kind} operations`]: APP[kind] }, key);
};

/** An operation's static output fields, as the table writes them: key → type. */
const outputsOf = (def: Definition): Record<string, OutputType> =>
  Object.fromEntries(
    (def.operation.outputFields ?? [])
      .filter((field): field is PlainOutputField => typeof field === 'object' && field !== null)
      .map((field) => [field.key, field.list ? 'list' : (field.type ?? 'string')]),
  ) as Record<string, OutputType>;

describe('the expectations name exactly the operations of the app', () => {
  it.each(KINDS)('%s: none missing from test/support/expectations.ts, none extra', (kind) => {
    const app = Object.keys(APP[kind]);
    const expected: string[] = keysOf(kind);
    expect({
      missing: app.filter((key) => !expected.includes(key)),
      extra: expected.filter((key) => !app.includes(key)),
    }).toEqual({ missing: [], extra: [] });
  });

  it.each(KINDS)('%s: in the order of the app', (kind) => {
    expect(keysOf(kind)).toEqual(Object.keys(APP[kind]));
  });

  it('every operation is visible and keyed by its own key', () => {
    for (const key of Object.keys(OPERATIONS)) {
      const def = definitionOf(key);
      expect([key, def.key, def.display.hidden === true]).toEqual([key, key, false]);
    }
  });
});

// Each looks its operation up when it runs, so one the app lacks fails here by
// name, beside the missing/extra check above.
describe.each(Object.entries(OPERATIONS))('%s', (key, facts) => {
  it('has the label and noun written out', () => {
    const def = definitionOf(key);
    expect({ label: def.display.label, noun: def.noun }).toEqual({
      label: facts.label,
      noun: facts.noun,
    });
  });

  // The lists' triggers and searches: their descriptions are written out too.
  if ('description' in facts) {
    it('has the description written out', () => {
      expect(definitionOf(key).display.description).toBe(facts.description);
    });
  }

  it('has the output keys, in order, and types written out', () => {
    const outputs = outputsOf(definitionOf(key));
    expect(Object.keys(outputs)).toEqual(Object.keys(facts.outputs));
    expect(outputs).toEqual(facts.outputs);
  });
});

describe.each(Object.entries(CALLING))('%s calls the endpoint written out', (key, facts) => {
  it('by name, with its method, path and base address', () => {
    const endpoint = rowOf({ ENDPOINTS }, facts.endpoint);
    expect({ method: endpoint.method, path: endpoint.path, base: endpoint.base }).toEqual(
      facts.call,
    );
  });

  // add_note has no table of its own: creates.test.ts runs its request.
  if (key !== 'add_note') {
    it('as the table behind the operation has it', () => {
      const table =
        facts.kind === 'create'
          ? rowOf({ SENDS }, key).endpoint
          : rowOf({ LISTS }, key.replace(/^find_/, '')).endpoint;
      expect(table).toBe(rowOf({ ENDPOINTS }, facts.endpoint));
    });
  }
});

describe('the hook triggers', () => {
  it.each(Object.entries(HOOK_CALLS))('share the %s endpoint written out', (name, call) => {
    const endpoint = rowOf({ ENDPOINTS }, name);
    expect({ method: endpoint.method, path: endpoint.path, base: endpoint.base }).toEqual(call);
  });

  it('are REST hooks', () => {
    for (const key of Object.keys(HOOKS))
      expect([key, definitionOf(key).operation.type]).toEqual([key, 'hook']);
  });
});

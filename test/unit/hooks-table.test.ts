// The table behind the hook triggers: labels, samples and output
// fields against Zapier's publishing checks and the service's payload shapes.
import type { PlainOutputField } from 'zapier-platform-core';
import App from '../../src/index';
import { hookTriggers } from '../../src/hooks/trigger';
import { HOOK_EVENTS } from '../../src/hooks/events';
import { resultMaker } from '../../src/hooks/deliveries';
import { normalise } from '../../src/hooks/records';
import { hookTrigger } from '../../src/hooks/trigger';
import { HOOKS, keysOf } from '../support/expectations';
import { rowOf } from '../support/rows';
import { JANE_CONTACT } from '../support/expected';

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
const SMALL_WORDS = new Set(['a', 'an', 'and', 'the', 'to', 'of', 'or', 'in', 'on', 'for']);

const TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
  datetime: (value) => typeof value === 'string' && ISO_WITH_ZONE.test(value),
};

/** The values an output field points at: `a[]b` is `b` of every item of the list `a`. */
function valuesAt(sample: Record<string, unknown>, field: PlainOutputField): unknown[] {
  const [listKey, childKey] = field.key.split('[]');
  if (childKey === undefined) {
    const value = sample[field.key];
    if (!field.list) return [value];
    if (!Array.isArray(value) || value.length === 0)
      throw new Error(`${field.key} is not a non-empty list`);
    return value;
  }
  const list = sample[listKey ?? ''];
  if (!Array.isArray(list) || list.length === 0)
    throw new Error(`${listKey} is not a non-empty list`);
  return list.map((item: Record<string, unknown>) => {
    if (!(childKey in item)) throw new Error(`an item of ${listKey} has no ${childKey}`);
    return item[childKey];
  });
}

/** Every key a sample offers, in Zapier's `list[]child` notation for lists of objects. */
function sampleKeys(sample: Record<string, unknown>): Set<string> {
  const keys = new Set<string>();
  for (const [key, value] of Object.entries(sample)) {
    keys.add(key);
    if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'object' && item !== null) {
          for (const child of Object.keys(item)) keys.add(`${key}[]${child}`);
        }
      }
    }
  }
  return keys;
}

// Over the written-out expectations: an event missing from src/ fails by name.
describe.each(keysOf('hook').map((action) => [action, HOOKS[action]] as const))(
  '%s',
  (action, facts) => {
    const event = rowOf({ HOOK_EVENTS }, action);
    const trigger = rowOf({ hookTriggers }, action);
    const { operation } = trigger;
    const sample = operation.sample as Record<string, unknown>;
    // The static fields; the function beside them lists an account's custom fields (custom-fields.test.ts).
    const fields = (operation.outputFields ?? []).filter(
      (field): field is PlainOutputField => typeof field !== 'function',
    );

    it('is a visible REST-hook trigger of the app, keyed by its action value', () => {
      expect(App.triggers?.[action]).toBe(trigger);
      expect(trigger.key).toBe(action);
      expect(operation.type).toBe('hook');
      expect(trigger.display.hidden).toBeFalsy();
      expect(trigger.noun).toBe(facts.noun);
      expect(event.noun).toBe(facts.noun);
    });

    it('is what the factory builds from its row, in this test as in the app', () => {
      // Built here, so that the factory runs inside a test (a mutation run counts only that).
      const built = hookTrigger(event);
      expect(built.display).toEqual({ label: facts.label, description: event.description });
      expect(built.noun).toBe(facts.noun);
      const outputFields = built.operation.outputFields ?? [];
      expect(outputFields.filter((field) => typeof field !== 'function')).toEqual(fields);
      // Payloads with additional_field list the account's custom fields: one function more.
      expect(outputFields.length - fields.length).toBe('additional_field' in event.payload ? 1 : 0);
      expect(JSON.stringify(built)).toBe(JSON.stringify(trigger));
    });

    it('has its Title Case label and a "Triggers when ... ." description (D018, D021)', () => {
      expect(trigger.display.label).toBe(facts.label);
      for (const word of (trigger.display.label ?? '').split(' ')) {
        if (!SMALL_WORDS.has(word)) expect(word[0]).toBe(word[0]?.toUpperCase());
      }
      expect(trigger.display.description).toMatch(/^Triggers when .+\.$/);
    });

    it('has a raw payload with exactly the keys the service sends for this action', () => {
      expect(Object.keys(event.payload).sort()).toEqual([...facts.payloadKeys].sort());
    });

    it('has as its static sample what the normaliser makes of the raw payload, with a string id (D010, D012)', () => {
      // delete_task's sample is the task parsed out of its payload (its own test, below).
      // normalise always adds custom_fields; an item keeps them where the payload has additional_field.
      const { custom_fields: customFields, ...withoutCustomFields } = normalise(event.payload);
      const expected =
        'additional_field' in event.payload
          ? { ...withoutCustomFields, custom_fields: customFields }
          : withoutCustomFields;
      if (!event.expand?.(event.payload, () => undefined)) expect(sample).toEqual(expected);
      expect(typeof sample.id).toBe('string');
      expect(sample.id).not.toBe('');
    });

    it('has labelled output fields with distinct keys', () => {
      expect(fields.length).toBeGreaterThan(0);
      expect(new Set(fields.map((field) => field.key)).size).toBe(fields.length);
      for (const field of fields) expect(field.label?.trim()).toBeTruthy();
    });

    it('has a sample holding every output field, with values of its type (D024)', () => {
      const keys = sampleKeys(sample);
      for (const field of fields) {
        expect(keys.has(field.key) ? field.key : `missing ${field.key}`).toBe(field.key);
        const check = TYPE_CHECKS[field.type ?? 'string'];
        for (const value of valuesAt(sample, field)) {
          expect(check?.(value) ? field.key : `${field.key} = ${JSON.stringify(value)}`).toBe(
            field.key,
          );
        }
      }
    });

    it('gives the normalised payload the same keys as the sample', () => {
      const payload = JSON.parse(JSON.stringify(event.payload)) as Record<string, unknown>;
      const [fresh, ...more] = resultMaker(event)([payload], () => undefined);
      expect(more).toEqual([]);
      expect(sampleKeys(fresh ?? {})).toEqual(sampleKeys(sample));
    });

    it('dates every date in the sample in ISO 8601 with a time zone (D023)', () => {
      for (const key of ['created_at', 'create_at', 'due_date', 'removed_date']) {
        if (key in sample) expect(sample[key]).toMatch(ISO_WITH_ZONE);
      }
    });
  },
);

describe('delete_task', () => {
  it('has as its sample the task parsed out of removed_task, beside the payload as sent', () => {
    const { payload } = rowOf({ HOOK_EVENTS }, 'delete_task');
    expect(hookTriggers.delete_task.operation.sample).toEqual({
      ...payload,
      id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
      type: 'call',
      content: 'Call Jane about the pre-approval letter',
      contact: '[6512e4c1a9b3f2001e7d4a10,Jane,Cooper,jane.cooper@example.com,+14155550123]',
      contacts: [JANE_CONTACT],
      due_date: '2026-03-20T17:00:00.000Z',
      set_recurrence: true,
      recurrence_mode: 'WEEK',
      create_at: '2026-03-15T11:05:47.000Z',
    });
  });
});

describe('the factory', () => {
  it('refuses a row whose sample payload gives no item, as no sample could be shown', () => {
    const event = {
      ...rowOf({ HOOK_EVENTS }, 'delete_contact'),
      payload: { num: 0, contacts: '' },
    };
    expect(() => hookTrigger(event)).toThrow(
      new Error('The payload of delete_contact gives no item.'),
    );
  });
});

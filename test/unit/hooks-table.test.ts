// The table behind the fifteen hook triggers: labels, samples and output
// fields against Zapier's publishing checks and the service's payload shapes.
import type { PlainOutputField } from 'zapier-platform-core';
import App from '../../src/index';
import { hookTriggers } from '../../src/hooks';
import { HOOK_EVENTS } from '../../src/hooks/events';
import { itemMaker, normalise } from '../../src/hooks/normalise';
import { rowOf } from '../support/rows';

const CONTACT_KEYS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'address',
  'city',
  'state',
  'zip',
  'cell_phone',
  'country',
  'source',
  'company',
  'label',
  'tags',
  'secondary_email',
  'secondary_phone',
  'website',
  'additional_field',
  'created_at',
];
const NOTE_KEYS = ['id', 'title', 'content', 'contact', 'create_at'];
const TASK_KEYS = [
  'id',
  'contact',
  'type',
  'content',
  'due_date',
  'set_recurrence',
  'recurrence_mode',
  'create_at',
];

/** The payload keys of each action, as docs/service-api.md lists them. */
const OBSERVED_KEYS: Record<string, string[]> = {
  add_contact: CONTACT_KEYS,
  update_contact: CONTACT_KEYS,
  lead_source: CONTACT_KEYS,
  delete_contact: CONTACT_KEYS,
  add_deal: [
    'id',
    'title',
    'user',
    'contact',
    'pipe_line',
    'deal_stage',
    'additional_field',
    'create_at',
  ],
  move_deal: [
    'id',
    'title',
    'user',
    'contact',
    'pipe_line',
    'deal_source',
    'deal_target',
    'create_at',
  ],
  send_material: ['subject', 'contact', 'video', 'pdf', 'image', 'create_at'],
  watch_material: [
    'contact',
    'material_id',
    'material_type',
    'material_title',
    'material_amount',
    'create_at',
  ],
  assigned_automation: ['id', 'title', 'type', 'deal', 'contact', 'create_at'],
  create_note: NOTE_KEYS,
  update_note: NOTE_KEYS,
  delete_note: NOTE_KEYS,
  create_task: TASK_KEYS,
  update_task: TASK_KEYS,
  delete_task: ['num', 'removed_task', 'removed_date'],
};

const LABELS: Record<string, string> = {
  add_contact: 'New Contact',
  update_contact: 'Updated Contact',
  delete_contact: 'Deleted Contact',
  add_deal: 'New Deal',
  move_deal: 'Deal Moved to Another Stage',
  send_material: 'Material Sent',
  watch_material: 'Material Watched',
  assigned_automation: 'Automation Assigned',
  create_note: 'New Note',
  update_note: 'Updated Note',
  delete_note: 'Deleted Note',
  create_task: 'New Task',
  update_task: 'Updated Task',
  delete_task: 'Deleted Task',
  lead_source: 'New Lead',
};

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

describe.each(HOOK_EVENTS.map((event) => [event.action, event] as const))('%s', (action, event) => {
  const trigger = hookTriggers[action];
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
    expect(trigger.noun).toBe(event.noun);
  });

  it('has its Title Case label and a "Triggers when ... ." description (D018, D021)', () => {
    expect(trigger.display.label).toBe(LABELS[action]);
    for (const word of (trigger.display.label ?? '').split(' ')) {
      if (!SMALL_WORDS.has(word)) expect(word[0]).toBe(word[0]?.toUpperCase());
    }
    expect(trigger.display.description).toMatch(/^Triggers when .+\.$/);
  });

  it('has a raw payload with exactly the keys the service sends for this action', () => {
    expect(Object.keys(event.payload).sort()).toEqual([...(OBSERVED_KEYS[action] ?? [])].sort());
  });

  it('has as its static sample what the normaliser makes of the raw payload, with a string id (D010, D012)', () => {
    // delete_task's sample is the task parsed out of its payload (its own test, below).
    // normalise always adds custom_fields; an item keeps them where the payload has additional_field.
    const { custom_fields: customFields, ...withoutCustomFields } = normalise(event.payload);
    const expected =
      'additional_field' in event.payload
        ? { ...withoutCustomFields, custom_fields: customFields }
        : withoutCustomFields;
    if (!event.expand?.(event.payload)) expect(sample).toEqual(expected);
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
    const [fresh, ...more] = itemMaker(event)(payload);
    expect(more).toEqual([]);
    expect(sampleKeys(fresh ?? {})).toEqual(sampleKeys(sample));
  });

  it('dates every date in the sample in ISO 8601 with a time zone (D023)', () => {
    for (const key of ['created_at', 'create_at', 'due_date', 'removed_date']) {
      if (key in sample) expect(sample[key]).toMatch(ISO_WITH_ZONE);
    }
  });
});

describe('delete_task', () => {
  it('has as its sample the task parsed out of removed_task, beside the payload as sent', () => {
    const { payload } = rowOf({ HOOK_EVENTS }, 'delete_task');
    expect(hookTriggers.delete_task.operation.sample).toEqual({
      ...payload,
      id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
      type: 'call',
      content: 'Call Jane about the pre-approval letter',
      contact: '[6512e4c1a9b3f2001e7d4a10,Jane,Cooper,jane.cooper@example.com,+14155550123]',
      contacts: [
        {
          id: '6512e4c1a9b3f2001e7d4a10',
          first_name: 'Jane',
          last_name: 'Cooper',
          email: 'jane.cooper@example.com',
          cell_phone: '+14155550123',
        },
      ],
      due_date: '2026-03-20T17:00:00.000Z',
      set_recurrence: true,
      recurrence_mode: 'WEEK',
      create_at: '2026-03-15T11:05:47.000Z',
    });
  });
});

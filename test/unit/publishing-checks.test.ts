// Zapier's publishing checks that depend only on the definition (listed at the
// end of the platform notes), held against every visible operation and the auth
// fields. A broken rule fails a test named after the rule and the operation.
import nock from 'nock';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { HOOK_EVENTS } from '../../src/hooks/events';
import App from '../../src/index';
import { API_KEY, appTester, bundleWith } from '../support/app';
import { CALLING, HOOKS, keysOf, OPERATIONS } from '../support/expectations';
import { rowOf } from '../support/rows';

interface Field {
  key: string;
  label?: string;
  helpText?: string;
  type?: string;
  required?: boolean;
  dynamic?: string;
  search?: string;
  list?: boolean;
  choices?: unknown;
}
interface Operation {
  kind: 'trigger' | 'create' | 'search';
  key: string;
  noun: string;
  label: string;
  description: string;
  hidden: boolean;
  type: string | undefined;
  sample: Record<string, unknown> | undefined;
  inputFields: unknown;
  outputFields: Field[];
  operation: Record<string, unknown>;
}

const asOperations = (
  kind: Operation['kind'],
  record: Record<string, unknown> | undefined,
): Operation[] =>
  Object.entries(record ?? {}).map(([key, value]) => {
    const def = value as {
      noun: string;
      display: { label: string; description: string; hidden?: boolean };
      operation: Record<string, unknown> & {
        type?: string;
        sample?: Record<string, unknown>;
        inputFields?: unknown;
        outputFields?: (Field | ((...args: never[]) => unknown))[];
      };
    };
    return {
      kind,
      key,
      noun: def.noun,
      label: def.display.label,
      description: def.display.description,
      hidden: def.display.hidden === true,
      type: def.operation.type,
      sample: def.operation.sample,
      inputFields: def.operation.inputFields,
      // The static fields: a function (an account's custom fields) is tested on its own.
      outputFields: (def.operation.outputFields ?? []).filter((f) => typeof f !== 'function'),
      operation: def.operation,
    };
  });

const visible = [
  ...asOperations('trigger', App.triggers as Record<string, unknown>),
  ...asOperations('create', App.creates as Record<string, unknown>),
  ...asOperations('search', App.searches as Record<string, unknown>),
].filter((op) => !op.hidden);
const named = visible.map((op) => [`${op.kind} ${op.key}`, op] as const);
const triggers = named.filter(([, op]) => op.kind === 'trigger');
const creates = named.filter(([, op]) => op.kind === 'create');
const searches = named.filter(([, op]) => op.kind === 'search');
const hooks = named.filter(([, op]) => op.type === 'hook');

const staticInputFields = (op: Operation): Field[] =>
  Array.isArray(op.inputFields)
    ? op.inputFields.filter((f): f is Field => typeof f === 'object' && f !== null)
    : [];
const authFields = (App.authentication?.fields ?? []) as Field[];

const SMALL_WORDS = new Set(
  'a an and as at but by for from in into nor of on or per the to vs via with'.split(' '),
);
function titleCaseProblems(label: string): string[] {
  return label.split(/\s+/).filter((word, index) => {
    const letters = word.replace(/^[^A-Za-z]+/, '');
    if (!letters || !/^[a-z]/.test(letters)) return false;
    return index === 0 || !SMALL_WORDS.has(letters.toLowerCase());
  });
}

const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const LOOKS_LIKE_DATE = /^\d{4}-\d{2}-\d{2}/;

function* strings(value: unknown, path = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value))
    for (const [i, v] of value.entries()) yield* strings(v, `${path}[${i}]`);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) yield* strings(v, path ? `${path}.${k}` : k);
}

/** The sample's values at an outputFields key, following Zapier's `parent[]child` notation. */
function valuesAt(sample: unknown, key: string): unknown[] {
  let current: unknown[] = [sample];
  for (const part of key.split(/(\[\])/).filter(Boolean)) {
    if (part === '[]') {
      current = current.flatMap((v) => (Array.isArray(v) ? v : []));
      continue;
    }
    const next: unknown[] = [];
    for (const value of current) {
      if (typeof value !== 'object' || value === null) continue;
      let node: unknown = value;
      for (const segment of part.split('__')) {
        node =
          typeof node === 'object' && node !== null
            ? (node as Record<string, unknown>)[segment]
            : undefined;
      }
      if (node !== undefined) next.push(node);
    }
    current = next;
  }
  return current;
}

const TYPE_CHECKS: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  text: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
  datetime: (v) => typeof v === 'string' && (v === '' || ISO_WITH_ZONE.test(v)),
};

describe('publishing checks', () => {
  it('covers every visible operation, each written out in test/support/expectations.ts', () => {
    const keys = (ops: typeof named): string[] => ops.map(([, op]) => op.key);
    expect(keys(triggers.filter(([, op]) => op.type !== 'hook'))).toEqual(keysOf('polling'));
    expect(keys(hooks)).toEqual(keysOf('hook'));
    expect(keys(creates)).toEqual(keysOf('create'));
    expect(keys(searches)).toEqual(keysOf('search'));
    expect(keys(named).sort()).toEqual(Object.keys(OPERATIONS).sort());
  });

  describe('D002 auth fields have help text with a link to where the value is found', () => {
    it.each(authFields.map((f) => [f.key, f] as const))('auth field %s', (_key, field) => {
      expect(field.helpText).toMatch(/\[[^\]]+\]\(https:\/\/[^)\s]+\)/);
    });
  });

  it('D003 a connection label is set', () => {
    expect(App.authentication?.connectionLabel).toBeDefined();
  });

  describe('D004 id fields have dynamic dropdowns', () => {
    it.each(named)('%s', (_name, op) => {
      const idFields = staticInputFields(op).filter((f) => /(^|_)id$/.test(f.key));
      for (const field of idFields) {
        expect({ field: field.key, dynamic: field.dynamic }).toEqual({
          field: field.key,
          dynamic: expect.stringMatching(/^\w+\.id\.\w+$/),
        });
      }
    });
  });

  describe('id fields link a search of the app that returns the linked field', () => {
    it.each(named)('%s', (_name, op) => {
      for (const field of staticInputFields(op).filter((f) => f.search !== undefined)) {
        const [key = '', output = ''] = (field.search ?? '').split('.');
        const target = searches.find(([, s]) => s.key === key)?.[1];
        expect({ field: field.key, outputs: target?.outputFields.map((f) => f.key) }).toEqual({
          field: field.key,
          outputs: expect.arrayContaining([output]),
        });
      }
    });
  });

  describe('D006 REST hook triggers have performList', () => {
    it.each(hooks)('%s', (_name, op) => {
      expect(typeof op.operation.performList).toBe('function');
      expect(typeof op.operation.performSubscribe).toBe('function');
      expect(typeof op.operation.performUnsubscribe).toBe('function');
    });
  });

  it('D007 every URL in the definition is HTTPS', () => {
    const plain = [...strings(JSON.parse(JSON.stringify(App)))].filter(([, v]) =>
      /\bhttp:\/\//.test(v),
    );
    expect(plain).toEqual([]);
  });

  describe('D010 trigger and search samples carry the primary key (id)', () => {
    it.each([...triggers, ...searches])('%s', (_name, op) => {
      expect(typeof op.sample?.id).toBe('string');
      expect(op.outputFields.map((f) => f.key)).toContain('id');
    });
  });

  describe('D011 help text does not merely repeat the label', () => {
    const fieldsOf = (op: Operation): Field[] => [...staticInputFields(op), ...op.outputFields];
    it.each([...named, ['authentication', undefined] as const])('%s', (_name, op) => {
      const fields = op ? fieldsOf(op) : authFields;
      for (const field of fields.filter((f) => f.helpText !== undefined)) {
        const help = normalise(field.helpText ?? '');
        const label = normalise(field.label ?? field.key);
        expect({ field: field.key, repeats: help === label || help === `the ${label}` }).toEqual({
          field: field.key,
          repeats: false,
        });
        expect({ field: field.key, long: help.split(' ').length >= 4 }).toEqual({
          field: field.key,
          long: true,
        });
      }
      if (op) expect(normalise(op.description)).not.toBe(normalise(op.label));
    });
  });

  describe('D012 every visible trigger and create has a static sample', () => {
    it.each(named)('%s', (_name, op) => {
      expect(op.sample).toEqual(expect.any(Object));
      expect(Object.keys(op.sample ?? {}).length).toBeGreaterThan(0);
    });
  });

  describe('D018 labels are Title Case', () => {
    it.each([...named, ['authentication', undefined] as const])('%s', (_name, op) => {
      const labels = op
        ? [
            op.label,
            ...staticInputFields(op).map((f) => f.label ?? ''),
            ...op.outputFields.map((f) => f.label ?? ''),
          ]
        : authFields.map((f) => f.label ?? '');
      const problems = labels
        .filter(Boolean)
        .filter((label) => titleCaseProblems(label).length > 0);
      expect(problems).toEqual([]);
    });
  });

  describe('D021 trigger descriptions start with "Triggers when " and end with "."', () => {
    it.each(triggers)('%s', (_name, op) => {
      expect(op.description).toMatch(/^Triggers when .+\.$/);
    });
  });

  describe('search descriptions start with "Finds " and end with "."', () => {
    it.each(searches)('%s', (_name, op) => {
      expect(op.description).toMatch(/^Finds .+\.$/);
    });
  });

  describe('D022 creates and searches have static input fields', () => {
    it.each([...creates, ...searches])('%s', (_name, op) => {
      expect(Array.isArray(op.inputFields)).toBe(true);
      const fields = op.inputFields as unknown[];
      expect(fields.length).toBeGreaterThan(0);
      expect(fields.every((f) => typeof f === 'object' && f !== null)).toBe(true);
    });
  });

  describe('trigger input fields (the hook filters) are optional, with help text that D011 holds', () => {
    const filtered = triggers.filter(([, op]) => staticInputFields(op).length > 0);

    it('six hook triggers have them, seven fields in all, so D011 and D018 check real fields', () => {
      expect(filtered.map(([name, op]) => [name, staticInputFields(op).map((f) => f.key)])).toEqual(
        [
          ['trigger add_contact', ['tag']],
          ['trigger update_contact', ['tag']],
          ['trigger move_deal', ['deal_target']],
          ['trigger send_material', ['material_type']],
          ['trigger watch_material', ['material_type', 'min_amount']],
          ['trigger lead_source', ['tag']],
        ],
      );
      expect(filtered.every(([, op]) => op.type === 'hook')).toBe(true);
    });

    it.each(filtered)('%s', (_name, op) => {
      for (const field of staticInputFields(op)) {
        expect({ key: field.key, required: field.required, help: typeof field.helpText }).toEqual({
          key: field.key,
          required: false,
          help: 'string',
        });
        const choices = Array.isArray(field.choices) ? (field.choices as Field[]) : [];
        const badChoices = choices.filter((c) => !c.label || titleCaseProblems(c.label).length > 0);
        expect(badChoices).toEqual([]);
      }
    });
  });

  describe('D023 dates in samples are ISO 8601 with a time zone', () => {
    it.each(named)('%s', (_name, op) => {
      const dates = [...strings(op.sample)].filter(([, v]) => LOOKS_LIKE_DATE.test(v));
      expect(dates.filter(([, v]) => !ISO_WITH_ZONE.test(v))).toEqual([]);
    });
  });

  describe('D024 samples match outputFields', () => {
    it.each(named)('%s', (_name, op) => {
      expect(op.outputFields.length).toBeGreaterThan(0);
      for (const field of op.outputFields) {
        expect({ key: field.key, label: typeof field.label }).toEqual({
          key: field.key,
          label: 'string',
        });
        const values = valuesAt(op.sample, field.key);
        expect({ key: field.key, inSample: values.length > 0 }).toEqual({
          key: field.key,
          inSample: true,
        });
        const check = field.type ? TYPE_CHECKS[field.type] : undefined;
        if (check) {
          const wrong = values.filter((v) => v !== null && !check(v));
          expect({ key: field.key, type: field.type, wrong }).toEqual({
            key: field.key,
            type: field.type,
            wrong: [],
          });
        }
      }
    });
  });
});

describe('the rule helpers themselves', () => {
  it('title case: flags lower-case words except small ones after the first', () => {
    expect(titleCaseProblems('Deal Moved to Another Stage')).toEqual([]);
    expect(titleCaseProblems('New contact')).toEqual(['contact']);
    expect(titleCaseProblems('the Contact')).toEqual(['the']);
  });

  it('valuesAt follows the parent[]child notation', () => {
    const sample = {
      id: 'x',
      contacts: [{ email: 'a@b.co' }, { email: 'c@d.co' }],
      nested: { a: 1 },
    };
    expect(valuesAt(sample, 'contacts[]email')).toEqual(['a@b.co', 'c@d.co']);
    expect(valuesAt(sample, 'nested__a')).toEqual([1]);
    expect(valuesAt(sample, 'missing')).toEqual([]);
  });

  it('ISO dates need a time zone', () => {
    expect(ISO_WITH_ZONE.test('2026-03-14T15:09:26.535Z')).toBe(true);
    expect(ISO_WITH_ZONE.test('2026-03-14T15:09:26+01:00')).toBe(true);
    expect(ISO_WITH_ZONE.test('2026-03-14T15:09:26')).toBe(false);
    expect(ISO_WITH_ZONE.test('2026-03-14')).toBe(false);
  });
});

// ---- The rules of the publishing requirements that a reviewer checks by hand ----

/** Zapier's style: "Triggers when …", "no more than a handful of additional words". */
const MAX_DESCRIPTION_WORDS = 15;
/** Help text that says what the field is for, without repeating how the editor works. */
const MAX_HELP_WORDS = 30;
const APP_NAME = /crm\s*grow/i;
const wordsOf = (text: string): number => text.trim().split(/\s+/).length;

/** Every label, help text and description a Zap builder reads in the definition. */
const visibleTexts = (): [string, string][] => [
  ...named.flatMap(([name, op]) => [
    [`${name} label`, op.label] as [string, string],
    [`${name} description`, op.description] as [string, string],
    ...[...staticInputFields(op), ...op.outputFields].flatMap((f): [string, string][] => [
      [`${name} ${f.key} label`, f.label ?? ''],
      ...(f.helpText ? [[`${name} ${f.key} help`, f.helpText] as [string, string]] : []),
      ...(Array.isArray(f.choices)
        ? (f.choices as Field[]).map((c): [string, string] => [
            `${name} ${f.key} choice`,
            c.label ?? '',
          ])
        : []),
    ]),
  ]),
  ...authFields.flatMap((f): [string, string][] => [
    [`auth ${f.key} label`, f.label ?? ''],
    [`auth ${f.key} help`, f.helpText ?? ''],
  ]),
];

describe("descriptions in Zapier's style (PR 4.1, 5.1, 6.2)", () => {
  it.each(named)('%s: one short sentence of at most 15 words, without the app name', (_n, op) => {
    expect({
      words: wordsOf(op.description) <= MAX_DESCRIPTION_WORDS,
      text: op.description,
    }).toEqual({
      words: true,
      text: op.description,
    });
    expect(op.description).not.toMatch(APP_NAME);
    expect(op.description).toMatch(/^[A-Z][^.]*[^.]\.$/);
  });

  it.each(creates)('%s: an action says what it does: "Sends …", "Adds …"', (_n, op) => {
    expect(op.description).toMatch(/^(Sends|Adds|Creates|Updates) .+\.$/);
  });

  it('no operation label names the app either', () => {
    expect(named.filter(([, op]) => APP_NAME.test(op.label))).toEqual([]);
  });
});

describe('one style throughout (PR 1.4, 5.2.4)', () => {
  it('"email", never "e-mail", in labels, help text, choices and descriptions', () => {
    expect(visibleTexts().filter(([, text]) => /e-mail/i.test(text))).toEqual([]);
  });

  it('labels do not list raw values such as (VIDEO, PDF or IMAGE); choices carry their labels', () => {
    const rawList = /\((?:[A-Z]{2,}\b[,\s]*(?:or\s+)?){2,}\)/;
    expect(
      visibleTexts().filter(([where, text]) => where.endsWith('label') && rawList.test(text)),
    ).toEqual([]);
  });

  it.each(named)('%s: help text is short and does not restate how the editor works', (_n, op) => {
    for (const field of staticInputFields(op).filter((f) => f.helpText)) {
      const help = field.helpText ?? '';
      expect({ field: field.key, words: wordsOf(help) <= MAX_HELP_WORDS }).toEqual({
        field: field.key,
        words: true,
      });
      expect({ field: field.key, help }).not.toEqual({
        field: field.key,
        help: expect.stringMatching(/custom value|pick one|from an earlier step|dropdown/i),
      });
    }
  });
});

describe('the same label for the same key', () => {
  /** Keys whose value is the operation's own record: labelled by the noun, as "Deal ID". */
  const RECORD_KEYS = new Set(['id', 'title', 'type', 'content', 'create_at', 'created_at']);
  /** A derived id (the service sends none) is the "Event ID" wherever it is. */
  const DERIVED_ID = 'Event ID';
  const outputs = [...triggers, ...searches].flatMap(([name, op]) =>
    op.outputFields.map((f) => ({ name, noun: op.noun, key: f.key, label: f.label ?? '' })),
  );
  const labelsBy = (keyOf: (o: (typeof outputs)[number]) => string): Record<string, string[]> => {
    const labels: Record<string, Set<string>> = {};
    for (const o of outputs) (labels[keyOf(o)] ??= new Set()).add(o.label);
    return Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, [...v]]));
  };

  // The service's create_at is the time of the event: a deal's creation for
  // New Deal, its move for Deal Moved, so its label names the event.
  it('an output key has one label among the triggers and searches of a noun (create_at: the event)', () => {
    const mixed = Object.entries(labelsBy((o) => `${o.noun} ${o.key}`))
      .filter(([key]) => !key.endsWith(' create_at'))
      .filter(
        ([key, labels]) =>
          labels.filter((l) => !(key.endsWith(' id') && l === DERIVED_ID)).length > 1,
      );
    expect(mixed).toEqual([]);
  });

  it('an output key has one label app-wide, but for the keys that name the record', () => {
    const mixed = Object.entries(labelsBy((o) => o.key)).filter(
      ([key, labels]) => !RECORD_KEYS.has(key) && labels.length > 1,
    );
    expect(mixed).toEqual([]);
  });

  it('times are labelled "… At", dates "… Date"', () => {
    const times = outputs.filter((o) => /(^|_)(create_at|created_at|removed_date)$/.test(o.key));
    expect(times.filter((o) => !o.label.endsWith(' At'))).toEqual([]);
    // Every such time the expectations write out, so the check runs on all of them.
    expect(times.map((o) => `${o.name.split(' ')[1] ?? ''}.${o.key}`)).toEqual(
      Object.entries(OPERATIONS)
        .filter(([, facts]) => facts.kind !== 'create')
        .flatMap(([key, facts]) =>
          Object.keys(facts.outputs)
            .filter((k) => /(^|_)(create_at|created_at|removed_date)$/.test(k))
            .map((k) => `${key}.${k}`),
        ),
    );
    const dates = outputs.filter((o) => o.key === 'due_date');
    expect(dates.filter((o) => !o.label.endsWith(' Date'))).toEqual([]);
  });

  /** A lead is a contact: New Lead says "Lead" in the editor, its fields are a contact's. */
  const LABEL_NOUN: Readonly<Record<string, string>> = { Lead: 'Contact' };
  const labelNounOf = (noun: string): string =>
    Object.hasOwn(LABEL_NOUN, noun) ? (LABEL_NOUN[noun] ?? noun) : noun;

  it("the keys that name the record are labelled by the operation's noun (a lead's as a contact's)", () => {
    const odd = outputs.filter(
      (o) =>
        RECORD_KEYS.has(o.key) &&
        !o.label.startsWith(`${labelNounOf(o.noun)} `) &&
        o.label !== DERIVED_ID,
    );
    expect(odd).toEqual([]);
    const lead = outputs.filter((o) => o.name === 'trigger lead_source' && RECORD_KEYS.has(o.key));
    expect(lead.map(({ noun, key, label }) => ({ noun, key, label }))).toEqual([
      { noun: 'Lead', key: 'id', label: 'Contact ID' },
      { noun: 'Lead', key: 'created_at', label: 'Contact Created At' },
    ]);
  });

  it.each(creates)(
    '%s: an output of an input has its label, or "<label> ID" for a dropdown',
    (_n, op) => {
      for (const input of staticInputFields(op)) {
        const output = op.outputFields.find((f) => f.key === input.key);
        const expected = input.dynamic ? `${input.label ?? ''} ID` : input.label;
        expect({ key: input.key, label: output?.label }).toEqual({
          key: input.key,
          label: expected,
        });
      }
    },
  );
});

describe('samples hold only the keys every account sends (PR 4.7, T004)', () => {
  /** An output key's top-level key: `contacts[]id` is `contacts`, `a__b` is `a`. */
  const rootOf = (key: string): string => key.split(/\[\]|__/)[0] ?? key;

  it.each(triggers)(
    '%s: each key is an output field, or custom_fields, which is empty',
    (_n, op) => {
      const roots = new Set(op.outputFields.map((f) => rootOf(f.key)));
      const sample = op.sample ?? {};
      expect(
        Object.keys(sample).filter((key) => !roots.has(key) && key !== 'custom_fields'),
      ).toEqual([]);
      if ('custom_fields' in sample) expect(sample.custom_fields).toEqual({});
      if ('additional_field' in sample)
        expect(JSON.parse(String(sample.additional_field))).toEqual({});
    },
  );
});

describe('output types through perform, on every sample (T005, Z001)', () => {
  type Run = (z: ZObject, bundle: Bundle) => Promise<unknown>;
  const performOf = (op: Operation): Run => op.operation.perform as Run;

  /** Every value of a typed output field of these items that is not of its type. */
  const wrongTypes = (op: Operation, items: unknown): unknown[] => {
    expect(Array.isArray(items) && items.length > 0).toBe(true);
    return op.outputFields.flatMap((field) => {
      const check = field.type ? TYPE_CHECKS[field.type] : undefined;
      if (!check) return [];
      return (items as unknown[]).flatMap((item) =>
        valuesAt(item, field.key)
          .filter((v) => v !== null && !check(v))
          .map((value) => ({ key: field.key, type: field.type, value })),
      );
    });
  };

  /** The payload with every number and boolean sent as a string, as some services do. */
  const asStrings = (value: unknown): unknown => {
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (Array.isArray(value)) return value.map(asStrings);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asStrings(v)]));
    return value;
  };

  const typedFields = (op: Operation): Field[] =>
    op.outputFields.filter((f) => f.type && f.type !== 'string' && f.type !== 'text');

  it('the hook triggers declare typed fields, so the strings variant checks real coercions', () => {
    expect(
      hooks.flatMap(([, op]) =>
        typedFields(op)
          .filter((f) => f.type !== 'datetime')
          .map((f) => `${op.key}.${f.key}`),
      ),
    ).toEqual(
      Object.entries(HOOKS).flatMap(([key, facts]) =>
        Object.entries(facts.outputs)
          .filter(([, type]) => type === 'number' || type === 'boolean')
          .map(([k]) => `${key}.${k}`),
      ),
    );
  });

  it.each(hooks)(
    '%s: the sample payload, as sent and with numbers and booleans as strings',
    async (_n, op) => {
      const { payload } = rowOf({ HOOK_EVENTS }, op.key);
      for (const body of [payload, asStrings(payload)]) {
        const items = await appTester(performOf(op), bundleWith({ cleanedRequest: body as never }));
        expect(wrongTypes(op, items)).toEqual([]);
      }
    },
  );

  it.each(triggers.filter(([, op]) => op.type !== 'hook'))(
    '%s: the sample, as the service lists it',
    async (_n, op) => {
      const { call } = rowOf({ CALLING }, op.key);
      expect(call.method).toBe('GET');
      nock('https://api.crmgrow.com', { reqheaders: { authorization: API_KEY } })
        .get(call.path)
        .reply(200, [op.sample]);
      const items = await appTester(performOf(op), bundleWith());
      expect(items).toEqual([op.sample]);
      expect(wrongTypes(op, items)).toEqual([]);
    },
  );
});

// Property-based tests (fast-check) of the hook triggers' items (issue 22, item 3):
// whatever the service delivers, every item of a trigger has exactly the keys of
// the trigger's static sample, each of the type its output field declares. The
// payloads are built from the service's observed shapes (events.ts's sample
// payloads and docs/service-api.md), then bent: values replaced,
// keys removed or added, bulk deletes, unreadable strings, empty payloads, odd
// characters and values nested thousands of levels deep. Fixed seed: a failure
// is the same on every run.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { errors, type Bundle, type ZObject } from 'zapier-platform-core';
import { HOOK_EVENTS, type HookEvent, type RawPayload } from '../../src/hooks/events';
import { hookTrigger } from '../../src/hooks/trigger';
import { toJson } from '../../src/http/json';
import { rowOf } from '../support/rows';

// PROPERTY_RUNS changes the count (`npm run mutation` sets it); the default keeps `npm test` quick.
const RUNS = { seed: 20261122, numRuns: Number(process.env.PROPERTY_RUNS ?? 150) } as const;

const CUSTOM_FIELDS = 'custom_fields';

type Perform = (z: ZObject, bundle: Bundle) => unknown;
type Entry = readonly [string, unknown];

// ---- What a trigger promises: its static sample's keys and its output fields' types ----

interface Declared {
  readonly type?: string;
  readonly list?: boolean;
}

interface ItemSpec {
  readonly action: string;
  /** The static sample's keys but custom_fields, sorted. */
  readonly keys: readonly string[];
  /** The static sample has custom_fields. */
  readonly customFields: boolean;
  /** The top-level output fields (no `[]` in the key). */
  readonly fields: ReadonlyMap<string, Declared>;
  /** The `list[]child` output fields: the list's key, and its children by key. */
  readonly records: ReadonlyMap<string, ReadonlyMap<string, Declared>>;
}

interface TriggerUnderTest {
  readonly spec: ItemSpec;
  readonly sample: Record<string, unknown>;
  readonly perform: Perform;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function triggerOf(event: HookEvent): TriggerUnderTest {
  const operation = hookTrigger(event).operation as unknown as {
    sample: Record<string, unknown>;
    outputFields: unknown[];
    perform: Perform;
  };
  const fields = new Map<string, Declared>();
  const records = new Map<string, Map<string, Declared>>();
  // Static fields only: the custom fields' function is read from the account.
  for (const field of operation.outputFields.filter(isPlainObject)) {
    const key = String(field.key);
    const declared: Declared = {
      ...(typeof field.type === 'string' ? { type: field.type } : {}),
      ...(field.list === true ? { list: true } : {}),
    };
    const [list = '', child] = key.split('[]');
    if (child === undefined) {
      fields.set(key, declared);
    } else {
      const children = records.get(list) ?? new Map<string, Declared>();
      children.set(child, declared);
      records.set(list, children);
    }
  }
  const { sample } = operation;
  return {
    spec: {
      action: event.action,
      keys: Object.keys(sample)
        .filter((key) => key !== CUSTOM_FIELDS)
        .sort(),
      customFields: Object.hasOwn(sample, CUSTOM_FIELDS),
      fields,
      records,
    },
    sample,
    perform: operation.perform,
  };
}

/** A value as a short text for a failure message; a value too deep to write says so. */
function shown(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return `${Array.isArray(value) ? 'an array' : typeof value} too deep to write`;
  }
  text ??= String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** A value of the declared type: `string`/`datetime` text, a finite number, an integer, true/false; or null. */
function fitsType(value: unknown, type = 'string'): boolean {
  if (value === null) return true;
  switch (type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return typeof value === 'string';
  }
}

const isScalar = (value: unknown): boolean =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** What is wrong with one item: [] when it has exactly the sample's keys, each of its type. */
function problemsOf(item: unknown, spec: ItemSpec): string[] {
  if (!isPlainObject(item)) return [`not an object: ${shown(item)}`];
  const problems: string[] = [];
  const keys = Object.keys(item)
    .filter((key) => key !== CUSTOM_FIELDS)
    .sort();
  if (!isDeepStrictEqual(keys, spec.keys)) {
    const missing = spec.keys.filter((key) => !keys.includes(key));
    const extra = keys.filter((key) => !spec.keys.includes(key));
    problems.push(`keys: missing ${shown(missing)}, not in the sample ${shown(extra)}`);
  }
  if (typeof item.id !== 'string' || item.id === '') {
    problems.push(`id is not a non-empty string: ${shown(item.id)}`);
  }
  if (spec.customFields) {
    const custom = item[CUSTOM_FIELDS];
    if (!isPlainObject(custom)) {
      problems.push(`custom_fields is not an object: ${shown(custom)}`);
    } else {
      for (const [name, value] of Object.entries(custom)) {
        if (!isScalar(value)) problems.push(`custom field ${shown(name)} is ${shown(value)}`);
      }
    }
  } else if (Object.hasOwn(item, CUSTOM_FIELDS)) {
    problems.push('custom_fields, which the static sample has not');
  }
  for (const [key, field] of spec.fields) {
    if (!Object.hasOwn(item, key)) continue;
    const value = item[key];
    const fits = field.list
      ? Array.isArray(value) &&
        value.every((entry) => entry !== null && fitsType(entry, field.type))
      : fitsType(value, field.type);
    if (!fits) {
      const declared = field.list ? `a list of ${field.type ?? 'string'}` : field.type;
      problems.push(`${key} is declared ${declared ?? 'string'} but is ${shown(value)}`);
    }
  }
  for (const [key, children] of spec.records) {
    const value = item[key];
    if (!Array.isArray(value)) {
      problems.push(`${key} is declared a list of records but is ${shown(value)}`);
      continue;
    }
    const childKeys = [...children.keys()].sort();
    value.forEach((record: unknown, index) => {
      if (!isPlainObject(record)) {
        problems.push(`${key}[${index}] is not an object: ${shown(record)}`);
        return;
      }
      if (!isDeepStrictEqual(Object.keys(record).sort(), childKeys)) {
        problems.push(`${key}[${index}] has the keys ${shown(Object.keys(record))}`);
      }
      for (const [child, field] of children) {
        if (Object.hasOwn(record, child) && !fitsType(record[child], field.type)) {
          problems.push(`${key}[${index}].${child} is ${shown(record[child])}`);
        }
      }
    });
  }
  return problems;
}

interface Delivery {
  readonly items: unknown;
  readonly lines: readonly string[];
  readonly requests: number;
}

/**
 * The trigger's real perform on one delivered body, with no filter filled in
 * (every event passes). A throw fails the property: perform must never throw.
 */
async function deliver(perform: Perform, body: unknown): Promise<Delivery> {
  const lines: string[] = [];
  let requests = 0;
  const z = {
    errors,
    console: { log: (...args: unknown[]) => lines.push(args.map(String).join(' ')) },
    request: () => {
      requests += 1;
      return Promise.reject(new Error('perform made a request'));
    },
  } as unknown as ZObject;
  const bundle = {
    authData: { api_key: 'test-key-1234567890' },
    inputData: {},
    cleanedRequest: body,
    // The body as sent too, as Zapier hands it; toJson writes any depth.
    rawRequest: { content: toJson(body) },
  } as unknown as Bundle;
  const items = await perform(z, bundle);
  return { items, lines, requests };
}

/** What is wrong with a whole result: its items' problems, and more. */
function resultProblems(body: unknown, delivery: Delivery, spec: ItemSpec): string[] {
  const { items, lines, requests } = delivery;
  if (!Array.isArray(items)) return [`perform gave no list: ${shown(items)}`];
  const problems: string[] = [];
  if (requests > 0) problems.push(`perform made ${requests} request(s)`);
  try {
    JSON.stringify(items);
  } catch (error) {
    problems.push(`JSON.stringify of the result throws: ${String(error)}`);
  }
  items.forEach((item: unknown, index) => {
    for (const problem of problemsOf(item, spec)) problems.push(`item ${index}: ${problem}`);
  });
  // One object with any key is a record: an item, or (a bulk delete listing none) a log line.
  if (isPlainObject(body) && Object.keys(body).length > 0 && items.length === 0) {
    const bulk = spec.action === 'delete_contact' && typeof body.contacts === 'string';
    if (!bulk || lines.length === 0) problems.push('a non-empty payload gave no item');
  }
  return problems;
}

// ---- The payloads: the service's observed shapes, bent ----

/** An object as JSON.parse makes it: own data properties, "__proto__" among them. */
function objectOf(entries: readonly Entry[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

const ODD_WORDS = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
  'undefined',
  'null',
  'true',
  'FALSE',
  ' True ',
  '',
  '   ',
  '[',
  ']',
  ',',
  '],[',
  ',[',
  '[]',
  '"',
  "'",
  '\\',
  '{"a":1}',
  '0x10',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '-0',
  '4',
  ' 87 ',
  '4.5',
  '.5',
  '1e3',
  '1_000',
  '\u0663',
  '😀',
  'Zoë, Jr.',
  '\u0000',
  '\u2028',
  '\uD800',
  'a\uDC00b',
  'Ｊａｎｅ',
];

const oddText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_WORDS) },
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.string({ unit: fc.constantFrom(...'[],"\' \\@a0f.'), maxLength: 16 }),
  fc.integer().map(String),
  fc.double().map(String),
);

/** JSON values as a delivery holds them (plain objects, as JSON.parse makes them). */
const jsonish: fc.Arbitrary<unknown> = fc
  .jsonValue({ maxDepth: 3 })
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);

type DeepKind = 'array' | 'object' | 'mixed';

/** JSON text nested `depth` levels (twice that for 'mixed'): built flat, so any depth is cheap. */
const deepText = (depth: number, kind: DeepKind): string => {
  if (kind === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  if (kind === 'object') return '{"a":'.repeat(depth) + '"x"' + '}'.repeat(depth);
  return '[{"b":'.repeat(depth) + '1' + '}]'.repeat(depth);
};

// Around MAX_JSON_DEPTH (32), hundreds, and (less often: they cost time) past where
// JSON.stringify overflows, some 4,000 levels.
const deepRecipe = fc.tuple(
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(31, 32, 33) },
    { weight: 4, arbitrary: fc.integer({ min: 34, max: 600 }) },
    { weight: 1, arbitrary: fc.constant(6000) },
  ),
  fc.constantFrom<DeepKind>('array', 'object', 'mixed'),
);

/** A deep value, which fast-check reports by its recipe (writing it would overflow). */
const deepValue: fc.Arbitrary<unknown> = deepRecipe.map(([depth, kind]) =>
  Object.defineProperty(JSON.parse(deepText(depth, kind)) as object, fc.toStringMethod, {
    value: () => `<${kind} ${depth} deep>`,
  }),
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: oddText },
  fc.integer(),
  // JSON's 1e400 parses to Infinity: a delivery can hold it.
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  // Number('…'): an integer as JSON.parse reads it past 2^53, rounded.
  fc.constantFrom(
    2 ** 53,
    2 ** 60,
    Number('9007199254740993'),
    1e21,
    -0,
    Number.MAX_VALUE,
    Infinity,
  ),
);

const hexId = fc.string({
  unit: fc.constantFrom(...'0123456789abcdef'),
  minLength: 24,
  maxLength: 24,
});

const ALL_PAYLOAD_KEYS = [...new Set(HOOK_EVENTS.flatMap((event) => Object.keys(event.payload)))];

/** Keys the app derives from the raw strings: a delivery may carry them too. */
const DERIVED_KEYS = ['contacts', 'materials', CUSTOM_FIELDS] as const;

/** Keys a delivery may carry: the service's own, the app's derived ones, built-ins, any text. */
const anyKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ALL_PAYLOAD_KEYS) },
  { weight: 2, arbitrary: fc.constantFrom(...DERIVED_KEYS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'constructor',
      '__proto__',
      'toString',
      'valueOf',
      'hasOwnProperty',
      'contacts[]id',
      '',
      ' ',
      'Tags',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);

// A name part may hold commas ("John, Jr."), brackets, quotes and any character.
const nameText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: oddText },
  fc.constantFrom('Jane', 'John, Jr.', 'Doe, Jane', 'Mary,Ann', '"Lee, Ann"', "O'Brien", '[x]'),
  fc.tuple(oddText, oddText).map(([a, b]) => `${a}, ${b}`),
);

const emailText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.emailAddress() },
  oddText,
  fc.constantFrom('', 'undefined', 'a@b', 'a,b@c.d'),
);

const phoneText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('+14155550123', '', 'undefined', '+1 (415) 555-0123'),
  oddText,
);

/** The inside of one group of a contact string: `id,first,last,email,phone`, or not quite. */
const contactGroup: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.oneof({ weight: 4, arbitrary: hexId }, oddText),
        nameText,
        nameText,
        emailText,
        phoneText,
      )
      .map((parts) => parts.join(',')),
  },
  // Cut short, or no group at all.
  fc.tuple(hexId, nameText).map((parts) => parts.join(',')),
  oddText,
);

/** Contact strings: bracketed groups joined by commas, unclosed, spaced, bare (watch_material), or garbage. */
const contactString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.array(contactGroup, { maxLength: 4 }),
        fc.constantFrom('closed', 'spaced', 'unclosed', 'bare'),
      )
      .map(([groups, form]) => {
        if (form === 'bare') return groups.join(',');
        const text = groups.map((group) => `[${group}]`).join(form === 'spaced' ? ', ' : ',');
        return form === 'unclosed' ? text.replace(/\]$/, '') : text;
      }),
  },
  oddText,
);

const materialString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.array(
          fc.oneof(
            {
              weight: 4,
              arbitrary: fc
                .tuple(
                  fc.oneof(hexId, oddText),
                  fc.oneof(fc.constantFrom('VIDEO', 'PDF', 'IMAGE'), oddText),
                  fc.oneof(nameText, fc.constantFrom('Tour [A],[B]', 'Guide, 2026')),
                )
                .map((parts) => parts.join(',')),
            },
            oddText,
          ),
          { maxLength: 3 },
        ),
        fc.boolean(),
      )
      .map(([groups, closed]) => {
        const text = groups.map((group) => `[${group}]`).join(',');
        return closed ? text : text.replace(/\]$/, '');
      }),
  },
  oddText,
);

const someDate = fc.date({
  min: new Date('1970-01-01T00:00:00.000Z'),
  max: new Date('2100-01-01T00:00:00.000Z'),
  noInvalidDate: true,
});

const dateText: fc.Arbitrary<string> = fc.oneof(
  someDate.map((date) => date.toISOString()),
  // How the service writes the dates of removed_task.
  someDate.map((date) => String(date)),
  fc.constantFrom('Invalid Date', 'undefined', ''),
  oddText,
);

/** One task of removed_task: `[type,content,[contact string],due,repeats,interval,created`. */
const taskText: fc.Arbitrary<string> = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.constantFrom('call', 'email', 'meeting'), oddText),
    fc.oneof(nameText, fc.constantFrom('Call Jane, then Omar', 'Send [docs],[keys]')),
    fc.oneof(
      { weight: 4, arbitrary: fc.tuple(hexId, nameText, nameText, emailText, phoneText) },
      fc.tuple(oddText, oddText, oddText, oddText, oddText),
    ),
    dateText,
    fc.oneof(
      fc.constantFrom('true', 'false', 'undefined', 'constructor', '__proto__', 'toString'),
      oddText,
    ),
    fc.oneof(fc.constantFrom('WEEK', 'DAY', '', 'undefined'), oddText),
    dateText,
  )
  .map(
    ([opened, type, content, contact, due, repeats, interval, created]) =>
      `${opened ? '[' : ''}${type},${content},[${contact.join(',')}],${due},${repeats},${interval},${created}`,
  );

const wellFormedTasks = fc
  .array(taskText, { minLength: 1, maxLength: 3 })
  .map((tasks) => tasks.join(','));

const removedTask: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: wellFormedTasks },
  // Cut anywhere.
  fc.tuple(wellFormedTasks, fc.nat()).map(([text, at]) => text.slice(0, at % (text.length + 1))),
  fc.constantFrom('', ' ', '[', ',[', '[call,x,[6512e4c1a9b3f2001e7d4a10,', 'n/a'),
  oddText,
);

/** additional_field: JSON object text (odd names, nested values), other JSON, deep JSON, not JSON, an object. */
const customName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('constructor', '__proto__', 'toString', 'Budget', '', ' ', 'a.b', 'x[]y'),
  fc.string({ maxLength: 8 }),
);
const customFieldsValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(customName, jsonish), { maxLength: 4 })
      .map((entries) => JSON.stringify(objectOf(entries))),
  },
  jsonish.map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '',
    '{}',
    '{',
    'null',
    '[]',
    '1e400',
    '{"a":1e400}',
    '{"__proto__":{"x":1}}',
    '{"constructor":"x","toString":[1]}',
  ),
  deepRecipe.map(([depth, kind]) => `{"deep":${deepText(depth, kind)}}`),
  oddText,
  fc
    .array(fc.tuple(customName, fc.oneof(scalar, jsonish, deepValue)), { maxLength: 4 })
    .map(objectOf),
  deepValue,
);

const numberish: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('0x10', '1e400', ' 87 ', '4.', '.5', '', 'Infinity', '1_000', '\u0663', 2 ** 60),
  oddText,
);

const booleanish: fc.Arbitrary<unknown> = fc.oneof(
  fc.boolean(),
  fc.constantFrom(
    'true',
    'false',
    'TRUE',
    ' False ',
    'constructor',
    '__proto__',
    'toString',
    'valueOf',
    'yes',
    '1',
    '0',
    '',
    0,
    1,
  ),
  oddText,
);

const idValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hexId },
  oddText,
  fc.integer(),
  // Past 2^53, which JSON rounds: no id, so the item's id is derived.
  fc.constantFrom(2 ** 53 + 2, 2 ** 60, Number('12345678901234567890'), 1.5, -1, 0, '', ' ', null),
  fc.constant(true),
);

/** Any value: scalars, JSON, deep values, lists and objects of them, and the service's strings. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 2, arbitrary: jsonish },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: fc.array(fc.oneof(scalar, jsonish, deepValue), { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(anyKey, fc.oneof(scalar, jsonish, deepValue)), { maxLength: 3 })
      .map(objectOf),
  },
  { weight: 1, arbitrary: contactString },
  { weight: 1, arbitrary: materialString },
  { weight: 1, arbitrary: removedTask },
  { weight: 1, arbitrary: dateText },
);

const tagsValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.array(fc.oneof(oddText, scalar, jsonish, deepValue), { maxLength: 5 }),
  },
  oddText,
  fc.constant(null),
  deepValue,
);

/** A record as the app's parsed lists hold them (contacts, materials), with any values. */
const recordish: fc.Arbitrary<Record<string, unknown>> = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'id',
        'first_name',
        'last_name',
        'email',
        'cell_phone',
        'type',
        'title',
        '__proto__',
        'x',
      ),
      anyValue,
    ),
    { maxLength: 5 },
  )
  .map(objectOf);

/** A derived list as a delivery might carry it: records, other values, or the raw string. */
const derivedList = (raw: fc.Arbitrary<string>): fc.Arbitrary<unknown> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.array(fc.oneof({ weight: 3, arbitrary: recordish }, anyValue), {
        maxLength: 3,
      }),
    },
    raw,
    anyValue,
  );

/** Values in the shape the service uses for each key. */
const BY_KEY: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
  id: idValue,
  contact: contactString,
  contacts: fc.oneof(contactString, derivedList(contactString)),
  materials: derivedList(materialString),
  deal: fc.oneof(materialString, contactString),
  video: materialString,
  pdf: materialString,
  image: materialString,
  removed_task: removedTask,
  additional_field: customFieldsValue,
  // As if parsed already: an object of any values.
  custom_fields: fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .array(fc.tuple(customName, anyValue), { minLength: 1, maxLength: 4 })
        .map(objectOf),
    },
    customFieldsValue,
  ),
  tags: tagsValue,
  material_amount: numberish,
  num: numberish,
  set_recurrence: booleanish,
  created_at: dateText,
  create_at: dateText,
  due_date: dateText,
  removed_date: dateText,
  material_type: fc.constantFrom('VIDEO', 'PDF', 'IMAGE', 'video', ' Pdf ', '', 'constructor'),
};

const valueFor = (key: string): fc.Arbitrary<unknown> => {
  const special = Object.hasOwn(BY_KEY, key) ? BY_KEY[key] : undefined;
  return special
    ? fc.oneof({ weight: 3, arbitrary: special }, { weight: 1, arbitrary: anyValue })
    : anyValue;
};

const entryOf = (key: string): fc.Arbitrary<Entry> =>
  valueFor(key).map((value): Entry => [key, value]);

/** Up to three keys the sample does not have, with values. */
const extraEntries: fc.Arbitrary<Entry[]> = fc.array(anyKey.chain(entryOf), { maxLength: 3 });

/** A sample payload with each value kept, replaced or removed, and keys added. */
const bentPayload = (payload: RawPayload): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      fc.tuple(
        ...Object.keys(payload).map((key) =>
          fc.oneof(
            { weight: 3, arbitrary: fc.constant<Entry | undefined>([key, payload[key]]) },
            { weight: 1, arbitrary: fc.constant<Entry | undefined>(undefined) },
            { weight: 4, arbitrary: entryOf(key) },
          ),
        ),
      ),
      extraEntries,
    )
    .map(([kept, extra]) =>
      objectOf([...kept.filter((entry): entry is Entry => entry !== undefined), ...extra]),
    );

/** Some of `keys` with values of their shape (the first always), and keys added. */
const partsPayload = (
  first: string,
  others: readonly string[],
): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      entryOf(first),
      fc.subarray([...others]).chain((keys) => fc.tuple(...keys.map(entryOf))),
      extraEntries,
    )
    .map(([entry, rest, extra]) => objectOf([entry, ...rest, ...extra]));

/** The raw keys the derived ones are read from. */
const RAW_SOURCES = new Set(['contact', 'video', 'pdf', 'image', 'additional_field']);

/** A bent sample that carries derived keys, its raw sources left out or not. */
const withDerivedKeys = (payload: RawPayload): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      bentPayload(payload),
      fc
        .subarray([...DERIVED_KEYS], { minLength: 1 })
        .chain((keys) => fc.tuple(...keys.map(entryOf))),
      fc.boolean(),
    )
    .map(([bent, derived, withoutSources]) =>
      objectOf([
        ...Object.entries(bent).filter(([key]) => !(withoutSources && RAW_SOURCES.has(key))),
        ...derived,
      ]),
    );

// Several contacts deleted at once: `num, contacts, removed_date`.
const bulkDeletePayload = fc
  .tuple(
    fc.oneof({ weight: 4, arbitrary: contactString }, { weight: 1, arbitrary: anyValue }),
    fc.subarray(['num', 'removed_date']).chain((keys) => fc.tuple(...keys.map(entryOf))),
    fc.oneof(
      { weight: 3, arbitrary: fc.constant<Entry[]>([]) },
      { weight: 1, arbitrary: extraEntries },
    ),
  )
  .map(([contacts, rest, extra]) => objectOf([['contacts', contacts], ...rest, ...extra]));

// delete_task: `num, removed_task, removed_date`.
const deletedTaskPayload = partsPayload('removed_task', ['num', 'removed_date']);

const BENT = new Map(HOOK_EVENTS.map((event) => [event.action, bentPayload(event.payload)]));
const anyBent: fc.Arbitrary<Record<string, unknown>> = fc
  .constantFrom(...HOOK_EVENTS)
  .chain((event) => BENT.get(event.action) ?? fc.constant({}));

/** Delivered bodies for a trigger: mostly its own shape bent, and every other shape. */
const bodiesFor = (event: HookEvent): fc.Arbitrary<unknown> => {
  const payloads = fc.oneof(
    { weight: 8, arbitrary: BENT.get(event.action) ?? fc.constant({}) },
    { weight: 3, arbitrary: withDerivedKeys(event.payload) },
    { weight: 2, arbitrary: bulkDeletePayload },
    { weight: 2, arbitrary: deletedTaskPayload },
    { weight: 1, arbitrary: anyBent },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.array(fc.tuple(anyKey, anyValue), { maxLength: 5 }).map(objectOf) },
  );
  return fc.oneof(
    { weight: 10, arbitrary: payloads },
    { weight: 1, arbitrary: fc.array(payloads, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.oneof(scalar, jsonish) },
  );
};

// ---- The properties ----

const EVENTS = HOOK_EVENTS.map((event) => [event.action, event] as const);

describe('the static samples', () => {
  it.each(EVENTS)('%s: has exactly the declared keys, each of its type', (_action, event) => {
    const { spec, sample } = triggerOf(event);
    const declared = [...spec.fields.keys(), ...spec.records.keys()].sort();
    expect(spec.keys).toEqual(declared);
    expect(spec.customFields).toBe('additional_field' in event.payload);
    expect(problemsOf(sample, spec)).toEqual([]);
  });
});

describe('every item of every hook trigger, for any delivery in the observed shapes', () => {
  it.each(EVENTS)(
    "%s: has the static sample's keys, of their declared types; perform never throws",
    async (_action, event) => {
      const { spec, perform } = triggerOf(event);
      await fc.assert(
        fc.asyncProperty(bodiesFor(event), async (body) => {
          const delivery = await deliver(perform, body);
          expect(resultProblems(body, delivery, spec)).toEqual([]);
        }),
        RUNS,
      );
    },
  );
});

describe('the payloads that list several records', () => {
  const check = async (action: string, payloads: fc.Arbitrary<unknown>): Promise<void> => {
    const event = rowOf({ HOOK_EVENTS }, action);
    const { spec, perform } = triggerOf(event);
    await fc.assert(
      fc.asyncProperty(payloads, async (body) => {
        const delivery = await deliver(perform, body);
        expect(resultProblems(body, delivery, spec)).toEqual([]);
      }),
      RUNS,
    );
  };

  it("a bulk delete_contact gives items in the single delete's shape, whatever its contacts", async () => {
    await check('delete_contact', bulkDeletePayload);
  });

  it('a delete_task gives items of the task shape, whether removed_task reads or not', async () => {
    await check('delete_task', deletedTaskPayload);
  });
});

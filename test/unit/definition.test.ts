// The app's definition against the record of what live Zaps rely on (operation keys, input and
// output keys and types), and Zapier's publishing checks that depend on the definition alone
// (D002 … D024), which hold its labels, descriptions and samples.
import { HOOK_EVENTS } from '../../src/triggers/events';
import App from '../../src/index';
import { HOOKS, keyOf, OPERATIONS, type OutputType } from '../support/live-zap-keys';

interface Field {
  readonly key: string;
  readonly label?: string;
  readonly helpText?: string;
  readonly type?: string;
  readonly list?: boolean;
  readonly dict?: boolean;
  readonly required?: boolean;
  readonly dynamic?: string;
  readonly search?: string;
}
interface Operation {
  readonly key: string;
  readonly display: {
    readonly label: string;
    readonly description: string;
    readonly hidden?: boolean;
  };
  readonly operation: {
    readonly type?: string;
    readonly sample?: Record<string, unknown>;
    readonly inputFields?: readonly (Field | ((...args: never[]) => unknown))[];
    readonly outputFields?: readonly (Field | ((...args: never[]) => unknown))[];
    readonly performList?: unknown;
  };
}

const GROUPS = { triggers: App.triggers, creates: App.creates, searches: App.searches };
const ALL = Object.entries(GROUPS).flatMap(([group, operations]) =>
  Object.entries(operations as unknown as Record<string, Operation>).map(([key, op]) => ({
    group,
    key,
    op,
  })),
);
const named = ALL.map(({ group, key, op }) => [`${group}.${key}`, key, op] as const);
const authFields = App.authentication?.fields as readonly Field[];
const isField = (field: Field | ((...args: never[]) => unknown)): field is Field =>
  typeof field !== 'function';
const staticOutputs = (op: Operation) => (op.operation.outputFields ?? []).filter(isField);
const inputsOf = (op: Operation) => (op.operation.inputFields ?? []).filter(isField);
const typeOf = (field: Field): OutputType => (field.list ? 'list' : (field.type as OutputType));

/** Where each kind of operation sits in the app: its group, and its `operation.type`. */
const PLACE = {
  polling: ['triggers', 'polling'],
  hook: ['triggers', 'hook'],
  search: ['searches', undefined],
  create: ['creates', undefined],
} as const;

it('holds exactly the operations of the record, in its order, each in its group', () => {
  expect(ALL.map(({ group, key, op }) => [key, group, op.operation.type])).toEqual(
    Object.entries(OPERATIONS).map(([key, facts]) => [keyOf(key), ...PLACE[facts.kind]]),
  );
});

describe.each(named)('%s', (name, key, op) => {
  const record: Readonly<Record<string, (typeof OPERATIONS)[keyof typeof OPERATIONS]>> = OPERATIONS;
  const facts = record[name] ?? record[key];
  if (!facts) throw new Error(`${name} is not in the record`);

  it('has the keys and types of the record: input fields, then output fields, in order', () => {
    expect({
      key: op.key,
      hidden: op.display.hidden ?? false,
      // Zapier's defaults: an input field is a string, and optional.
      inputs: inputsOf(op).map((field) => [
        field.key,
        `${field.required ? 'required' : 'optional'} ${field.type ?? 'string'}${field.list ? ' list' : ''}${field.dict ? ' dict' : ''}`,
      ]),
      outputs: staticOutputs(op).map((field) => [field.key, typeOf(field)]),
    }).toEqual({
      key,
      hidden: 'hidden' in facts,
      inputs: Object.entries(facts.inputs),
      outputs: Object.entries(facts.outputs),
    });
  });

  it('has a static sample with an id (D010, D012), of the output fields and their types (D024)', () => {
    const { sample } = op.operation;
    expect(typeof sample?.id).toBe('string');
    const jsType = {
      string: 'string',
      datetime: 'string',
      number: 'number',
      boolean: 'boolean',
      list: 'list of strings',
    };
    for (const field of staticOutputs(op)) {
      const [parent = '', child] = field.key.split('[]');
      const value = sample?.[parent];
      // Line items (`list[]child`) are a list of objects, perhaps empty.
      if (child) expect([field.key, Array.isArray(value)]).toEqual([field.key, true]);
      const values = child
        ? (value as Record<string, unknown>[]).map((entry) => entry[child])
        : [value];
      for (const one of values) {
        const seen =
          one === null
            ? 'null'
            : Array.isArray(one) && one.every((entry) => typeof entry === 'string')
              ? 'list of strings'
              : typeof one;
        // null, a blank, fits a field of any type; a value absent from the sample fits none.
        expect([field.key, seen]).toEqual([
          field.key,
          expect.stringMatching(`^(${jsType[typeOf(field)]}|null)$`),
        ]);
        // D023: dates are ISO 8601 with a time zone.
        if (field.type === 'datetime' && one !== null) {
          expect(one).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
        }
      }
    }
  });

  it('describes itself in one sentence in Zapier’s style, without the app’s name (D021)', () => {
    const { description } = op.display;
    const start = {
      polling: /^Triggers when /,
      hook: /^Triggers when /,
      search: /^Finds /,
      // A verb that says what the step does: "Sends", "Adds".
      create: /^[A-Z][a-z]+s /,
    }[facts.kind];
    expect(description).toMatch(start);
    // One sentence: a stop only at its end.
    expect(description).toMatch(/^[^.]*[^.]\.$/);
    expect(description.split(/\s+/).length).toBeLessThanOrEqual(30);
    expect(description).not.toMatch(/CRMGrow/);
  });

  it('labels in Title Case (D018), help text that says more than its label (D011)', () => {
    const fields = [...inputsOf(op), ...staticOutputs(op)];
    for (const label of [op.display.label, ...fields.map((field) => field.label)]) {
      expect(label).toEqual(expect.stringMatching(/^\S/));
      expect([
        label,
        String(label)
          .split(' ')
          .filter((word) => /^[a-z]/.test(word) && !SMALL_WORDS.has(word)),
      ]).toEqual([label, []]);
    }
    for (const field of inputsOf(op)) {
      expect([
        field.key,
        field.helpText?.toLowerCase().includes(String(field.label).toLowerCase()) &&
          field.helpText.split(' ').length < 5,
      ]).toEqual([field.key, false]);
    }
  });

  it('takes static input fields (D022), each id field a dropdown, linked to its search where the list has one (D004)', () => {
    expect((op.operation.inputFields ?? []).filter((field) => !isField(field))).toEqual([]);
    for (const field of inputsOf(op).filter(({ key: name }) => name.endsWith('_id'))) {
      const list = field.key.replace(/_id$/, '');
      const search = `find_${list}`;
      expect([field.key, field.dynamic, field.search]).toEqual([
        field.key,
        `${list}.id.title`,
        search in App.searches ? `${search}.id` : undefined,
      ]);
      expect(Object.keys(App.triggers)).toContain(list);
    }
  });
});
const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

describe('the connection', () => {
  it('asks for the key and an optional email, each with help that links to where it is found (D002)', () => {
    expect(authFields.map(({ key, required, type }) => [key, required, type])).toEqual([
      ['api_key', true, 'password'],
      ['account_email', false, 'string'],
    ]);
    expect(
      authFields.map(({ helpText }) => /\]\((https:[^)]*)\)/.exec(helpText ?? '')?.[1]),
    ).toEqual(['https://app.crmgrow.com/settings/integration', 'https://app.crmgrow.com/profile']);
  });

  it('is labelled (D003), and every hook trigger has a performList (D006)', () => {
    expect(typeof App.authentication?.connectionLabel).toBe('function');
    const hooks = ALL.filter(({ op }) => op.operation.type === 'hook');
    expect(hooks).toHaveLength(Object.keys(HOOKS).length);
    for (const { op } of hooks) expect(typeof op.operation.performList).toBe('function');
  });
});

it.each(Object.entries(HOOKS))(
  '%s: its sample body has the keys CRMGrow sends',
  (action, facts) => {
    expect(Object.keys(HOOK_EVENTS.find((event) => event.action === action)?.sample ?? {})).toEqual(
      facts.payloadKeys,
    );
  },
);

// canPaginate gives a dropdown its "Load more" and bundle.meta.page (Zapier's docs, "Use pagination
// in triggers"; the schema's words: pagination via cursor storage). Without it, the later pages
// that lists.test.ts reads are never asked for.
it('lets every polling trigger be paged in a dropdown', () => {
  const polls = ALL.filter(({ op }) => op.operation.type === 'polling');
  expect(polls.map(({ op }) => (op.operation as { canPaginate?: boolean }).canPaginate)).toEqual(
    polls.map(() => true),
  );
});

it('has only HTTPS addresses in its definition (D007)', () => {
  const urls = JSON.stringify(App).match(/[a-z]+:\/\/[^\s")]+/g) ?? [];
  expect(urls.filter((url) => !url.startsWith('https://'))).toEqual([]);
});

it('says "email", never "e-mail"', () => {
  expect(JSON.stringify(App)).not.toMatch(/e-mail/i);
});

// The app's definition as the Zap editor shows it: every operation of the expectations, and
// Zapier's publishing checks that depend on the definition alone (D002 … D024).
import { SAMPLE_BODIES } from '../../src/hooks/samples';
import App from '../../src/index';
import { HOOKS, OPERATIONS, type OperationKey, type OutputType } from '../support/expectations';

interface Field {
  readonly key: string;
  readonly label?: string;
  readonly helpText?: string;
  readonly type?: string;
  readonly list?: boolean;
  readonly required?: boolean;
  readonly dynamic?: string;
  readonly search?: string;
  readonly choices?: unknown;
}
interface Operation {
  readonly key: string;
  readonly noun: string;
  readonly display: {
    readonly label: string;
    readonly description: string;
    readonly hidden?: boolean;
  };
  readonly operation: {
    readonly type?: string;
    readonly sample?: Record<string, unknown>;
    readonly inputFields?: readonly Field[];
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
const staticOutputs = (op: Operation) =>
  (op.operation.outputFields ?? []).filter((field): field is Field => typeof field !== 'function');
const typeOf = (field: Field): OutputType => (field.list ? 'list' : (field.type as OutputType));

it('holds exactly the operations written out in the expectations, in their order', () => {
  expect(ALL.map(({ key }) => key).sort()).toEqual(Object.keys(OPERATIONS).sort());
  const kinds = { polling: 'triggers', hook: 'triggers', create: 'creates', search: 'searches' };
  for (const [key, facts] of Object.entries(OPERATIONS)) {
    expect([key, ALL.find((entry) => entry.key === key)?.group]).toEqual([key, kinds[facts.kind]]);
  }
});

describe.each(named)('%s', (_name, key, op) => {
  const facts = OPERATIONS[key as OperationKey];

  it('is what the expectations write out: key, label, noun, description, output fields', () => {
    expect({
      key: op.key,
      label: op.display.label,
      noun: op.noun,
      hidden: op.display.hidden ?? false,
      type: op.operation.type ?? facts.kind,
      outputs: Object.fromEntries(staticOutputs(op).map((field) => [field.key, typeOf(field)])),
      ...('description' in facts && { description: op.display.description }),
    }).toEqual({
      key,
      label: facts.label,
      noun: facts.noun,
      hidden: false,
      type: facts.kind === 'search' || facts.kind === 'create' ? facts.kind : facts.kind,
      outputs: facts.outputs,
      ...('description' in facts && { description: facts.description }),
    });
  });

  it('has a static sample with an id (D010, D012), of the output fields and their types (D024)', () => {
    const { sample } = op.operation;
    expect(typeof sample?.id).toBe('string');
    for (const field of staticOutputs(op)) {
      const [parent = '', child] = field.key.split('[]');
      const values: unknown[] = child
        ? ((sample?.[parent] as Record<string, unknown>[] | undefined) ?? []).map(
            (entry) => entry[child],
          )
        : [sample?.[parent]];
      for (const value of values) {
        const expected = {
          string: 'string',
          datetime: 'string',
          number: 'number',
          boolean: 'boolean',
          list: 'object',
        };
        expect([field.key, value === null ? 'blank' : typeof value]).toEqual([
          field.key,
          value === null ? 'blank' : expected[typeOf(field)],
        ]);
        // D023: dates are ISO 8601 with a time zone.
        if (field.type === 'datetime' && value !== null) {
          expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
        }
      }
    }
  });

  it('describes itself in one short sentence in Zapier’s style, without the app’s name (D021)', () => {
    const { description } = op.display;
    const start = {
      polling: 'Triggers when ',
      hook: 'Triggers when ',
      search: 'Finds ',
      create: '',
    }[facts.kind];
    expect(description.startsWith(start) && description.endsWith('.')).toBe(true);
    expect(description.split(/\s+/).length).toBeLessThanOrEqual(15);
    expect(description).not.toMatch(/CRMGrow/);
  });

  it('labels in Title Case (D018), help text that says more than its label (D011)', () => {
    const fields = [...(op.operation.inputFields ?? []), ...staticOutputs(op)];
    for (const label of [op.display.label, ...fields.map((field) => field.label ?? '')]) {
      expect([
        label,
        label.split(' ').filter((word) => /^[a-z]/.test(word) && !SMALL_WORDS.has(word)),
      ]).toEqual([label, []]);
    }
    for (const field of op.operation.inputFields ?? []) {
      expect(
        field.helpText?.toLowerCase().includes(field.label?.toLowerCase() ?? '') &&
          field.helpText.split(' ').length < 5,
      ).toBe(false);
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

describe('input fields', () => {
  const inputsOf = (key: string) =>
    (ALL.find((entry) => entry.key === key)?.op.operation.inputFields ?? []) as Field[];

  it.each(Object.entries(OPERATIONS).filter(([, facts]) => facts.kind === 'create'))(
    '%s: static, required, and every id field a dropdown linked to its search (D004, D022)',
    (key, facts) => {
      const fields = inputsOf(key);
      expect(fields.length).toBeGreaterThan(0);
      expect(fields.every((field) => field.required === true)).toBe(true);
      const links = Object.fromEntries(
        fields.filter((field) => field.dynamic).map((field) => [field.key, field.search]),
      );
      expect(links).toEqual('links' in facts ? facts.links : {});
      for (const field of fields.filter((field) => field.dynamic)) {
        expect(field.dynamic).toBe(
          `${String(field.search).split('.')[0]?.replace('find_', '')}.id.title`,
        );
      }
    },
  );

  it.each(Object.entries(OPERATIONS).filter(([, facts]) => facts.kind === 'search'))(
    '%s: one required field, the title',
    (key, facts) => {
      expect(
        inputsOf(key).map(({ key: name, label, required }) => [name, label, required]),
      ).toEqual([['title', `${facts.noun} Title`, true]]);
    },
  );

  it('the hook filters are optional, on six triggers, seven fields in all', () => {
    const filtered = Object.keys(OPERATIONS).filter(
      (key) => inputsOf(key).length > 0 && OPERATIONS[key as OperationKey].kind === 'hook',
    );
    expect(filtered).toEqual([
      'add_contact',
      'update_contact',
      'move_deal',
      'send_material',
      'watch_material',
      'lead_source',
    ]);
    const fields = filtered.flatMap(inputsOf);
    expect(fields).toHaveLength(7);
    expect(fields.every((field) => field.required === false)).toBe(true);
  });
});

describe('the connection', () => {
  it('asks for the key and an optional email, each with help that links to where it is found (D002)', () => {
    expect(authFields.map(({ key, required, type }) => [key, required, type])).toEqual([
      ['api_key', true, 'password'],
      ['account_email', false, 'string'],
    ]);
    for (const field of authFields)
      expect(field.helpText).toMatch(/\]\(https:\/\/app\.crmgrow\.com\/profile/);
  });

  it('is labelled (D003), and every hook trigger has a performList (D006)', () => {
    expect(typeof App.authentication?.connectionLabel).toBe('function');
    for (const { op } of ALL.filter(({ op }) => op.operation.type === 'hook')) {
      expect(typeof op.operation.performList).toBe('function');
    }
  });
});

it.each(Object.entries(HOOKS))(
  '%s: its sample body has the keys CRMGrow sends',
  (action, facts) => {
    expect(Object.keys(SAMPLE_BODIES[action as keyof typeof SAMPLE_BODIES])).toEqual(
      facts.payloadKeys,
    );
  },
);

it('has only HTTPS addresses in its definition (D007)', () => {
  const urls = JSON.stringify(App).match(/[a-z]+:\/\/[^\s")]+/g) ?? [];
  expect(urls.filter((url) => !url.startsWith('https://'))).toEqual([]);
});

it('says "email", never "e-mail"', () => {
  expect(JSON.stringify(App)).not.toMatch(/e-mail/i);
});

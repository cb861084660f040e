// What live Zaps rely on, written out apart from src/: each operation's key and kind, the request
// it makes, its input keys (type, required or not) and its output keys with their types. A Zap
// maps fields by key, so a key renamed or retyped breaks Zaps already built; the operations' order
// is the app's. test/unit/definition.test.ts holds the app to this record. Labels and
// descriptions are not written out again: Zapier's publishing checks, in that test, cover them.

export type Kind = 'polling' | 'hook' | 'search' | 'create';

/** An input field: whether it is required, its type, and whether it takes a list of values or
 * name–value pairs. */
export type InputFacts =
  `${'required' | 'optional'} ${'string' | 'text' | 'integer' | 'boolean' | 'datetime'}${'' | ' list' | ' dict'}`;

/** The type of an output field: its `type`, or `list` for a list of strings. */
export type OutputType = 'string' | 'number' | 'boolean' | 'datetime' | 'list';

/** One request to the service: its method, its path in the API spec and under API_ROUTES=api-v2
 * (the service's newest public source), and which configured base address. */
export interface Call {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly apiV2Path: string;
  readonly base: 'BASE_URL' | 'ALT_BASE_URL';
  /** The query it is sent with, where it has one. */
  readonly query?: string;
}

interface Facts {
  readonly kind: Kind;
  /** A trigger that only fills a dropdown, hidden from the list of triggers. */
  readonly hidden?: true;
  /** The input fields' keys, in order. */
  readonly inputs: Readonly<Record<string, InputFacts>>;
  /** The output fields' keys, in order (`list[]child` for line items), with their types. */
  readonly outputs: Readonly<Record<string, OutputType>>;
}

export interface CallingFacts extends Facts {
  readonly kind: 'polling' | 'search' | 'create';
  readonly call: Call;
  /** The inputs the tests give it, where the required ones alone are not enough, and the body
   * CRMGrow then gets; without them, the required inputs, sent as they are. */
  readonly example?: { readonly inputData: Record<string, unknown>; readonly body: object };
}

export interface HookFacts extends Facts {
  readonly kind: 'hook';
  /** The keys of the body the service POSTs for this action (docs/service-api.md). */
  readonly payloadKeys: readonly string[];
  /** The subscription's `data` when every input is blank; none beside `hookUrl` and `action`. */
  readonly subscribeData?: Readonly<Record<string, string>>;
}

type OperationFacts = CallingFacts | HookFacts;

export const TEMPLATE_ID = '64a3d5f8e2c14b7a9d0f6e28';

/** The value the tests give each required input. */
const INPUT_VALUES: Readonly<Record<string, string>> = {
  email: 'jane@example.com',
  video_id: '64b7f0c2a91e3d5f8c2b4a17',
  pdf_id: '64c1a9e73b2d4f6a8e0c5d93',
  image_id: '64d2e4b18f7a3c9d0e6b2f45',
  template_id: TEMPLATE_ID,
  automation_id: '64f1b2d8c4e05a3f9b1d7c62',
  content: 'Called about the open house.',
  due_date: '2026-12-05T15:00:00.000Z',
  title: 'Tour',
};

const GET = (path: string, apiV2Path: string): Call => ({
  method: 'GET',
  path,
  apiV2Path,
  base: 'BASE_URL',
});
const POST = (path: string, apiV2Path: string, base: Call['base'] = 'BASE_URL'): Call => ({
  method: 'POST',
  path,
  apiV2Path,
  base,
});

/** The endpoints every hook trigger calls. Unsubscribe and perform are also asked in the path
 * form of the service's source (`…/unsubscribe/<id>`, `…/perform/<action>`) after a missing route. */
export const HOOK_CALLS = {
  subscribe: POST('/api/outbound/subscribe', '/api-v2/outbound/subscribe'),
  unsubscribe: {
    method: 'DELETE',
    path: '/api/outbound/unsubscribe',
    apiV2Path: '/api-v2/outbound/unsubscribe',
    base: 'BASE_URL',
  },
  performList: GET('/api/outbound/perform', '/api-v2/outbound/perform'),
} as const satisfies Record<string, Call>;

// ---- Output fields shared by several operations ----

const ID_AND_TITLE = { id: 'string', title: 'string' } as const;

const CONTACT_RECORD_OUTPUTS = {
  id: 'string',
  first_name: 'string',
  last_name: 'string',
  email: 'string',
  cell_phone: 'string',
  address: 'string',
  city: 'string',
  state: 'string',
  zip: 'string',
  country: 'string',
  company: 'string',
  source: 'string',
  label_name: 'string',
  label_color: 'string',
  label: 'string',
  tags: 'list',
  secondary_email: 'string',
  secondary_phone: 'string',
  website: 'string',
  additional_field: 'string',
  created_at: 'datetime',
} as const;

/** A contact string: its first contact, the count, every contact as line items, the raw text. */
const CONTACTS_OUTPUTS = {
  first_contact_id: 'string',
  first_contact_first_name: 'string',
  first_contact_last_name: 'string',
  first_contact_email: 'string',
  first_contact_cell_phone: 'string',
  contact_count: 'number',
  'contacts[]id': 'string',
  'contacts[]first_name': 'string',
  'contacts[]last_name': 'string',
  'contacts[]email': 'string',
  'contacts[]cell_phone': 'string',
  contact: 'string',
} as const;

const NOTE_OUTPUTS = {
  id: 'string',
  title: 'string',
  content: 'string',
  ...CONTACTS_OUTPUTS,
  create_at: 'datetime',
} as const;

const TASK_DETAIL_OUTPUTS = {
  type: 'string',
  content: 'string',
  due_date: 'datetime',
  set_recurrence: 'boolean',
  recurrence_mode: 'string',
  ...CONTACTS_OUTPUTS,
  create_at: 'datetime',
} as const;

const DEAL_BASE_OUTPUTS = {
  id: 'string',
  title: 'string',
  user: 'string',
  pipe_line: 'string',
  ...CONTACTS_OUTPUTS,
} as const;

const SEND_OUTPUTS = (idKey: string): Record<string, OutputType> => ({
  id: 'string',
  status: 'boolean',
  email: 'string',
  [idKey]: 'string',
  template_id: 'string',
});

const SEND_INPUTS = (idKey: string): Record<string, InputFacts> => ({
  email: 'required string',
  [idKey]: 'required string',
  template_id: 'required string',
});

// ---- Payload keys the service sends (docs/service-api.md) ----

const CONTACT_PAYLOAD = [
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
] as const;
const NOTE_PAYLOAD = ['id', 'title', 'content', 'contact', 'create_at'] as const;
const TASK_PAYLOAD = [
  'id',
  'contact',
  'type',
  'content',
  'due_date',
  'set_recurrence',
  'recurrence_mode',
  'create_at',
] as const;

// ---- The record ----

const poll = (path: string, apiV2Path: string): CallingFacts => ({
  kind: 'polling',
  call: GET(path, apiV2Path),
  inputs: {},
  outputs: ID_AND_TITLE,
});
/** A list that only fills a dropdown. */
const dropdown = (path: string, apiV2Path: string, query?: string): CallingFacts => ({
  ...poll(path, apiV2Path),
  hidden: true,
  ...(query && { call: { ...GET(path, apiV2Path), query } }),
});
const find = (path: string, apiV2Path: string): CallingFacts => ({
  kind: 'search',
  call: GET(path, apiV2Path),
  inputs: { title: 'required string', exact_match: 'optional boolean' },
  outputs: ID_AND_TITLE,
});
const hook = (
  payloadKeys: readonly string[],
  outputs: Readonly<Record<string, OutputType>>,
  inputs: Readonly<Record<string, InputFacts>> = {},
): HookFacts => ({ kind: 'hook', payloadKeys, inputs, outputs });
const TAG_FILTER = { tag: 'optional string' } as const;

/**
 * Every operation of the app, keyed by its key (by `<group>.<key>` where a trigger has the key too), in the app's order: polling triggers, then hook
 * triggers (in the order of the service's interface), then creates, then searches.
 */
export const OPERATIONS = {
  video: poll('/api/video', '/api-v2/material/video'),
  pdf: poll('/api/pdf', '/api-v2/material/pdf'),
  image: poll('/api/image', '/api-v2/material/image'),
  template: poll('/api/template', '/api-v2/template'),
  label: dropdown('/api/label', '/api-v2/label'),
  automation: dropdown('/api/automation', '/api-v2/automation'),
  lead: dropdown('/api/lead', '/api-v2/lead', '?type=all'),

  add_contact: hook(CONTACT_PAYLOAD, CONTACT_RECORD_OUTPUTS, TAG_FILTER),
  update_contact: hook(CONTACT_PAYLOAD, CONTACT_RECORD_OUTPUTS, TAG_FILTER),
  delete_contact: hook(CONTACT_PAYLOAD, {
    ...CONTACT_RECORD_OUTPUTS,
    removed_date: 'datetime',
  }),
  add_deal: hook(
    ['id', 'title', 'user', 'contact', 'pipe_line', 'deal_stage', 'additional_field', 'create_at'],
    {
      ...DEAL_BASE_OUTPUTS,
      deal_stage: 'string',
      additional_field: 'string',
      create_at: 'datetime',
    },
    { pipe_line: 'optional string' },
  ),
  move_deal: hook(
    ['id', 'title', 'user', 'contact', 'pipe_line', 'deal_source', 'deal_target', 'create_at'],
    { ...DEAL_BASE_OUTPUTS, deal_source: 'string', deal_target: 'string', create_at: 'datetime' },
    { pipe_line: 'optional string', deal_target: 'optional string' },
  ),
  send_material: hook(
    ['subject', 'contact', 'video', 'pdf', 'image', 'create_at'],
    {
      id: 'string',
      subject: 'string',
      ...CONTACTS_OUTPUTS,
      'materials[]id': 'string',
      'materials[]type': 'string',
      'materials[]title': 'string',
      video: 'string',
      pdf: 'string',
      image: 'string',
      create_at: 'datetime',
    },
    { material_type: 'optional string', material_title: 'optional string' },
  ),
  watch_material: hook(
    ['contact', 'material_id', 'material_type', 'material_title', 'material_amount', 'create_at'],
    {
      id: 'string',
      ...CONTACTS_OUTPUTS,
      material_id: 'string',
      material_type: 'string',
      material_title: 'string',
      material_amount: 'number',
      video_percent: 'number',
      create_at: 'datetime',
    },
    {
      material_type: 'optional string',
      material_title: 'optional string',
      min_amount: 'optional integer',
    },
  ),
  assigned_automation: hook(['id', 'title', 'type', 'deal', 'contact', 'create_at'], {
    id: 'string',
    title: 'string',
    type: 'string',
    'deals[]id': 'string',
    'deals[]title': 'string',
    deal: 'string',
    ...CONTACTS_OUTPUTS,
    create_at: 'datetime',
  }),
  create_note: hook(NOTE_PAYLOAD, NOTE_OUTPUTS),
  update_note: hook(NOTE_PAYLOAD, NOTE_OUTPUTS),
  delete_note: hook(NOTE_PAYLOAD, NOTE_OUTPUTS),
  create_task: hook(TASK_PAYLOAD, { id: 'string', ...TASK_DETAIL_OUTPUTS }),
  update_task: hook(TASK_PAYLOAD, { id: 'string', ...TASK_DETAIL_OUTPUTS }),
  delete_task: hook(['num', 'removed_task', 'removed_date'], {
    id: 'string',
    ...TASK_DETAIL_OUTPUTS,
    num: 'number',
    removed_task: 'string',
    removed_date: 'datetime',
  }),
  lead_source: {
    ...hook(CONTACT_PAYLOAD, CONTACT_RECORD_OUTPUTS, {
      lead_type: 'optional string',
      lead: 'optional string',
      ...TAG_FILTER,
    }),
    subscribeData: { type: 'all', lead: '0' },
  },

  send_video: {
    kind: 'create',
    call: POST('/api/send-video', '/api-v2/material/send-video'),
    inputs: SEND_INPUTS('video_id'),
    outputs: SEND_OUTPUTS('video_id'),
  },
  send_pdf: {
    kind: 'create',
    call: POST('/api/send-pdf', '/api-v2/material/send-pdf', 'ALT_BASE_URL'),
    inputs: SEND_INPUTS('pdf_id'),
    outputs: SEND_OUTPUTS('pdf_id'),
  },
  send_image: {
    kind: 'create',
    call: POST('/api/send-image', '/api-v2/material/send-image'),
    inputs: SEND_INPUTS('image_id'),
    outputs: SEND_OUTPUTS('image_id'),
  },
  add_note: {
    kind: 'create',
    call: POST('/api/note', '/api-v2/note'),
    inputs: { email: 'required string', content: 'required text' },
    outputs: {
      id: 'string',
      status: 'boolean',
      email: 'string',
      content: 'string',
      contact_id: 'string',
      created_at: 'datetime',
      updated_at: 'datetime',
    },
  },

  create_contact: {
    kind: 'create',
    call: POST('/api/contact', '/api-v2/contact'),
    inputs: {
      email: 'optional string',
      first_name: 'optional string',
      last_name: 'optional string',
      cell_phone: 'optional string',
      address: 'optional string',
      city: 'optional string',
      state: 'optional string',
      zip: 'optional string',
      country: 'optional string',
      company: 'optional string',
      website: 'optional string',
      source: 'optional string',
      tags: 'optional string list',
      label: 'optional string',
      custom_fields: 'optional string dict',
      note: 'optional text',
    },
    outputs: {
      ...Object.fromEntries(
        Object.entries(CONTACT_RECORD_OUTPUTS).filter(
          ([key]) => !['label_name', 'label_color', 'label', 'additional_field'].includes(key),
        ),
      ),
      label_id: 'string',
    },
    // Under the names CRMGrow's Contact model stores, blanks left out, tags as a list.
    example: {
      inputData: {
        email: ' Jane Doe <jane@example.com> ',
        first_name: 'Jane',
        last_name: ' ',
        cell_phone: '+1 415 555 0100',
        company: 'Doe Realty',
        tags: ['buyer, open house', ' ', 'VIP '],
        label: 'Hot Lead',
        custom_fields: { Budget: ' 500,000 ', '': 'x' },
        note: '  Met at {{event}}.\n',
      },
      body: {
        email: 'jane@example.com',
        first_name: 'Jane',
        cell_phone: '+1 415 555 0100',
        brokerage: 'Doe Realty',
        tags: ['buyer', 'open house', 'VIP'],
        label: 'Hot Lead',
        additional_field: { Budget: ' 500,000 ' },
        note: '  Met at {{event}}.\n',
      },
    },
  },
  // The same key as the New Task trigger: Zapier keeps triggers and creates apart.
  'creates.create_task': {
    kind: 'create',
    call: POST('/api/followup', '/api-v2/followup'),
    inputs: {
      email: 'required string',
      content: 'required text',
      due_date: 'required datetime',
      type: 'optional string',
      recurrence_mode: 'optional string',
    },
    outputs: {
      id: 'string',
      type: 'string',
      content: 'string',
      due_date: 'datetime',
      set_recurrence: 'boolean',
      recurrence_mode: 'string',
      contact_id: 'string',
      email: 'string',
      create_at: 'datetime',
    },
    // The due date as ISO 8601 for the same instant; a repeat as the source reads it.
    example: {
      inputData: {
        email: 'jane@example.com',
        content: 'Called about the open house.',
        due_date: '2026-12-05T10:00:00-05:00',
        type: 'Call',
        recurrence_mode: 'weekly',
      },
      body: {
        email: 'jane@example.com',
        content: 'Called about the open house.',
        due_date: '2026-12-05T15:00:00.000Z',
        type: 'call',
        recurrence_mode: 'WEEKLY',
        set_recurrence: true,
      },
    },
  },
  add_to_automation: {
    kind: 'create',
    call: POST('/api/automation', '/api-v2/automation'),
    inputs: { email: 'required string', automation_id: 'required string' },
    outputs: { id: 'string', status: 'boolean', email: 'string', automation_id: 'string' },
  },

  find_video: find('/api/video', '/api-v2/material/video'),
  find_pdf: find('/api/pdf', '/api-v2/material/pdf'),
  find_image: find('/api/image', '/api-v2/material/image'),
  find_template: find('/api/template', '/api-v2/template'),
} as const satisfies Record<string, OperationFacts>;

export type OperationKey = keyof typeof OPERATIONS;

/** The operation's own key: the record's key without its group. */
export const keyOf = (recordKey: string): string => recordKey.split('.').at(-1) ?? recordKey;

/** The hook triggers' facts, keyed by action value. */
export const HOOKS = Object.fromEntries(
  Object.entries(OPERATIONS).filter(([, facts]) => facts.kind === 'hook'),
) as Readonly<Record<string, HookFacts>>;

/** The operations that call one endpoint (all but the hooks), keyed by operation key. */
export const CALLING = Object.fromEntries(
  Object.entries(OPERATIONS).filter(([, facts]) => facts.kind !== 'hook'),
) as unknown as Readonly<
  Record<'template' | 'send_image' | 'add_note' | (string & {}), CallingFacts>
>;

/** The method of an operation, as the app tester runs it, and its input data: a value for each
 * required input. */
export function methodOf(key: string): {
  readonly path: string;
  readonly inputData: Record<string, unknown>;
} {
  const facts = OPERATIONS[key as OperationKey] as OperationFacts;
  const group = { polling: 'triggers', hook: 'triggers', search: 'searches', create: 'creates' };
  const path = `${group[facts.kind]}.${keyOf(key)}.operation.perform`;
  if (facts.kind !== 'hook' && facts.example) return { path, inputData: facts.example.inputData };
  const inputData = Object.fromEntries(
    Object.entries(facts.inputs)
      .filter(([, input]) => input.startsWith('required'))
      .map(([name]) => [name, INPUT_VALUES[name]]),
  );
  return { path, inputData };
}

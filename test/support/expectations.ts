// What live Zaps rely on, written out apart from src/: each operation's key and kind, the request
// it makes, its input keys (type, required or not) and its output keys with their types. A Zap
// maps fields by key, so a key renamed or retyped breaks Zaps already built; the operations' order
// is the app's. test/unit/definition.test.ts holds the app to this record. Labels and
// descriptions are not written out again: Zapier's publishing checks, in that test, cover them.

export type Kind = 'polling' | 'hook' | 'search' | 'create';

/** An input field: whether it is required, and its type. */
export type InputFacts = `${'required' | 'optional'} ${'string' | 'text' | 'integer' | 'boolean'}`;

/** The type of an output field: its `type`, or `list` for a list of strings. */
export type OutputType = 'string' | 'number' | 'boolean' | 'datetime' | 'list';

/** One request to the service: its method, its path in the API spec and under API_ROUTES=api-v2
 * (the service's newest public source), and which configured base address. */
export interface Call {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly apiV2Path: string;
  readonly base: 'BASE_URL' | 'ALT_BASE_URL';
}

interface Facts {
  readonly kind: Kind;
  /** The input fields' keys, in order. */
  readonly inputs: Readonly<Record<string, InputFacts>>;
  /** The output fields' keys, in order (`list[]child` for line items), with their types. */
  readonly outputs: Readonly<Record<string, OutputType>>;
}

export interface CallingFacts extends Facts {
  readonly kind: 'polling' | 'search' | 'create';
  readonly call: Call;
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
  content: 'Called about the open house.',
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
 * Every operation of the app, keyed by its key, in the app's order: polling triggers, then hook
 * triggers (in the order of the service's interface), then creates, then searches.
 */
export const OPERATIONS = {
  video: poll('/api/video', '/api-v2/material/video'),
  pdf: poll('/api/pdf', '/api-v2/material/pdf'),
  image: poll('/api/image', '/api-v2/material/image'),
  template: poll('/api/template', '/api-v2/template'),

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

  find_video: find('/api/video', '/api-v2/material/video'),
  find_pdf: find('/api/pdf', '/api-v2/material/pdf'),
  find_image: find('/api/image', '/api-v2/material/image'),
  find_template: find('/api/template', '/api-v2/template'),
} as const satisfies Record<string, OperationFacts>;

export type OperationKey = keyof typeof OPERATIONS;

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
  const inputData = Object.fromEntries(
    Object.entries(facts.inputs)
      .filter(([, input]) => input.startsWith('required'))
      .map(([name]) => [name, INPUT_VALUES[name]]),
  );
  return { path: `${group[facts.kind]}.${key}.operation.perform`, inputData };
}

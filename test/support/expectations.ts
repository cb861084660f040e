// Every operation of the app and the facts the tests expect of it, written out once, apart from
// src/: the tests iterate over this table instead of restating labels, keys or requests, and
// test/unit/definition.test.ts holds the app to it, naming any operation missing here.
// A new operation (a 16th webhook event, say) is one row here.

export type Kind = 'polling' | 'hook' | 'search' | 'create';

/** The type of an output field: its `type`, or `list` for a list of strings. */
export type OutputType = 'string' | 'number' | 'boolean' | 'datetime' | 'list';

/** One request to the service: its method, path and which configured base address. */
export interface Call {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly base: 'BASE_URL' | 'ALT_BASE_URL';
}

interface Facts {
  readonly kind: Kind;
  readonly label: string;
  readonly noun: string;
  /** The output fields' keys, in order, with their types (`list[]child` for lists of objects). */
  readonly outputs: Readonly<Record<string, OutputType>>;
}

export interface CallingFacts extends Facts {
  readonly kind: 'polling' | 'search' | 'create';
  readonly call: Call;
  readonly description?: string;
  /** A create's id fields, each with the search it links (`find_video.id`). */
  readonly links?: Readonly<Record<string, string>>;
  /** A send's input and body key of the material's id, and the id the tests send. */
  readonly idKey?: string;
  readonly idValue?: string;
}

export interface HookFacts extends Facts {
  readonly kind: 'hook';
  /** The keys of the body the service POSTs for this action (docs/service-api.md). */
  readonly payloadKeys: readonly string[];
}

type OperationFacts = CallingFacts | HookFacts;

export const TEMPLATE_ID = '64a3d5f8e2c14b7a9d0f6e28';
const VIDEO_ID = '64b7f0c2a91e3d5f8c2b4a17';
const PDF_ID = '64c1a9e73b2d4f6a8e0c5d93';
const IMAGE_ID = '64d2e4b18f7a3c9d0e6b2f45';

const GET = (path: string): Call => ({ method: 'GET', path, base: 'BASE_URL' });
const POST = (path: string, base: Call['base'] = 'BASE_URL'): Call => ({
  method: 'POST',
  path,
  base,
});

/** The endpoints every hook trigger calls. */
export const HOOK_CALLS = {
  subscribe: { method: 'POST', path: '/api/outbound/subscribe', base: 'BASE_URL' },
  unsubscribe: { method: 'DELETE', path: '/api/outbound/unsubscribe', base: 'BASE_URL' },
  performList: { method: 'GET', path: '/api/outbound/perform', base: 'BASE_URL' },
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
  label: 'string',
  tags: 'list',
  secondary_email: 'string',
  secondary_phone: 'string',
  website: 'string',
  additional_field: 'string',
  created_at: 'datetime',
} as const;

/** The parsed contact strings, then the raw text they came from. */
const CONTACTS_OUTPUTS = {
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

// ---- The table ----

const hook = (
  label: string,
  noun: string,
  payloadKeys: readonly string[],
  outputs: Readonly<Record<string, OutputType>>,
): HookFacts => ({ kind: 'hook', label, noun, payloadKeys, outputs });

/**
 * Every operation of the app, keyed by its key, in the app's order: polling triggers, then hook
 * triggers (in the order of the service's interface), then creates, then searches.
 */
export const OPERATIONS = {
  video: {
    kind: 'polling',
    label: 'New Video',
    noun: 'Video',
    description: 'Triggers when a new video is added to your library.',
    call: GET('/api/video'),
    outputs: ID_AND_TITLE,
  },
  pdf: {
    kind: 'polling',
    label: 'New PDF',
    noun: 'PDF',
    description: 'Triggers when a new PDF is added to your library.',
    call: GET('/api/pdf'),
    outputs: ID_AND_TITLE,
  },
  image: {
    kind: 'polling',
    label: 'New Image',
    noun: 'Image',
    description: 'Triggers when a new image is added to your library.',
    call: GET('/api/image'),
    outputs: ID_AND_TITLE,
  },
  template: {
    kind: 'polling',
    label: 'New Template',
    noun: 'Template',
    description: 'Triggers when a new email or text (SMS) template is added.',
    call: GET('/api/template'),
    outputs: ID_AND_TITLE,
  },

  add_contact: hook('New Contact', 'Contact', CONTACT_PAYLOAD, CONTACT_RECORD_OUTPUTS),
  update_contact: hook('Updated Contact', 'Contact', CONTACT_PAYLOAD, CONTACT_RECORD_OUTPUTS),
  delete_contact: hook('Deleted Contact', 'Contact', CONTACT_PAYLOAD, CONTACT_RECORD_OUTPUTS),
  add_deal: hook(
    'New Deal',
    'Deal',
    ['id', 'title', 'user', 'contact', 'pipe_line', 'deal_stage', 'additional_field', 'create_at'],
    {
      ...DEAL_BASE_OUTPUTS,
      deal_stage: 'string',
      additional_field: 'string',
      create_at: 'datetime',
    },
  ),
  move_deal: hook(
    'Deal Moved to Another Stage',
    'Deal',
    ['id', 'title', 'user', 'contact', 'pipe_line', 'deal_source', 'deal_target', 'create_at'],
    { ...DEAL_BASE_OUTPUTS, deal_source: 'string', deal_target: 'string', create_at: 'datetime' },
  ),
  send_material: hook(
    'Material Sent',
    'Material',
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
  ),
  watch_material: hook(
    'Material Watched',
    'Material',
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
  ),
  assigned_automation: hook(
    'Automation Assigned',
    'Automation',
    ['id', 'title', 'type', 'deal', 'contact', 'create_at'],
    {
      id: 'string',
      title: 'string',
      type: 'string',
      deal: 'string',
      ...CONTACTS_OUTPUTS,
      create_at: 'datetime',
    },
  ),
  create_note: hook('New Note', 'Note', NOTE_PAYLOAD, NOTE_OUTPUTS),
  update_note: hook('Updated Note', 'Note', NOTE_PAYLOAD, NOTE_OUTPUTS),
  delete_note: hook('Deleted Note', 'Note', NOTE_PAYLOAD, NOTE_OUTPUTS),
  create_task: hook('New Task', 'Task', TASK_PAYLOAD, { id: 'string', ...TASK_DETAIL_OUTPUTS }),
  update_task: hook('Updated Task', 'Task', TASK_PAYLOAD, { id: 'string', ...TASK_DETAIL_OUTPUTS }),
  delete_task: hook('Deleted Task', 'Task', ['num', 'removed_task', 'removed_date'], {
    id: 'string',
    ...TASK_DETAIL_OUTPUTS,
    num: 'number',
    removed_task: 'string',
    removed_date: 'datetime',
  }),
  lead_source: hook('New Lead', 'Lead', CONTACT_PAYLOAD, CONTACT_RECORD_OUTPUTS),

  send_video: {
    kind: 'create',
    label: 'Send Video',
    noun: 'Video',
    call: POST('/api/send-video'),
    outputs: SEND_OUTPUTS('video_id'),
    links: { video_id: 'find_video.id', template_id: 'find_template.id' },
    idKey: 'video_id',
    idValue: VIDEO_ID,
  },
  send_pdf: {
    kind: 'create',
    label: 'Send PDF',
    noun: 'PDF',
    call: POST('/api/send-pdf', 'ALT_BASE_URL'),
    outputs: SEND_OUTPUTS('pdf_id'),
    links: { pdf_id: 'find_pdf.id', template_id: 'find_template.id' },
    idKey: 'pdf_id',
    idValue: PDF_ID,
  },
  send_image: {
    kind: 'create',
    label: 'Send Image',
    noun: 'Image',
    call: POST('/api/send-image'),
    outputs: SEND_OUTPUTS('image_id'),
    links: { image_id: 'find_image.id', template_id: 'find_template.id' },
    idKey: 'image_id',
    idValue: IMAGE_ID,
  },
  add_note: {
    kind: 'create',
    label: 'Add Note',
    noun: 'Note',
    call: POST('/api/note'),
    // No id field: nothing to link.
    links: {},
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

  find_video: {
    kind: 'search',
    label: 'Find Video',
    noun: 'Video',
    description: 'Finds a video by its title.',
    call: GET('/api/video'),
    outputs: ID_AND_TITLE,
  },
  find_pdf: {
    kind: 'search',
    label: 'Find PDF',
    noun: 'PDF',
    description: 'Finds a PDF by its title.',
    call: GET('/api/pdf'),
    outputs: ID_AND_TITLE,
  },
  find_image: {
    kind: 'search',
    label: 'Find Image',
    noun: 'Image',
    description: 'Finds an image by its title.',
    call: GET('/api/image'),
    outputs: ID_AND_TITLE,
  },
  find_template: {
    kind: 'search',
    label: 'Find Template',
    noun: 'Template',
    description: 'Finds a template by its title.',
    call: GET('/api/template'),
    outputs: ID_AND_TITLE,
  },
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

/** The method of an operation, as the app tester runs it, and the input data it is run with. */
export function methodOf(key: string): {
  readonly path: string;
  readonly inputData: Record<string, unknown>;
} {
  const facts = OPERATIONS[key as OperationKey] as OperationFacts;
  const group = { polling: 'triggers', hook: 'triggers', search: 'searches', create: 'creates' };
  const inputData =
    facts.kind === 'search'
      ? { title: 'Tour' }
      : facts.kind !== 'create'
        ? {}
        : facts.idKey
          ? { email: 'jane@example.com', [facts.idKey]: facts.idValue, template_id: TEMPLATE_ID }
          : { email: 'jane@example.com', content: 'Called about the open house.' };
  return { path: `${group[facts.kind]}.${key}.operation.perform`, inputData };
}

// Every operation of the app, and the facts the tests expect of it, written
// out once: the unit, end-to-end and publishing-check tests iterate over this
// table instead of restating lists, labels or totals. Nothing here is read from
// src/; test/unit/expectations.test.ts holds the app against it and names any
// operation that is missing here or extra in the app.
//
// A new operation (a 16th webhook event, say) is one row here, and the tests
// that iterate over the table then cover it. A new material list (its
// trigger, search and send) is three rows: every text, id field and link
// they should have, and what the sandbox (sandbox/seed.ts) serves of it, for
// the end-to-end tests: the n-th item seeded and its title, its id made by the
// sandbox's rule (`seeded`), never worked out by hand.
import { objectId, type IdKind } from '../../sandbox/seed';

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
  /** The one endpoint the operation calls, by its name in ENDPOINTS. */
  readonly endpoint: string;
  readonly call: Call;
}

export interface HookFacts extends Facts {
  readonly kind: 'hook';
  /** The keys of the body the service POSTs for this action (docs/service-api.md). */
  readonly payloadKeys: readonly string[];
}

/** One item of a list, as a poll, a dropdown and a search return it. */
export interface Item {
  readonly id: string;
  readonly title: string;
}

/** A list trigger, also the source of the actions' dropdowns. */
export interface PollingFacts extends CallingFacts {
  readonly kind: 'polling';
  /** Its description in the Zap editor. */
  readonly description: string;
  /** The items, in the plural, as its log lines and messages name them: "videos", "PDFs". */
  readonly plural: string;
  /** What the sandbox serves of this list in its default seed (sandbox/seed.ts). */
  readonly sandbox: {
    /** Every item, in the order its dropdown shows them: A–Z by title. */
    readonly choices: readonly Item[];
  };
  /**
   * A list of material: its type word in Material Sent and Material Watched
   * (a Material Type choice), the send_material key that holds it, and what a
   * watch with no amount counts as for Minimum Amount, if anything.
   */
  readonly material?: { readonly type: string; readonly sendKey: string; readonly blank?: number };
}

/** A title search over one list. */
export interface SearchFacts extends CallingFacts {
  readonly kind: 'search';
  /** The key of the polling trigger whose list it searches, and whose noun and shape it has. */
  readonly list: string;
  /** Its description in the Zap editor. */
  readonly description: string;
  /** The item inside a sentence, as its help text and messages name it: "video", "PDF". */
  readonly singular: string;
  /** The same in the plural: "videos". */
  readonly plural: string;
  /** A search in the sandbox's default seed (sandbox/seed.ts). */
  readonly sandbox: {
    /** The title asked for, as a Zap might map it. */
    readonly query: string;
    /** What the search finds, in order. */
    readonly finds: readonly Item[];
  };
}

interface CreateFacts extends CallingFacts {
  readonly kind: 'create';
  /** The search each id field links, by the field's key (`find_video.id`): every id field has one. */
  readonly links: Readonly<Record<string, string>>;
}

/** A send of a material from a list, with a template (a row of SENDS in src/creates/sends.ts). */
export interface SendFacts extends CreateFacts {
  /** The input and body key of the material's id. */
  readonly idKey: string;
  /** The material id the unit tests send. */
  readonly idValue: string;
  /** The label of the material's field. */
  readonly materialLabel: string;
  /** The material inside a sentence, as the fields' help texts name it: "video", "PDF". */
  readonly singular: string;
  /** What the "required" message asks for when the material's field is blank. */
  readonly whenBlank: string;
  /** The dynamic dropdown of the material's field: `<trigger>.id.title`. */
  readonly dynamic: string;
  /** How the sandbox (sandbox/seed.ts MATERIALS) serves and records the material. */
  readonly sandbox: {
    /** The sandbox's list of the material: its key in `sandbox.data` (MATERIALS' `plural`). */
    readonly list: string;
    /** The kind the sandbox records a send under (MATERIALS' key). */
    readonly kind: string;
  };
}

/** A create that is not a send: Add Note. */
export interface NoteFacts extends CreateFacts {
  readonly idKey?: never;
}

export type OperationFacts = PollingFacts | HookFacts | SearchFacts | SendFacts | NoteFacts;

// ---- Ids the unit tests send ----

export const VIDEO_ID = '64b7f0c2a91e3d5f8c2b4a17';
export const PDF_ID = '64c1a9e73b2d4f6a8e0c5d93';
export const IMAGE_ID = '64d2e4b18f7a3c9d0e6b2f45';
export const TEMPLATE_ID = '64a3d5f8e2c14b7a9d0f6e28';

/** The method of an operation, as core's app tester names it, and the input data it is run with. */
export function methodOf(key: string): {
  readonly path: string;
  readonly inputData: Record<string, unknown>;
} {
  const facts = OPERATIONS[key as OperationKey];
  if (facts.kind === 'polling') return { path: `triggers.${key}.operation.perform`, inputData: {} };
  if (facts.kind === 'search') {
    return { path: `searches.${key}.operation.perform`, inputData: { title: 'Tour' } };
  }
  if (facts.kind === 'create') {
    const inputData =
      'idKey' in facts
        ? { email: 'jane@example.com', [facts.idKey]: facts.idValue, template_id: TEMPLATE_ID }
        : { email: 'jane@example.com', content: 'Called about the open house.' };
    return { path: `creates.${key}.operation.perform`, inputData };
  }
  return { path: `triggers.${key}.operation.perform`, inputData: {} };
}

// ---- What a delivery gives ----

/**
 * A trigger's result: at most 5 MiB of items (Zapier refuses 6 MiB), an item
 * too large alone cut to fit, never its identity keys.
 */
export const DELIVERY = {
  resultBudgetBytes: 5 * 1024 * 1024,
  zapierLimitBytes: 6 * 1024 * 1024,
  identityKeys: ['id', 'email', 'first_name', 'last_name'],
} as const;

// ---- Endpoints ----

const GET = (path: string): Call => ({ method: 'GET', path, base: 'BASE_URL' });

/** The n-th item of a kind the sandbox seeds (1 is the first), with its id by the sandbox's rule. */
const seeded = (kind: IdKind, n: number, title: string): Item => ({ id: objectId(kind, n), title });
const POST = (path: string, base: Call['base'] = 'BASE_URL'): Call => ({
  method: 'POST',
  path,
  base,
});

/** The endpoints every hook trigger calls, by their names in ENDPOINTS. */
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
 * Every operation of the app, keyed by its key, in the app's order: polling
 * triggers, then hook triggers (in the order of the service's interface),
 * then creates, then searches.
 *
 * A row's `sandbox` is what the sandbox serves in its default seed: the
 * titles and sizes of sandbox/seed.ts (MATERIALS, and its templates), not
 * facts of the app. A change to the seed changes them.
 */
export const OPERATIONS = {
  video: {
    kind: 'polling',
    label: 'New Video',
    noun: 'Video',
    description: 'Triggers when a new video is added to your library.',
    plural: 'videos',
    endpoint: 'listVideos',
    call: GET('/api/video'),
    outputs: ID_AND_TITLE,
    material: { type: 'VIDEO', sendKey: 'video' },
    sandbox: {
      choices: [
        seeded('video', 3, 'How Escrow Works'),
        seeded('video', 2, 'Meet Your Agent'),
        seeded('video', 1, 'Virtual Tour - 1200 Market Street'),
      ],
    },
  },
  pdf: {
    kind: 'polling',
    label: 'New PDF',
    noun: 'PDF',
    description: 'Triggers when a new PDF is added to your library.',
    plural: 'PDFs',
    endpoint: 'listPdfs',
    call: GET('/api/pdf'),
    outputs: ID_AND_TITLE,
    material: { type: 'PDF', sendKey: 'pdf' },
    sandbox: {
      choices: [seeded('pdf', 1, 'Buyer Guide 2026'), seeded('pdf', 2, 'Seller Checklist')],
    },
  },
  image: {
    kind: 'polling',
    label: 'New Image',
    noun: 'Image',
    description: 'Triggers when a new image is added to your library.',
    plural: 'images',
    endpoint: 'listImages',
    call: GET('/api/image'),
    outputs: ID_AND_TITLE,
    material: { type: 'IMAGE', sendKey: 'image', blank: 1 },
    sandbox: {
      choices: [seeded('image', 2, 'Just Sold Postcard'), seeded('image', 1, 'Open House Flyer')],
    },
  },
  template: {
    kind: 'polling',
    label: 'New Template',
    noun: 'Template',
    description: 'Triggers when a new email or text (SMS) template is added.',
    plural: 'templates',
    endpoint: 'listTemplates',
    call: GET('/api/template'),
    outputs: ID_AND_TITLE,
    // The sandbox seeds templates apart from MATERIALS: e-mail and SMS in turn.
    sandbox: {
      choices: [
        seeded('template', 1, 'Follow-Up After Showing (Email)'),
        seeded('template', 2, 'Quick Check-In (SMS)'),
        seeded('template', 4, 'Showing Reminder (SMS)'),
        seeded('template', 3, 'Welcome to the Neighborhood (Email)'),
      ],
    },
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
    // The interface shows {"status": true} as this endpoint's success answer.
    endpoint: 'sendVideo',
    call: POST('/api/send-video'),
    outputs: SEND_OUTPUTS('video_id'),
    links: { video_id: 'find_video.id', template_id: 'find_template.id' },
    idKey: 'video_id',
    idValue: VIDEO_ID,
    materialLabel: 'Video',
    singular: 'video',
    whenBlank: 'Choose a video, or map the ID of a video from an earlier step.',
    dynamic: 'video.id.title',
    sandbox: { list: 'videos', kind: 'video' },
  },
  send_pdf: {
    kind: 'create',
    label: 'Send PDF',
    noun: 'PDF',
    endpoint: 'sendPdf',
    call: POST('/api/send-pdf', 'ALT_BASE_URL'),
    outputs: SEND_OUTPUTS('pdf_id'),
    links: { pdf_id: 'find_pdf.id', template_id: 'find_template.id' },
    idKey: 'pdf_id',
    idValue: PDF_ID,
    materialLabel: 'PDF',
    singular: 'PDF',
    whenBlank: 'Choose a PDF, or map the ID of a PDF from an earlier step.',
    dynamic: 'pdf.id.title',
    sandbox: { list: 'pdfs', kind: 'pdf' },
  },
  send_image: {
    kind: 'create',
    label: 'Send Image',
    noun: 'Image',
    endpoint: 'sendImage',
    call: POST('/api/send-image'),
    outputs: SEND_OUTPUTS('image_id'),
    links: { image_id: 'find_image.id', template_id: 'find_template.id' },
    idKey: 'image_id',
    idValue: IMAGE_ID,
    materialLabel: 'Image',
    singular: 'image',
    whenBlank: 'Choose an image, or map the ID of an image from an earlier step.',
    dynamic: 'image.id.title',
    sandbox: { list: 'images', kind: 'image' },
  },
  add_note: {
    kind: 'create',
    label: 'Add Note',
    noun: 'Note',
    endpoint: 'addNote',
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
    list: 'video',
    singular: 'video',
    plural: 'videos',
    endpoint: 'listVideos',
    call: GET('/api/video'),
    outputs: ID_AND_TITLE,
    sandbox: {
      query: '  how escrow WORKS ',
      finds: [seeded('video', 3, 'How Escrow Works')],
    },
  },
  find_pdf: {
    kind: 'search',
    label: 'Find PDF',
    noun: 'PDF',
    description: 'Finds a PDF by its title.',
    list: 'pdf',
    singular: 'PDF',
    plural: 'PDFs',
    endpoint: 'listPdfs',
    call: GET('/api/pdf'),
    outputs: ID_AND_TITLE,
    sandbox: {
      query: 'guide',
      finds: [seeded('pdf', 1, 'Buyer Guide 2026')],
    },
  },
  find_image: {
    kind: 'search',
    label: 'Find Image',
    noun: 'Image',
    description: 'Finds an image by its title.',
    list: 'image',
    singular: 'image',
    plural: 'images',
    endpoint: 'listImages',
    call: GET('/api/image'),
    outputs: ID_AND_TITLE,
    sandbox: {
      query: 'Open House Flyer',
      finds: [seeded('image', 1, 'Open House Flyer')],
    },
  },
  find_template: {
    kind: 'search',
    label: 'Find Template',
    noun: 'Template',
    description: 'Finds a template by its title.',
    list: 'template',
    singular: 'template',
    plural: 'templates',
    endpoint: 'listTemplates',
    call: GET('/api/template'),
    outputs: ID_AND_TITLE,
    sandbox: {
      query: '(sms)',
      finds: [
        seeded('template', 4, 'Showing Reminder (SMS)'),
        seeded('template', 2, 'Quick Check-In (SMS)'),
      ],
    },
  },
} as const satisfies Record<string, OperationFacts>;

export type OperationKey = keyof typeof OPERATIONS;

type KeysOfKind<K extends Kind> = {
  [Key in OperationKey]: (typeof OPERATIONS)[Key]['kind'] extends K ? Key : never;
}[OperationKey];

export type HookKey = KeysOfKind<'hook'>;
export type PollingKey = KeysOfKind<'polling'>;
export type CreateKey = KeysOfKind<'create'>;
export type SearchKey = KeysOfKind<'search'>;
/** The creates that send a material: those with an id field of their own. */
export type SendKey = {
  [Key in CreateKey]: (typeof OPERATIONS)[Key] extends { readonly idKey: string } ? Key : never;
}[CreateKey];

/** The keys of the operations of one kind, in the table's order. */
export function keysOf<K extends Kind>(kind: K): KeysOfKind<K>[] {
  return (Object.keys(OPERATIONS) as OperationKey[]).filter(
    (key) => OPERATIONS[key].kind === kind,
  ) as KeysOfKind<K>[];
}

/** The hook triggers' facts, keyed by action value, in the order of the service's interface. */
export const HOOKS = Object.fromEntries(
  keysOf('hook').map((key) => [key, OPERATIONS[key] as HookFacts]),
) as Readonly<Record<HookKey, HookFacts>>;

/** Rows keyed by operation key, each with the values (and types) written out. */
type RowsOf<Key extends OperationKey> = { readonly [K in Key]: (typeof OPERATIONS)[K] };

const rowsOf = <Key extends OperationKey>(keys: readonly Key[]): RowsOf<Key> =>
  Object.fromEntries(keys.map((key) => [key, OPERATIONS[key]])) as RowsOf<Key>;

/** The polling triggers' facts, in the table's order. */
export const POLLING = rowsOf(keysOf('polling'));
/** The searches' facts, in the table's order. */
export const SEARCHES = rowsOf(keysOf('search'));
/** The creates' facts (the sends' and the note's), in the table's order. */
export const CREATES = rowsOf(keysOf('create'));

/** The keys of the creates that send a material, in the table's order. */
export const sendKeys = (): SendKey[] =>
  keysOf('create').filter((key): key is SendKey => 'idKey' in OPERATIONS[key]);

/** The sends' facts, in the table's order. */
export const SENDING = rowsOf(sendKeys());

/** The operations that call one endpoint (all but the hooks), keyed by operation key. */
export const CALLING = Object.fromEntries(
  (Object.keys(OPERATIONS) as OperationKey[])
    .filter((key) => OPERATIONS[key].kind !== 'hook')
    .map((key) => [key, OPERATIONS[key] as CallingFacts]),
) as Readonly<Record<Exclude<OperationKey, HookKey>, CallingFacts>>;

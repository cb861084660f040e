// The one table of CRMGrow's webhook events. The action values, the raw
// payloads (exactly as the service sends them), labels, output fields and
// optional filters live here only: the trigger factory, the tests and the
// local sandbox all read it.
import type { PlainOutputField } from 'zapier-platform-core';
import {
  equalsFilter,
  includesFilter,
  MATERIAL_TYPE_CHOICES,
  sentMaterialFilter,
  watchedAmountFilter,
  type EventFilter,
} from './filters';
import { bulkContactsOf, removedTasksOf, type Expander } from './normalise';

export const ACTION_VALUES = [
  'add_contact',
  'update_contact',
  'delete_contact',
  'add_deal',
  'move_deal',
  'send_material',
  'watch_material',
  'assigned_automation',
  'create_note',
  'update_note',
  'delete_note',
  'create_task',
  'update_task',
  'delete_task',
  'lead_source',
] as const;

export type ActionValue = (typeof ACTION_VALUES)[number];

/** A raw webhook body: one JSON object, as the service POSTs it. */
export type RawPayload = Readonly<Record<string, unknown>>;

export interface HookEvent {
  readonly action: ActionValue;
  /** What one event is about, for Zapier's UI ("Contact", "Deal", ...). */
  readonly noun: string;
  readonly label: string;
  readonly description: string;
  /** A realistic body exactly in the shape the service sends for this action. */
  readonly payload: RawPayload;
  /** The fields of what the normaliser returns for that payload. */
  readonly outputFields: readonly PlainOutputField[];
  /** Optional input fields that let a Zap builder narrow which events start the Zap. */
  readonly filters?: readonly EventFilter[];
  /** For payloads that can list several records: one item (one Zap run) per record. */
  readonly expand?: Expander;
}

// ---- Realistic values shared by the payloads (ids are 24-hex Mongo ids) ----

const JANE = {
  id: '6512e4c1a9b3f2001e7d4a10',
  first: 'Jane',
  last: 'Cooper',
  email: 'jane.cooper@example.com',
  phone: '+14155550123',
};
const OMAR = {
  id: '6512e4c1a9b3f2001e7d4a2b',
  first: 'Omar',
  last: 'Haddad',
  email: 'omar.haddad@example.net',
  phone: '+13125550187',
};
/** The service's "contact string": `[id,first,last,email,phone]`. */
const contactString = (c: typeof JANE): string =>
  `[${c.id},${c.first},${c.last},${c.email},${c.phone}]`;

const DEAL_ID = '65f2b7d04c1e8a0012ab3c01';
const DEAL_TITLE = 'Cooper - 1200 Market St purchase';
const USER_NAME = 'Alex Morgan';

const contactRecord = (overrides: Record<string, unknown>): RawPayload => ({
  id: JANE.id,
  first_name: JANE.first,
  last_name: JANE.last,
  email: JANE.email,
  address: '1200 Market Street',
  city: 'San Francisco',
  state: 'CA',
  zip: '94102',
  cell_phone: JANE.phone,
  country: 'US',
  source: 'Website',
  company: 'Cooper Realty',
  label: 'name: Hot Lead,color: #ef5350',
  tags: ['buyer', 'open-house'],
  secondary_email: 'jane@cooperrealty.com',
  secondary_phone: '+14155550199',
  website: 'https://cooperrealty.com',
  // Custom fields differ from account to account, so samples hold none (the
  // trigger's outputFields function lists the account's own).
  additional_field: '{}',
  created_at: '2026-03-14T15:09:26.535Z',
  ...overrides,
});

// ---- Output fields, grouped so each label is written once ----

type Field = PlainOutputField;
const s = (key: string, label: string): Field => ({ key, label, type: 'string' });
const dt = (key: string, label: string): Field => ({ key, label, type: 'datetime' });

const CONTACT_RECORD_FIELDS: readonly Field[] = [
  s('id', 'Contact ID'),
  s('first_name', 'First Name'),
  s('last_name', 'Last Name'),
  s('email', 'Email'),
  s('cell_phone', 'Cell Phone'),
  s('address', 'Address'),
  s('city', 'City'),
  s('state', 'State'),
  s('zip', 'Zip Code'),
  s('country', 'Country'),
  s('company', 'Company'),
  s('source', 'Source'),
  s('label', 'Label (Name and Color)'),
  // A list of strings; no `type`, which would describe each item, not the list.
  { key: 'tags', label: 'Tags', list: true },
  s('secondary_email', 'Secondary Email'),
  s('secondary_phone', 'Secondary Phone'),
  s('website', 'Website'),
  s('additional_field', 'Custom Fields (Raw JSON)'),
  dt('created_at', 'Contact Created At'),
];

/** The parsed contact strings: Zapier's `list[]field` notation for arrays of objects. */
const contactsFields = (listKey: string, prefix: string): readonly Field[] => [
  s(`${listKey}[]id`, `${prefix} ID`),
  s(`${listKey}[]first_name`, `${prefix} First Name`),
  s(`${listKey}[]last_name`, `${prefix} Last Name`),
  s(`${listKey}[]email`, `${prefix} Email`),
  s(`${listKey}[]cell_phone`, `${prefix} Cell Phone`),
];
const CONTACTS_FIELDS = contactsFields('contacts', 'Contact');
const RAW_CONTACT_FIELD = s('contact', 'Contacts (Raw Text)');

const NOTE_FIELDS: readonly Field[] = [
  s('id', 'Note ID'),
  s('title', 'Note Title'),
  s('content', 'Note Content'),
  ...CONTACTS_FIELDS,
  RAW_CONTACT_FIELD,
  dt('create_at', 'Note Created At'),
];

/** What a task event tells of the task, and what delete_task's `removed_task` is parsed into. */
const TASK_DETAIL_FIELDS: readonly Field[] = [
  s('type', 'Task Type'),
  s('content', 'Task Description'),
  dt('due_date', 'Due Date'),
  { key: 'set_recurrence', label: 'Repeats', type: 'boolean' },
  s('recurrence_mode', 'Repeat Interval'),
  ...CONTACTS_FIELDS,
  RAW_CONTACT_FIELD,
  dt('create_at', 'Task Created At'),
];
const TASK_FIELDS: readonly Field[] = [s('id', 'Task ID'), ...TASK_DETAIL_FIELDS];

const DEAL_BASE_FIELDS: readonly Field[] = [
  s('id', 'Deal ID'),
  s('title', 'Deal Title'),
  s('user', 'Deal Owner'),
  s('pipe_line', 'Pipeline'),
  ...CONTACTS_FIELDS,
  RAW_CONTACT_FIELD,
];

// ---- Filters (the service delivers every event; these narrow which ones start a Zap) ----

/** One filter for the three contact events, which all carry the contact's `tags`. */
const TAG_FILTER = includesFilter('tags', {
  key: 'tag',
  label: 'Tag',
  helpText:
    'Only start the Zap for contacts with this tag, such as buyer (in any case). ' +
    'Leave blank for every contact.',
});

// ---- The table ----

/**
 * The rows of one record kind (notes, tasks) share a noun, a base payload and
 * output fields; each action changes only what its event carries differently.
 */
const family =
  (noun: string, base: RawPayload, outputFields: readonly PlainOutputField[]) =>
  (
    action: ActionValue,
    label: string,
    description: string,
    overrides: Record<string, unknown>,
  ): HookEvent => ({
    action,
    noun,
    label,
    description,
    payload: { ...base, ...overrides },
    outputFields,
  });

const note = family(
  'Note',
  {
    id: '6601a3f9c2d4e50013b7e9a1',
    title: 'Call recap',
    content: 'Discussed financing options; Jane wants a pre-approval letter by Friday.',
    contact: contactString(JANE),
    create_at: '2026-03-15T10:42:03.118Z',
  },
  NOTE_FIELDS,
);

const task = family(
  'Task',
  {
    id: '6601b4e2c2d4e50013b7ea07',
    contact: contactString(JANE),
    type: 'call',
    content: 'Call Jane about the pre-approval letter',
    due_date: '2026-03-20T17:00:00.000Z',
    set_recurrence: true,
    recurrence_mode: 'WEEK',
    create_at: '2026-03-15T11:05:47.902Z',
  },
  TASK_FIELDS,
);

export const HOOK_EVENTS: readonly HookEvent[] = [
  {
    action: 'add_contact',
    noun: 'Contact',
    label: 'New Contact',
    description: 'Triggers when a contact is added.',
    payload: contactRecord({}),
    outputFields: CONTACT_RECORD_FIELDS,
    filters: [TAG_FILTER],
  },
  {
    action: 'update_contact',
    noun: 'Contact',
    label: 'Updated Contact',
    description: "Triggers when a contact's details are changed.",
    payload: contactRecord({
      cell_phone: '+14155550177',
      label: 'name: Customer,color: #43a047',
      tags: ['buyer', 'open-house', 'pre-approved'],
    }),
    outputFields: CONTACT_RECORD_FIELDS,
    filters: [TAG_FILTER],
  },
  {
    action: 'delete_contact',
    noun: 'Contact',
    label: 'Deleted Contact',
    description: 'Triggers when a contact is deleted, once for each contact.',
    // The one-contact shape; the bulk shape (num, contacts, removed_date) gives
    // one item per contact in this shape.
    payload: contactRecord({ tags: ['buyer'], label: '' }),
    outputFields: CONTACT_RECORD_FIELDS,
    expand: bulkContactsOf,
  },
  {
    action: 'add_deal',
    noun: 'Deal',
    label: 'New Deal',
    description: 'Triggers when a deal is created.',
    payload: {
      id: DEAL_ID,
      title: DEAL_TITLE,
      user: USER_NAME,
      contact: `${contactString(JANE)},${contactString(OMAR)}`,
      pipe_line: 'Buyers',
      deal_stage: 'Qualified',
      additional_field: '{}',
      create_at: '2026-03-16T09:20:11.402Z',
    },
    outputFields: [
      ...DEAL_BASE_FIELDS,
      s('deal_stage', 'Deal Stage'),
      s('additional_field', 'Custom Fields (Raw JSON)'),
      dt('create_at', 'Deal Created At'),
    ],
  },
  {
    action: 'move_deal',
    noun: 'Deal',
    label: 'Deal Moved to Another Stage',
    description: 'Triggers when a deal moves to another stage.',
    payload: {
      id: DEAL_ID,
      title: DEAL_TITLE,
      user: USER_NAME,
      contact: contactString(JANE),
      pipe_line: 'Buyers',
      deal_source: 'Qualified',
      deal_target: 'Under Contract',
      create_at: '2026-03-18T14:31:55.027Z',
    },
    outputFields: [
      ...DEAL_BASE_FIELDS,
      s('deal_source', 'Previous Stage'),
      s('deal_target', 'New Stage'),
      dt('create_at', 'Deal Moved At'),
    ],
    filters: [
      equalsFilter('deal_target', {
        key: 'deal_target',
        label: 'New Stage',
        helpText:
          'Only start the Zap when the deal moves into this stage, such as Under Contract ' +
          '(in any case). Leave blank for every move.',
      }),
    ],
  },
  {
    action: 'send_material',
    noun: 'Material',
    label: 'Material Sent',
    description: 'Triggers when a video, PDF or image is sent to a contact.',
    payload: {
      subject: 'Your private tour of 1200 Market Street',
      contact: contactString(JANE),
      video:
        '[65e0c1d2b3a4f50012cd7701,VIDEO,Virtual Tour - 1200 Market Street],' +
        '[65e0c1d2b3a4f50012cd7702,VIDEO,Meet Your Agent]',
      pdf: '[65e0c1d2b3a4f50012cd7810,PDF,Buyer Guide 2026]',
      image: '',
      create_at: '2026-03-17T16:02:40.771Z',
    },
    outputFields: [
      s('id', 'Event ID'),
      s('subject', 'Email Subject'),
      ...CONTACTS_FIELDS,
      RAW_CONTACT_FIELD,
      s('materials[]id', 'Material ID'),
      s('materials[]type', 'Material Type'),
      s('materials[]title', 'Material Title'),
      s('video', 'Videos (Raw Text)'),
      s('pdf', 'PDFs (Raw Text)'),
      s('image', 'Images (Raw Text)'),
      dt('create_at', 'Material Sent At'),
    ],
    filters: [
      sentMaterialFilter({
        key: 'material_type',
        label: 'Material Type',
        helpText:
          'Only start the Zap when the send includes material of this type. ' +
          'Leave blank for every send.',
      }),
    ],
  },
  {
    action: 'watch_material',
    noun: 'Material',
    label: 'Material Watched',
    description: 'Triggers when a contact watches a video or opens a PDF or image you sent.',
    payload: {
      // The one contact string the service sends without brackets.
      contact: `${JANE.id},${JANE.first},${JANE.last},${JANE.email},${JANE.phone}`,
      material_id: '65e0c1d2b3a4f50012cd7701',
      material_type: 'VIDEO',
      material_title: 'Virtual Tour - 1200 Market Street',
      material_amount: 87,
      create_at: '2026-03-17T18:26:09.314Z',
    },
    outputFields: [
      s('id', 'Event ID'),
      ...CONTACTS_FIELDS,
      RAW_CONTACT_FIELD,
      s('material_id', 'Material ID'),
      s('material_type', 'Material Type'),
      s('material_title', 'Material Title'),
      {
        key: 'material_amount',
        label: 'Amount Watched (Percent or Pages)',
        type: 'number',
      },
      dt('create_at', 'Material Watched At'),
    ],
    filters: [
      equalsFilter('material_type', {
        key: 'material_type',
        label: 'Material Type',
        helpText: 'Only start the Zap for material of this type. Leave blank for every type.',
        choices: MATERIAL_TYPE_CHOICES,
      }),
      watchedAmountFilter({
        key: 'min_amount',
        label: 'Minimum Amount',
        helpText:
          'Only start the Zap from this amount up: the percent of a video watched (such as 50) ' +
          'or the pages of a PDF read. An image counts as 1.',
      }),
    ],
  },
  {
    action: 'assigned_automation',
    noun: 'Automation',
    label: 'Automation Assigned',
    description: 'Triggers when an automation is assigned to a contact or a deal.',
    payload: {
      id: '65d8a0b1e2f3c40011aa5501',
      title: 'New Buyer Nurture',
      type: 'deal',
      deal: `[${DEAL_ID},${DEAL_TITLE},${contactString(JANE)}]`,
      contact: contactString(JANE),
      create_at: '2026-03-16T09:21:02.650Z',
    },
    outputFields: [
      s('id', 'Automation ID'),
      s('title', 'Automation Title'),
      s('type', 'Automation Type'),
      s('deal', 'Deals (Raw Text)'),
      ...CONTACTS_FIELDS,
      RAW_CONTACT_FIELD,
      dt('create_at', 'Automation Assigned At'),
    ],
  },
  note('create_note', 'New Note', 'Triggers when a note is added to a contact.', {}),
  note('update_note', 'Updated Note', 'Triggers when a note on a contact is edited.', {
    content:
      'Discussed financing options; Jane wants a pre-approval letter by Friday. Sent lender list.',
    create_at: '2026-03-15T12:10:30.004Z',
  }),
  note('delete_note', 'Deleted Note', 'Triggers when a note on a contact is deleted.', {
    create_at: '2026-03-19T08:45:12.360Z',
  }),
  task('create_task', 'New Task', 'Triggers when a task is scheduled for a contact.', {}),
  task('update_task', 'Updated Task', 'Triggers when a task for a contact is changed.', {
    due_date: '2026-03-21T17:00:00.000Z',
    set_recurrence: false,
    recurrence_mode: '',
    create_at: '2026-03-16T08:12:19.551Z',
  }),
  {
    action: 'delete_task',
    noun: 'Task',
    label: 'Deleted Task',
    description: 'Triggers when a task is deleted, once for each task.',
    payload: {
      num: 1,
      // `[type,content,[contact],due date,repeats,interval,created`, the dates
      // written by String(date), with no closing bracket and no task id.
      removed_task:
        `[call,Call Jane about the pre-approval letter,${contactString(JANE)},` +
        'Fri Mar 20 2026 17:00:00 GMT+0000 (Coordinated Universal Time),true,WEEK,' +
        'Sun Mar 15 2026 11:05:47 GMT+0000 (Coordinated Universal Time)',
      removed_date: '2026-03-19T09:02:44.873Z',
    },
    // The task fields where removed_task is readable (one item per task, with
    // its own part of removed_task), beside num and removed_date as sent.
    outputFields: [
      s('id', 'Event ID'),
      ...TASK_DETAIL_FIELDS,
      { key: 'num', label: 'Number of Deleted Tasks', type: 'number' },
      s('removed_task', 'Deleted Task (Raw Text)'),
      dt('removed_date', 'Deleted At'),
    ],
    expand: removedTasksOf,
  },
  {
    action: 'lead_source',
    // The editor says "No new lead found"; its fields are labelled as a contact's.
    noun: 'Lead',
    label: 'New Lead',
    description: 'Triggers when a new lead comes in, such as from a lead capture form.',
    payload: contactRecord({
      id: OMAR.id,
      first_name: OMAR.first,
      last_name: OMAR.last,
      email: OMAR.email,
      cell_phone: OMAR.phone,
      address: '',
      city: 'Chicago',
      state: 'IL',
      zip: '',
      company: '',
      source: 'Lead Capture',
      label: 'name: New,color: #1e88e5',
      tags: ['lead-capture'],
      secondary_email: '',
      secondary_phone: '',
      website: '',
      created_at: '2026-03-18T19:48:03.226Z',
    }),
    outputFields: CONTACT_RECORD_FIELDS,
    filters: [TAG_FILTER],
  },
];

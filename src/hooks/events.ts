// The table of CRMGrow's webhook events: labels, output fields and filters, one plain row each;
// their sample bodies are SAMPLE_BODIES. The trigger factory, the tests and the sandbox read it.
import type { PlainInputField, PlainOutputField, ZObject } from 'zapier-platform-core';
import type { JsonObject } from '../lib/json';
import { MATERIALS } from '../lib/lists';
import { quote } from '../lib/text';
import { amountFilter, textFilter, type Filter } from './filters';
import { SAMPLE_BODIES } from './samples';

export type ActionValue = keyof typeof SAMPLE_BODIES;
export const ACTION_VALUES = Object.keys(SAMPLE_BODIES) as ActionValue[];

export interface HookEvent {
  readonly action: ActionValue;
  /** What one event is about, for Zapier's UI ("Contact", "Deal", ...). */
  readonly noun: string;
  readonly label: string;
  readonly description: string;
  readonly outputFields: readonly PlainOutputField[];
  readonly filters?: readonly Filter[];
  /** The text fields read into parsed ones (src/hooks/items.ts): `contact` into contacts and the
   * first contact, `video`, `pdf` and `image` into materials, `deal` into deals, `label` into its
   * name and color, `additional_field` into custom fields. Their output fields are in the row. */
  readonly reads: readonly Reading[];
  /** A body fanned out into one item per record: a bulk delete's `contacts`, or `removed_task`. */
  readonly fanOut?: 'contacts' | 'removed_task';
  /** An input CRMGrow itself reads, sent as the subscription's `data`: it filters before posting. */
  readonly subscribeInput?: SubscribeInput;
}

type Reading = 'contacts' | 'materials' | 'deals' | 'label' | 'custom fields';

interface SubscribeInput {
  readonly field: PlainInputField;
  /** The subscription's `data` for the Zap's inputs; an error for a value CRMGrow cannot use. */
  readonly dataOf: (z: ZObject, inputData: Readonly<Record<string, unknown>>) => JsonObject;
}

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
  s('label_name', 'Label Name'),
  s('label_color', 'Label Color'),
  s('label', 'Label (Raw Text)'),
  // A list of strings; no `type`, which would describe each item, not the list.
  { key: 'tags', label: 'Tags', list: true },
  s('secondary_email', 'Secondary Email'),
  s('secondary_phone', 'Secondary Phone'),
  s('website', 'Website'),
  s('additional_field', 'Custom Fields (Raw JSON)'),
  dt('created_at', 'Contact Created At'),
];

/** A contact string read into its first contact, for a step that takes one, and all of them as
 * line items (Zapier's `list[]field` keys), and as sent. */
const CONTACT_STRING_FIELDS: readonly Field[] = [
  s('first_contact_id', 'First Contact ID'),
  s('first_contact_first_name', 'First Contact First Name'),
  s('first_contact_last_name', 'First Contact Last Name'),
  s('first_contact_email', 'First Contact Email'),
  s('first_contact_cell_phone', 'First Contact Cell Phone'),
  { key: 'contact_count', label: 'Number of Contacts', type: 'number' },
  s('contacts[]id', 'Contacts ID'),
  s('contacts[]first_name', 'Contacts First Name'),
  s('contacts[]last_name', 'Contacts Last Name'),
  s('contacts[]email', 'Contacts Email'),
  s('contacts[]cell_phone', 'Contacts Cell Phone'),
  s('contact', 'Contacts (Raw Text)'),
];

// Made from the event's content, so the same event gets the same one: CRMGrow sends no id.
const EVENT_FINGERPRINT = s('id', 'Event ID (Made by Zapier, Not in CRMGrow)');

const NOTE_FIELDS: readonly Field[] = [
  s('id', 'Note ID'),
  s('title', 'Note Title'),
  s('content', 'Note Content'),
  ...CONTACT_STRING_FIELDS,
  dt('create_at', 'Note Created At'),
];

/** The task fields of a task event, and those delete_task's `removed_task` is read into. */
const TASK_DETAIL_FIELDS: readonly Field[] = [
  s('type', 'Task Type'),
  s('content', 'Task Description'),
  dt('due_date', 'Due Date'),
  { key: 'set_recurrence', label: 'Repeats', type: 'boolean' },
  s('recurrence_mode', 'Repeat Interval'),
  ...CONTACT_STRING_FIELDS,
  dt('create_at', 'Task Created At'),
];
const TASK_FIELDS: readonly Field[] = [s('id', 'Task ID'), ...TASK_DETAIL_FIELDS];

const DEAL_BASE_FIELDS: readonly Field[] = [
  s('id', 'Deal ID'),
  s('title', 'Deal Title'),
  s('user', 'Deal Owner'),
  s('pipe_line', 'Pipeline'),
  ...CONTACT_STRING_FIELDS,
];

const MATCHED_WHOLE = 'matched whole; not case-sensitive, and accents are ignored.';
const tagFilter = (when: string) =>
  textFilter(
    {
      key: 'tag',
      label: 'Tag',
      helpText: `Only start the Zap for contacts with this tag, such as buyer${when}. One tag, ${MATCHED_WHOLE} Leave blank for every contact.`,
    },
    'tags',
  );
const TAG_FILTER = tagFilter('');
// CRMGrow sends a contact as it is now, with nothing of what it was: a tag filter cannot tell
// the edit that added the tag from any later one.
const UPDATED_TAG_FILTER = tagFilter(
  ': every change to such a contact starts it, not only the one that adds the tag',
);

const PIPELINE_FILTER = textFilter(
  {
    key: 'pipe_line',
    label: 'Pipeline',
    helpText: `Only start the Zap for deals in this pipeline, such as Buyers. One pipeline, ${MATCHED_WHOLE} Leave blank for every pipeline.`,
  },
  'pipe_line',
);

const materialTitleFilter = (path: string) =>
  textFilter(
    {
      key: 'material_title',
      label: 'Material Title',
      helpText: `Only start the Zap for the video, PDF or image with this title, such as Virtual Tour. One title, ${MATCHED_WHOLE} Leave blank for every material.`,
    },
    path,
  );

const ADD_DEAL_FIELDS = [
  ...DEAL_BASE_FIELDS,
  s('deal_stage', 'Deal Stage'),
  s('additional_field', 'Custom Fields (Raw JSON)'),
  dt('create_at', 'Deal Created At'),
];

const MOVE_DEAL_FIELDS = [
  ...DEAL_BASE_FIELDS,
  s('deal_source', 'Previous Stage'),
  s('deal_target', 'New Stage'),
  dt('create_at', 'Deal Moved At'),
];

const NEW_STAGE_FILTER = textFilter(
  {
    key: 'deal_target',
    label: 'New Stage',
    helpText:
      'Only start the Zap when the deal moves into this stage, such as Under Contract. One ' +
      `stage, ${MATCHED_WHOLE} Leave blank for every move.`,
  },
  'deal_target',
);

const SEND_MATERIAL_FIELDS = [
  EVENT_FINGERPRINT,
  s('subject', 'Email Subject'),
  ...CONTACT_STRING_FIELDS,
  s('materials[]id', 'Material ID'),
  s('materials[]type', 'Material Type'),
  s('materials[]title', 'Material Title'),
  s('video', 'Videos (Raw Text)'),
  s('pdf', 'PDFs (Raw Text)'),
  s('image', 'Images (Raw Text)'),
  dt('create_at', 'Material Sent At'),
];

const MATERIAL_TYPE_CHOICES = MATERIALS.map(({ type, label }) => ({
  value: type,
  sample: type,
  label,
}));

const SENT_MATERIAL_FILTER = textFilter(
  {
    key: 'material_type',
    label: 'Material Type',
    helpText:
      'Only start the Zap when the send includes material of this type. ' +
      'Leave blank for every send.',
    choices: MATERIAL_TYPE_CHOICES,
  },
  'materials[]type',
);

const WATCH_MATERIAL_FIELDS: Field[] = [
  EVENT_FINGERPRINT,
  ...CONTACT_STRING_FIELDS,
  s('material_id', 'Material ID'),
  s('material_type', 'Material Type'),
  s('material_title', 'Material Title'),
  { key: 'material_amount', label: 'Amount Watched (Percent or Pages)', type: 'number' },
  dt('create_at', 'Material Watched At'),
];

const WATCH_FILTERS = [
  textFilter(
    {
      key: 'material_type',
      label: 'Material Type',
      helpText: 'Only start the Zap for material of this type. Leave blank for every type.',
      choices: MATERIAL_TYPE_CHOICES,
    },
    'material_type',
  ),
  materialTitleFilter('material_title'),
  amountFilter({
    key: 'min_amount',
    label: 'Minimum Amount (Percent or Pages)',
    helpText:
      'Only start the Zap from this amount up: the percent of a video watched (such as 50) ' +
      'or the pages of a PDF read, so choose a Material Type too. An image counts as 1.',
  }),
];

const AUTOMATION_FIELDS = [
  s('id', 'Automation ID'),
  s('title', 'Automation Title'),
  // The automation's own type (Teamgrow-Backend a2ec244, src/helpers/outbound.js).
  s('type', 'Automation Type (Contact, Deal or Any)'),
  s('deals[]id', 'Deals ID'),
  s('deals[]title', 'Deals Title'),
  s('deal', 'Deals (Raw Text)'),
  ...CONTACT_STRING_FIELDS,
  dt('create_at', 'Automation Assigned At'),
];

/** delete_task's items: one per task read from removed_task, beside num and removed_date. */
/** A delete of several contacts gives each the time of the delete; a delete of one has none. */
const DELETE_CONTACT_FIELDS: Field[] = [...CONTACT_RECORD_FIELDS, dt('removed_date', 'Deleted At')];

const DELETE_TASK_FIELDS: Field[] = [
  EVENT_FINGERPRINT,
  ...TASK_DETAIL_FIELDS,
  { key: 'num', label: 'Number of Deleted Tasks', type: 'number' },
  s('removed_task', 'Deleted Task (Raw Text)'),
  dt('removed_date', 'Deleted At'),
];

const LEAD_TYPES = [
  { value: 'all', label: 'All' },
  { value: 'leadform', label: 'Lead Form' },
  { value: 'leadschedule', label: 'Lead Schedule' },
];

// CRMGrow posts a lead only to a subscription whose `data` names the lead's type, or "all", and
// the lead's form, or "0" for every one (Teamgrow-Backend a2ec244, src/helpers/outbound.js,
// outboundCallhookApi). A service that follows the API spec alone ignores `data`.
const LEAD_TYPE: SubscribeInput = {
  field: {
    key: 'lead_type',
    label: 'Lead Type',
    helpText:
      'Only start the Zap for leads of this type: from a lead form, or from a scheduled ' +
      'meeting. Leave blank for every lead.',
    required: false,
    type: 'string',
    choices: LEAD_TYPES.map((choice) => ({ ...choice, sample: choice.value })),
  },
  dataOf: (z, { lead_type: raw }) => {
    const given = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
    const type = LEAD_TYPES.find(({ value, label }) => given === value || given === label);
    if (given && !type) {
      throw new z.errors.Error(
        `The "Lead Type" field needs All, Lead Form or Lead Schedule, but got ${quote(given, 40)}. Choose one, or leave it blank for every lead.`,
        'invalid_input',
      );
    }
    return { type: type?.value ?? 'all', lead: '0' };
  },
};

/** What an event is about, reads and offers: shared by the events of one record type. */
type Shape = Omit<HookEvent, 'action' | 'label' | 'description'>;
const CONTACT: Shape = {
  noun: 'Contact',
  outputFields: CONTACT_RECORD_FIELDS,
  reads: ['label', 'custom fields'],
  filters: [TAG_FILTER],
};
const NOTE: Shape = { noun: 'Note', outputFields: NOTE_FIELDS, reads: ['contacts'] };
const TASK: Shape = { noun: 'Task', outputFields: TASK_FIELDS, reads: ['contacts'] };

const row = (action: ActionValue, label: string, description: string, shape: Shape): HookEvent => ({
  action,
  label,
  description,
  ...shape,
});

export const HOOK_EVENTS: readonly HookEvent[] = [
  row('add_contact', 'New Contact', 'Triggers when a contact is added.', CONTACT),
  row('update_contact', 'Updated Contact', "Triggers when a contact's details are changed.", {
    ...CONTACT,
    filters: [UPDATED_TAG_FILTER],
  }),
  row(
    'delete_contact',
    'Deleted Contact',
    'Triggers when a contact is deleted, once for each contact.',
    {
      noun: 'Contact',
      outputFields: DELETE_CONTACT_FIELDS,
      reads: ['label', 'custom fields'],
      fanOut: 'contacts',
    },
  ),
  row('add_deal', 'New Deal', 'Triggers when a deal is created.', {
    noun: 'Deal',
    outputFields: ADD_DEAL_FIELDS,
    reads: ['contacts', 'custom fields'],
    filters: [PIPELINE_FILTER],
  }),
  row('move_deal', 'Deal Moved to Another Stage', 'Triggers when a deal moves to another stage.', {
    noun: 'Deal',
    outputFields: MOVE_DEAL_FIELDS,
    reads: ['contacts'],
    filters: [PIPELINE_FILTER, NEW_STAGE_FILTER],
  }),
  row(
    'send_material',
    'Material Sent',
    'Triggers when a video, PDF or image is sent to a contact.',
    {
      noun: 'Material',
      outputFields: SEND_MATERIAL_FIELDS,
      reads: ['contacts', 'materials'],
      filters: [SENT_MATERIAL_FILTER, materialTitleFilter('materials[]title')],
    },
  ),
  row(
    'watch_material',
    'Material Watched',
    'Triggers when a contact watches a video or opens a PDF or image you sent.',
    {
      noun: 'Material',
      outputFields: WATCH_MATERIAL_FIELDS,
      reads: ['contacts'],
      filters: WATCH_FILTERS,
    },
  ),
  row(
    'assigned_automation',
    'Automation Assigned',
    'Triggers when an automation is assigned to a contact or a deal.',
    { noun: 'Automation', outputFields: AUTOMATION_FIELDS, reads: ['contacts', 'deals'] },
  ),
  row('create_note', 'New Note', 'Triggers when a note is added to a contact.', NOTE),
  row('update_note', 'Updated Note', 'Triggers when a note on a contact is edited.', NOTE),
  row('delete_note', 'Deleted Note', 'Triggers when a note on a contact is deleted.', NOTE),
  row('create_task', 'New Task', 'Triggers when a task is scheduled for a contact.', TASK),
  row('update_task', 'Updated Task', 'Triggers when a task for a contact is changed.', TASK),
  row('delete_task', 'Deleted Task', 'Triggers when a task is deleted, once for each task.', {
    noun: 'Task',
    outputFields: DELETE_TASK_FIELDS,
    reads: ['contacts'],
    fanOut: 'removed_task',
  }),
  // The editor says "No new lead found"; its fields are labelled as a contact's.
  row(
    'lead_source',
    'New Lead',
    'Triggers when a new lead comes in, such as from a lead capture form.',
    { ...CONTACT, noun: 'Lead', subscribeInput: LEAD_TYPE },
  ),
];

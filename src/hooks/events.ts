// The table of CRMGrow's webhook events: labels, output fields, filters and sample bodies. The
// trigger factory, the tests and the sandbox read it.
import type { PlainOutputField } from 'zapier-platform-core';
import type { JsonObject } from '../lib/json';
import { amountFilter, MATERIAL_TYPE_CHOICES, textFilter, type Filter } from './filters';
import { SAMPLE_BODIES } from './samples';

export type ActionValue = keyof typeof SAMPLE_BODIES;
export const ACTION_VALUES = Object.keys(SAMPLE_BODIES) as ActionValue[];

export interface HookEvent {
  readonly action: ActionValue;
  /** What one event is about, for Zapier's UI ("Contact", "Deal", ...). */
  readonly noun: string;
  readonly label: string;
  readonly description: string;
  readonly sample: JsonObject;
  readonly outputFields: readonly PlainOutputField[];
  readonly filters?: readonly Filter[];
  /** A body that can hold several records: a bulk delete's `contacts`, or `removed_task`. */
  readonly expand?: 'contacts' | 'removed_task';
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
  s('label', 'Label (Name and Color)'),
  // A list of strings; no `type`, which would describe each item, not the list.
  { key: 'tags', label: 'Tags', list: true },
  s('secondary_email', 'Secondary Email'),
  s('secondary_phone', 'Secondary Phone'),
  s('website', 'Website'),
  s('additional_field', 'Custom Fields (Raw JSON)'),
  dt('created_at', 'Contact Created At'),
];

/** A contact string read into `contacts` (Zapier's `list[]field` keys), and as sent. */
const CONTACT_STRING_FIELDS: readonly Field[] = [
  s('contacts[]id', 'Contact ID'),
  s('contacts[]first_name', 'Contact First Name'),
  s('contacts[]last_name', 'Contact Last Name'),
  s('contacts[]email', 'Contact Email'),
  s('contacts[]cell_phone', 'Contact Cell Phone'),
  s('contact', 'Contacts (Raw Text)'),
];

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

const TAG_FILTER = textFilter(
  {
    key: 'tag',
    label: 'Tag',
    helpText:
      'Only start the Zap for contacts with this tag, such as buyer (in any case). ' +
      'Leave blank for every contact.',
  },
  'tags',
);

/** The rows of one record kind share a noun, output fields, filters and `expand`. */
const family =
  (
    noun: string,
    outputFields: readonly Field[],
    more: Pick<HookEvent, 'filters' | 'expand'> = {},
  ) =>
  (action: ActionValue, label: string, description: string): HookEvent => ({
    action,
    noun,
    label,
    description,
    sample: SAMPLE_BODIES[action],
    outputFields,
    ...more,
  });
const contact = family('Contact', CONTACT_RECORD_FIELDS, { filters: [TAG_FILTER] });
const note = family('Note', NOTE_FIELDS);
const task = family('Task', TASK_FIELDS);

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
      'Only start the Zap when the deal moves into this stage, such as Under Contract ' +
      '(in any case). Leave blank for every move.',
  },
  'deal_target',
);

const SEND_MATERIAL_FIELDS = [
  s('id', 'Event ID'),
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
  s('id', 'Event ID'),
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
  amountFilter({
    key: 'min_amount',
    label: 'Minimum Amount',
    helpText:
      'Only start the Zap from this amount up: the percent of a video watched (such as 50) ' +
      'or the pages of a PDF read. An image counts as 1.',
  }),
];

const AUTOMATION_FIELDS = [
  s('id', 'Automation ID'),
  s('title', 'Automation Title'),
  s('type', 'Automation Type'),
  s('deal', 'Deals (Raw Text)'),
  ...CONTACT_STRING_FIELDS,
  dt('create_at', 'Automation Assigned At'),
];

/** delete_task's items: one per task read from removed_task, beside num and removed_date. */
const DELETE_TASK_FIELDS: Field[] = [
  s('id', 'Event ID'),
  ...TASK_DETAIL_FIELDS,
  { key: 'num', label: 'Number of Deleted Tasks', type: 'number' },
  s('removed_task', 'Deleted Task (Raw Text)'),
  dt('removed_date', 'Deleted At'),
];

export const HOOK_EVENTS: readonly HookEvent[] = [
  contact('add_contact', 'New Contact', 'Triggers when a contact is added.'),
  contact('update_contact', 'Updated Contact', "Triggers when a contact's details are changed."),
  family('Contact', CONTACT_RECORD_FIELDS, { expand: 'contacts' })(
    'delete_contact',
    'Deleted Contact',
    'Triggers when a contact is deleted, once for each contact.',
  ),
  family('Deal', ADD_DEAL_FIELDS)('add_deal', 'New Deal', 'Triggers when a deal is created.'),
  family('Deal', MOVE_DEAL_FIELDS, { filters: [NEW_STAGE_FILTER] })(
    'move_deal',
    'Deal Moved to Another Stage',
    'Triggers when a deal moves to another stage.',
  ),
  family('Material', SEND_MATERIAL_FIELDS, { filters: [SENT_MATERIAL_FILTER] })(
    'send_material',
    'Material Sent',
    'Triggers when a video, PDF or image is sent to a contact.',
  ),
  family('Material', WATCH_MATERIAL_FIELDS, { filters: WATCH_FILTERS })(
    'watch_material',
    'Material Watched',
    'Triggers when a contact watches a video or opens a PDF or image you sent.',
  ),
  family('Automation', AUTOMATION_FIELDS)(
    'assigned_automation',
    'Automation Assigned',
    'Triggers when an automation is assigned to a contact or a deal.',
  ),
  note('create_note', 'New Note', 'Triggers when a note is added to a contact.'),
  note('update_note', 'Updated Note', 'Triggers when a note on a contact is edited.'),
  note('delete_note', 'Deleted Note', 'Triggers when a note on a contact is deleted.'),
  task('create_task', 'New Task', 'Triggers when a task is scheduled for a contact.'),
  task('update_task', 'Updated Task', 'Triggers when a task for a contact is changed.'),
  family('Task', DELETE_TASK_FIELDS, { expand: 'removed_task' })(
    'delete_task',
    'Deleted Task',
    'Triggers when a task is deleted, once for each task.',
  ),
  // The editor says "No new lead found"; its fields are labelled as a contact's.
  family('Lead', CONTACT_RECORD_FIELDS, { filters: [TAG_FILTER] })(
    'lead_source',
    'New Lead',
    'Triggers when a new lead comes in, such as from a lead capture form.',
  ),
];

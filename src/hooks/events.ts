// The table of CRMGrow's webhook events: labels, output fields, what each reads, its filters (from
// filters.ts), one plain row each;
// their sample bodies are SAMPLE_BODIES. The trigger factory, the tests and the sandbox read it.
import type { PlainOutputField } from 'zapier-platform-core';
import { CONTACT_RECORD_FIELDS } from '../lib/fields';
import { FILTERS, LEAD_SOURCE, type Filter, type SubscribeInput } from './filters';
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
   * name and color, `additional_field` into custom fields, a video's amount into its rounded
   * percent. Their output fields are in the row. */
  readonly reads: readonly Reading[];
  /** A body fanned out into one item per record: a bulk delete's `contacts`, or `removed_task`. */
  readonly fanOut?: 'contacts' | 'removed_task';
  /** An input CRMGrow itself reads, sent as the subscription's `data`: it filters before posting. */
  readonly subscribeInput?: SubscribeInput;
}

type Reading = 'contacts' | 'materials' | 'deals' | 'label' | 'custom fields' | 'video percent';

type Field = PlainOutputField;
const s = (key: string, label: string): Field => ({ key, label, type: 'string' });
const dt = (key: string, label: string): Field => ({ key, label, type: 'datetime' });

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
const EVENT_FINGERPRINT = s('id', 'Event ID (Not a CRMGrow ID)');

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
  // The deal's own creation time: CRMGrow sends no time of the move (Teamgrow-Backend a2ec244,
  // src/helpers/outbound.js, the move-deal serializer: `create_at: deal.created_at`).
  dt('create_at', 'Deal Created At'),
];

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

const WATCH_MATERIAL_FIELDS: Field[] = [
  EVENT_FINGERPRINT,
  ...CONTACT_STRING_FIELDS,
  s('material_id', 'Material ID'),
  s('material_type', 'Material Type'),
  s('material_title', 'Material Title'),
  // A video's watched percent unrounded, a PDF's page count when it is opened, 1 for an image
  // (Teamgrow-Backend a2ec244, src/controllers/tracker.js).
  {
    key: 'material_amount',
    label: 'Amount (Video Percent Watched, PDF Page Count, 1 for an Image)',
    type: 'number',
  },
  { key: 'video_percent', label: 'Video Percent Watched (Rounded)', type: 'number' },
  dt('create_at', 'Material Watched At'),
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

/** A delete of several contacts gives each the time of the delete; a delete of one has none. */
const DELETE_CONTACT_FIELDS: Field[] = [...CONTACT_RECORD_FIELDS, dt('removed_date', 'Deleted At')];

/** delete_task's items: one per task read from removed_task, beside num and removed_date. */
const DELETE_TASK_FIELDS: Field[] = [
  EVENT_FINGERPRINT,
  ...TASK_DETAIL_FIELDS,
  { key: 'num', label: 'Number of Deleted Tasks', type: 'number' },
  s('removed_task', 'Deleted Task (Raw Text)'),
  dt('removed_date', 'Deleted At'),
];

/** What an event is about, reads and offers: shared by the events of one record type. */
type Shape = Omit<HookEvent, 'action' | 'label' | 'description'>;
const CONTACT: Shape = {
  noun: 'Contact',
  outputFields: CONTACT_RECORD_FIELDS,
  reads: ['label', 'custom fields'],
  filters: [FILTERS.tag],
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
  row(
    'add_contact',
    'New Contact',
    'Triggers when a contact is added one at a time, not by an import, a lead form (see New Lead), or a send or note to a new address.',
    CONTACT,
  ),
  row(
    'update_contact',
    'Updated Contact',
    "Triggers when a contact's details are edited one contact at a time, with the contact as it is after the edit; bulk edits and merges do not trigger it.",
    {
      ...CONTACT,
      filters: [FILTERS.updatedTag],
    },
  ),
  row(
    'delete_contact',
    'Deleted Contact',
    'Triggers when contacts are deleted, once for each contact, not when contacts are merged or moved to another account.',
    {
      noun: 'Contact',
      outputFields: DELETE_CONTACT_FIELDS,
      reads: ['label', 'custom fields'],
      fanOut: 'contacts',
    },
  ),
  row(
    'add_deal',
    'New Deal',
    "Triggers when a deal is created one at a time, not by an import, a bulk add, or a new contact's deal stage.",
    {
      noun: 'Deal',
      outputFields: ADD_DEAL_FIELDS,
      reads: ['contacts', 'custom fields'],
      filters: [FILTERS.pipeline],
    },
  ),
  row(
    'move_deal',
    'Deal Moved to Another Stage',
    "Triggers when a deal moves to another stage; the event carries the deal's creation time, not the time of the move.",
    {
      noun: 'Deal',
      outputFields: MOVE_DEAL_FIELDS,
      reads: ['contacts'],
      filters: [FILTERS.pipeline, FILTERS.newStage],
    },
  ),
  row(
    'send_material',
    'Material Sent',
    'Triggers when you email or text videos, PDFs or images to contacts yourself, not when a Zap, a campaign or a queued send does.',
    {
      noun: 'Material',
      outputFields: SEND_MATERIAL_FIELDS,
      reads: ['contacts', 'materials'],
      filters: FILTERS.sentMaterial,
    },
  ),
  row(
    'watch_material',
    'Material Watched',
    'Triggers when a contact watches a video or opens a PDF or image you sent, every time, repeat views included.',
    {
      noun: 'Material',
      outputFields: WATCH_MATERIAL_FIELDS,
      reads: ['contacts', 'video percent'],
      filters: FILTERS.watchedMaterial,
    },
  ),
  row(
    'assigned_automation',
    'Automation Assigned',
    'Triggers when you assign an automation to contacts, not when one starts by itself, such as from a lead form, a deal stage or a tag.',
    { noun: 'Automation', outputFields: AUTOMATION_FIELDS, reads: ['contacts', 'deals'] },
  ),
  row(
    'create_note',
    'New Note',
    'Triggers when a note is added to a contact, not for notes added in bulk, to a deal, or with a new contact.',
    NOTE,
  ),
  row(
    'update_note',
    'Updated Note',
    'Triggers when a note on a contact is edited, with the note as it is after the edit.',
    NOTE,
  ),
  row(
    'delete_note',
    'Deleted Note',
    'Triggers when a note on a contact is deleted, not when its contact is deleted.',
    NOTE,
  ),
  row(
    'create_task',
    'New Task',
    "Triggers when a task is scheduled for a contact, once for each contact and once for a repeating series, not for a deal's task.",
    TASK,
  ),
  row(
    'update_task',
    'Updated Task',
    'Triggers when a task for a contact is edited, with the task as it was before the edit; completing a task does not trigger it.',
    TASK,
  ),
  row(
    'delete_task',
    'Deleted Task',
    'Triggers when tasks are deleted, once for each task, not when they go with their contact.',
    {
      noun: 'Task',
      outputFields: DELETE_TASK_FIELDS,
      reads: ['contacts'],
      fanOut: 'removed_task',
    },
  ),
  // The editor says "No new lead found"; its fields are labelled as a contact's.
  row(
    'lead_source',
    'New Lead',
    'Triggers when a lead comes in from a lead form or a scheduler booking, whether its contact is new or known.',
    { ...CONTACT, noun: 'Lead', subscribeInput: LEAD_SOURCE },
  ),
];

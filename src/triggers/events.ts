// The table of CRMGrow's webhook events: labels, output fields, what each unpacks, its filters (from
// filters.ts), one plain row each;
// each with its sample body (samples.ts). The trigger factory (hook.ts) and the tests read it.
import type { PlainOutputField } from 'zapier-platform-core';
import { CONTACT_RECORD_FIELDS } from '../lib/fields';
import { FILTERS, LEAD_SOURCE, type Filter, type SubscribeInput } from './filters';
import type { JsonObject } from '../lib/json';
import { SAMPLES } from './samples';

export interface HookEvent {
  /** The action value CRMGrow names the event by, and the trigger's key. */
  readonly action: string;
  /** What one event is about, for Zapier's UI ("Contact", "Deal", ...). */
  readonly noun: string;
  readonly label: string;
  readonly description: string;
  readonly outputFields: readonly PlainOutputField[];
  readonly filters?: readonly Filter[];
  /** The text fields read into parsed ones (src/triggers/packed-text.ts): `contact` into contacts and the
   * first contact, `video`, `pdf` and `image` into materials, `deal` into deals, `label` into its
   * name and color, `additional_field` into custom fields, a video's amount into its rounded
   * percent. Their output fields are in the row. */
  readonly unpacks: readonly Packed[];
  /** The body's field a bulk delete packs its records in, which gives one item each. */
  readonly itemPerEntryOf?: 'contacts' | 'removed_task';
  /** An input CRMGrow itself reads, sent as the subscription's `data`: it filters before posting. */
  readonly subscribeInput?: SubscribeInput;
  /** The static sample's body, in the shape CRMGrow sends. */
  readonly sample: JsonObject;
}

type Packed = 'contacts' | 'materials' | 'deals' | 'label' | 'custom fields' | 'video percent';

type Field = PlainOutputField;
const stringField = (key: string, label: string): Field => ({ key, label, type: 'string' });
const dateField = (key: string, label: string): Field => ({ key, label, type: 'datetime' });

/** A contact string read into its first contact, for a step that takes one, and all of them as
 * line items (Zapier's `list[]field` keys), and as sent. */
const CONTACT_STRING_FIELDS: readonly Field[] = [
  stringField('first_contact_id', 'First Contact ID'),
  stringField('first_contact_first_name', 'First Contact First Name'),
  stringField('first_contact_last_name', 'First Contact Last Name'),
  stringField('first_contact_email', 'First Contact Email'),
  stringField('first_contact_cell_phone', 'First Contact Cell Phone'),
  { key: 'contact_count', label: 'Number of Contacts', type: 'number' },
  stringField('contacts[]id', 'Contacts ID'),
  stringField('contacts[]first_name', 'Contacts First Name'),
  stringField('contacts[]last_name', 'Contacts Last Name'),
  stringField('contacts[]email', 'Contacts Email'),
  stringField('contacts[]cell_phone', 'Contacts Cell Phone'),
  stringField('contact', 'Contacts (Raw Text)'),
];

// Made from the event's content, so the same event gets the same one: CRMGrow sends no id.
const EVENT_FINGERPRINT = stringField('id', 'Event ID (Not a CRMGrow ID)');

const NOTE_FIELDS: readonly Field[] = [
  stringField('id', 'Note ID'),
  stringField('title', 'Note Title'),
  stringField('content', 'Note Content'),
  ...CONTACT_STRING_FIELDS,
  dateField('create_at', 'Note Created At'),
];

/** The task fields of a task event, and those delete_task's `removed_task` is read into. */
const TASK_DETAIL_FIELDS: readonly Field[] = [
  stringField('type', 'Task Type'),
  stringField('content', 'Task Description'),
  dateField('due_date', 'Due Date'),
  { key: 'set_recurrence', label: 'Repeats', type: 'boolean' },
  stringField('recurrence_mode', 'Repeat Interval'),
  ...CONTACT_STRING_FIELDS,
  dateField('create_at', 'Task Created At'),
];
const TASK_FIELDS: readonly Field[] = [stringField('id', 'Task ID'), ...TASK_DETAIL_FIELDS];

const DEAL_BASE_FIELDS: readonly Field[] = [
  stringField('id', 'Deal ID'),
  stringField('title', 'Deal Title'),
  stringField('user', 'Deal Owner'),
  stringField('pipe_line', 'Pipeline'),
  ...CONTACT_STRING_FIELDS,
];

const ADD_DEAL_FIELDS = [
  ...DEAL_BASE_FIELDS,
  stringField('deal_stage', 'Deal Stage'),
  stringField('additional_field', 'Custom Fields (Raw JSON)'),
  dateField('create_at', 'Deal Created At'),
];

const MOVE_DEAL_FIELDS = [
  ...DEAL_BASE_FIELDS,
  stringField('deal_source', 'Previous Stage'),
  stringField('deal_target', 'New Stage'),
  // The deal's own creation time: CRMGrow sends no time of the move (Teamgrow-Backend a2ec244,
  // src/helpers/outbound.js, the move-deal serializer: `create_at: deal.created_at`).
  dateField('create_at', 'Deal Created At'),
];

const SEND_MATERIAL_FIELDS = [
  EVENT_FINGERPRINT,
  stringField('subject', 'Email Subject'),
  ...CONTACT_STRING_FIELDS,
  stringField('materials[]id', 'Material ID'),
  stringField('materials[]type', 'Material Type'),
  stringField('materials[]title', 'Material Title'),
  stringField('video', 'Videos (Raw Text)'),
  stringField('pdf', 'PDFs (Raw Text)'),
  stringField('image', 'Images (Raw Text)'),
  dateField('create_at', 'Material Sent At'),
];

const WATCH_MATERIAL_FIELDS: Field[] = [
  EVENT_FINGERPRINT,
  ...CONTACT_STRING_FIELDS,
  stringField('material_id', 'Material ID'),
  stringField('material_type', 'Material Type'),
  stringField('material_title', 'Material Title'),
  // A video's watched percent unrounded, a PDF's page count when it is opened, 1 for an image
  // (Teamgrow-Backend a2ec244, src/controllers/tracker.js).
  {
    key: 'material_amount',
    label: 'Amount (Video Percent Watched, PDF Page Count, 1 for an Image)',
    type: 'number',
  },
  { key: 'video_percent', label: 'Video Percent Watched (Rounded)', type: 'number' },
  dateField('create_at', 'Material Watched At'),
];

const AUTOMATION_FIELDS = [
  stringField('id', 'Automation ID'),
  stringField('title', 'Automation Title'),
  // The automation's own type (Teamgrow-Backend a2ec244, src/helpers/outbound.js).
  stringField('type', 'Automation Type (Contact, Deal or Any)'),
  stringField('deals[]id', 'Deals ID'),
  stringField('deals[]title', 'Deals Title'),
  stringField('deal', 'Deals (Raw Text)'),
  ...CONTACT_STRING_FIELDS,
  dateField('create_at', 'Automation Assigned At'),
];

/** A delete of several contacts gives each the time of the delete; a delete of one has none. */
const DELETE_CONTACT_FIELDS: Field[] = [
  ...CONTACT_RECORD_FIELDS,
  dateField('removed_date', 'Deleted At'),
];

/** delete_task's items: one per task read from removed_task, beside num and removed_date. */
const DELETE_TASK_FIELDS: Field[] = [
  EVENT_FINGERPRINT,
  ...TASK_DETAIL_FIELDS,
  { key: 'num', label: 'Number of Deleted Tasks', type: 'number' },
  stringField('removed_task', 'Deleted Task (Raw Text)'),
  dateField('removed_date', 'Deleted At'),
];

/** What an event is about, unpacks and offers: shared by the events of one record type. */
type RecordType = Omit<HookEvent, 'action' | 'label' | 'description' | 'sample'>;
const CONTACT: RecordType = {
  noun: 'Contact',
  outputFields: CONTACT_RECORD_FIELDS,
  unpacks: ['label', 'custom fields'],
  filters: [FILTERS.tag],
};
const NOTE: RecordType = { noun: 'Note', outputFields: NOTE_FIELDS, unpacks: ['contacts'] };
const TASK: RecordType = { noun: 'Task', outputFields: TASK_FIELDS, unpacks: ['contacts'] };

const event = (
  action: string,
  label: string,
  description: string,
  recordType: RecordType,
  sample: JsonObject,
): HookEvent => ({ action, label, description, ...recordType, sample });

export const HOOK_EVENTS: readonly HookEvent[] = [
  event(
    'add_contact',
    'New Contact',
    'Triggers when a contact is added one at a time, not by an import, a lead form (see New Lead), or a send or note to a new address.',
    CONTACT,
    SAMPLES.newContact,
  ),
  event(
    'update_contact',
    'Updated Contact',
    "Triggers when a contact's details are edited one contact at a time, with the contact as it is after the edit; bulk edits and merges do not trigger it.",
    {
      ...CONTACT,
      filters: [FILTERS.updatedTag],
    },
    SAMPLES.updatedContact,
  ),
  event(
    'delete_contact',
    'Deleted Contact',
    'Triggers when contacts are deleted, once for each contact, not when contacts are merged or moved to another account.',
    {
      noun: 'Contact',
      outputFields: DELETE_CONTACT_FIELDS,
      unpacks: ['label', 'custom fields'],
      itemPerEntryOf: 'contacts',
    },
    SAMPLES.deletedContact,
  ),
  event(
    'add_deal',
    'New Deal',
    "Triggers when a deal is created one at a time, not by an import, a bulk add, or a new contact's deal stage.",
    {
      noun: 'Deal',
      outputFields: ADD_DEAL_FIELDS,
      unpacks: ['contacts', 'custom fields'],
      filters: [FILTERS.pipeline],
    },
    SAMPLES.newDeal,
  ),
  event(
    'move_deal',
    'Deal Moved to Another Stage',
    "Triggers when a deal moves to another stage; the event carries the deal's creation time, not the time of the move.",
    {
      noun: 'Deal',
      outputFields: MOVE_DEAL_FIELDS,
      unpacks: ['contacts'],
      filters: [FILTERS.pipeline, FILTERS.newStage],
    },
    SAMPLES.movedDeal,
  ),
  event(
    'send_material',
    'Material Sent',
    'Triggers when you email or text videos, PDFs or images to contacts yourself, not when a Zap, a campaign or a queued send does.',
    {
      noun: 'Material',
      outputFields: SEND_MATERIAL_FIELDS,
      unpacks: ['contacts', 'materials'],
      filters: FILTERS.sentMaterial,
    },
    SAMPLES.sentMaterial,
  ),
  event(
    'watch_material',
    'Material Watched',
    'Triggers when a contact watches a video or opens a PDF or image you sent, every time, repeat views included.',
    {
      noun: 'Material',
      outputFields: WATCH_MATERIAL_FIELDS,
      unpacks: ['contacts', 'video percent'],
      filters: FILTERS.watchedMaterial,
    },
    SAMPLES.watchedMaterial,
  ),
  event(
    'assigned_automation',
    'Automation Assigned',
    'Triggers when you assign an automation to contacts, not when one starts by itself, such as from a lead form, a deal stage or a tag.',
    { noun: 'Automation', outputFields: AUTOMATION_FIELDS, unpacks: ['contacts', 'deals'] },
    SAMPLES.assignedAutomation,
  ),
  event(
    'create_note',
    'New Note',
    'Triggers when a note is added to a contact, not for notes added in bulk, to a deal, or with a new contact.',
    NOTE,
    SAMPLES.newNote,
  ),
  event(
    'update_note',
    'Updated Note',
    'Triggers when a note on a contact is edited, with the note as it is after the edit.',
    NOTE,
    SAMPLES.updatedNote,
  ),
  event(
    'delete_note',
    'Deleted Note',
    'Triggers when a note on a contact is deleted, not when its contact is deleted.',
    NOTE,
    SAMPLES.deletedNote,
  ),
  event(
    'create_task',
    'New Task',
    "Triggers when a task is scheduled for a contact, once for each contact and once for a repeating series, not for a deal's task.",
    TASK,
    SAMPLES.newTask,
  ),
  event(
    'update_task',
    'Updated Task',
    'Triggers when a task for a contact is edited, with the task as it was before the edit; completing a task does not trigger it.',
    TASK,
    SAMPLES.updatedTask,
  ),
  event(
    'delete_task',
    'Deleted Task',
    'Triggers when tasks are deleted, once for each task, not when they go with their contact.',
    {
      noun: 'Task',
      outputFields: DELETE_TASK_FIELDS,
      unpacks: ['contacts'],
      itemPerEntryOf: 'removed_task',
    },
    SAMPLES.deletedTask,
  ),
  // The editor says "No new lead found"; its fields are labelled as a contact's.
  event(
    'lead_source',
    'New Lead',
    'Triggers when a lead comes in from a lead form or a scheduler booking, whether its contact is new or known.',
    { ...CONTACT, noun: 'Lead', subscribeInput: LEAD_SOURCE },
    SAMPLES.newLead,
  ),
];

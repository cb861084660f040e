// Create Task: a task (CRMGrow's follow-up) for the contact with that email address
// (Teamgrow-Backend a2ec244, src/routes/api/followup.js; src/controllers/follow_up.js, create).
import { defineCreate, type PlainOutputField } from 'zapier-platform-core';
import { ENDPOINTS } from '../http/endpoints';
import { choicesOf, emailInput, inputFieldOf, type Input } from '../lib/inputs';
import { outputOf, sendInputs } from './action';

const INPUTS = [
  emailInput(
    'Contact Email',
    'The email address of the contact the task is for. If no contact has it, CRMGrow adds ' +
      'one, named by the text before the @, and puts the task there.',
  ),
  {
    key: 'content',
    label: 'Description',
    format: 'text',
    helpText: 'What the task is, such as Call about the open house.',
    howToFill: 'Type what the task is, or map it from an earlier step.',
  },
  {
    key: 'due_date',
    label: 'Due Date',
    format: 'datetime',
    helpText:
      'When the task is due, such as tomorrow at 10am or 2026-12-05 10:00, or a date and time ' +
      'mapped from an earlier step.',
    howToFill: 'Type a date and time, such as 2026-12-05T10:00:00-05:00, or map one.',
  },
  {
    key: 'type',
    label: 'Task Type',
    format: 'choice',
    required: false,
    helpText: "The kind of task, as CRMGrow's task list shows it. Leave blank for none.",
    howToFill: 'Choose one, or leave it blank.',
    choices: choicesOf(['Task', 'Call', 'Meeting', 'Email', 'Text'], (type) => type.toLowerCase()),
  },
  {
    key: 'recurrence_mode',
    label: 'Repeat',
    format: 'choice',
    required: false,
    helpText: 'How often the task comes back after its due date. Leave blank for a task done once.',
    howToFill: 'Choose one, or leave it blank for a task done once.',
    choices: choicesOf(['Daily', 'Weekly', 'Monthly', 'Yearly'], (mode) => mode.toUpperCase()),
  },
] as const satisfies readonly Input[];

const string = (key: string, label: string): PlainOutputField => ({ key, label, type: 'string' });

/** Keyed and labelled as New Task's where they hold the same thing (src/triggers/events.ts). */
const OUTPUT_FIELDS: PlainOutputField[] = [
  string('id', 'Task ID'),
  string('type', 'Task Type'),
  string('content', 'Task Description'),
  { key: 'due_date', label: 'Due Date', type: 'datetime' },
  { key: 'set_recurrence', label: 'Repeats', type: 'boolean' },
  string('recurrence_mode', 'Repeat Interval'),
  string('contact_id', 'Contact ID'),
  string('email', 'Contact Email'),
  { key: 'create_at', label: 'Task Created At', type: 'datetime' },
];

const SAMPLE = {
  id: '66f1c4d2e85b3f28c6d0b152',
  type: 'call',
  content: 'Call about the open house.',
  due_date: '2026-03-16T15:00:00.000Z',
  set_recurrence: false,
  recurrence_mode: null,
  contact_id: '66e9a27fc1d34b0a8e5f7d12',
  email: 'jane.doe@example.com',
  create_at: '2026-03-14T15:09:26.535Z',
};

export const createTask = defineCreate({
  key: 'create_task',
  noun: 'Task',
  display: {
    label: 'Create Task',
    description: 'Creates a task for a contact, found by email address.',
  },
  operation: {
    inputFields: INPUTS.map(inputFieldOf),
    perform: async (z, bundle) => {
      const { values, record } = await sendInputs(z, bundle, ENDPOINTS.createTask, INPUTS, {
        // The source repeats a task only where `set_recurrence` is true (follow_up.js).
        extra: ({ recurrence_mode }) => (recurrence_mode ? { set_recurrence: true } : {}),
      });
      // A repeating task's record is the series, with no due date of its own: the one sent stands.
      return outputOf(OUTPUT_FIELDS, {
        ...values,
        set_recurrence: Boolean(values.recurrence_mode),
        ...record,
        due_date: record.due_date ?? values.due_date,
        contact_id: record.contact,
        email: values.email,
        create_at: record.created_at,
      });
    },
    sample: SAMPLE,
    outputFields: OUTPUT_FIELDS,
  },
});

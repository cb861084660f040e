// Add Note: a note on the contact with that email address.
import { defineCreate, type PlainOutputField } from 'zapier-platform-core';
import { ENDPOINTS } from '../http/endpoints';
import { emailInput, inputFieldOf, type Input } from '../lib/inputs';
import { outputOf, sendInputs } from './action';

const INPUTS = [
  emailInput(
    'Contact Email',
    'The email address of the contact to add the note to. If no contact has it, CRMGrow adds ' +
      'one, named by the text before the @, and puts the note there.',
  ),
  {
    key: 'content',
    label: 'Note',
    format: 'text',
    helpText: 'The text of the note. It can span several lines.',
    howToFill: 'Type the note, or map its text from an earlier step.',
  },
] as const satisfies readonly Input[];

const SAMPLE = {
  id: '66f0b3c9d84a2e17b5c9a041',
  status: true,
  email: 'jane.doe@example.com',
  content: 'Called about the open house on Saturday.\nWants the home buyer guide.',
  contact_id: '66e9a27fc1d34b0a8e5f7d12',
  created_at: '2026-03-14T15:09:26.535Z',
  updated_at: '2026-03-14T15:09:26.535Z',
};

const OUTPUT_FIELDS: PlainOutputField[] = [
  { key: 'id', label: 'Note ID', type: 'string' },
  { key: 'status', label: 'Added (Always True)', type: 'boolean' },
  { key: 'email', label: 'Contact Email', type: 'string' },
  { key: 'content', label: 'Note', type: 'string' },
  { key: 'contact_id', label: 'Contact ID', type: 'string' },
  { key: 'created_at', label: 'Note Created At', type: 'datetime' },
  { key: 'updated_at', label: 'Note Updated At', type: 'datetime' },
];

export const addNote = defineCreate({
  key: 'add_note',
  noun: 'Note',
  display: {
    label: 'Add Note',
    description: 'Adds a note to a contact, found by email address.',
  },
  operation: {
    inputFields: INPUTS.map(inputFieldOf),
    perform: async (z, bundle) => {
      // The API spec promises only `{"status": true}`; the service also returns the note as
      // `data`, whose fields are passed on, null when absent. `contact` is a list of ids.
      const { values, record: note } = await sendInputs(z, bundle, ENDPOINTS.addNote, INPUTS);
      const contact: unknown = Array.isArray(note.contact) ? note.contact[0] : note.contact;
      const result = { ...values, ...note, status: true, email: values.email, contact_id: contact };
      return outputOf(OUTPUT_FIELDS, result);
    },
    sample: SAMPLE,
    outputFields: OUTPUT_FIELDS,
  },
});

// Add a note to a contact, found by email address.
import { defineCreate, type PlainOutputField } from 'zapier-platform-core';
import { callApi } from '../http/client';
import { ENDPOINTS } from '../http/endpoints';
import { idOf } from '../http/ids';
import { isRecord } from '../http/json';
import { fitItem } from '../result';
import { isoDateOf } from '../text';
import { emailInput, inputFieldOf, readInputs, sentFieldsOf, type ActionInput } from './inputs';

const NOTE_INPUTS = [
  emailInput(
    'Contact Email',
    'The email address of the contact to add the note to: CRMGrow finds the contact by it.',
  ),
  {
    key: 'content',
    label: 'Note',
    kind: 'text',
    helpText: 'The text of the note. It can span several lines.',
    whenBlank: 'Type the note, or map its text from an earlier step.',
  },
] as const satisfies readonly ActionInput[];

const NOTE_SAMPLE = {
  id: '66f0b3c9d84a2e17b5c9a041',
  status: true,
  email: 'jane.doe@example.com',
  content: 'Called about the open house on Saturday.\nWants the home buyer guide.',
  contact_id: '66e9a27fc1d34b0a8e5f7d12',
  created_at: '2026-03-14T15:09:26.535Z',
  updated_at: '2026-03-14T15:09:26.535Z',
};

const NOTE_OUTPUT_FIELDS: PlainOutputField[] = [
  { key: 'id', label: 'Note ID', type: 'string' },
  { key: 'status', label: 'Added', type: 'boolean' },
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
    inputFields: NOTE_INPUTS.map(inputFieldOf),
    perform: async (z, bundle) => {
      const values = readInputs(z, bundle.inputData, NOTE_INPUTS);
      // The error layer accepts only `"status": true`: nothing else is reported as added.
      const { data } = await callApi(z, bundle, ENDPOINTS.addNote, {
        body: values,
        fields: sentFieldsOf(NOTE_INPUTS, values),
      });
      const note = isRecord(data) && isRecord(data.data) ? data.data : {};
      // The contract promises only `{"status": true}`, but the service also returns the note
      // as `data`: its fields are passed on, null when absent, so every run has the sample's keys.
      // `contact` is a list of contact ids; a lone id is taken too.
      const contact: unknown = Array.isArray(note.contact) ? note.contact[0] : note.contact;
      // The note is saved by now: a result over Zapier's limit would fail the step, and a
      // replay would add the note twice. So its echo is cut to fit; the note sent was whole.
      const result = {
        id: idOf(note._id) ?? idOf(note.id) ?? null,
        status: true,
        email: values.email,
        content: typeof note.content === 'string' ? note.content : values.content,
        contact_id: idOf(contact) ?? null,
        created_at: isoDateOf(note.created_at),
        updated_at: isoDateOf(note.updated_at),
      } satisfies Record<keyof typeof NOTE_SAMPLE, unknown>;
      return fitItem(result, (line) => z.console.log(`Add Note: ${line}`));
    },
    sample: NOTE_SAMPLE,
    outputFields: NOTE_OUTPUT_FIELDS,
  },
});

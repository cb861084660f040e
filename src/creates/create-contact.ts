// Create Contact: a new contact with its details, tags, label, custom fields and a note, sent under
// the names CRMGrow's Contact model stores (Teamgrow-Backend a2ec244, src/models/contact.js;
// src/controllers/contact.js, create). Mongoose drops any other name without a word.
import { defineCreate, type PlainOutputField } from 'zapier-platform-core';
import { ENDPOINTS } from '../http/endpoints';
import { CONTACT_RECORD_FIELDS } from '../lib/fields';
import { doNotContextify, emailInput, inputFieldOf, listInput, type Input } from '../lib/inputs';
import { outputOf, sendInputs } from './action';

/** The details written as they are, each with its help; labelled as New Contact's fields. */
const DETAILS: Readonly<Record<string, string>> = {
  first_name: "The contact's first name, such as Jane.",
  last_name: "The contact's last name, such as Doe.",
  cell_phone:
    "The contact's mobile number, best with its country code, such as +14155550100. If a contact has this number already, CRMGrow adds none.",
  address: 'The street address, such as 12 Elm Street.',
  city: 'The city of the address.',
  state: 'The state or province, by name or code. CRMGrow leaves out one it does not recognize.',
  zip: 'The zip or postal code.',
  country:
    'The country, by name or code, such as US. CRMGrow leaves out one it does not recognize.',
  company: 'The company the contact works for.',
  website: "The address of the contact's website, such as https://janedoe.example.com.",
  source: 'Where the contact came from, such as Facebook Lead Ad.',
};

const labelOf = (key: string): string =>
  CONTACT_RECORD_FIELDS.find((field) => field.key === key)?.label ?? key;

const INPUTS = [
  // CRMGrow compares this address whole, as written (contact.js, create).
  emailInput(
    'Email',
    "The contact's email address. CRMGrow needs an email or a cell phone. If a contact has " +
      'exactly this address already, CRMGrow adds none and leaves that contact as it is.',
    { lookup: false, required: false },
  ),
  ...Object.entries(DETAILS).map(([key, helpText]): Input => ({
    key,
    label: labelOf(key),
    format: 'line',
    required: false,
    helpText,
    howToFill: `Type the ${labelOf(key).toLowerCase()}, or map it from an earlier step.`,
    // The model's name for a company.
    ...(key === 'company' && { sentAs: 'brokerage' }),
  })),
  {
    key: 'tags',
    label: 'Tags',
    format: 'list',
    required: false,
    helpText:
      'Tags for the contact, one per line item or several separated by commas. CRMGrow keeps ' +
      'them in lower case.',
    howToFill: 'Type tags, or map them from an earlier step.',
  },
  {
    ...listInput(
      'label',
      'label',
      'for the contact',
      "A label's name typed or mapped works too: CRMGrow uses the first label whose name holds " +
        'it, capitals aside, or adds a label of that name.',
    ),
    // A name is as good as an id here, so the value is read as text.
    format: 'line',
    required: false,
  },
  {
    key: 'custom_fields',
    label: 'Custom Fields',
    format: 'dict',
    required: false,
    helpText:
      'Custom fields of the contact: each name on the left, such as Budget, and its value on ' +
      'the right. The values are sent as given.',
    howToFill: 'Type a name and a value on each row.',
    sentAs: 'additional_field',
  },
  {
    key: 'note',
    label: 'Note',
    format: 'text',
    required: false,
    helpText: 'A note to save on the new contact. It can span several lines.',
    howToFill: 'Type the note, or map its text from an earlier step.',
  },
] as const satisfies readonly Input[];

// Keyed and labelled as New Contact's; the label by its id, as CRMGrow answers it.
const NOT_ANSWERED = new Set(['label_name', 'label_color', 'label', 'additional_field']);
const OUTPUT_FIELDS: PlainOutputField[] = [
  ...CONTACT_RECORD_FIELDS.filter(({ key }) => !NOT_ANSWERED.has(key)),
  { key: 'label_id', label: 'Label ID', type: 'string' },
];

const SAMPLE = {
  id: '66e9a27fc1d34b0a8e5f7d12',
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane.doe@example.com',
  cell_phone: '+14155550123',
  address: '12 Elm Street',
  city: 'Austin',
  state: 'Texas',
  zip: '78701',
  country: 'US',
  company: 'Doe Realty',
  website: 'https://janedoe.example.com',
  source: 'Facebook Lead Ad',
  label_id: '64e5a1c7b3d94f2e8a0c6b51',
  tags: ['buyer', 'open house'],
  secondary_email: '',
  secondary_phone: '',
  created_at: '2026-03-14T15:09:26.535Z',
};

export const createContact = defineCreate({
  key: 'create_contact',
  noun: 'Contact',
  display: {
    label: 'Create Contact',
    description: 'Creates a new contact, with its tags, label, custom fields and a note.',
  },
  operation: {
    inputFields: INPUTS.map(inputFieldOf),
    perform: async (z, bundle) => {
      const { record } = await sendInputs(z, bundle, ENDPOINTS.createContact, INPUTS, {
        // A contact with neither is one no later step can find or reach.
        check: ({ email, cell_phone }) => {
          if (email || cell_phone) return;
          throw doNotContextify(
            new z.errors.HaltedError(
              'The "Email" and "Cell Phone" fields were both empty for this record, so no ' +
                'contact was added. Map a field that holds an email address or a phone number, ' +
                'or add a Filter step before this one.',
            ),
          );
        },
      });
      // CRMGrow stores a company as `brokerage`, and the label it was given or found by its id.
      return outputOf(OUTPUT_FIELDS, {
        ...record,
        company: record.brokerage,
        label_id: record.label,
      });
    },
    sample: SAMPLE,
    outputFields: OUTPUT_FIELDS,
  },
});

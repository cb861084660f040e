// Create Contact: a new contact with its details, tags, label, custom fields and a note, sent under
// the names CRMGrow's Contact model stores (Teamgrow-Backend a2ec244, src/models/contact.js;
// src/controllers/contact.js, create). Mongoose drops any other name without a word.
import { defineCreate, type PlainOutputField } from 'zapier-platform-core';
import { ENDPOINTS } from '../http/endpoints';
import { doNotContextify } from '../lib/errors';
import { emailInput, inputFieldOf, listInput, type Input } from '../lib/inputs';
import { outputOf, sendInputs } from './action';

const line = (key: string, label: string, helpText: string, sentAs?: string): Input => ({
  key,
  label,
  format: 'line',
  required: false,
  helpText,
  howToFill: `Type the ${label.toLowerCase()}, or map it from an earlier step.`,
  ...(sentAs && { sentAs }),
});

const INPUTS = [
  {
    ...emailInput(
      'Email',
      "The contact's email address. CRMGrow needs an email or a cell phone. If a contact has " +
        'exactly this address already, CRMGrow adds none and leaves that contact as it is.',
    ),
    required: false,
  },
  line('first_name', 'First Name', "The contact's first name, such as Jane."),
  line('last_name', 'Last Name', "The contact's last name, such as Doe."),
  line(
    'cell_phone',
    'Cell Phone',
    "The contact's mobile number, best with its country code, such as +14155550100. If a " +
      'contact has this number already, CRMGrow adds none.',
  ),
  line('address', 'Address', 'The street address, such as 12 Elm Street.'),
  line('city', 'City', 'The city of the address.'),
  line(
    'state',
    'State',
    'The state or province, by name or code. CRMGrow leaves out one it does not recognize.',
  ),
  line('zip', 'Zip Code', 'The zip or postal code.'),
  line(
    'country',
    'Country',
    'The country, by name or code, such as US. CRMGrow leaves out one it does not recognize.',
  ),
  line('company', 'Company', 'The company the contact works for.', 'brokerage'),
  line(
    'website',
    'Website',
    "The address of the contact's website, such as https://janedoe.example.com.",
  ),
  line('source', 'Source', 'Where the contact came from, such as Facebook Lead Ad.'),
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

const string = (key: string, label: string): PlainOutputField => ({ key, label, type: 'string' });

/** Keyed and labelled as New Contact's where they hold the same thing (src/hooks/events.ts). */
const OUTPUT_FIELDS: PlainOutputField[] = [
  string('id', 'Contact ID'),
  string('first_name', 'First Name'),
  string('last_name', 'Last Name'),
  string('email', 'Email'),
  string('cell_phone', 'Cell Phone'),
  string('address', 'Address'),
  string('city', 'City'),
  string('state', 'State'),
  string('zip', 'Zip Code'),
  string('country', 'Country'),
  string('company', 'Company'),
  string('website', 'Website'),
  string('source', 'Source'),
  string('label_id', 'Label ID'),
  { key: 'tags', label: 'Tags', list: true },
  { key: 'created_at', label: 'Contact Created At', type: 'datetime' },
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
        // CRMGrow refuses a contact with neither (contact.js): this record has nothing to add.
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

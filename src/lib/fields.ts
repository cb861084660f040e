// Output fields that operations of two kinds give, keyed and labelled once: a contact as CRMGrow
// stores it, from New Contact and its kin (src/triggers/events.ts) and from Create Contact.
import type { PlainOutputField } from 'zapier-platform-core';

const stringField = (key: string, label: string): PlainOutputField => ({
  key,
  label,
  type: 'string',
});

export const CONTACT_RECORD_FIELDS: readonly PlainOutputField[] = [
  stringField('id', 'Contact ID'),
  stringField('first_name', 'First Name'),
  stringField('last_name', 'Last Name'),
  stringField('email', 'Email'),
  stringField('cell_phone', 'Cell Phone'),
  stringField('address', 'Address'),
  stringField('city', 'City'),
  stringField('state', 'State'),
  stringField('zip', 'Zip Code'),
  stringField('country', 'Country'),
  stringField('company', 'Company'),
  stringField('source', 'Source'),
  stringField('label_name', 'Label Name'),
  stringField('label_color', 'Label Color'),
  stringField('label', 'Label (Raw Text)'),
  // A list of strings; no `type`, which would describe each item, not the list.
  { key: 'tags', label: 'Tags', list: true },
  stringField('secondary_email', 'Secondary Email'),
  stringField('secondary_phone', 'Secondary Phone'),
  stringField('website', 'Website'),
  // `JSON.stringify` with its first braces made brackets (Teamgrow-Backend a2ec244,
  // src/helpers/outbound.js): not JSON.
  stringField('additional_field', 'Custom Fields (Raw Text)'),
  { key: 'created_at', label: 'Contact Created At', type: 'datetime' },
];

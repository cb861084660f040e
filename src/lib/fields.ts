// Output fields that operations of two kinds give, keyed and labelled once: a contact as CRMGrow
// stores it, from New Contact and its kin (src/hooks/events.ts) and from Create Contact.
import type { PlainOutputField } from 'zapier-platform-core';

const s = (key: string, label: string): PlainOutputField => ({ key, label, type: 'string' });

export const CONTACT_RECORD_FIELDS: readonly PlainOutputField[] = [
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
  // `JSON.stringify` with its first braces made brackets (Teamgrow-Backend a2ec244,
  // src/helpers/outbound.js): not JSON.
  s('additional_field', 'Custom Fields (Raw Text)'),
  { key: 'created_at', label: 'Contact Created At', type: 'datetime' },
];

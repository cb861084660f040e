// Expectations written out once, shared by the unit and end-to-end tests.

/**
 * What a contact of a bulk delete carries beside the five values of its
 * contact string: the single delete's other fields, blank.
 */
export const BLANK_CONTACT_RECORD = {
  address: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  source: '',
  company: '',
  label: '',
  tags: [],
  secondary_email: '',
  secondary_phone: '',
  website: '',
  additional_field: '',
  created_at: null,
} as const;

/** The same as a Deleted Contact item: with its (empty) custom fields. */
export const BLANK_CONTACT_ITEM = { ...BLANK_CONTACT_RECORD, custom_fields: {} } as const;

/** Jane Cooper, the contact of the samples, as her contact string is parsed. */
export const JANE_CONTACT = {
  id: '6512e4c1a9b3f2001e7d4a10',
  first_name: 'Jane',
  last_name: 'Cooper',
  email: 'jane.cooper@example.com',
  cell_phone: '+14155550123',
} as const;

/**
 * The form of the service's ids as the app tested it before src/http/ids.ts:
 * the reference its tests (test/unit/ids.test.ts, the property in
 * test/unit/properties.test.ts) hold it to.
 */
export const OBJECT_ID_FORM = { lowerCase: /^[0-9a-f]{24}$/, anyCase: /^[0-9a-f]{24}$/i } as const;

// Add Contact to Automation: starts one of the account's automations for the contact with that
// email address (Teamgrow-Backend a2ec244, src/routes/api/automation.js; src/controllers/
// time_line.js, create). Its refusals are read in src/http/errors.ts.
import { defineCreate, type PlainOutputField } from 'zapier-platform-core';
import { ENDPOINTS } from '../http/endpoints';
import { emailInput, inputFieldOf, listInput } from '../lib/inputs';
import { LISTS } from '../lib/crmgrow-lists';
import { sendInputs, sentResultOf } from './action';

const INPUTS = [
  emailInput(
    'Contact Email',
    'The email address of the contact to add. If no contact has it, CRMGrow adds one, named ' +
      'by the text before the @, and starts the automation for it.',
  ),
  listInput('automation_id', 'automation', 'to start for the contact'),
];

const OUTPUT_FIELDS: PlainOutputField[] = [
  { key: 'id', label: 'Automation ID and Contact Email', type: 'string' },
  { key: 'status', label: 'Added (Always True)', type: 'boolean' },
  { key: 'email', label: 'Contact Email', type: 'string' },
  { key: 'automation_id', label: 'Automation ID', type: 'string' },
];

export const addToAutomation = defineCreate({
  key: 'add_to_automation',
  noun: 'Contact',
  display: {
    label: 'Add Contact to Automation',
    description: 'Adds a contact, found by email address, to an automation.',
  },
  operation: {
    inputFields: INPUTS.map(inputFieldOf),
    perform: async (z, bundle) => {
      const { values } = await sendInputs(z, bundle, ENDPOINTS.addToAutomation, INPUTS);
      return sentResultOf(values, 'automation_id');
    },
    sample: sentResultOf(
      { email: 'jane.doe@example.com', automation_id: LISTS.automation.sample.id },
      'automation_id',
    ),
    outputFields: OUTPUT_FIELDS,
  },
});

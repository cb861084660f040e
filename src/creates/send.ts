// Send Video, Send PDF and Send Image: a material from the library, by email with a template.
import { defineCreate, type Create, type PlainOutputField } from 'zapier-platform-core';
import { SEND_ENDPOINTS } from '../http/endpoints';
import { emailInput, inputFieldOf, listInput } from '../lib/inputs';
import { LISTS } from '../lib/crmgrow-lists';
import { sendInputs, sentResultOf } from './action';

type Material = keyof typeof SEND_ENDPOINTS;

function send(material: Material): Create {
  const idKey = `${material}_id`;
  const { noun, withArticle, singular, sample } = LISTS[material];
  const inputs = [
    // Creating the contact is what the service's source does; the API spec does not say.
    emailInput(
      'Recipient Email',
      `The email address to send the ${singular} to. CRMGrow adds it as a contact if it is new.`,
    ),
    listInput(idKey, material, 'to send'),
    listInput(
      'template_id',
      'template',
      `to send the ${singular} with`,
      'Choose an email template: text (SMS) templates are listed too, told apart only by their titles.',
    ),
  ];
  const outputFields: PlainOutputField[] = [
    { key: 'id', label: `${noun} ID and Recipient Email`, type: 'string' },
    { key: 'status', label: 'Sent (Always True)', type: 'boolean' },
    { key: 'email', label: 'Recipient Email', type: 'string' },
    { key: idKey, label: `${noun} ID`, type: 'string' },
    { key: 'template_id', label: 'Template ID', type: 'string' },
  ];
  return defineCreate({
    key: `send_${material}`,
    noun,
    display: {
      label: `Send ${noun}`,
      description: `Sends ${withArticle} to a contact by email, using a template.`,
    },
    operation: {
      inputFields: inputs.map(inputFieldOf),
      perform: async (z, bundle) => {
        const { values } = await sendInputs(z, bundle, SEND_ENDPOINTS[material], inputs);
        return sentResultOf(values, idKey);
      },
      sample: sentResultOf(
        {
          email: 'jane.doe@example.com',
          [idKey]: sample.id,
          template_id: LISTS.template.sample.id,
        },
        idKey,
      ),
      outputFields,
    },
  });
}

export const sendCreates = {
  send_video: send('video'),
  send_pdf: send('pdf'),
  send_image: send('image'),
};

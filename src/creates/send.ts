// Send Video, Send PDF and Send Image: a material from the library, by email with a template.
import { defineCreate, type Create, type PlainOutputField } from 'zapier-platform-core';
import { ENDPOINTS, type Endpoint } from '../http/endpoints';
import { callApi } from '../http/request';
import { emailInput, inputFieldOf, listInput, readInputs, sentFieldsOf } from '../lib/inputs';
import { LISTS } from '../lib/lists';

/** The one table of sends; its keys are the create keys. */
const SENDS = {
  send_video: { material: 'video', idKey: 'video_id', endpoint: ENDPOINTS.sendVideo },
  send_pdf: { material: 'pdf', idKey: 'pdf_id', endpoint: ENDPOINTS.sendPdf },
  send_image: { material: 'image', idKey: 'image_id', endpoint: ENDPOINTS.sendImage },
} as const satisfies Record<
  string,
  { material: 'video' | 'pdf' | 'image'; idKey: string; endpoint: Endpoint }
>;

type SendKey = keyof typeof SENDS;

// The service answers only `{"status": true}`, so the result is what was sent to whom. Its `id`
// ("<material id>:<email>") is made here, for a Zap that maps it: no CRMGrow record has it.
const resultOf = (values: Record<string, string>, idKey: string) => ({
  id: `${values[idKey]}:${values.email}`,
  status: true,
  ...values,
});

function send(key: SendKey): Create {
  const { material, idKey, endpoint } = SENDS[key];
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
      'Email and text (SMS) templates are told apart by their titles.',
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
    key,
    noun,
    display: {
      label: `Send ${noun}`,
      description: `Sends ${withArticle} to a contact by email, using a template.`,
    },
    operation: {
      inputFields: inputs.map(inputFieldOf),
      perform: async (z, bundle) => {
        const values = readInputs(z, bundle.inputData, inputs);
        await callApi(z, bundle, endpoint, { body: values, fields: sentFieldsOf(inputs, values) });
        return resultOf(values, idKey);
      },
      sample: resultOf(
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

export const sendCreates = Object.fromEntries(
  (Object.keys(SENDS) as SendKey[]).map((key) => [key, send(key)]),
);

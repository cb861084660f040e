// The "send a material with a template" actions (video, PDF, image), from one table.
import { defineCreate, type Create, type PlainOutputField } from 'zapier-platform-core';
import { callApi } from '../http/client';
import { ENDPOINTS, type Endpoint } from '../http/endpoints';
import { LISTS, TEMPLATE_KINDS, type ListKey } from '../triggers/lists';
import {
  emailInput,
  inputFieldOf,
  listInput,
  readInputs,
  sentFieldsOf,
  type ActionInput,
} from './inputs';

interface SendSpec<I extends string = string> {
  /** The list trigger of the material: its noun, and the source of its dropdown. */
  readonly material: Exclude<ListKey, 'template'>;
  /** The body key of the material's id. */
  readonly idKey: I;
  readonly endpoint: Endpoint;
}

/** The one table of send actions; the keys are the create keys. */
export const SENDS = {
  send_video: { material: 'video', idKey: 'video_id', endpoint: ENDPOINTS.sendVideo },
  send_pdf: { material: 'pdf', idKey: 'pdf_id', endpoint: ENDPOINTS.sendPdf },
  send_image: { material: 'image', idKey: 'image_id', endpoint: ENDPOINTS.sendImage },
} as const satisfies Record<string, SendSpec>;

type SendKey = keyof typeof SENDS;

type SendValues<I extends string> = Record<'email' | I | 'template_id', string>;

// What was sent to whom: the service answers only `{"status": true}`, so `id` ("<material
// id>:<email>") names the send for Zapier, which expects one.
const sendResult = <I extends string>(spec: SendSpec<I>, values: SendValues<I>) => ({
  id: `${values[spec.idKey]}:${values.email}`,
  status: true,
  ...values,
});

const sendOutputFields = (spec: SendSpec): PlainOutputField[] => [
  { key: 'id', label: 'Send Reference', type: 'string' },
  { key: 'status', label: 'Sent', type: 'boolean' },
  { key: 'email', label: 'Recipient Email', type: 'string' },
  { key: spec.idKey, label: `${LISTS[spec.material].noun} ID`, type: 'string' },
  { key: 'template_id', label: 'Template ID', type: 'string' },
];

function sendCreate<I extends string>(key: SendKey, spec: SendSpec<I>): Create {
  const { noun, one, singular, sample } = LISTS[spec.material];
  const inputs: ActionInput<keyof SendValues<I>>[] = [
    // Creating the contact is observed in the service's source; the interface does not say.
    emailInput(
      'Recipient Email',
      `The email address to send the ${singular} to. CRMGrow adds it as a contact if it is new.`,
    ),
    listInput(spec.idKey, spec.material, 'to send'),
    listInput('template_id', 'template', `to send the ${singular} with`, TEMPLATE_KINDS),
  ];
  return defineCreate({
    key,
    noun,
    display: {
      label: `Send ${noun}`,
      description: `Sends ${one} to a contact by email, using a template.`,
    },
    operation: {
      inputFields: inputs.map(inputFieldOf),
      perform: async (z, bundle) => {
        const values = readInputs(z, bundle.inputData, inputs);
        // The body is the values read, email, material and template. The error layer accepts
        // only `"status": true`: nothing else is reported as sent.
        await callApi(z, bundle, spec.endpoint, {
          body: values,
          fields: sentFieldsOf(inputs, values),
        });
        return sendResult(spec, values);
      },
      sample: sendResult(spec, {
        email: 'jane.doe@example.com',
        [spec.idKey]: sample.id,
        template_id: LISTS.template.sample.id,
      } as SendValues<I>),
      outputFields: sendOutputFields(spec),
    },
  });
}

export const sendCreates = Object.fromEntries(
  (Object.keys(SENDS) as SendKey[]).map((key) => [key, sendCreate(key, SENDS[key])]),
) as Record<SendKey, Create>;

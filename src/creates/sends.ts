// The "send a material with a template" actions (video, PDF, image), from one table.
import { defineCreate, type Create, type PlainOutputField } from 'zapier-platform-core';
import { callApi } from '../http/client';
import { ENDPOINTS, type Endpoint } from '../http/endpoints';
import { LISTS, TEMPLATE_KINDS, type ListKey } from '../triggers/lists';
import {
  emailInput,
  inputFieldsOf,
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

export type SendKey = keyof typeof SENDS;

type SendValues<I extends string> = Record<'email' | I | 'template_id', string>;

/** What a send returns, and (fed the sample values) its static sample. */
export type SendResult = Readonly<Record<string, string | boolean>>;

const sendInputs = <I extends string>(spec: SendSpec<I>): ActionInput<keyof SendValues<I>>[] => {
  const { singular } = LISTS[spec.material];
  return [
    // Creating the contact is observed in the service's source; the interface does not say.
    emailInput(
      'Recipient Email',
      `The email address to send the ${singular} to. CRMGrow adds it as a contact if it is new.`,
    ),
    listInput(spec.idKey, spec.material, 'to send'),
    listInput('template_id', 'template', `to send the ${singular} with`, TEMPLATE_KINDS),
  ];
};

/**
 * What was sent to whom. The service answers only `{"status": true}`, so
 * there is no record id; `id` ("<material id>:<email>") names the send for
 * Zapier, which expects one.
 */
const sendResult = <I extends string>(spec: SendSpec<I>, values: SendValues<I>): SendResult => ({
  id: `${values[spec.idKey]}:${values.email}`,
  status: true,
  email: values.email,
  [spec.idKey]: values[spec.idKey],
  template_id: values.template_id,
});

const sendOutputFields = (spec: SendSpec): PlainOutputField[] => [
  { key: 'id', label: 'Send Reference', type: 'string' },
  { key: 'status', label: 'Sent', type: 'boolean' },
  { key: 'email', label: 'Recipient Email', type: 'string' },
  { key: spec.idKey, label: `${LISTS[spec.material].noun} ID`, type: 'string' },
  { key: 'template_id', label: 'Template ID', type: 'string' },
];

const SAMPLE_EMAIL = 'jane.doe@example.com';

function sendCreate<I extends string>(key: SendKey, spec: SendSpec<I>): Create {
  const { noun, one } = LISTS[spec.material];
  const inputs = sendInputs(spec);
  return defineCreate({
    key,
    noun,
    display: {
      label: `Send ${noun}`,
      description: `Sends ${one} to a contact by email, using a template.`,
    },
    operation: {
      inputFields: inputFieldsOf(inputs),
      perform: async (z, bundle): Promise<SendResult> => {
        const values = readInputs(z, bundle.inputData, inputs);
        const body = {
          email: values.email,
          [spec.idKey]: values[spec.idKey],
          template_id: values.template_id,
        };
        // The error layer accepts only `"status": true`: nothing else is reported as sent.
        await callApi(z, bundle, spec.endpoint, { body, fields: sentFieldsOf(inputs, values) });
        return sendResult(spec, values);
      },
      sample: {
        ...sendResult(spec, {
          email: SAMPLE_EMAIL,
          [spec.idKey]: LISTS[spec.material].sample.id,
          template_id: LISTS.template.sample.id,
        } as SendValues<I>),
      },
      outputFields: sendOutputFields(spec),
    },
  });
}

export const sendCreates = Object.fromEntries(
  (Object.keys(SENDS) as SendKey[]).map((key) => [key, sendCreate(key, SENDS[key])]),
) as Record<SendKey, Create>;

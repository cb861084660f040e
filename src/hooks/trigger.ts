// The factory that turns a row of HOOK_EVENTS into a REST-hook trigger.
import {
  defineTrigger,
  type Bundle,
  type PlainOutputField,
  type Trigger,
  type ZObject,
} from 'zapier-platform-core';
import { enveloped, recordIdOf } from '../http/responses';
import { callApi } from '../http/client';
import { ENDPOINTS } from '../http/endpoints';
import { SERVICE_NAME } from '../http/errors';
import { isRecord } from '../http/json';
import { SAMPLE_LIMIT } from '../triggers/lists';
import { CUSTOM_FIELDS_KEY, customFieldsOf, hasCustomFields } from './custom-fields';
import { deliveredPayloads, resultMaker } from './deliveries';
import { HOOK_EVENTS, type ActionValue, type HookEvent } from './events';
import { eventFilter, filterInputFields } from './filters';
import { isEmptyPayload } from './records';

/** Subscribes; the endpoint's `id` success check has made sure the response holds an id. */
async function subscribe(z: ZObject, bundle: Bundle, action: ActionValue): Promise<{ id: string }> {
  const response = await callApi(z, bundle, ENDPOINTS.subscribe, {
    body: { hookUrl: bundle.targetUrl, action },
  });
  const id = recordIdOf(response.data);
  if (id === undefined)
    throw new Error('The id success check let a response without an id through.');
  return { id };
}

/** Unsubscribes; turning a Zap off never fails on a subscription deleted or never stored. */
async function unsubscribe(z: ZObject, bundle: Bundle) {
  // Also reads `_id`, for subscriptions stored by older versions.
  const id = recordIdOf(bundle.subscribeData);
  if (id === undefined) {
    z.console.log(
      `${SERVICE_NAME} unsubscribe skipped: the stored subscription has no id, so there is nothing to remove.`,
    );
    return { outcome: 'nothing_to_remove' } as const;
  }
  const response = await callApi(z, bundle, ENDPOINTS.unsubscribe, { params: { id } });
  if (response.alreadyDeleted) {
    z.console.log(
      `${SERVICE_NAME} answered HTTP ${response.status} to unsubscribing ${id}: the subscription was already deleted.`,
    );
    return { id, outcome: 'already_deleted' } as const;
  }
  return { id, outcome: 'unsubscribed' } as const;
}

/** The service's recent payloads of an action: the account's own sample. */
async function samplePayloads(
  z: ZObject,
  bundle: Bundle,
  action: ActionValue,
): Promise<Record<string, unknown>[]> {
  const { data } = await callApi(z, bundle, ENDPOINTS.performList, { headers: { action } });
  const content = enveloped(data);
  const rows: unknown[] = Array.isArray(content) ? content : [content];
  // The service sends `[{}]`, or its keys with "" values, when it has nothing to show.
  return rows.filter(isRecord).filter((row) => !isEmptyPayload(row));
}

/** The account's own custom fields, from its sample; on failure the static fields stay. */
const customOutputFields =
  (action: ActionValue) =>
  async (z: ZObject, bundle: Bundle): Promise<PlainOutputField[]> => {
    const payloads = await samplePayloads(z, bundle, action).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      z.console.log(`Custom fields of ${action} left out: reading the sample failed. ${reason}`);
      return [];
    });
    const names = payloads.flatMap((payload) =>
      Object.keys(customFieldsOf(payload.additional_field, () => undefined) ?? {}),
    );
    return [...new Set(names)]
      .filter((name) => name.trim())
      .map((name) => ({
        key: `${CUSTOM_FIELDS_KEY}__${name}`,
        label: `${name.trim()} (Custom Field)`,
      }));
  };

/** The static sample is the first item the row's payload gives. */
export function hookTrigger(event: HookEvent): Trigger {
  const { action, filters = [] } = event;
  const resultOf = resultMaker(event);
  const [sample] = resultOf([event.payload], () => undefined);
  if (!sample) throw new Error(`The payload of ${action} gives no item.`);
  return defineTrigger({
    key: action,
    noun: event.noun,
    display: { label: event.label, description: event.description },
    operation: {
      type: 'hook',
      ...(filters.length > 0 ? { inputFields: filterInputFields(filters) } : {}),
      performSubscribe: (z, bundle) => subscribe(z, bundle, action),
      performUnsubscribe: (z, bundle) => unsubscribe(z, bundle),
      perform: (z, bundle) => {
        const log = (line: string) => z.console.log(`${action}: ${line}`);
        const keep = eventFilter(z, bundle.inputData, filters);
        return resultOf(deliveredPayloads(bundle, log), log, { keep });
      },
      performList: async (z, bundle) => {
        // Read before the request, so a filter that cannot be used costs no call.
        const keep = eventFilter(z, bundle.inputData, filters);
        const payloads = await samplePayloads(z, bundle, action);
        return resultOf(payloads, (line) => z.console.log(`${action} sample: ${line}`), {
          keep,
          ...(bundle.meta?.isLoadingSample ? { most: SAMPLE_LIMIT } : {}),
        });
      },
      sample,
      outputFields: [
        ...event.outputFields,
        ...(hasCustomFields(event.payload) ? [customOutputFields(action)] : []),
      ],
    },
  });
}

/** One REST-hook trigger per webhook action value; the keys are the action values. */
export const hookTriggers = Object.fromEntries(
  HOOK_EVENTS.map((event) => [event.action, hookTrigger(event)]),
) as Record<ActionValue, Trigger>;

// The one factory that turns a row of HOOK_EVENTS into a REST-hook trigger.
import {
  defineTrigger,
  type Bundle,
  type PlainOutputField,
  type Trigger,
  type ZObject,
} from 'zapier-platform-core';
import { enveloped, recordIdOf } from '../http/answers';
import { callApi } from '../http/client';
import { ENDPOINTS } from '../http/endpoints';
import { SERVICE_NAME } from '../http/errors';
import { isRecord } from '../http/json';
import { SAMPLE_LIMIT } from '../triggers/lists';
import { CUSTOM_FIELDS_KEY, customFieldsOf, hasCustomFields } from './custom-fields';
import { deliveredBody, payloadsOf, resultMaker } from './deliveries';
import type { ActionValue, HookEvent } from './events';
import { eventFilter, filterInputFields } from './filters';
import { isEmptyPayload } from './records';

/** Where a run logs what it could not read, cut or left out: Zapier's log, naming the trigger. */
const runLog =
  (z: ZObject, label: string) =>
  (line: string): void =>
    z.console.log(`${label}: ${line}`);

/** What performSubscribe keeps: the subscription's id, all that unsubscribing needs. */
export interface SubscribeData {
  readonly id: string;
}

export interface UnsubscribeResult {
  readonly id?: string;
  readonly outcome: 'unsubscribed' | 'already_gone' | 'nothing_to_remove';
}

/**
 * Subscribes; the error layer's `subscribed` rule has checked that the response
 * holds an id (`id`, the interface's `_id`, or either in a `data` envelope)
 * and says no error, so nothing is stored from a refusal.
 */
export async function subscribe(
  z: ZObject,
  bundle: Bundle,
  action: ActionValue,
): Promise<SubscribeData> {
  const response = await callApi(z, bundle, ENDPOINTS.subscribe, {
    body: { hookUrl: bundle.targetUrl, action },
  });
  const id = recordIdOf(response.data);
  if (id === undefined)
    throw new Error('The subscribed rule let a response without an id through.');
  return { id };
}

/**
 * Unsubscribes; the error layer's `unsubscribed` rule lets through only
 * `"status": true` and the service's word that the subscription is already deleted.
 */
export async function unsubscribe(z: ZObject, bundle: Bundle): Promise<UnsubscribeResult> {
  // Also reads `_id`, for subscriptions stored by a version that kept the response as it came.
  const id = recordIdOf(bundle.subscribeData);
  if (id === undefined) {
    // Turning a Zap off must never fail; without an id there is nothing to remove.
    z.console.log(
      `${SERVICE_NAME} unsubscribe skipped: the stored subscription has no id, so there is nothing to remove.`,
    );
    return { outcome: 'nothing_to_remove' };
  }
  const response = await callApi(z, bundle, ENDPOINTS.unsubscribe, { params: { id } });
  if (response.gone) {
    z.console.log(
      `${SERVICE_NAME} answered HTTP ${response.status} to unsubscribing ${id}: the subscription is already gone.`,
    );
    return { id, outcome: 'already_gone' };
  }
  return { id, outcome: 'unsubscribed' };
}

/** The service's recent payloads of an action, as it sends them: the account's own sample. */
export async function samplePayloads(
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

/**
 * The output fields of the account's own custom fields, read from its recent
 * sample (one request). Zapier calls this only while the Zap editor loads
 * fields; when it fails, the editor keeps the static fields and a log line says why.
 */
export const customOutputFields =
  (action: ActionValue) =>
  async (z: ZObject, bundle: Bundle): Promise<PlainOutputField[]> => {
    let payloads: Record<string, unknown>[];
    try {
      payloads = await samplePayloads(z, bundle, action);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      z.console.log(`Custom fields of ${action} left out: reading the sample failed. ${reason}`);
      return [];
    }
    const names = new Set(
      payloads.flatMap((payload) =>
        Object.keys(customFieldsOf(payload.additional_field, () => undefined) ?? {}).filter(
          (name) => name.trim(),
        ),
      ),
    );
    return [...names].map((name) => ({
      key: `${CUSTOM_FIELDS_KEY}__${name}`,
      label: `${name.trim()} (Custom Field)`,
    }));
  };

export function hookTrigger(event: HookEvent): Trigger {
  const { action, filters = [] } = event;
  const resultOf = resultMaker(event);
  // The static sample: the first item the table's payload gives.
  const [sample] = resultOf([event.payload], () => undefined);
  if (!sample) throw new Error(`The payload of ${action} gives no item.`);
  return defineTrigger({
    key: action,
    noun: event.noun,
    // The filters' own help text says what they narrow; the description stays one short sentence.
    display: { label: event.label, description: event.description },
    operation: {
      type: 'hook',
      // The filters stay in the app: the subscription is the action alone.
      ...(filters.length > 0 ? { inputFields: filterInputFields(filters) } : {}),
      performSubscribe: (z, bundle) => subscribe(z, bundle, action),
      performUnsubscribe: (z, bundle) => unsubscribe(z, bundle),
      perform: (z, bundle) => {
        const log = runLog(z, action);
        const keep = eventFilter(z, bundle.inputData, filters);
        return resultOf(payloadsOf(deliveredBody(bundle, log)), log, { keep });
      },
      performList: async (z, bundle) => {
        // Read before the request, so a filter that cannot be used costs no call.
        const keep = eventFilter(z, bundle.inputData, filters);
        const payloads = await samplePayloads(z, bundle, action);
        return resultOf(payloads, runLog(z, `${action} sample`), {
          keep,
          ...(bundle.meta?.isLoadingSample ? { most: SAMPLE_LIMIT } : {}),
        });
      },
      sample,
      outputFields: [
        ...event.outputFields,
        // Payloads with `additional_field` carry the account's own custom fields.
        ...(hasCustomFields(event.payload) ? [customOutputFields(action)] : []),
      ],
    },
  });
}

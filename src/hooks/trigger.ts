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
import { SERVICE_NAME, shown } from '../http/errors';
import { isInexactInteger, isRecord, parseJson, parseJsonExact } from '../http/json';
import { SAMPLE_LIMIT } from '../triggers/lists';
import type { ActionValue, HookEvent } from './events';
import { eventFilter, filterInputFields } from './filters';
import {
  CUSTOM_FIELDS_KEY,
  hasCustomFields,
  isEmptyPayload,
  itemMaker,
  parseCustomFields,
  resultMaker,
  type NormalisedEvent,
} from './normalise';

/** Turns one payload into a trigger's items (see itemMaker); what it could not read goes to `log`. */
type ItemsOf = (
  payload: Readonly<Record<string, unknown>>,
  log?: (line: string) => void,
) => NormalisedEvent[];

/** Where a run tells what it could not read or carry: Zapier's log of the run, naming the trigger. */
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
 * Subscribes; the error layer's `subscribed` rule has checked that the answer
 * holds an id (`id`, the interface's `_id`, or either in a `data` envelope)
 * and says no error, so nothing is stored from a refusal.
 */
export async function subscribe(
  z: ZObject,
  bundle: Bundle,
  action: ActionValue,
): Promise<SubscribeData> {
  const answer = await callApi(z, bundle, ENDPOINTS.subscribe, {
    body: { hookUrl: bundle.targetUrl, action },
  });
  const id = recordIdOf(answer.data);
  if (id === undefined) throw new Error('The subscribed rule let an answer without an id through.');
  return { id };
}

/**
 * Unsubscribes; the error layer's `unsubscribed` rule lets through only
 * `"status": true` and the service's word that the subscription is gone.
 */
export async function unsubscribe(z: ZObject, bundle: Bundle): Promise<UnsubscribeResult> {
  // Also reads `_id`, for subscriptions stored by a version that kept the answer as it came.
  const id = recordIdOf(bundle.subscribeData);
  if (id === undefined) {
    // Turning a Zap off must never fail; without an id there is nothing to remove.
    z.console.log(
      `${SERVICE_NAME} unsubscribe skipped: the stored subscription has no id, so there is nothing to remove.`,
    );
    return { outcome: 'nothing_to_remove' };
  }
  const answer = await callApi(z, bundle, ENDPOINTS.unsubscribe, { params: { id } });
  if (answer.gone) {
    z.console.log(
      `${SERVICE_NAME} answered HTTP ${answer.status} to unsubscribing ${id}: the subscription is already gone.`,
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
  // The service answers `[{}]`, or its keys with "" values, when it has nothing to show.
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
        Object.keys(parseCustomFields(payload.additional_field) ?? {}).filter((name) =>
          name.trim(),
        ),
      ),
    );
    return [...names].map((name) => ({
      key: `${CUSTOM_FIELDS_KEY}__${name}`,
      label: `${name.trim()} (Custom Field)`,
    }));
  };

/** A body with something in it: an object with a key, or a list with an object. */
const holdsRecords = (body: unknown): boolean =>
  Array.isArray(body) ? body.some(isRecord) : isRecord(body) && Object.keys(body).length > 0;

/**
 * A body from its JSON text, read again keeping the digits where an id was a
 * number past 2^53, which a plain parse rounds (two ids would read as one).
 */
function bodyFromText(text: string, parsed: unknown = parseJson(text)): unknown {
  const rows: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  const rounded = rows.some((row) => isRecord(row) && isInexactInteger(row.id));
  return rounded ? (parseJsonExact(text) ?? parsed) : parsed;
}

/**
 * The delivered body. Zapier hands it parsed as `cleanedRequest`, but may
 * hand it as JSON text there, or leave it out with the JSON in
 * `rawRequest.content`: each is read, in that order. Undefined, and a log
 * line, when none holds a JSON object.
 */
export function deliveredBody(
  bundle: Pick<Bundle, 'cleanedRequest' | 'rawRequest'>,
  log: (line: string) => void,
): unknown {
  const cleaned: unknown = bundle.cleanedRequest;
  const raw: unknown = bundle.rawRequest?.content;
  if (holdsRecords(cleaned)) return typeof raw === 'string' ? bodyFromText(raw, cleaned) : cleaned;
  for (const text of [cleaned, raw]) {
    if (typeof text !== 'string') continue;
    const body = bodyFromText(text);
    if (holdsRecords(body)) return body;
  }
  const text = [cleaned, raw].find((value) => typeof value === 'string') ?? '';
  log(
    'The delivery held no JSON object, parsed or as text: it gave no item. ' +
      `What it held: ${shown(String(text).trim()) || 'nothing'}.`,
  );
  return undefined;
}

/** The payloads of one delivered body: the service POSTs one object; a list is read too. */
export const payloadsOf = (body: unknown): Record<string, unknown>[] =>
  (Array.isArray(body) ? body : [body])
    .filter(isRecord)
    .filter((row) => Object.keys(row).length > 0);

/** The first item the table's payload gives: the static sample. */
function sampleOf(itemsOf: ItemsOf, event: HookEvent): NormalisedEvent {
  const [sample] = itemsOf(event.payload);
  if (!sample) throw new Error(`The payload of ${event.action} gives no item.`);
  return sample;
}

export function hookTrigger(event: HookEvent): Trigger {
  const { action, filters = [] } = event;
  const itemsOf = itemMaker(event);
  const resultOf = resultMaker(event);
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
      sample: sampleOf(itemsOf, event),
      outputFields: [
        ...event.outputFields,
        // Payloads with `additional_field` carry the account's own custom fields.
        ...(hasCustomFields(event) ? [customOutputFields(action)] : []),
      ],
    },
  });
}

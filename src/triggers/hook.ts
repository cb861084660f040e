// A row of the events table as a REST-hook trigger: subscribe when a Zap is turned on, unsubscribe
// when it is turned off, and the webhook path (items.ts) for deliveries and samples alike.
import {
  defineTrigger,
  type Bundle,
  type PlainOutputField,
  type Trigger,
  type ZObject,
} from 'zapier-platform-core';
import { ENDPOINTS } from '../http/endpoints';
import { isAlreadyGone } from '../http/errors';
import { callApi } from '../http/request';
import { isObject, recordIdOf, contentOf, type JsonObject } from '../lib/json';
import { SAMPLE_SIZE } from '../lib/crmgrow-lists';
import { HOOK_EVENTS, type HookEvent } from './events';
import { filterInputFields, itemFilter } from './filters';
import { CUSTOM_FIELDS } from './packed-text';
import { bodiesOf, itemsOf } from './webhook';

/** The subscription's id, which CRMGrow's answer holds (`id`, or `_id` as its API spec says). */
async function subscribe(z: ZObject, bundle: Bundle, { action, subscribeInput }: HookEvent) {
  const data = subscribeInput && { data: subscribeInput.dataOf(z, bundle.inputData) };
  const { data: answer } = await callApi(z, bundle, ENDPOINTS.subscribe, {
    body: { hookUrl: bundle.targetUrl ?? '', action, ...data },
  });
  return { id: recordIdOf(answer) };
}

/** Turning a Zap off never fails on a subscription already gone, or never stored. */
async function unsubscribe(z: ZObject, bundle: Bundle) {
  const id = recordIdOf(bundle.subscribeData);
  if (id === undefined) return { outcome: 'nothing_to_remove' };
  // A refusal that passed the error chain is CRMGrow's "already gone".
  const response = await callApi(z, bundle, ENDPOINTS.unsubscribe, {
    params: { id },
    pathSegment: id,
  });
  return { id, outcome: isAlreadyGone(response) ? 'already_gone' : 'unsubscribed' };
}

/** The account's recent events of an action; the service's placeholder of blank values is none.
 * CRMGrow reads a subscription's `data` from the query here too, as `data[type]` (Teamgrow-Backend
 * a2ec244, src/controllers/outbound.js, outboundPerform; Express's default query parser), so New
 * Lead's sample is a lead of its Lead Type. */
async function recentBodies(
  z: ZObject,
  bundle: Bundle,
  { action, subscribeInput }: HookEvent,
): Promise<JsonObject[]> {
  const data = subscribeInput?.dataOf(z, bundle.inputData) ?? {};
  const params = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [`data[${key}]`, String(value)]),
  );
  const { data: answer } = await callApi(z, bundle, ENDPOINTS.performList, {
    headers: { action },
    params,
    pathSegment: action,
  });
  const content = contentOf(answer);
  return (Array.isArray(content) ? content : [content])
    .filter(isObject)
    .filter((body) => Object.values(body).some((value) => value !== '' && value !== null));
}

/** The custom fields of the account's own sample; on failure, the static fields stay. */
async function customOutputFields(
  z: ZObject,
  bundle: Bundle,
  event: HookEvent,
): Promise<PlainOutputField[]> {
  const bodies = await recentBodies(z, bundle, event).catch(() => []);
  const items = itemsOf(event, bodies, () => undefined);
  const names = new Set(items.flatMap((item) => Object.keys(item[CUSTOM_FIELDS] as JsonObject)));
  return [...names]
    .filter((name) => name.trim())
    .map((name) => ({ key: `${CUSTOM_FIELDS}__${name}`, label: `${name.trim()} (Custom Field)` }));
}

function hookTrigger(event: HookEvent): Trigger {
  const { action, filters = [], subscribeInput } = event;
  // The static sample takes the path a delivery takes.
  const [sample = {}] = itemsOf(event, [event.sample], () => undefined);
  return defineTrigger({
    key: action,
    noun: event.noun,
    display: { label: event.label, description: event.description },
    operation: {
      type: 'hook',
      ...((subscribeInput || filters.length > 0) && {
        inputFields: [...(subscribeInput?.fields ?? []), ...filterInputFields(filters)],
      }),
      performSubscribe: (z, bundle) => subscribe(z, bundle, event),
      performUnsubscribe: (z, bundle) => unsubscribe(z, bundle),
      perform: (z, bundle) => {
        const log = (line: string) => z.console.log(`${action}: ${line}`);
        const passesFilters = itemFilter(z, bundle.inputData, filters);
        return itemsOf(event, bodiesOf(bundle, log), log, { passesFilters });
      },
      performList: async (z, bundle) => {
        // Read first, so a filter that cannot be used costs no request.
        const passesFilters = itemFilter(z, bundle.inputData, filters);
        const bodies = await recentBodies(z, bundle, event);
        const log = (line: string) => z.console.log(`${action} sample: ${line}`);
        const maxItems = bundle.meta?.isLoadingSample ? SAMPLE_SIZE : Infinity;
        return itemsOf(event, bodies, log, { passesFilters, maxItems });
      },
      sample,
      outputFields: [
        ...event.outputFields,
        ...(event.unpacks.includes('custom fields')
          ? [(z: ZObject, bundle: Bundle) => customOutputFields(z, bundle, event)]
          : []),
      ],
    },
  });
}

export const hookTriggers = Object.fromEntries(
  HOOK_EVENTS.map((event) => [event.action, hookTrigger(event)]),
) as Record<string, Trigger>;

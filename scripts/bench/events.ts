// The calls the measures make: handler events for build.zip, hook bundles,
// and the dropdown choices the actions need.
import type { Bundle } from 'zapier-platform-core';
import { HOOK_EVENTS } from '../../src/hooks/events';
import type { CompiledApp, Invoke } from '../../sandbox/harness';
import type { Sandbox } from '../../sandbox/server';
import { dropdownsOf, idsOf } from '../lib/operations';

export const HOOK_URL = 'https://hooks.zapier.com/hooks/standard/0/bench';

/** Page 0 of a dropdown fill. */
export const DROPDOWN_PAGE_0 = {
  meta: { isFillingDynamicDropdown: true, page: 0 } as Bundle['meta'],
} as const;

export const pollMethod = (key: string): string => `triggers.${key}.operation.perform`;
export const searchMethod = (key: string): string => `searches.${key}.operation.perform`;

/** The example payload of a hook event, by its action. */
export const examplePayload = (action: string): Record<string, unknown> => {
  const event = HOOK_EVENTS.find((e) => e.action === action);
  return { ...(event?.payload ?? {}) };
};

/** An `execute` event for build.zip's handler, against `sandbox`. */
export const executeEvent = (
  sandbox: Pick<Sandbox, 'apiKey' | 'baseUrl' | 'altBaseUrl'>,
  method: string,
  bundle: Partial<Bundle> = {},
): object => ({
  command: 'execute',
  method,
  bundle: { authData: { api_key: sandbox.apiKey }, ...bundle },
  // Zapier hands `zapier-platform env:set` values to the app this way.
  environment: { BASE_URL: sandbox.baseUrl, ALT_BASE_URL: sandbox.altBaseUrl },
});

/** A hook's bundle for `payload`, delivered as Zapier hands a webhook to `perform`. */
export const hookBundle = (payload: Record<string, unknown>): Partial<Bundle> => ({
  targetUrl: HOOK_URL,
  subscribeData: { id: 'bench' },
  cleanedRequest: payload as Bundle['cleanedRequest'],
  rawRequest: {
    method: 'POST',
    querystring: '',
    headers: { 'Content-Type': 'application/json' },
    content: JSON.stringify(payload),
  },
});

/** The first choice of every dropdown the creates use, by trigger key. */
export async function firstChoices(
  app: CompiledApp,
  invoke: Invoke,
  sandbox: Sandbox,
): Promise<Map<string, string>> {
  const choices = new Map<string, string>();
  for (const trigger of new Set(dropdownsOf(app).map(([, , key]) => key))) {
    const [first] = idsOf(
      await invoke(pollMethod(trigger), {
        authData: { api_key: sandbox.apiKey },
        ...DROPDOWN_PAGE_0,
      }),
    );
    if (!first) throw new Error(`the ${trigger} dropdown gave no choice`);
    choices.set(trigger, first);
  }
  return choices;
}

// What the app's own tables give the measures to send: a hook event's example
// payload, and the first choice of each dropdown the creates use.
import { HOOK_EVENTS } from '../../src/hooks/events';
import type { CompiledApp, Invoke } from '../../sandbox/harness';
import type { Sandbox } from '../../sandbox/server';
import { dropdownsOf, idsOf } from '../lib/operations';
import { DROPDOWN_PAGE_0, pollMethod } from './child';

/** The example payload of a hook event, by its action. */
export const examplePayload = (action: string): Record<string, unknown> => {
  const event = HOOK_EVENTS.find((e) => e.action === action);
  return { ...(event?.sample ?? {}) };
};

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

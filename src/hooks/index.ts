import type { Trigger } from 'zapier-platform-core';
import { HOOK_EVENTS, type ActionValue } from './events';
import { hookTrigger } from './trigger';

/** One REST-hook trigger per webhook action value; the keys are the action values. */
export const hookTriggers = Object.fromEntries(
  HOOK_EVENTS.map((event) => [event.action, hookTrigger(event)]),
) as Record<ActionValue, Trigger>;

import type { Trigger } from 'zapier-platform-core';
import { listTriggers } from './lists';

/** Polling triggers for the material and template lists (also the dropdown sources). */
export const pollingTriggers = { ...listTriggers } satisfies Record<string, Trigger>;

import type { Trigger } from 'zapier-platform-core';

/** Polling triggers for the material and template lists (also the dropdown sources). */
export const pollingTriggers = {} satisfies Record<string, Trigger>;

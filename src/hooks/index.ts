import type { Trigger } from 'zapier-platform-core';

/** One REST-hook trigger per webhook action value. */
export const hookTriggers = {} satisfies Record<string, Trigger>;

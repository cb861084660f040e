import type { Create } from 'zapier-platform-core';

/** The send and note actions. */
export const creates = {} satisfies Record<string, Create>;

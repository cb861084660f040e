import type { Create } from 'zapier-platform-core';
import { addNote } from './note';
import { sendCreates } from './sends';

/** The send and note actions. */
export const creates = { ...sendCreates, add_note: addNote } satisfies Record<string, Create>;

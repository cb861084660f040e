import { defineApp, version as platformVersion, type Trigger } from 'zapier-platform-core';
import { authentication } from './auth';
import { addNote } from './creates/add-note';
import { addToAutomation } from './creates/add-to-automation';
import { createContact } from './creates/create-contact';
import { createTask } from './creates/create-task';
import { sendCreates } from './creates/send';
import { hookTriggers } from './triggers/hook';
import { findSearches } from './searches/find';
import { newItemTriggers } from './triggers/new-item';

// A plain require, so the build's dependency detection packs package.json too.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { version } = require('../package.json') as { version: string };

export default defineApp({
  version,
  platformVersion,
  authentication,
  triggers: { ...newItemTriggers, ...hookTriggers } as Record<string, Trigger>,
  // Each create's key is written where it is declared, in its file.
  creates: Object.fromEntries(
    [...Object.values(sendCreates), addNote, createContact, createTask, addToAutomation].map(
      (create) => [create.key, create],
    ),
  ),
  searches: findSearches,
});

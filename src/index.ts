import { defineApp, version as platformVersion } from 'zapier-platform-core';
import { authentication } from './auth';
import { addNote } from './creates/note';
import { sendCreates } from './creates/sends';
import { hookTriggers } from './hooks/trigger';
import { findSearches } from './searches/find';
import { listTriggers } from './triggers/lists';

// A plain require, so the build's dependency detection packs package.json too.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { version } = require('../package.json') as { version: string };

export default defineApp({
  version,
  platformVersion,
  // Core's patch of Node's http copies every response; z.request is the app's only client.
  flags: { skipHttpPatch: true },
  authentication,
  // The list triggers poll, and fill the actions' dropdowns; the hook triggers are one per event.
  triggers: { ...listTriggers, ...hookTriggers },
  creates: { ...sendCreates, add_note: addNote },
  searches: findSearches,
});

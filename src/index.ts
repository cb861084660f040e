import { defineApp, version as platformVersion } from 'zapier-platform-core';
import { authentication } from './auth';
import { creates } from './creates';
import { hookTriggers } from './hooks';
import { searches } from './searches';
import { pollingTriggers } from './triggers';

// A plain require, so the build's dependency detection packs package.json too.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { version } = require('../package.json') as { version: string };

export default defineApp({
  version,
  platformVersion,
  // Core's patch of Node's http logs, and copies, the response of every request
  // it does not know for one of z.request's. The app makes no other request, so
  // the patch is off (docs/benchmarks.md, "What the figures led to").
  flags: { skipHttpPatch: true },
  authentication,
  triggers: { ...pollingTriggers, ...hookTriggers },
  creates,
  searches,
});

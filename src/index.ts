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
  // Core's patch of node's http logs, and copies, every answer of a request it
  // does not know for z.request's: the app makes no other, so it is off. Measured
  // on a 200,000-video poll: the same time and memory as the user-agent test it relied on.
  flags: { skipHttpPatch: true },
  authentication,
  triggers: { ...pollingTriggers, ...hookTriggers },
  creates,
  searches,
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineApp, version as platformVersion } from 'zapier-platform-core';
import { authentication } from './auth';
import { creates } from './creates';
import { hookTriggers } from './hooks';
import { pollingTriggers } from './triggers';

// package.json sits beside the compiled folder both here and in Zapier's bundle.
const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
  version: string;
};

export default defineApp({
  version,
  platformVersion,
  authentication,
  triggers: { ...pollingTriggers, ...hookTriggers },
  creates,
});

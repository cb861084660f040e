// First step of `npm run push`: stops in seconds, before any build, when the
// project is not linked to an app on Zapier or there is no deploy key.
import { missingForPush } from './lib/zapier-link';

const missing = missingForPush(process.env, process.cwd());
for (const line of missing) process.stderr.write(`✗ ${line}\n`);
if (missing.length > 0) {
  process.stderr.write('✗ Nothing was built or uploaded.\n');
  process.exit(1);
}

// The staged release's plan (release.yml): the version in package.json, the
// live version it follows, and whether a canary and a migration run. Written
// as step outputs to $GITHUB_OUTPUT when set; the reason goes to the log.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { releasePlan } from './lib/releases';

const root = join(__dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
};
const plan = releasePlan(join(root, 'releases'), version);
const outputs = `version=${plan.version}\nlive=${plan.live}\ngradual=${String(plan.gradual)}\n`;
if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, outputs);
process.stdout.write(`${outputs}${plan.why}\n`);

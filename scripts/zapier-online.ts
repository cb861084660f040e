// `npm run validate`: the CLI's command, with the one thing its output lacks
// when Zapier cannot be reached: which host it tried ("fetch failed" alone).
import { spawnSync } from 'node:child_process';
import { offlineHint } from './lib/zapier-link';

const [command = 'validate', ...args] = process.argv.slice(2);
const run = spawnSync('zapier-platform', [command, ...args], {
  env: process.env,
  encoding: 'utf8',
  stdio: ['inherit', 'pipe', 'pipe'],
});
if (run.error) throw run.error;
process.stdout.write(run.stdout);
process.stderr.write(run.stderr);
const hint = offlineHint(`${run.stdout}\n${run.stderr}`, process.env);
if (hint) process.stderr.write(`✗ ${hint}\n`);
process.exit(run.status ?? 1);

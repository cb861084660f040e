// Runs in a fresh Node process (spawned by the large-account and scaling
// measures), once per measured run: calls the unpacked build.zip's zapierwrapper.js
// handler as Zapier's Lambda does, first with a small warm-up event on the
// same code path, then with the measured event, and reports the measured
// call's time, what it returned and the process's peak memory. The events
// come as JSON on stdin: { dir, warmUp, event }.
import { Buffer } from 'node:buffer';
import { join } from 'node:path';
import { readJob, report, runAndExit } from './protocol';

type Handler = (event: object, context: object) => Promise<{ results?: unknown }>;

interface Job {
  readonly dir: string;
  readonly warmUp: object;
  readonly event: object;
}

async function main(): Promise<void> {
  const job = await readJob<Job>();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { handler } = require(join(job.dir, 'zapierwrapper.js')) as { handler: Handler };
  await handler(job.warmUp, {});
  const started = performance.now();
  const output = await handler(job.event, {});
  const ms = performance.now() - started;
  const results = output.results;
  report({
    ms,
    items: Array.isArray(results) ? results.length : undefined,
    resultBytes: Buffer.byteLength(JSON.stringify(results) ?? ''),
    // KiB on Linux: the most memory this process ever held, warm-up included.
    maxRssKiB: process.resourceUsage().maxRSS,
  });
}

runAndExit(main);

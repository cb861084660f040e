// Runs in a fresh Node process (spawned by the large-account and scaling
// measures), once per measured run: calls the unpacked build.zip's zapierwrapper.js
// handler as Zapier's Lambda does, first with a small warm-up event on the
// same code path, then with the measured event, and reports the measured
// call's time, what it returned and the process's peak memory. The events
// come as JSON on stdin: { dir, warmUp, event, reportError? }. With
// reportError (the answer-cap measure), a measured call that fails is
// reported too, with its message, instead of failing the child.
import { Buffer } from 'node:buffer';
import { join } from 'node:path';
import { readJob, report, runAndExit } from './protocol';

type Handler = (event: object, context: object) => Promise<{ results?: unknown }>;

interface Job {
  readonly dir: string;
  readonly warmUp: object;
  readonly event: object;
  readonly reportError?: boolean;
}

async function main(): Promise<void> {
  const job = await readJob<Job>();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { handler } = require(join(job.dir, 'zapierwrapper.js')) as { handler: Handler };
  await handler(job.warmUp, {});
  const started = performance.now();
  let output: { results?: unknown };
  try {
    output = await handler(job.event, {});
  } catch (error) {
    if (!job.reportError) throw error;
    report({
      ms: performance.now() - started,
      error: error instanceof Error ? error.message : String(error),
      maxRssKiB: process.resourceUsage().maxRSS,
    });
    return;
  }
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

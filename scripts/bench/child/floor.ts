// Runs in a fresh Node process (spawned by the scaling measure), beside each
// run of the app: the floor. The same request the app made, to the same
// sandbox, with Node's own fetch and JSON.parse and nothing else; first the
// app's warm-up request, then the measured one. The requests come as JSON on
// stdin: { warmUp, request } (see replay.ts).
import { Buffer } from 'node:buffer';
import { readJob, report, runAndExit } from './protocol';
import { fetchAndParse, type Replay } from './replay';

async function main(): Promise<void> {
  const job = await readJob<{ warmUp: Replay; request: Replay; warmCalls?: number }>();
  await fetchAndParse(fetch, job.warmUp);
  const started = performance.now();
  const { parsed, text } = await fetchAndParse(fetch, job.request);
  const ms = performance.now() - started;
  // Optionally the same request again in this process: the warm floor.
  const warm: number[] = [];
  for (let i = 0; i < (job.warmCalls ?? 0); i++) {
    const again = performance.now();
    await fetchAndParse(fetch, job.request);
    warm.push(performance.now() - again);
  }
  warm.sort((a, b) => a - b);
  report({
    ms,
    warmMs: warm[Math.floor(warm.length / 2)] ?? ms,
    items: Array.isArray(parsed) ? parsed.length : undefined,
    resultBytes: Buffer.byteLength(text),
    maxRssKiB: process.resourceUsage().maxRSS,
  });
}

runAndExit(main);

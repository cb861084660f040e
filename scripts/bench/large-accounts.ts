// 5. Large accounts: 50,000 videos and 50,000 templates (and 100,000 videos)
// through the list triggers as a poll and as a dropdown, and a 1 MB webhook
// through perform, each run in a fresh process through build.zip's handler.
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { DROPDOWN_PAGE_0, executeEvent, hookBundle, pollMethod, runHandler } from './child';
import { examplePayload } from './events';
import { findings, indent, judgeHandler, LIMITS, mark, RUNS } from './report';
import { count, fixed, mib, percent, spread, table, type Summary } from './stats';

/** The large library of the issue: 50,000 videos and 50,000 templates. */
export const LIBRARY = 50_000;
/** A library twice as large, where a poll of every item would pass the 6 MiB limit. */
const LARGER_LIBRARY = 100_000;
const WEBHOOK_BYTES = 1_000_000;

interface LargeResult {
  readonly measure: string;
  readonly input: string;
  readonly items: number | undefined;
  readonly resultBytes: number;
  readonly ofLimit: number;
  readonly ms: Summary;
  readonly peakRssMiB: Summary;
  readonly requestsPerRun: number;
  readonly expectedRequests: number;
  readonly verdict: string;
}

interface LargeMeasure {
  readonly name: string;
  /** What the account holds, or what the webhook carries. */
  readonly input: string;
  readonly sandbox: Sandbox;
  readonly warmUp: object;
  readonly event: object;
  readonly warmUpRequests: number;
  readonly expectedRequests: number;
}

/** An add_contact body of about `bytes` bytes: the example contact with many custom fields. */
function largeContactPayload(bytes: number): Record<string, unknown> {
  const base = examplePayload('add_contact');
  const withFields = (n: number): Record<string, unknown> => {
    const fields = Object.fromEntries(
      Array.from({ length: n }, (_, i) => [
        `custom_field_${String(i + 1).padStart(5, '0')}`,
        `Viewed the Market Street listing twice; prefers a call after 5 pm. Budget up to $850k, ` +
          `pre-approved, two children, needs a garage and a short commute. Entry ${i + 1}.`,
      ]),
    );
    return { ...base, additional_field: JSON.stringify(fields) };
  };
  const sizeOf = (payload: object): number => Buffer.byteLength(JSON.stringify(payload));
  const empty = sizeOf(withFields(0));
  const perField = (sizeOf(withFields(100)) - empty) / 100;
  return withFields(Math.max(0, Math.round((bytes - empty) / perField)));
}

export async function largeAccounts(unpacked: string): Promise<LargeResult[]> {
  const big = await startSandbox({ seed: { videos: LIBRARY, templates: LIBRARY } });
  let larger: Sandbox | undefined;
  try {
    larger = await startSandbox({ seed: { videos: LARGER_LIBRARY } });
    const payload = largeContactPayload(WEBHOOK_BYTES);
    const payloadBytes = Buffer.byteLength(JSON.stringify(payload));
    // The warm-ups run the same code on the sandbox's two PDFs, or on the example contact.
    const listMeasure = (
      key: 'video' | 'template',
      fill: boolean,
      sandbox: Sandbox,
      library: number,
    ): LargeMeasure => {
      const extra = fill ? DROPDOWN_PAGE_0 : {};
      return {
        name: `${key} ${fill ? 'dropdown, page 0' : 'poll'}`,
        input: `${count(library)} ${key}s`,
        sandbox,
        warmUp: executeEvent(sandbox, pollMethod('pdf'), extra),
        event: executeEvent(sandbox, pollMethod(key), extra),
        warmUpRequests: 1,
        expectedRequests: 1,
      };
    };
    const perform = 'triggers.add_contact.operation.perform';
    const measures: LargeMeasure[] = [
      listMeasure('video', false, big, LIBRARY),
      listMeasure('video', true, big, LIBRARY),
      listMeasure('template', false, big, LIBRARY),
      listMeasure('template', true, big, LIBRARY),
      listMeasure('video', false, larger, LARGER_LIBRARY),
      {
        name: 'add_contact perform',
        input: `${(payloadBytes / 1e6).toFixed(2)} MB webhook`,
        sandbox: big,
        warmUp: executeEvent(big, perform, hookBundle(examplePayload('add_contact'))),
        event: executeEvent(big, perform, hookBundle(payload)),
        warmUpRequests: 0,
        expectedRequests: 0,
      },
    ];

    const rows: LargeResult[] = [];
    for (const m of measures) {
      const job = { dir: unpacked, warmUp: m.warmUp, event: m.event };
      const { runs, requestsPerRun } = await runHandler(job, RUNS, m.sandbox, m.warmUpRequests);
      const items = runs[0]?.figures.items;
      const { figures, verdict } = judgeHandler(runs, requestsPerRun, m.expectedRequests);
      rows.push({
        measure: m.name,
        input: m.input,
        items: typeof items === 'number' ? items : undefined,
        ...figures,
        expectedRequests: m.expectedRequests,
        verdict: `${mark[verdict.level]} ${verdict.text}`,
      });
      findings.push({ level: verdict.level, text: `${m.name}, ${m.input}: ${verdict.text}` });
    }

    indent(
      table(
        [
          'measure',
          'account',
          'items',
          'result MiB',
          'of 6 MiB',
          'time ms',
          'peak RSS MiB',
          'requests',
          'verdict',
        ],
        rows.map((r) => [
          r.measure,
          r.input,
          r.items === undefined ? '' : count(r.items),
          mib(r.resultBytes),
          percent(r.ofLimit),
          spread(r.ms),
          fixed(r.peakRssMiB.median),
          String(r.requestsPerRun),
          r.verdict,
        ]),
        [2, 3, 4, 5, 6, 7],
      ),
    );
    indent([
      "Each run a fresh Node process calling build.zip's zapierwrapper.js handler: a warm-up on a " +
        'small list',
      `(or the example contact), then the measure. Medians (min–max) of ${RUNS} processes. ` +
        'Time: the measured call.',
      'Result: the JSON of what it returned. Peak RSS: the process’s maxRSS, warm-up included.',
    ]);
    const webhook = rows.at(-1);
    if (webhook) {
      const growth = webhook.resultBytes / payloadBytes;
      const largest = LIMITS.resultBytes / growth;
      indent([
        `A webhook's result is ${growth.toFixed(1)}× its body (every field kept as sent, parsed ` +
          'views beside):',
        `bodies up to ≈${(largest / 1e6).toFixed(1)} MB fit in 6 MiB; Zapier accepts webhook ` +
          'bodies up to 10 MB.',
      ]);
      findings.push({
        level: largest < 10e6 ? 'watch' : 'ok',
        text:
          `a webhook body over ≈${(largest / 1e6).toFixed(1)} MB would give perform a result over ` +
          `6 MiB (result ${growth.toFixed(1)}× body)`,
      });
    }
    return rows;
  } finally {
    await Promise.all([big.close(), larger?.close()]);
  }
}

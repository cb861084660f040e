// `npm run sandbox`: the sandbox on its own, until Ctrl-C. Prints its
// addresses, the API key and the `.env` lines for `zapier-platform invoke`,
// then one line per request it answers.
import { parseArgs } from 'node:util';
import { ACTION_VALUES } from '../src/hooks/events';
import { dotenvLines } from './env';
import { LIST_KEYS } from './seed';
import { startSandbox } from './server';

/** The size flags: --videos, --pdfs, --images, --templates. */
const SIZES = LIST_KEYS.map((key) => `${key}s`);

const USAGE = `Usage: npm run sandbox [-- --port <n>] ${SIZES.map((s) => `[--${s} <n>]`).join(' ')}
  --port <n>   serve BASE_URL on 127.0.0.1:<n> and ALT_BASE_URL on <n+1> (default: free ports)`;

function wholeNumber(name: string, raw: string | boolean | undefined): number | undefined {
  if (typeof raw !== 'string') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a whole number, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const sizeOptions: Record<string, { type: 'string' }> = Object.fromEntries(
    SIZES.map((s) => [s, { type: 'string' }]),
  );
  const { values }: { values: Readonly<Record<string, string | boolean | undefined>> } = parseArgs({
    options: { ...sizeOptions, port: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = wholeNumber('port', values.port);
  const sandbox = await startSandbox({
    ...(port ? { port, altPort: port + 1 } : {}),
    seed: Object.fromEntries(
      LIST_KEYS.map((key) => [key, wholeNumber(`${key}s`, values[`${key}s`])]),
    ),
    onRequest: (r) => {
      const query = new URLSearchParams(r.query).toString();
      process.stdout.write(
        `${new Date().toISOString().slice(11, 23)}  ${r.base === 'ALT_BASE_URL' ? 'alt ' : 'base'}  ` +
          `${r.method} ${r.path}${query ? `?${query}` : ''} → ${r.status}\n`,
      );
    },
  });
  const { data } = sandbox;
  process.stdout.write(
    [
      'CRMGrow sandbox (in memory, loopback only)',
      '',
      `  BASE_URL      ${sandbox.baseUrl}`,
      `  ALT_BASE_URL  ${sandbox.altBaseUrl}   (send-pdf)`,
      `  API key       ${sandbox.apiKey}`,
      `  seeded        ${LIST_KEYS.map((key) => `${data[key].length} ${key}s`).join(', ')}, ` +
        `${data.contacts.length} contacts`,
      '',
      `The API key of a suspended account (every request answers 400): ${sandbox.suspendedApiKey}`,
      '',
      'Point `npx zapier-platform invoke` at it with these lines in .env:',
      '',
      dotenvLines(sandbox),
      '',
      'Fire a webhook event to every hook URL subscribed to an action:',
      `  curl -X POST ${sandbox.baseUrl}/__sandbox/fire -H 'Content-Type: application/json' -d '{"action":"add_contact"}'`,
      `  (actions: ${ACTION_VALUES.join(', ')})`,
      '',
      'Ctrl-C stops it. Requests:',
      '',
    ].join('\n'),
  );

  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

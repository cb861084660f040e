// `npm run sandbox`: the sandbox on its own, until Ctrl-C. Prints its
// addresses, the API key and the `.env` lines for `zapier-platform invoke`,
// then one line per request it answers.
import { parseArgs } from 'node:util';
import { ACTION_VALUES } from '../src/hooks/events';
import { dotenvLines } from './env';
import { startSandbox } from './server';

const USAGE = `Usage: npm run sandbox [-- --port <n>] [--videos <n>] [--pdfs <n>] [--images <n>] [--templates <n>]
  --port <n>   serve BASE_URL on 127.0.0.1:<n> and ALT_BASE_URL on <n+1> (default: free ports)`;

function wholeNumber(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a whole number, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      videos: { type: 'string' },
      pdfs: { type: 'string' },
      images: { type: 'string' },
      templates: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = wholeNumber('port', values.port);
  const sandbox = await startSandbox({
    ...(port ? { port, altPort: port + 1 } : {}),
    seed: {
      videos: wholeNumber('videos', values.videos),
      pdfs: wholeNumber('pdfs', values.pdfs),
      images: wholeNumber('images', values.images),
      templates: wholeNumber('templates', values.templates),
    },
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
      `  seeded        ${data.videos.length} videos, ${data.pdfs.length} PDFs, ${data.images.length} images, ` +
        `${data.templates.length} templates, ${data.contacts.length} contacts`,
      '',
      'Failing on purpose (sandbox only):',
      `  suspended-account API key  ${sandbox.suspendedApiKey}`,
      `  template whose sends fail  ${sandbox.brokenTemplateId}`,
      '',
      'Point `npx zapier-platform invoke` at it with these lines in .env:',
      '',
      dotenvLines(sandbox),
      '',
      'Fire a webhook event to every hook URL subscribed to an action:',
      `  curl -X POST ${sandbox.baseUrl}/__sandbox/fire -H 'Content-Type: application/json' -d '{"action":"add_contact"}'`,
      `  (actions: ${ACTION_VALUES.join(', ')})`,
      `State: curl ${sandbox.baseUrl}/__sandbox/state`,
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

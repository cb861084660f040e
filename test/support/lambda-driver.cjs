// Runs in a fresh Node process against an unpacked build.zip, as Zapier's Lambda does: requires
// the zip's zapierwrapper.js, calls its handler once per event (a JSON array on stdin), and
// prints one line per call, marked RESULT (core's own logger writes to stdout too), with the
// lines the call wrote with z.console.log, its time and the process's peak memory.
'use strict';
const { Buffer } = require('node:buffer');
const path = require('node:path');

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const events = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const { handler } = require(path.join(process.argv[2], 'zapierwrapper.js'));
  /* eslint-disable no-console -- z.console hands each line, with its newline, to console.log */
  const print = console.log;
  for (const event of events) {
    const logs = [];
    console.log = (...args) => {
      const [line] = args;
      if (args.length === 1 && typeof line === 'string' && line.endsWith('\n')) {
        logs.push(line.slice(0, -1));
      } else print(...args);
    };
    const started = Date.now();
    let outcome;
    try {
      outcome = { ok: true, results: (await handler(event, {})).results };
    } catch (error) {
      outcome = { ok: false, name: error.name, message: error.message };
    }
    console.log = print;
    const measured = {
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
      ms: Date.now() - started,
    };
    process.stdout.write(`RESULT ${JSON.stringify({ ...outcome, ...measured, logs })}\n`);
  }
}

// Exit once stdout is flushed, as a Lambda freezes: keep-alive sockets would hold the process.
main().then(
  () => process.stdout.write('', () => process.exit(0)),
  (error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);

// Runs in a fresh Node process against an unpacked build.zip, the way Zapier's
// Lambda does: requires the zip's zapierwrapper.js, calls its handler once per
// event (a JSON array on stdin), and prints one JSON line per call, marked
// RESULT, since core's own logger also writes to stdout. Each RESULT holds
// the lines the call wrote with z.console.log, as `logs`.
'use strict';
const { Buffer } = require('node:buffer');
const path = require('node:path');

/* eslint-disable no-console -- the run's log is what core prints with console.log */
/**
 * Keeps the lines a call writes with z.console.log in `logs`: z.console is a
 * Console whose stream hands each line, with its newline, to console.log.
 * Core's own lines go on to stdout. Returns what puts console.log back.
 */
function keepLogLines(logs) {
  const print = console.log;
  console.log = (...args) => {
    const [line] = args;
    if (args.length === 1 && typeof line === 'string' && line.endsWith('\n')) {
      logs.push(line.slice(0, -1));
    } else {
      print(...args);
    }
  };
  return () => {
    console.log = print;
  };
}
/* eslint-enable no-console */

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const events = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const { handler } = require(path.join(process.argv[2], 'zapierwrapper.js'));
  for (const event of events) {
    const started = Date.now();
    // Peak memory (resourceUsage gives KiB) and time, for the tests of hostile answers.
    const measured = () => ({
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
      ms: Date.now() - started,
    });
    const logs = [];
    const restore = keepLogLines(logs);
    try {
      const output = await handler(event, {});
      const outcome = { ok: true, results: output.results, logs, ...measured() };
      process.stdout.write(`RESULT ${JSON.stringify(outcome)}\n`);
    } catch (error) {
      const outcome = { ok: false, name: error.name, message: error.message, logs, ...measured() };
      process.stdout.write(`RESULT ${JSON.stringify(outcome)}\n`);
    } finally {
      restore();
    }
  }
}

// Exit at once, as a Lambda freezes: keep-alive sockets would hold the process open.
// Exit once stdout has been flushed: a long error message (core appends the
// bundle it ran) would otherwise be cut off in the pipe.
main().then(
  () => process.stdout.write('', () => process.exit(0)),
  (error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);

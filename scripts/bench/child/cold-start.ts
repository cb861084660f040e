// Runs in a fresh Node process (spawned by scripts/bench/cold-start.ts), once per
// measured cold start. `app`: requires the unpacked build.zip's
// zapierwrapper.js, as Zapier's Lambda does, and makes the first, cheapest
// handler call (`definition`, which loads the app's index.js). `core`: the
// same with zapier-platform-core alone and an empty app, to tell the app's
// own share from core's. `split`: core, then the app's index.js required on
// its own, to time the app's code apart from core's work on its definition.
// Only Node built-ins are loaded before the clock starts.
import { join } from 'node:path';
import { report, runAndExit } from './protocol';

type Handler = (event: object, context: object) => Promise<{ results?: unknown }>;

async function main(): Promise<void> {
  const [mode, dir = ''] = process.argv.slice(2);
  const started = performance.now();
  let handler: Handler;
  let appRequireMs: number | undefined;
  if (mode === 'app') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    ({ handler } = require(join(dir, 'zapierwrapper.js')) as { handler: Handler });
  } else if (mode === 'core' || mode === 'split') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const core = require(join(dir, 'node_modules', 'zapier-platform-core')) as {
      version: string;
      createAppHandler: (app: object) => Handler;
    };
    if (mode === 'core') {
      handler = core.createAppHandler({ version: '0.0.0', platformVersion: core.version });
    } else {
      const appStarted = performance.now();
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const app = require(join(dir, 'index.js')) as object;
      appRequireMs = performance.now() - appStarted;
      handler = core.createAppHandler(app);
    }
  } else {
    throw new Error(`unknown mode ${String(mode)}: app, core or split`);
  }
  const loaded = performance.now();
  const output = await handler({ command: 'definition' }, {});
  const done = performance.now();
  if (typeof output.results !== 'object' || output.results === null) {
    throw new Error('the definition call returned no app definition');
  }
  report({
    ...(appRequireMs === undefined ? {} : { appRequireMs }),
    requireMs: loaded - started,
    firstCallMs: done - loaded,
    loadMs: done - started,
    // performance.now() counts from the process's start: Node's own boot included.
    sinceProcessStartMs: done,
  });
}

runAndExit(main);

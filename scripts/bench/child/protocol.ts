// How a benchmark's child process hands its figures back: one line on stdout
// marked BENCH, since zapier-platform-core's logger writes to stdout too.
import { Buffer } from 'node:buffer';

const MARK = 'BENCH ';

/** The job the parent wrote to this child's stdin, as JSON. */
export async function readJob<T>(): Promise<T> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
}

/** Writes the figures of this process for the parent to read. */
export function report(figures: object): void {
  process.stdout.write(`${MARK}${JSON.stringify(figures)}\n`);
}

/** The figures a child wrote, or undefined if it wrote none. */
export function figuresIn(stdout: string): Record<string, unknown> | undefined {
  const line = stdout.split('\n').find((text) => text.startsWith(MARK));
  if (line === undefined) return undefined;
  const parsed: unknown = JSON.parse(line.slice(MARK.length));
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}

/**
 * Runs a child's main and exits at once, as a Lambda freezes: keep-alive
 * sockets would otherwise hold the process open.
 */
export function runAndExit(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}

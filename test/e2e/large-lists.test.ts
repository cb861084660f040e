// Polls of ids whose age cannot be read (UUIDs, numbers), through
// build/build.zip as Zapier runs it: every result stays under Zapier's 6 MiB,
// keeps the service's order as far as 5 MiB holds it, and the log names the
// positions left out.
import { raw, startHostileServer, type HostileServer } from '../support/hostile-server';
import { invoke, unpackZip } from '../support/lambda';

// One fresh Node process loads build.zip and reads lists of several MiB.
jest.setTimeout(120_000);

const API_KEY = 'e2e-list-key-7f3a9c2b1d';
const JSON_TYPE = { 'Content-Type': 'application/json' };

/** A version-4 UUID made from n. */
const uuid = (n: number): string => {
  const hex = n.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
};
const LISTS = {
  uuids: Array.from({ length: 90_000 }, (_, i) => ({
    id: uuid(i * 7919),
    title: `Open House ${i} – Élan Avenue`,
  })),
  numbers: Array.from({ length: 200_000 }, (_, i) => ({ id: 5_000_000 - i, title: `Tour ${i}` })),
};

describe('a poll of ids whose age cannot be read, through build.zip as Zapier runs it', () => {
  let server: HostileServer;
  let dir: string;
  let remove = (): void => undefined;

  beforeAll(async () => {
    server = await startHostileServer({
      uuids: raw(200, JSON.stringify(LISTS.uuids), JSON_TYPE),
      numbers: raw(200, JSON.stringify(LISTS.numbers), JSON_TYPE),
    });
    ({ dir, remove } = unpackZip());
  });

  afterAll(async () => {
    await server.close();
    remove();
  });

  it.each([
    ['90,000 videos with UUIDs', 'uuids'],
    ['200,000 videos with numbers', 'numbers'],
  ] as const)(
    "%s: the service's order as far as 5 MiB holds it, the rest named in the log",
    async (_name, name) => {
      const list = LISTS[name];
      const [outcome] = await invoke(dir, [
        {
          command: 'execute',
          method: 'triggers.video.operation.perform',
          bundle: { authData: { api_key: API_KEY } },
          environment: { BASE_URL: server.base(name) },
        },
      ]);
      expect(server.received(name).map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
        ['GET', '/api/video', API_KEY],
      ]);
      expect(outcome).toMatchObject({ ok: true });
      const items = outcome?.results as { id: string; title: string }[];
      // The whole list would not fit.
      expect(Buffer.byteLength(JSON.stringify(list))).toBeGreaterThan(6 * 1024 * 1024);
      // At these sizes a title keeps 16 characters at most, "…" included.
      const shown = ({ id, title }: { id: unknown; title: string }) => ({
        id: String(id),
        title: title.length > 16 ? `${title.slice(0, 15)}…` : title,
      });
      expect(items.length).toBeGreaterThan(1_000);
      expect(items).toEqual(list.slice(0, items.length).map(shown));
      // Each item counts its bytes and a comma: 5 MiB holds these and not one more.
      const bytes = (item: unknown): number => Buffer.byteLength(JSON.stringify(item)) + 1;
      const used = items.reduce((sum, item) => sum + bytes(item), 0);
      expect(used).toBeLessThanOrEqual(5 * 1024 * 1024);
      const next = list[items.length];
      expect(next && used + bytes(shown(next))).toBeGreaterThan(5 * 1024 * 1024);
      expect(outcome?.logs).toContain(
        `Left out ${list.length - items.length} of ${list.length} videos from GET /api/video, ` +
          `positions ${items.length + 1} to ${list.length} of this result: with them, the ` +
          "result would pass Zapier's 6 MiB limit.",
      );
    },
  );
});

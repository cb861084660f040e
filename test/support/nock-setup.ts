// Every unit test: no real network, and every request a test declared must
// have been made (a declared but unused interceptor fails the test).
import nock from 'nock';

// Core echoes each z.console line (the run's log on Zapier) to the console, which
// buried the test report under some 170 lines. The tests assert on the lines
// that matter; the echo is dropped, and a test's own console.log still shows.
// eslint-disable-next-line no-console -- kept to pass a test's own lines through
const consoleLog = console.log.bind(console);
const fromCoreLogger = (): boolean => new Error().stack?.includes('create-logger-console') ?? false;

beforeAll(() => {
  nock.disableNetConnect();
});

beforeEach(() => {
  // Before each test: a test's own spy on console.log, restored, takes this one with it.
  jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    if (!fromCoreLogger()) consoleLog(...args);
  });
  delete process.env.BASE_URL;
  delete process.env.ALT_BASE_URL;
  delete process.env.API_ROUTES;
  delete process.env.REQUEST_TIMEOUT_MS;
  delete process.env.MAX_RESPONSE_BYTES;
});

afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending).toEqual([]);
});

afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

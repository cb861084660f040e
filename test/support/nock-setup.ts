// Every unit test: no real network, and every request a test declared must
// have been made (a declared but unused interceptor fails the test).
import nock from 'nock';

beforeAll(() => {
  nock.disableNetConnect();
});

beforeEach(() => {
  delete process.env.BASE_URL;
  delete process.env.ALT_BASE_URL;
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

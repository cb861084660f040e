// The compiled app against the sandbox serving the routes of CRMGrow's newest public source
// (docs/service-api.md, "the source"): with API_ROUTES=api-v2, every operation reaches its route;
// turning a Zap off and loading a sample take the path form after the spec's form meets a missing
// route; New Lead fires, as its subscription names the lead.
import type { Bundle } from 'zapier-platform-core';
import { startReceiver, type Receiver } from '../../sandbox/receiver';
import { itemsOf, objectId } from '../../sandbox/seed';
import { inputDataFor, operationKeysOf } from '../../scripts/lib/operations';
import { app, run, useSandbox } from './helpers';

const keys = operationKeysOf(app);
const sandbox = useSandbox({ routes: 'source' });
const authData = () => ({ api_key: sandbox().apiKey });
let receiver: Receiver;
beforeAll(async () => {
  process.env.API_ROUTES = 'api-v2';
  receiver = await startReceiver();
});
afterAll(async () => {
  delete process.env.API_ROUTES;
  await receiver.close();
});

it('the connection test, every poll and every create reach their /api-v2/ routes', async () => {
  const sb = sandbox();
  expect(await run('authentication.test', { authData: authData() })).toEqual({ ok: true });
  for (const key of keys.polling) {
    const items = await run(`triggers.${key}.operation.perform`, { authData: authData() });
    expect(items).toHaveLength(itemsOf(sb.data)[key]?.length ?? -1);
  }
  const choices = new Map(
    Object.entries(itemsOf(sb.data)).map(([list, [first]]) => [list, first?.id ?? '']),
  );
  for (const key of keys.creates) {
    const inputData = inputDataFor(app, key, choices);
    const result = await run(`creates.${key}.operation.perform`, {
      authData: authData(),
      inputData,
    });
    expect(result).toMatchObject({ id: expect.any(String), email: inputData.email });
  }
  await sb.settled();
  expect(sb.requests.filter(({ status }) => status !== 200)).toEqual([]);
});

// The sample is the account's first contact of the lead type, or of any for every lead.
it.each([
  ['every lead', {}, 1],
  ['Lead Form leads', { lead_type: 'leadform' }, 5],
])('New Lead for %s: subscribe, sample, a lead delivered, unsubscribe', async (_, inputData, n) => {
  const sb = sandbox();
  const fieldsOf = (id: string) => {
    const c = sb.data.contacts.find((contact) => contact.id === id);
    const names = { first_name: c?.first_name, last_name: c?.last_name };
    return { id, email: c?.email, ...names, tags: c?.tags, source: c?.source };
  };
  const op = 'triggers.lead_source.operation';
  const bundle: Partial<Bundle> = { authData: authData(), inputData, targetUrl: receiver.url };
  const subscribeData = (await run(`${op}.performSubscribe`, bundle)) as { id: string };
  const sample = (await run(`${op}.performList`, bundle)) as unknown[];
  expect(await sb.fire('lead_source')).toEqual([{ hookUrl: receiver.url, status: 200 }]);
  const { body } = receiver.next();
  const items = await run(`${op}.perform`, { ...bundle, cleanedRequest: body as object });
  expect(items).toMatchObject([fieldsOf(objectId('contact', 5))]);
  expect(sample).toMatchObject([fieldsOf(objectId('contact', n))]);
  await run(`${op}.performUnsubscribe`, { ...bundle, subscribeData });
  expect(sb.subscriptions.has(subscribeData.id)).toBe(false);
  // The spec's forms of perform and unsubscribe met a missing route; the path forms did not.
  const misses = sb.requests.filter(({ status }) => status === 404).map(({ path }) => path);
  expect(misses.slice(-2)).toEqual(['/api-v2/outbound/perform', '/api-v2/outbound/unsubscribe']);
});

it('a New Lead subscription for Lead Schedule leads gets no Lead Form lead', async () => {
  const sb = sandbox();
  const bundle = {
    authData: authData(),
    inputData: { lead_type: 'leadschedule' },
    targetUrl: receiver.url,
  };
  const subscribeData = (await run('triggers.lead_source.operation.performSubscribe', bundle)) as {
    id: string;
  };
  expect(await sb.fire('lead_source')).toEqual([]);
  // Nor as its sample: CRMGrow offers only a lead of the type the query names.
  expect(await run('triggers.lead_source.operation.performList', bundle)).toEqual([]);
  const leadForm = { ...bundle, inputData: { lead_type: 'Lead Form' } };
  expect(await run('triggers.lead_source.operation.performList', leadForm)).toEqual([
    expect.objectContaining({ source: 'leadform' }),
  ]);
  await run('triggers.lead_source.operation.performUnsubscribe', { ...bundle, subscribeData });
});

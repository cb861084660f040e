// Zaps built as a Zap builder builds them, on each route set of the sandbox: a form's lead → Create
// Contact → Add Contact to Automation → Send Video, and New Lead (a lead form chosen from its
// dropdown) → Add Contact to Automation → Send Video, each choice from its dropdown; then what
// CRMGrow holds, and what a second run of the actions meets. Also the new dropdowns, the service's
// refusals as a step meets them, and an account that cannot run automations.
import type { Bundle } from 'zapier-platform-core';
import { startReceiver, type Receiver } from '../../sandbox/receiver';
import { seedData, type Material } from '../../sandbox/seed';
import { run, useSandbox } from './helpers';

type Item = Record<string, unknown>;
const byId = (items: readonly Material[]): Material[] =>
  [...items].sort((a, b) => a.id.localeCompare(b.id));
const seeded = seedData();
const hotLead = seeded.labels.find(({ name }) => name === 'hot lead');

/** An AppError's code: its message is JSON, before any log core appends. */
const codeOf = (error: unknown): unknown => {
  const [text = ''] = String((error as Error).message).split(/\n+(?:What happened|Console logs):/);
  return (JSON.parse(text) as { code?: unknown }).code;
};

describe.each([
  ["the API spec's routes", 'spec', undefined, { contact: '/api', send: '/api' }],
  ["the source's routes", 'source', 'api-v2', { contact: '/api-v2', send: '/api-v2/material' }],
] as const)('on %s', (_routes, routes, apiRoutes, mount) => {
  const sandbox = useSandbox({ routes });
  const authData = () => ({ api_key: sandbox().apiKey });
  let receiver: Receiver;
  beforeAll(async () => {
    if (apiRoutes) process.env.API_ROUTES = apiRoutes;
    receiver = await startReceiver();
  });
  afterAll(async () => {
    delete process.env.API_ROUTES;
    await receiver.close();
  });

  const dropdown = async (trigger: string, inputData: Item = {}) =>
    (await run(`triggers.${trigger}.operation.perform`, {
      authData: authData(),
      inputData,
      meta: { isFillingDynamicDropdown: true } as Bundle['meta'],
    })) as Material[];
  const create = async (key: string, inputData: Item) =>
    (await run(`creates.${key}.operation.perform`, { authData: authData(), inputData })) as Item;

  it("the label dropdown lists the seeded labels, the account's and CRMGrow's", async () => {
    const labels = seeded.labels.map(({ id, name }) => ({ id, title: name }));
    expect(byId(await dropdown('label'))).toEqual(byId(labels));
  });

  it('the lead dropdown, for Lead Form leads, lists "All" and the lead forms only', async () => {
    const sb = sandbox();
    const leads = await dropdown('lead', { lead_type: 'leadform' });
    expect(sb.requests.at(-1)?.query).toEqual({ type: 'leadform' });
    expect(byId(leads)).toEqual(byId([{ id: '0', title: 'All' }, ...seeded.leadForms]));
    expect(leads.map(({ id }) => id)).toContain(sb.lead.id);
  });

  it('New Lead → Add Contact to Automation → Send Video', async () => {
    const sb = sandbox();
    const before = sb.requests.length;
    const form = (await dropdown('lead', { lead_type: 'leadform' })).find(
      ({ id }) => id === sb.lead.id,
    );
    const trigger = {
      authData: authData(),
      inputData: { lead_type: 'leadform', lead: form?.id },
      targetUrl: receiver.url,
    };
    const op = 'triggers.lead_source.operation';
    const subscribeData = (await run(`${op}.performSubscribe`, trigger)) as { id: string };
    expect(await sb.fire('lead_source')).toEqual([{ hookUrl: receiver.url, status: 200 }]);
    const { body, rawBody } = receiver.next();
    const [lead = {}] = (await run(`${op}.perform`, {
      ...trigger,
      subscribeData,
      cleanedRequest: body as Bundle['cleanedRequest'],
      rawRequest: { method: 'POST', querystring: '', headers: {}, content: rawBody },
    })) as Item[];
    const held = sb.data.contacts.find(({ source }) => source === 'leadform');
    expect(lead).toMatchObject({ id: held?.id, email: held?.email, last_name: held?.last_name });
    // CRMGrow made the lead's contact itself, so a Create Contact step would halt the run here.
    const again = { email: lead.email, first_name: lead.first_name };
    await expect(create('create_contact', again)).rejects.toHaveProperty('name', 'HaltedError');

    const [automation] = await dropdown('automation');
    const toAutomation = { email: lead.email, automation_id: automation?.id };
    expect(await create('add_to_automation', toAutomation)).toMatchObject({
      status: true,
      ...toAutomation,
    });
    const running = () =>
      sb.data.automationLines.filter(
        (line) => line.contact === held?.id && line.automation === automation?.id,
      );
    expect(running()).toEqual([expect.objectContaining({ status: 'running' })]);

    const [video] = await dropdown('video');
    const template = (await dropdown('template')).find(({ title }) => title.endsWith('(Email)'));
    const send = { email: lead.email, video_id: video?.id, template_id: template?.id };
    expect(await create('send_video', send)).toMatchObject({ status: true, ...send });

    // The Zap's second run for the same lead: the automation runs already, so the step halts.
    await expect(create('add_to_automation', toAutomation)).rejects.toHaveProperty(
      'name',
      'HaltedError',
    );
    expect(running()).toHaveLength(1);

    await run(`${op}.performUnsubscribe`, { ...trigger, subscribeData });
    expect(sb.subscriptions.has(subscribeData.id)).toBe(false);
    // Each step reached its route of this route set.
    const posts = sb.requests
      .slice(before)
      .filter(({ method }) => method === 'POST')
      .map(({ path, status }) => `${path} ${status}`);
    expect(posts).toEqual([
      `${mount.contact}/outbound/subscribe 201`,
      `${mount.contact}/contact 400`,
      `${mount.contact}/automation 200`,
      `${mount.send}/send-video 200`,
      `${mount.contact}/automation 405`,
    ]);
  });

  // A CRMGrow user's first Zap: a lead from a form outside CRMGrow, as a Facebook Lead Ads or
  // Typeform trigger gives its fields, into CRMGrow, then its follow-up.
  it("a form's lead → Create Contact → Add Contact to Automation → Send Video", async () => {
    const sb = sandbox();
    const before = sb.requests.length;
    const lead = {
      email: 'omar.haddad@example.net',
      full_name: 'Omar Haddad',
      phone_number: '+13125550187',
      interests: ['lead-capture', 'Spring Open House'],
    };
    const [first_name, last_name] = lead.full_name.split(' ');
    const contact = await create('create_contact', {
      email: lead.email,
      first_name,
      last_name,
      cell_phone: lead.phone_number,
      tags: lead.interests,
      company: 'Haddad Homes',
      label: 'Hot Lead',
      custom_fields: { Budget: '$750,000' },
    });
    const tags = ['lead-capture', 'spring open house'];
    expect(contact).toMatchObject({
      email: lead.email,
      company: 'Haddad Homes',
      label_id: hotLead?.id,
      tags,
    });
    expect(sb.data.contacts.find(({ id }) => id === contact.id)).toMatchObject({
      first_name: 'Omar',
      last_name: 'Haddad',
      email: lead.email,
      cell_phone: lead.phone_number,
      tags,
      brokerage: 'Haddad Homes',
      label: hotLead?.id,
      additional_field: { Budget: '$750,000' },
    });
    // "Hot Lead" found the seeded label: none was added.
    expect(sb.data.labels).toHaveLength(seeded.labels.length);

    const [automation] = await dropdown('automation');
    const toAutomation = { email: String(contact.email), automation_id: automation?.id };
    await create('add_to_automation', toAutomation);
    const running = () =>
      sb.data.automationLines.filter(
        (line) => line.contact === contact.id && line.automation === automation?.id,
      );
    expect(running()).toEqual([expect.objectContaining({ status: 'running' })]);
    const [video] = await dropdown('video');
    const template = (await dropdown('template')).find(({ title }) => title.endsWith('(Email)'));
    const send = { email: contact.email, video_id: video?.id, template_id: template?.id };
    expect(await create('send_video', send)).toMatchObject({ status: true, ...send });

    // The same lead a second time: CRMGrow has the contact, and the automation runs already.
    await expect(create('create_contact', { email: lead.email })).rejects.toHaveProperty(
      'name',
      'HaltedError',
    );
    await expect(create('add_to_automation', toAutomation)).rejects.toHaveProperty(
      'name',
      'HaltedError',
    );
    expect(running()).toHaveLength(1);
    expect(sb.data.contacts.filter(({ email }) => email === lead.email)).toHaveLength(1);
    const posts = sb.requests
      .slice(before)
      .filter(({ method }) => method === 'POST')
      .map(({ path, status }) => `${path} ${status}`);
    expect(posts).toEqual([
      `${mount.contact}/contact 200`,
      `${mount.contact}/automation 200`,
      `${mount.send}/send-video 200`,
      `${mount.contact}/contact 400`,
      `${mount.contact}/automation 405`,
    ]);
  });

  // The service's refusals as a step meets them; the connection test takes the suspended key
  // unless the row gives one.
  const UNKNOWN = '0123456789abcdef01234567';
  it.each<[string, string, Item, string]>([
    ['authentication', 'a JWT it did not sign', { api_key: 'a.b.c' }, 'ExpiredAuthError'],
    ['authentication', 'a key that is no JWT', { api_key: 'not-a-key' }, 'ExpiredAuthError'],
    ['authentication', 'a suspended account', {}, 'account_suspended'],
    ['send_video', 'a template not there', { template_id: UNKNOWN }, 'template_not_found'],
    ['send_video', 'a video not there', { video_id: UNKNOWN }, 'delivery_failed'],
    ['send_video', 'a video id that is no ObjectId', { video_id: '42' }, 'invalid_id'],
    [
      'add_to_automation',
      'an automation not there',
      { automation_id: UNKNOWN },
      'automation_not_found',
    ],
    [
      'create_contact',
      'a phone a contact has, written otherwise',
      { email: 'j.cooper@example.com', cell_phone: '(415) 555-0100' },
      'HaltedError',
    ],
  ])('%s meets %s', async (key, _, input, expected) => {
    const [first] = seeded.contacts;
    const inputs = {
      email: first?.email,
      ...{ video_id: seeded.video[0]?.id, template_id: seeded.template[0]?.id },
      ...{ automation_id: seeded.automations[0]?.id, ...input },
    };
    const error: unknown = await (
      key === 'authentication'
        ? run('authentication.test', { authData: { api_key: sandbox().suspendedApiKey, ...input } })
        : create(key, inputs)
    ).catch((e: unknown) => e);
    const name = (error as Error).name;
    expect(name === 'AppError' ? codeOf(error) : name).toBe(expected);
  });

  it('Create Task for the contact: held for it, due as sent', async () => {
    const sb = sandbox();
    const inputData = {
      email: 'jane.cooper@example.com',
      content: 'Call about the open house',
      due_date: '2026-12-05T10:00:00-05:00',
      type: 'Call',
    };
    const task = await create('create_task', inputData);
    expect(task).toMatchObject({ type: 'call', due_date: '2026-12-05T15:00:00.000Z' });
    expect(sb.data.tasks.find(({ _id }) => _id === task.id)).toMatchObject({
      contact: seeded.contacts[0]?.id,
      content: inputData.content,
      due_date: '2026-12-05T15:00:00.000Z',
      type: 'call',
      status: 0,
    });
  });

  it.each<[string, number, (sb: ReturnType<typeof sandbox>) => void]>([
    ['no connected mailbox', 406, ({ account }) => (account.primaryConnected = false)],
    ['no number for texts', 408, ({ account }) => (account.phoneNumber = '')],
    ['automations turned off', 412, ({ account }) => (account.automationsEnabled = false)],
    [
      "its plan's limit of running automations reached",
      412,
      ({ account, data }) => (account.maxActiveAutomations = data.automationLines.length),
    ],
  ])(
    'an account with %s: Add Contact to Automation fails (%i), not halts',
    async (_, status, block) => {
      const sb = sandbox();
      const settings = { ...sb.account };
      const inputData = {
        email: 'jane.cooper@example.com',
        automation_id: seeded.automations[1]?.id,
      };
      block(sb);
      try {
        const error: unknown = await create('add_to_automation', inputData).catch(
          (e: unknown) => e,
        );
        expect(error).toHaveProperty('name', 'AppError');
        expect(codeOf(error)).toBe('automation_unavailable');
        expect(sb.requests.at(-1)?.status).toBe(status);
      } finally {
        Object.assign(sb.account, settings);
      }
      expect(
        sb.data.automationLines.filter((l) => l.automation === inputData.automation_id),
      ).toEqual([]);
    },
  );
});

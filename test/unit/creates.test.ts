// What the actions return once CRMGrow's response passes the success check.
import nock from 'nock';
import { bundleWith, HOST, run } from '../support/app';
import { methodOf, TEMPLATE_ID } from '../support/live-zap-keys';

const note = (answer: unknown, content = 'Called about the open house.') => {
  nock(HOST)
    .post('/api/note')
    .reply(200, answer as nock.Body);
  return run(
    'creates.add_note.operation.perform',
    bundleWith({ inputData: { email: 'jane@example.com', content } }),
  );
};

it('a send returns what was sent to whom, named by the material and the address', async () => {
  const { path, inputData } = methodOf('send_pdf');
  nock(HOST).post('/api/send-pdf').reply(200, { status: true });
  await expect(run(path, bundleWith({ inputData }))).resolves.toEqual({
    id: `${String(inputData.pdf_id)}:jane@example.com`,
    status: true,
    email: 'jane@example.com',
    pdf_id: inputData.pdf_id,
    template_id: TEMPLATE_ID,
  });
});

describe('Add Note returns the note CRMGrow made', () => {
  it.each([
    [
      {
        _id: 'n1',
        content: 'Saved text',
        contact: ['c1', 'c2'],
        created_at: 1_710_000_000_000,
        updated_at: 'soon',
      },
      {
        id: 'n1',
        content: 'Saved text',
        contact_id: 'c1',
        created_at: '2024-03-09T16:00:00.000Z',
        updated_at: null,
      },
    ],
    [
      { id: 7, contact: 'c1' },
      { id: '7', content: 'Called about the open house.', contact_id: 'c1' },
    ],
    [undefined, { id: null, content: 'Called about the open house.', contact_id: null }],
  ])('from %j', async (data, expected) => {
    const result = await note({ status: true, ...(data && { data }) });
    expect(result).toMatchObject({ status: true, email: 'jane@example.com', ...expected });
  });

  it('cut to fit when CRMGrow echoes a note too large for a result; the note sent was whole', async () => {
    const content = 'n'.repeat(6 * 1024 * 1024);
    const result = (await note({ status: true, data: { _id: 'n1', content } }, content)) as {
      id: string;
      content: string;
    };
    expect(result.id).toBe('n1');
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(5 * 1024 * 1024);
  });
});

describe('Create Contact returns the contact CRMGrow made, keyed as New Contact is', () => {
  const contact = (answer: unknown, inputData: Record<string, unknown> = { email: 'a@b.co' }) => {
    nock(HOST)
      .post('/api/contact')
      .reply(200, answer as nock.Body);
    return run('creates.create_contact.operation.perform', bundleWith({ inputData }));
  };
  const stored = {
    _id: 'c1',
    first_name: 'Jane',
    email: 'a@b.co',
    brokerage: 'Doe Realty',
    label: 'l1',
    tags: ['buyer', 7],
    created_at: 1_710_000_000_000,
    user: ['u1'],
    __v: 0,
    activity: { _id: 'a1' },
  };
  const expected = {
    id: 'c1',
    first_name: 'Jane',
    last_name: null,
    email: 'a@b.co',
    company: 'Doe Realty',
    label_id: 'l1',
    tags: ['buyer', '7'],
    created_at: '2024-03-09T16:00:00.000Z',
  };

  it('from the newest source, company from brokerage, the label as its id, no internal fields', async () => {
    const result = (await contact({ status: true, data: stored })) as Record<string, unknown>;
    expect(result).toMatchObject(expected);
    expect(Object.keys(result)).not.toEqual(expect.arrayContaining(['user']));
    expect(
      ['activity', '__v', 'user', 'brokerage', 'label'].filter((key) => key in result),
    ).toEqual([]);
  });

  it("from the 2021 routes, whose record sits in the document's _doc", async () => {
    const { _id, ...rest } = stored;
    const answer = { status: true, data: { $__: {}, isNew: false, _doc: { _id, ...rest } } };
    await expect(contact(answer)).resolves.toMatchObject(expected);
  });

  it('sends a contact with a cell phone and no email', async () => {
    await expect(
      contact(
        { status: true, data: { _id: 'c2', cell_phone: '+14155550100' } },
        { cell_phone: '+14155550100' },
      ),
    ).resolves.toMatchObject({ id: 'c2', email: null, cell_phone: '+14155550100', tags: [] });
  });
});

describe('Create Task returns the task CRMGrow made', () => {
  const task = (answer: unknown, extra: Record<string, unknown> = {}) => {
    nock(HOST)
      .post('/api/followup')
      .reply(200, answer as nock.Body);
    return run(
      'creates.create_task.operation.perform',
      bundleWith({ inputData: { ...methodOf('creates.create_task').inputData, ...extra } }),
    );
  };

  it('with its contact and its creation time, keyed as New Task is', async () => {
    const data = {
      _id: 't1',
      contact: 'c1',
      content: 'Saved text',
      due_date: '2026-12-05T15:00:00.000Z',
      type: 'call',
      set_recurrence: false,
      created_at: '2026-12-01T10:00:00.000Z',
      activity: {},
    };
    await expect(task({ status: true, data }, { recurrence_mode: '' })).resolves.toEqual({
      id: 't1',
      type: 'call',
      content: 'Saved text',
      due_date: '2026-12-05T15:00:00.000Z',
      set_recurrence: false,
      recurrence_mode: null,
      contact_id: 'c1',
      email: 'jane@example.com',
      create_at: '2026-12-01T10:00:00.000Z',
    });
  });

  it('a repeating task, whose record has no due date of its own, keeps the one sent', async () => {
    await expect(task({ status: true, data: { _id: 't2', contact: 'c1' } })).resolves.toMatchObject(
      {
        id: 't2',
        due_date: '2026-12-05T15:00:00.000Z',
        set_recurrence: true,
        recurrence_mode: 'WEEKLY',
        type: 'call',
      },
    );
  });
});

it('Add Contact to Automation returns who was added to which automation', async () => {
  const { path, inputData } = methodOf('add_to_automation');
  nock(HOST).post('/api/automation').reply(200, { status: true });
  await expect(run(path, bundleWith({ inputData }))).resolves.toEqual({
    id: `${String(inputData.automation_id)}:jane@example.com`,
    status: true,
    email: 'jane@example.com',
    automation_id: inputData.automation_id,
  });
});

// What the actions return once CRMGrow's response passes the success check.
import nock from 'nock';
import { bundleWith, HOST, run } from '../support/app';
import { methodOf, TEMPLATE_ID } from '../support/expectations';

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

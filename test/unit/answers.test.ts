// The one reading of a response (src/http/responses.ts), each function alone;
// the error tables apply it (http-steps.test.ts, row by row).
import {
  enveloped,
  namesMissingRoute,
  recordIdOf,
  SUCCESS,
  verdictOf,
} from '../../src/http/responses';

describe('verdictOf: what a 2xx body says of the request', () => {
  it.each([
    [{ status: true }, 'yes'],
    [{ status: 'true' }, 'yes'],
    [{ status: false }, 'no'],
    [{ status: 'false' }, 'no'],
    [{ success: false }, 'no'],
    [{ success: 'false' }, 'no'],
    [{ status: true, error: 'Template archived' }, 'no'],
    [{ error: { message: 'Bad' } }, 'no'],
    [{ status: 'TRUE' }, 'neither'],
    [{ status: 1 }, 'neither'],
    [{ status: 'queued' }, 'neither'],
    [{ status: true, error: ' ' }, 'yes'],
    [{ error: { message: 42 } }, 'neither'],
    [{}, 'neither'],
    [[{ status: true }], 'neither'],
    [undefined, 'neither'],
  ])('%j says %s', (body, verdict) => {
    expect(verdictOf(body)).toBe(verdict);
  });
});

describe('enveloped and recordIdOf: one envelope rule for lists, samples and subscribe', () => {
  it.each([
    [{ data: [1] }, [1]],
    [{ status: true, data: { id: 'a' } }, { id: 'a' }],
    [{ data: 'a' }, { data: 'a' }],
    [{ data: null }, { data: null }],
    [[{ data: [1] }], [{ data: [1] }]],
  ])('%j holds %j', (body, content) => {
    expect(enveloped(body)).toEqual(content);
  });

  it.each([
    [{ id: 'a', _id: 'b' }, 'a'],
    [{ _id: ' b ' }, 'b'],
    [{ id: 7 }, '7'],
    [{ data: { _id: 'c' } }, 'c'],
    [{ _id: 'top', data: { id: 'inner' } }, 'top'],
    [{ id: '  ', data: { id: 'inner' } }, 'inner'],
    [{ id: 1.5 }, undefined],
    [{ id: 2 ** 53 + 2 }, undefined],
    [{ data: [{ id: 'a' }] }, undefined],
    [[{ id: 'a' }], undefined],
    [undefined, undefined],
  ])('the record id of %j is %p', (body, id) => {
    expect(recordIdOf(body)).toBe(id);
  });
});

describe('SUCCESS: what a 2xx must hold under each success check', () => {
  it.each([
    ['json', '{}', true],
    ['json', undefined, false],
    ['list', '{"data":[]}', true],
    ['list', '{}', false],
    ['statusTrue', '{"status":true}', true],
    ['statusTrue', '{"status":"TRUE"}', false],
    ['id', '{"data":{"id":"a"}}', true],
    ['id', '{"status":true}', false],
    ['deleted', '{"status":"true"}', true],
    ['deleted', '{}', false],
  ] as const)('%s: %s holds it: %p', (check, text, holds) => {
    expect(SUCCESS[check].holds(text === undefined ? undefined : JSON.parse(text))).toBe(holds);
  });
});

describe('namesMissingRoute: the words of a 404 from no route of the service', () => {
  it.each([
    [{ error: 'Cannot DELETE /api/x' }, 'Cannot DELETE /api/x', true],
    [{ message: 'Not Found' }, 'Not Found', true],
    [undefined, 'not found', true],
    [{ status: false, error: 'Not found' }, 'Not found', false],
    [{ status: false, error: 'Cannot GET /api/x' }, 'Cannot GET /api/x', true],
    [{ error: 'Subscription not found' }, 'Subscription not found', false],
    [{ error: 'Cannot delete it' }, 'Cannot delete it', false],
    [{}, undefined, false],
  ])('%j (%s): %p', (body, text, missing) => {
    expect(namesMissingRoute(body, text)).toBe(missing);
  });
});

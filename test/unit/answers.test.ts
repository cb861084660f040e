// The one reading of a 2xx answer (src/http/answers.ts), each function alone;
// the error layer's table applies it (http-steps.test.ts, row by row).
import {
  CONFIRMS,
  enveloped,
  namesMissingRoute,
  recordIdOf,
  verdictOf,
} from '../../src/http/answers';

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

describe('CONFIRMS: what a 2xx must hold under each answer rule', () => {
  it.each([
    ['json', '{}', true],
    ['json', undefined, false],
    ['list', '{"data":[]}', true],
    ['list', '{}', false],
    ['confirmed', '{"status":true}', true],
    ['confirmed', '{"status":"TRUE"}', false],
    ['subscribed', '{"data":{"id":"a"}}', true],
    ['subscribed', '{"status":true}', false],
    ['unsubscribed', '{"status":"true"}', true],
    ['unsubscribed', '{}', false],
  ] as const)('%s: %s holds it: %p', (rule, text, holds) => {
    expect(CONFIRMS[rule].holds(text === undefined ? undefined : JSON.parse(text))).toBe(holds);
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

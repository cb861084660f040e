// What the creates share: the inputs read and sent in one request, and the record CRMGrow answers
// with given to the Zap as its output fields.
import type { Bundle, PlainOutputField, ZObject } from 'zapier-platform-core';
import type { Endpoint } from '../http/endpoints';
import { callApi } from '../http/request';
import { bodyOf, readInputs, sentFieldsOf, type Input, type ValuesOf } from '../lib/inputs';
import { dateOf, isObject, recordIdOf, recordOf, typedValue, type JsonObject } from '../lib/json';
import { cutToFit } from '../lib/size';

/** The inputs read, then sent as one request to `endpoint`: the values and CRMGrow's record. */
export async function sendInputs<I extends Input>(
  z: ZObject,
  bundle: Bundle,
  endpoint: Endpoint,
  inputs: readonly I[],
  {
    check,
    extra,
  }: { check?: (values: ValuesOf<I>) => void; extra?: (values: ValuesOf<I>) => JsonObject } = {},
): Promise<{ values: ValuesOf<I>; record: JsonObject }> {
  const values = readInputs(z, bundle.inputData, inputs);
  check?.(values);
  const { data } = await callApi(z, bundle, endpoint, {
    body: { ...bodyOf(inputs, values), ...extra?.(values) },
    fields: sentFieldsOf(inputs, values),
  });
  const record = (isObject(data) && recordOf(data.data)) || {};
  return { values, record: { ...record, id: recordIdOf(record) } };
}

const valueOf = ({ type, list }: PlainOutputField, value: unknown): unknown => {
  if (list)
    return [value ?? []]
      .flat()
      .map((one) => typedValue(type, one))
      .filter((one) => one !== null);
  return type === 'datetime' ? dateOf(value) : typedValue(type, value);
};

/** Exactly the output fields, each of its type, null where the record has none. The record is
 * saved by now: a result past Zapier's limit would fail the step, and running it again would make
 * it twice, so the result is cut to fit (src/lib/size.ts). */
export const outputOf = (fields: readonly PlainOutputField[], record: JsonObject): JsonObject =>
  cutToFit(
    Object.fromEntries(fields.map((field) => [field.key, valueOf(field, record[field.key])])),
  )[0];

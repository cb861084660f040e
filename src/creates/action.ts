// What the creates share: the inputs read and sent in one request, and the record CRMGrow answers
// with given to the Zap as its output fields.
import type { Bundle, PlainOutputField, ZObject } from 'zapier-platform-core';
import type { Endpoint } from '../http/endpoints';
import { callApi } from '../http/request';
import { readInputs, type Input, type SentField, type ValuesOf } from '../lib/inputs';
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
  const sent: Readonly<Record<string, unknown>> = values;
  // Each value under the name CRMGrow stores it as, in the inputs' order; a blank optional one is
  // undefined, which JSON leaves out. The text ones are named for the error chain, which names the
  // one CRMGrow refused.
  const body = Object.fromEntries(inputs.map(({ key, sentAs }) => [sentAs ?? key, sent[key]]));
  const fields = inputs.flatMap((input): SentField[] => {
    const value = sent[input.key];
    return typeof value === 'string' ? [{ ...input, value }] : [];
  });
  const { data } = await callApi(z, bundle, endpoint, {
    body: { ...body, ...extra?.(values) },
    fields,
  });
  const record = (isObject(data) && recordOf(data.data)) || {};
  return { values, record: { ...record, id: recordIdOf(record) } };
}

/** The result of a create CRMGrow answers only `{"status": true}`: what was sent to what. Its `id`
 * ("<item id>:<email>") is made here, for a Zap that maps it: no CRMGrow record has it. */
export const sentResultOf = (values: Readonly<Record<string, string>>, idKey: string) => ({
  id: `${values[idKey]}:${values.email}`,
  status: true,
  ...values,
});

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

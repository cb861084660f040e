// The API key: checked before any request, and taken out of every response.
import type { ZObject } from 'zapier-platform-core';
import { SERVICE_NAME } from './errors';
import { parseJson } from './json';

/** Node refuses these in a header, or the service refuses the key; a line break is named first. */
const UNUSABLE_KEY_CHARACTERS: readonly { kind: string; is: (code: number) => boolean }[] = [
  { kind: 'a line break', is: (code) => code === 0x0a || code === 0x0d },
  { kind: 'a control character', is: (code) => code < 0x20 || (code >= 0x7f && code <= 0x9f) },
  { kind: 'a non-Latin character', is: (code) => code > 0xff },
];

/** The error for no key or one no header can hold; it never shows the key or the character. */
export function keyError(errors: ZObject['errors'], apiKey: string): Error | undefined {
  if (!apiKey) {
    return new errors.ExpiredAuthError(
      `No ${SERVICE_NAME} API key is connected. Reconnect your ${SERVICE_NAME} account in Zapier with your API key.`,
    );
  }
  const codes = [...apiKey].map((character) => character.codePointAt(0) ?? 0);
  const found = UNUSABLE_KEY_CHARACTERS.find(({ is }) => codes.some(is));
  if (!found) return undefined;
  return new errors.ExpiredAuthError(
    `The connected ${SERVICE_NAME} API key holds ${found.kind}, which an API key cannot have, ` +
      'so no request was sent. Copy the API key again from ' +
      `${SERVICE_NAME} and reconnect your ${SERVICE_NAME} account in Zapier.`,
  );
}

/** What JSON encoders write unescaped, as in JWT and base64url keys. */
const PLAIN_IN_JSON = /^[A-Za-z0-9._~+=-]+$/;

/** A JSON string, quotes included; an escape inside one (`\/`, `\u0041`) may hide the key. */
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

// Takes the API key out of a response's text: as it is, percent-encoded, and inside JSON strings,
// where an escape would hide it. A key under 4 characters stays: it would blot out ordinary words.
export function redact(text: string, apiKey: string | undefined): string {
  const key = apiKey?.trim();
  if (!key || key.length < 4) return text;
  const encoded = encodeURIComponent(key);
  const forms = new Set([
    key,
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
  ]);
  const hide = (value: string): string =>
    [...forms].reduce((done, form) => done.split(form).join('[API key]'), value);
  const plain = hide(text);
  // Read further only where an escape may hide the key: a parsed copy of a large list costs
  // memory (docs/benchmarks.md, section 9).
  if (!plain.includes('\\')) return plain;
  if (PLAIN_IN_JSON.test(key) && !plain.includes('\\u')) return plain;
  // Only valid JSON is read string by string: there every quote the pattern starts at opens a
  // string, so one pass finds them all in linear time.
  if (parseJson(plain) === undefined) return plain;
  return plain.replace(JSON_STRING, (quoted) => {
    const value = quoted.includes('\\') ? parseJson(quoted) : undefined;
    if (typeof value !== 'string') return quoted;
    const hidden = hide(value);
    return hidden === value ? quoted : JSON.stringify(hidden);
  });
}

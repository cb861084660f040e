// The service's refusals whose words name the cause, each with what the Zap builder can do.
import { SERVICE_NAME, shown, type CallContext } from './errors';
import { isObjectId } from './ids';
import type { ResponseFailure } from './response-errors';

/** "a", "a or b", "a, b or c"; never called with no items. */
const joined = (items: readonly string[], word: 'and' | 'or'): string =>
  items.reduce((text, item, i) => `${text}${i === items.length - 1 ? ` ${word} ` : ', '}${item}`);

/** The service answers a server error for an id that is not an ObjectId: this names such ids. */
export function malformedIdsHint(call: CallContext): string | undefined {
  const malformed = (call.fields ?? []).filter(
    (field): field is typeof field & { search: string } =>
      field.search !== undefined && !isObjectId(field.value),
  );
  if (malformed.length === 0) return undefined;
  const one = malformed.length === 1;
  const values = malformed.map(({ label, value }) => `"${shown(value)}" in "${label}"`);
  const labels = malformed.map(({ label }) => `"${label}"`);
  const searches = [...new Set(malformed.map(({ search }) => search))];
  const oneSearch = searches.length === 1;
  return (
    `${SERVICE_NAME} could not use ${joined(values, 'or')}: ` +
    `${one ? 'it is not an ID' : 'they are not IDs'} of ${SERVICE_NAME}, which are 24 characters ` +
    'of 0-9 and a-f (a title mapped by mistake, perhaps). ' +
    `Choose from the ${joined(labels, 'and')} ${one ? 'dropdown' : 'dropdowns'}, or map ` +
    `${one ? 'the ID' : 'the IDs'} from ${oneSearch ? 'a ' : ''}${joined(searches, 'and')} ` +
    `${oneSearch ? 'search step' : 'search steps'}.`
  );
}

/** The service's words for a key it refuses, whatever the status (`invalid_user`: a deleted user). */
const KEY_REFUSED = /invalid signature|\bjwt\b|invalid[_ ]user\b|invalid token/i;

export function knownRefusal({ errors, call, status, text }: ResponseFailure): Error | undefined {
  if (!text) return undefined;
  const words = text.toLowerCase();
  const said = `${SERVICE_NAME} said "${text}"`;
  const fieldOf = (key: string) => call.fields?.find((field) => field.key === key);
  const email = fieldOf('email');
  const template = fieldOf('template_id');
  if (KEY_REFUSED.test(text)) {
    return new errors.ExpiredAuthError(
      `${SERVICE_NAME} refused the API key (HTTP ${status}; ${said}). ` +
        `Copy your current API key from ${SERVICE_NAME} and reconnect your ${SERVICE_NAME} account in Zapier.`,
    );
  }
  if (words.includes('suspended')) {
    return new errors.Error(
      `Your ${SERVICE_NAME} account is suspended (${said}), so ${SERVICE_NAME} refuses every ` +
        `request. Sign in to ${SERVICE_NAME} to restore the account, then try again.`,
      'account_suspended',
      status,
    );
  }
  if (email && words.includes('email address')) {
    return new errors.HaltedError(
      `${SERVICE_NAME} refused the email address "${shown(email.value)}" in "${email.label}" ` +
        `(${said}). Map a valid email address to this field; this run was stopped and the ` +
        'next ones go on.',
    );
  }
  if (template && words.includes('templete')) {
    return new errors.Error(
      `${SERVICE_NAME} could not find the template "${shown(template.value)}" chosen in ` +
        `"${template.label}" (${said}). Choose a template from the dropdown, or map the ID of ` +
        'a template that exists.',
      'template_not_found',
      status,
    );
  }
  if (email && words === 'send error') {
    return new errors.Error(
      `${SERVICE_NAME} could not deliver the email to "${shown(email.value)}" (${said}). ` +
        `Check the address and the email settings of your ${SERVICE_NAME} account, then run ` +
        'the step again.',
      'delivery_failed',
      status,
    );
  }
  return undefined;
}

// Every message a Zap builder can read, verbatim and whole, once: the failure that makes it, its
// type and its code. Other tests assert types and codes only, so a change of wording is one row
// here. Each fits in 250 characters, so that it reads at a glance in Zap history.
import nock from 'nock';
import type { Bundle } from 'zapier-platform-core';
import { RULE_NAMES } from '../../src/http/errors';
import {
  API_KEY,
  bundleWith,
  failureOf,
  HOST,
  logsOf,
  run as call,
  type Failure,
} from '../support/app';

const VIDEO_ID = '64b7f0c2a91e3d5f8c2b4a17';
const TEMPLATE_ID = '64a3d5f8e2c14b7a9d0f6e28';
const SEND = { email: 'jane@example.com', video_id: VIDEO_ID, template_id: TEMPLATE_ID };
const api = () => nock(HOST);
// An Error, not a plain object: nock 14 hands a plain object to node-fetch in a way that never settles.
const failedWith = (code: string) => Object.assign(new Error(code), { code });

const poll = (bundle: Partial<Bundle> = bundleWith()) =>
  call('triggers.video.operation.perform', bundle);
const sendVideo = (inputData: Record<string, unknown> = SEND) =>
  call('creates.send_video.operation.perform', bundleWith({ inputData }));
const addNote = (
  inputData: Record<string, unknown> = { email: 'jane@example.com', content: 'Hi' },
) => call('creates.add_note.operation.perform', bundleWith({ inputData }));
const subscribe = () =>
  call(
    'triggers.add_contact.operation.performSubscribe',
    bundleWith({ targetUrl: 'https://hooks.zapier.com/1' }),
  );
const findVideo = (title: string) =>
  call('searches.find_video.operation.perform', bundleWith({ inputData: { title } }));
const watched = (inputData: Record<string, unknown>) =>
  call('triggers.watch_material.operation.perform', bundleWith({ inputData }));

const error = (message: string) => ({ status: false, error: message });

const createContact = (inputData: Record<string, unknown> = { email: 'jane@example.com' }) =>
  call('creates.create_contact.operation.perform', bundleWith({ inputData }));
const TASK = { email: 'jane@example.com', content: 'Call', due_date: '2026-12-05T10:00:00Z' };
const createTask = (inputData: Record<string, unknown> = TASK) =>
  call('creates.create_task.operation.perform', bundleWith({ inputData }));
const AUTOMATION_ID = '64f1b2d8c4e05a3f9b1d7c62';
const addToAutomation = (automation_id = AUTOMATION_ID) =>
  call(
    'creates.add_to_automation.operation.perform',
    bundleWith({ inputData: { email: 'jane@example.com', automation_id } }),
  );
const automationAnswers = (status: number, body: unknown) =>
  api()
    .post('/api/automation')
    .reply(status, body as nock.Body);

interface Row {
  /** The error rule that gives the failure (src/http/errors.ts), as the developers' log names it;
   * none for a failure found before any request. */
  readonly rule?: string;
  readonly setup?: () => void;
  readonly run: () => Promise<unknown>;
  readonly expected: Failure;
}

const ROWS: Record<string, Row> = {
  'no answer before the timeout, on a read': {
    rule: 'timeout',
    setup: () => {
      process.env.REQUEST_TIMEOUT_MS = '50';
      api().get('/api/video').delay(500).reply(200, []);
    },
    run: () => poll(),
    expected: {
      name: 'AppError',
      code: 'timeout',
      message:
        'CRMGrow did not answer in time while listing your videos. Try again in a few minutes; if it keeps happening, CRMGrow may be having trouble.',
    },
  },
  'no answer before the timeout, on a send': {
    rule: 'timeout',
    setup: () => {
      process.env.REQUEST_TIMEOUT_MS = '50';
      api().post('/api/send-video').delay(500).reply(200, { status: true });
    },
    run: () => sendVideo(),
    expected: {
      name: 'AppError',
      code: 'outcome_unknown',
      message:
        'CRMGrow did not answer in time while sending the video. The email may have been sent all the same. Check in CRMGrow before you run this step again: if Autoreplay is on, Zapier may run it again by itself.',
    },
  },
  'a response larger than the cap, on a read': {
    rule: 'too large',
    setup: () => {
      process.env.MAX_RESPONSE_BYTES = '10';
      api().get('/api/video').reply(200, '[{"id":"a","title":"b"}]');
    },
    run: () => poll(),
    expected: {
      name: 'AppError',
      code: 'response_too_large',
      message:
        "CRMGrow's response while listing your videos was larger than this integration reads. Nothing was taken from it. If it keeps happening, contact CRMGrow support.",
    },
  },
  'a response larger than the cap, on a note': {
    rule: 'too large',
    setup: () => {
      process.env.MAX_RESPONSE_BYTES = '10';
      api()
        .post('/api/note')
        .reply(200, { status: true, data: { content: 'Hi' } });
    },
    run: () => addNote(),
    expected: {
      name: 'AppError',
      code: 'outcome_unknown',
      message:
        "CRMGrow's response while adding the note was larger than this integration reads. The note may have been added all the same. Check in CRMGrow before you run this step again: if Autoreplay is on, Zapier may run it again by itself.",
    },
  },
  'the service not reached': {
    rule: 'not reached',
    setup: () => api().post('/api/send-video').replyWithError(failedWith('ECONNREFUSED')),
    run: () => sendVideo(),
    expected: {
      name: 'AppError',
      code: 'network_error',
      message:
        'Could not reach CRMGrow while sending the video, so nothing was sent. Try again in a few minutes.',
    },
  },
  'a connection broken, on a read': {
    rule: 'connection broke',
    setup: () => api().get('/api/video').replyWithError(failedWith('ECONNRESET')),
    run: () => poll(),
    expected: {
      name: 'AppError',
      code: 'network_error',
      message:
        'The connection to CRMGrow broke while listing your videos. Try again in a few minutes.',
    },
  },
  'a connection broken, on a subscribe': {
    rule: 'connection broke',
    setup: () => api().post('/api/outbound/subscribe').replyWithError(failedWith('ECONNRESET')),
    run: () => subscribe(),
    expected: {
      name: 'AppError',
      code: 'outcome_unknown',
      message:
        'The connection to CRMGrow broke while turning on the Zap. CRMGrow may have subscribed the Zap all the same, and would then send its events twice: ask CRMGrow support to check before you turn the Zap on again.',
    },
  },
  'a redirect': {
    rule: 'redirect',
    setup: () => api().get('/api/video').reply(301, '', { Location: 'https://elsewhere.example/' }),
    run: () => poll(),
    expected: {
      name: 'AppError',
      code: 'redirect',
      message:
        'CRMGrow answered with a redirect while listing your videos, and this integration follows no redirect. If it keeps happening, contact CRMGrow support.',
    },
  },
  'a key refused (401), quoting the service': {
    rule: 'key refused',
    setup: () => api().get('/api/video').reply(401, error('invalid signature')),
    run: () => poll(),
    expected: {
      name: 'ExpiredAuthError',
      message:
        'CRMGrow refused the API key. Copy the key from CRMGrow\'s Settings > Integration page and paste it into your CRMGrow connection in Zapier. CRMGrow said: "invalid signature"',
    },
  },
  "a route that takes no API key (the web app's), on the connection test": {
    rule: 'no API key taken',
    setup: () => api().get('/api/template').reply(401, error('Authorization failed')),
    run: () => call('authentication.test', bundleWith()),
    expected: {
      name: 'AppError',
      code: 'wrong_routes',
      message:
        'CRMGrow refused the address this integration uses for testing the connection, as it takes no API key: the integration is set up wrongly. Contact whoever provides this integration. CRMGrow said: "Authorization failed"',
    },
  },
  'too many requests, with Retry-After': {
    rule: 'too many requests',
    setup: () => api().get('/api/video').reply(429, 'Slow down', { 'Retry-After': '120' }),
    run: () => poll(),
    expected: {
      name: 'ThrottledError',
      delay: 120,
      message:
        'CRMGrow is receiving too many requests and asked to wait: try again in about 120 seconds. CRMGrow said: "Slow down"',
    },
  },
  'no route (an HTML 404)': {
    rule: 'missing route',
    setup: () => api().get('/api/video').reply(404, '<pre>Cannot GET /api/video</pre>'),
    run: () => poll(),
    expected: {
      name: 'AppError',
      code: 'endpoint_not_found',
      message:
        'CRMGrow does not know the address this integration uses for listing your videos: the integration may be set up with a wrong address for CRMGrow. Contact CRMGrow support.',
    },
  },
  'a server error for a mapped id that is not a CRMGrow ID': {
    rule: 'not an id',
    setup: () => api().post('/api/send-video').reply(500, error('internal_server_error')),
    run: () => sendVideo({ ...SEND, video_id: 'Product Demo' }),
    expected: {
      name: 'AppError',
      code: 'invalid_id',
      message:
        '"Product Demo" in "Video" is not a CRMGrow ID, and CRMGrow failed on it. Choose from the "Video" dropdown, or map the ID from a "Find Video" step.',
    },
  },
  'a server error, on a send': {
    rule: 'server error',
    setup: () => api().post('/api/send-video').reply(500, error('internal_server_error')),
    run: () => sendVideo(),
    expected: {
      name: 'AppError',
      code: 'outcome_unknown',
      message:
        'CRMGrow had a problem while sending the video. The email may have been sent all the same. Check in CRMGrow before you run this step again: if Autoreplay is on, Zapier may run it again by itself.',
    },
  },
  'unavailable (503), on a read': {
    rule: 'unavailable',
    setup: () => api().get('/api/video').reply(503, 'Service Unavailable'),
    run: () => poll(),
    expected: {
      name: 'ThrottledError',
      delay: 60,
      message:
        'CRMGrow is unavailable for now: try again in about 60 seconds. CRMGrow said: "Service Unavailable"',
    },
  },
  'a server error, on a read': {
    rule: 'server error',
    setup: () => api().get('/api/video').reply(500, error('internal_server_error')),
    run: () => poll(),
    expected: {
      name: 'AppError',
      code: 'server_error',
      message:
        'CRMGrow had a problem while listing your videos. Try again in a few minutes; if it keeps happening, contact CRMGrow support.',
    },
  },
  'a suspended account': {
    rule: 'suspended',
    setup: () => api().get('/api/video').reply(400, error('Account is Suspended')),
    run: () => poll(),
    expected: {
      name: 'AppError',
      code: 'account_suspended',
      message:
        'Your CRMGrow account is suspended. Sign in to CRMGrow to restore it, then try again. CRMGrow said: "Account is Suspended"',
    },
  },
  'an email address refused': {
    rule: 'address refused',
    setup: () => api().post('/api/send-video').reply(400, error('Invalid email address')),
    run: () => sendVideo(),
    expected: {
      name: 'HaltedError',
      message:
        'CRMGrow refused the email address "jane@example.com" in "Recipient Email". Map a valid email address to this field. CRMGrow said: "Invalid email address"',
    },
  },
  'a template not found': {
    rule: 'item gone',
    setup: () =>
      api().post('/api/send-video').reply(400, error('Send error: not selected templete')),
    run: () => sendVideo(),
    expected: {
      name: 'AppError',
      code: 'template_not_found',
      message:
        'CRMGrow could not find the template "64a3d5f8e2c14b7a9d0f6e28" chosen in "Template": it may have been deleted. Choose a template from the dropdown, or map the ID of one that exists. CRMGrow said: "Send error: not selected templete"',
    },
  },
  'a delivery that failed': {
    rule: 'not delivered',
    setup: () => api().post('/api/send-video').reply(400, error('Send error')),
    run: () => sendVideo(),
    expected: {
      name: 'AppError',
      code: 'delivery_failed',
      message:
        'CRMGrow could not email "jane@example.com": the contact may have unsubscribed, or your account may have reached its daily email limit or lost its connected Gmail, Outlook or SMTP mailbox. Check them in CRMGrow. CRMGrow said: "Send error"',
    },
  },
  'any other refusal of a step that sends values': {
    rule: 'refused',
    setup: () => api().post('/api/note').reply(200, error('Note is too long')),
    run: () => addNote(),
    expected: {
      name: 'AppError',
      code: 'request_refused',
      message:
        'Adding the note failed: CRMGrow refused it. Check the values this step sends, then try again. CRMGrow said: "Note is too long"',
    },
  },
  'any other refusal of a read, with no words': {
    rule: 'refused',
    setup: () => api().get('/api/video').reply(403, ''),
    run: () => poll(),
    expected: {
      name: 'AppError',
      code: 'request_refused',
      message:
        'Listing your videos failed: CRMGrow refused it. If it keeps happening, contact CRMGrow support.',
    },
  },
  'a 2xx that fails the success check, on a note': {
    rule: 'not confirmed',
    setup: () => api().post('/api/note').reply(200, { ok: 1 }),
    run: () => addNote(),
    expected: {
      name: 'AppError',
      code: 'outcome_unknown',
      message:
        "CRMGrow's response did not confirm adding the note. The note may have been added all the same. Check in CRMGrow before you run this step again: if Autoreplay is on, Zapier may run it again by itself.",
    },
  },
  'a 2xx a read cannot use': {
    rule: 'unreadable',
    setup: () => api().get('/api/video').reply(200, '<html>Welcome</html>'),
    run: () => poll(),
    expected: {
      name: 'AppError',
      code: 'invalid_response',
      message:
        'CRMGrow sent a response this integration cannot read while listing your videos. Try again in a few minutes; if it keeps happening, contact CRMGrow support.',
    },
  },
  'a BASE_URL that is not https': {
    setup: () => {
      process.env.BASE_URL = 'http://api.crmgrow.com';
    },
    run: () => poll(),
    expected: {
      name: 'AppError',
      code: 'invalid_configuration',
      message:
        'This CRMGrow integration is set up with an address for CRMGrow that cannot be used, so nothing was sent. Contact whoever provides this integration.',
    },
  },
  'a key no header can hold': {
    run: () => poll({ authData: { api_key: `${API_KEY}\n` + 'x' } }),
    expected: {
      name: 'ExpiredAuthError',
      message:
        "The connected CRMGrow API key is blank or holds a character that no API key has, such as a line break, so nothing was sent. Copy the key from CRMGrow's Settings > Integration page and paste it into your CRMGrow connection in Zapier.",
    },
  },
  'a required field left blank': {
    run: () => sendVideo({ ...SEND, template_id: '  ' }),
    expected: {
      name: 'AppError',
      code: 'invalid_input',
      message:
        'The "Template" field is required. Choose a template, or map the ID of a template from an earlier step.',
    },
  },
  'an ID field given more than 1,000 characters': {
    run: () => sendVideo({ ...SEND, video_id: 'v'.repeat(1_001) }),
    expected: {
      name: 'AppError',
      code: 'invalid_input',
      message:
        '"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv…" in "Video" is not a CRMGrow ID. Choose a video, or map the ID of a video from an earlier step.',
    },
  },
  'a list mapped into a field of one value': {
    run: () => addNote({ email: ['a@example.com', 'b@example.com'], content: 'Hi' }),
    expected: {
      name: 'HaltedError',
      message:
        'The "Contact Email" field needs a single value, not a list or a set of fields. Map an email address from an earlier step or type one.',
    },
  },
  'an email with a control character': {
    run: () => sendVideo({ ...SEND, email: 'jane\u0000@example.com' }),
    expected: {
      name: 'HaltedError',
      message:
        '"jane\\u0000@example.com" in "Recipient Email" holds a control character (shown as \\u…), which no email address can hold: it was probably copied wrongly. Map or type an address such as name@example.com.',
    },
  },
  'a blank email, as a record with no address gives in a live run': {
    run: () => sendVideo({ ...SEND, email: ' ' }),
    expected: {
      name: 'HaltedError',
      message:
        'The "Recipient Email" field was empty for this record, so nothing was sent. The record probably has no email address (such as a deal with no contact): map a field that always holds one, or add a Filter step before this one.',
    },
  },
  'two email addresses': {
    run: () => sendVideo({ ...SEND, email: 'a@example.com, b@example.com' }),
    expected: {
      name: 'HaltedError',
      message:
        '"a@example.com, b@example.com" in "Recipient Email" holds more than one email address. Each step takes one: map a field that holds one, such as "First Contact Email" from a CRMGrow trigger, or use one step per address.',
    },
  },
  'an address CRMGrow would read as a pattern': {
    run: () => sendVideo({ ...SEND, email: 'sales|info@example.com' }),
    expected: {
      name: 'HaltedError',
      message:
        '"sales|info@example.com" in "Recipient Email" holds |, which CRMGrow reads as a pattern when it looks up the contact, so it could find another one: nothing was sent. Map an address without it.',
    },
  },
  'no email address': {
    run: () => sendVideo({ ...SEND, email: 'Jane Cooper' }),
    expected: {
      name: 'HaltedError',
      message:
        '"Jane Cooper" in "Recipient Email" is not an email address. Map or type an address such as name@example.com, or Jane Doe <name@example.com>.',
    },
  },
  'a title with nothing to search for': {
    run: () => findVideo(' ... '),
    expected: {
      name: 'AppError',
      code: 'invalid_input',
      message:
        '"..." in "Video Title" has no letter, digit or symbol to search for, so it would match every video. Type or map the title of the video to find.',
    },
  },
  'a Minimum Amount that is no number': {
    run: () => watched({ min_amount: 'half' }),
    expected: {
      name: 'AppError',
      code: 'invalid_input',
      message:
        'The "Minimum Amount (Percent or Pages)" field needs a number, such as 50, but got "half". Type a whole number, or leave it blank to let every amount through.',
    },
  },
  'a Lead Type that CRMGrow does not know': {
    run: () =>
      call(
        'triggers.lead_source.operation.performSubscribe',
        bundleWith({
          targetUrl: 'https://hooks.zapier.com/1',
          inputData: { lead_type: 'Webinar' },
        }),
      ),
    expected: {
      name: 'AppError',
      code: 'invalid_input',
      message:
        'The "Lead Type" field needs All, Lead Form or Lead Schedule, but got "Webinar". Choose one, or leave it blank for every lead.',
    },
  },
  'a contact with neither an email nor a cell phone': {
    run: () => createContact({ first_name: 'Jane', email: ' ', cell_phone: '' }),
    expected: {
      name: 'HaltedError',
      message:
        'The "Email" and "Cell Phone" fields were both empty for this record, so no contact was added. Map a field that holds an email address or a phone number, or add a Filter step before this one.',
    },
  },
  'a contact whose email is in CRMGrow already': {
    rule: 'contact there already',
    setup: () => api().post('/api/contact').reply(400, error('Email must be unique!')),
    run: () => createContact(),
    expected: {
      name: 'HaltedError',
      message:
        'A contact with the email "jane@example.com" is already in CRMGrow, so none was added. This step adds new contacts only. CRMGrow said: "Email must be unique!"',
    },
  },
  'a contact whose cell phone is in CRMGrow already': {
    rule: 'contact there already',
    setup: () => api().post('/api/contact').reply(400, error('Phone number must be unique!')),
    run: () => createContact({ email: 'jane@example.com', cell_phone: '+14155550100' }),
    expected: {
      name: 'HaltedError',
      message:
        'A contact with the cell phone "+14155550100" is already in CRMGrow, so none was added. This step adds new contacts only. CRMGrow said: "Phone number must be unique!"',
    },
  },
  'a server error, on a contact': {
    rule: 'server error',
    setup: () => api().post('/api/contact').reply(500, error('Internal server error')),
    run: () => createContact(),
    expected: {
      name: 'AppError',
      code: 'outcome_unknown',
      message:
        'CRMGrow had a problem while adding the contact. The contact may have been added all the same. Check in CRMGrow before you run this step again: if Autoreplay is on, Zapier may run it again by itself. CRMGrow said: "Internal server error"',
    },
  },
  'a 2xx without the contact made': {
    rule: 'not confirmed',
    setup: () => api().post('/api/contact').reply(200, { status: true }),
    run: () => createContact(),
    expected: {
      name: 'AppError',
      code: 'outcome_unknown',
      message:
        "CRMGrow's response did not confirm adding the contact. The contact may have been added all the same. Check in CRMGrow before you run this step again: if Autoreplay is on, Zapier may run it again by itself.",
    },
  },
  'custom fields given one value': {
    run: () => createContact({ email: 'jane@example.com', custom_fields: 'Budget: 500000' }),
    expected: {
      name: 'AppError',
      code: 'invalid_input',
      message:
        'The "Custom Fields" field needs names and values, not a single value. Type a name and a value on each row.',
    },
  },
  'no answer before the timeout, on a task': {
    rule: 'timeout',
    setup: () => {
      process.env.REQUEST_TIMEOUT_MS = '50';
      api().post('/api/followup').delay(500).reply(200, { status: true });
    },
    run: () => createTask(),
    expected: {
      name: 'AppError',
      code: 'outcome_unknown',
      message:
        'CRMGrow did not answer in time while adding the task. The task may have been added all the same. Check in CRMGrow before you run this step again: if Autoreplay is on, Zapier may run it again by itself.',
    },
  },
  'a due date that is no date': {
    run: () => createTask({ ...TASK, due_date: 'next Tuesday-ish' }),
    expected: {
      name: 'AppError',
      code: 'invalid_input',
      message:
        '"next Tuesday-ish" in "Due Date" is not a date and time. Type a date and time, such as 2026-12-05T10:00:00-05:00, or map one.',
    },
  },
  'a task type CRMGrow does not have': {
    run: () => createTask({ ...TASK, type: 'Lunch' }),
    expected: {
      name: 'AppError',
      code: 'invalid_input',
      message:
        'The "Task Type" field needs Task, Call, Meeting, Email or Text, but got "Lunch". Choose one, or leave it blank.',
    },
  },
  'a contact already in the automation': {
    rule: 'in the automation already',
    setup: () =>
      automationAnswers(405, {
        status: false,
        error: [
          { contact: '66e9a27fc1d34b0a8e5f7d12', error: 'The same automation is already running.' },
        ],
        notExecuted: ['66e9a27fc1d34b0a8e5f7d12'],
      }),
    run: () => addToAutomation(),
    expected: {
      name: 'HaltedError',
      message:
        'The contact "jane@example.com" is already in this automation, so it was not added again. CRMGrow said: "The same automation is already running."',
    },
  },
  'an automation for an account with no connected email': {
    rule: 'automation not for this account',
    setup: () => automationAnswers(406, error('No email connected')),
    run: () => addToAutomation(),
    expected: {
      name: 'AppError',
      code: 'automation_unavailable',
      message:
        'CRMGrow could not start the automation: your CRMGrow account has no connected email. Connect Gmail or Outlook in CRMGrow, then try again. CRMGrow said: "No email connected"',
    },
  },
  'an automation for an account with no phone number': {
    rule: 'automation not for this account',
    setup: () => automationAnswers(408, error('No phone')),
    run: () => addToAutomation(),
    expected: {
      name: 'AppError',
      code: 'automation_unavailable',
      message:
        'CRMGrow could not start the automation: your CRMGrow account has no phone number for texts. Add one in CRMGrow, then try again. CRMGrow said: "No phone"',
    },
  },
  "an automation past the plan's active automations": {
    rule: 'automation not for this account',
    setup: () => automationAnswers(412, error('Exceed max active automations')),
    run: () => addToAutomation(),
    expected: {
      name: 'AppError',
      code: 'automation_unavailable',
      message:
        'CRMGrow could not start the automation: your CRMGrow account already runs as many automations as its plan allows. End some in CRMGrow or upgrade the plan, then try again. CRMGrow said: "Exceed max active automations"',
    },
  },
  'an automation for an account with automations off': {
    rule: 'automation not for this account',
    setup: () => automationAnswers(412, error('Disable create automations')),
    run: () => addToAutomation(),
    expected: {
      name: 'AppError',
      code: 'automation_unavailable',
      message:
        'CRMGrow could not start the automation: automations are turned off for your CRMGrow account. Turn them on in CRMGrow, or ask its owner to, then try again. CRMGrow said: "Disable create automations"',
    },
  },
  'an automation not found': {
    rule: 'item gone',
    setup: () => automationAnswers(400, error('Automation not found')),
    run: () => addToAutomation(),
    expected: {
      name: 'AppError',
      code: 'automation_not_found',
      message:
        'CRMGrow could not find the automation "64f1b2d8c4e05a3f9b1d7c62" chosen in "Automation": it may have been deleted. Choose an automation from the dropdown, or map the ID of one that exists. CRMGrow said: "Automation not found"',
    },
  },
  'a server error for a mapped automation that is not a CRMGrow ID': {
    rule: 'not an id',
    setup: () => automationAnswers(500, error('internal_server_error')),
    run: () => addToAutomation('Buyer Nurture'),
    expected: {
      name: 'AppError',
      code: 'invalid_id',
      message:
        '"Buyer Nurture" in "Automation" is not a CRMGrow ID, and CRMGrow failed on it. Choose from the "Automation" dropdown, or map the ID from an earlier step.',
    },
  },
  'a connection broken, on an automation': {
    rule: 'connection broke',
    setup: () => api().post('/api/automation').replyWithError(failedWith('ECONNRESET')),
    run: () => addToAutomation(),
    expected: {
      name: 'AppError',
      code: 'outcome_unknown',
      message:
        'The connection to CRMGrow broke while adding the contact to the automation. The contact may have been added to the automation all the same. Check in CRMGrow before you run this step again: if Autoreplay is on, Zapier may run it again by itself.',
    },
  },
  'a filter given a list': {
    run: () => watched({ material_type: ['VIDEO', 'PDF'] }),
    expected: {
      name: 'AppError',
      code: 'invalid_input',
      message:
        'The "Material Type" field needs a single value, not a list or a set of fields. Type one, or leave it blank.',
    },
  },
};

it.each(Object.entries(ROWS))('%s', async (_name, { rule, setup, run, expected }) => {
  setup?.();
  expect(expected.message.length).toBeLessThanOrEqual(250);
  const { result, logs } = await logsOf(() => failureOf(run()));
  expect(result).toEqual(expected);
  const named = logs.flatMap((line) => /\(rule "([^"]*)"\)/.exec(line)?.[1] ?? []);
  expect(named).toEqual(rule === undefined ? [] : [rule]);
});

it('has a row for each rule that gives an error, and names no other rule', () => {
  const successes = ['already gone', 'confirmed'];
  const rowed = Object.values(ROWS).flatMap(({ rule }) => rule ?? []);
  expect(new Set([...rowed, ...successes])).toEqual(new Set(RULE_NAMES));
});

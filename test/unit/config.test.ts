import {
  ConfigError,
  DEFAULT_BASE_URL,
  readBaseUrl,
  readDeadlineMs,
  readMaxAnswerBytes,
  withoutCredentials,
} from '../../src/config';

/** Both addresses, read as each request reads its own. */
const readConfig = (env: NodeJS.ProcessEnv = process.env) => ({
  BASE_URL: readBaseUrl('BASE_URL', env),
  ALT_BASE_URL: readBaseUrl('ALT_BASE_URL', env),
});

describe('readBaseUrl', () => {
  it('defaults both addresses to the production API', () => {
    expect(readConfig({})).toEqual({ BASE_URL: DEFAULT_BASE_URL, ALT_BASE_URL: DEFAULT_BASE_URL });
    expect(DEFAULT_BASE_URL).toBe('https://api.crmgrow.com');
  });

  it('treats empty values as unset', () => {
    expect(readConfig({ BASE_URL: '  ', ALT_BASE_URL: '' })).toEqual({
      BASE_URL: 'https://api.crmgrow.com',
      ALT_BASE_URL: 'https://api.crmgrow.com',
    });
  });

  it('lets ALT_BASE_URL fall back to BASE_URL', () => {
    expect(readConfig({ BASE_URL: 'https://ecsbe.crmgrow.com' })).toEqual({
      BASE_URL: 'https://ecsbe.crmgrow.com',
      ALT_BASE_URL: 'https://ecsbe.crmgrow.com',
    });
  });

  it('keeps the two addresses apart when both are set', () => {
    expect(
      readConfig({ BASE_URL: 'https://a.example.com', ALT_BASE_URL: 'https://b.example.com/v2' }),
    ).toEqual({ BASE_URL: 'https://a.example.com', ALT_BASE_URL: 'https://b.example.com/v2' });
  });

  it('tolerates trailing slashes', () => {
    expect(
      readConfig({
        BASE_URL: 'https://api.crmgrow.com/',
        ALT_BASE_URL: 'https://x.example.com/api//',
      }),
    ).toEqual({
      BASE_URL: 'https://api.crmgrow.com',
      ALT_BASE_URL: 'https://x.example.com/api',
    });
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:8080/', 'http://[::1]:9000'])(
    'allows plain http to loopback: %s',
    (url) => {
      expect(readConfig({ BASE_URL: url }).BASE_URL).toBe(url.replace(/\/$/, ''));
    },
  );

  it.each([
    ['BASE_URL', 'http://api.crmgrow.com', 'must start with https://'],
    ['BASE_URL', 'http://10.0.0.5', 'must start with https://'],
    ['ALT_BASE_URL', 'ftp://files.example.com', 'must start with https://'],
    ['BASE_URL', 'api.crmgrow.com', 'is not a URL'],
    [
      'BASE_URL',
      'https://api.crmgrow.com/?x=1',
      'must not contain a query or fragment ("?" or "#")',
    ],
    [
      'BASE_URL',
      'https://api.crmgrow.com/#top',
      'must not contain a query or fragment ("?" or "#")',
    ],
    // URL drops an empty query or fragment: the raw text is checked.
    ['BASE_URL', 'https://api.crmgrow.com?', 'must not contain a query or fragment ("?" or "#")'],
    [
      'ALT_BASE_URL',
      'https://api.crmgrow.com/#',
      'must not contain a query or fragment ("?" or "#")',
    ],
  ])('rejects %s=%s, naming the variable and the value', (variable, value, why) => {
    const attempt = (): unknown => readConfig({ [variable]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(`The ${variable} setting "${value}" ${why}`);
  });

  it.each([
    ['ALT_BASE_URL', 'https://user:pw@api.crmgrow.com', 'https://***@api.crmgrow.com'],
    ['BASE_URL', 'https://user@api.crmgrow.com', 'https://***@api.crmgrow.com'],
    ['ALT_BASE_URL', 'https://:secret@api.crmgrow.com/v2', 'https://***@api.crmgrow.com/v2'],
    ['BASE_URL', 'https://us er:p@ss@api.crmgrow.com', 'https://***@api.crmgrow.com'],
    ['BASE_URL', 'user:hunter2@api.crmgrow.com', '***@api.crmgrow.com'],
  ])('rejects %s=%s without repeating its credentials', (variable, value, shown) => {
    let message = '';
    try {
      readConfig({ [variable]: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`The ${variable} setting "${shown}"`);
    for (const secret of ['pw', 'secret', 'p@ss', 'hunter2', 'user:']) {
      expect(message).not.toContain(`${secret}@`);
    }
  });

  it.each([
    ['https://u:s3cr/et@api.example.com', 'https://***@api.example.com'],
    ['https://u:s3cr?et@api.example.com', 'https://***@api.example.com'],
    ['https://u:s3cr#et@api.example.com', 'https://***@api.example.com'],
    ['https://u:s3cr/et@api.example.com/v2', 'https://***@api.example.com/v2'],
    ['https://u:s3cret@api.example.com', 'https://***@api.example.com'],
  ])(
    'refuses BASE_URL=%s as credentials, masked to the last "@" whatever the password holds',
    (value, shown) => {
      let message = '';
      try {
        readConfig({ BASE_URL: value });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toBe(
        `The BASE_URL setting "${shown}" must not contain credentials. Set it with ` +
          '`zapier-platform env:set <version> BASE_URL=https://api.crmgrow.com`.',
      );
      expect(message).not.toContain('s3cr');
      expect(message).not.toContain('et@');
      expect(message).not.toContain('u:');
    },
  );

  it('refuses any "@" in an address, wherever the URL parser puts it', () => {
    expect(() => readConfig({ BASE_URL: 'https://api.crmgrow.com/@x' })).toThrow(
      'The BASE_URL setting "https://***@x" must not contain credentials.',
    );
  });

  it('reads each address alone: a bad ALT_BASE_URL leaves BASE_URL usable', () => {
    const env = { BASE_URL: 'https://a.example.com', ALT_BASE_URL: 'ftp://b.example.com' };
    expect(readBaseUrl('BASE_URL', env)).toBe('https://a.example.com');
    expect(() => readBaseUrl('ALT_BASE_URL', env)).toThrow('The ALT_BASE_URL setting');
    expect(readBaseUrl('ALT_BASE_URL', { BASE_URL: 'https://a.example.com/' })).toBe(
      'https://a.example.com',
    );
  });

  it.each([
    [undefined, 25_000],
    ['', 25_000],
    [' 1000 ', 1_000],
    ['1', 1],
    ['25000', 25_000],
  ])('REQUEST_DEADLINE_MS=%j gives a deadline of %i ms', (value, ms) => {
    expect(readDeadlineMs(value === undefined ? {} : { REQUEST_DEADLINE_MS: value })).toBe(ms);
  });

  it.each(['0', '25001', '1.5', '-5', 'soon', '9999999'])(
    'REQUEST_DEADLINE_MS=%j is refused, naming the variable and the range',
    (value) => {
      expect(() => readDeadlineMs({ REQUEST_DEADLINE_MS: value })).toThrow(
        `The REQUEST_DEADLINE_MS setting "${value}" must be a whole number of milliseconds from 1 to 25000. Unset it to use 25000.`,
      );
    },
  );

  it.each([
    [undefined, 20_971_520],
    ['', 20_971_520],
    [' 1000 ', 1_000],
    ['1', 1],
    ['20971520', 20_971_520],
  ])('MAX_RESPONSE_BYTES=%j gives a cap of %i bytes', (value, bytes) => {
    expect(readMaxAnswerBytes(value === undefined ? {} : { MAX_RESPONSE_BYTES: value })).toBe(bytes);
  });

  it.each(['0', '20971521', '1.5', '-5', 'big', '1e6', '9999999999'])(
    'MAX_RESPONSE_BYTES=%j is refused, naming the variable and the range',
    (value) => {
      expect(() => readMaxAnswerBytes({ MAX_RESPONSE_BYTES: value })).toThrow(
        `The MAX_RESPONSE_BYTES setting "${value}" must be a whole number of bytes from 1 to 20971520. Unset it to use 20971520.`,
      );
    },
  );

  it('says how to set the variable right, and is a ConfigError by name', () => {
    let error: unknown;
    try {
      readConfig({ ALT_BASE_URL: 'http://files.example.com' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).name).toBe('ConfigError');
    expect((error as Error).message).toBe(
      'The ALT_BASE_URL setting "http://files.example.com" must start with https:// (http:// is ' +
        'allowed only for localhost). Set it with ' +
        '`zapier-platform env:set <version> ALT_BASE_URL=https://api.crmgrow.com`.',
    );
  });

  it('trims spaces and line breaks around both values', () => {
    expect(
      readConfig({
        BASE_URL: ' https://a.example.com/ \n',
        ALT_BASE_URL: '\thttps://b.example.com ',
      }),
    ).toEqual({ BASE_URL: 'https://a.example.com', ALT_BASE_URL: 'https://b.example.com' });
  });

  it('reads process.env when given nothing', () => {
    process.env.BASE_URL = 'https://env.example.com/';
    expect(readConfig()).toEqual({
      BASE_URL: 'https://env.example.com',
      ALT_BASE_URL: 'https://env.example.com',
    });
  });
});

describe('withoutCredentials', () => {
  it.each([
    ['https://user:pw@api.example.com', 'https://***@api.example.com'],
    ['https://user:p@ss/w?rd#@api.example.com/x', 'https://***@api.example.com/x'],
    ['https://@api.example.com', 'https://***@api.example.com'],
    ['://user@api.example.com', '://***@api.example.com'],
    ['user:pw@api.example.com', '***@api.example.com'],
    ['@api.example.com', '***@api.example.com'],
    ['https://api.example.com/path', 'https://api.example.com/path'],
    ['@://api.example.com', '@://api.example.com'],
  ])('shows %p as %p', (raw, shown) => {
    expect(withoutCredentials(raw)).toBe(shown);
  });
});

import { ConfigError, DEFAULT_BASE_URL, readConfig } from '../../src/config';

describe('readConfig', () => {
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
    ['ALT_BASE_URL', 'https://user:pw@api.crmgrow.com', 'must not contain credentials'],
    ['BASE_URL', 'https://api.crmgrow.com/?x=1', 'must not contain a query'],
    ['BASE_URL', 'https://api.crmgrow.com/#top', 'must not contain a query or fragment'],
    ['BASE_URL', 'https://user@api.crmgrow.com', 'must not contain credentials'],
    ['ALT_BASE_URL', 'https://:secret@api.crmgrow.com', 'must not contain credentials'],
  ])('rejects %s=%s, naming the variable and the value', (variable, value, why) => {
    const attempt = (): unknown => readConfig({ [variable]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(`The ${variable} setting "${value}" ${why}`);
  });

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

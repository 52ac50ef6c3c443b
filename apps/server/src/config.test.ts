import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toMatch(/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.trustGeoHeaders).toBe(false);
    expect(c.nodeEnv).toBe('development');
    expect(c.seedDemo).toBe('auto');
    expect(c.disabledRoles).toEqual([]);
    expect(c.redisPrefix).toBe('velora:');
  });

  it('reads DISABLED_ROLES as a list of role tokens', () => {
    expect(loadConfig({ DISABLED_ROLES: ' retagger, writer,retagger ' }).disabledRoles).toEqual(['retagger', 'writer']);
  });

  it('reads MODEL_SHARE_PERCENT, 60 by default', () => {
    expect(loadConfig({}).modelSharePercent).toBe(60);
    expect(loadConfig({ MODEL_SHARE_PERCENT: '75' }).modelSharePercent).toBe(75);
    expect(loadConfig({ MODEL_SHARE_PERCENT: '0' }).modelSharePercent).toBe(0);
  });

  it('reads every setting', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://www.example.com/',
      CDN_URL: 'https://cdn.example.com/',
      SMTP_URL: 'smtp://mail.example.com:587',
      TRUST_GEO_HEADERS: '1',
      NODE_ENV: 'production',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@db:5432/app',
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://www.example.com',
      cdnUrl: 'https://cdn.example.com',
      smtpUrl: 'smtp://mail.example.com:587',
      trustGeoHeaders: true,
      nodeEnv: 'production',
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty', /PORT: must be a number/],
    ['PORT', '70000', /PORT: must be 0 to 65535/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: must be a URL starting with postgres:\/\//],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL: must be a URL/],
    ['PUBLIC_URL', 'example.com', /PUBLIC_URL: must be a URL/],
    ['SMTP_URL', 'http://mail', /SMTP_URL: must be a URL starting with smtp:\/\//],
    ['TRUST_GEO_HEADERS', 'maybe', /TRUST_GEO_HEADERS/],
    ['NODE_ENV', 'staging', /NODE_ENV: must be development, production or test/],
    ['REDIS_PREFIX', 'has space', /REDIS_PREFIX: must be 1 to 64 letters/],
    ['DISABLED_ROLES', 'writer,admin', /DISABLED_ROLES: must be a comma list of retagger, writer, censored/],
    ['MODEL_SHARE_PERCENT', '101', /MODEL_SHARE_PERCENT: must be 0 to 100/],
    ['MODEL_SHARE_PERCENT', '62.5', /MODEL_SHARE_PERCENT: must be a whole number/],
    ['MODEL_SHARE_PERCENT', 'most', /MODEL_SHARE_PERCENT: must be a number/],
  ])('stops on a bad %s and names it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

describe('safe defaults for a public deployment (decision 029)', () => {
  const PUBLIC = 'https://www.example.com';
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it.each([
    ['unset (localhost)', undefined],
    ['localhost', 'http://localhost:3000'],
    ['a name under .localhost', 'http://velora.localhost:8080'],
    ['127.0.0.1', 'http://127.0.0.1:8080'],
    ['another 127/8 address', 'http://127.8.9.10'],
    ['::1', 'http://[::1]:8080'],
  ])('keeps the demo and the sandboxes on by default for a loopback PUBLIC_URL: %s', (_, url) => {
    const c = loadConfig(url ? { PUBLIC_URL: url } : {});
    expect(c).toMatchObject({ seedDemo: 'auto', paymentProvider: 'sandbox', ageVerificationProvider: 'sandbox' });
  });

  it('refuses to start on a public address with demo accounts or a sandbox left on by default, one line each naming the way out', () => {
    const problems = problemsOf({ PUBLIC_URL: PUBLIC });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^SEED_DEMO: .*demo accounts.*https:\/\/www\.example\.com.*SEED_DEMO=always.*SEED_DEMO=never/);
    expect(problems[1]).toMatch(/^PAYMENT_PROVIDER: .*sandbox.*PAYMENT_PROVIDER=sandbox.*PAYMENT_PROVIDER=none/);
    expect(problems[2]).toMatch(/^AGE_VERIFICATION_PROVIDER: .*sandbox.*AGE_VERIFICATION_PROVIDER=sandbox.*AGE_VERIFICATION_PROVIDER=none/);
    for (const line of problems) expect(line).not.toContain('\n');
  });

  it.each([
    ['a public IPv4 address', 'http://203.0.113.7:8080'],
    ['a private address', 'http://192.168.1.20:8080'],
    ['an IPv6 address', 'http://[2001:db8::1]'],
    ['a name merely starting with localhost', 'https://localhost.example.com'],
    ['a name merely starting with 127', 'https://127.0.0.1.example.com'],
  ])('counts %s as public', (_, url) => {
    expect(problemsOf({ PUBLIC_URL: url })).toHaveLength(3);
  });

  it('starts on a public address when each is asked for explicitly', () => {
    const c = loadConfig({ PUBLIC_URL: PUBLIC, SEED_DEMO: 'always', PAYMENT_PROVIDER: 'sandbox', AGE_VERIFICATION_PROVIDER: 'sandbox' });
    expect(c).toMatchObject({ seedDemo: 'always', paymentProvider: 'sandbox', ageVerificationProvider: 'sandbox' });
    // Each is its own choice: asking for one leaves the others refused.
    expect(problemsOf({ PUBLIC_URL: PUBLIC, PAYMENT_PROVIDER: 'sandbox' }).map((p) => p.split(':')[0])).toEqual(['SEED_DEMO', 'AGE_VERIFICATION_PROVIDER']);
  });

  it('starts on a public address with everything off', () => {
    expect(loadConfig({ PUBLIC_URL: PUBLIC, SEED_DEMO: 'never', PAYMENT_PROVIDER: 'none', AGE_VERIFICATION_PROVIDER: 'none' })).toMatchObject({
      seedDemo: 'never',
      paymentProvider: 'none',
      ageVerificationProvider: 'none',
    });
  });

  it('needs nothing more in production, whose defaults are already off', () => {
    expect(loadConfig({ PUBLIC_URL: PUBLIC, NODE_ENV: 'production' })).toMatchObject({ paymentProvider: 'none', ageVerificationProvider: 'none' });
  });

  it('does not take SEED_DEMO=auto for a request', () => {
    expect(problemsOf({ PUBLIC_URL: PUBLIC, SEED_DEMO: 'auto', PAYMENT_PROVIDER: 'none', AGE_VERIFICATION_PROVIDER: 'none' })).toEqual([
      expect.stringMatching(/^SEED_DEMO: /),
    ]);
  });
});

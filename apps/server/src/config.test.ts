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

import { CAPTCHA_INVALID, CAPTCHA_REQUIRED } from '@velora/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createViewers, type Viewers } from '../../../test/catalog-fixture';
import { solvedCaptcha } from '../../../test/solve-captcha';
import { buildTestApp, createCapturingMailer, type TestApp, platformWith } from '../../../test/test-app';
import { createServices } from '../../composition/create-services';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { RATE_LIMITS } from '../../lib/rate-limits';

let t: TestApp;
let v: Viewers;
let nextAddress = 1;
/** Each test posts from an address of its own, so the per-address limits of one never reach another. */
let ip: string;

beforeAll(async () => {
  t = await buildTestApp();
  v = await createViewers(t);
});
afterAll(() => t.close());
beforeEach(() => {
  ip = `198.51.100.${nextAddress++}`;
  t.mail.length = 0;
});

const post = (url: string, body: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: ip, headers: token ? { authorization: `Bearer ${token}` } : {} });
const captcha = () => solvedCaptcha(t.app, ip);
const rows = (sql: string) => t.deps.db.query<Record<string, unknown>>(sql);

const contact = (over: Record<string, unknown> = {}) => ({
  subject: 'Question about my membership',
  message: 'Hello, how do I change the email address of my account?',
  email: 'visitor@example.com',
  ...over,
});
const report = (over: Record<string, unknown> = {}) => ({
  category: 'copyright',
  name: 'Alex Example',
  email: 'alex@example.com',
  url: 'https://www.example.com/shoot/12',
  is_depicted: false,
  is_agreed: true,
  reason: 'This set uses a photo I took without my permission.',
  ...over,
});

function expectFieldError(res: { statusCode: number; json(): unknown }, field: string, message?: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { error: { code: string; fields: Record<string, string> } };
  expect(body.error.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(body.error.fields)).toContain(field);
  if (message) expect(body.error.fields[field]).toBe(message);
}

describe('POST /api/pages/contact_us', () => {
  it('asks for the captcha when it is missing or empty', async () => {
    expectFieldError(await post('/api/pages/contact_us', contact()), 'captcha', CAPTCHA_REQUIRED);
    expectFieldError(await post('/api/pages/contact_us', contact({ captcha: '' })), 'captcha', CAPTCHA_REQUIRED);
    expectFieldError(await post('/api/pages/contact_us', contact({ captcha: '   ' })), 'captcha', CAPTCHA_REQUIRED);
    expect(t.mail).toHaveLength(0);
  });

  it('refuses a captcha that is not solved', async () => {
    expectFieldError(await post('/api/pages/contact_us', contact({ captcha: 'bm90IGEgY2FwdGNoYQ==' })), 'captcha', CAPTCHA_INVALID);
    expect(await rows('SELECT * FROM contact_messages')).toHaveLength(0);
  });

  it('stores a message with a solved captcha, mails it to support, and refuses the captcha a second time', async () => {
    const solved = await captcha();
    const res = await post('/api/pages/contact_us', contact({ captcha: solved }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });

    const [stored] = await rows(`SELECT subject, message, email, user_id, ip FROM contact_messages`);
    expect(stored).toMatchObject({ subject: 'Question about my membership', email: 'visitor@example.com', user_id: null, ip });
    expect(t.mail).toHaveLength(1);
    expect(t.mail[0]).toMatchObject({ to: 'support@localhost' });
    expect(t.mail[0]!.subject).toContain('Question about my membership');
    expect(t.mail[0]!.text).toContain('visitor@example.com');
    expect(t.mail[0]!.text).toContain('how do I change the email address');

    const replay = await post('/api/pages/contact_us', contact({ captcha: solved }));
    expectFieldError(replay, 'captcha', CAPTCHA_INVALID);
    expect(await rows('SELECT * FROM contact_messages')).toHaveLength(1);
    expect(t.mail).toHaveLength(1);
  });

  it('records the member who wrote', async () => {
    const res = await post('/api/pages/contact_us', contact({ subject: 'From a member', captcha: await captcha() }), v.member.token);
    expect(res.statusCode).toBe(200);
    const [stored] = await rows(`SELECT user_id FROM contact_messages WHERE subject = 'From a member'`);
    expect(stored!.user_id).toBe(v.member.id);
  });

  it('names each bad field, and uses no captcha while other fields are wrong', async () => {
    const solved = await captcha();
    const res = await post('/api/pages/contact_us', { subject: '', message: 'short', email: 'not-an-email', captcha: solved });
    expectFieldError(res, 'subject');
    expectFieldError(res, 'message', 'Must be at least 10 characters');
    expectFieldError(res, 'email', 'Must be a valid email address');
    expectFieldError(await post('/api/pages/contact_us', contact({ subject: 'Hi\r\nBcc: x@example.com', captcha: solved })), 'subject', 'Must be a single line');
    expectFieldError(await post('/api/pages/contact_us', contact({ message: 'x'.repeat(5001), captcha: solved })), 'message');
    expectFieldError(await post('/api/pages/contact_us', contact({ email: 42, captcha: solved })), 'email');
    // The captcha was never spent: it still works.
    expect((await post('/api/pages/contact_us', contact({ captcha: solved }))).statusCode).toBe(200);
  });

  it('refuses a body that is not an object with a 400, never a 500', async () => {
    for (const payload of ['[]', '"x"', 'null', '{"subject":']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/pages/contact_us', headers: { 'content-type': 'application/json' }, payload, remoteAddress: ip });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it(`limits an address to ${RATE_LIMITS.formMessagesPerAddress.points} messages an hour (429)`, async () => {
    for (let i = 0; i < RATE_LIMITS.formMessagesPerAddress.points; i++) {
      expect((await post('/api/pages/contact_us', contact({ captcha: 'invalid' }))).statusCode).toBe(400);
    }
    const refused = await post('/api/pages/contact_us', contact({ captcha: await captcha() }));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/pages/content_report', () => {
  it('asks for the captcha when it is missing, and refuses an invalid one', async () => {
    expectFieldError(await post('/api/pages/content_report', report()), 'captcha', CAPTCHA_REQUIRED);
    expectFieldError(await post('/api/pages/content_report', report({ captcha: 'x' })), 'captcha', CAPTCHA_INVALID);
  });

  it('stores a report with a solved captcha and mails it to support', async () => {
    const res = await post('/api/pages/content_report', report({ is_depicted: true, captcha: await captcha() }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const [stored] = await rows('SELECT category, name, email, url, is_depicted, is_agreed, reason, status FROM content_reports');
    expect(stored).toMatchObject({
      category: 'copyright',
      name: 'Alex Example',
      url: 'https://www.example.com/shoot/12',
      is_depicted: true,
      is_agreed: true,
      status: 'open',
    });
    expect(t.mail).toHaveLength(1);
    expect(t.mail[0]!.to).toBe('support@localhost');
    expect(t.mail[0]!.subject).toContain('content report');
    expect(t.mail[0]!.text).toContain('https://www.example.com/shoot/12');
    expect(t.mail[0]!.text).toContain('depicted: yes');
  });

  it('requires the reporter to agree', async () => {
    const solved = await captcha();
    expectFieldError(await post('/api/pages/content_report', report({ is_agreed: false, captcha: solved })), 'is_agreed', 'Confirm that the information is accurate');
    expectFieldError(await post('/api/pages/content_report', report({ is_agreed: undefined, captcha: solved })), 'is_agreed');
    // A form's "on" counts as true.
    expect((await post('/api/pages/content_report', report({ is_agreed: 'on', is_depicted: 'false', captcha: solved }))).statusCode).toBe(200);
  });

  it('takes only an http(s) address of the content', async () => {
    const solved = await captcha();
    for (const url of ['javascript:alert(1)', 'ftp://example.com/x', 'example.com/x', '', `https://example.com/${'x'.repeat(2048)}`]) {
      expectFieldError(await post('/api/pages/content_report', report({ url, captcha: solved })), 'url');
    }
  });

  it('names a bad category, name, email and reason', async () => {
    const solved = await captcha();
    const res = await post('/api/pages/content_report', report({ category: 'nope', name: '', email: 'x@', reason: 'short', captcha: solved }));
    for (const field of ['category', 'name', 'email', 'reason']) expectFieldError(res, field);
    expectFieldError(await post('/api/pages/content_report', report({ name: 'n'.repeat(101), captcha: solved })), 'name');
  });

  it('mails SUPPORT_EMAIL when it is set', async () => {
    // The same database behind a second app whose only difference is the setting.
    const mailer = createCapturingMailer();
    const supported = platformWith(t.deps, { mailer, config: { supportEmail: 'help@velora.example' } });
    const other = await buildApp(supported, createServices(supported), { webDist: '/nonexistent' });
    try {
      const res = await other.inject({ method: 'POST', url: '/api/pages/content_report', payload: report({ captcha: await solvedCaptcha(other, ip) }), remoteAddress: ip });
      expect(res.statusCode).toBe(200);
      expect(mailer.sent.map((m) => m.to)).toEqual(['help@velora.example']);
    } finally {
      await other.close();
    }
  });
});

describe('the settings of the forms', () => {
  it('mail support@ the PUBLIC_URL host unless SUPPORT_EMAIL says otherwise', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://www.example.com', NODE_ENV: 'production' }).supportEmail).toBe('support@www.example.com');
    expect(loadConfig({}).supportEmail).toBe('support@localhost');
    expect(loadConfig({ SUPPORT_EMAIL: 'desk@example.com' }).supportEmail).toBe('desk@example.com');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not-an-address' })).toThrow(/SUPPORT_EMAIL: must be an email address/);
  });

  it('refuse a short CAPTCHA_HMAC_KEY without echoing it', () => {
    expect(loadConfig({ CAPTCHA_HMAC_KEY: 'k'.repeat(32) }).captchaHmacKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ CAPTCHA_HMAC_KEY: 'tooshort' })).toThrow(/CAPTCHA_HMAC_KEY: must be at least 32 characters \(got a hidden value\)/);
  });
});

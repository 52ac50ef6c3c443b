import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { call, type Viewer } from '../../../test/catalog-fixture';
import { asMember } from '../../../test/factories';
import { hashPassword } from '../../lib/password';
import { EMAIL_CHANGE_TTL_MS } from './users-settings.service';
import { RATE_LIMITS } from '../../lib/rate-limits';

const PASSWORD = 'correct horse battery';

describe('account settings (product §7 User)', () => {
  let t: TestApp;
  let member: Viewer; // fast user without a real password
  let pw: Viewer; // the one user with a real Argon2 hash
  let pwHash: string;
  let n = 0;
  /** How far the app's clock runs ahead of the wall clock (a test of an expired link moves it). */
  let clockAheadMs = 0;

  const post = (url: string, token: string | undefined, body: unknown) => call(t.app, 'POST', `/api${url}`, token, body);
  const profile = async (token: string) => (await call(t.app, 'GET', '/api/user/profile', token)).json();
  /** A fresh user with the real password and a session. */
  async function withPassword(): Promise<Viewer> {
    return asMember(t, { username: `pw_user_${++n}`, passwordHash: pwHash });
  }
  const newSession = async (userId: number) => (await t.services.sessions.create(userId)).token;
  const expect400 = (res: { statusCode: number; json(): { error: { fields?: Record<string, string> } } }, field: string) => {
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
  };

  beforeAll(async () => {
    t = await buildTestApp({ now: () => new Date(Date.now() + clockAheadMs) });
    pwHash = await hashPassword(PASSWORD);
    member = await asMember(t, { username: 'settings_member' });
    pw = await withPassword();
  });
  afterAll(() => t.close());

  it('every endpoint needs a log-in', async () => {
    const calls: Array<[string, unknown]> = [
      ['/user/change_password', { password: PASSWORD, newPassword: 'another password' }],
      ['/user/change_username', { userName: 'someone', chatName: null, password: PASSWORD }],
      ['/user/change_email', { newEmail: 'x@example.com' }],
      ['/user/change_personal_data', { firstName: 'A' }],
      ['/user/change_notification_settings', { hasPlaydateNotification: true, hasCameraMailNotification: true }],
      ['/user/change_avatar', { avatar: 1 }],
      ['/user/playdate_description_block_hidden', { hideDescriptionBlock: true }],
      ['/user/upcoming_playdate_block_hidden', { hide: true }],
    ];
    for (const [url, body] of calls) {
      const res = await post(url, undefined, body);
      expect(res.statusCode, url).toBe(401);
      expect((await post(url, 'not-a-token', body)).statusCode, url).toBe(401);
    }
    expect((await call(t.app, 'GET', '/api/user/subscribe_newsletter')).statusCode).toBe(401);
  });

  describe('POST /user/change_password', () => {
    it('changes the password and ends the other sessions, keeping this one', async () => {
      const u = await withPassword();
      const other = await newSession(u.id);
      expect((await call(t.app, 'GET', '/api/user/profile', other)).statusCode).toBe(200);
      const res = await post('/user/change_password', u.token, { password: PASSWORD, newPassword: 'a brand new password' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect((await call(t.app, 'GET', '/api/user/profile', other)).statusCode).toBe(401);
      expect((await call(t.app, 'GET', '/api/user/profile', u.token)).statusCode).toBe(200);
      const [row] = await t.deps.db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [u.id]);
      const login = await call(t.app, 'POST', '/api/auth/login', undefined, { username: row!.username, password: 'a brand new password' });
      expect(login.statusCode).toBe(200);
      const old = await call(t.app, 'POST', '/api/auth/login', undefined, { username: row!.username, password: PASSWORD });
      expect(old.statusCode).toBe(401);
    });

    it('refuses a wrong current password and changes nothing', async () => {
      const other = await newSession(pw.id);
      const res = await post('/user/change_password', pw.token, { password: 'not the password', newPassword: 'a brand new password' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ password: 'Wrong password' });
      expect((await call(t.app, 'GET', '/api/user/profile', other)).statusCode).toBe(200);
    });

    it('validates the new password like registration, and the body', async () => {
      expect400(await post('/user/change_password', pw.token, { password: PASSWORD, newPassword: 'short' }), 'newPassword');
      expect400(await post('/user/change_password', pw.token, { password: PASSWORD, newPassword: 'x'.repeat(201) }), 'newPassword');
      expect400(await post('/user/change_password', pw.token, { password: PASSWORD }), 'newPassword');
      expect400(await post('/user/change_password', pw.token, { newPassword: 'a brand new password' }), 'password');
      expect400(await post('/user/change_password', pw.token, { password: 123, newPassword: 'a brand new password' }), 'password');
      expect400(await post('/user/change_password', pw.token, { password: PASSWORD, newPassword: 12345678 }), 'newPassword');
    });
  });

  describe('POST /user/change_username', () => {
    it('changes username and chat name', async () => {
      const u = await withPassword();
      const res = await post('/user/change_username', u.token, { userName: 'Renamed.User', chatName: 'Chatty', password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      const p = await profile(u.token);
      expect(p.username).toBe('Renamed.User');
      expect(p.chatname).toBe('Chatty');
      // Own name in another case is fine; an empty chat name clears it.
      expect((await post('/user/change_username', u.token, { userName: 'renamed.user', chatName: '', password: PASSWORD })).statusCode).toBe(200);
      const q = await profile(u.token);
      expect(q.username).toBe('renamed.user');
      expect(q.chatname).toBeNull();
      await post('/user/change_username', u.token, { userName: 'renamed.user', chatName: 'Again', password: PASSWORD });
      expect((await post('/user/change_username', u.token, { userName: 'renamed.user', chatName: null, password: PASSWORD })).statusCode).toBe(200);
      expect((await profile(u.token)).chatname).toBeNull();
    });

    it('refuses a wrong password', async () => {
      const res = await post('/user/change_username', pw.token, { userName: 'never_set', chatName: null, password: 'wrong password' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ password: 'Wrong password' });
      expect((await profile(pw.token)).username).not.toBe('never_set');
    });

    it('refuses a name taken by another user, in any case', async () => {
      const res = await post('/user/change_username', pw.token, { userName: 'SETTINGS_MEMBER', chatName: null, password: PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.fields).toEqual({ userName: 'This username is taken' });
    });

    it('validates the body', async () => {
      const body = { userName: 'valid_name', chatName: 'ok', password: PASSWORD };
      expect400(await post('/user/change_username', pw.token, { ...body, userName: 'ab' }), 'userName');
      expect400(await post('/user/change_username', pw.token, { ...body, userName: 'has space' }), 'userName');
      expect400(await post('/user/change_username', pw.token, { ...body, userName: 'a@b.com' }), 'userName');
      expect400(await post('/user/change_username', pw.token, { ...body, userName: 'x'.repeat(33) }), 'userName');
      expect400(await post('/user/change_username', pw.token, { ...body, userName: 5 }), 'userName');
      expect400(await post('/user/change_username', pw.token, { ...body, chatName: 'x'.repeat(33) }), 'chatName');
      expect400(await post('/user/change_username', pw.token, { ...body, chatName: 7 }), 'chatName');
      expect400(await post('/user/change_username', pw.token, { ...body, chatName: 'o\u0000k' }), 'chatName');
      expect400(await post('/user/change_username', pw.token, { userName: 'valid_name', chatName: 'ok' }), 'password');
      expect400(await post('/user/change_username', member.token, { chatName: 'ok', password: PASSWORD }), 'userName');
    });
  });

  describe('POST /user/change_email and /user/confirm_email_change', () => {
    const tokenOf = (text: string) => /[?&]confirm_email=([^\s&]+)/.exec(text)?.[1];

    it('mails a single-use link to the new address; the address changes only on confirmation', async () => {
      const u = await withPassword();
      const before = (await profile(u.token)).email;
      const res = await post('/user/change_email', u.token, { newEmail: 'brand.new@example.com', password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      const mail = t.mail.findLast((m) => m.to === 'brand.new@example.com');
      expect(mail).toBeDefined();
      expect(mail!.text).toContain('http://localhost:8080/?confirm_email=');
      const token = decodeURIComponent(tokenOf(mail!.text)!);
      expect((await profile(u.token)).email).toBe(before);

      const confirm = await post('/user/confirm_email_change', undefined, { token });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json()).toEqual({ status: 'ok' });
      expect((await profile(u.token)).email).toBe('brand.new@example.com');

      const again = await post('/user/confirm_email_change', undefined, { token });
      expect(again.statusCode).toBe(400);
      expect(Object.keys(again.json().error.fields)).toEqual(['token']);
    });

    it('works without a password, and only the newest link counts', async () => {
      const u = await asMember(t, { username: 'nopw_mail' });
      expect((await post('/user/change_email', u.token, { newEmail: 'first@example.com' })).statusCode).toBe(200);
      const first = decodeURIComponent(tokenOf(t.mail.findLast((m) => m.to === 'first@example.com')!.text)!);
      expect((await post('/user/change_email', u.token, { newEmail: 'second@example.com' })).statusCode).toBe(200);
      const second = decodeURIComponent(tokenOf(t.mail.findLast((m) => m.to === 'second@example.com')!.text)!);
      expect((await post('/user/confirm_email_change', undefined, { token: first })).statusCode).toBe(400);
      expect((await post('/user/confirm_email_change', undefined, { token: second })).statusCode).toBe(200);
      expect((await profile(u.token)).email).toBe('second@example.com');
    });

    it('refuses an expired link', async () => {
      const u = await asMember(t, { username: 'expiring_mail' });
      expect((await post('/user/change_email', u.token, { newEmail: 'late@example.com' })).statusCode).toBe(200);
      const token = decodeURIComponent(tokenOf(t.mail.findLast((m) => m.to === 'late@example.com')!.text)!);
      clockAheadMs = EMAIL_CHANGE_TTL_MS + 60_000;
      const res = await post('/user/confirm_email_change', undefined, { token }).finally(() => (clockAheadMs = 0));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['token']);
    });

    it('refuses a wrong password when one is given', async () => {
      const count = t.mail.length;
      const res = await post('/user/change_email', pw.token, { newEmail: 'nope@example.com', password: 'wrong password' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ password: 'Wrong password' });
      expect(t.mail.length).toBe(count);
    });

    it('refuses an address taken by another user, in any case, and the own address', async () => {
      const res = await post('/user/change_email', pw.token, { newEmail: 'SETTINGS_MEMBER@example.com' });
      expect(res.statusCode).toBe(409);
      expect(Object.keys(res.json().error.fields)).toEqual(['newEmail']);
      const own = (await profile(pw.token)).email as string;
      expect400(await post('/user/change_email', pw.token, { newEmail: own }), 'newEmail');
    });

    it('refuses confirming an address someone took meanwhile', async () => {
      const u = await asMember(t, { username: 'racing_mail' });
      expect((await post('/user/change_email', u.token, { newEmail: 'contested@example.com' })).statusCode).toBe(200);
      const token = decodeURIComponent(tokenOf(t.mail.findLast((m) => m.to === 'contested@example.com')!.text)!);
      await asMember(t, { username: 'contested' });
      const res = await post('/user/confirm_email_change', undefined, { token });
      expect(res.statusCode).toBe(409);
      expect(Object.keys(res.json().error.fields)).toEqual(['newEmail']);
    });

    it('validates the bodies', async () => {
      expect400(await post('/user/change_email', member.token, {}), 'newEmail');
      expect400(await post('/user/change_email', member.token, { newEmail: 'not-an-email' }), 'newEmail');
      expect400(await post('/user/change_email', member.token, { newEmail: 42 }), 'newEmail');
      expect400(await post('/user/change_email', member.token, { newEmail: 'ok@example.com', password: 5 }), 'password');
      expect400(await post('/user/confirm_email_change', undefined, {}), 'token');
      expect400(await post('/user/confirm_email_change', undefined, { token: '' }), 'token');
      expect400(await post('/user/confirm_email_change', undefined, { token: 12 }), 'token');
      expect400(await post('/user/confirm_email_change', undefined, { token: 'made-up' }), 'token');
    });
  });

  describe('POST /user/change_personal_data', () => {
    it('stores the data, upper-cases the country, keeps left-out fields and clears null or empty ones', async () => {
      const u = await asMember(t, { username: 'personal' });
      const body = { firstName: 'Ada', lastName: 'Lovelace', street: 'Main St', house: '12a', zip: '10115', city: 'Berlin', country: 'de' };
      const res = await post('/user/change_personal_data', u.token, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(await profile(u.token)).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', street: 'Main St', house: '12a', zip: '10115', city: 'Berlin', country: 'DE' });
      expect((await post('/user/change_personal_data', u.token, { city: '', country: null })).statusCode).toBe(200);
      expect(await profile(u.token)).toMatchObject({ first_name: 'Ada', city: null, country: null });
    });

    it('validates lengths, types and the country code', async () => {
      expect400(await post('/user/change_personal_data', member.token, { firstName: 'x'.repeat(101) }), 'firstName');
      expect400(await post('/user/change_personal_data', member.token, { zip: 12345 }), 'zip');
      expect400(await post('/user/change_personal_data', member.token, { country: 'DEU' }), 'country');
      expect400(await post('/user/change_personal_data', member.token, { country: 'D1' }), 'country');
      expect400(await post('/user/change_personal_data', member.token, { house: 'x'.repeat(21) }), 'house');
    });

    it('refuses control characters with 400 naming the field, not a 500, and stores nothing', async () => {
      const u = await asMember(t, { username: 'personal_controls' });
      expect400(await post('/user/change_personal_data', u.token, { firstName: 'A\u0000da' }), 'firstName');
      expect400(await post('/user/change_personal_data', u.token, { city: 'Ber\nlin' }), 'city');
      expect400(await post('/user/change_personal_data', u.token, { street: 'Main\u0007 St', zip: '10115' }), 'street');
      expect(await profile(u.token)).toMatchObject({ first_name: null, street: null, zip: null, city: null });
    });
  });

  describe('POST /user/change_notification_settings', () => {
    it('stores both flags', async () => {
      const res = await post('/user/change_notification_settings', member.token, { hasPlaydateNotification: false, hasCameraMailNotification: true });
      expect(res.statusCode).toBe(200);
      expect(await profile(member.token)).toMatchObject({ playdate_notification: false, camera_mail_notification: true });
      await post('/user/change_notification_settings', member.token, { hasPlaydateNotification: true, hasCameraMailNotification: false });
      expect(await profile(member.token)).toMatchObject({ playdate_notification: true, camera_mail_notification: false });
    });

    it('needs both booleans', async () => {
      expect400(await post('/user/change_notification_settings', member.token, { hasPlaydateNotification: true }), 'hasCameraMailNotification');
      expect400(await post('/user/change_notification_settings', member.token, { hasPlaydateNotification: 'yes', hasCameraMailNotification: true }), 'hasPlaydateNotification');
    });
  });

  describe('POST /user/change_avatar', () => {
    it('accepts null, 0 and 1 to 40', async () => {
      for (const avatar of [7, 0, 40, 1, null]) {
        const res = await post('/user/change_avatar', member.token, { avatar });
        expect(res.statusCode, String(avatar)).toBe(200);
        const p = await profile(member.token);
        expect(p.avatar).toBe(avatar);
        expect(p.avatar_url).toBe(avatar === null ? '/media/avatars/default.svg' : avatar === 0 ? `/media/avatars/users/${member.id}.svg` : `/media/avatars/${avatar}.svg`);
      }
    });

    it('refuses anything else', async () => {
      for (const avatar of [41, -1, 1.5, '3', true]) expect400(await post('/user/change_avatar', member.token, { avatar }), 'avatar');
      expect400(await post('/user/change_avatar', member.token, {}), 'avatar');
    });
  });

  describe('GET /user/subscribe_newsletter', () => {
    it('subscribes and undoes an unsubscription; the profile says so and changes nothing else', async () => {
      const u = await asMember(t, { username: 'newsletter' });
      const before = await profile(u.token);
      expect(before.newsletter_subscribed).toBe(false);
      await call(t.app, 'GET', '/api/user/unsubscribe_mails', u.token);
      const res = await call(t.app, 'GET', '/api/user/subscribe_newsletter', u.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      const [row] = await t.deps.db.query<{ sub: Date | null; unsub: Date | null }>(
        'SELECT newsletter_subscribed_at AS sub, mails_unsubscribed_at AS unsub FROM users WHERE id = $1',
        [u.id],
      );
      expect(row?.sub).toBeInstanceOf(Date);
      expect(row?.unsub).toBeNull();
      expect(await profile(u.token)).toEqual({ ...before, newsletter_subscribed: true });
    });

    it('shows the newsletter as unsubscribed after unsubscribe_mails, and subscribed again after subscribing', async () => {
      const u = await asMember(t, { username: 'newsletter_again' });
      expect((await call(t.app, 'GET', '/api/user/subscribe_newsletter', u.token)).statusCode).toBe(200);
      expect((await profile(u.token)).newsletter_subscribed).toBe(true);
      expect((await call(t.app, 'GET', '/api/user/unsubscribe_mails', u.token)).statusCode).toBe(200);
      expect((await profile(u.token)).newsletter_subscribed).toBe(false);
      expect((await call(t.app, 'GET', '/api/user/subscribe_newsletter', u.token)).statusCode).toBe(200);
      expect((await profile(u.token)).newsletter_subscribed).toBe(true);
    });
  });

  describe('playdate blocks', () => {
    it('hiding and showing shows in the profile settings', async () => {
      const u = await asMember(t, { username: 'blocks' });
      expect((await post('/user/playdate_description_block_hidden', u.token, { hideDescriptionBlock: true })).statusCode).toBe(200);
      expect((await profile(u.token)).settings).toEqual({ playdate_block: false, upcoming_playdate_block: true });
      expect((await post('/user/upcoming_playdate_block_hidden', u.token, { hide: true })).statusCode).toBe(200);
      expect((await profile(u.token)).settings).toEqual({ playdate_block: false, upcoming_playdate_block: false });
      await post('/user/playdate_description_block_hidden', u.token, { hideDescriptionBlock: false });
      await post('/user/upcoming_playdate_block_hidden', u.token, { hide: false });
      expect((await profile(u.token)).settings).toEqual({ playdate_block: true, upcoming_playdate_block: true });
    });

    it('validates the bodies', async () => {
      expect400(await post('/user/playdate_description_block_hidden', member.token, {}), 'hideDescriptionBlock');
      expect400(await post('/user/playdate_description_block_hidden', member.token, { hideDescriptionBlock: 'true' }), 'hideDescriptionBlock');
      expect400(await post('/user/upcoming_playdate_block_hidden', member.token, { hide: 1 }), 'hide');
      expect400(await post('/user/upcoming_playdate_block_hidden', member.token, {}), 'hide');
    });
  });

  describe('rate limits', () => {
    it(`stops checking passwords after ${RATE_LIMITS.passwordChecksPerAccount.points} wrong ones, even the right one, with Retry-After`, async () => {
      const u = await withPassword();
      for (let i = 0; i < RATE_LIMITS.passwordChecksPerAccount.points; i++) {
        const res = await post('/user/change_password', u.token, { password: `wrong ${i}`, newPassword: 'a brand new password' });
        expect(res.statusCode).toBe(400);
      }
      for (const url of ['/user/change_password', '/user/change_username']) {
        const body = url === '/user/change_password' ? { password: PASSWORD, newPassword: 'a brand new password' } : { userName: 'limited_name', password: PASSWORD };
        const res = await post(url, u.token, body);
        expect(res.statusCode, url).toBe(429);
        expect(res.json().error.message).toMatch(/Too many wrong passwords\. Try again in \d+ minutes?\./);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Nothing changed: the old password still logs in.
      const [row] = await t.deps.db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [u.id]);
      expect((await call(t.app, 'POST', '/api/auth/login', undefined, { username: row!.username, password: PASSWORD })).statusCode).toBe(200);
      // Another account is not affected.
      const other = await withPassword();
      expect((await post('/user/change_password', other.token, { password: PASSWORD, newPassword: 'a brand new password' })).statusCode).toBe(200);
    });

    it(`sends at most ${RATE_LIMITS.emailChangeMailsPerAccount.points} email-change mails per hour per account`, async () => {
      const u = await asMember(t, { username: 'mail_changer' });
      const sentBefore = t.mail.length;
      for (let i = 0; i < RATE_LIMITS.emailChangeMailsPerAccount.points; i++) {
        expect((await post('/user/change_email', u.token, { newEmail: `changer${i}@example.test` })).statusCode).toBe(200);
      }
      const res = await post('/user/change_email', u.token, { newEmail: 'changer-extra@example.test' });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toMatch(/Too many email changes/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(t.mail.length - sentBefore).toBe(RATE_LIMITS.emailChangeMailsPerAccount.points);
      expect(t.mail.some((m) => m.to === 'changer-extra@example.test')).toBe(false);
    });
  });
});

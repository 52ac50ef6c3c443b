import { RESERVED_MESSAGE_SEGMENTS, Username } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMessagesTestApp, expectBadField, expectStatus, type MessagesTestApp, type Person } from '../../../test/modules/messages';

// A username is a path segment of /messages/{name}: the provider's inbox and the calls under /messages are no one's name.

let t: MessagesTestApp;
let member: Person;

const variants = (name: string) => [name, name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1)];

beforeAll(async () => {
  t = await buildMessagesTestApp();
  member = await t.person('renamer');
});
afterAll(() => t.close());

describe('reserved usernames', () => {
  it.each(RESERVED_MESSAGE_SEGMENTS.flatMap(variants))('the Username schema refuses %j as reserved', (name) => {
    const parsed = Username.safeParse(name);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.message)).toContain('This name is reserved');
  });

  it('still accepts names that merely contain a reserved word', () => {
    for (const name of ['velora_fan', 'my.playdate', 'new-messages', 'veloras']) expect(Username.safeParse(name).success, name).toBe(true);
  });

  it.each(RESERVED_MESSAGE_SEGMENTS.flatMap(variants))('POST /user/validate_username answers %j is reserved', async (name) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/validate_username', payload: { username: name } });
    expect(expectStatus(res, 200)).toEqual({ valid: false, reason: 'format', message: 'This name is reserved' });
  });

  it.each(['velora', 'VELORA', 'Transactional', 'new_messages'])('registration refuses %j with 400 naming username', async (name) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: name, email: `${name.toLowerCase()}@example.com`, password: 'a good long password' },
    });
    expect(expectBadField(res, 'username').error.fields.username).toBe('This name is reserved');
    expect(await t.deps.db.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [name])).toEqual([]);
  });

  it('changing the username to a reserved one is refused too', async () => {
    const res = await t.call('POST', '/user/change_username', member.token, { userName: 'Velora', chatName: null, password: 'whatever it is' });
    expect(expectBadField(res, 'userName').error.fields.userName).toBe('This name is reserved');
  });
});

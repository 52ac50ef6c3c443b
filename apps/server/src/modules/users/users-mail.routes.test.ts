import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { call, type Viewer } from '../../../test/catalog-fixture';
import { asMember } from '../../../test/factories';

describe('GET /user/unsubscribe_mails', () => {
  let t: TestApp;
  let member: Viewer;
  beforeAll(async () => {
    t = await buildTestApp();
    member = await asMember(t, { username: 'mail_member' });
  });
  afterAll(() => t.close());

  it('needs a log-in', async () => {
    const res = await call(t.app, 'GET', '/api/user/unsubscribe_mails');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('unsubscribes the member from mails, and says so again when repeated', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call(t.app, 'GET', '/api/user/unsubscribe_mails', member.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
    const [row] = await t.deps.db.query<{ at: Date | null }>('SELECT mails_unsubscribed_at AS at FROM users WHERE id = $1', [member.id]);
    expect(row?.at).toBeInstanceOf(Date);
  });

  it('refuses a revoked session', async () => {
    const res = await call(t.app, 'GET', '/api/user/unsubscribe_mails', 'not-a-token');
    expect(res.statusCode).toBe(401);
  });
});

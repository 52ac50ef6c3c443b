import { NewMessages } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ENGINE, TEST_POSTGRES_URL } from '../../../test/test-app';
import { buildMessagesTestApp, expectStatus, type MessagesTestApp, type Person } from '../../../test/modules/messages';

// Each member's unread total is kept until a message table changes (decision record 058): asked again it costs no
// query, and a new message, a read mark or another instance's write shows on the next request.

let t: MessagesTestApp;
let ann: Person;
let bob: Person;

const unread = async (who: Person) =>
  NewMessages.parse(expectStatus(await t.call('GET', '/messages/new_messages?last_message_timestamp=0', who.token), 200)).unread_total;
async function send(from: Person, to: Person, text: string) {
  t.clock.advance(3_000);
  expectStatus(await t.call('POST', `/messages/${to.name}/send`, from.token, { text }), 201);
}

beforeAll(async () => {
  t = await buildMessagesTestApp();
  ann = await t.person('ann_unread');
  bob = await t.person('bob_unread');
  await t.deps.db.changes.listening();
});
afterAll(() => t.close());

describe('the unread total, kept per member', () => {
  it('is answered again with no query', async () => {
    await send(bob, ann, 'one');
    expect(await unread(ann)).toBe(1);
    const queries = vi.spyOn(t.deps.db, 'query');
    expect(await unread(ann)).toBe(1);
    expect(queries).not.toHaveBeenCalled();
    queries.mockRestore();
  });

  it('counts a new message and a read mark on the next request', async () => {
    const before = await unread(ann);
    await send(bob, ann, 'two');
    expect(await unread(ann)).toBe(before + 1);
    expectStatus(await t.call('POST', `/messages/${bob.name}/read`, ann.token), 200);
    expect(await unread(ann)).toBe(0);
  });

  it.runIf(TEST_ENGINE === 'postgres')("counts another instance's write to the same database", async () => {
    await send(bob, ann, 'three');
    expectStatus(await t.call('POST', `/messages/${bob.name}/read`, ann.token), 200);
    expect(await unread(ann)).toBe(0);
    // A write that bypasses this process (as another instance's would): ann's read mark goes back.
    const schema = (await t.deps.db.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      await client.query('UPDATE conversation_participants SET last_read_id = 0, cleared_up_to_id = 0 WHERE user_id = $1', [ann.id]);
    } finally {
      await client.end();
    }
    await vi.waitFor(async () => expect(await unread(ann)).toBe(3), { timeout: 5_000 });
  });
});

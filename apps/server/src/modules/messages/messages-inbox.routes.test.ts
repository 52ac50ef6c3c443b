import { INBOX_PER_PAGE, Inbox } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMessagesTestApp, expectBadField, expectStatus, type MessagesTestApp, type Person } from '../../../test/modules/messages';

// GET /messages?page: the conversations of the viewer, the newest first, with unread counts.

let t: MessagesTestApp;
let ann: Person;

const inbox = async (who: Person, query = '') => Inbox.parse(expectStatus(await t.call('GET', `/messages${query}`, who.token), 200));
async function send(from: Person, to: Person, text: string) {
  t.clock.advance(3_000);
  return expectStatus(await t.call('POST', `/messages/${to.name}/send`, from.token, { text }), 201);
}

beforeAll(async () => {
  t = await buildMessagesTestApp();
  ann = await t.person('ann_inbox');
});
afterAll(() => t.close());

describe('GET /messages', () => {
  it('is empty for someone without messages', async () => {
    expect(await inbox(ann)).toEqual({ conversations: [], page: 1, per_page: INBOX_PER_PAGE, total: 0, pages: 0, unread_total: 0 });
  });

  it('lists conversations by their newest message, with the last message and unread counts', async () => {
    const bea = await t.person('bea_inbox');
    const cal = await t.person('cal_inbox');
    await send(bea, ann, 'From Bea 1');
    await send(bea, ann, 'From Bea 2');
    await send(cal, ann, 'From Cal');
    await send(ann, cal, 'To Cal');
    await t.siteMessage(ann.id, { subject: 'Hello', text: 'Site news' });

    const box = await inbox(ann);
    expect(box).toMatchObject({ total: 3, pages: 1, unread_total: 4 });
    expect(box.conversations.map((c) => [c.with.name, c.unread, c.last_message?.text, c.last_message?.from_me])).toEqual([
      ['velora', 1, 'Site news', false],
      ['cal_inbox', 1, 'To Cal', true],
      ['bea_inbox', 2, 'From Bea 2', false],
    ]);
    expect(box.conversations.every((c) => c.updated_at === c.last_message!.created_at && c.playdate_id === null)).toBe(true);
    expect(box.conversations[0]!.updated_at).toBe(t.clock.ms());

    // Bea sees the same conversation from her side; her own messages are never unread to her.
    const beas = await inbox(bea);
    expect(beas.conversations.map((c) => [c.with.name, c.unread, c.last_message?.from_me])).toEqual([['ann_inbox', 0, true]]);
    expect(beas.unread_total).toBe(0);
  });

  it('keeps the unread counts right through send, read and delete', async () => {
    const dex = await t.person('dex_inbox');
    const eli = await t.person('eli_inbox');
    const one = await send(dex, eli, 'one');
    await send(dex, eli, 'two');
    await send(dex, eli, 'three');
    const unreadOf = async () => {
      const box = await inbox(eli);
      return [box.unread_total, box.conversations.find((c) => c.with.name === 'dex_inbox')?.unread];
    };
    expect(await unreadOf()).toEqual([3, 3]);

    expect(expectStatus(await t.call('POST', '/messages/dex_inbox/read', eli.token), 200)).toEqual({ unread_total: 0 });
    expect(await unreadOf()).toEqual([0, 0]);

    const four = await send(dex, eli, 'four');
    expect(await unreadOf()).toEqual([1, 1]);
    // Deleting an unread message takes it out of the count; the conversation stays (older messages are visible).
    expect(expectStatus(await t.call('DELETE', `/messages/dex_inbox/${four.id}`, eli.token), 200)).toEqual({ unread_total: 0 });
    expect(await unreadOf()).toEqual([0, 0]);
    expect((await inbox(eli)).conversations[0]!.last_message!.text).toBe('three');
    // Deleting a read one changes nothing in the counts.
    expectStatus(await t.call('DELETE', `/messages/dex_inbox/${one.id}`, eli.token), 200);
    expect(await unreadOf()).toEqual([0, 0]);
  });

  it(`pages ${INBOX_PER_PAGE} conversations at a time; past the end is an empty page, not an error`, async () => {
    const fox = await t.person('fox_inbox');
    const senders: Person[] = [];
    for (let i = 0; i < INBOX_PER_PAGE + 1; i++) senders.push(await t.person(`pager_${String(i).padStart(2, '0')}`));
    for (const s of senders) await send(s, fox, `Hi from ${s.name}`);

    const first = await inbox(fox);
    expect(first).toMatchObject({ page: 1, total: INBOX_PER_PAGE + 1, pages: 2, unread_total: INBOX_PER_PAGE + 1 });
    expect(first.conversations).toHaveLength(INBOX_PER_PAGE);
    expect(first.conversations[0]!.with.name).toBe(`pager_${INBOX_PER_PAGE}`);
    const second = await inbox(fox, '?page=2');
    expect(second.conversations.map((c) => c.with.name)).toEqual(['pager_00']);
    expect(await inbox(fox, '?page=3')).toMatchObject({ page: 3, conversations: [], total: INBOX_PER_PAGE + 1 });
    expect((await inbox(fox, '?page=0')).page).toBe(1);
    expect((await inbox(fox, '?page=-4')).page).toBe(1);
  });

  it.each(['abc', '1.5', ''])('refuses page=%j with 400 naming page', async (page) => {
    expectBadField(await t.call('GET', `/messages?page=${page}`, ann.token), 'page');
  });

  it('shows only the viewer\'s conversations', async () => {
    const gil = await t.person('gil_inbox');
    expect((await inbox(gil)).conversations).toEqual([]);
  });
});

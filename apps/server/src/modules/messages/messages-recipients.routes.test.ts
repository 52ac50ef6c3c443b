import { Conversation, Inbox, MESSAGE_RECIPIENTS_MAX, MessageRecipients } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel } from '../../../test/factories';
import { buildMessagesTestApp, expectBadField, expectStatus, type MessagesTestApp, type ModelPerson, type Person } from '../../../test/modules/messages';

// GET /messages/recipients?q: the models a member can start a conversation with, and writing first to one of them.

let t: MessagesTestApp;
let ann: Person;
let rosa: ModelPerson;

const search = async (who: Person, q?: string) =>
  MessageRecipients.parse(expectStatus(await t.call('GET', `/messages/recipients${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`, who.token), 200))
    .recipients;

beforeAll(async () => {
  t = await buildMessagesTestApp();
  ann = await t.person('ann_picker');
  rosa = await t.modelAccount('rosa_account', 'Rosa Vale');
  await createModel(t, { name: 'Rosalind Moor' });
  await createModel(t, { name: 'Ambrosia Lane' });
  await createModel(t, { name: 'Percent 100% Kim' });
  await createModel(t, { name: 'Under_score Lee' });
});
afterAll(() => t.close());

describe('GET /messages/recipients', () => {
  it('finds models by any part of the name, any case: those with an inbox first, then names that start with the search', async () => {
    const found = await search(ann, 'ROS');
    expect(found.map((r) => r.display_name)).toEqual(['Rosa Vale', 'Rosalind Moor', 'Ambrosia Lane']);
    expect(found[0]).toEqual({ model_id: rosa.modelId, display_name: 'Rosa Vale', avatar: expect.stringContaining('400x400'), name: 'rosa_account' });
  });

  it('names no account for a model who has none, so the app can say she has no inbox yet', async () => {
    const [rosalind] = await search(ann, 'Rosalind');
    expect(rosalind).toMatchObject({ display_name: 'Rosalind Moor', name: null });
  });

  it('takes % and _ as the characters they are, not as wildcards', async () => {
    expect((await search(ann, '%')).map((r) => r.display_name)).toEqual(['Percent 100% Kim']);
    expect((await search(ann, '_')).map((r) => r.display_name)).toEqual(['Under_score Lee']);
  });

  it('lists models without a search, at most MESSAGE_RECIPIENTS_MAX, those with an inbox first', async () => {
    for (let i = 0; i < MESSAGE_RECIPIENTS_MAX; i++) await createModel(t, { name: `Zed Filler ${i}` });
    const all = await search(ann);
    expect(all).toHaveLength(MESSAGE_RECIPIENTS_MAX);
    expect(all[0]!.name).toBe('rosa_account');
    expect(await search(ann, '   ')).toEqual(all);
  });

  it('does not offer a model her own name', async () => {
    expect((await search(rosa, 'Ros')).map((r) => r.display_name)).toEqual(['Rosalind Moor', 'Ambrosia Lane']);
  });

  it('answers nothing when no name matches', async () => {
    expect(await search(ann, 'Nobody by this name')).toEqual([]);
  });

  it('is for members only', async () => {
    expectStatus(await t.call('GET', '/messages/recipients?q=Rosa'), 401);
  });

  it('refuses a search that is too long or holds a control character, naming q', async () => {
    expectBadField(await t.call('GET', `/messages/recipients?q=${'a'.repeat(61)}`, ann.token), 'q');
    expectBadField(await t.call('GET', '/messages/recipients?q=a%00b', ann.token), 'q');
  });
});

describe('a member writing first to a model found by name', () => {
  it('starts the conversation, and the model finds it in her inbox', async () => {
    const [found] = await search(ann, 'Rosa Vale');
    const opened = Conversation.parse(expectStatus(await t.call('GET', `/messages/${found!.name}`, ann.token), 200));
    expect(opened).toMatchObject({ with: { kind: 'model', display_name: 'Rosa Vale', model_id: rosa.modelId }, messages: [], can_reply: true });

    t.clock.advance();
    expectStatus(await t.call('POST', `/messages/${found!.name}/send`, ann.token, { text: 'Hello Rosa, I love your work' }), 201);
    const inbox = Inbox.parse(expectStatus(await t.call('GET', '/messages', rosa.token), 200));
    expect(inbox.conversations).toHaveLength(1);
    expect(inbox.conversations[0]).toMatchObject({ with: { name: 'ann_picker' }, unread: 1, last_message: { text: 'Hello Rosa, I love your work' } });
  });
});

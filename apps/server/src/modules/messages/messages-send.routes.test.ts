import { Conversation, MESSAGE_TEXT_MAX, Message } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMessagesTestApp, expectBadField, expectStatus, type MessagesTestApp, type ModelPerson, type Person } from '../../../test/modules/messages';
import { RATE_LIMITS } from '../../lib/rate-limits';

// POST /messages/{name}/send: who may write to whom, what is stored, and how fast.

let t: MessagesTestApp;
let ann: Person;
let bob: Person;
let cleo: ModelPerson;

const send = (from: Person, to: string, body: unknown) => t.call('POST', `/messages/${to}/send`, from.token, body);
const conversationCount = async () => (await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversations'))[0]!.n;
const messageCount = async () => (await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages'))[0]!.n;

beforeAll(async () => {
  t = await buildMessagesTestApp();
  ann = await t.person('ann_sender');
  bob = await t.person('bob_receiver', { chatname: 'Bobby' });
  cleo = await t.modelAccount('cleo_account', 'Cleo Demo');
});
afterAll(() => t.close());

describe('POST /messages/{name}/send', () => {
  it('stores the message and answers 201 with it, seen from the sender', async () => {
    t.clock.advance();
    const message = Message.parse(expectStatus(await send(ann, 'bob_receiver', { text: 'Hello Bob' }), 201));
    expect(message).toEqual({
      id: message.id,
      with: 'bob_receiver',
      playdate_id: null,
      from_me: true,
      text: 'Hello Bob',
      subject: null,
      group: null,
      created_at: t.clock.ms(),
      read: false,
    });
  });

  it('starts one conversation on the first message and keeps using it, both ways', async () => {
    const dan = await t.person('dan_first');
    const eve = await t.person('eve_first');
    const before = await conversationCount();
    expectStatus(await send(dan, 'eve_first', { text: 'First' }), 201);
    expect(await conversationCount()).toBe(before + 1);
    expectStatus(await send(dan, 'eve_first', { text: 'Second' }), 201);
    expectStatus(await send(eve, 'dan_first', { text: 'Answer' }), 201);
    expect(await conversationCount()).toBe(before + 1);
    const seen = Conversation.parse(expectStatus(await t.call('GET', '/messages/dan_first', eve.token), 200));
    expect(seen.messages.map((m) => [m.text, m.from_me])).toEqual([
      ['First', false],
      ['Second', false],
      ['Answer', true],
    ]);
  });

  it('creates one conversation when two first messages race', async () => {
    const fay = await t.person('fay_race');
    const gus = await t.person('gus_race');
    const before = await conversationCount();
    const results = await Promise.all([
      send(fay, 'gus_race', { text: 'a' }),
      send(gus, 'fay_race', { text: 'b' }),
      send(fay, 'gus_race', { text: 'c' }),
      send(gus, 'fay_race', { text: 'd' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await conversationCount()).toBe(before + 1);
    expect(Conversation.parse((await t.call('GET', '/messages/gus_race', fay.token)).json()).messages).toHaveLength(4);
  });

  it('finds the recipient whatever the case and answers with the username as stored', async () => {
    expect(Message.parse(expectStatus(await send(ann, 'BOB_Receiver', { text: 'Case' }), 201)).with).toBe('bob_receiver');
  });

  it('stores plain text as given, trimmed, markup and all, tabs and line breaks too', async () => {
    const html = Message.parse(expectStatus(await send(ann, 'bob_receiver', { text: '  <b>bold?</b> & <script>x</script>\n  ' }), 201));
    expect(html.text).toBe('<b>bold?</b> & <script>x</script>');
    expect(Message.parse(expectStatus(await send(ann, 'bob_receiver', { text: 'a\tb\nc\r\nd' }), 201)).text).toBe('a\tb\nc\r\nd');
    const [stored] = await t.deps.db.query<{ body: string }>('SELECT body FROM messages WHERE id = $1', [html.id]);
    expect(stored!.body).toBe('<b>bold?</b> & <script>x</script>');
  });

  it(`accepts exactly ${MESSAGE_TEXT_MAX} characters`, async () => {
    expect(Message.parse(expectStatus(await send(ann, 'bob_receiver', { text: 'x'.repeat(MESSAGE_TEXT_MAX) }), 201)).text).toHaveLength(MESSAGE_TEXT_MAX);
  });

  it('refuses a request without a body with 400 naming body', async () => {
    expectBadField(await send(ann, 'bob_receiver', undefined), 'body');
  });

  it.each([
    ['an empty object', {}],
    ['empty text', { text: '' }],
    ['only whitespace', { text: '  \n\t ' }],
    ['only control characters', { text: '\u0000\u0001' }],
    // Refused at the contract (decision record 031), no longer dropped quietly.
    ['a NUL inside', { text: 'a\u0000b' }],
    ['an escape inside', { text: 'a\u001b[0mb' }],
    ['too long text', { text: 'y'.repeat(MESSAGE_TEXT_MAX + 1) }],
    ['a number', { text: 42 }],
    ['null', { text: null }],
  ])('refuses %s with 400 naming text, and stores nothing', async (_, body) => {
    const before = await messageCount();
    expectBadField(await send(ann, 'bob_receiver', body), 'text');
    expect(await messageCount()).toBe(before);
  });

  it('refuses a name longer than 64 characters with 400 naming name', async () => {
    expectBadField(await send(ann, 'n'.repeat(65), { text: 'Hi' }), 'name');
  });

  it('refuses writing to yourself (400), in any case', async () => {
    for (const name of ['ann_sender', 'ANN_SENDER']) {
      const body = expectBadField(await send(ann, name, { text: 'Me' }), 'name');
      expect(body.error.message).toBe('You cannot write to yourself');
    }
  });

  it('refuses writing to the site inbox (403) with a message saying why', async () => {
    for (const name of ['velora', 'Velora']) {
      const body = expectStatus(await send(ann, name, { text: 'Hello support' }), 403);
      expect(body.error.message).toMatch(/cannot be answered/);
    }
  });

  it('answers 404 "No such member" for a name that is nobody', async () => {
    const body = expectStatus(await send(ann, 'nobody_here', { text: 'Hi' }), 404);
    expect(body.error.message).toBe('No such member');
  });

  it('writes to a model account: she is a model to the member, the member a member to her', async () => {
    expectStatus(await send(ann, 'cleo_account', { text: 'Hi Cleo' }), 201);
    const annSees = Conversation.parse(expectStatus(await t.call('GET', '/messages/cleo_account', ann.token), 200));
    expect(annSees.with).toMatchObject({ kind: 'model', name: 'cleo_account', display_name: 'Cleo Demo', model_id: cleo.modelId });
    expect(annSees.with.avatar).toContain(`/media/images/model/${cleo.modelId}/`);
    const cleoSees = Conversation.parse(expectStatus(await t.call('GET', '/messages/ann_sender', cleo.token), 200));
    expect(cleoSees.with).toMatchObject({ kind: 'member', name: 'ann_sender', display_name: 'ann_sender', model_id: null });
    expect(cleoSees.messages.map((m) => [m.text, m.from_me])).toEqual([['Hi Cleo', false]]);
    expectStatus(await send(cleo, 'ann_sender', { text: 'Hello!' }), 201);
  });

  it('shows a member by chat name when there is one', async () => {
    const seen = Conversation.parse(expectStatus(await t.call('GET', '/messages/bob_receiver', ann.token), 200));
    expect(seen.with).toMatchObject({ kind: 'member', name: 'bob_receiver', display_name: 'Bobby', model_id: null });
    expect(seen.with.avatar).toMatch(/\/avatars\/.*\.svg$/);
  });
});

describe('sending too fast', () => {
  it(`allows ${RATE_LIMITS.messagesPerAccount.points} messages a minute, then answers 429 with a clear message until the minute is over`, async () => {
    const hasty = await t.person('hasty_sender');
    for (let i = 0; i < RATE_LIMITS.messagesPerAccount.points; i++) expectStatus(await send(hasty, 'bob_receiver', { text: `Message ${i}` }), 201);
    const before = await messageCount();
    const refused = await send(hasty, 'bob_receiver', { text: 'One too many' });
    const body = expectStatus(refused, 429);
    expect(body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(body.error.message).toMatch(/too fast.*30 a minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await messageCount()).toBe(before);
    // Someone else is not slowed down by it.
    expectStatus(await send(bob, 'hasty_sender', { text: 'Calm down' }), 201);

    t.clock.advance(61_000);
    expectStatus(await send(hasty, 'bob_receiver', { text: 'Later' }), 201);
  });
});

import { Conversation, TransactionalPopup, UnsubscribedGroups } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMessagesTestApp, expectBadField, expectStatus, type MessagesTestApp, type Person } from '../../../test/modules/messages';

// Site messages: the provider's inbox (/messages/velora), group unsubscriptions, the transactional popup, the welcome.

let t: MessagesTestApp;
let ann: Person;

const siteTexts = async (who: Person) =>
  Conversation.parse(expectStatus(await t.call('GET', '/messages/velora', who.token), 200)).messages.map((m) => m.text);
const unsubscribe = (who: Person, group: string, body: unknown = {}) => t.call('PUT', `/messages/unsubscribe/${group}`, who.token, body);
const popup = async (who: Person) => TransactionalPopup.parse(expectStatus(await t.call('GET', '/messages/transactional/popup', who.token), 200)).message;

beforeAll(async () => {
  t = await buildMessagesTestApp();
  ann = await t.person('ann_site');
});
afterAll(() => t.close());

describe('sendSiteMessage (for other modules)', () => {
  it('puts a message from the site in the user\'s inbox, as given', async () => {
    t.clock.advance();
    const message = await t.siteMessage(ann.id, { group: 'offers', subject: 'Summer', text: '  20% off this week  ' });
    expect(message).toEqual({
      id: message!.id,
      with: 'velora',
      playdate_id: null,
      from_me: false,
      text: '20% off this week',
      subject: 'Summer',
      group: 'offers',
      created_at: t.clock.ms(),
      read: false,
    });
    expect(await siteTexts(ann)).toEqual(['20% off this week']);
  });

  it('takes no reply: POST /messages/velora/send is 403', async () => {
    const res = await t.call('POST', '/messages/velora/send', ann.token, { text: 'Thanks!' });
    expect(expectStatus(res, 403).error.message).toMatch(/cannot be answered/);
  });

  it('can be read: POST /messages/velora/read', async () => {
    expect(expectStatus(await t.call('POST', '/messages/velora/read', ann.token), 200)).toEqual({ unread_total: 0 });
    expect(Conversation.parse((await t.call('GET', '/messages/velora', ann.token)).json()).messages.every((m) => m.read)).toBe(true);
  });
});

describe('PUT /messages/unsubscribe/{group}', () => {
  it('stops the group\'s site messages; account messages always arrive; {subscribe: true} undoes it', async () => {
    const bea = await t.person('bea_site');
    expect(UnsubscribedGroups.parse(expectStatus(await unsubscribe(bea, 'news'), 200))).toEqual({ unsubscribed_groups: ['news'] });
    expect(expectStatus(await unsubscribe(bea, 'news'), 200)).toEqual({ unsubscribed_groups: ['news'] });
    expect(expectStatus(await unsubscribe(bea, 'offers', { subscribe: false }), 200)).toEqual({ unsubscribed_groups: ['news', 'offers'] });

    expect(await t.siteMessage(bea.id, { group: 'news', text: 'skipped news' })).toBeNull();
    expect(await t.siteMessage(bea.id, { group: 'offers', text: 'skipped offer' })).toBeNull();
    expect(await t.siteMessage(bea.id, { group: 'playdates', text: 'playdate note' })).not.toBeNull();
    expect(await t.siteMessage(bea.id, { group: 'account', text: 'receipt' })).not.toBeNull();
    expect(await siteTexts(bea)).toEqual(['playdate note', 'receipt']);
    expect(Conversation.parse((await t.call('GET', '/messages/velora', bea.token)).json()).unsubscribed_groups).toEqual(['news', 'offers']);

    expect(expectStatus(await unsubscribe(bea, 'news', { subscribe: true }), 200)).toEqual({ unsubscribed_groups: ['offers'] });
    expect(await t.siteMessage(bea.id, { group: 'news', text: 'news again' })).not.toBeNull();
    // Someone else's choice is theirs alone.
    expect(await t.siteMessage(ann.id, { group: 'offers', text: 'offer for ann' })).not.toBeNull();
  });

  it('takes no body at all as unsubscribe', async () => {
    const cy = await t.person('cy_site');
    expect(expectStatus(await t.call('PUT', '/messages/unsubscribe/playdates', cy.token), 200)).toEqual({ unsubscribed_groups: ['playdates'] });
  });

  it.each(['account', 'ACCOUNT', 'spam', 'News'])('refuses group %j with 400 naming group', async (group) => {
    expectBadField(await unsubscribe(ann, group), 'group');
  });

  it('refuses a subscribe that is not a boolean with 400 naming it', async () => {
    expectBadField(await unsubscribe(ann, 'news', { subscribe: 'yes' }), 'subscribe');
  });
});

describe('GET /messages/transactional/popup', () => {
  it('answers null when there is nothing to show', async () => {
    expect(await popup(ann)).toBeNull();
  });

  it('shows the newest unshown popup message once, then the older one, then nothing', async () => {
    const dee = await t.person('dee_site');
    t.clock.advance();
    const older = await t.siteMessage(dee.id, { group: 'account', subject: 'Payment received', text: 'Thank you!', popup: true });
    await t.siteMessage(dee.id, { group: 'news', text: 'not a popup' });
    t.clock.advance();
    const newer = await t.siteMessage(dee.id, { group: 'account', subject: 'Premium active', text: 'Enjoy.', popup: true });

    expect(await popup(dee)).toEqual({ id: newer!.id, subject: 'Premium active', text: 'Enjoy.', group: 'account', created_at: newer!.created_at });
    expect((await popup(dee))?.id).toBe(older!.id);
    expect(await popup(dee)).toBeNull();
    // Still in the inbox as ordinary site messages.
    expect(await siteTexts(dee)).toEqual(['Thank you!', 'not a popup', 'Enjoy.']);
  });

  it('shows a popup once even to two calls at the same moment', async () => {
    const eli = await t.person('eli_site');
    await t.siteMessage(eli.id, { group: 'account', text: 'Once only', popup: true });
    const answers = await Promise.all(Array.from({ length: 5 }, () => popup(eli)));
    expect(answers.filter((a) => a !== null).map((a) => a!.text)).toEqual(['Once only']);
  });

  it('does not show a popup message the user deleted, nor someone else\'s', async () => {
    const fay = await t.person('fay_site');
    const gone = await t.siteMessage(fay.id, { group: 'account', text: 'Deleted first', popup: true });
    expectStatus(await t.call('DELETE', `/messages/velora/${gone!.id}`, fay.token), 200);
    expect(await popup(fay)).toBeNull();
    await t.siteMessage(fay.id, { group: 'account', text: 'Fay\'s popup', popup: true });
    expect(await popup(ann)).toBeNull();
    expect((await popup(fay))?.text).toBe('Fay\'s popup');
  });
});

describe('the welcome message of a new account', () => {
  it('arrives in the site inbox on registration, as an account message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'newcomer_site', email: 'newcomer@example.com', password: 'a good long password' },
    });
    const token = expectStatus(res, 201).access_token as string;
    const inbox = Conversation.parse(expectStatus(await t.call('GET', '/messages/velora', token), 200));
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]).toMatchObject({ subject: 'Welcome to Velora', group: 'account', from_me: false, read: false });
    expect(inbox.messages[0]!.text).toMatch(/^Hello newcomer_site,/);
    expect(expectStatus(await t.call('GET', '/messages/new_messages', token), 200).unread_total).toBe(1);
    // A welcome is no popup: it must not cover the first page a new member sees.
    expect(TransactionalPopup.parse((await t.call('GET', '/messages/transactional/popup', token)).json()).message).toBeNull();
  });

  it.each([
    ['de', 'Willkommen bei Velora', /^Hallo neuling_de,/],
    ['fr', 'Bienvenue sur Velora', /^Bonjour neuling_fr,/],
  ])('is written in the language the account signed up in (%s)', async (language, subject, greeting) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: `neuling_${language}`, email: `neuling-${language}@example.com`, password: 'a good long password', language },
    });
    const token = expectStatus(res, 201).access_token as string;
    const inbox = Conversation.parse(expectStatus(await t.call('GET', '/messages/velora', token), 200));
    expect(inbox.messages[0]).toMatchObject({ subject, group: 'account' });
    expect(inbox.messages[0]!.text).toMatch(greeting);
  });
});

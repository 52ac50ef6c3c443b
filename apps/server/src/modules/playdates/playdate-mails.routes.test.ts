import { Playdate } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveCoins, asPremium } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { PRICE, call, firstSlot, offeringModel, requestAt } from '../../../test/modules/playdates';

// The member hears by mail, in his language, how his private request was answered and that a playdate he asked about
// starts soon; each mail links the page it is about. Nothing is mailed to a member who switched playdate mails off.

let clock = Date.parse('2030-06-03T08:02:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
});
afterAll(async () => {
  await t?.close();
});

const mailsTo = (to: string) => t.mail.filter((m) => m.to === to);

async function member(email: string, language: 'en' | 'de' | 'fr') {
  const who = await asPremium(t, { email, language });
  await giveCoins(t, who.id, 500);
  return who;
}

describe('playdate mails', () => {
  it('tells the member that she accepted, in his language, with the link to his room', async () => {
    const m = await offeringModel(t);
    const de = await member('pd.accept.de@example.com', 'de');
    const id = Playdate.parse((await requestAt(t, m, de, 10, await firstSlot(t, m, de, 10))).json()).id;
    expect(mailsTo('pd.accept.de@example.com')).toEqual([]);

    const res = await call(t, 'POST', `/studio/playdates/${id}/accept`, m.model, { starts_at: null });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = mailsTo('pd.accept.de@example.com');
    expect(mail?.subject).toContain('hat dein privates Playdate angenommen');
    expect(mail?.text).toContain(`${10 * PRICE} Coins`);
    expect(mail?.text).toMatch(new RegExp(`/private-playdate/${id}\\n`));
    expect(mail?.text).toContain('UTC');
  });

  it('tells him that she declined or did not answer, and that the held coins are back', async () => {
    const m = await offeringModel(t);
    const fr = await member('pd.decline.fr@example.com', 'fr');
    const declined = Playdate.parse((await requestAt(t, m, fr, 5, await firstSlot(t, m, fr, 5))).json()).id;
    expect((await call(t, 'POST', `/studio/playdates/${declined}/decline`, m.model, { reason: 'Not today' })).statusCode).toBe(200);
    const [no] = mailsTo('pd.decline.fr@example.com');
    expect(no?.subject).toContain('a refusé votre playdate privé');
    expect(no?.text).toContain(`${5 * PRICE} coins`);
    expect(no?.text).toContain('/playdates');

    const en = await member('pd.expire.en@example.com', 'en');
    const expiring = Playdate.parse((await requestAt(t, m, en, 5, await firstSlot(t, m, en, 5))).json());
    clock = expiring.expires_at! * 1000 + 1000;
    await t.services.playdates.sweep();
    const [late] = mailsTo('pd.expire.en@example.com');
    expect(late?.subject).toBe(`Your private playdate request to ${expiring.model.name} expired`);
  });

  it('mails nobody whose playdate mails are off', async () => {
    const m = await offeringModel(t);
    const quiet = await member('pd.quiet@example.com', 'en');
    await t.deps.db.query('UPDATE users SET playdate_notification = false WHERE id = $1', [quiet.id]);
    const id = Playdate.parse((await requestAt(t, m, quiet, 5, await firstSlot(t, m, quiet, 5))).json()).id;
    expect((await call(t, 'POST', `/studio/playdates/${id}/accept`, m.model, { starts_at: null })).statusCode).toBe(200);
    expect(mailsTo('pd.quiet@example.com')).toEqual([]);
  });

  it('reminds a member who asked, with the link to the public room', async () => {
    const m = await offeringModel(t);
    const fan = await member('pd.remind.en@example.com', 'en');
    const startsAt = Math.floor(clock / 1000) + 3600;
    const show = await call(t, 'POST', '/studio/playdates/public', m.model, { title: 'Morning coffee', starts_at: startsAt, duration_minutes: 30 });
    expect(show.statusCode, show.body).toBe(201);
    const id = Playdate.parse(show.json()).id;
    expect((await call(t, 'GET', `/playdates/public/notification/${id}`, fan)).json()).toEqual({ playdate_id: id, reminder: true });

    clock = (startsAt - 10 * 60) * 1000;
    await t.services.playdates.sweep();
    const mails = mailsTo('pd.remind.en@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${Playdate.parse(show.json()).model.name}: "Morning coffee" starts soon`);
    expect(mails[0]!.text).toMatch(new RegExp(`/public-playdate/${id}\\n`));

    await t.services.playdates.sweep();
    expect(mailsTo('pd.remind.en@example.com')).toHaveLength(1);
  });
});

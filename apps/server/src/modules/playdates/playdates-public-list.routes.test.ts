import { PlaydateList } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, proveSecondFactorAgain } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { call, offeringModel } from '../../../test/modules/playdates';

// The public list: live shows first, then upcoming ones soonest first, then the shows of the last week newest first,
// each with the link to its chat replay; older shows and cancelled ones are not in it.

let clock = Date.parse('2030-07-01T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /playdates/public/list', () => {
  it('lists live, then upcoming, then the last week’s finished shows with their replay links', async () => {
    const m = await offeringModel(t);
    const viewer = await asMember(t);
    const show = async (title: string, startsIn: number) => {
      const res = await call(t, 'POST', '/studio/playdates/public', m.model, { title, starts_at: Math.floor(clock / 1000) + startsIn, duration_minutes: 15 });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const end = async (id: number) => expect((await call(t, 'POST', `/studio/playdates/${id}/end`, m.model)).statusCode).toBe(200);

    const old = await show('Old show', 60);
    clock += 2 * 60_000;
    await t.services.playdates.sweep();
    await end(old);
    clock += 8 * 24 * 3_600_000;
    // Days later she enters a code of her app again (the proof lasts hours).
    await proveSecondFactorAgain(t, m.model);

    const recent = await show('Recent show', 60);
    clock += 2 * 60_000;
    await t.services.playdates.sweep();
    await end(recent);
    const cancelled = await show('Cancelled show', 3600);
    expect((await call(t, 'POST', `/studio/playdates/${cancelled}/cancel`, m.model)).statusCode).toBe(200);
    const later = await show('Later show', 7200);
    const live = await show('Live show', 60);
    clock += 2 * 60_000;
    await t.services.playdates.sweep();

    const list = PlaydateList.parse((await call(t, 'GET', '/playdates/public/list', viewer)).json());
    const mine = list.items.filter((p) => [old, recent, cancelled, later, live].includes(p.id));
    expect(mine.map((p) => [p.title, p.status])).toEqual([
      ['Live show', 'live'],
      ['Later show', 'scheduled'],
      ['Recent show', 'finished'],
    ]);
    expect(mine[2]!.replay_path).toMatch(/^\/playdate-chat-replay\?token=[A-Za-z0-9_.-]+$/);
    expect(mine[0]!.replay_path).toBeNull();
  });
});

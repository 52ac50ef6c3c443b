import { ChatSession, StudioCamera } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, asModel, giveCoins, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { PAID_WATCH_CHARGE_SLACK_MS } from '../chat-sessions/paid-watchers';

// Who may see a camera's video now (decision record 061): the one answer the watch ticket, the camera page, the WHEP
// handshake, LL-HLS and the re-check of WHEP sessions share, on a clock the tests move.

let clock = Date.now();
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock), env: { LIVE_GRACE_SECONDS: '0', CHAT_MINUTE_SECONDS: '60' } });
});
afterAll(async () => {
  await t?.close();
});

interface Cam {
  model: LoggedIn;
  id: number;
  name: string;
}

async function inject(method: 'GET' | 'POST' | 'PUT', url: string, who: LoggedIn, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
}

async function setPrice(cam: Cam, price: number | null) {
  const res = await inject('PUT', '/studio/camera', cam.model, { title: 'On air', tag_ids: [], chat_mode: price === null ? 'free' : 'paid', price_per_minute: price });
  expect(res.statusCode, res.body).toBe(200);
}

/** A model's camera on air, free (price null) or paid. */
async function liveCamera(price: number | null = null): Promise<Cam> {
  const model = await asModel(t);
  const studio = StudioCamera.parse((await inject('GET', '/studio/camera', model)).json());
  const cam = { model, id: studio.camera.id, name: studio.camera.name };
  if (price !== null) await setPrice(cam, price);
  await t.services.cameras.handleMediaEvent({ type: 'publisher-up', room: cam.id, source: 'browser' });
  return cam;
}

const fresh = async (cam: Cam, ...who: LoggedIn[]) => t.services.cameras.watchAccessOfMembers(cam.id, who.map((w) => w.id));
const ticketStatus = async (cam: Cam, who: LoggedIn) => (await inject('POST', `/cameras/${cam.name}/watch`, who)).statusCode;
const pageSays = async (cam: Cam, who: LoggedIn) => (await inject('GET', `/cameras/${cam.name}`, who)).json().watch;

describe('who may see a camera now', () => {
  it('a free camera: members yes, restricted viewers never, nobody when it is off air', async () => {
    const cam = await liveCamera();
    const member = await asMember(t);
    const restricted = await asMember(t, { roles: ['censored'] });
    expect(await fresh(cam, member, restricted)).toEqual(
      new Map([
        [member.id, 'allowed'],
        [restricted.id, 'restricted'],
      ]),
    );
    // The ticket, the camera page and a live token's member hear the same.
    expect(await t.services.cameras.watchAccess(cam.id, member.id)).toBe('allowed');
    expect(await ticketStatus(cam, member)).toBe(200);
    expect(await pageSays(cam, restricted)).toBe('restricted');
    expect(await t.services.cameras.watchAccess(cam.id, restricted.id)).toBe('restricted');
    expect(await ticketStatus(cam, restricted)).toBe(403);
    // A camera that does not exist, and an account that does not: nothing to see.
    expect(await t.services.cameras.watchAccessOfMembers(2_000_000_000, [member.id])).toEqual(new Map([[member.id, 'offline']]));
    expect(await t.services.cameras.watchAccessOfMembers(cam.id, [2_000_000_000])).toEqual(new Map([[2_000_000_000, 'restricted']]));

    expect((await inject('POST', '/studio/camera/stop', cam.model)).statusCode).toBeLessThan(300);
    expect(await fresh(cam, member)).toEqual(new Map([[member.id, 'offline']]));
    expect(await ticketStatus(cam, member)).toBe(409);
  });

  it('a paid camera: the model herself, and a member while his paid session pays for the minute, not after', async () => {
    const cam = await liveCamera(12);
    const member = await asMember(t);
    await giveCoins(t, member.id, 100);
    expect(await fresh(cam, member, cam.model)).toEqual(
      new Map([
        [member.id, 'paid_chat_required'],
        [cam.model.id, 'allowed'],
      ]),
    );
    expect(await ticketStatus(cam, member)).toBe(403);

    const entered = await inject('POST', `/cameras/${cam.name}/chat/session`, member, { kind: 'paid', price_per_minute: 12 });
    expect(entered.statusCode, entered.body).toBe(201);
    const session = ChatSession.parse(entered.json());
    expect(await fresh(cam, member)).toEqual(new Map([[member.id, 'allowed']]));
    expect(await ticketStatus(cam, member)).toBe(200);
    expect(await pageSays(cam, member)).toBe('allowed');

    // The next minute's charge is due at paid_until: for a few seconds it still counts as paid (its job is running);
    // a charge that never comes stops the video after that.
    const start = clock;
    clock = session.paid_until! * 1000 + PAID_WATCH_CHARGE_SLACK_MS - 1_000;
    expect(await fresh(cam, member)).toEqual(new Map([[member.id, 'allowed']]));
    clock = session.paid_until! * 1000 + PAID_WATCH_CHARGE_SLACK_MS + 1_000;
    expect(await fresh(cam, member)).toEqual(new Map([[member.id, 'paid_chat_required']]));
    clock = start;

    expect((await inject('POST', `/cameras/${cam.name}/chat/session/end`, member, { code: 202 })).statusCode).toBe(200);
    expect(await fresh(cam, member)).toEqual(new Map([[member.id, 'paid_chat_required']]));
    expect(await ticketStatus(cam, member)).toBe(403);
  });

  it('a camera switched from free to paid chat: an answer kept for a live token is dropped at once', async () => {
    const cam = await liveCamera();
    const member = await asMember(t);
    expect(await t.services.cameras.watchAccess(cam.id, member.id)).toBe('allowed');
    await setPrice(cam, 8);
    expect(await t.services.cameras.watchAccess(cam.id, member.id)).toBe('paid_chat_required');
    expect(await t.services.cameras.watchAccess(cam.id, cam.model.id)).toBe('allowed');
  });
});

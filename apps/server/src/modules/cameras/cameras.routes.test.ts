import {
  CAMERA_TAGS_MAX,
  CAMERAS_PER_PAGE,
  CameraDetail,
  CameraList,
  CameraTags,
  FavouriteList,
  ModelDetail,
  PlaydateCameras,
  ShootList,
  VideoList,
  WatchTicket,
  type CameraSummary,
} from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/catalog-fixture';
import {
  asMember,
  asPremium,
  createCamera,
  createCameraTag,
  createModel,
  createPlaydate,
  createShoot,
  createUser,
  createVideo,
  goLive,
  type CameraRow,
  type LoggedIn,
} from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { liveSigningKey, verifyLiveToken } from '../live/live-tokens';

const NOW = Date.parse('2030-05-01T12:00:00Z');
const NOW_S = NOW / 1000;

let t: TestApp;
let member: LoggedIn;
let sweden: LoggedIn;
const tags = { chatty: 0, music: 0, art: 0 };
// a: free and live (5 viewers); b: paid and live (9); c: free, a show in 30 minutes (soon); d: paid, a show in 5 hours
// (offline); e: free, nothing planned (offline).
let a: CameraRow, b: CameraRow, c: CameraRow, e: CameraRow;

const get = async <T>(schema: { parse(v: unknown): T }, url: string, token = member.token) => {
  const res = await call(t.app, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
};
const names = (list: CameraList) => list.cameras.map((cam) => cam.name);

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(NOW) });
  member = await asMember(t);
  sweden = await asMember(t, { registrationCountry: 'SE' });
  tags.chatty = await createCameraTag(t, 'Chatty');
  tags.music = await createCameraTag(t, 'Music');
  tags.art = await createCameraTag(t, 'Art');
  const at = (days: number) => new Date(NOW - days * 86_400_000);
  a = await createCamera(t, { name: 'anna', title: 'Anna sings', tagIds: [tags.chatty, tags.music], createdAt: at(5), modelId: (await createModel(t, { name: 'Anna Abel' })).id });
  b = await createCamera(t, { name: 'bea', price: 10, tagIds: [tags.chatty], createdAt: at(4), modelId: (await createModel(t, { name: 'Bea Berg' })).id });
  c = await createCamera(t, { name: 'cleo', tagIds: [tags.music], createdAt: at(3), shows: [[30, 60]], modelId: (await createModel(t, { name: 'Cleo Cruz' })).id });
  await createCamera(t, { name: 'dana', price: 3, createdAt: at(2), shows: [[5 * 60, 60]], modelId: (await createModel(t, { name: 'Dana Dorn' })).id });
  e = await createCamera(t, { name: 'eve', tagIds: [tags.art, tags.music], createdAt: at(1), modelId: (await createModel(t, { name: 'Eve Ernst' })).id });
  await goLive(t, a.id, 5);
  await goLive(t, b.id, 9);
});
afterAll(() => t.close());

describe('GET /api/cameras', () => {
  it('lists live cameras first, then soon, then offline; popular within each', async () => {
    const list = await get(CameraList, '/api/cameras');
    expect(names(list)).toEqual(['bea', 'anna', 'cleo', 'dana', 'eve']);
    expect(list).toMatchObject({ total: 5, live_total: 2, per_page: CAMERAS_PER_PAGE, pages: 1, params: { page: 1, filters: [], order: 'popular' } });
  });

  it('describes each camera as its card needs it', async () => {
    const byName = new Map((await get(CameraList, '/api/cameras')).cameras.map((cam) => [cam.name, cam]));
    const anna = byName.get('anna')!;
    expect(anna).toMatchObject({
      id: a.id,
      display_name: 'Anna Abel',
      title: 'Anna sings',
      state: 'live',
      viewers: 5,
      chat_mode: 'free',
      price_per_minute: null,
      live_since: NOW_S,
      next_show_at: null,
      is_favourite: false,
      tags: [{ id: tags.chatty, name_en: 'Chatty', name_de: 'Chatty (de)', name_fr: 'Chatty (fr)' }, { id: tags.music, name_en: 'Music' }],
    });
    // Root-relative like every other picture: the CSP's img-src 'self' lets it load on any of the site's host names.
    expect(anna.preview).toMatch(new RegExp(`^/live/preview/${a.id}\\.jpg\\?v=\\d+-\\d+$`));
    expect(anna.cover).toContain(`/images/model/${a.model_id}/640x360.jpg`);
    expect(byName.get('bea')).toMatchObject({ state: 'live', viewers: 9, chat_mode: 'paid', price_per_minute: 10 });
    expect(byName.get('cleo')).toMatchObject({ state: 'soon', viewers: 0, live_since: null, next_show_at: NOW_S + 30 * 60 });
    const dana = byName.get('dana')!;
    expect(dana).toMatchObject({ state: 'offline', next_show_at: NOW_S + 5 * 60 * 60, price_per_minute: 3 });
    // Offline: the preview is the cover.
    expect(dana.preview).toBe(dana.cover);
  });

  it.each([
    ['free_chat', ['anna', 'bea', 'cleo', 'eve', 'dana']],
    ['newest', ['bea', 'anna', 'cleo', 'eve', 'dana']],
    ['price', ['anna', 'bea', 'cleo', 'eve', 'dana']],
    ['name', ['anna', 'bea', 'cleo', 'dana', 'eve']],
  ] as const)('orders by %s within each state', async (order, expected) => {
    const list = await get(CameraList, `/api/cameras?order=${order}`);
    expect(names(list)).toEqual(expected);
    expect(list.params.order).toBe(order);
  });

  it('filters by tags, every one of them (AND), and counts the live ones of the filter', async () => {
    const music = await get(CameraList, `/api/cameras?filters=${tags.music}`);
    expect(names(music)).toEqual(['anna', 'cleo', 'eve']);
    expect(music).toMatchObject({ total: 3, live_total: 1, params: { filters: [tags.music] } });
    expect(names(await get(CameraList, `/api/cameras?filters=${tags.chatty},${tags.music}`))).toEqual(['anna']);
    expect(names(await get(CameraList, `/api/cameras?filters=${tags.art},${tags.chatty}`))).toEqual([]);
    expect(names(await get(CameraList, `/api/cameras?filters=999999`))).toEqual([]);
    // More tags than a camera may have matches nothing, without asking the database.
    const many = Array.from({ length: CAMERA_TAGS_MAX + 1 }, (_, i) => i + 1).join(',');
    expect(await get(CameraList, `/api/cameras?filters=${many}`)).toMatchObject({ cameras: [], total: 0, live_total: 0 });
  });

  it('pages: past the last page is empty, and page values below 1 clamp to 1', async () => {
    expect(await get(CameraList, '/api/cameras?page=2')).toMatchObject({ cameras: [], total: 5, live_total: 2, params: { page: 2 } });
    expect((await get(CameraList, '/api/cameras?page=-3')).params.page).toBe(1);
  });

  it.each([
    ['page=x', 'page'],
    ['order=cheapest', 'order'],
    ['filters=a,b', 'filters'],
    ['filters=1,99999999999', 'filters'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await call(t.app, 'GET', `/api/cameras?${query}`, member.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });
});

describe('GET /api/cameras/tags', () => {
  it('lists every tag in its three languages, by English name', async () => {
    const { tags: listed } = await get(CameraTags, '/api/cameras/tags');
    expect(listed.map((tag) => tag.name_en)).toEqual(['Art', 'Chatty', 'Music']);
    expect(listed[0]).toEqual({ id: tags.art, name_en: 'Art', name_de: 'Art (de)', name_fr: 'Art (fr)' });
  });
});

describe('GET /api/cameras/:name', () => {
  it('gives a free live camera with the model and whether the member may watch', async () => {
    const anna = await get(CameraDetail, '/api/cameras/anna');
    expect(anna).toMatchObject({ id: a.id, state: 'live', watch: 'allowed', description: '', schedule: [], model: { id: a.model_id, name_en: 'Anna Abel' } });
  });

  it('says a paid live camera needs a paid chat session, except to its own model', async () => {
    expect((await get(CameraDetail, '/api/cameras/bea')).watch).toBe('paid_chat_required');
    const bea = await asMember(t, { modelId: b.model_id });
    expect((await get(CameraDetail, '/api/cameras/bea', bea.token)).watch).toBe('allowed');
  });

  it('gives an offline camera its planned shows', async () => {
    const cleo = await get(CameraDetail, '/api/cameras/cleo');
    expect(cleo).toMatchObject({ state: 'soon', watch: 'offline', schedule: [{ starts_at: NOW_S + 30 * 60, ends_at: NOW_S + 90 * 60 }] });
  });

  it('answers 404 for a name no camera has, and 400 for a name no camera could have', async () => {
    const missing = await call(t.app, 'GET', '/api/cameras/nobody', member.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('No camera named nobody');
    for (const bad of ['Anna', 'a', 'x'.repeat(33), 'an%20na']) {
      const res = await call(t.app, 'GET', `/api/cameras/${bad}`, member.token);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.fields).toHaveProperty('name');
    }
  });
});

describe("the camera model's photos and videos", () => {
  it('are her shoots and videos, as on her profile', async () => {
    const video = await createVideo(t, { modelIds: [a.model_id] });
    await createShoot(t, { modelId: a.model_id, videoIds: [video.id] });
    const photos = await get(ShootList, '/api/cameras/anna/photos');
    expect(photos.shoots).toHaveLength(1);
    expect(photos).toEqual(await get(ShootList, `/api/models/${a.model_id}/shoots`));
    const videos = await get(VideoList, '/api/cameras/anna/videos');
    expect(videos.videos.map((v) => v.id)).toEqual([video.id]);
    expect(videos).toEqual(await get(VideoList, `/api/models/${a.model_id}/videos`));
    expect((await call(t.app, 'GET', '/api/cameras/nobody/photos', member.token)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/cameras/nobody/videos', member.token)).statusCode).toBe(404);
  });
});

describe('POST /api/cameras/:name/watch', () => {
  it('hands a live free camera a viewer token for WHEP and an LL-HLS URL', async () => {
    const viewer = await asMember(t);
    const res = await call(t.app, 'POST', '/api/cameras/anna/watch', viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    const ticket = WatchTicket.parse(res.json());
    // Root-relative: the page reaches them on whichever of the site's hosts it was served from (CSP 'self').
    expect(ticket.whep_url).toBe(`/live/whep/${a.id}`);
    expect(ticket.hls_url).toMatch(new RegExp(`^/live/hls/${a.id}/[^/]+/index\\.m3u8$`));
    expect(ticket.ice_servers).toEqual([]);
    const key = liveSigningKey(t.deps.config);
    const view = verifyLiveToken(key, ticket.token, { kind: 'view', cameraId: a.id }, NOW);
    expect(view).toEqual({ ok: true, claims: { kind: 'view', cameraId: a.id, userId: viewer.id, exp: ticket.expires_at } });
    const hlsToken = ticket.hls_url.split('/').at(-2);
    expect(verifyLiveToken(key, hlsToken, { kind: 'hls', cameraId: a.id }, NOW)).toMatchObject({ ok: true, claims: { userId: viewer.id } });
    // Tied to the camera: no good for another room.
    expect(verifyLiveToken(key, ticket.token, { kind: 'view', cameraId: b.id }, NOW)).toEqual({ ok: false, reason: 'wrong-camera' });
  });

  it('answers 409 CAMERA_OFFLINE when the camera is not live, and 404 for no camera', async () => {
    const res = await call(t.app, 'POST', '/api/cameras/cleo/watch', member.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CAMERA_OFFLINE');
    expect((await call(t.app, 'POST', '/api/cameras/nobody/watch', member.token)).statusCode).toBe(404);
  });

  it('answers 403 PAID_CHAT_REQUIRED for a paid camera, even to a premium member', async () => {
    const premium = await asPremium(t);
    const res = await call(t.app, 'POST', '/api/cameras/bea/watch', premium.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PAID_CHAT_REQUIRED');
  });

  it('shows a restricted viewer (role censored) placeholders: no live still, no live video, 403 RESTRICTED_VIEWER', async () => {
    const restricted = await asMember(t, { roles: ['censored'] });
    const detail = await get(CameraDetail, '/api/cameras/anna', restricted.token);
    expect(detail).toMatchObject({ state: 'live', watch: 'restricted' });
    expect(detail.preview).toBe(detail.cover);
    expect(detail.preview).not.toContain('/live/');
    const list = await get(CameraList, '/api/cameras', restricted.token);
    expect(list.cameras.filter((cam) => cam.preview.includes('/live/'))).toEqual([]);
    const res = await call(t.app, 'POST', '/api/cameras/anna/watch', restricted.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('RESTRICTED_VIEWER');
    // The same camera, to a member without the role: the live still and a ticket.
    expect((await get(CameraDetail, '/api/cameras/anna')).preview).toContain(`/live/preview/${a.id}.jpg`);
  });

  it('limits viewer tickets per member (429 with Retry-After)', async () => {
    const viewer = await asMember(t);
    for (let i = 0; i < 30; i++) expect((await call(t.app, 'POST', '/api/cameras/anna/watch', viewer.token)).statusCode).toBe(200);
    const limited = await call(t.app, 'POST', '/api/cameras/anna/watch', viewer.token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not held back.
    expect((await call(t.app, 'POST', '/api/cameras/anna/watch', member.token)).statusCode).toBe(200);
  });
});

describe('law limits and log-in', () => {
  const calls: Array<['GET' | 'POST', string]> = [
    ['GET', '/api/cameras'],
    ['GET', '/api/cameras/tags'],
    ['GET', '/api/cameras/anna'],
    ['GET', '/api/cameras/anna/photos'],
    ['GET', '/api/cameras/anna/videos'],
    ['POST', '/api/cameras/anna/watch'],
    ['GET', '/api/favourites/camera'],
    ['POST', '/api/favourites/camera/1'],
  ];

  it.each(calls)('answers 451 to a member in SE: %s %s', async (method, url) => {
    const res = await call(t.app, method, url, sweden.token);
    expect(res.statusCode).toBe(451);
  });

  it.each(calls)('asks a visitor to log in (401): %s %s', async (method, url) => {
    expect((await call(t.app, method, url)).statusCode).toBe(401);
  });

  it('judges the law limit before the input (451 for a bad name too)', async () => {
    expect((await call(t.app, 'GET', '/api/cameras/Not_Valid!', sweden.token)).statusCode).toBe(451);
  });
});

describe('favourites of cameras', () => {
  it('adds, lists (as camera cards) and removes them', async () => {
    const fan = await asMember(t);
    expect((await call(t.app, 'POST', `/api/favourites/camera/${c.id}`, fan.token)).statusCode).toBe(204);
    expect((await call(t.app, 'POST', `/api/favourites/camera/${a.id}`, fan.token)).statusCode).toBe(204);
    const listed = await get(FavouriteList, '/api/favourites/camera', fan.token);
    expect(listed).toMatchObject({ total: 2, pages: 1, params: { kind: 'camera', page: 1 } });
    expect(listed.items.map((item) => [item.kind, item.camera?.name, item.camera?.is_favourite])).toEqual([
      ['camera', 'anna', true],
      ['camera', 'cleo', true],
    ]);
    expect(listed.items[0]!.camera).toMatchObject({ state: 'live', viewers: 5 } satisfies Partial<CameraSummary>);
    expect((await get(CameraDetail, '/api/cameras/anna', fan.token)).is_favourite).toBe(true);
    expect((await get(CameraList, '/api/cameras', fan.token)).cameras.filter((cam) => cam.is_favourite).map((cam) => cam.name)).toEqual(['anna', 'cleo']);
    // Others see their own.
    expect((await get(CameraDetail, '/api/cameras/anna')).is_favourite).toBe(false);

    expect((await call(t.app, 'DELETE', `/api/favourites/camera/${a.id}`, fan.token)).statusCode).toBe(204);
    expect((await get(FavouriteList, '/api/favourites/camera', fan.token)).items.map((item) => item.camera?.name)).toEqual(['cleo']);
  });

  it('answers 404 for a camera that does not exist', async () => {
    const res = await call(t.app, 'POST', '/api/favourites/camera/999999', member.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No camera with id 999999');
  });
});

describe('the camera state elsewhere', () => {
  it("shows on the model's profile (ModelDetail.cameras)", async () => {
    expect((await get(ModelDetail, `/api/models/${a.model_id}`)).cameras).toEqual([{ name: 'anna', is_online: true }]);
    expect((await get(ModelDetail, `/api/models/${c.model_id}`)).cameras).toEqual([{ name: 'cleo', is_online: false }]);
    expect((await get(ModelDetail, `/api/models/${(await createModel(t)).id}`)).cameras).toEqual([]);
  });

  it("shows in a playdate's cameras (is_online)", async () => {
    const premium = await asPremium(t);
    await createUser(t, { username: 'anna_account', modelId: a.model_id });
    await createUser(t, { username: 'eve_account', modelId: e.model_id });
    const live = await createPlaydate(t, { modelId: a.model_id, memberId: premium.id });
    const offline = await createPlaydate(t, { modelId: e.model_id, memberId: premium.id });
    const online = async (id: number) => (await get(PlaydateCameras, `/api/messages/playdate_cameras?id=${id}`, premium.token)).cameras.map((cam) => cam.is_online);
    expect(await online(live)).toEqual([true]);
    expect(await online(offline)).toEqual([false]);
  });
});

describe('POST /api/cameras/mails/unsubscribe (one click)', () => {
  const unsubscribe = (query: string, payload?: { body: string; type: string }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/cameras/mails/unsubscribe${query}`,
      ...(payload ? { payload: payload.body, headers: { 'content-type': payload.type } } : {}),
    });
  const wantsMails = async (id: number) =>
    (await t.deps.db.query<{ on: boolean }>('SELECT camera_mail_notification AS on FROM users WHERE id = $1', [id]))[0]!.on;

  it('stops go-live mails from the form a mail client posts (RFC 8058), without a log-in', async () => {
    const fan = await asMember(t, { email: 'fanny@example.com' });
    const token = t.services.cameras.unsubscribeToken(fan.id);
    const res = await unsubscribe(`?token=${encodeURIComponent(token)}`, { body: 'List-Unsubscribe=One-Click', type: 'application/x-www-form-urlencoded' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true, email_hint: 'f…@example.com' });
    expect(await wantsMails(fan.id)).toBe(false);
    // Again: still fine (a mail client may post twice).
    expect((await unsubscribe(`?token=${token}`)).statusCode).toBe(200);
    // The settings turn them on again.
    const back = await call(t.app, 'POST', '/api/user/change_notification_settings', fan.token, { hasPlaydateNotification: true, hasCameraMailNotification: true });
    expect(back.statusCode, back.body).toBeLessThan(300);
    expect(await wantsMails(fan.id)).toBe(true);
  });

  it('takes a JSON or empty body too (the unsubscribe page of the web app)', async () => {
    const fan = await asMember(t);
    const token = t.services.cameras.unsubscribeToken(fan.id);
    expect((await unsubscribe(`?token=${token}`, { body: '{}', type: 'application/json' })).statusCode).toBe(200);
    expect(await wantsMails(fan.id)).toBe(false);
  });

  it('answers 404 for a token that names no one or is not signed by us, and changes nothing', async () => {
    const fan = await asMember(t);
    const token = t.services.cameras.unsubscribeToken(fan.id);
    const otherId = token.replace(/^\d+/, String(fan.id + 1));
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const viewerToken = WatchTicket.parse((await call(t.app, 'POST', '/api/cameras/anna/watch', fan.token)).json()).token;
    for (const bad of [otherId, tampered, 'abc', `${fan.id}`, viewerToken, t.services.cameras.unsubscribeToken(2_000_000_000)]) {
      const res = await unsubscribe(`?token=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.message).toBe('This unsubscribe link is not valid');
    }
    expect(await wantsMails(fan.id)).toBe(true);
  });

  it('answers 400 naming the token when it is missing or too long', async () => {
    for (const query of ['', '?token=', `?token=${'a'.repeat(513)}`]) {
      const res = await unsubscribe(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields).toHaveProperty('token');
    }
  });
});

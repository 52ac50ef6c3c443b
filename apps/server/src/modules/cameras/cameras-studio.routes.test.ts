import { CAMERA_PRICE_MAX, SCHEDULE_SHOWS_MAX, PublishTicket, StreamKey, StudioCamera } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/catalog-fixture';
import { asMember, asModel, createCameraTag, createModel, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { fakeMediaRooms } from '../../../test/modules/cameras';

const NOW = Date.parse('2030-05-01T12:00:00Z');
const NOW_S = NOW / 1000;

let t: TestApp;
const media = fakeMediaRooms();

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(NOW), mediaServer: media.server });
});
afterAll(() => t.close());

const studio = async (who: LoggedIn, method: 'GET' | 'POST' | 'DELETE' | 'PUT' = 'GET', url = '/api/studio/camera', body?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(body === undefined ? {} : { payload: body as object }) });
const ok = async <T>(schema: { parse(v: unknown): T }, res: Awaited<ReturnType<typeof studio>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return schema.parse(res.json());
};
const openSession = async (cameraId: number) =>
  (await t.deps.db.query<{ id: number; source: string }>('SELECT id, source FROM camera_sessions WHERE camera_id = $1 AND ended_at IS NULL', [cameraId]))[0] ?? null;
const lastSession = async (cameraId: number) =>
  (await t.deps.db.query<{ id: number; end_reason: number | null }>('SELECT id, end_reason FROM camera_sessions WHERE camera_id = $1 ORDER BY id DESC LIMIT 1', [cameraId]))[0]!;

describe('who has a studio', () => {
  it('is only model accounts: 401 for a visitor, 403 for a member', async () => {
    const member = await asMember(t);
    for (const [method, url] of [
      ['GET', '/api/studio/camera'],
      ['PUT', '/api/studio/camera'],
      ['POST', '/api/studio/camera/stream_key'],
      ['POST', '/api/studio/camera/publish'],
      ['POST', '/api/studio/camera/stop'],
      ['POST', '/api/studio/camera/schedule'],
      ['DELETE', '/api/studio/camera/schedule/1'],
    ] as const) {
      expect((await call(t.app, method as 'GET', url)).statusCode, url).toBe(401);
      expect((await call(t.app, method as 'GET', url, member.token)).statusCode, url).toBe(403);
    }
  });
});

describe('GET /api/studio/camera', () => {
  it("makes her camera on the first call, from her model's name, and gives the same one after", async () => {
    const zoe = await asModel(t, { modelId: (await createModel(t, { name: 'Zoé Martin' })).id });
    const tag = await createCameraTag(t, 'Studio tag');
    const first = await ok(StudioCamera, await studio(zoe));
    expect(first.camera).toMatchObject({ name: 'zoe-martin', display_name: 'Zoé Martin', title: 'Zoé live', state: 'offline', chat_mode: 'free', price_per_minute: null });
    expect(first.session).toEqual({ state: 'offline', source: null, since: null, viewers: 0, grace_until: null });
    expect(first.ingest).toEqual({
      whip_url: `http://localhost:8080/live/whip`,
      rtmp_url: `rtmp://localhost:${t.deps.config.live.rtmpPort}/live`,
      stream_key_created_at: null,
      stream_key_hint: null,
    });
    expect(first.tags.map((x) => x.id)).toContain(tag);
    expect(first.limits).toMatchObject({ price_max: CAMERA_PRICE_MAX, tags_max: 5 });
    expect((await ok(StudioCamera, await studio(zoe))).camera.id).toBe(first.camera.id);
    // Another model of the same stage name gets a name of her own.
    const twin = await asModel(t, { modelId: (await createModel(t, { name: 'Zoé Martin' })).id });
    expect((await ok(StudioCamera, await studio(twin))).camera.name).toBe('zoe-martin-2');
  });
});

describe('PUT /api/studio/camera', () => {
  let model: LoggedIn;
  let tags: number[];
  beforeAll(async () => {
    model = await asModel(t);
    tags = [await createCameraTag(t), await createCameraTag(t)];
  });
  const settings = (over: object = {}) => ({ title: 'Evening chat', tag_ids: tags, chat_mode: 'paid', price_per_minute: 12, ...over });

  it('saves title, tags, paid chat and the price', async () => {
    const saved = await ok(StudioCamera, await studio(model, 'PUT', '/api/studio/camera', settings()));
    expect(saved.camera).toMatchObject({ title: 'Evening chat', chat_mode: 'paid', price_per_minute: 12 });
    expect(saved.camera.tags.map((x) => x.id).sort()).toEqual([...tags].sort());
    // Free chat keeps no price, and fewer tags replace the old ones.
    const free = await ok(StudioCamera, await studio(model, 'PUT', '/api/studio/camera', settings({ chat_mode: 'free', tag_ids: [tags[0]] })));
    expect(free.camera).toMatchObject({ chat_mode: 'free', price_per_minute: null, tags: [{ id: tags[0] }] });
  });

  it('answers 422 for paid chat without a price', async () => {
    const res = await studio(model, 'PUT', '/api/studio/camera', settings({ price_per_minute: null }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty('price_per_minute');
  });

  it('answers 422 naming the tag ids that do not exist', async () => {
    const res = await studio(model, 'PUT', '/api/studio/camera', settings({ tag_ids: [tags[0], 999998, 999999] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('No camera tag with id 999998, 999999');
    expect(res.json().error.fields.tag_ids).toContain('999998, 999999');
  });

  it.each([
    [{ title: '' }, 'title'],
    [{ title: 'x'.repeat(81) }, 'title'],
    [{ title: 'two\nlines' }, 'title'],
    [{ price_per_minute: 0 }, 'price_per_minute'],
    [{ price_per_minute: CAMERA_PRICE_MAX + 1 }, 'price_per_minute'],
    [{ price_per_minute: 1.5 }, 'price_per_minute'],
    [{ chat_mode: 'private' }, 'chat_mode'],
    [{ tag_ids: [1, 1] }, 'tag_ids'],
    [{ tag_ids: [1, 2, 3, 4, 5, 6] }, 'tag_ids'],
  ])('refuses %j with 400 naming %s', async (over, field) => {
    const res = await studio(model, 'PUT', '/api/studio/camera', settings(over));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error.fields)).toContain(field);
  });
});

describe('stream keys and publisher tokens', () => {
  it('makes a key shown once, stores only its hash, and lets only the newest key publish', async () => {
    const model = await asModel(t);
    const cameraId = (await ok(StudioCamera, await studio(model))).camera.id;
    const first = await ok(StreamKey, await studio(model, 'POST', '/api/studio/camera/stream_key'));
    expect(first.stream_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first).toMatchObject({ created_at: NOW_S, whip_url: `http://localhost:8080/live/whip`, rtmp_url: expect.stringMatching(/^rtmp:\/\//) });
    const row = (await t.deps.db.query<Record<string, unknown>>('SELECT * FROM cameras WHERE id = $1', [cameraId]))[0]!;
    expect(Object.values(row).map(String)).not.toContain(first.stream_key);
    expect((await ok(StudioCamera, await studio(model))).ingest).toMatchObject({ stream_key_hint: first.stream_key.slice(-4), stream_key_created_at: NOW_S });

    const cameras = t.services.cameras;
    expect(await cameras.authorizePublisher(first.stream_key)).toEqual({ cameraId, source: 'whip' });
    expect(await cameras.authorizeStreamKey(first.stream_key)).toBe(cameraId);

    const second = await ok(StreamKey, await studio(model, 'POST', '/api/studio/camera/stream_key'));
    expect(second.stream_key).not.toBe(first.stream_key);
    expect(await cameras.authorizePublisher(first.stream_key)).toBeNull();
    expect(await cameras.authorizeStreamKey(first.stream_key)).toBeNull();
    expect(await cameras.authorizePublisher(second.stream_key)).toEqual({ cameraId, source: 'whip' });
    for (const bad of ['', 'short', 'x'.repeat(600), `${second.stream_key}x`]) expect(await cameras.authorizePublisher(bad)).toBeNull();
  });

  it('ends a live OBS session at once when the key changes, but not a browser one', async () => {
    const model = await asModel(t);
    const cameraId = (await ok(StudioCamera, await studio(model))).camera.id;
    await t.services.cameras.handleMediaEvent({ type: 'publisher-up', room: cameraId, source: 'whip' });
    expect((await ok(StudioCamera, await studio(model))).session).toMatchObject({ state: 'live', source: 'whip', since: NOW_S });
    await ok(StreamKey, await studio(model, 'POST', '/api/studio/camera/stream_key'));
    expect(await openSession(cameraId)).toBeNull();
    expect((await lastSession(cameraId)).end_reason).toBe(202);
    expect(media.ended).toContain(cameraId);

    media.ended.length = 0;
    await t.services.cameras.handleMediaEvent({ type: 'publisher-up', room: cameraId, source: 'browser' });
    await ok(StreamKey, await studio(model, 'POST', '/api/studio/camera/stream_key'));
    expect(await openSession(cameraId)).toMatchObject({ source: 'browser' });
    expect(media.ended).toEqual([]);
  });

  it('limits new keys per model account', async () => {
    const model = await asModel(t);
    for (let i = 0; i < 10; i++) expect((await studio(model, 'POST', '/api/studio/camera/stream_key')).statusCode).toBe(200);
    expect((await studio(model, 'POST', '/api/studio/camera/stream_key')).statusCode).toBe(429);
  });

  it('hands the browser a short-lived publisher token for its camera only', async () => {
    const model = await asModel(t);
    const cameraId = (await ok(StudioCamera, await studio(model))).camera.id;
    const ticket = await ok(PublishTicket, await studio(model, 'POST', '/api/studio/camera/publish'));
    // Root-relative for the studio page (CSP 'self' on any of the site's hosts); OBS gets the absolute URL.
    expect(ticket).toMatchObject({ whip_url: '/live/whip', expires_at: NOW_S + 60, ice_servers: [] });
    expect(await t.services.cameras.authorizePublisher(ticket.token)).toEqual({ cameraId, source: 'browser' });
    // A viewer's token is no publisher's.
    const member = await asMember(t);
    await t.services.cameras.handleMediaEvent({ type: 'publisher-up', room: cameraId, source: 'browser' });
    const name = (await ok(StudioCamera, await studio(model))).camera.name;
    const watch = await call(t.app, 'POST', `/api/cameras/${name}/watch`, member.token);
    expect(await t.services.cameras.authorizePublisher(watch.json().token)).toBeNull();
  });
});

describe('POST /api/studio/camera/stop', () => {
  it('ends the session with reason 202 and drops the room; nothing happens when not live', async () => {
    const model = await asModel(t);
    const cameraId = (await ok(StudioCamera, await studio(model))).camera.id;
    await t.services.cameras.handleMediaEvent({ type: 'publisher-up', room: cameraId, source: 'browser' });
    media.publishing.add(cameraId);
    media.ended.length = 0;
    expect((await studio(model, 'POST', '/api/studio/camera/stop')).statusCode).toBe(204);
    expect(await openSession(cameraId)).toBeNull();
    expect((await lastSession(cameraId)).end_reason).toBe(202);
    expect(media.ended).toEqual([cameraId]);
    // The room's publisher-down that follows keeps nothing alive.
    await t.services.cameras.handleMediaEvent({ type: 'publisher-down', room: cameraId });
    expect(await openSession(cameraId)).toBeNull();
    expect((await ok(StudioCamera, await studio(model))).session.state).toBe('offline');

    media.ended.length = 0;
    expect((await studio(model, 'POST', '/api/studio/camera/stop')).statusCode).toBe(204);
    expect(media.ended).toEqual([]);
  });
});

describe('the schedule', () => {
  let model: LoggedIn;
  beforeAll(async () => {
    model = await asModel(t);
  });
  const add = (startsInMinutes: number, duration = 60) =>
    studio(model, 'POST', '/api/studio/camera/schedule', { starts_at: NOW_S + startsInMinutes * 60, duration_minutes: duration });

  it('plans and cancels shows, soonest first, and a show about to start makes the camera soon', async () => {
    const later = await ok(StudioCamera, await add(24 * 60), 201);
    expect(later.schedule).toEqual([{ id: expect.any(Number), starts_at: NOW_S + 24 * 3600, ends_at: NOW_S + 25 * 3600 }]);
    expect(later.camera).toMatchObject({ state: 'offline', next_show_at: NOW_S + 24 * 3600 });
    const soon = await ok(StudioCamera, await add(60, 30), 201);
    expect(soon.schedule.map((s) => s.starts_at)).toEqual([NOW_S + 3600, NOW_S + 24 * 3600]);
    expect(soon.camera).toMatchObject({ state: 'soon', next_show_at: NOW_S + 3600 });
    const removed = await ok(StudioCamera, await studio(model, 'DELETE', `/api/studio/camera/schedule/${soon.schedule[0]!.id}`));
    expect(removed.schedule.map((s) => s.starts_at)).toEqual([NOW_S + 24 * 3600]);
    expect(removed.camera.state).toBe('offline');
  });

  it('answers 409 for a show overlapping another', async () => {
    await ok(StudioCamera, await add(3 * 24 * 60, 120), 201);
    const res = await add(3 * 24 * 60 + 60);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toHaveProperty('starts_at');
  });

  it('answers 422 for a show in the past or more than a year ahead', async () => {
    for (const minutes of [-10, 0, 366 * 24 * 60]) {
      const res = await add(minutes);
      expect(res.statusCode, String(minutes)).toBe(422);
      expect(res.json().error.fields).toHaveProperty('starts_at');
    }
  });

  it('answers 400 naming starts_at for a time no date can hold or past the year 2100, and plans nothing', async () => {
    const before = await ok(StudioCamera, await studio(model));
    // 8 640 000 000 001 s is past the last moment a Date holds: it once became an Invalid Date, passed both time
    // checks (NaN compares false) and reached the database as a 500 (found by npm run fuzz, decision record 063).
    for (const startsAt of [8_640_000_000_001, 4_102_444_801, Number.MAX_SAFE_INTEGER, 1e300]) {
      const res = await studio(model, 'POST', '/api/studio/camera/schedule', { starts_at: startsAt, duration_minutes: 61 });
      expect(res.statusCode, `${startsAt}: ${res.body}`).toBe(400);
      expect(res.json().error.fields).toHaveProperty('starts_at');
    }
    expect((await ok(StudioCamera, await studio(model))).schedule).toEqual(before.schedule);
  });

  it(`answers 422 past ${SCHEDULE_SHOWS_MAX} planned shows`, async () => {
    const busy = await asModel(t);
    for (let i = 0; i < SCHEDULE_SHOWS_MAX; i++) {
      const res = await studio(busy, 'POST', '/api/studio/camera/schedule', { starts_at: NOW_S + (i + 1) * 3600, duration_minutes: 30 });
      expect(res.statusCode).toBe(201);
    }
    const res = await studio(busy, 'POST', '/api/studio/camera/schedule', { starts_at: NOW_S + 100 * 3600, duration_minutes: 30 });
    expect(res.statusCode).toBe(422);
  });

  it("answers 404 for a show that is not hers, and 400 for bad input", async () => {
    const other = await asModel(t);
    const hers = await ok(StudioCamera, await add(10 * 24 * 60), 201);
    const id = hers.schedule.at(-1)!.id;
    expect((await studio(other, 'DELETE', `/api/studio/camera/schedule/${id}`)).statusCode).toBe(404);
    expect((await studio(model, 'DELETE', '/api/studio/camera/schedule/999999')).statusCode).toBe(404);
    expect((await studio(model, 'DELETE', '/api/studio/camera/schedule/abc')).statusCode).toBe(400);
    for (const body of [{ starts_at: NOW_S + 3600, duration_minutes: 10 }, { starts_at: NOW_S + 3600, duration_minutes: 13 * 60 }, { starts_at: 'soon', duration_minutes: 30 }, {}]) {
      expect((await studio(model, 'POST', '/api/studio/camera/schedule', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

import { REALTIME_CAMERA_EVENTS, StudioCamera, type CameraStatusEvent } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, asModel, createUser, type LoggedIn } from '../../../test/factories';
import { createTestJobQueues, type TestJobQueues } from '../../../test/test-job-queue';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/test-app';
import { registerCameraJobs } from './cameras-jobs';

// The live lifecycle the media server drives, on a running job queue and the wall clock: sessions, the grace period
// after a dropped publisher, status pushes to every connection, viewer counts and go-live mails.

const GRACE_SECONDS = 1;

let database: TestDatabase;
let queues: TestJobQueues;
let t: TestApp;
const pushes: Array<{ event: string; payload: CameraStatusEvent }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  queues = createTestJobQueues(database.db);
  const jobs = queues.instance();
  t = await buildTestApp({ db: database.db, jobs, env: { LIVE_GRACE_SECONDS: String(GRACE_SECONDS) } });
  await registerCameraJobs(jobs, t.services.cameras, t.services.instanceLiveness);
  await jobs.start();
  t.deps.realtime.bind(
    () => undefined,
    undefined,
    undefined,
    (event, payload) => void pushes.push({ event, payload: payload as CameraStatusEvent }),
  );
});
afterAll(async () => {
  await queues?.close();
  await t?.close();
  await database?.drop();
});

const event = (e: Parameters<TestApp['services']['cameras']['handleMediaEvent']>[0]) => t.services.cameras.handleMediaEvent(e);
async function studioOf(model: LoggedIn): Promise<StudioCamera> {
  const res = await t.app.inject({ method: 'GET', url: '/api/studio/camera', headers: model.headers });
  expect(res.statusCode, res.body).toBe(200);
  return StudioCamera.parse(res.json());
}
const sessionsOf = (cameraId: number) =>
  t.deps.db.query<{ id: number; source: string; ended_at: Date | null; end_reason: number | null; peak_viewers: number; last_viewers: number }>(
    'SELECT id, source, ended_at, end_reason, peak_viewers, last_viewers FROM camera_sessions WHERE camera_id = $1 ORDER BY id',
    [cameraId],
  );
const statusesOf = (cameraId: number) => pushes.filter((p) => p.event === REALTIME_CAMERA_EVENTS.status && p.payload.camera.id === cameraId).map((p) => p.payload.camera);

describe('a session', () => {
  it('starts with a publisher, survives a drop within the grace period as the same session, and ends offline (5) after it', async () => {
    const model = await asModel(t);
    const cameraId = (await studioOf(model)).camera.id;

    await event({ type: 'publisher-up', room: cameraId, source: 'browser' });
    const live = await studioOf(model);
    expect(live.camera.state).toBe('live');
    expect(live.session).toMatchObject({ state: 'live', source: 'browser', grace_until: null });
    expect(statusesOf(cameraId).at(-1)).toMatchObject({ state: 'live', viewers: 0 });
    expect(statusesOf(cameraId).at(-1)).not.toHaveProperty('is_favourite');

    // Dropped and back at once: the same session, out of grace.
    await event({ type: 'publisher-down', room: cameraId });
    const grace = await studioOf(model);
    expect(grace.camera.state).toBe('live');
    expect(grace.session.state).toBe('grace');
    expect(grace.session.grace_until).toBeGreaterThan(Date.now() / 1000 - 1);
    await event({ type: 'publisher-up', room: cameraId, source: 'browser' });
    expect((await studioOf(model)).session.state).toBe('live');
    // Its grace job comes due and finds the publisher back.
    await new Promise((resolve) => setTimeout(resolve, (GRACE_SECONDS + 1.5) * 1000));
    expect(await sessionsOf(cameraId)).toMatchObject([{ ended_at: null, end_reason: null }]);

    // Dropped for good: the grace job ends it with reason offline.
    await event({ type: 'publisher-down', room: cameraId });
    await expect.poll(async () => (await sessionsOf(cameraId))[0]!.end_reason, { timeout: 15_000, interval: 200 }).toBe(5);
    expect(await sessionsOf(cameraId)).toHaveLength(1);
    expect((await studioOf(model)).session).toMatchObject({ state: 'offline', source: null });
    expect(statusesOf(cameraId).at(-1)).toMatchObject({ state: 'offline', viewers: 0, live_since: null });
  });

  it('is a new session when the publisher comes back after the grace period', async () => {
    const model = await asModel(t);
    const cameraId = (await studioOf(model)).camera.id;
    await event({ type: 'publisher-up', room: cameraId, source: 'whip' });
    await event({ type: 'publisher-down', room: cameraId });
    // The sweep does what a lost job would have: the grace period is over.
    await new Promise((resolve) => setTimeout(resolve, GRACE_SECONDS * 1000 + 100));
    await t.services.cameras.endGraceIfDue();
    await event({ type: 'publisher-up', room: cameraId, source: 'rtmp' });
    expect((await sessionsOf(cameraId)).map((s) => [s.source, s.end_reason])).toEqual([
      ['whip', 5],
      ['rtmp', null],
    ]);
  });

  it('keeps the viewer count and its peak, written at most every few seconds', async () => {
    const model = await asModel(t);
    const cameraId = (await studioOf(model)).camera.id;
    await event({ type: 'publisher-up', room: cameraId, source: 'browser' });
    const before = statusesOf(cameraId).length;
    await event({ type: 'viewers', room: cameraId, viewers: 3 });
    await event({ type: 'viewers', room: cameraId, viewers: 9 });
    await event({ type: 'viewers', room: cameraId, viewers: 7 });
    // The first at once; the others wait for the window to close, then only the last is written.
    expect(await sessionsOf(cameraId)).toMatchObject([{ last_viewers: 3, peak_viewers: 3 }]);
    expect((await studioOf(model)).session.viewers).toBe(3);
    await expect.poll(async () => (await sessionsOf(cameraId))[0]!.last_viewers, { timeout: 10_000, interval: 200 }).toBe(7);
    expect(statusesOf(cameraId).slice(before).map((c) => c.viewers)).toEqual([3, 7]);
    // The peak inside the window is kept.
    expect((await sessionsOf(cameraId))[0]!.peak_viewers).toBe(9);
  });

  it('ignores events of rooms that are no camera', async () => {
    await event({ type: 'publisher-up', room: 999_999, source: 'browser' });
    await event({ type: 'publisher-up', room: -1, source: 'browser' });
    expect(await t.deps.db.query('SELECT 1 FROM camera_sessions WHERE camera_id = 999999')).toEqual([]);
  });
});

describe('go-live mails', () => {
  it('mail each fan who wants them once, in their language, with the camera link and a one-click unsubscribe', async () => {
    const model = await asModel(t);
    const camera = (await studioOf(model)).camera;
    const fans = {
      en: await asMember(t, { email: 'fan.en@example.com' }),
      de: await asMember(t, { email: 'fan.de@example.com', language: 'de' }),
      fr: await asMember(t, { email: 'fan.fr@example.com', language: 'fr' }),
      off: await asMember(t, { email: 'fan.off@example.com' }),
    };
    const stranger = await createUser(t, { email: 'stranger@example.com' });
    for (const fan of Object.values(fans)) {
      expect((await t.app.inject({ method: 'POST', url: `/api/favourites/camera/${camera.id}`, headers: fan.headers })).statusCode).toBe(204);
    }
    // She favourited her own camera: no mail about herself.
    await t.app.inject({ method: 'POST', url: `/api/favourites/camera/${camera.id}`, headers: model.headers });
    await t.deps.db.query('UPDATE users SET camera_mail_notification = false WHERE id = $1', [fans.off.id]);
    const mailsTo = (to: string) => t.mail.filter((m) => m.to === to);

    await event({ type: 'publisher-up', room: camera.id, source: 'browser' });
    await expect.poll(() => t.mail.filter((m) => m.to.startsWith('fan.')).length, { timeout: 15_000, interval: 200 }).toBe(3);
    expect(mailsTo('fan.off@example.com')).toEqual([]);
    expect(mailsTo('stranger@example.com')).toEqual([]);
    expect(mailsTo(model.user.email)).toEqual([]);
    expect(stranger.id).toBeGreaterThan(0);

    const [en] = mailsTo('fan.en@example.com');
    const display = camera.display_name;
    expect(en!.subject).toBe(`${display} is live now on Velora`);
    expect(mailsTo('fan.de@example.com')[0]!.subject).toBe(`${display} ist jetzt live auf Velora`);
    expect(mailsTo('fan.fr@example.com')[0]!.subject).toBe(`${display} est en direct sur Velora`);
    const token = t.services.cameras.unsubscribeToken(fans.en.id);
    expect(en!.text).toContain(`http://localhost:8080/camera/${camera.name}`);
    expect(en!.text).toContain(`http://localhost:8080/unsubscribe_mails?kind=cameras&token=${encodeURIComponent(token)}`);
    expect(en!.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:8080/api/cameras/mails/unsubscribe?token=${encodeURIComponent(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // The mail's own unsubscribe works as a mail client posts it.
    const unsubscribe = await t.app.inject({
      method: 'POST',
      url: en!.headers!['List-Unsubscribe']!.slice(1, -1).replace('http://localhost:8080', ''),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsubscribe.statusCode, unsubscribe.body).toBe(200);

    // Back from a drop (same session), or a new session within 6 hours: no second mail.
    await event({ type: 'publisher-down', room: camera.id });
    await event({ type: 'publisher-up', room: camera.id, source: 'browser' });
    expect((await t.app.inject({ method: 'POST', url: '/api/studio/camera/stop', headers: model.headers })).statusCode).toBe(204);
    await event({ type: 'publisher-up', room: camera.id, source: 'browser' });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(t.mail.filter((m) => m.to.startsWith('fan.')).length).toBe(3);
  });

  it('are not sent for a session that ended before the job ran', async () => {
    const model = await asModel(t);
    const fan = await asMember(t, { email: 'quick.fan@example.com' });
    const cameraId = (await studioOf(model)).camera.id;
    await t.app.inject({ method: 'POST', url: `/api/favourites/camera/${cameraId}`, headers: fan.headers });
    await event({ type: 'publisher-up', room: cameraId, source: 'browser' });
    const [session] = await sessionsOf(cameraId);
    await t.app.inject({ method: 'POST', url: '/api/studio/camera/stop', headers: model.headers });
    // Run as the job would, after the stop.
    expect(await t.services.cameras.mailGoLive({ cameraId, sessionId: session!.id })).toBe(0);
  });
});

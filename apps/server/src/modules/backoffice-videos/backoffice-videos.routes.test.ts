import fs from 'node:fs/promises';
import path from 'node:path';
import { BackofficeVideoDetail, BackofficeVideoFrames, BackofficeVideoList, VIDEO_UPLOAD_PATH } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asMember, asPremium, asTeam, createModel, createUser, loginAs, type LoggedIn } from '../../../test/factories';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/test-app';
import { createTestJobQueues, type TestJobQueues } from '../../../test/test-job-queue';
import { createUpload, headUpload, makeTestClip, patchAndDrop, patchUpload } from '../../../test/video-upload-client';
import { UnusableSourceError, registerMediaJobs, processAsset } from '../media/media-jobs';

// The back office's videos (decision record 074): a draft, its source uploaded over tus (resumable), transcoded by the
// job queue, then published, scheduled or unpublished. Members never see a video that is not published.

const START = Date.parse('2030-05-01T12:00:00Z');
let clock = START;
let t: TestApp;
let dropDatabase: () => Promise<void>;
let queues: TestJobQueues;
let baseUrl: string;
let clip: Awaited<ReturnType<typeof makeTestClip>>;
const log = { info: () => undefined, warn: () => undefined };
/** Sources whose transcode fails (a crash no retry helps), by the name the upload gave them. */
const failingSources = new Set<string>();

beforeAll(async () => {
  // The app's own job queue runs the transcodes, as the server's does.
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  queues = createTestJobQueues(database.db);
  const jobs = queues.instance();
  t = await buildTestApp({ db: database.db, jobs, now: () => new Date(clock), env: { VIDEO_UPLOAD_MAX_BYTES: String(4 * 1024 * 1024) } });
  await registerMediaJobs(jobs, t.deps, {
    log,
    retries: 0,
    transcode: (deps, asset, options) => {
      if ([...failingSources].some((name) => asset.source_name.includes(name))) throw new UnusableSourceError('Invalid data found when processing input');
      return processAsset(deps, asset, options);
    },
  });
  await jobs.start();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  clip = await makeTestClip(2);
}, 60_000);
afterAll(async () => {
  await queues.close();
  await t.close();
  await dropDatabase();
  await clip.cleanup();
});

const send = (who: { headers: Record<string, string> }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
const detailOf = async (admin: LoggedIn, id: number) => BackofficeVideoDetail.parse((await send(admin, 'GET', `/backoffice/videos/${id}`)).json());
const newDraft = async (admin: LoggedIn, title = 'Sunset session') => {
  const res = await send(admin, 'POST', '/backoffice/videos', { title });
  expect(res.statusCode, res.body).toBe(201);
  return BackofficeVideoDetail.parse(res.json());
};
/** Uploads `bytes` in one go; the final PATCH's answer. */
const uploadWhole = async (admin: LoggedIn, videoId: number, bytes: Buffer, filename = 'clip.mp4') => {
  const created = await createUpload(t.app, admin.headers, bytes.length, { video_id: String(videoId), filename });
  expect(created.statusCode, created.body).toBe(201);
  return patchUpload(t.app, admin.headers, created.headers.location as string, 0, bytes);
};
/** Waits (60 s at most) until the video reaches one of `statuses` (the job queue transcodes meanwhile). */
const waitForStatus = async (admin: LoggedIn, id: number, statuses: string[]) => {
  const until = Date.now() + 60_000;
  for (;;) {
    const detail = await detailOf(admin, id);
    if (statuses.includes(detail.status)) return detail;
    if (Date.now() > until) throw new Error(`Video ${id} stayed ${detail.status}, not ${statuses.join(' or ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

describe('uploading a video', () => {
  it('resumes an upload whose connection dropped: HEAD tells the offset, PATCH sends the rest, then it transcodes', async () => {
    const admin = await asAdmin(t);
    const draft = await newDraft(admin);
    expect(draft).toMatchObject({ status: 'draft', media: null, upload: null, published_at: null });

    const created = await createUpload(t.app, admin.headers, clip.bytes.length, { video_id: String(draft.id), filename: 'sunset.mp4' });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(new RegExp(`^${VIDEO_UPLOAD_PATH}/[a-f0-9]{32}$`));
    expect((await detailOf(admin, draft.id)).status).toBe('uploading');

    // The first part arrives, then the connection drops before the rest.
    const half = Math.floor(clip.bytes.length / 2);
    await patchAndDrop(baseUrl, admin.headers, location, 0, clip.bytes, half);
    let offset = 0;
    await expect
      .poll(async () => (offset = Number((await headUpload(t.app, admin.headers, location)).headers['upload-offset'])), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);

    const rest = await patchUpload(t.app, admin.headers, location, offset, clip.bytes.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(204);
    expect(rest.headers['video-id']).toBe(String(draft.id));
    // The upload is outside the endpoint table, and still audited: who gave which video its source (decision record 070).
    const entries = await t.deps.db.query<{ action: string; actor_id: number; after: { file_name?: string; size?: number } }>(
      `SELECT action, actor_id, after FROM audit_log WHERE subject_type = 'video' AND subject_id = $1 AND action LIKE 'backoffice.uploads.%' ORDER BY id`,
      [String(draft.id)],
    );
    expect(entries.map((e) => [e.action, e.actor_id])).toEqual([
      ['backoffice.uploads.create', admin.id],
      ['backoffice.uploads.finish', admin.id],
    ]);
    expect(entries[0]!.after).toMatchObject({ file_name: 'sunset.mp4', size: clip.bytes.length });

    const received = await detailOf(admin, draft.id);
    expect(received.upload).toMatchObject({ status: 'received', file_name: 'sunset.mp4', size: clip.bytes.length });
    expect(['transcoding', 'draft']).toContain(received.status);

    const ready = await waitForStatus(admin, draft.id, ['draft']);
    expect(ready.media).toMatchObject({ status: 'ready', progress: 1 });
    expect(ready.media!.renditions.length).toBeGreaterThan(0);
    expect(ready.duration).toBe(2);
    expect(ready.preview_url).toMatch(/\/media\/hls\/\d+\/master\.m3u8\?exp=\d+&sig=/);
    // The source waits outside every public path; nothing of it is left in the upload folder.
    expect(await fs.readdir(path.join(t.deps.config.dataDir, 'media', 'uploads'))).toEqual([]);
  }, 120_000);

  it('ends a file that is no video as a failed upload, with the reason, and keeps nothing of it', async () => {
    const admin = await asAdmin(t);
    const draft = await newDraft(admin, 'Not a video');
    const res = await uploadWhole(admin, draft.id, Buffer.from('This is a text file named like a video.\n'.repeat(50)), 'holiday.mp4');
    expect(res.statusCode).toBe(422);
    expect(res.body).toMatch(/not a video|no container|not in a video container/i);
    const failed = await detailOf(admin, draft.id);
    expect(failed).toMatchObject({ status: 'failed', media: null, upload: { status: 'failed' } });
    expect(failed.upload!.error).toBeTruthy();
    expect(await fs.readdir(path.join(t.deps.config.dataDir, 'media', 'uploads'))).toEqual([]);
    const publish = await send(admin, 'POST', `/backoffice/videos/${draft.id}/publish`, {});
    expect(publish.statusCode).toBe(409);
    expect(publish.json().error).toMatchObject({ code: 'NOT_READY' });
  });

  it('ends a video whose transcode fails as failed: publishing is refused and members never see it', async () => {
    const admin = await asAdmin(t);
    const premium = await asPremium(t);
    const draft = await newDraft(admin, 'Broken inside');
    const created = await createUpload(t.app, admin.headers, clip.bytes.length, { video_id: String(draft.id), filename: 'broken.mp4' });
    failingSources.add(`${draft.id}-${(created.headers.location as string).split('/').pop()}`);
    expect((await patchUpload(t.app, admin.headers, created.headers.location as string, 0, clip.bytes)).statusCode).toBe(204);
    const failed = await waitForStatus(admin, draft.id, ['failed']);
    expect(failed.media).toMatchObject({ status: 'failed' });
    expect((await send(admin, 'POST', `/backoffice/videos/${draft.id}/publish`, {})).statusCode).toBe(409);
    expect((await send(premium, 'GET', `/videos/${draft.id}`)).statusCode).toBe(404);
    const list = await send(premium, 'GET', '/videos?query=Broken%20inside');
    expect(list.json()).toMatchObject({ total: 0 });
    // A new source may follow a failed one.
    expect((await uploadWhole(admin, draft.id, clip.bytes)).statusCode).toBe(204);
  }, 120_000);
});

describe('the upload refuses', () => {
  it('a visitor (401), a member and a moderator (403), and an admin without a proven second factor', async () => {
    const admin = await asAdmin(t);
    const draft = await newDraft(admin);
    const fields = { video_id: String(draft.id), filename: 'x.mp4' };
    expect((await createUpload(t.app, {}, 100, fields)).statusCode).toBe(401);
    expect((await createUpload(t.app, (await asMember(t)).headers, 100, fields)).statusCode).toBe(403);
    expect((await createUpload(t.app, (await asTeam(t, { teamKinds: ['moderator'] })).headers, 100, fields)).statusCode).toBe(403);
    const unproven = await loginAs(t, await createUser(t, { teamKinds: ['admin'] }), { secondFactor: 'pending' });
    const res = await createUpload(t.app, unproven.headers, 100, fields);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    // Nor can anyone else carry on an admin's upload.
    const created = await createUpload(t.app, admin.headers, 100, fields);
    const location = created.headers.location as string;
    expect((await patchUpload(t.app, (await asMember(t)).headers, location, 0, Buffer.alloc(10))).statusCode).toBe(403);
    expect((await headUpload(t.app, {}, location)).statusCode).toBe(401);
  });

  it('a file past VIDEO_UPLOAD_MAX_BYTES (413), no or an unknown video (400, 404), an unknown upload (404)', async () => {
    const admin = await asAdmin(t);
    const draft = await newDraft(admin);
    expect((await createUpload(t.app, admin.headers, 4 * 1024 * 1024 + 1, { video_id: String(draft.id) })).statusCode).toBe(413);
    expect((await createUpload(t.app, admin.headers, 100, { filename: 'x.mp4' })).statusCode).toBe(400);
    expect((await createUpload(t.app, admin.headers, 100, { video_id: '2147483647' })).statusCode).toBe(404);
    expect((await headUpload(t.app, admin.headers, `${VIDEO_UPLOAD_PATH}/${'0'.repeat(32)}`)).statusCode).toBe(404);
    expect((await headUpload(t.app, admin.headers, `${VIDEO_UPLOAD_PATH}/..%2F..%2Fsecrets`)).statusCode).toBe(404);
  });

  it('a second source for a video that has one (409)', async () => {
    const admin = await asAdmin(t);
    const draft = await newDraft(admin);
    expect((await uploadWhole(admin, draft.id, clip.bytes)).statusCode).toBe(204);
    expect((await createUpload(t.app, admin.headers, clip.bytes.length, { video_id: String(draft.id) })).statusCode).toBe(409);
  });
});

describe('describing and publishing', () => {
  let admin: LoggedIn;
  let videoId: number;
  beforeAll(async () => {
    admin = await asAdmin(t);
    videoId = (await newDraft(admin, 'Golden hour')).id;
    expect((await uploadWhole(admin, videoId, clip.bytes)).statusCode).toBe(204);
    await waitForStatus(admin, videoId, ['draft']);
  }, 120_000);

  it('sets title, description, models and the trailer flag (the Trailer tag); an unknown model is a 404 naming it', async () => {
    const model = await createModel(t, { name: 'Ava Stone' });
    const res = await send(admin, 'PUT', `/backoffice/videos/${videoId}`, { title: 'Golden hour', description: 'By the lake.', model_ids: [model.id], trailer: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(BackofficeVideoDetail.parse(res.json())).toMatchObject({ description: 'By the lake.', trailer: true, models: [{ id: model.id, name: 'Ava Stone' }] });
    const tags = await t.deps.db.query<{ name_en: string }>('SELECT t.name_en FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE vt.video_id = $1', [videoId]);
    expect(tags.map((r) => r.name_en)).toEqual(['Trailer']);
    const missing = await send(admin, 'PUT', `/backoffice/videos/${videoId}`, { title: 'x', description: '', model_ids: [model.id, 2_000_000], trailer: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.fields).toEqual({ 'model_ids.1': 'No such model' });
    expect((await detailOf(admin, videoId)).trailer).toBe(true);
  });

  it('offers frames to choose a cover from, and takes one; the cover is not public before publishing', async () => {
    const frames = BackofficeVideoFrames.parse((await send(admin, 'GET', `/backoffice/videos/${videoId}/frames`)).json()).frames;
    expect(frames).toHaveLength(6);
    expect(frames[0]!.image).toMatch(/^data:image\/jpeg;base64,/);
    const res = await send(admin, 'PUT', `/backoffice/videos/${videoId}/cover`, { at_seconds: frames[2]!.at_seconds });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ has_cover: true });
    expect((await send(admin, 'GET', `/backoffice/videos/${videoId}/cover`)).json().image).toMatch(/^data:image\/jpeg;base64,/);
    expect((await t.app.inject({ method: 'GET', url: `/media/images/video/${videoId}/400x400.jpg` })).statusCode).toBe(404);
    const bad = await send(admin, 'PUT', `/backoffice/videos/${videoId}/cover`, { image: 'data:image/png;base64,AAAA' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('image');
  });

  it('schedules it: hidden until its time, then the sweep publishes it; unpublishing hides it again', async () => {
    const premium = await asPremium(t);
    const at = Math.floor(clock / 1000) + 3600;
    const scheduled = await send(admin, 'POST', `/backoffice/videos/${videoId}/publish`, { at });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', published_at: at });
    expect(await t.services.backofficeVideos.publishDue()).toBe(0);
    expect((await send(premium, 'GET', `/videos/${videoId}`)).statusCode).toBe(404);

    clock += 3601_000;
    await proveAgain(admin);
    expect(await t.services.backofficeVideos.publishDue()).toBe(1);
    const seen = await send(await asPremium(t), 'GET', `/videos/${videoId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ title: 'Golden hour', playable: true });
    expect(seen.json().hls_url).toMatch(/master\.m3u8/);
    expect((await t.app.inject({ method: 'GET', url: `/media/images/video/${videoId}/400x400.jpg` })).statusCode).toBe(200);

    const moderator = await asTeam(t, { teamKinds: ['moderator'] });
    const down = await send(moderator, 'POST', `/backoffice/videos/${videoId}/unpublish`);
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ status: 'draft', published_at: null });
    expect((await send(await asPremium(t), 'GET', `/videos/${videoId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/media/images/video/${videoId}/400x400.jpg` })).statusCode).toBe(404);
    const audit = await t.deps.db.query<{ action: string; actor_id: number }>(
      `SELECT action, actor_id FROM audit_log WHERE subject_type = 'video' AND subject_id = $1 ORDER BY id`,
      [String(videoId)],
    );
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['backoffice.videos.publish', 'backoffice.videos.unpublish', 'backoffice.videos.cover']));
    // A moderator takes videos down but does not publish them.
    expect((await send(moderator, 'POST', `/backoffice/videos/${videoId}/publish`, {})).statusCode).toBe(403);
  });

  it('publishes it now; the list finds it by title and status', async () => {
    const res = await send(admin, 'POST', `/backoffice/videos/${videoId}/publish`, {});
    expect(res.json()).toMatchObject({ status: 'published', published_at: Math.floor(clock / 1000) });
    const list = BackofficeVideoList.parse((await send(admin, 'GET', '/backoffice/videos?query=golden&status=published')).json());
    expect(list.videos.map((v) => v.id)).toEqual([videoId]);
    const drafts = BackofficeVideoList.parse((await send(admin, 'GET', '/backoffice/videos?status=draft')).json());
    expect(drafts.videos.map((v) => v.id)).not.toContain(videoId);
    expect((await send(admin, 'GET', '/backoffice/videos?status=lost')).statusCode).toBe(400);
  });
});

const proveAgain = (who: LoggedIn) => t.services.sessions.markSecondFactor(who.sessionId);

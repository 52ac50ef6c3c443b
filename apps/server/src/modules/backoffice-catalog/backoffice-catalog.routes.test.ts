import fs from 'node:fs/promises';
import sharp from 'sharp';
import { BoModelDetail, BoShootDetail, BoShootList, ShootDetail, ShootList } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asMember, asPremium, asTeam, asVisitor, createUser, createVideo, loginAs, type LoggedIn, type Visitor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { mediaPaths } from '../media/media-paths';

// The back office's catalog (decision record 075): models and shoots made and published by the team, galleries uploaded
// all or nothing, and members who see a shoot only from its time on.

let clock = new Date('2026-06-01T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(() => t.close());

type Who = LoggedIn | Visitor;
const send = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

const picture = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 120 } } })[format]().toBuffer();

/** A multipart/form-data body of files, as a browser's FormData sends it. */
function multipart(files: Array<{ name: string; data: Buffer; type?: string }>) {
  const boundary = '----velora-test-boundary';
  const parts = files.flatMap((file) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`),
    file.data,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}
const upload = (who: LoggedIn, url: string, files: Array<{ name: string; data: Buffer; type?: string }>) => {
  const body = multipart(files);
  return t.app.inject({ method: url.endsWith('picture') ? 'PUT' : 'POST', url: `/api${url}`, headers: { ...who.headers, 'content-type': body.contentType }, payload: body.payload });
};

async function newModel(admin: LoggedIn, name = 'Lena Morgen') {
  const res = await send(admin, 'POST', '/backoffice/models', { name_en: name, description: 'Lena lives by the sea.\nShe paints.', country: 'DE' });
  expect(res.statusCode, res.body).toBe(201);
  return BoModelDetail.parse(res.json());
}
async function newShoot(admin: LoggedIn, modelId: number, videoIds: number[] = []) {
  const res = await send(admin, 'POST', '/backoffice/shoots', { title: 'By the sea', description: 'A morning on the beach.', model_id: modelId, video_ids: videoIds });
  expect(res.statusCode, res.body).toBe(201);
  return BoShootDetail.parse(res.json());
}
const imageCount = async (shootId: number) =>
  (await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shoot_images i JOIN shoot_chapters c ON c.id = i.chapter_id WHERE c.shoot_id = $1', [shootId]))[0]!.n;
const originals = async () => (await fs.readdir(mediaPaths(t.deps.config.dataDir).original('image', 1).replace(/\/1\.jpg$/, '')).catch(() => [] as string[])).length;
const audited = async (action: string, subjectId: number) =>
  (await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND subject_id = $2', [action, String(subjectId)]))[0]!.n;

describe('models', () => {
  it('makes a model unpublished, hidden from members until published, and audits each change', async () => {
    const admin = await asAdmin(t);
    const member = await asMember(t);
    const made = await newModel(admin, 'Ines Vale');
    expect(made).toMatchObject({ name_en: 'Ines Vale', country: 'DE', published: false, description: 'Lena lives by the sea.\nShe paints.', account: null, camera: null });
    expect((await send(member, 'GET', `/models/${made.id}`)).statusCode).toBe(404);
    // Her picture is not public before she is.
    expect((await t.app.inject({ method: 'GET', url: `/media/images/model/${made.id}/400x400.jpg` })).statusCode).toBe(404);

    const pic = await upload(admin, `/backoffice/models/${made.id}/picture`, [{ name: 'ines.png', data: await picture(800, 1000, 'png'), type: 'image/png' }]);
    expect(pic.statusCode, pic.body).toBe(200);
    const preview = await t.app.inject({ method: 'GET', url: BoModelDetail.parse(pic.json()).picture });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, max-age=300');

    const edited = await send(admin, 'PUT', `/backoffice/models/${made.id}`, { name_en: 'Ines Valé', description: 'Now in Lyon.', country: 'FR' });
    expect(edited.json()).toMatchObject({ name_en: 'Ines Valé', country: 'FR' });
    expect((await send(admin, 'POST', `/backoffice/models/${made.id}/publish`)).json()).toMatchObject({ published: true });
    expect((await send(member, 'GET', `/models/${made.id}`)).json()).toMatchObject({ id: made.id, name_en: 'Ines Valé' });
    expect((await t.app.inject({ method: 'GET', url: `/media/images/model/${made.id}/400x400.jpg` })).statusCode).toBe(200);
    for (const action of ['backoffice.models.update', 'backoffice.models.picture', 'backoffice.models.publish']) expect(await audited(action, made.id)).toBe(1);

    const listed = await send(admin, 'GET', '/backoffice/models?q=valé');
    expect(listed.json().models.map((m: { id: number }) => m.id)).toEqual([made.id]);
  });

  it('links an account so she can use the studio, refuses one of another model or of the team, and unlinks it', async () => {
    const admin = await asAdmin(t);
    const model = await newModel(admin, 'Maya Linde');
    const other = await newModel(admin, 'Other Model');
    const maya = await createUser(t, { username: 'maya_linde' });
    const mayaSession = await loginAs(t, maya);
    expect((await send(mayaSession, 'GET', '/studio/camera')).statusCode).toBe(403);

    const linked = await send(admin, 'PUT', `/backoffice/models/${model.id}/account`, { login: 'MAYA_LINDE' });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().account).toEqual({ user_id: maya.id, username: 'maya_linde' });
    // The model role follows from the account's model at once; as staff she proves a second factor first.
    const studio = await send(await loginAs(t, { ...maya, model_id: model.id }), 'GET', '/studio/camera');
    expect(studio.statusCode, studio.body).toBe(200);

    const taken = await send(admin, 'PUT', `/backoffice/models/${other.id}/account`, { login: 'maya_linde' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toHaveProperty('login');
    const teamMate = await createUser(t, { teamMember: true, teamKinds: ['support'] });
    expect((await send(admin, 'PUT', `/backoffice/models/${other.id}/account`, { login: teamMate.username })).statusCode).toBe(409);
    expect((await send(admin, 'PUT', `/backoffice/models/${other.id}/account`, { login: 'nobody_at_all' })).json().error.fields).toHaveProperty('login');

    expect((await send(admin, 'PUT', `/backoffice/models/${model.id}/account`, { login: null })).json().account).toBeNull();
    expect((await t.deps.db.query<{ model_id: number | null }>('SELECT model_id FROM users WHERE id = $1', [maya.id]))[0]!.model_id).toBeNull();
  });

  it("sets her camera's chat through the cameras module, refusing a paid chat without a price", async () => {
    const admin = await asAdmin(t);
    const model = await newModel(admin, 'Cam Model');
    const paid = await send(admin, 'PUT', `/backoffice/models/${model.id}/camera`, { title: 'Evening show', chat_mode: 'paid', price_per_minute: 12 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().camera).toMatchObject({ title: 'Evening show', chat_mode: 'paid', price_per_minute: 12 });
    const noPrice = await send(admin, 'PUT', `/backoffice/models/${model.id}/camera`, { title: 'Evening show', chat_mode: 'paid', price_per_minute: null });
    expect(noPrice.statusCode).toBe(422);
    expect(noPrice.json().error.fields).toHaveProperty('price_per_minute');
  });

  it('lets a moderator read and unpublish, but not make or publish; members, models and support get 403', async () => {
    const admin = await asAdmin(t);
    const model = await newModel(admin, 'Moderated');
    await send(admin, 'POST', `/backoffice/models/${model.id}/publish`);
    const moderator = await asTeam(t, { teamKinds: ['moderator'] });
    expect((await send(moderator, 'GET', `/backoffice/models/${model.id}`)).statusCode).toBe(200);
    expect((await send(moderator, 'POST', '/backoffice/models', { name_en: 'X', description: '', country: null })).statusCode).toBe(403);
    expect((await send(moderator, 'POST', `/backoffice/models/${model.id}/publish`)).statusCode).toBe(403);
    expect((await send(moderator, 'POST', `/backoffice/models/${model.id}/unpublish`)).json()).toMatchObject({ published: false });
    for (const who of [await asMember(t), await asTeam(t, { teamKinds: ['support'] })]) {
      expect((await send(who, 'GET', '/backoffice/models')).statusCode).toBe(403);
    }
    expect((await send(asVisitor(), 'GET', '/backoffice/models')).statusCode).toBe(401);
  });

  it('answers 400 naming the field for bad input', async () => {
    const admin = await asAdmin(t);
    const res = await send(admin, 'POST', '/backoffice/models', { name_en: '', description: 'x', country: 'Germany' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toEqual(expect.arrayContaining(['name_en', 'country']));
    expect((await send(admin, 'PUT', '/backoffice/models/99999999999/account', { login: null })).statusCode).toBe(400);
  });
});

describe('shoots and galleries', () => {
  it('uploads several images, orders them, chooses the cover, removes one, and publishes the gallery to members', async () => {
    const admin = await asAdmin(t);
    const premium = await asPremium(t);
    const model = await newModel(admin, 'Gallery Model');
    await send(admin, 'POST', `/backoffice/models/${model.id}/publish`);
    const video = await createVideo(t, { title: 'Beach walk' });
    const shoot = await newShoot(admin, model.id, [video.id]);
    expect(shoot).toMatchObject({ state: 'draft', published_at: null, images: [], videos: [{ id: video.id, title: 'Beach walk' }] });

    const files = [
      { name: 'one.jpg', data: await picture(1200, 800) },
      { name: 'two.png', data: await picture(800, 1200, 'png'), type: 'image/png' },
      { name: 'three.jpg', data: await picture(1000, 1000) },
    ];
    const uploaded = await upload(admin, `/backoffice/shoots/${shoot.id}/images`, files);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const gallery = BoShootDetail.parse(uploaded.json());
    expect(gallery.images.map((i) => [i.width, i.height])).toEqual([[1200, 800], [800, 1200], [1000, 1000]]);
    expect(gallery.cover_image_id).toBe(gallery.images[0]!.id);
    const [a, b, c] = gallery.images.map((i) => i.id) as [number, number, number];

    // Not published: a member gets 404 for the shoot and its pictures; the team's signed preview works.
    expect((await send(premium, 'GET', `/shoots/${shoot.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/media/images/image/${a}/400x400.jpg` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: gallery.images[0]!.thumbnail })).statusCode).toBe(200);

    const ordered = await send(admin, 'PUT', `/backoffice/shoots/${shoot.id}/images/order`, { image_ids: [c, a, b] });
    expect(ordered.json().images.map((i: { id: number }) => i.id)).toEqual([c, a, b]);
    expect((await send(admin, 'PUT', `/backoffice/shoots/${shoot.id}/images/order`, { image_ids: [c, a] })).statusCode).toBe(409);
    expect((await send(admin, 'PUT', `/backoffice/shoots/${shoot.id}/cover`, { image_id: c })).json().cover_image_id).toBe(c);
    const removed = await send(admin, 'DELETE', `/backoffice/shoots/${shoot.id}/images/${a}`);
    expect(removed.json().images.map((i: { id: number }) => i.id)).toEqual([c, b]);

    const published = await send(admin, 'POST', `/backoffice/shoots/${shoot.id}/publish`, { publish_at: null });
    expect(published.json()).toMatchObject({ state: 'published', published_at: Math.floor(clock.getTime() / 1000) });
    const seen = ShootDetail.parse((await send(premium, 'GET', `/shoots/${shoot.id}`)).json());
    expect(seen.chapters).toHaveLength(1);
    const chapter = await send(premium, 'GET', `/shoots/${shoot.id}/chapters/${seen.chapters[0]!.id}`);
    expect(chapter.json().images.map((i: { id: number }) => i.id)).toEqual([c, b]);
    expect((await t.app.inject({ method: 'GET', url: `/media/images/image/${c}/400x400.jpg` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/media/images/shoot/${shoot.id}/370x206.jpg` })).statusCode).toBe(200);
    expect(await audited('backoffice.shoots.upload', shoot.id)).toBe(1);
  });

  it('makes a gallery image without an uploaded file (a drawn demo picture) the cover', async () => {
    const admin = await asAdmin(t);
    const shoot = await newShoot(admin, (await newModel(admin, 'Drawn Model')).id);
    expect((await upload(admin, `/backoffice/shoots/${shoot.id}/images`, [{ name: 'one.jpg', data: await picture(600, 400) }])).statusCode).toBe(200);
    // A row as the demo seeds them: its picture is drawn on first request, never uploaded (the fuzz run's 500 once).
    const [row] = await t.deps.db.query<{ id: number }>(
      'INSERT INTO shoot_images (chapter_id, position, width, height) SELECT id, 9, 640, 480 FROM shoot_chapters WHERE shoot_id = $1 LIMIT 1 RETURNING id',
      [shoot.id],
    );
    const covered = await send(admin, 'PUT', `/backoffice/shoots/${shoot.id}/cover`, { image_id: row!.id });
    expect(covered.statusCode, covered.body).toBe(200);
    expect(covered.json().cover_image_id).toBe(row!.id);
    expect(await fs.stat(mediaPaths(t.deps.config.dataDir).original('shoot', shoot.id)).then((stat) => stat.size > 0)).toBe(true);
  });

  it('keeps nothing of an upload when one file is not a picture, or too many are sent', async () => {
    const admin = await asAdmin(t);
    const shoot = await newShoot(admin, (await newModel(admin, 'Upload Model')).id);
    const before = await originals();
    const res = await upload(admin, `/backoffice/shoots/${shoot.id}/images`, [
      { name: 'good.jpg', data: await picture(600, 400) },
      { name: 'notes.jpg', data: Buffer.from('this is text with a picture name'), type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.files).toContain('notes.jpg');
    const gif = await upload(admin, `/backoffice/shoots/${shoot.id}/images`, [{ name: 'anim.gif', data: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer() }]);
    expect(gif.statusCode).toBe(400);
    const many = await upload(admin, `/backoffice/shoots/${shoot.id}/images`, await Promise.all(Array.from({ length: 31 }, async (_, i) => ({ name: `${i}.jpg`, data: await picture(20, 20) }))));
    expect(many.statusCode).toBe(413);
    expect((await send(admin, 'POST', `/backoffice/shoots/${shoot.id}/images`, { files: [] })).statusCode).toBe(400);
    expect(await imageCount(shoot.id)).toBe(0);
    expect(await originals()).toBe(before);
  });

  it('shows a scheduled shoot to members only from its time on, in the list and on its page', async () => {
    const admin = await asAdmin(t);
    const member = await asMember(t);
    const model = await newModel(admin, 'Scheduled Model');
    await send(admin, 'POST', `/backoffice/models/${model.id}/publish`);
    const shoot = await newShoot(admin, model.id);
    expect((await send(admin, 'POST', `/backoffice/shoots/${shoot.id}/publish`, { publish_at: null })).statusCode).toBe(409);
    await upload(admin, `/backoffice/shoots/${shoot.id}/images`, [{ name: 'a.jpg', data: await picture(300, 200) }]);

    const at = Math.floor(clock.getTime() / 1000) + 3600;
    const scheduled = await send(admin, 'POST', `/backoffice/shoots/${shoot.id}/publish`, { publish_at: at });
    expect(scheduled.json()).toMatchObject({ state: 'scheduled', published_at: at });
    const listed = async () => ShootList.parse((await send(member, 'GET', `/models/${model.id}/shoots`)).json()).shoots.map((s) => s.id);
    expect(await listed()).toEqual([]);
    expect((await send(member, 'GET', `/shoots/${shoot.id}`)).statusCode).toBe(404);
    expect((await send(admin, 'GET', `/backoffice/shoots?state=scheduled&model_id=${model.id}`)).json().shoots.map((s: { id: number }) => s.id)).toEqual([shoot.id]);

    clock = new Date(clock.getTime() + 3601_000);
    expect(await listed()).toEqual([shoot.id]);
    expect((await send(member, 'GET', `/shoots/${shoot.id}`)).statusCode).toBe(200);
    expect(BoShootList.parse((await send(admin, 'GET', `/backoffice/shoots?state=published&model_id=${model.id}`)).json()).shoots[0]).toMatchObject({ id: shoot.id, state: 'published' });

    // Unpublished, it is a draft again and gone for members; so is every shoot of an unpublished model.
    await send(admin, 'POST', `/backoffice/shoots/${shoot.id}/unpublish`);
    expect((await send(member, 'GET', `/shoots/${shoot.id}`)).statusCode).toBe(404);
    await send(admin, 'POST', `/backoffice/shoots/${shoot.id}/publish`, { publish_at: null });
    await send(admin, 'POST', `/backoffice/models/${model.id}/unpublish`);
    expect((await send(member, 'GET', `/shoots/${shoot.id}`)).statusCode).toBe(404);
  });

  it('refuses an unknown model or video with a 400 naming the field, and writes nothing', async () => {
    const admin = await asAdmin(t);
    const count = async () => (await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shoots'))[0]!.n;
    const before = await count();
    const noModel = await send(admin, 'POST', '/backoffice/shoots', { title: 'T', description: '', model_id: 99_999_999, video_ids: [] });
    expect(noModel.statusCode).toBe(400);
    expect(noModel.json().error.fields).toHaveProperty('model_id');
    const model = await newModel(admin, 'Video Model');
    const noVideo = await send(admin, 'POST', '/backoffice/shoots', { title: 'T', description: '', model_id: model.id, video_ids: [99_999_999] });
    expect(noVideo.json().error.fields).toHaveProperty('video_ids');
    expect(await count()).toBe(before);
  });
});

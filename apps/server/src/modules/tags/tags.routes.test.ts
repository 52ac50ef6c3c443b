import { BackofficeTagList, RetagResult, RetagVideoList, Tag, TagList, VideoList } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asMember, asModel, asRetagger, asTeam, asWriter, createTag, createVideo, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// The back office's tags (decision record 071): the Retagger names tags in three languages and tags many videos in
// one call; members see the change at once in their catalog and filters.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const send = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
const audits = (action: string) =>
  t.deps.db.query<{ actor_id: number; subject_type: string; subject_id: string; before: unknown; after: unknown }>(
    'SELECT actor_id, subject_type, subject_id, before, after FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );
let unique = 0;
const names = (stem: string) => {
  unique += 1;
  return { name_en: `${stem} ${unique}`, name_de: `${stem}-de ${unique}`, name_fr: `${stem}-fr ${unique}` };
};

describe('tags in three languages', () => {
  it('a retagger creates a tag: 201, audited, and a member who had loaded the catalog\'s tags sees it in the next list', async () => {
    const retagger = await asRetagger(t);
    const member = await asMember(t);
    expect((await send(member, 'GET', '/videos/tags')).statusCode).toBe(200);

    const sent = names('Rooftop');
    const res = await send(retagger, 'POST', '/backoffice/tags', sent);
    expect(res.statusCode, res.body).toBe(201);
    const tag = Tag.parse(res.json());
    expect(tag).toMatchObject({ ...sent, video_count: 0 });

    const tags = TagList.parse((await send(member, 'GET', '/videos/tags')).json());
    expect(tags.find((one) => one.id === tag.id)).toEqual(tag);
    const [entry] = (await audits('backoffice.tags.create')).slice(-1);
    expect(entry).toMatchObject({ actor_id: retagger.id, subject_type: 'tag', subject_id: String(tag.id), after: { id: tag.id } });
  });

  it('renames a tag: a member\'s catalog page, read before and cached, shows the new names at once', async () => {
    const retagger = await asRetagger(t);
    const member = await asMember(t);
    const tag = await createTag(t, { name: `Old name ${++unique}` });
    const video = await createVideo(t, { tagIds: [tag.id] });
    const before = VideoList.parse((await send(member, 'GET', `/videos?tags=${tag.id}`)).json());
    expect(before.videos.map((v) => v.id)).toEqual([video.id]);

    const renamed = { name_en: `New name ${unique}`, name_de: `Neuer Name ${unique}`, name_fr: `Nouveau nom ${unique}` };
    const res = await send(retagger, 'PUT', `/backoffice/tags/${tag.id}`, renamed);
    expect(res.statusCode, res.body).toBe(200);
    expect(Tag.parse(res.json())).toEqual({ id: tag.id, ...renamed, video_count: 1 });

    const after = VideoList.parse((await send(member, 'GET', `/videos?tags=${tag.id}`)).json());
    expect(after.videos[0]!.tags).toEqual([{ id: tag.id, ...renamed }]);
    const [entry] = (await audits('backoffice.tags.update')).slice(-1);
    expect(entry).toMatchObject({ subject_type: 'tag', subject_id: String(tag.id), before: { name_en: tag.name_en }, after: { name_en: renamed.name_en } });
  });

  it('refuses a name another tag has in that language, any case: 409 naming the field and the name', async () => {
    const retagger = await asRetagger(t);
    const beach = await createTag(t, { name: `Beach ${++unique}`, nameDe: `Strand ${unique}`, nameFr: `Plage ${unique}` });
    const res = await send(retagger, 'POST', '/backoffice/tags', { name_en: 'Sand', name_de: beach.name_de.toUpperCase(), name_fr: `Sable ${unique}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'DUPLICATE_TAG_NAME', fields: { name_de: `Another tag is already called "${beach.name_de}" in German` } });
    expect(res.json().error.fields).not.toHaveProperty('name_en');

    const other = await createTag(t);
    const rename = await send(retagger, 'PUT', `/backoffice/tags/${other.id}`, { name_en: beach.name_en.toLowerCase(), name_de: 'x', name_fr: 'y' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.fields.name_en).toContain(beach.name_en);
    expect((await t.deps.db.query('SELECT 1 FROM tags WHERE name_en = $1', ['Sand'])).length).toBe(0);
  });

  it('keeps a tag\'s own names when only one language changes, and two creations of one name at once: one wins, one 409', async () => {
    const retagger = await asRetagger(t);
    const tag = await createTag(t, { name: `Keep ${++unique}` });
    const res = await send(retagger, 'PUT', `/backoffice/tags/${tag.id}`, { name_en: tag.name_en, name_de: tag.name_de, name_fr: `Garder ${unique}` });
    expect(res.statusCode, res.body).toBe(200);

    const both = await Promise.all([send(retagger, 'POST', '/backoffice/tags', names('Race')), send(retagger, 'POST', '/backoffice/tags', { ...names('Race'), name_en: `Race ${unique - 1}` })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses bad names with a 400 naming the field, and a missing tag with 404', async () => {
    const retagger = await asRetagger(t);
    const blank = await send(retagger, 'POST', '/backoffice/tags', { name_en: '  ', name_de: 'a', name_fr: 'b' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toHaveProperty('name_en');
    const long = await send(retagger, 'POST', '/backoffice/tags', { name_en: 'a', name_de: 'x'.repeat(61), name_fr: 'b' });
    expect(long.json().error.fields).toHaveProperty('name_de');
    expect((await send(retagger, 'PUT', '/backoffice/tags/2147483648', names('x'))).statusCode).toBe(400);
    expect((await send(retagger, 'PUT', '/backoffice/tags/2147483000', names('x'))).statusCode).toBe(404);
  });

  it('keeps the Trailer tag\'s English name and refuses to delete it: 409 PROTECTED_TAG', async () => {
    const admin = await asAdmin(t);
    const trailer = (await t.deps.db.query<{ id: number }>("SELECT id FROM tags WHERE name_en = 'Trailer'"))[0] ?? (await createTag(t, { name: 'Trailer' }));
    const rename = await send(admin, 'PUT', `/backoffice/tags/${trailer.id}`, { name_en: 'Teaser', name_de: 'Trailer', name_fr: 'Bande-annonce' });
    expect(rename.json().error).toMatchObject({ code: 'PROTECTED_TAG' });
    expect((await send(admin, 'PUT', `/backoffice/tags/${trailer.id}`, { name_en: 'Trailer', name_de: 'Vorschau', name_fr: 'Bande-annonce' })).statusCode).toBe(200);
    expect((await send(admin, 'DELETE', `/backoffice/tags/${trailer.id}`)).json().error).toMatchObject({ code: 'PROTECTED_TAG' });
  });

  it('an admin deletes a tag: it leaves every video and the filters, and the audit entry keeps its videos', async () => {
    const admin = await asAdmin(t);
    const member = await asMember(t);
    const tag = await createTag(t);
    const videos = [await createVideo(t, { tagIds: [tag.id] }), await createVideo(t, { tagIds: [tag.id] })];
    expect(VideoList.parse((await send(member, 'GET', `/videos?tags=${tag.id}`)).json()).total).toBe(2);

    const res = await send(admin, 'DELETE', `/backoffice/tags/${tag.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(VideoList.parse((await send(member, 'GET', `/videos?tags=${tag.id}`)).json()).total).toBe(0);
    expect(TagList.parse((await send(member, 'GET', '/videos/tags')).json()).some((one) => one.id === tag.id)).toBe(false);
    const [entry] = (await audits('backoffice.tags.delete')).slice(-1);
    expect(entry).toMatchObject({ subject_type: 'tag', subject_id: String(tag.id), before: { name_en: tag.name_en, video_ids: videos.map((v) => v.id) } });
    expect((await send(admin, 'DELETE', `/backoffice/tags/${tag.id}`)).statusCode).toBe(404);
  });

  it('deleting is for admins: a retagger gets 403 and the tag stays', async () => {
    const retagger = await asRetagger(t);
    const tag = await createTag(t);
    expect((await send(retagger, 'DELETE', `/backoffice/tags/${tag.id}`)).statusCode).toBe(403);
    expect((await t.deps.db.query('SELECT 1 FROM tags WHERE id = $1', [tag.id])).length).toBe(1);
  });

  it('lists tags with their counts, searched in any language', async () => {
    const retagger = await asRetagger(t);
    const tag = await createTag(t, { name: `Lighthouse ${++unique}`, nameDe: `Leuchtturm ${unique}`, nameFr: `Phare ${unique}` });
    await createVideo(t, { tagIds: [tag.id] });
    const found = BackofficeTagList.parse((await send(retagger, 'GET', `/backoffice/tags?query=${encodeURIComponent(`leuchtturm ${unique}`)}`)).json());
    expect(found.tags).toEqual([{ id: tag.id, name_en: tag.name_en, name_de: tag.name_de, name_fr: tag.name_fr, video_count: 1 }]);
  });

  it('is for retaggers and admins: 403 for a member, a writer, a model and a plain team member', async () => {
    for (const who of [await asMember(t), await asWriter(t), await asModel(t), await asTeam(t, { teamKinds: ['support'] })]) {
      expect((await send(who, 'GET', '/backoffice/tags')).statusCode).toBe(403);
      expect((await send(who, 'POST', '/backoffice/tags', names('No'))).statusCode).toBe(403);
      expect((await send(who, 'GET', '/backoffice/retag/videos')).statusCode).toBe(403);
    }
    expect((await send(await asAdmin(t), 'GET', '/backoffice/tags')).statusCode).toBe(200);
  });
});

describe("the Retagger's videos", () => {
  it('searches by title, filters by tag or untagged, newest first, with each video\'s tags and cover', async () => {
    const retagger = await asRetagger(t);
    const stem = `Harbour walk ${++unique}`;
    const tag = await createTag(t);
    const now = t.deps.now().getTime();
    const older = await createVideo(t, { title: `${stem} one`, tagIds: [tag.id], publishedAt: new Date(now - 3 * 86_400_000) });
    const newer = await createVideo(t, { title: `${stem} two`, publishedAt: new Date(now - 86_400_000) });

    const all = RetagVideoList.parse((await send(retagger, 'GET', `/backoffice/retag/videos?query=${encodeURIComponent(stem.toUpperCase())}`)).json());
    expect(all.videos.map((v) => v.id)).toEqual([newer.id, older.id]);
    expect(all).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(all.videos[1]!.tags).toEqual([{ id: tag.id, name_en: tag.name_en, name_de: tag.name_de, name_fr: tag.name_fr }]);
    expect(all.videos[0]!.thumbnail).toContain(`/video/${newer.id}/370x206`);

    const tagged = RetagVideoList.parse((await send(retagger, 'GET', `/backoffice/retag/videos?query=${encodeURIComponent(stem)}&tag=${tag.id}`)).json());
    expect(tagged.videos.map((v) => v.id)).toEqual([older.id]);
    const untagged = RetagVideoList.parse((await send(retagger, 'GET', `/backoffice/retag/videos?query=${encodeURIComponent(stem)}&untagged=true`)).json());
    expect(untagged.videos.map((v) => v.id)).toEqual([newer.id]);

    const both = await send(retagger, 'GET', `/backoffice/retag/videos?tag=${tag.id}&untagged=true`);
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields).toHaveProperty('untagged');
  });
});

describe('retagging many videos at once', () => {
  it('adds and removes tags on every selected video in one call; a member finds them by the tag at once; one audit entry with each video before and after', async () => {
    const retagger = await asRetagger(t);
    const member = await asMember(t);
    const [keep, drop, add] = [await createTag(t), await createTag(t), await createTag(t)];
    const videos = [await createVideo(t, { tagIds: [keep.id, drop.id] }), await createVideo(t, { tagIds: [drop.id] }), await createVideo(t, { tagIds: [add.id] })];
    const ids = videos.map((v) => v.id);
    // Read (and cached) before the change.
    expect(VideoList.parse((await send(member, 'GET', `/videos?tags=${add.id}`)).json()).total).toBe(1);

    const res = await send(retagger, 'POST', '/backoffice/retag', { video_ids: ids, add: [add.id], remove: [drop.id] });
    expect(res.statusCode, res.body).toBe(200);
    const result = RetagResult.parse(res.json());
    expect(result).toMatchObject({ added: 2, removed: 2 });
    expect(result.videos.map((v) => [v.id, v.tags.map((tag) => tag.id).sort()])).toEqual([
      [ids[0], [keep.id, add.id].sort()],
      [ids[1], [add.id]],
      [ids[2], [add.id]],
    ]);

    const filtered = VideoList.parse((await send(member, 'GET', `/videos?tags=${add.id}`)).json());
    expect(filtered.videos.map((v) => v.id).sort()).toEqual([...ids].sort());
    expect(VideoList.parse((await send(member, 'GET', `/videos?tags=${drop.id}`)).json()).total).toBe(0);

    const entries = (await audits('backoffice.retag.apply')).filter((entry) => entry.subject_id === ids.join(','));
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry).toMatchObject({ actor_id: retagger.id, subject_type: 'videos' });
    const tagIdsOf = (state: unknown) => (state as { videos: Array<{ id: number; tags: Array<{ id: number }> }> }).videos.map((v) => [v.id, v.tags.map((tag) => tag.id).sort()]);
    expect(tagIdsOf(entry.before)).toEqual([
      [ids[0], [keep.id, drop.id].sort()],
      [ids[1], [drop.id]],
      [ids[2], [add.id]],
    ]);
    expect(tagIdsOf(entry.after)).toEqual(result.videos.map((v) => [v.id, v.tags.map((tag) => tag.id).sort()]));
  });

  it('is all or nothing: a missing video or tag answers 404 naming the field and changes no video', async () => {
    const retagger = await asRetagger(t);
    const tag = await createTag(t);
    const video = await createVideo(t);
    const missingVideo = await send(retagger, 'POST', '/backoffice/retag', { video_ids: [video.id, 2_147_483_000], add: [tag.id], remove: [] });
    expect(missingVideo.statusCode).toBe(404);
    expect(missingVideo.json().error.fields.video_ids).toContain('2147483000');
    const missingTag = await send(retagger, 'POST', '/backoffice/retag', { video_ids: [video.id], add: [tag.id, 2_147_483_000], remove: [] });
    expect(missingTag.statusCode).toBe(404);
    expect(missingTag.json().error.fields).toEqual({ add: 'No tag with id 2147483000' });
    expect(await t.deps.db.query('SELECT tag_id FROM video_tags WHERE video_id = $1', [video.id])).toEqual([]);
    expect((await audits('backoffice.retag.apply')).some((entry) => entry.subject_id.split(',').includes(String(video.id)))).toBe(false);
  });

  it('refuses bad selections with a 400 naming the field', async () => {
    const retagger = await asRetagger(t);
    const tag = await createTag(t);
    const video = await createVideo(t);
    const cases: Array<[object, string]> = [
      [{ video_ids: [], add: [tag.id], remove: [] }, 'video_ids'],
      [{ video_ids: [video.id, video.id], add: [tag.id], remove: [] }, 'video_ids'],
      [{ video_ids: [video.id], add: [], remove: [] }, 'add'],
      [{ video_ids: [video.id], add: [tag.id], remove: [tag.id] }, 'remove'],
      [{ video_ids: [video.id], add: ['x'], remove: [] }, 'add.0'],
      [{ video_ids: Array.from({ length: 201 }, (_, i) => i + 1), add: [tag.id], remove: [] }, 'video_ids'],
    ];
    for (const [body, field] of cases) {
      const res = await send(retagger, 'POST', '/backoffice/retag', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });
});

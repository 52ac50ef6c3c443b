import { VideoList } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asMember, createTag, createVideo } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// A page of the catalog is kept per filter, order and page (decision record 051): asked again it costs no catalog
// query, a change to the catalog shows on the next request, and each viewer still sees their own favourite marks.

let t: TestApp;
let tag: number;
let reader: Record<string, string>;
const ids: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  tag = (await createTag(t, { name: 'Cached' })).id;
  reader = (await asMember(t)).headers;
  for (let i = 0; i < 3; i++) ids.push((await createVideo(t, { title: `Kept ${i}`, tagIds: [tag], publishedAt: new Date(Date.UTC(2030, 0, 1 + i)) })).id);
});
afterAll(async () => {
  await t.close();
});

const list = async (headers: Record<string, string> = reader, url = `/api/videos?page=1&tags=${tag}`) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return VideoList.parse(res.json());
};

describe('GET /videos from the page cache', () => {
  it('answers a page asked again with no query at all', async () => {
    await t.deps.db.changes.listening();
    const first = await list();
    const queries = vi.spyOn(t.deps.db, 'query');
    const again = await list();
    expect(again).toEqual(first);
    // Not even the favourite marks: the member's favourite ids are kept too.
    expect(queries.mock.calls.map(([sql]) => sql)).toEqual([]);
    queries.mockRestore();
  });

  it('shows a new video of the filter, and a changed title, on the next request', async () => {
    const before = await list();
    const added = await createVideo(t, { title: 'Fresh', tagIds: [tag], publishedAt: new Date(Date.UTC(2031, 0, 1)) });
    const after = await list();
    expect(after.total).toBe(before.total + 1);
    expect(after.videos[0]).toMatchObject({ id: added.id, title: 'Fresh' });

    await t.deps.db.query('UPDATE videos SET title = $2 WHERE id = $1', [added.id, 'Renamed']);
    expect((await list()).videos[0]).toMatchObject({ id: added.id, title: 'Renamed' });
  });

  it('marks the favourites of each viewer on the same kept page', async () => {
    const fan = await asMember(t);
    const other = await asMember(t);
    const res = await t.app.inject({ method: 'POST', url: `/api/favourites/video/${ids[0]}`, headers: fan.headers });
    expect(res.statusCode).toBeLessThan(300);
    const mark = (page: VideoList) => page.videos.find((v) => v.id === ids[0])?.is_favourite;
    expect(mark(await list(fan.headers))).toBe(true);
    expect(mark(await list(other.headers))).toBe(false);
    expect(mark(await list(fan.headers))).toBe(true);
  });
});

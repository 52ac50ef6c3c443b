import { VideoDetail } from '@velora/shared';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { AuthContext } from '../src/modules/sessions/sessions.service';
import { storeFreeVideoToken, storeUnlockToken } from '../src/modules/videos/videos.service';
import { asMember, createMediaAsset, createModel, createShoot, createTag, createVideo, type LoggedIn, type UserOverrides } from './factories';
import { buildTestApp, type TestApp } from './test-app';

// The videos, tokens and members the player's endpoint tests share (videos-player-*.routes.test.ts), each file with
// an app and a database of its own. The app, the clock and the members are live bindings: set by the hooks that
// usePlayerFixture registers, read by the tests as plain names.

export const NOW = Date.parse('2030-05-01T12:00:00Z');
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export let t: TestApp;
let clock = NOW;
export const at = (ms: number) => {
  clock = ms;
};

export interface Ids {
  tags: Record<'Trailer' | 'Beach' | 'Night' | 'City', number>;
  models: Record<'alina' | 'jonas' | 'kira', number>;
  assets: { ready: number; pending: number };
  /** Beach, Alina; ready asset. Locked for a free member. */
  locked: number;
  /** Trailer + Beach, Alina; ready asset. */
  trailer: number;
  /** Night, Jonas; ready asset. Opened by the unlock token. */
  unlockable: number;
  /** Beach + Night, Alina + Jonas; pending asset. */
  pending: number;
  /** City, Kira; no asset. */
  bare: number;
  /** Beach, Alina (similar to `locked`). */
  cousin: number;
  shoot: number;
  otherShoot: number;
}
export const ids = {} as Ids;

export type Person = LoggedIn;
export let member: Person;
export let premium: Person;
export let censored: Person;
export let redeemer: Person;

export const createUser = (username: string, opts: { premiumUntil?: Date; role?: string } = {}): Promise<Person> =>
  asMember(t, { username, ...(opts.premiumUntil ? { premiumUntil: opts.premiumUntil } : {}), ...(opts.role ? { roles: [opts.role] } : {}) } satisfies UserOverrides);

async function insertVideo(title: string, tags: (keyof Ids['tags'])[], models: (keyof Ids['models'])[], assetId: number | null, daysAgo: number) {
  const video = await createVideo(t, {
    title, duration: 600, publishedAt: new Date(NOW - daysAgo * DAY), rating: 4, views: 10, mediaAssetId: assetId,
    tagIds: tags.map((tag) => ids.tags[tag]), modelIds: models.map((m) => ids.models[m]),
  });
  return video.id;
}

export const setTrailerFeature = (isActive: boolean) =>
  t.services.features.set({ name: 'trailer', is_active: isActive, version: null, settings: {} });

export function call(method: 'GET' | 'POST', url: string, who?: Person | null, payload?: unknown, extra: { remoteAddress?: string } = {}) {
  return t.app.inject({
    method,
    url,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...extra,
  });
}
export const get = (url: string, who?: Person | null) => call('GET', url, who);
export const post = (url: string, who: Person | null, payload?: unknown) => call('POST', url, who, payload);

export async function detail(id: number, who: Person) {
  const res = await get(`/api/videos/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return VideoDetail.parse(res.json());
}

export const contextOf = async (who: Person): Promise<AuthContext> => (await t.services.sessions.resolve(who.token))!;

/** Builds the app and the fixture before the file's tests, closes it after them, and sets the clock back before each. */
export function usePlayerFixture() {
  beforeAll(async () => {
    t = await buildTestApp({ now: () => new Date(clock) });
    for (const name of ['Trailer', 'Beach', 'Night', 'City'] as const) {
      ids.tags = { ...ids.tags, [name]: (await createTag(t, { name })).id };
    }
    for (const [key, name] of [['alina', 'Alina Moreau'], ['jonas', 'Jonas Berg'], ['kira', 'Kira Novak']] as const) {
      ids.models = { ...ids.models, [key]: (await createModel(t, { name })).id };
    }
    ids.assets = {
      ready: (await createMediaAsset(t, { sourceName: 'a.mp4', renditions: [720, 360, 1080] })).id,
      pending: (await createMediaAsset(t, { sourceName: 'b.mp4', status: 'pending' })).id,
    };
    // What a restricted viewer plays instead of any video.
    await createMediaAsset(t, { kind: 'censored', sourceName: 'c.mp4', renditions: [360] });
    ids.locked = await insertVideo('Locked', ['Beach'], ['alina'], ids.assets.ready, 5);
    ids.trailer = await insertVideo('Trailer', ['Trailer', 'Beach'], ['alina'], ids.assets.ready, 4);
    ids.unlockable = await insertVideo('Unlockable', ['Night'], ['jonas'], ids.assets.ready, 3);
    ids.pending = await insertVideo('Pending', ['Beach', 'Night'], ['alina', 'jonas'], ids.assets.pending, 2);
    ids.bare = await insertVideo('Bare', ['City'], ['kira'], null, 1);
    ids.cousin = await insertVideo('Cousin', ['Beach'], ['alina'], ids.assets.ready, 6);
    ids.shoot = (await createShoot(t, { title: 'First', modelId: ids.models.alina, publishedAt: new Date(NOW - 9 * DAY), videoIds: [ids.locked, ids.unlockable] })).id;
    ids.otherShoot = (await createShoot(t, { title: 'Later', modelId: ids.models.alina, publishedAt: new Date(NOW - DAY), videoIds: [ids.locked] })).id;
    await setTrailerFeature(true);
    await storeUnlockToken(t.deps.db, 'unlock-good', { videoIds: [ids.unlockable, 2_000_000], shootIds: [ids.shoot] }, new Date(NOW + DAY));
    await storeUnlockToken(t.deps.db, 'unlock-forever', { videoIds: [ids.bare], shootIds: [] }, null);
    await storeUnlockToken(t.deps.db, 'unlock-expired', { videoIds: [ids.locked], shootIds: [] }, new Date(NOW - 1));
    await storeFreeVideoToken(t.deps.db, 'free-good', ids.locked, new Date(NOW + DAY));
    await storeFreeVideoToken(t.deps.db, 'free-pending', ids.pending, new Date(NOW + DAY));
    await storeFreeVideoToken(t.deps.db, 'free-expired', ids.locked, new Date(NOW - 1));

    member = await createUser('free_member');
    premium = await createUser('premium_member', { premiumUntil: new Date(NOW + 10 * DAY) });
    censored = await createUser('restricted_viewer', { premiumUntil: new Date(NOW + 10 * DAY), role: 'censored' });
    redeemer = await createUser('token_redeemer');
  });
  afterAll(() => t.close());
  beforeEach(() => at(NOW));
}

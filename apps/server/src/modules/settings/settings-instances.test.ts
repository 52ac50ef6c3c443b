import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { MembershipPlans, Profile, Showcase, VideoDetail } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { openPostgresDatabase } from '../../db/postgres-database';
import { seedMoney } from '../../demo/seed-money';
import { asAdmin, asMember, createMediaAsset, createVisit, createModel, createTag, createVideo, type LoggedIn } from '../../../test/factories';
import { deleteRedisKeys, redisUnavailable, testRedisKey, TEST_REDIS_URL } from '../../../test/realtime-clients';
import { buildTestApp, TEST_ENGINE, TEST_POSTGRES_URL, type TestApp } from '../../../test/test-app';

// Two instances of one site (decision record 072): each its own connections to one PostgreSQL schema, its own caches,
// one Redis. A flag, a price or a VAT rate an admin changes on one is what the other answers within a second: the
// member's profile and paywall, the visitors' landing teasers (a cache, dropped by the table's notification) and
// whether a trailer plays.

const WITHIN_MS = 1_000;
const redisKey = testRedisKey();
let redisError: string | null = null;
let schema: string;
let dbs: Database[] = [];
let a: TestApp;
let b: TestApp;
let admin: LoggedIn;
let member: LoggedIn;
let trailerId: number;

const get = (app: TestApp, url: string, who?: LoggedIn) => app.app.inject({ method: 'GET', url: `/api${url}`, headers: who?.headers ?? {} });

/** Polls `read` on the other instance until `ok`, and how long that took; fails after WITHIN_MS. */
async function seenWithin<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (ok(await read())) return Date.now() - started;
    if (Date.now() - started > WITHIN_MS) throw new Error(`not seen within ${WITHIN_MS} ms: ${JSON.stringify(await read())}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  if (TEST_ENGINE !== 'postgres') return;
  redisError = await redisUnavailable();
  schema = `t_${randomBytes(6).toString('hex')}`;
  const admin0 = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin0.connect();
  await admin0.query(`CREATE SCHEMA ${schema}`);
  await admin0.end();
  dbs = [0, 1].map(() => openPostgresDatabase({ connectionString: TEST_POSTGRES_URL, searchPath: schema, max: 6 }));
  await migrate(dbs[0]!);
  const env: Record<string, string> = redisError ? {} : { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `${redisKey}:` };
  a = await buildTestApp({ db: dbs[0]!, env });
  b = await buildTestApp({ db: dbs[1]!, env });
  await Promise.all(dbs.map((db) => db.changes.listening()));
  await seedMoney(dbs[0]!);
  admin = await asAdmin(a);
  member = await asMember(a);
  const tag = (await createTag(a, { name: 'Trailer' })).id;
  const model = (await createModel(a, { name: 'Instance Model' })).id;
  const asset = (await createMediaAsset(a, { sourceName: 't.mp4', renditions: [360] })).id;
  trailerId = (await createVideo(a, { title: 'A trailer', duration: 10, publishedAt: new Date(Date.now() - 86_400_000), tagIds: [tag], modelIds: [model], mediaAssetId: asset })).id;
});

afterAll(async () => {
  if (TEST_ENGINE !== 'postgres') return;
  await b?.close();
  await a?.close();
  await Promise.all(dbs.map((db) => db.close()));
  const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await c.connect();
  await c.query(`DROP SCHEMA ${schema} CASCADE`);
  await c.end();
  if (!redisError) await deleteRedisKeys(redisKey);
});

describe.runIf(TEST_ENGINE === 'postgres')('settings changed on one instance, answered by another', () => {
  it('a discount flag: the member profile and paywall on the other instance within a second', async () => {
    // Warm the other instance first: whatever it caches must be dropped, not merely never filled.
    expect(Profile.parse((await get(b, '/user/profile', member)).json()).features.cc_discount?.is_active ?? false).toBe(false);
    const res = await a.app.inject({ method: 'PUT', url: '/api/backoffice/flags/cc_discount', headers: admin.headers, payload: { is_active: true, version: null, settings: { percent: 10 }, revision: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    await seenWithin(async () => Profile.parse((await get(b, '/user/profile', member)).json()).features.cc_discount, (f) => f?.is_active === true);
    await seenWithin(async () => MembershipPlans.parse((await get(b, '/payments/plans', member)).json()).plans[1]!.price, (p) => p.discount === 'cc_discount' && p.discount_percent === 10);
  });

  it("the trailer flag: the visitors' cached landing teasers and a member's trailer on the other instance within a second", async () => {
    await a.app.inject({ method: 'PUT', url: '/api/backoffice/flags/trailer', headers: admin.headers, payload: { is_active: false, version: null, settings: {}, revision: 0 } });
    await seenWithin(async () => Showcase.parse((await get(b, '/showcase')).json()).trailers, (list) => list.length === 0);
    expect(VideoDetail.parse((await get(b, `/videos/${trailerId}`, member)).json()).playable).toBe(false);
    const res = await a.app.inject({ method: 'PUT', url: '/api/backoffice/flags/trailer', headers: admin.headers, payload: { is_active: true, version: null, settings: {}, revision: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    await seenWithin(async () => Showcase.parse((await get(b, '/showcase')).json()).trailers.map((v) => v.id), (ids) => ids.includes(trailerId));
    await seenWithin(async () => VideoDetail.parse((await get(b, `/videos/${trailerId}`, member)).json()).playable, (playable) => playable);
  });

  it('a VAT rate and a price: the other instance prices with them within a second', async () => {
    await a.app.inject({ method: 'PUT', url: '/api/backoffice/flags/vat', headers: admin.headers, payload: { is_active: true, version: null, settings: {}, revision: 0 } });
    const visit = await createVisit(a, { country: 'DE' });
    const priced = async () => MembershipPlans.parse((await b.app.inject({ method: 'GET', url: '/api/payments/plans', headers: { 'x-visit-id': visit } })).json()).plans[1]!.price;
    await seenWithin(priced, (p) => p.vat_rate_bp === 1900);
    const rate = await a.app.inject({ method: 'PUT', url: '/api/backoffice/vat-rates/DE', headers: admin.headers, payload: { rate_bp: 700, revision: 1 } });
    expect(rate.statusCode, rate.body).toBe(200);
    await seenWithin(priced, (p) => p.vat_rate_bp === 700);
    const plan = (await a.app.inject({ method: 'GET', url: '/api/backoffice/prices', headers: admin.headers })).json().plans[1];
    await a.app.inject({ method: 'PUT', url: `/api/backoffice/plans/${plan.id}`, headers: admin.headers, payload: { price_cents: 3000, currency: 'EUR', active: true, sort: plan.sort, recommended: false, revision: plan.revision } });
    await seenWithin(priced, (p) => p.net_cents === 2700 && p.discount === 'cc_discount');
  });
});

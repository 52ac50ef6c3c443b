import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { API_PREFIX, type EndpointSpec } from '@velora/shared';
import { seedFeatures } from '../../src/demo/seed-catalog';
import { seedContent } from '../../src/demo/seed-content';
import { DEMO_FREE_VIDEO_TOKEN, DEMO_UNLOCK_TOKEN, seedDemoTokens } from '../../src/demo/seed-demo-tokens';
import { seedMoney } from '../../src/demo/seed-money';
import { hashPassword } from '../../src/lib/password';
import { insertCatalog, type CatalogFixture } from '../catalog-fixture';
import { createCamera, createPlaydate, createUser, DAY_MS, goLive, TEST_TOTP_SECRET, type UserOverrides } from '../factories';
import { solvedCaptcha } from '../solve-captcha';
import { buildTestApp, type TestApp, type TestAppOverrides } from '../test-app';

// A small world for the generated endpoint suite: the real app, a catalog, the demo content, plans and tokens, and
// one account per role. Each call gets a fresh session, so a logout or a password change never spoils the next one.

export const SUITE_ROLES = ['visitor', 'member', 'premium', 'model', 'team', 'admin'] as const;
export type SuiteRole = (typeof SUITE_ROLES)[number];
/** The roles of people who work on the site: their accounts have an authenticator app, their sessions a proven code. */
const STAFF_ROLES: ReadonlySet<Exclude<SuiteRole, 'visitor'>> = new Set(['model', 'team', 'admin']);

export const PASSWORD = 'correct-horse-battery';

export interface EndpointWorld extends TestApp {
  catalog: CatalogFixture;
  users: Record<Exclude<SuiteRole, 'visitor'>, { id: number; username: string }> & { other: { id: number; username: string } };
  ids: {
    planId: number;
    packageId: number;
    landingId: number;
    blogAlias: string;
    pagePath: string;
    featureName: string;
    playdateId: number;
    freeVideoToken: string;
    unlockToken: string;
    /** A free camera on air (of the second catalog model). */
    cameraName: string;
  };
  /** A new session of the role's account (null for a visitor). */
  tokenFor(role: SuiteRole): Promise<string | null>;
  /** A solved captcha of the contact and report forms (single use). */
  captcha(): Promise<string>;
  /** A call the way the app's client makes it; `path` is relative to /api. Each comes from an address of its own, so
   * the per-address limits of one case never answer for the next. */
  send(request: { method: string; path: string; query?: string; body?: unknown; token: string | null; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /** A client address no call has used yet (for calls made with app.inject directly). */
  nextAddress(): string;
}

/** The world of the suite; `overrides` for a differently set-up app (the Redis outage tests: REDIS_URL, shared limits;
 * the fuzz command: one world per engine in one process, with a logger that hears the errors behind a 5xx). */
export async function buildEndpointWorld(overrides: TestAppOverrides = {}): Promise<EndpointWorld> {
  // An identity provider is configured (with no keys: every ID token is refused), so /auth/:provider exists here.
  const keysDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-jwks-'));
  const jwks = path.join(keysDir, 'jwks.json');
  await fs.writeFile(jwks, JSON.stringify({ keys: [] }));
  const t = await buildTestApp({ ...overrides, env: { OIDC_GOOGLE_CLIENT_ID: 'endpoint-suite', OIDC_GOOGLE_JWKS: jwks, ...overrides.env } });
  const { db } = t.deps;
  const now = t.deps.now();
  const catalog = await insertCatalog(t, now.getTime());
  await seedFeatures(db);
  await seedContent(db, { now });
  await seedMoney(db);
  await seedDemoTokens(db, { now });

  // One Argon2 hash for every account: the suite logs in with the password.
  const passwordHash = await hashPassword(PASSWORD);
  const user = async (username: string, fields: UserOverrides = {}) => {
    const row = await createUser(t, { username, passwordHash, ...fields });
    return { id: row.id, username };
  };
  const users = {
    member: await user('suite_member'),
    premium: await user('suite_premium', { premiumUntil: new Date(now.getTime() + 30 * DAY_MS) }),
    model: await user('suite_model', { modelId: catalog.models[0]!.id }),
    team: await user('suite_team', { teamMember: true }),
    admin: await user('suite_admin', { teamKinds: ['admin'] }),
    other: await user('suite_other'),
  };

  for (const role of STAFF_ROLES) await t.services.secondFactor.enroll(users[role].id, TEST_TOTP_SECRET);

  const camera = await createCamera(t, { modelId: catalog.models[1]!.id, name: 'suite-cam' });
  await goLive(t, camera.id);
  const playdateId = await createPlaydate(t, { modelId: catalog.models[0]!.id, memberId: users.premium.id, title: 'Suite playdate' });
  const one = async <T>(sql: string) => {
    const [row] = await db.query<Record<string, T>>(sql);
    if (!row) throw new Error(`the endpoint world has no row for: ${sql}`);
    return Object.values(row)[0]!;
  };
  const ids: EndpointWorld['ids'] = {
    planId: await one<number>('SELECT id FROM membership_plans ORDER BY id LIMIT 1'),
    packageId: await one<number>('SELECT id FROM coin_packages ORDER BY id LIMIT 1'),
    landingId: await one<number>('SELECT id FROM landings ORDER BY id LIMIT 1'),
    blogAlias: await one<string>("SELECT alias FROM blog_articles WHERE language = 'en' ORDER BY id LIMIT 1"),
    pagePath: await one<string>('SELECT path FROM pages WHERE password_hash IS NULL ORDER BY id LIMIT 1'),
    featureName: await one<string>('SELECT name FROM features ORDER BY id LIMIT 1'),
    playdateId,
    freeVideoToken: DEMO_FREE_VIDEO_TOKEN,
    unlockToken: DEMO_UNLOCK_TOKEN,
    cameraName: camera.name,
  };

  const { sessions } = t.services;
  let addresses = 0;
  const nextAddress = () => {
    addresses += 1;
    return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  };
  return {
    ...t,
    catalog,
    users,
    ids,
    async tokenFor(role) {
      if (role === 'visitor') return null;
      const { token, sessionId } = await sessions.create(users[role].id);
      // The staff accounts' sessions are as a log-in with a code of their app leaves them (decision record 070).
      if (STAFF_ROLES.has(role)) await sessions.markSecondFactor(sessionId);
      return token;
    },
    captcha: () => solvedCaptcha(t.app, nextAddress()),
    nextAddress,
    send({ method, path: url, query, body, token, headers = {} }) {
      return t.app.inject({
        method: method as 'GET',
        remoteAddress: nextAddress(),
        url: `${API_PREFIX}${url}${query ? `?${query}` : ''}`,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    },
    async close() {
      await t.close();
      await fs.rm(keysDir, { recursive: true, force: true });
    },
  };
}

/** The statuses an endpoint may answer with: its success status and its declared errors. */
export const declaredStatuses = (endpoint: EndpointSpec): number[] => [endpoint.status, ...endpoint.errors];

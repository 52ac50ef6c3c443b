import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, GOOGLE_JWKS_URL, loadConfig } from '../../config';
import { createUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { usernameBaseFrom } from './identity.service';

// Tokens are signed with a locally generated RSA key whose public half is in a local JWKS file, as OIDC_GOOGLE_JWKS allows.

const CLIENT_ID = 'velora-test-client.apps.example';
const ISSUER = 'https://accounts.google.com';
const HOST = 'login.velora.test';
const KID = 'test-key-1';

let t: TestApp;
let dir: string;
let jwksFile: string;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let seq = 0;

async function sign(claims: JWTPayload, options: { key?: CryptoKey; kid?: string; alg?: string; expiresIn?: string | number } = {}) {
  const jwt = new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? KID })
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h');
  if (claims.iss === undefined) jwt.setIssuer(ISSUER);
  if (claims.aud === undefined) jwt.setAudience(CLIENT_ID);
  return jwt.sign(options.key ?? signingKey);
}

const nextPerson = () => {
  seq += 1;
  return { sub: `google-subject-${seq}`, email: `person.${seq}@mail.example` };
};

function signIn(body: unknown, options: { host?: string; provider?: string; app?: TestApp } = {}) {
  return (options.app ?? t).app.inject({
    method: 'POST',
    url: `/api/auth/${options.provider ?? 'google'}`,
    headers: { host: options.host ?? HOST },
    payload: body as object,
  });
}

const profileOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } })).json();
const countUsers = async () => Number((await t.deps.db.query<{ n: string }>('SELECT count(*) AS n FROM users'))[0]!.n);

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-jwks-'));
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwksFile = path.join(dir, 'jwks.json');
  await fs.writeFile(jwksFile, JSON.stringify({ keys: [jwk] }));
  t = await buildTestApp({ env: { OIDC_GOOGLE_CLIENT_ID: CLIENT_ID, OIDC_GOOGLE_JWKS: jwksFile, IDENTITY_PROVIDER_HOST: HOST } });
});

afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('POST /auth/google with a valid ID token', () => {
  it('creates an account on the first call, then logs the same account in', async () => {
    const person = nextPerson();
    const before = await countUsers();
    const first = await signIn({ token: await sign(person), language: 'de' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_at: expect.any(Number), redirect_url: null });
    expect(await countUsers()).toBe(before + 1);

    const profile = await profileOf(first.json().access_token);
    expect(profile).toMatchObject({ email: person.email, username: `person.${seq}`, language: 'de' });

    const second = await signIn({ token: await sign(person), language: 'en' });
    expect(second.statusCode).toBe(200);
    expect(second.json().access_token).not.toBe(first.json().access_token);
    expect(await countUsers()).toBe(before + 1);
    expect((await profileOf(second.json().access_token)).id).toBe(profile.id);
    // The link follows the provider's subject, even when the address at the provider changes.
    const moved = await signIn({ token: await sign({ ...person, email: `moved.${seq}@mail.example` }), language: 'en' });
    expect((await profileOf(moved.json().access_token)).id).toBe(profile.id);
  });

  it('links an existing account with the same email, whatever its case', async () => {
    const person = nextPerson();
    const row = await createUser(t, { username: 'has_password', email: person.email.toUpperCase() });
    const before = await countUsers();
    const res = await signIn({ token: await sign(person), language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(await countUsers()).toBe(before);
    expect((await profileOf(res.json().access_token)).id).toBe(row.id);
    const links = await t.deps.db.query('SELECT provider, subject, user_id FROM user_identities WHERE user_id = $1', [row.id]);
    expect(links).toEqual([{ provider: 'google', subject: person.sub, user_id: row.id }]);
  });

  it('derives a unique username from the email', async () => {
    await createUser(t, { username: 'ada', email: 'ada@elsewhere.example' });
    const res = await signIn({ token: await sign({ sub: 'ada-sub', email: 'ada@mail.example' }), language: 'en' });
    expect((await profileOf(res.json().access_token)).username).toBe('ada2');
    const again = await signIn({ token: await sign({ sub: 'ada-sub-2', email: 'Ada@other.example' }), language: 'en' });
    expect((await profileOf(again.json().access_token)).username).toBe('Ada3');
  });

  it('never takes a reserved name such as the site inbox `velora` from the email', async () => {
    const res = await signIn({ token: await sign({ sub: 'velora-sub', email: 'velora@mail.example' }), language: 'en' });
    expect(res.statusCode).toBe(200);
    expect((await profileOf(res.json().access_token)).username).toBe('velora2');
    // A new account gets the same welcome in its site inbox as a registration does.
    const inbox = await t.app.inject({ method: 'GET', url: '/api/messages', headers: { authorization: `Bearer ${res.json().access_token}` } });
    expect(inbox.json().conversations.map((c: { with: { name: string } }) => c.with.name)).toEqual(['velora']);
  });

  it('gives an account made this way no password that could match', async () => {
    const person = nextPerson();
    await signIn({ token: await sign(person), language: 'en' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: person.email, password: '!identity-provider' } });
    expect(res.statusCode).toBe(401);
  });

  it('accepts the issuer without a scheme, as Google also sends it', async () => {
    expect((await signIn({ token: await sign({ ...nextPerson(), iss: 'accounts.google.com', aud: CLIENT_ID }), language: 'en' })).statusCode).toBe(200);
  });

  it("answers with the user's landing URL when the sign-in started on a landing page", async () => {
    const res = await signIn({ token: await sign(nextPerson()), language: 'en', landing_id: 7 });
    expect(res.json().redirect_url).toBe('/recent_updates');
    await t.services.features.set({ name: 'landing_redirect', is_active: true, version: null, settings: {} });
    const again = await signIn({ token: await sign(nextPerson()), language: 'fr', landing_id: 'spring' });
    expect(again.json().redirect_url).toBe('/feeds');
    await t.services.features.set({ name: 'landing_redirect', is_active: false, version: null, settings: {} });
  });

  it('leaves the static /auth routes alone', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host: HOST }, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('username');
  });
});

describe('POST /auth/google refuses a bad token with 401', () => {
  it.each<[string, () => Promise<string>, RegExp]>([
    ['another audience', () => sign({ ...nextPerson(), aud: 'someone-else' }), /another site/],
    ['another issuer', () => sign({ ...nextPerson(), iss: 'https://evil.example' }), /another provider/],
    ['an expired token', () => sign(nextPerson(), { expiresIn: Math.floor(Date.now() / 1000) - 3600 }), /expired/],
    ['a forged signature (another key, our key id)', () => sign(nextPerson(), { key: strangerKey }), /signature/],
    ['an unknown key id', () => sign(nextPerson(), { key: strangerKey, kid: 'other' }), /signature/],
    ['an unverified email', () => sign({ ...nextPerson(), email_verified: false }), /not verified/],
    ['no email', () => sign({ sub: 'no-email' }), /email/],
    ['an unsigned token', async () => `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...nextPerson(), iss: ISSUER, aud: CLIENT_ID, exp: 4e9 })).toString('base64url')}.`, /signature/],
    ['a shared-secret token', () => sign(nextPerson(), { key: new TextEncoder().encode('x'.repeat(32)) as unknown as CryptoKey, alg: 'HS256' }), /signature/],
    ['garbage', async () => 'not.a.token', /signature/],
  ])('%s', async (_, token, message) => {
    const before = await countUsers();
    const res = await signIn({ token: await token(), language: 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'INVALID_ID_TOKEN', message: expect.stringMatching(message) });
    expect(await countUsers()).toBe(before);
  });
});

describe('POST /auth/:provider is only where it is enabled', () => {
  it('answers 404 on another host, before looking at the body', async () => {
    for (const body of [{ token: await sign(nextPerson()), language: 'en' }, {}]) {
      const res = await signIn(body, { host: 'www.velora.test' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('answers 404 for an unknown provider', async () => {
    for (const provider of ['facebook', 'toString', '__proto__', 'x'.repeat(80)]) {
      expect((await signIn({ token: await sign(nextPerson()), language: 'en' }, { provider })).statusCode).toBe(404);
    }
  });

  it('accepts the host whatever its case and port', async () => {
    expect((await signIn({ token: await sign(nextPerson()), language: 'en' }, { host: 'LOGIN.velora.test:8080' })).statusCode).toBe(200);
  });

  it.each([
    ['a missing token', { language: 'en' }, 'token'],
    ['an empty token', { token: '', language: 'en' }, 'token'],
    ['a missing language', { token: 'x.y.z' }, 'language'],
    ['an unknown language', { token: 'x.y.z', language: 'es' }, 'language'],
    ['a landing_id object', { token: 'x.y.z', language: 'en', landing_id: { id: 1 } }, 'landing_id'],
  ])('rejects %s with 400 naming the field', async (_, body, field) => {
    const res = await signIn(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('answers 404 when no provider is configured', async () => {
    const bare = await buildTestApp();
    try {
      expect((await signIn({ token: await sign(nextPerson()), language: 'en' }, { app: bare })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it("answers 503 when the provider's keys cannot be loaded", async () => {
    const broken = await buildTestApp({ env: { OIDC_GOOGLE_CLIENT_ID: CLIENT_ID, OIDC_GOOGLE_JWKS: path.join(dir, 'missing.json') } });
    try {
      const res = await signIn({ token: await sign(nextPerson()), language: 'en' }, { app: broken, host: 'any.host.example' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('IDENTITY_PROVIDER_UNAVAILABLE');
    } finally {
      await broken.close();
    }
  });
});

describe('identity-provider settings', () => {
  it('are off without a client id, and default to Google', () => {
    expect(loadConfig({}).identityProviders).toEqual({});
    expect(loadConfig({ OIDC_GOOGLE_CLIENT_ID: 'abc' }).identityProviders.google).toEqual({
      clientId: 'abc',
      issuer: 'https://accounts.google.com',
      jwks: { url: GOOGLE_JWKS_URL },
    });
    expect(loadConfig({}).identityProviderHost).toBeUndefined();
  });

  it('read a JWKS URL or a file path, an issuer and a host', () => {
    const c = loadConfig({
      OIDC_GOOGLE_CLIENT_ID: 'abc',
      OIDC_GOOGLE_ISSUER: 'https://issuer.example',
      OIDC_GOOGLE_JWKS: 'keys/jwks.json',
      IDENTITY_PROVIDER_HOST: 'WWW.Velora.NET',
    });
    expect(c.identityProviders.google).toEqual({ clientId: 'abc', issuer: 'https://issuer.example', jwks: { file: path.resolve('keys/jwks.json') } });
    expect(c.identityProviderHost).toBe('www.velora.net');
    expect(loadConfig({ OIDC_GOOGLE_CLIENT_ID: 'abc', OIDC_GOOGLE_JWKS: 'https://keys.example/certs' }).identityProviders.google?.jwks).toEqual({
      url: 'https://keys.example/certs',
    });
  });

  it.each([
    ['IDENTITY_PROVIDER_HOST', 'https://www.velora.net', /IDENTITY_PROVIDER_HOST: must be a host name/],
    ['IDENTITY_PROVIDER_HOST', 'www.velora.net:8080', /IDENTITY_PROVIDER_HOST/],
    ['OIDC_GOOGLE_ISSUER', 'accounts.google.com', /OIDC_GOOGLE_ISSUER: must be a URL/],
    ['OIDC_GOOGLE_JWKS', 'ftp://keys.example/jwks', /OIDC_GOOGLE_JWKS: must be an http\(s\) URL or a file path/],
    ['AGE_VERIFICATION_PROVIDER', 'acme', /AGE_VERIFICATION_PROVIDER: must be sandbox or none/],
  ])('stop on a bad %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('keep the age-verification sandbox off a production site unless asked for', () => {
    expect(loadConfig({}).ageVerificationProvider).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production' }).ageVerificationProvider).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', AGE_VERIFICATION_PROVIDER: 'sandbox' }).ageVerificationProvider).toBe('sandbox');
  });
});

describe('usernameBaseFrom', () => {
  it.each([
    ['anna.schmidt@mail.example', 'anna.schmidt'],
    ['Anna+news@mail.example', 'Anna_news'],
    ['józef.żółć@mail.example', 'jozef.zo_c'],
    ['a@mail.example', 'a_member'],
    ['..@mail.example', 'member'],
    ['_x_@mail.example', 'x_member'],
    [`${'long'.repeat(20)}@mail.example`, 'longlonglonglonglonglong'],
  ])('%s → %s', (email, expected) => {
    expect(usernameBaseFrom(email)).toBe(expected);
  });
});

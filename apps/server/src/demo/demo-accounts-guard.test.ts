import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { hashPassword } from '../lib/password';
import { demoAccountRefusal } from './demo-accounts-guard';
import { seedDemoAccounts } from './seed-accounts';

// Demo accounts left from a start on localhost must not go live when PUBLIC_URL becomes a public address (decision 029).

let t: TestApp;
const PUBLIC = { publicUrl: 'https://www.example.com', seedDemo: 'never' } as const;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demoAccountRefusal', () => {
  it('lets a database without demo accounts start anywhere', async () => {
    expect(await demoAccountRefusal(t.deps.db, PUBLIC)).toBeNull();
  });

  it('refuses a public address while a demo account still has the published password, in one line', async () => {
    await seedDemoAccounts(t.deps.db, { modelId: (await createModel(t)).id, now: new Date(), enrollSecondFactor: t.services.secondFactor.enroll });
    const refusal = await demoAccountRefusal(t.deps.db, PUBLIC);
    expect(refusal).toMatch(/^Refusing to start: demo accounts with the published password demo-password \(member, premium, model, writer, retagger, admin\) exist and PUBLIC_URL https:\/\/www\.example\.com is not a loopback address: .*SEED_DEMO=always/);
    expect(refusal).not.toContain('\n');
  });

  it('allows them on localhost, or when asked for with SEED_DEMO=always', async () => {
    expect(await demoAccountRefusal(t.deps.db, { publicUrl: 'http://localhost:8080', seedDemo: 'never' })).toBeNull();
    expect(await demoAccountRefusal(t.deps.db, { publicUrl: PUBLIC.publicUrl, seedDemo: 'always' })).toBeNull();
  });

  it('lets a demo account whose password was changed go live', async () => {
    await t.deps.db.query("UPDATE users SET password_hash = $1 WHERE email LIKE '%@demo.velora.test'", [await hashPassword('a-real-secret-now')]);
    expect(await demoAccountRefusal(t.deps.db, PUBLIC)).toBeNull();
  });
});

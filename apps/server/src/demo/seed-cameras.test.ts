import { CAMERA_NAME_PATTERN, CameraList } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, createModel, loginAs } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { usersRepository } from '../modules/users/users.repository';
import { seedDemoAccounts } from './seed-accounts';
import { CAMERA_TAGS, DEMO_MODEL_CAMERA_NAME, DEMO_ON_AIR_CAMERAS, demoLiveCameraIds, seedDemoCameras } from './seed-cameras';

const NOW = new Date('2030-05-01T12:00:00Z');

describe('the demo cameras', () => {
  let t: TestApp;
  let modelIds: number[];
  beforeAll(async () => {
    t = await buildTestApp({ now: () => NOW });
    modelIds = [];
    for (let i = 0; i < 14; i++) modelIds.push((await createModel(t, { name: i === 5 ? 'Zoé Åberg' : `Demo Model ${i}` })).id);
    await seedDemoAccounts(t.deps.db, { modelId: modelIds[0]!, now: NOW, enrollSecondFactor: t.services.secondFactor.enroll });
    await seedDemoCameras(t.deps.db, { modelIds, now: NOW });
  });
  afterAll(() => t.close());

  it('gives about a dozen models a camera with valid names, free and paid, tagged in three languages', async () => {
    const cameras = await t.deps.db.query<{ name: string; chat_mode: string; price_per_minute: number | null; model_id: number }>(
      'SELECT name, chat_mode, price_per_minute, model_id FROM cameras ORDER BY id',
    );
    expect(cameras).toHaveLength(12);
    for (const camera of cameras) expect(camera.name).toMatch(CAMERA_NAME_PATTERN);
    expect(cameras.map((c) => c.name)).toContain('zoe-aberg');
    expect(new Set(cameras.map((c) => c.chat_mode))).toEqual(new Set(['free', 'paid']));
    for (const camera of cameras.filter((c) => c.chat_mode === 'paid')) expect(camera.price_per_minute).toBeGreaterThan(0);
    const tags = await t.deps.db.query<{ name_de: string; name_fr: string }>('SELECT name_de, name_fr FROM camera_tags');
    expect(tags).toHaveLength(CAMERA_TAGS.length);
    expect(tags.every((tag) => tag.name_de !== '' && tag.name_fr !== '')).toBe(true);
  });

  it("gives the demo account `model` the camera /camera/model, in her studio", async () => {
    const [{ id }] = (await t.deps.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'model'")) as [{ id: number }];
    const account = (await usersRepository.findById(t.deps.db, id))!;
    const res = await t.app.inject({ method: 'GET', url: '/api/studio/camera', headers: (await loginAs(t, account)).headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().camera.name).toBe(DEMO_MODEL_CAMERA_NAME);
  });

  it('plans shows so that /cameras has cameras soon, and names the two the demo puts on air (one free, one paid)', async () => {
    const ids = await demoLiveCameraIds(t.deps.db);
    expect(ids).not.toBeNull();
    const modes = await t.deps.db.query<{ id: number; name: string; chat_mode: string }>('SELECT id, name, chat_mode FROM cameras WHERE id = ANY($1::int[])', [[ids!.free, ids!.paid]]);
    expect(Object.fromEntries(modes.map((m) => [m.id, [m.name, m.chat_mode]]))).toEqual({
      [ids!.free]: [DEMO_ON_AIR_CAMERAS.free, 'free'],
      [ids!.paid]: [DEMO_ON_AIR_CAMERAS.paid, 'paid'],
    });
    const member = await asMember(t);
    const list = CameraList.parse((await t.app.inject({ method: 'GET', url: '/api/cameras', headers: member.headers })).json());
    expect(list.cameras.filter((c) => c.state === 'soon').length).toBeGreaterThanOrEqual(2);
  });

  it('answers null when the demo cameras are not there', async () => {
    const other = await buildTestApp();
    try {
      expect(await demoLiveCameraIds(other.deps.db)).toBeNull();
    } finally {
      await other.close();
    }
  });
});

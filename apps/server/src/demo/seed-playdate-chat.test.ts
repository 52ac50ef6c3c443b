import { afterAll, beforeAll, expect, it } from 'vitest';
import { asModel } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { playdateReplayKey, signPlaydateReplayToken } from '../lib/playdate-replay-token';
import { seedDemoPlaydateChat } from './seed-playdate-chat';
import { seedDemoPlaydates } from './seed-playdates';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

it('gives the demo\'s finished public playdate a chat its replay shows, once', async () => {
  const model = await asModel(t);
  const modelId = model.user.model_id!;
  await seedDemoPlaydates(t.deps.db, { modelId, now: t.deps.now() });
  await seedDemoPlaydateChat(t.deps.db, { modelId });
  await seedDemoPlaydateChat(t.deps.db, { modelId });
  const [row] = await t.deps.db.query<{ id: number }>("SELECT id FROM playdates WHERE model_id = $1 AND status = 'finished'", [modelId]);
  const replay = await t.services.playdateRooms.chatHistory(signPlaydateReplayToken(playdateReplayKey(t.deps.config), row!.id));
  expect(replay.messages).toHaveLength(10);
  expect(replay.messages[0]!.system?.key).toBe('playdates.system.started');
  expect(replay.messages[1]!.author).toMatchObject({ user_id: model.id, role: 'model' });
  expect(replay.messages.at(-1)!.system?.key).toBe('playdates.system.ended');
});

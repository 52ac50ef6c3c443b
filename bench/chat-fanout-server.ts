// One instance of the app for chat-fanout.bench.ts, in a process of its own (so its event loop and CPU are its own):
// the real app (buildTestApp) on the bench's PostgreSQL schema, with REDIS_URL when the bench runs two instances.
// Started by the bench with fork(); it answers `listening` with its port, `connections` with its open sockets, `lag`
// with its event loop's delay since `lag-reset`.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { REALTIME_CHAT_EVENTS, roomName, type ChatMessage } from '@velora/shared';
import { openPostgresDatabase } from '../apps/server/src/db/postgres-database';
import type { BindableRealtimeHub } from '../apps/server/src/lib/realtime-hub';
import { buildTestApp, TEST_POSTGRES_URL } from '../apps/server/test/test-app';
import { BenchSend, type ServerStart } from './chat-fanout-protocol';

let sequence = 0;
function defineBenchEvent(hub: BindableRealtimeHub) {
  // The chat room kind is the chat-sessions module's; until it exists, members may read any camera's chat.
  if (!hub.roomKind('chat')) hub.replaceRoomKind('chat', { visitorsMayJoin: false, authorize: (viewer) => viewer !== null });
  hub.defineEvent(
    BenchSend,
    (context, payload) => {
      const room = roomName('chat', payload.camera_id);
      if (!context.inRoom(room)) throw new Error('not in the room');
      const message: ChatMessage = {
        id: ++sequence,
        camera_id: payload.camera_id,
        kind: 'public',
        author: { user_id: context.userId, name: 'bench', role: 'model' },
        to_user_id: null,
        text: payload.text,
        tip_coins: null,
        system: null,
        created_at: Date.now(),
      };
      hub.toRoom(room, REALTIME_CHAT_EVENTS.message, message);
      return { message };
    },
    { rateLimit: { points: 1_000_000, windowMs: 1_000 } },
  );
}

process.on('message', async (message: ServerStart | { type: 'connections' } | { type: 'stop' }) => {
  if (message.type === 'start') {
    const db = openPostgresDatabase({ connectionString: TEST_POSTGRES_URL, searchPath: message.schema, max: 10 });
    const t = await buildTestApp({
      db,
      env: message.redisUrl ? { REDIS_URL: message.redisUrl, REDIS_PREFIX: `${message.redisKey}:` } : {},
      realtime: { redisKey: message.redisKey },
      // With Redis, the event rate limits are shared as in production.
      sharedRateLimits: message.redisUrl !== null,
    });
    if (message.testEvent) defineBenchEvent(t.deps.realtime);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    process.send!({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
    // How late this process's event loop runs (a starved CPU shows here even when the process itself is idle).
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    process.on('message', async (next: { type: string }) => {
      if (next.type === 'lag-reset') lag.reset();
      if (next.type === 'lag') process.send!({ type: 'lag', p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 });
      if (next.type === 'connections') t.app.server.getConnections((_error, count) => process.send!({ type: 'connections', count }));
      if (next.type === 'stop') {
        await t.close();
        await db.close();
        process.send!({ type: 'stopped' });
        process.exit(0);
      }
    });
  }
});

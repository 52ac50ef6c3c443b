import type { WatchState } from '@velora/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { PRIVATE_MEDIA_ROOM_BASE } from './media-server';
import { createViewerSessions } from './viewer-sessions';
import { startWatchRecheck, type WatchRecheck } from './watch-recheck';

// The periodic re-check of the WHEP sessions an instance holds (decision record 061); the composition's test runs it
// with the real cameras module, the SFU and a second instance.

const silentLog = { info: () => undefined, error: () => undefined };

describe('the re-check of open WHEP sessions', () => {
  let recheck: WatchRecheck | null = null;
  afterEach(async () => recheck?.stop());

  it('closes the sessions of members who may no longer watch, keeps the others, and leaves private rooms alone', async () => {
    const closed: string[] = [];
    const viewers = createViewerSessions({ closeSession: async (id) => void closed.push(id) });
    viewers.add(1, 10, 'v-allowed');
    viewers.add(1, 11, 'v-unpaid');
    viewers.add(2, 12, 'v-went-offline');
    viewers.add(PRIVATE_MEDIA_ROOM_BASE + 2, 13, 'v-playdate');
    const answers = new Map<string, WatchState>([
      ['1:10', 'allowed'],
      ['1:11', 'paid_chat_required'],
      ['2:12', 'offline'],
    ]);
    const asked: number[] = [];
    recheck = startWatchRecheck({
      viewers,
      log: silentLog,
      intervalMs: 10,
      accessOfMembers: async (cameraId, userIds) => {
        asked.push(cameraId);
        return new Map(userIds.map((userId) => [userId, answers.get(`${cameraId}:${userId}`) ?? 'allowed']));
      },
    });
    await expect.poll(() => closed.length, { timeout: 5_000 }).toBe(2);
    expect(closed.sort()).toEqual(['v-unpaid', 'v-went-offline']);
    expect(viewers.watchers()).toEqual(new Map([[1, [10]], [PRIVATE_MEDIA_ROOM_BASE + 2, [13]]]));
    expect(asked).not.toContain(PRIVATE_MEDIA_ROOM_BASE + 2);
  });

  it('keeps everyone for a round when the answer fails, and asks again', async () => {
    const closed: string[] = [];
    const viewers = createViewerSessions({ closeSession: async (id) => void closed.push(id) });
    viewers.add(1, 10, 'v-a');
    let calls = 0;
    recheck = startWatchRecheck({
      viewers,
      log: silentLog,
      intervalMs: 10,
      accessOfMembers: async (_cameraId, userIds) => {
        calls += 1;
        if (calls === 1) throw new Error('the database is away');
        return new Map(userIds.map((userId) => [userId, 'paid_chat_required' as const]));
      },
    });
    await expect.poll(() => closed, { timeout: 5_000 }).toEqual(['v-a']);
    expect(calls).toBeGreaterThanOrEqual(2);
  });
});

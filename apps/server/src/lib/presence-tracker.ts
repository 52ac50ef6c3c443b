import type { FastifyBaseLogger } from 'fastify';
import { type PresenceShare, type PresenceSnapshot, type PresenceStore } from './presence-store';

export interface PresenceTrackerOptions {
  store: PresenceStore;
  /** Told (at most once per throttleMs per room) when a room's presence moved on; it pushes to the room. */
  onChange(room: string, snapshot: PresenceSnapshot): void;
  /** Changes within this time are pushed as one. */
  throttleMs: number;
  /** How often this instance's shares are refreshed and its rooms re-read (so a dead instance's share disappears). */
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

export interface PresenceTracker {
  add(room: string, connectionId: string, userId: number | null): void;
  remove(room: string, connectionId: string): void;
  /** The room across instances, once this instance's pending changes to it are written. */
  read(room: string): Promise<PresenceSnapshot>;
  /** Stops the heartbeat and the pending pushes (the shares then expire, or are removed as connections close). */
  stop(): void;
}

/**
 * Keeps this instance's connections per room, writes each change of a room's share to the store (in order, one room
 * at a time) and pushes the room's presence when its version moved on. The heartbeat keeps the shares alive and
 * re-reads every local room, which is how a change nobody made (an instance that died) reaches the browsers.
 */
export function createPresenceTracker(options: PresenceTrackerOptions): PresenceTracker {
  const { store, log } = options;
  /** room → connection id → user id (null: a visitor). */
  const local = new Map<string, Map<string, number | null>>();
  const writes = new Map<string, Promise<void>>();
  const pushTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const lastPushed = new Map<string, number>();
  let stopped = false;
  let storeFailing = false;

  const reportFailure = (error: unknown, what: string) => {
    // One line per outage, not one per change.
    if (storeFailing) return;
    storeFailing = true;
    log.warn({ err: error }, `realtime: presence ${what} failed; rooms count this instance only until Redis is back`);
  };
  const recovered = () => {
    storeFailing = false;
  };

  function shareOf(room: string): PresenceShare {
    const users = new Map<number, number>();
    let visitors = 0;
    for (const userId of local.get(room)?.values() ?? []) {
      if (userId === null) visitors += 1;
      else users.set(userId, (users.get(userId) ?? 0) + 1);
    }
    return { users, visitors };
  }

  function localSnapshot(room: string): PresenceSnapshot {
    const share = shareOf(room);
    return { users: [...share.users.keys()].sort((a, b) => a - b), visitors: share.visitors, version: 0 };
  }

  function write(room: string) {
    // Each write sends the share as it is when it runs, so a burst of changes ends in the last state.
    const previous = writes.get(room) ?? Promise.resolve();
    const next = previous.then(() =>
      store.write(room, shareOf(room)).then(recovered, (error: unknown) => reportFailure(error, 'write')),
    );
    writes.set(room, next);
    void next.then(() => {
      if (writes.get(room) === next) writes.delete(room);
      schedulePush(room);
    });
  }

  function schedulePush(room: string) {
    if (stopped || pushTimers.has(room)) return;
    const timer = setTimeout(() => {
      pushTimers.delete(room);
      void push(room);
    }, options.throttleMs);
    timer.unref();
    pushTimers.set(room, timer);
  }

  async function push(room: string) {
    let snapshot: PresenceSnapshot;
    try {
      snapshot = await store.read(room);
      recovered();
    } catch (error) {
      reportFailure(error, 'read');
      return;
    }
    if (stopped) return;
    if (snapshot.version > (lastPushed.get(room) ?? 0)) {
      lastPushed.set(room, snapshot.version);
      options.onChange(room, snapshot);
    }
    if (!local.has(room)) lastPushed.delete(room);
  }

  const heartbeat = setInterval(() => {
    const shares = new Map([...local.keys()].map((room) => [room, shareOf(room)] as const));
    store.refresh(shares).then(
      () => {
        recovered();
        // Re-reading is what notices a share that expired (and a share written again after an outage).
        for (const room of local.keys()) schedulePush(room);
      },
      (error: unknown) => reportFailure(error, 'refresh'),
    );
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    add(room, connectionId, userId) {
      const connections = local.get(room) ?? new Map<string, number | null>();
      local.set(room, connections);
      if (connections.has(connectionId)) return;
      connections.set(connectionId, userId);
      write(room);
    },
    remove(room, connectionId) {
      const connections = local.get(room);
      if (!connections?.delete(connectionId)) return;
      if (connections.size === 0) local.delete(room);
      write(room);
    },
    async read(room) {
      await writes.get(room);
      try {
        const snapshot = await store.read(room);
        recovered();
        return snapshot;
      } catch (error) {
        reportFailure(error, 'read');
        return localSnapshot(room);
      }
    },
    stop() {
      stopped = true;
      clearInterval(heartbeat);
      for (const timer of pushTimers.values()) clearTimeout(timer);
      pushTimers.clear();
    },
  };
}

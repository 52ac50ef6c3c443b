/** This instance's part of a room: its connections' users (id → number of connections) and visitors. */
export interface PresenceShare {
  users: ReadonlyMap<number, number>;
  visitors: number;
}

/** Who is in a room across every instance. */
export interface PresenceSnapshot {
  /** Distinct user ids, lowest first. */
  users: number[];
  visitors: number;
  /** Grows with every change (unix µs of the last one, or more), so an older snapshot can be told apart. */
  version: number;
}

/**
 * Where each instance keeps its share of every room it has connections in: in-process for one instance, Redis for
 * several. Shares expire unless refreshed, so the rooms of an instance that died empty by themselves.
 */
export interface PresenceStore {
  /** Replaces this instance's share of the room (an empty share removes it) and moves the room's version on. */
  write(room: string, share: PresenceShare): Promise<void>;
  /**
   * Keeps this instance's shares alive (the heartbeat). Returns the rooms whose share had been lost (an outage) and
   * was written again, so their presence changed.
   */
  refresh(shares: ReadonlyMap<string, PresenceShare>): Promise<string[]>;
  /** The room across instances; drops the shares of instances that stopped refreshing (and then moves the version on). */
  read(room: string): Promise<PresenceSnapshot>;
  close(): Promise<void>;
}

export const isEmptyShare = (share: PresenceShare) => share.users.size === 0 && share.visitors === 0;

/** Unix µs, or one more than `previous`: versions only grow. */
export function nextVersion(previous: number, nowMs: number): number {
  return Math.max(previous + 1, Math.floor(nowMs) * 1000);
}

/** One instance: its own shares are the whole truth. */
export function createMemoryPresenceStore(now: () => number = Date.now): PresenceStore {
  const rooms = new Map<string, { share: PresenceShare; version: number }>();
  const versions = new Map<string, number>();
  return {
    async write(room, share) {
      const version = nextVersion(versions.get(room) ?? 0, now());
      versions.set(room, version);
      if (isEmptyShare(share)) rooms.delete(room);
      else rooms.set(room, { share: { users: new Map(share.users), visitors: share.visitors }, version });
    },
    async refresh() {
      return [];
    },
    async read(room) {
      const entry = rooms.get(room);
      const version = versions.get(room) ?? 0;
      // An empty room's version is only needed while someone may still compare against it.
      if (!entry) versions.delete(room);
      if (!entry) return { users: [], visitors: 0, version };
      return { users: [...entry.share.users.keys()].sort((a, b) => a - b), visitors: entry.share.visitors, version };
    },
    async close() {
      rooms.clear();
      versions.clear();
    },
  };
}

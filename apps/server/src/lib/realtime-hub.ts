/**
 * How modules push events to connected browsers, without knowing about Socket.IO. The realtime plugin
 * binds it to the Socket.IO server (with the Redis adapter when REDIS_URL is set, so an event reaches the
 * user's connections on every instance); until then, and in tests that never listen, events go nowhere.
 */
export interface RealtimeHub {
  /** Sends `event` to every open connection of the user. Fire and forget: a browser that is not connected polls. */
  toUser(userId: number, event: string, payload: unknown): void;
}

export interface BindableRealtimeHub extends RealtimeHub {
  bind(send: (room: string, event: string, payload: unknown) => void): void;
}

/** The Socket.IO room every connection of a user joins. */
export const userRoom = (userId: number) => `user:${userId}`;

export function createRealtimeHub(): BindableRealtimeHub {
  let send: ((room: string, event: string, payload: unknown) => void) | null = null;
  return {
    bind(fn) {
      send = fn;
    },
    toUser(userId, event, payload) {
      send?.(userRoom(userId), event, payload);
    },
  };
}

import { io } from 'socket.io-client';
import { getAccessToken } from '../storage';
import { createRealtimeConnection, type RealtimeHandler } from './realtime-connection';
import { useRealtimeConnectedOn, useRealtimeEventOn } from './use-realtime';

export type { RealtimeConnection, RealtimeConnectionOptions, RealtimeHandler } from './realtime-connection';
export { REALTIME_UNAUTHORIZED, createRealtimeConnection } from './realtime-connection';

/** The page's one realtime connection, authenticated with the stored access token. */
export const realtimeConnection = createRealtimeConnection({ getToken: getAccessToken, connect: (options) => io(options) });

/**
 * Makes the connection follow the stored token (open for a new one, closed once it is gone). The app calls
 * it whenever the session changes: lib/storage has no change event to listen to.
 */
export function refreshRealtimeConnection(): void {
  realtimeConnection.refresh();
}

/** Calls `handler` with each `event` the server sends this user while the component is mounted. */
export function useRealtimeEvent<T = unknown>(event: string, handler: RealtimeHandler<T>): void {
  useRealtimeEventOn(realtimeConnection, event, handler);
}

/** True while the realtime channel is up; poll the API while it is false. */
export function useRealtimeConnected(): boolean {
  return useRealtimeConnectedOn(realtimeConnection);
}

import { io } from 'socket.io-client';
import type { ClientEventContract, ClientEventPayload, ClientEventResult, RealtimeAck, RoomName } from '@velora/shared';
import { getAccessToken } from '../storage';
import { createRealtimeConnection, type RealtimeHandler, type RoomSubscription } from './realtime-connection';
import { useRealtimeConnectedOn, useRealtimeEventOn, useRealtimeRoomOn, type RealtimeRoom } from './use-realtime';

export type { RealtimeConnection, RealtimeConnectionOptions, RealtimeHandler, RealtimeRoomState, RoomSubscription } from './realtime-connection';
export { REALTIME_UNAUTHORIZED, createRealtimeConnection } from './realtime-connection';
export type { RealtimeRoom } from './use-realtime';

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

/**
 * Is in `room` while mounted (null: none), for visitors too where the room's kind lets them in: its presence, whether
 * it is joined and why not. After a reconnect that could not resume, it joins again and calls onResync.
 */
export function useRealtimeRoom(room: RoomName | null, subscription?: RoomSubscription): RealtimeRoom {
  return useRealtimeRoomOn(realtimeConnection, room, subscription);
}

/** Sends a client event (a contract of @velora/shared) and resolves with its acknowledgement; never rejects. */
export function emitWithAck<C extends ClientEventContract>(
  contract: C,
  payload: ClientEventPayload<C>,
  options?: { timeoutMs?: number },
): Promise<RealtimeAck<ClientEventResult<C>>> {
  return realtimeConnection.emitWithAck(contract, payload, options);
}

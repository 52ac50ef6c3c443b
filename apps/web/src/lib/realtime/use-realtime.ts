import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { RoomName } from '@velora/shared';
import { IDLE_ROOM_STATE, type RealtimeConnection, type RealtimeHandler, type RealtimeRoomState, type RoomSubscription } from './realtime-connection';

/** Calls `handler` for every `event` while the component is mounted; the latest handler is used, without resubscribing. */
export function useRealtimeEventOn<T = unknown>(connection: RealtimeConnection, event: string, handler: RealtimeHandler<T>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => connection.on<T>(event, (payload) => latest.current(payload)), [connection, event]);
}

/** Whether the realtime channel is up: features poll only while it is not. */
export function useRealtimeConnectedOn(connection: RealtimeConnection): boolean {
  const subscribe = useCallback((listener: () => void) => connection.subscribeConnected(listener), [connection]);
  return useSyncExternalStore(subscribe, connection.isConnected, () => false);
}

export interface RealtimeRoom extends RealtimeRoomState {
  /** The channel is up (joined may still be pending). */
  connected: boolean;
}

/**
 * Is in `room` while the component is mounted (null: in none), for a visitor too; joins again after a reconnect
 * that could not resume, and then calls onResync (events were missed: refetch what the page shows).
 */
export function useRealtimeRoomOn(connection: RealtimeConnection, room: RoomName | null, subscription: RoomSubscription = {}): RealtimeRoom {
  const onResync = useRef(subscription.onResync);
  useEffect(() => {
    onResync.current = subscription.onResync;
  });
  useEffect(() => {
    if (room === null) return undefined;
    return connection.joinRoom(room, { onResync: () => onResync.current?.() });
  }, [connection, room]);
  const subscribe = useCallback((listener: () => void) => (room === null ? () => undefined : connection.subscribeRoom(room, listener)), [connection, room]);
  const getState = useCallback(() => (room === null ? IDLE_ROOM_STATE : connection.roomState(room)), [connection, room]);
  const state = useSyncExternalStore(subscribe, getState, () => IDLE_ROOM_STATE);
  const connected = useRealtimeConnectedOn(connection);
  return { ...state, connected };
}

import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { RealtimeConnection, RealtimeHandler } from './realtime-connection';

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

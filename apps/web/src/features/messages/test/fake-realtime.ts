// A stand-in for '@/lib/realtime' in tests: `vi.mock('@/lib/realtime', () => import('…/test/fake-realtime'))`.
// The test plays the server (emit) and the connection (setConnected).
import { useEffect, useRef, useSyncExternalStore } from 'react';

type Handler = (payload: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
const listeners = new Set<() => void>();
let connected = true;

export function useRealtimeEvent(event: string, handler: Handler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const forEvent = handlers.get(event) ?? new Set<Handler>();
    handlers.set(event, forEvent);
    const entry: Handler = (payload) => latest.current(payload);
    forEvent.add(entry);
    return () => {
      forEvent.delete(entry);
    };
  }, [event]);
}

export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connected,
  );
}

/** The server sends `event` to this user. */
export function emit(event: string, payload: unknown): void {
  for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
}

export function setConnected(value: boolean): void {
  connected = value;
  for (const listener of [...listeners]) listener();
}

export function resetRealtime(): void {
  handlers.clear();
  connected = true;
}

// A stand-in for '@/lib/realtime' in tests; the test plays the server (emit, setPresence) and the connection
// (setConnected): `vi.mock('@/lib/realtime', () => import('@/test/fake-realtime'))`, or spread it over the real
// module (`{ ...(await importOriginal()), ...(await import('@/test/fake-realtime')) }`) to keep the rest.
import type { RoomName, RoomPresence } from '@velora/shared';
import { useEffect, useRef, useSyncExternalStore } from 'react';

type Handler = (payload: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
const presences = new Map<string, RoomPresence>();
const listeners = new Set<() => void>();
let connected = true;
/** The rooms joined now, as the page asked for them. */
export const joinedRooms = new Set<string>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const notify = () => {
  for (const listener of [...listeners]) listener();
};

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
  return useSyncExternalStore(subscribe, () => connected);
}

export function useRealtimeRoom(room: RoomName | null) {
  useEffect(() => {
    if (room === null) return undefined;
    joinedRooms.add(room);
    return () => {
      joinedRooms.delete(room);
    };
  }, [room]);
  const presence = useSyncExternalStore(subscribe, () => (room === null ? null : (presences.get(room) ?? null)));
  const isConnected = useRealtimeConnected();
  return { joined: room !== null, presence, error: null, connected: isConnected };
}

/** The server sends `event` (to this user, or to every connection). */
export function emit(event: string, payload: unknown): void {
  for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
}

/** The server announces who is in `room`. */
export function setPresence(room: string, count: number): void {
  presences.set(room, { room, count, users: count, visitors: 0, members: [], version: Date.now() });
  notify();
}

export function setConnected(value: boolean): void {
  connected = value;
  notify();
}

type AckAnswer = (event: string, payload: unknown) => unknown;
let ackAnswer: AckAnswer | null = null;
/** The client events sent with emitWithAck, in order. */
export const emittedWithAck: { event: string; payload: unknown }[] = [];

/** How the server acknowledges client events (by default: OFFLINE, as a browser without a connection sees it). */
export function answerAcks(answer: AckAnswer): void {
  ackAnswer = answer;
}

export function emitWithAck(contract: { name: string }, payload: unknown): Promise<unknown> {
  emittedWithAck.push({ event: contract.name, payload });
  return Promise.resolve(ackAnswer ? ackAnswer(contract.name, payload) : { ok: false, error: { code: 'OFFLINE', message: 'Not connected' } });
}

export function resetRealtime(): void {
  ackAnswer = null;
  emittedWithAck.length = 0;
  handlers.clear();
  presences.clear();
  joinedRooms.clear();
  connected = true;
}
